/**
 * `npm run perf:record`: what `dynamo-hotpath record` costs a real service, with the recorder's
 * goal (≤ 5 % CPU) checked against a 95 % interval. Runs the Node sample service's handler
 * (fixtures/node-adserver, aws-sdk v2 and v3, perf/recordOverheadLoad.cjs) against its canned
 * DynamoDB endpoint on 127.0.0.1 in these configurations:
 *   none         no profiler
 *   pprof        @datadog/pprof's time profiler alone, same options (perf/profilerOnly.cjs)
 *   record       `record` (pprof format): the same profiler + SDK patches + async context hook
 *   cpu-prof     node --cpu-prof (V8's profiler alone, 1 ms)
 *   record-cpu   `record --format cpuprofile`: V8's profiler + patches + labelled intervals
 *   record-old, record-cpu-old  the same with the bundle given by --old-bundle (e.g. main's
 *                dist/record.js copied aside), to compare two recorders in one run
 *
 * Method, chosen because the machine is shared and CPU time per unit of work drifts by 15–25 %
 * between runs a few seconds apart: every run does the same work (a fixed number of requests, not
 * a fixed time); the two configurations of a pair run at the same time, as two processes, so that
 * they share the machine's load moment by moment (the first to start alternates per round); each
 * run reports the CPU (user + system) of its own process: whole-process from GNU time's rusage
 * (start-up, module loading, warm-up and writing the profile included) and over the measured
 * requests only (process.cpuUsage in the child). Per pair and round the ratio measured ÷ baseline;
 * per pair the geometric mean of the rounds with a 95 % bootstrap interval, and `none vs none`
 * (same configuration twice) shows the method's own noise. Rounds cover every variant in turn and
 * the summary is printed after each round, so a run stopped early keeps its figures. Asserts nothing.
 *
 * Options: --requests N (per run, default 300), --warmup N (100), --concurrency N (4),
 * --rounds N (16), --variants v2,v3, --pairs record:pprof,… (default: all below), --limit PCT (5),
 * --record-bundle PATH (the recorder of `record`/`record-cpu`, default dist/record.js),
 * --old-bundle PATH (the recorder of `record-old`/`record-cpu-old`).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pairedRatio, percentChange, type RatioSummary, verdict } from './pairedRatio';
import { GNU_TIME } from './processRuns';
import { configArgsAndEnv, freePort, option } from './recordConfigs';

const SERVICE = 'fixtures/node-adserver/src';
const LOAD = resolve('perf/recordOverheadLoad.cjs');
const PRELOAD = resolve(option('record-bundle', 'dist/record.js'));
const OLD_PRELOAD = process.argv.includes('--old-bundle') ? resolve(option('old-bundle', '')) : undefined;
const CONFIGS = ['none', 'pprof', 'record', 'cpu-prof', 'record-cpu', 'record-old', 'record-cpu-old'] as const;
type Config = (typeof CONFIGS)[number];
type Pair = readonly [measured: Config, baseline: Config];
/** Each recorder against its profiler alone, each profiler against none, and none against itself. */
const DEFAULT_PAIRS = 'record:pprof,record-cpu:cpu-prof,pprof:none,cpu-prof:none,none:none';
/** Pairs whose ratio is the recorder's own cost, judged against --limit. */
const RECORDER_PAIRS = new Set(['record:pprof', 'record-cpu:cpu-prof', 'record-old:pprof', 'record-cpu-old:cpu-prof']);

/** One run's CPU: whole process (s, GNU time) and over the measured requests (µs, process.cpuUsage). */
interface RunCpu {
  readonly wholeS: number;
  readonly windowUs: number;
}




interface Workload {
  readonly variant: string;
  readonly endpoint: string;
  readonly requests: string;
  readonly warmup: string;
  readonly concurrency: string;
  readonly dir: string;
}

