import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { Profile as PP } from 'pprof-format';
import { parsePprof } from '../src/core/profile/pprof';
const f = 'fixtures/third-party/pprof/google-pprof_large.cpu.pb.gz';
const gz = readFileSync(f);
for (let i = 0; i < 5; i++) {
  let t0 = performance.now();
  const b = gunzipSync(gz);
  const t1 = performance.now();
  parsePprof(new Uint8Array(b.buffer, b.byteOffset, b.length), f);
  const t2 = performance.now();
  PP.decode(new Uint8Array(b.buffer, b.byteOffset, b.length));
  const t3 = performance.now();
  console.log('gunzip', (t1-t0).toFixed(1), 'parse', (t2-t1).toFixed(1), 'pprof-format full decode', (t3-t2).toFixed(1));
}
