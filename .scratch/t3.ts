import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { parsePprof } from '../src/core/profile/pprof';
const f = 'fixtures/third-party/pprof/google-pprof_large.cpu.pb.gz';
const b = gunzipSync(readFileSync(f));
const u = new Uint8Array(b.buffer, b.byteOffset, b.length);
const times: number[] = [];
for (let i = 0; i < 15; i++) { const t0 = performance.now(); parsePprof(u, f); times.push(performance.now() - t0); }
times.sort((a, b) => a - b); console.log('min', times[0].toFixed(0), 'median', times[7].toFixed(0));
