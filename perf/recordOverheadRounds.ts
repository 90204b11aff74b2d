/**
 * `npm run perf:record:rounds`: what `dynamo-hotpath record` costs the sample service's CPU per
 * request, measured so that the answer to "≤ 5 %?" can be decided on a shared, noisy machine.
 *
 * Method (perf:record runs two whole processes side by side on 2 cores, and its A/A pair read
 * +4.5…+9.5 %; this script measures the service's own CPU over short batches instead):
 * - two service processes per pair and variant, its own (perf/recordOverheadWorker.cjs: the handler
 *   of fixtures/node-adserver on aws-sdk v2 or v3 against its canned endpoint), warmed up, so
 *   start-up and JIT warm-up are outside every batch; a new set of processes every --respawn
 *   rounds, because a process keeps its own bias (JIT decisions, heap layout, a profile growing in
 *   memory) for its whole life: one process per configuration for a whole run read +8 % (−4 … +29)
 *   for pprof against a second pprof process after 10 rounds at load 20;
 * - many short rounds; in each round, pair after pair (rotated order), the pair's two processes
 *   run the same small batch of requests alone, alternating --alternations times (ABAB…, BABA…
 *   every other round), each reporting its own user+system CPU over its batches
 *   (process.cpuUsage: every thread, the profiler's sampling thread included), so both sides of a
 *   ratio meet the same moments of the machine's load;
 * - per round and pair the ratio measured ÷ baseline; per pair the median of the rounds with a
 *   95 % bootstrap interval of the median (and the geometric mean beside it);
 * - A/A controls in the same run: two processes of the same configuration (`none` vs `none2`,
 *   `pprof` vs `pprof2`) — their interval is the method's own noise;
 * - `--pin`: the service processes on CPU 1 and the canned endpoint on CPU 0 (taskset, util-linux).
 * Whole-process CPU (GNU time: start-up, warm-up, idle time between batches and writing the profile
 * at exit included) is compared per block of processes: median of the per-block ratios with its
 * interval (few blocks: wide).
 * Asserts nothing.
 *
 * Options: --rounds N (24), --respawn N (4), --alternations N (4), --requests N per batch (25),
 * --warmup N (200), --concurrency N (4), --variants v2,v3, --configs none,none2,pprof,pprof2,record,cpu-prof,record-cpu,… (default all),
 * --limit PCT (5), --record-bundle PATH (default dist/record.js), --old-bundle PATH (a second
 * recorder, e.g. main's dist/record.js copied aside: configurations record-old, record-cpu-old,
 * on by default when given), --pairs m:b,… (instead of the pairs of --configs), --pin.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { medianRatio, pairedRatio, percentChange, verdict, type RatioSummary } from './pairedRatio';
import { GNU_TIME } from './processRuns';
import { configArgsAndEnv, freePort, option } from './recordConfigs';

const SERVICE = 'fixtures/node-adserver/src';
const WORKER = resolve('perf/recordOverheadWorker.cjs');
const PRELOAD = resolve(option('record-bundle', 'dist/record.js'));
const OLD_PRELOAD = process.argv.includes('--old-bundle') ? resolve(option('old-bundle', '')) : undefined;
const CONFIGS = ['none', 'none2', 'pprof', 'pprof2', 'record', 'cpu-prof', 'record-cpu', 'record-old', 'record-cpu-old'] as const;
type Config = (typeof CONFIGS)[number];
/** measured vs baseline; the first two are the A/A controls. */
const PAIRS: readonly (readonly [Config, Config])[] = [
  ['none2', 'none'],
  ['pprof2', 'pprof'],
  ['record', 'pprof'],
  ['record-cpu', 'cpu-prof'],
  ['record-old', 'pprof'],
  ['record-cpu-old', 'cpu-prof'],
  ['record', 'record-old'],
  ['record-cpu', 'record-cpu-old'],
  ['pprof', 'none'],
  ['cpu-prof', 'none'],
];
const RECORDER_PAIRS = new Set(['record:pprof', 'record-cpu:cpu-prof', 'record-old:pprof', 'record-cpu-old:cpu-prof']);




/** A running service process: run a batch, or end it and read its whole-process CPU. */
interface Service {
  batch(requests: number, concurrency: number): Promise<number>;
  end(): Promise<number>;
}

