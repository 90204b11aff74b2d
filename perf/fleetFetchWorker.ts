/**
 * One fetch in a fresh process, for perf/fleetFetch.ts: `streaming` is fetchProfile (response →
 * field extractor → gzip → file); `buffered` is what a client without streaming does (whole
 * response in memory, then the field, then gzip, then the file). Prints `{ ms, peakRssBytes }`.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { connectUnary } from '../src/core/fleet/connectCall';
import { fetchProfile } from '../src/core/fleet/fetchProfile';
import { readAll } from '../src/core/fleet/httpCall';
import { encodeSelectMergeStacktraces, QUERIER_SERVICE } from '../src/core/fleet/querierMessages';
import { walkFields } from '../src/core/profile/protoWire';

const [mode, url, out] = process.argv.slice(2) as [string, string, string];
const endpoint = { url, auth: { kind: 'none' as const } };
const query = { profileTypeId: 'process_cpu:cpu:nanoseconds:cpu:nanoseconds', labelSelector: '{service_name="bench"}', startMs: 1, endMs: 2 };

function peakRss(): number {
  const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'));
  return m ? Number(m[1]) * 1024 : process.memoryUsage().rss;
}

async function buffered(): Promise<void> {
  const res = await connectUnary(endpoint, QUERIER_SERVICE, 'SelectMergeStacktraces', encodeSelectMergeStacktraces({ ...query, maxNodes: 1 }), {});
  const body = await readAll(res.body, 2 ** 31);
  let profile: Uint8Array | undefined;
  walkFields(body, 0, body.length, (f, _w, s, e) => {
    if (f === 5) walkFields(body, s, e, (g, _v, a, b) => void (g === 1 && (profile = body.subarray(a, b))));
  });
  writeFileSync(out, gzipSync(profile!));
}

async function main(): Promise<void> {
  const t = performance.now();
  if (mode === 'streaming') await fetchProfile({ endpoint, query, outPath: out });
  else await buffered();
  process.stdout.write(JSON.stringify({ ms: performance.now() - t, peakRssBytes: peakRss() }));
}

void main();
