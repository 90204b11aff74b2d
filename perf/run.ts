/**
 * `npm run perf`: profile load + analysis speed and memory (issue 2), then the marshalling
 * microbenchmark suites (issue 5) when present. Prints figures side by side; asserts nothing.
 *
 * Each profile is measured in a fresh Node process (best of 3 runs, wall time) so that peak RSS
 * is that file's own. Where Go is installed, the same file's `go tool pprof -top` wall time is
 * printed next to ours.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, statSync, readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { join } from 'node:path';
import { tmpdir } from 'node:os';

interface Run {
  loadMs: number;
  analyzeMs: number;
  maxRssBytes: number;
  baseRssBytes: number;
  samples: number;
}

function measure(file: string): Run {
  const runs: Run[] = [];
  for (let i = 0; i < 3; i++) {
    const out = execFileSync(process.execPath, ['--import', 'tsx', 'perf/loadOne.ts', file], { encoding: 'utf8', maxBuffer: 1 << 20 });
    runs.push(JSON.parse(out.trim()) as Run);
  }
  return runs.sort((a, b) => a.loadMs + a.analyzeMs - (b.loadMs + b.analyzeMs))[0]!;
}

function rawSize(file: string): number {
  const bytes = readFileSync(file);
  return bytes[0] === 0x1f && bytes[1] === 0x8b ? gunzipSync(bytes).length : bytes.length;
}

function goPprofMs(file: string): number | undefined {
  if (spawnSync('go', ['version']).status !== 0) return undefined;
  let best = Infinity;
  for (let i = 0; i < 3; i++) {
    const t0 = performance.now();
    const r = spawnSync('go', ['tool', 'pprof', '-top', file], { stdio: 'ignore' });
    if (r.status !== 0) return undefined;
    best = Math.min(best, performance.now() - t0);
  }
  return best;
}

async function syntheticProfile(): Promise<string> {
  const dir = join(tmpdir(), 'dynamo-hotpath-bench');
  mkdirSync(dir, { recursive: true });
  const path = join(dir, 'synthetic-50MB.pb');
  if (!existsSync(path)) {
    const { writeSyntheticPprof } = await import('./syntheticPprof');
    await writeSyntheticPprof(path, 50 * 1024 * 1024);
  }
  return path;
}

async function main(): Promise<void> {
  const files = ['fixtures/third-party/pprof/google-pprof_large.cpu.pb.gz', await syntheticProfile()];
  console.log('Profile load + analysis (best of 3 fresh processes; targets: large.cpu < 0.5 s, 50 MB < 5 s, peak RSS < 3x raw)\n');
  const header = ['file', 'raw MB', 'samples', 'load ms', 'analyze ms', 'total ms', 'MB/s', 'peak RSS MB', 'RSS/raw', 'go pprof -top ms', 'ours/go'];
  const rows: string[][] = [header];
  for (const file of files) {
    const raw = rawSize(file);
    const r = measure(file);
    const total = r.loadMs + r.analyzeMs;
    const go = goPprofMs(file);
    rows.push([
      file.split('/').pop()!,
      (raw / 1e6).toFixed(1),
      String(r.samples),
      r.loadMs.toFixed(0),
      r.analyzeMs.toFixed(0),
      total.toFixed(0),
      (raw / 1e6 / (total / 1000)).toFixed(1),
      (r.maxRssBytes / 1e6).toFixed(0),
      ((r.maxRssBytes - r.baseRssBytes) / raw).toFixed(2),
      go === undefined ? 'no go' : go.toFixed(0),
      go === undefined ? '-' : (total / go).toFixed(2),
    ]);
  }
  const widths = header.map((_, c) => Math.max(...rows.map((row) => row[c]!.length)));
  for (const row of rows) console.log(row.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!))).join('  '));
  console.log('\nRSS/raw = (peak RSS − RSS at start) / raw profile size. Synthetic file:', files[1], `(${(statSync(files[1]!).size / 1e6).toFixed(1)} MB)`);

  if (existsSync('perf/marshalling.ts')) {
    console.log('\nMarshalling microbenchmark (issue 5):\n');
    const { main: marshalling } = (await import('./marshalling')) as { main: () => Promise<void> };
    await marshalling();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