/** Starts one service process under GNU time (optionally pinned) and waits until it is warm. */
function startService(config: Config, variant: string, endpoint: string, warmup: string, dir: string, pin: boolean): Promise<Service> {
  const { args, env } = configArgsAndEnv(config, join(dir, `${variant}-${config}`), dir, { record: PRELOAD, old: OLD_PRELOAD });
  const command = [GNU_TIME, '-f', 'DHP-TIME %U %S', process.execPath, ...args, WORKER, '--variant', variant, '--endpoint', endpoint, '--warmup', warmup];
  const child: ChildProcess = spawn(pin ? 'taskset' : command[0]!, pin ? ['-c', '1', ...command] : command.slice(1), { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'pipe', 'ipc'] });
  let stderr = '';
  child.stderr!.on('data', (c: Buffer) => (stderr += c.toString()));
  const failed = new Promise<never>((_, fail) => child.once('exit', (code) => fail(new Error(`${variant} ${config} exited (${code}): ${stderr.slice(-800)}`))));
  failed.catch(() => undefined); // after `end`, the exit is expected: only a pending batch should see it
  const next = () => Promise.race([new Promise<unknown>((done) => child.once('message', done)), failed]);
  return next().then(() => ({
    async batch(requests, concurrency) {
      child.send({ requests, concurrency });
      return ((await next()) as { cpuUs: number }).cpuUs;
    },
    end() {
      const closed = new Promise<number>((done, fail) =>
        child.once('close', (code) => {
          const time = /DHP-TIME ([\d.]+) ([\d.]+)\s*$/.exec(stderr);
          return code === 0 && time ? done(Number(time[1]) + Number(time[2])) : fail(new Error(`${variant} ${config} failed at exit (${code}): ${stderr.slice(-800)}`));
        }),
      );
      child.send('exit');
      return closed;
    },
  }));
}

const interval = (s: RatioSummary) => `${percentChange(s.mean)} (${percentChange(s.low)} … ${percentChange(s.high)})`;

function report(variants: readonly string[], pairs: readonly (readonly [Config, Config])[], pairRatios: Map<string, number[]>, rounds: number, limitPct: number): void {
  const ratios = (v: string, [m, b]: readonly [Config, Config]) => pairRatios.get(`${v} ${m}:${b}`)!;
  console.log(`\nAfter ${rounds} rounds: CPU per batch, measured vs baseline — median of per-round ratios (95 % bootstrap interval) | geometric mean (interval)`);
  console.log(`  ${'pair'.padEnd(24)} ${variants.map((v) => v.padEnd(58)).join(' ')}`);
  for (const pair of pairs) {
    const cells = variants.map((v) => `${interval(medianRatio(ratios(v, pair)))} | ${interval(pairedRatio(ratios(v, pair)))}`.padEnd(58));
    console.log(`  ${`${pair[0]} vs ${pair[1]}${pair[0].endsWith('2') ? ' (A/A)' : ''}`.padEnd(24)} ${cells.join(' ')}`);
  }
  console.log(`Goal: the recorder costs ≤ ${limitPct} % CPU over its profiler alone (median's interval)`);
  for (const pair of pairs.filter(([m, b]) => RECORDER_PAIRS.has(`${m}:${b}`))) {
    for (const v of variants) {
      const s = medianRatio(ratios(v, pair));
      console.log(`  ${v} ${pair[0]} vs ${pair[1]}: ${verdict(s, limitPct)} (median ${percentChange(s.mean)}, upper end ${percentChange(s.high)})`);
    }
  }
}

/** Whole-process CPU (GNU time) of each block's processes: per pair the ratio per block, median and interval. */
function reportWhole(variants: readonly string[], pairs: readonly (readonly [Config, Config])[], whole: Map<string, number[]>): void {
  const side = (v: string, [m, b]: readonly [Config, Config], c: Config) => whole.get(`${v} ${m}:${b} ${c}`)!;
  const blocks = side(variants[0]!, pairs[0]!, pairs[0]![1]).length;
  if (blocks < 2) return;
  console.log(`Whole process per block of processes (GNU time: start-up, warm-up, the block's batches, idle time, the profile written at exit), ${blocks} blocks: median (interval)`);
  for (const pair of pairs) {
    const cells = variants.map((v) => interval(medianRatio(side(v, pair, pair[0]).map((x, i) => x / side(v, pair, pair[1])[i]!))).padEnd(34));
    console.log(`  ${`${pair[0]} vs ${pair[1]}`.padEnd(24)} ${cells.join(' ')}`);
  }
}