/** Runs the load child once under GNU time in `config`; `slot` keeps concurrent runs' files apart. */
function runOnce(config: Config, slot: string, w: Workload): Promise<RunCpu> {
  const out = join(w.dir, `${w.variant}-${config}-${slot}`);
  const { args, env } = configArgsAndEnv(config, out, w.dir, { record: PRELOAD, old: OLD_PRELOAD });
  const load = ['--variant', w.variant, '--endpoint', w.endpoint, '--requests', w.requests, '--warmup', w.warmup, '--concurrency', w.concurrency, '--out', `${out}.json`];
  const child = spawn(GNU_TIME, ['-f', 'DHP-TIME %U %S', process.execPath, ...args, LOAD, ...load], { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (c: Buffer) => (stderr += c.toString()));
  return new Promise((done, fail) => {
    child.on('close', (code) => {
      const time = /DHP-TIME ([\d.]+) ([\d.]+)\s*$/.exec(stderr);
      if (code !== 0 || !time) return fail(new Error(`${w.variant} ${config} failed (exit ${code}): ${stderr.slice(-800)}`));
      const { windowCpuUs } = JSON.parse(readFileSync(`${out}.json`, 'utf8')) as { windowCpuUs: number };
      done({ wholeS: Number(time[1]) + Number(time[2]), windowUs: windowCpuUs });
    });
  });
}

/** Both configurations of a pair at once; `measuredFirst` decides which process starts first. */
async function runPair([measured, baseline]: Pair, measuredFirst: boolean, w: Workload): Promise<[RunCpu, RunCpu]> {
  if (measuredFirst) {
    const m = runOnce(measured, 'a', w);
    return Promise.all([m, runOnce(baseline, 'b', w)]);
  }
  const b = runOnce(baseline, 'b', w);
  const m = runOnce(measured, 'a', w);
  return Promise.all([m, b]);
}

function parsePairs(text: string): Pair[] {
  return text.split(',').map((p) => {
    const [m, b] = p.split(':') as [Config, Config];
    if (!CONFIGS.includes(m) || !CONFIGS.includes(b)) throw new Error(`unknown pair ${p} (configurations: ${CONFIGS.join(', ')})`);
    if ((m.endsWith('-old') || b.endsWith('-old')) && OLD_PRELOAD === undefined) throw new Error(`pair ${p} needs --old-bundle PATH`);
    return [m, b] as const;
  });
}

const interval = (s: RatioSummary) => `${percentChange(s.mean)} (${percentChange(s.low)} … ${percentChange(s.high)})`;

type Ratios = ReadonlyMap<string, { readonly whole: readonly number[]; readonly window: readonly number[] }>;

/** Prints the summary of the rounds so far: per variant and pair, the side-by-side table, the verdict. */
function report(variants: readonly string[], pairs: readonly Pair[], ratios: Ratios, rounds: number, limitPct: number): void {
  const summary = (v: string, [m, b]: Pair) => {
    const r = ratios.get(`${v} ${m}:${b}`)!;
    return { whole: pairedRatio(r.whole), window: pairedRatio(r.window), perRound: r.whole };
  };
  for (const v of variants) {
    console.log(`\n${v}: measured vs baseline, geometric mean of ${rounds} paired rounds (95 % bootstrap interval)`);
    for (const pair of pairs) {
      const s = summary(v, pair);
      console.log(`  ${`${pair[0]} vs ${pair[1]}`.padEnd(22)} whole process ${interval(s.whole).padEnd(30)} requests only ${interval(s.window)}`);
      console.log(`  ${''.padEnd(22)} per round (whole process): ${s.perRound.map(percentChange).join(', ')}`);
    }
  }
  console.log(`\nSide by side after ${rounds} rounds (whole-process CPU, 95 % interval):`);
  console.log(`  ${'pair'.padEnd(22)} ${variants.map((v) => v.padEnd(32)).join(' ')}`);
  for (const pair of pairs) console.log(`  ${`${pair[0]} vs ${pair[1]}`.padEnd(22)} ${variants.map((v) => interval(summary(v, pair).whole).padEnd(32)).join(' ')}`);
  console.log(`Goal: the recorder costs ≤ ${limitPct} % CPU over its profiler alone`);
  for (const pair of pairs.filter(([m, b]) => RECORDER_PAIRS.has(`${m}:${b}`))) {
    for (const v of variants) {
      const s = summary(v, pair);
      console.log(`  ${v} ${pair[0]} vs ${pair[1]}: whole process ${verdict(s.whole, limitPct)} (upper end ${percentChange(s.whole.high)}), requests only ${verdict(s.window, limitPct)} (upper end ${percentChange(s.window.high)})`);
    }
  }
}

async function main(): Promise<void> {
  if (!existsSync(PRELOAD)) throw new Error(`${PRELOAD} is missing: run npm run build first`);
  if (OLD_PRELOAD !== undefined && !existsSync(OLD_PRELOAD)) throw new Error(`--old-bundle ${OLD_PRELOAD} does not exist`);
  const rounds = Number(option('rounds', '16'));
  const variants = option('variants', 'v2,v3').split(',');
  const pairs = parsePairs(option('pairs', DEFAULT_PAIRS));
  const limitPct = Number(option('limit', '5'));
  const port = await freePort();
  const fake = spawn(process.execPath, [`${SERVICE}/dist/fake-dynamodb.js`, '--port', String(port), '--data', 'fixtures/data'], { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((done) => fake.stdout!.on('data', (c: Buffer) => c.toString().includes('listening') && done()));
  const dir = mkdtempSync(join(tmpdir(), 'dhp-record-bench-'));
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      fake.kill();
      rmSync(dir, { recursive: true, force: true });
      process.exit(130);
    });
  }
  const load = () => loadavg().map((l) => l.toFixed(1)).join(' ');
  const base = { endpoint: `http://127.0.0.1:${port}`, requests: option('requests', '300'), warmup: option('warmup', '100'), concurrency: option('concurrency', '4'), dir };
  const ratios = new Map(variants.flatMap((v) => pairs.map(([m, b]) => [`${v} ${m}:${b}`, { whole: [] as number[], window: [] as number[] }] as const)));
  try {
    console.log(`record overhead: ${variants.join(', ')} × ${rounds} rounds; each run ${base.requests} requests after ${base.warmup} warm-up, concurrency ${base.concurrency}; the two configurations of a pair run at the same time; CPU = user + system of the service process; recorder ${PRELOAD}${OLD_PRELOAD ? ` (old: ${OLD_PRELOAD})` : ''}; load average before: ${load()}`);
    for (let round = 0; round < rounds; round++) {
      for (const variant of variants) {
        for (let k = 0; k < pairs.length; k++) {
          const [m, b] = pairs[(k + round) % pairs.length]!;
          const [measured, baseline] = await runPair([m, b], round % 2 === 0, { ...base, variant });
          const r = ratios.get(`${variant} ${m}:${b}`)!;
          r.whole.push(measured.wholeS / baseline.wholeS);
          r.window.push(measured.windowUs / baseline.windowUs);
        }
      }
      process.stderr.write(`round ${round + 1}/${rounds} done, load ${load()}\n`);
      // After every round from the second on, so that a run stopped early still has its figures.
      if (round > 0) report(variants, pairs, ratios, round + 1, limitPct);
    }
    console.log(`\nload average after: ${load()}`);
  } finally {
    fake.kill();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
