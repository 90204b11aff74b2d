import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { walkFields } from '../src/core/profile/protoWire';
for (const f of process.argv.slice(2)) {
  let b: Uint8Array = readFileSync(f); if (b[0] === 0x1f) b = gunzipSync(b);
  const sizes: Record<number, number> = {}; const counts: Record<number, number> = {};
  walkFields(b, 0, b.length, (field, _w, s, e) => { sizes[field] = (sizes[field] ?? 0) + (e - s); counts[field] = (counts[field] ?? 0) + 1; });
  console.log(f.split('/').pop(), b.length, JSON.stringify(sizes), JSON.stringify(counts), 'B/sample', (sizes[2] / counts[2]).toFixed(1));
}