async function main(): Promise<void> {
  if (!existsSync(PRELOAD)) throw new Error(`${PRELOAD} is missing: run npm run build first`);
  const rounds = Number(option('rounds', '24'));
  const requests = Number(option('requests', '25'));
  const concurrency = Number(option('concurrency', '4'));
  const variants = option('variants', 'v2,v3').split(',');
  const configs = option('configs', CONFIGS.filter((c) => OLD_PRELOAD !== undefined || !c.endsWith('-old')).join(',')).split(',') as Config[];
  for (const c of configs) if (!CONFIGS.includes(c)) throw new Error(`unknown configuration ${c} (${CONFIGS.join(', ')})`);
  if (configs.some((c) => c.endsWith('-old')) && (OLD_PRELOAD === undefined || !existsSync(OLD_PRELOAD))) throw new Error('the -old configurations need --old-bundle PATH (an existing recorder bundle)');
  const chosen = option('pairs', '');
  const pairs = chosen ? chosen.split(',').map((p) => p.split(':') as [Config, Config]) : PAIRS.filter(([m, b]) => configs.includes(m) && configs.includes(b));
  for (const [m, b] of pairs) if (!CONFIGS.includes(m) || !CONFIGS.includes(b)) throw new Error(`unknown pair ${m}:${b} (configurations: ${CONFIGS.join(', ')})`);
  const limitPct = Number(option('limit', '5'));
  const pin = process.argv.includes('--pin');
  const respawn = Number(option('respawn', '4'));
  const alternations = Number(option('alternations', '4'));
  const port = await freePort();
  const fakeArgs = [process.execPath, `${SERVICE}/dist/fake-dynamodb.js`, '--port', String(port), '--data', 'fixtures/data'];
  const fake = spawn(pin ? 'taskset' : fakeArgs[0]!, pin ? ['-c', '0', ...fakeArgs] : fakeArgs.slice(1), { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((done) => fake.stdout!.on('data', (c: Buffer) => c.toString().includes('listening') && done()));
  const dir = mkdtempSync(join(tmpdir(), 'dhp-record-rounds-'));
  const load = () => loadavg().map((l) => l.toFixed(1)).join(' ');
  const services = new Map<string, Service>();
  try {
    console.log(`record overhead by rounds: ${variants.join(', ')} × pairs ${pairs.map(([m, b]) => `${m}:${b}`).join(', ')}; ${rounds} rounds of ${requests} requests per process (concurrency ${concurrency}), each pair's two processes alternating ${alternations}× per round (one process at a time), new processes every ${respawn} rounds${pin ? ', services pinned to CPU 1, endpoint to CPU 0' : ''}; recorder ${PRELOAD}${OLD_PRELOAD ? ` (old: ${OLD_PRELOAD})` : ''}; load average before: ${load()}`);
    // Each pair has its own two processes: a process shared by pairs would run more often than its partner, and a
    // process that sat idle longer pays more per request (measured: none2 vs a shared none read +25 %).
    const keys = variants.flatMap((v) => pairs.flatMap(([m, b]) => [`${v} ${m}:${b} ${m}`, `${v} ${m}:${b} ${b}`]));
    const pairRatios = new Map(variants.flatMap((v) => pairs.map(([m, b]) => [`${v} ${m}:${b}`, [] as number[]] as const)));
    const whole = new Map(keys.map((k) => [k, [] as number[]]));
    for (let round = 0; round < rounds; round++) {
      if (round % respawn === 0) {
        for (let k = 0; k < keys.length; k++) {
          const key = keys[(k + round / respawn) % keys.length]!;
          const [v, , c] = key.split(' ') as [string, string, Config];
          services.set(key, await startService(c, v, `http://127.0.0.1:${port}`, option('warmup', '200'), dir, pin));
        }
      }
      // Each pair in turn, its two processes alternating in short batches (ABAB…, BABA… every other time): one ratio per pair and round.
      for (let k = 0; k < pairs.length; k++) {
        const [m, b] = pairs[(k + round) % pairs.length]!;
        for (const v of variants) {
          let measured = 0;
          let baseline = 0;
          for (let a = 0; a < alternations; a++) {
            const first = (a + round) % 2 === 0;
            const run = (c: Config) => services.get(`${v} ${m}:${b} ${c}`)!.batch(requests, concurrency);
            if (first) measured += await run(m);
            baseline += await run(b);
            if (!first) measured += await run(m);
          }
          pairRatios.get(`${v} ${m}:${b}`)!.push(measured / baseline);
        }
      }
      if ((round + 1) % respawn === 0 || round + 1 === rounds) {
        for (const [key, service] of services) whole.get(key)!.push(await service.end());
        services.clear();
      }
      process.stderr.write(`round ${round + 1}/${rounds} done, load ${load()}\n`);
      if (round > 0 && ((round + 1) % (2 * respawn) === 0 || round + 1 === rounds)) {
        report(variants, pairs, pairRatios, round + 1, limitPct);
        reportWhole(variants, pairs, whole);
      }
    }
    console.log(`load average after: ${load()}`);
  } finally {
    for (const service of services.values()) void service.end().catch(() => undefined);
    fake.kill();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
