/**
 * `npm run perf:record`: what `dynamo-hotpath record` costs a real service. Runs the Node sample
 * service (fixtures/node-adserver, aws-sdk v2 and v3) against its canned DynamoDB endpoint on
 * 127.0.0.1 in these configurations, in rotating order within each round:
 *   none         no profiler
 *   pprof        @datadog/pprof's time profiler alone, same options (perf/profilerOnly.cjs)
 *   record       `record` (pprof format): the same profiler + SDK patches + async context hook
 *   cpu-prof     node --cpu-prof (V8's profiler alone, 1 ms)
 *   record-cpu   `record --format cpuprofile`: V8's profiler + patches + labelled intervals
 * and prints whole-process CPU per request (process.cpuUsage over the service's measured window,
 * profiler threads included, from its sidecar). The recorder's own cost is the ratio of a
 * recorder run to the profiler-alone run of the same round (paired: adjacent runs share the
 * machine's load); the table gives the geometric mean of the per-round ratios with a 95 %
 * bootstrap interval, and the load average before and after. Asserts nothing.
 *
 * Options: --duration S (per run, default 4), --rounds N (default 6), --variants v2,v3,
 * --configs none,pprof,record,cpu-prof,record-cpu.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const SERVICE = 'fixtures/node-adserver/src';
const PRELOAD = resolve('dist/record.js');
const PROFILER_ONLY = resolve('perf/profilerOnly.cjs');
const CONFIGS = ['none', 'pprof', 'record', 'cpu-prof', 'record-cpu'] as const;
type Config = (typeof CONFIGS)[number];
/** Each recorder configuration and the profiler-alone configuration it is measured against. */
const PAIRS: readonly [Config, Config][] = [['record', 'pprof'], ['record-cpu', 'cpu-prof'], ['pprof', 'none'], ['cpu-prof', 'none']];

function option(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1]! : fallback;
}

function freePort(): Promise<number> {
  return new Promise((done) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });
}

function nodeArgsAndEnv(config: Config, dir: string, variant: string): { args: string[]; env: NodeJS.ProcessEnv } {
  const out = join(dir, `${variant}-${config}`);
  switch (config) {
    case 'none':
      return { args: [], env: {} };
    case 'pprof':
      return { args: [], env: { NODE_OPTIONS: `--require ${PROFILER_ONLY}`, DYNAMO_HOTPATH_RECORD_OUT: `${out}.pb.gz` } };
    case 'record':
      return { args: [], env: { NODE_OPTIONS: `--require ${PRELOAD}`, DYNAMO_HOTPATH_RECORD_OUT: `${out}.pb.gz` } };
    case 'cpu-prof':
      return { args: ['--cpu-prof', '--cpu-prof-interval', '1000', '--cpu-prof-dir', dir], env: {} };
    case 'record-cpu':
      return { args: [], env: { NODE_OPTIONS: `--require ${PRELOAD}`, DYNAMO_HOTPATH_RECORD_OUT: `${out}.cpuprofile` } };
  }
}

/** CPU per request (µs) of one run of the service. */
function runService(config: Config, variant: string, endpoint: string, durationS: number, dir: string): number {
  const sidecar = join(dir, `${variant}-${config}.json`);
  const { args, env } = nodeArgsAndEnv(config, dir, variant);
  const r = spawnSync(process.execPath, [...args, `${SERVICE}/dist/main.js`, '--variant', variant, '--endpoint', endpoint, '--duration', String(durationS), '--concurrency', '4', '--warmup', '200', '--sidecar', sidecar], {
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`service ${variant} (${config}) failed: ${r.stderr}`);
  return (JSON.parse(readFileSync(sidecar, 'utf8')) as { cpu_per_request_us: number }).cpu_per_request_us;
}

/** Geometric mean of `ratios` and a 95 % percentile-bootstrap interval of it (fixed seed, 4,000 resamples). */
function meanRatio(ratios: readonly number[]): { mean: number; low: number; high: number } {
  const logs = ratios.map(Math.log);
  const mean = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  let seed = 12345;
  const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  const means: number[] = [];
  for (let b = 0; b < 4000; b++) means.push(mean(logs.map(() => logs[Math.floor(random() * logs.length)]!)));
  means.sort((a, b) => a - b);
  return { mean: Math.exp(mean(logs)), low: Math.exp(means[Math.floor(0.025 * means.length)]!), high: Math.exp(means[Math.floor(0.975 * means.length)]!) };
}

const pctChange = (r: number) => `${r >= 1 ? '+' : ''}${((r - 1) * 100).toFixed(1)} %`;

async function main(): Promise<void> {
  if (!existsSync(PRELOAD)) throw new Error(`${PRELOAD} is missing: run npm run build first`);
  const durationS = Number(option('duration', '4'));
  const rounds = Number(option('rounds', '6'));
  const variants = option('variants', 'v2,v3').split(',');
  const configs = option('configs', CONFIGS.join(',')).split(',') as Config[];
  const unknown = configs.filter((c) => !CONFIGS.includes(c));
  if (unknown.length) throw new Error(`unknown --configs ${unknown.join(', ')} (known: ${CONFIGS.join(', ')})`);
  const port = await freePort();
  const fake = spawn(process.execPath, [`${SERVICE}/dist/fake-dynamodb.js`, '--port', String(port), '--data', 'fixtures/data'], { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((done) => fake.stdout!.on('data', (c: Buffer) => c.toString().includes('listening') && done()));
  const dir = mkdtempSync(join(tmpdir(), 'dhp-record-bench-'));
  const load = () => loadavg().map((l) => l.toFixed(1)).join(' ');
  try {
    console.log(`record overhead: ${variants.join(', ')} × ${rounds} rounds of ${durationS} s per configuration (${configs.join(', ')}), concurrency 4; CPU per request, whole process; load average before: ${load()}`);
    for (const variant of variants) {
      const runs = new Map<Config, number[]>(configs.map((c) => [c, []]));
      for (let round = 0; round < rounds; round++) {
        const order = configs.map((_, i) => configs[(i + round) % configs.length]!);
        for (const config of order) runs.get(config)!.push(runService(config, variant, `http://127.0.0.1:${port}`, durationS, dir));
      }
      console.log(`\n${variant}: CPU per request (µs), one column per round`);
      for (const config of configs) console.log(`  ${config.padEnd(11)} ${runs.get(config)!.map((x) => x.toFixed(0).padStart(6)).join(' ')}`);
      for (const [measured, base] of PAIRS) {
        if (!runs.has(measured) || !runs.has(base)) continue;
        const ratios = runs.get(measured)!.map((x, i) => x / runs.get(base)![i]!);
        const { mean, low, high } = meanRatio(ratios);
        console.log(`  ${measured} vs ${base}: ${pctChange(mean)} (95 % interval ${pctChange(low)} … ${pctChange(high)}; per round ${ratios.map(pctChange).join(', ')})`);
      }
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
