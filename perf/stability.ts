/**
 * `npm run perf:stability`: runs the default benchmark (the CLI's and the editor's defaults:
 * conversion and response suites, DEFAULT_MEASURE_SETTINGS, DEFAULT_PROCESS_POLICY) N times on
 * the same fixture items and prints how often the verdicts agree. No run may say "faster" where
 * another says "slower" (exit 1 if one does); "unstable" and "no significant difference" are
 * allowed, since they claim no direction. A script, not a unit test: it takes ~1–2 min per run.
 *
 *   node --import tsx perf/stability.ts [--runs 10] [--items fixtures/data/query-targeting-model.json]
 *                                        [--load K] [--json OUT.json]
 * --load K keeps K extra processes spinning on the CPU for the whole time (a busier machine).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { readItemsFile } from '../src/core/bench/itemSource';
import { DEFAULT_PROCESS_POLICY, runBenchmarkWithPolicy } from '../src/core/bench/policy';
import { describeEstimate } from '../src/core/bench/format';
import { DEFAULT_MEASURE_SETTINGS, type BenchReport } from '../src/core/bench/suiteTypes';
import type { Verdict } from '../src/core/bench/stats';

interface RunRow {
  run: number;
  seconds: number;
  processes: number;
  load: [number, number];
  verdicts: Record<string, { verdict: Verdict | 'not measured'; text: string }>;
}

function spinners(k: number): ChildProcess[] {
  return Array.from({ length: k }, () => spawn(process.execPath, ['-e', 'for(;;){}'], { stdio: 'ignore' }));
}

function rowsOf(report: BenchReport, run: number, seconds: number, load: [number, number]): RunRow {
  const verdicts: RunRow['verdicts'] = {};
  for (const suite of report.suites) {
    for (const c of suite.comparisons) verdicts[c.label] = c.estimate ? { verdict: c.estimate.verdict, text: describeEstimate(c.estimate) } : { verdict: 'not measured', text: 'not measured' };
  }
  return { run, seconds, processes: report.processes ?? 1, load, verdicts };
}

/** Prints the per-comparison agreement table; returns the labels where runs contradict each other. */
function summarise(rows: RunRow[]): string[] {
  const labels = Object.keys(rows[0]?.verdicts ?? {});
  const contradictions: string[] = [];
  process.stdout.write(`\n## Agreement over ${rows.length} runs\n\n| comparison | faster | slower | no significant difference | unstable | contradiction |\n|---|---:|---:|---:|---:|---|\n`);
  for (const label of labels) {
    const count = (v: string) => rows.filter((r) => r.verdicts[label]?.verdict === v).length;
    const contradicts = count('faster') > 0 && count('slower') > 0;
    if (contradicts) contradictions.push(label);
    process.stdout.write(`| ${label} | ${count('faster')} | ${count('slower')} | ${count('no significant difference')} | ${count('unstable')} | ${contradicts ? 'YES' : 'no'} |\n`);
  }
  return contradictions;
}

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { runs: { type: 'string' }, items: { type: 'string' }, load: { type: 'string' }, json: { type: 'string' } } });
  const runs = Number(values.runs ?? 10);
  const itemsPath = values.items ?? 'fixtures/data/query-targeting-model.json';
  const set = await readItemsFile(itemsPath);
  const burners = spinners(Number(values.load ?? 0));
  const rows: RunRow[] = [];
  process.stdout.write(
    `# Benchmark stability: ${runs} runs of the default benchmark on ${set.label} (${set.items.length} items)\n\n` +
      `Defaults: ${DEFAULT_MEASURE_SETTINGS.budgetMsPerCase} ms per case, ${DEFAULT_PROCESS_POLICY.minProcesses}–${DEFAULT_PROCESS_POLICY.maxProcesses} processes within ${DEFAULT_PROCESS_POLICY.timeBudgetMs / 1000} s; ` +
      `${burners.length} extra CPU spinner(s); load average at start ${loadavg()[0]!.toFixed(2)}.\n`,
  );
  try {
    for (let run = 1; run <= runs; run++) {
      const started = Date.now();
      const loadStart = loadavg()[0]!;
      let report: BenchReport;
      try {
        report = await runBenchmarkWithPolicy({ items: { kind: 'set', set }, suites: ['conversion', 'response'], settings: DEFAULT_MEASURE_SETTINGS }, DEFAULT_PROCESS_POLICY);
      } catch (err) {
        // A run that fails (e.g. a worker past its hard time limit) says nothing either way; it is reported, not counted.
        process.stdout.write(`\n### Run ${run}: failed after ${((Date.now() - started) / 1000).toFixed(0)} s: ${err instanceof Error ? err.message : String(err)}\n`);
        continue;
      }
      const row = rowsOf(report, run, (Date.now() - started) / 1000, [loadStart, loadavg()[0]!]);
      rows.push(row);
      process.stdout.write(`\n### Run ${run}: ${row.processes} processes, ${row.seconds.toFixed(0)} s, load ${row.load[0].toFixed(1)} → ${row.load[1].toFixed(1)}; ${report.stoppedBecause}\n`);
      for (const [label, v] of Object.entries(row.verdicts)) process.stdout.write(`- ${label}: ${v.text}\n`);
    }
  } finally {
    for (const b of burners) b.kill('SIGKILL');
  }
  const contradictions = summarise(rows);
  if (values.json) writeFileSync(values.json, JSON.stringify(rows, null, 2));
  process.stdout.write(contradictions.length ? `\nCONTRADICTION: ${contradictions.join('; ')}\n` : `\nNo run says "faster" where another says "slower".\n`);
  return contradictions.length ? 1 : 0;
}

main().then(
  (code) => (process.exitCode = code),
  (err: unknown) => {
    process.stderr.write(`bench/stability: ${err instanceof Error ? err.stack : String(err)}\n`);
    process.exitCode = 2;
  },
);
