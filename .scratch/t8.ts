import { readFileSync } from 'node:fs';
import { walkFields, readSampleRecord } from '../src/core/profile/protoWire';
import { SampleCollector } from '../src/core/profile/sampleCollector';
const b = readFileSync(process.argv[2]);
const cpu = () => { const c = process.cpuUsage(); return (c.user + c.system) / 1000; };
for (let r = 0; r < 4; r++) {
  let t = cpu();
  const ranges: number[] = [];
  walkFields(b, 0, b.length, (f, w, s, e) => { if (f === 2) ranges.push(s, e); });
  const tFrame = cpu() - t; t = cpu();
  const locs: number[] = [], vals: number[] = []; let n = 0;
  for (let i = 0; i < ranges.length; i += 2) { readSampleRecord(b, ranges[i], ranges[i + 1], locs, vals); n += locs.length; }
  const tDecode = cpu() - t; t = cpu();
  const c = new SampleCollector(); const st = new Uint32Array(64).fill(3);
  for (let i = 0; i < ranges.length; i += 2) c.add(st, 20, 10, 1);
  const tAdd = cpu() - t;
  console.log('frame', tFrame.toFixed(0), 'decode', tDecode.toFixed(0), 'add', tAdd.toFixed(0), n);
}
