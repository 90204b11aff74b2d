/**
 * `npm run perf:shapes [-- --runs N] [-- --timeout S] [-- --only TEXT] [-- --cli PATH]`: the
 * product's cost on the pathological input shapes of issue 25 (hole 2) against input size. For
 * each shape of `inputShapes.ts` and each of its sizes, whole `dynamo-hotpath analyze --json`
 * processes (the package's bin over the production bundle, as a user runs it) under GNU time:
 * median wall time, CPU and peak RSS of N runs (default 3), then per shape the growth of time and
 * of the memory above an empty run from the smallest size to the largest against the growth of
 * the input: about equal for linear cost, its square for quadratic. A run that passes the timeout
 * (default 120 s) is shown as such. `--cli` measures another build (e.g. main's, for a before/after
 * table). Asserts nothing (exit 0 unless a measurement fails).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { INPUT_SHAPES } from './inputShapes';
import { GNU_TIME, medianRun, type ProcessRun } from './processRuns';
import { ensureTools } from './tools';

const REPO = join(__dirname, '..');
const argv = process.argv.slice(2);
const option = (name: string): string | undefined => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : undefined);
const RUNS = Number(option('--runs') ?? 3) || 3;
const TIMEOUT_S = Number(option('--timeout') ?? 120) || 120;
const ONLY = option('--only');
const CLI = resolve(option('--cli') ?? join(REPO, 'bin/dynamo-hotpath.js'));
const MB = 1e6;

/** One run of analyze on `file`; undefined when it passed the timeout. Exit 1 (no DynamoDB found) is a normal outcome here. */
function runOnce(file: string, root: string): ProcessRun | undefined {
  const r = spawnSync(GNU_TIME, ['-f', 'DHP-TIME %e %U %S %M', process.execPath, CLI, 'analyze', file, '--json', '--root', root], {
    encoding: 'utf8',
    stdio: ['ignore', 'ignore', 'pipe'],
    timeout: TIMEOUT_S * 1000,
    killSignal: 'SIGKILL',
    maxBuffer: 64 << 20,
  });
  if (r.error && (r.error as NodeJS.ErrnoException).code === 'ETIMEDOUT') return undefined;
  const line = /DHP-TIME ([\d.]+) ([\d.]+) ([\d.]+) (\d+)\s*$/.exec(r.stderr ?? '');
  if (!line || (r.status !== 0 && r.status !== 1)) throw new Error(`analyze ${file} failed (exit ${r.status}): ${(r.stderr ?? '').slice(-500)}`);
  return { wallS: Number(line[1]), cpuS: Number(line[2]) + Number(line[3]), peakRssBytes: Number(line[4]) * 1024 };
}

interface Row {
  shape: string;
  n: number;
  unit: string;
  bytes: number;
  run: ProcessRun | undefined;
}

function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => r[c]!.length)));
  return rows.map((r) => r.map((cell, c) => (c <= 1 ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!))).join('  ')).join('\n');
}

/** Time and memory growth from the first size to the last against input growth, for one shape. */
function growth(rows: readonly Row[], baselineRss: number): string {
  const first = rows[0]!;
  const last = rows[rows.length - 1]!;
  const input = last.bytes / first.bytes;
  if (!first.run || !last.run) return `input ×${input.toFixed(1)}: passed the ${TIMEOUT_S} s timeout`;
  const time = last.run.cpuS / first.run.cpuS;
  const memory = Math.max(1, last.run.peakRssBytes - baselineRss) / Math.max(1, first.run.peakRssBytes - baselineRss);
  return `input ×${input.toFixed(1)} → CPU ×${time.toFixed(1)}, memory above an empty run ×${memory.toFixed(1)}`;
}

function main(): void {
  ensureTools();
  if (!option('--cli')) {
    process.stderr.write('building the production bundles…\n');
    if (spawnSync(process.execPath, ['scripts/build.mjs', '--production'], { cwd: REPO, stdio: 'inherit' }).status !== 0) throw new Error('build failed');
  }
  const dir = mkdtempSync(join(tmpdir(), 'dhp-shapes-'));
  const root = join(dir, 'empty-root');
  mkdirSync(root);
  try {
    const tiny = join(dir, 'tiny.folded');
    writeFileSync(tiny, 'main;work 1\n');
    const baseline = medianRun(Array.from({ length: RUNS }, () => runOnce(tiny, root)!));
    const rows: Row[] = [];
    const notes: string[] = [];
    for (const shape of INPUT_SHAPES.filter((s) => !ONLY || s.name.includes(ONLY))) {
      const shapeRows: Row[] = [];
      for (const n of shape.sizes) {
        const file = join(dir, `shape${shape.suffix}`);
        const bytes = shape.make(n);
        writeFileSync(file, bytes);
        process.stderr.write(`${shape.name}, n = ${n.toLocaleString('en-US')} (${(bytes.length / MB).toFixed(2)} MB)…\n`);
        const runs: ProcessRun[] = [];
        let timedOut = false;
        for (let i = 0; i < RUNS && !timedOut; i++) {
          const run = runOnce(file, root);
          if (run) runs.push(run);
          else timedOut = true;
        }
        const run = timedOut ? undefined : medianRun(runs);
        shapeRows.push({ shape: shape.name, n, unit: shape.unit, bytes: bytes.length, run });
        process.stderr.write(run ? `  ${run.cpuS.toFixed(2)} s CPU, ${(run.peakRssBytes / MB).toFixed(0)} MB peak\n` : `  passed the ${TIMEOUT_S} s timeout\n`);
        rmSync(file);
        if (timedOut) break;
      }
      rows.push(...shapeRows);
      notes.push(`${shape.name}: ${growth(shapeRows, baseline.peakRssBytes)}`);
    }
    console.log(`dynamo-hotpath analyze --json, whole processes, median of ${RUNS} runs (node ${process.version}; load average ${loadavg()[0]!.toFixed(1)}; ${CLI})`);
    console.log(`an empty run (one folded line): ${baseline.wallS.toFixed(2)} s wall, ${(baseline.peakRssBytes / MB).toFixed(0)} MB peak\n`);
    const cells = rows.map((r) => [
      r.shape,
      `${r.n.toLocaleString('en-US')} ${r.unit}`,
      (r.bytes / MB).toFixed(2),
      r.run ? r.run.wallS.toFixed(2) : `>${TIMEOUT_S}`,
      r.run ? r.run.cpuS.toFixed(2) : `>${TIMEOUT_S}`,
      r.run ? (r.run.peakRssBytes / MB).toFixed(0) : '—',
    ]);
    console.log(table([['shape', 'n', 'input MB', 'wall s', 'CPU s', 'peak MB'], ...cells]));
    console.log(`\n${notes.join('\n')}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main();
