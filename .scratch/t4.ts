import { readProfileFile } from '../src/core/profile/read';
void (async () => { for (const f of process.argv.slice(2)) {
  const t0 = performance.now();
  try {
    const p = await readProfileFile(f);
    const cnt = p.samples.reduce((a, s) => a + s.count, 0);
    console.log(f.split('/').pop(), p.format, (performance.now() - t0).toFixed(0) + 'ms', JSON.stringify(p.sampleType), 'recs', p.samples.length, 'count', cnt, 'total', p.totalWeight, 'idle', p.idleWeight, 'frames', p.frames.length, 'dur', p.durationNs, p.warnings);
  } catch (e: any) { console.log(f.split('/').pop(), 'ERR', e.code, e.message); }
} })();
