import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { Profile as PP } from 'pprof-format';
import { parsePprof } from '../src/core/profile/pprof';
for (const f of process.argv.slice(2)) {
  let b: Uint8Array = readFileSync(f); if (b[0] === 0x1f) b = gunzipSync(b);
  const u = new Uint8Array(b.buffer, b.byteOffset, b.length);
  const ours: number[] = [], theirs: number[] = [];
  for (let i = 0; i < 8; i++) {
    let t = performance.now(); parsePprof(u, f); ours.push(performance.now() - t);
    t = performance.now(); PP.decode(u); theirs.push(performance.now() - t);
  }
  ours.sort((a, b) => a - b); theirs.sort((a, b) => a - b);
  console.log(f.split('/').pop(), 'parsePprof (decode+model) min/median', ours[0].toFixed(0), ours[4].toFixed(0), '| pprof-format Profile.decode only min/median', theirs[0].toFixed(0), theirs[4].toFixed(0));
}
