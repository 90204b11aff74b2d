/**
 * Text renderings of a benchmark report: human units, the verdict in words, and a Markdown report
 * (used by the CLI, `npm run bench`, and the panel's "Copy as Markdown").
 */
import type { RatioEstimate } from './stats';
import { describeShape } from './shape';
import type { BenchReport, CaseResult, ComparisonResult, SuiteResult } from './suiteTypes';

/** A duration in ns with a unit that keeps 3 significant digits: "842 ns", "12.4 µs", "3.10 ms". */
export function formatNs(ns: number): string {
  const abs = Math.abs(ns);
  const [value, unit] = abs >= 1e9 ? [ns / 1e9, 's'] : abs >= 1e6 ? [ns / 1e6, 'ms'] : abs >= 1e3 ? [ns / 1e3, 'µs'] : [ns, 'ns'];
  return `${Number(value.toPrecision(3))} ${unit}`;
}

/** Bytes as "512 B", "12.3 KB", "4.50 MB" (1 KB = 1024 B). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${Math.round(bytes)} B`;
  if (bytes < 1024 * 1024) return `${Number((bytes / 1024).toPrecision(3))} KB`;
  return `${Number((bytes / 1024 / 1024).toPrecision(3))} MB`;
}

const times = (x: number) => `${Number(x.toPrecision(3))}×`;

/** A ratio new/old as "1.3× faster" or "1.2× slower" (the point estimate only). */
function direction(ratio: number): string {
  return ratio <= 1 ? `${times(1 / ratio)} faster` : `${times(ratio)} slower`;
}

/**
 * The verdict in words, from the interval: "2.91× faster (95 % CI 2.70–3.13×)", "1.8× slower (…)",
 * "no significant difference (ratio 0.97, 95 % CI 0.90–1.05)", or "unstable: the machine is too
 * noisy to tell (processes ranged from 1.3× faster to 1.2× slower)".
 */
export function describeEstimate(e: RatioEstimate): string {
  const level = `${Math.round(e.confidence * 100)} % CI`;
  if (e.verdict === 'unstable') {
    const ratios = (e.processes ?? []).map((p) => p.ratio);
    const range = ratios.length ? ` (processes ranged from ${direction(Math.min(...ratios))} to ${direction(Math.max(...ratios))})` : '';
    return `unstable: the machine is too noisy to tell${range}`;
  }
  if (e.verdict === 'faster') {
    const hi = e.lower > 0 ? times(1 / e.lower) : '∞';
    return `${times(1 / e.ratio)} faster (${level} ${times(1 / e.upper)}–${hi})`;
  }
  if (e.verdict === 'slower') {
    const hi = Number.isFinite(e.upper) ? times(e.upper) : '∞';
    return `${times(e.ratio)} slower (${level} ${times(e.lower)}–${hi})`;
  }
  const hi = Number.isFinite(e.upper) ? e.upper.toFixed(2) : '∞';
  return `no significant difference (ratio ${e.ratio.toFixed(2)}, ${level} ${e.lower.toFixed(2)}–${hi})`;
}

/** One comparison as a sentence: "marshall: v3 defaults vs v2 — 2.91× faster (95 % CI …)". */
export function describeComparison(c: ComparisonResult): string {
  return `${c.label} — ${c.estimate ? describeEstimate(c.estimate) : 'not measured (a case failed)'}`;
}

/**
 * For a case that failed in some worker processes and was measured in the others (merge.ts):
 * "measured in 2 of 3 processes; failed in 1: <error>"; undefined otherwise.
 */
export function partialFailureNote(c: CaseResult): string | undefined {
  if (!c.processErrors?.length || !c.summary) return undefined;
  const measured = c.processMediansNs?.length ?? 1;
  const errors = [...new Set(c.processErrors)].join('; ');
  return `measured in ${measured} of ${measured + c.processErrors.length} processes; failed in ${c.processErrors.length}: ${errors}`;
}

function caseLabel(c: CaseResult): string {
  const note = partialFailureNote(c);
  return note ? `${c.label} (${note})` : c.label;
}

function caseRow(c: CaseResult): string {
  if (!c.summary) return `| ${c.label} | failed: ${c.error ?? 'no samples'} ||||||||||`;
  const s = c.summary;
  return (
    `| ${caseLabel(c)} | ${formatNs(s.meanNs)} | ${formatNs(s.medianNs)} | ${formatNs(s.p99Ns)} | ${Math.round(s.opsPerSecond).toLocaleString('en-US')} | ` +
    `±${s.rmePercent.toFixed(1)} % | ${formatNs(c.nsPerItem!)} | ${c.wallNsPerOp === undefined ? 'n/a' : formatNs(c.wallNsPerOp)} | ${c.bytesPerOp === undefined ? 'n/a' : formatBytes(c.bytesPerOp)} | ${c.gcCount ?? 'n/a'} | ${s.n} |`
  );
}

