import { readFileSync } from 'node:fs';
import { parseProfile } from '../src/core/profile/read';
const f = process.argv[2];
const b = readFileSync(f);
const rss0 = process.memoryUsage().rss;
for (let i = 0; i < Number(process.argv[3] ?? 3); i++) {
  const t0 = performance.now(); const cpu0 = process.cpuUsage();
  const p = parseProfile(b, f);
  const cpu = process.cpuUsage(cpu0);
  console.log('wall', (performance.now() - t0).toFixed(0), 'cpu', ((cpu.user + cpu.system) / 1000).toFixed(0), 'samples', p.samples.length, 'rss+', ((process.memoryUsage().rss - rss0) / 1e6).toFixed(0), 'heap', (process.memoryUsage().heapUsed / 1e6).toFixed(0));
}
