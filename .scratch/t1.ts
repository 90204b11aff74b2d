import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { parsePprof } from '../src/core/profile/pprof';
for (const f of process.argv.slice(2)) {
  let b: Uint8Array = readFileSync(f); if (b[0] === 0x1f) b = gunzipSync(b);
  const t0 = performance.now();
  try {
    const p = parsePprof(b, f);
    const cnt = p.samples.reduce((a, s) => a + s.count, 0);
    console.log(f, (performance.now() - t0).toFixed(1) + 'ms', p.sampleType, p.samples.length, cnt, p.totalWeight, p.frames.length, p.warnings, p.frames.filter(x=>x.inlined).length);
  } catch (e: any) { console.log(f, e.code, e.message); }
}
