/**
 * Fetching a large fleet profile: streaming to disk (fetchProfile) against buffering the whole
 * response, each in fresh processes, side by side: wall time and whole-process peak RSS. The
 * server is the STAND-IN Pyroscope (127.0.0.1) serving a synthetic Go CPU profile of the given
 * size uncompressed, as a querier answers without gzip. Prints figures; asserts nothing.
 *
 *   node --import tsx perf/fleetFetch.ts [MB=100] [runs=3]
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startPyroscopeStandIn } from '../test/helpers/fleet/pyroscopeStandIn';
import { buildSyntheticPprof } from './syntheticPprof';

async function main(): Promise<void> {
  const mb = Number(process.argv[2] ?? 100);
  const runs = Number(process.argv[3] ?? 3);
  const { bytes } = buildSyntheticPprof(mb * 1e6);
  const standIn = await startPyroscopeStandIn({ profileFor: () => undefined, rawProfile: bytes });
  const dir = mkdtempSync(join(tmpdir(), 'dhp-fleet-bench-'));
  const results: Record<string, { ms: number; peakRssBytes: number }[]> = { streaming: [], buffered: [] };
  try {
    for (let i = 0; i < runs; i++) {
      for (const mode of ['streaming', 'buffered'] as const) {
        const out = await new Promise<string>((resolve, reject) => {
          execFile(process.execPath, ['--import', 'tsx', 'perf/fleetFetchWorker.ts', mode, standIn.url, join(dir, `${mode}.pb.gz`)], { encoding: 'utf8' }, (err, stdout) => (err ? reject(err) : resolve(stdout)));
        });
        results[mode]!.push(JSON.parse(out));
      }
    }
  } finally {
    await standIn.close();
    rmSync(dir, { recursive: true, force: true });
  }
  const best = (mode: string, key: 'ms' | 'peakRssBytes') => Math.min(...results[mode]!.map((r) => r[key]));
  const row = (label: string, s: number, b: number, unit: string) => console.log(`${label.padEnd(22)} ${s.toFixed(0).padStart(8)} ${unit}  ${b.toFixed(0).padStart(8)} ${unit}  ${(s / b).toFixed(2)}×`);
  console.log(`fetch of a ${(bytes.length / 1e6).toFixed(1)} MB pprof (stand-in server, best of ${runs} fresh processes each)`);
  console.log(`${''.padEnd(22)} ${'streaming'.padStart(11)}  ${'buffered'.padStart(11)}  ratio`);
  row('wall time', best('streaming', 'ms'), best('buffered', 'ms'), 'ms');
  row('peak RSS (process)', best('streaming', 'peakRssBytes') / 1e6, best('buffered', 'peakRssBytes') / 1e6, 'MB');
}

void main();
