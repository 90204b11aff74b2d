const cpu = () => { const c = process.cpuUsage(); return (c.user + c.system) / 1000; };
const N = 125000, L = 20;
const src = new Uint32Array(64).fill(3);
for (let r = 0; r < 4; r++) {
  let t = cpu(); let pool = new Uint32Array(65536), used = 0; const a = [];
  for (let i = 0; i < N; i++) { if (used + L > pool.length) { pool = new Uint32Array(65536); used = 0; } for (let j = 0; j < L; j++) pool[used + j] = src[j]; a.push({ stack: pool.subarray(used, used + L), weight: 10, count: 1 }); used += L; }
  const t1 = cpu() - t; t = cpu(); const b = [];
  for (let i = 0; i < N; i++) { const s = new Uint32Array(L); for (let j = 0; j < L; j++) s[j] = src[j]; b.push({ stack: s, weight: 10, count: 1 }); }
  const t2 = cpu() - t; t = cpu(); const c = [];
  for (let i = 0; i < N; i++) { c.push({ stack: src.slice(0, L), weight: 10, count: 1 }); }
  const t3 = cpu() - t;
  const m = process.memoryUsage();
  console.log('subarray', t1.toFixed(0), 'new', t2.toFixed(0), 'slice', t3.toFixed(0), 'heap', (m.heapUsed/1e6).toFixed(0), 'ab', (m.arrayBuffers/1e6).toFixed(0));
}
