/**
 * `npm run perf:record`: what `dynamo-hotpath record` costs a real service. Runs the Node sample
 * service (fixtures/node-adserver, aws-sdk v2 and v3) against its canned DynamoDB endpoint on
 * 127.0.0.1, alternately without and with the recorder preloaded, and prints whole-process CPU
 * per request (process.cpuUsage over the measured window, profiler thread included, from the
 * service's own sidecar) side by side with the ratio. Medians of `--rounds` alternating runs;
 * asserts nothing (the machine is shared: read the spread).
 *
 * Options: --duration S (per run, default 8), --rounds N (default 3), --variants v2,v3.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const SERVICE = 'fixtures/node-adserver/src';
const PRELOAD = resolve('dist/record.js');

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

interface Run {
  readonly cpuPerRequestUs: number;
  readonly requests: number;
}

function runService(variant: string, endpoint: string, durationS: number, recorded: boolean, dir: string): Run {
  const sidecar = join(dir, `${variant}-${recorded ? 'rec' : 'plain'}.json`);
  const env = { ...process.env, ...(recorded ? { NODE_OPTIONS: `--require ${PRELOAD}`, DYNAMO_HOTPATH_RECORD_OUT: join(dir, `${variant}.pb.gz`) } : {}) };
  const r = spawnSync(process.execPath, [`${SERVICE}/dist/main.js`, '--variant', variant, '--endpoint', endpoint, '--duration', String(durationS), '--concurrency', '4', '--warmup', '200', '--sidecar', sidecar], { env, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`service ${variant} failed: ${r.stderr}`);
  const s = JSON.parse(readFileSync(sidecar, 'utf8')) as { cpu_per_request_us: number; requests: number };
  return { cpuPerRequestUs: s.cpu_per_request_us, requests: s.requests };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function main(): Promise<void> {
  if (!existsSync(PRELOAD)) throw new Error(`${PRELOAD} is missing: run npm run build first`);
  const durationS = Number(option('duration', '8'));
  const rounds = Number(option('rounds', '3'));
  const variants = option('variants', 'v2,v3').split(',');
  const port = await freePort();
  const fake = spawn(process.execPath, [`${SERVICE}/dist/fake-dynamodb.js`, '--port', String(port), '--data', 'fixtures/data'], { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((done) => fake.stdout!.on('data', (c: Buffer) => c.toString().includes('listening') && done()));
  const dir = mkdtempSync(join(tmpdir(), 'dhp-record-bench-'));
  try {
    console.log(`record overhead: ${variants.join(', ')} × ${rounds} alternating rounds of ${durationS} s, concurrency 4 (CPU per request, whole process)`);
    console.log('variant  plain µs/req (runs)            recorded µs/req (runs)         ratio (median)');
    for (const variant of variants) {
      const plain: Run[] = [];
      const recorded: Run[] = [];
      for (let round = 0; round < rounds; round++) {
        plain.push(runService(variant, `http://127.0.0.1:${port}`, durationS, false, dir));
        recorded.push(runService(variant, `http://127.0.0.1:${port}`, durationS, true, dir));
      }
      const p = median(plain.map((r) => r.cpuPerRequestUs));
      const q = median(recorded.map((r) => r.cpuPerRequestUs));
      const list = (runs: Run[]) => runs.map((r) => r.cpuPerRequestUs.toFixed(0)).join(' ');
      console.log(`${variant.padEnd(8)} ${p.toFixed(0).padStart(6)} (${list(plain)})`.padEnd(41) + `${q.toFixed(0).padStart(6)} (${list(recorded)})`.padEnd(31) + `${(q / p).toFixed(3)} (${((q / p - 1) * 100).toFixed(1)} %)`);
    }
  } finally {
    fake.kill();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