/** A row of a wall-clock suite (Go): ns/op over the -count runs, B/op, allocs/op. */
function wallCaseRow(c: CaseResult): string {
  if (!c.summary) return `| ${c.label} | failed: ${c.error ?? 'no runs'} |||||||`;
  const s = c.summary;
  const allocs = c.allocsPerOp === undefined ? 'n/a' : Math.round(c.allocsPerOp).toLocaleString('en-US');
  return `| ${c.label} | ${formatNs(s.meanNs)} | ${formatNs(s.medianNs)} | ±${s.rmePercent.toFixed(1)} % | ${formatNs(c.nsPerItem!)} | ${c.bytesPerOp === undefined ? 'n/a' : formatBytes(c.bytesPerOp)} | ${allocs} | ${s.n} |`;
}

/** A suite as Markdown: the case table, then one line per comparison. */
export function suiteToMarkdown(suite: SuiteResult): string {
  const lines = [`### ${suite.title}`, ''];
  if (suite.skipped) return [...lines, `Not run: ${suite.skipped}`, ...(suite.note ? ['', suite.note] : []), ''].join('\n');
  if (suite.timeKind === 'wall') {
    lines.push(suite.note, '', 'Times are wall-clock time per op (mean and median over the runs), not CPU time.', '');
    lines.push('| case | wall ns/op (mean) | median | RME | per item | B/op | allocs/op | runs |');
    lines.push('|---|---:|---:|---:|---:|---:|---:|---:|');
    for (const c of suite.cases) lines.push(wallCaseRow(c));
  } else {
    lines.push(suite.note, '', 'Times are CPU time per op (mean, median, p99); per item = median / items; wall/op is elapsed time.', '');
    lines.push('| case | mean/op | median/op | p99/op | ops/s | RME | per item | wall/op | alloc/op | GCs | samples |');
    lines.push('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
    for (const c of suite.cases) lines.push(caseRow(c));
  }
  lines.push('');
  for (const c of suite.comparisons) lines.push(`- ${describeComparison(c)}`);
  lines.push('');
  return lines.join('\n');
}

/** How the numbers were made, in one paragraph (the report's "Method" line and the panel's). */
export function methodText(report: BenchReport): string {
  const env = report.environment;
  const processes = report.processes ?? 1;
  return (
    `fresh Node processes${env.gcExposed ? ' with --expose-gc' : ''}; CPU time (process.cpuUsage) per op in batches of ≥ 1 ms, tinybench rounds, cases of a suite interleaved, ` +
    `until RME < ${report.settings.targetRmePercent} % or ${report.settings.budgetMsPerCase} ms per case. ` +
    `Each case is summarised by its median (robust to slow outliers); per item = median / items. ` +
    (processes >= 2
      ? `${processes} worker processes: the ratio new/old is the geometric mean of the processes' median ratios with a 95 % Student-t interval over processes (df ${processes - 1}), ` +
        `so it includes run-to-run variation; when one process's own interval says faster and another's says slower the verdict is "unstable". `
      : `One worker process: the ratio of medians has a normal interval on the log scale (SE of a median from the MAD); it covers within-process variation only. `) +
    (report.stoppedBecause ? `Stopped adding processes: ${report.stoppedBecause}. ` : '') +
    (report.failedProcesses?.length ? `Left out (failed): ${report.failedProcesses.join('; ')}. ` : '') +
    `The verdict follows from the interval. Alloc/op: heapUsed delta over GC-free windows after a forced GC.`
  );
}

/** The whole report as Markdown: items, suites, environment and method. */
export function reportToMarkdown(report: BenchReport): string {
  const env = report.environment;
  const sdks = Object.entries(env.sdkVersions).map(([k, v]) => `${k} ${v}`).join(', ');
  const nodeSuites = report.suites.some((s) => s.id !== 'go');
  const load = `load average ${env.loadAverageStart.toFixed(2)} → ${env.loadAverageEnd.toFixed(2)}`;
  const goEnvironment = report.suites.filter((s) => s.environment).map((s) => `Go environment: ${s.environment}; ${env.cpuCount} CPUs, ${load}.`);
  if (!nodeSuites) {
    return [`## DynamoDB marshalling benchmark`, '', `Items: ${report.itemSource.label} (${report.itemSource.format}) — ${describeShape(report.shape)}`, '', ...report.suites.map(suiteToMarkdown), ...goEnvironment, '',
      'Method: go test -bench with -benchmem in a temporary module copy (your go.mod, go.sum and sources are not written); ratio new/old of the mean ns/op over the runs with a 95 % Fieller interval (Welch df); the verdict follows from the interval.', ''].join('\n');
  }
  return [
    `## DynamoDB marshalling benchmark`,
    '',
    `Items: ${report.itemSource.label} (${report.itemSource.format}) — ${describeShape(report.shape)}`,
    ...(report.itemSource.notes ?? []).map((n) => `Items: ${n}.`),
    '',
    ...report.suites.map(suiteToMarkdown),
    `Environment: Node ${env.node} (V8 ${env.v8}), ${env.platform}, ${env.cpuCount} × ${env.cpuModel}; ` +
      `${load}; ${sdks}.`,
    ...goEnvironment,
    '',
    `Method: ${methodText(report)}`,
    '',
  ].join('\n');
}
