import { readFileSync } from 'node:fs';
import { parseProfile } from '../src/core/profile/read';
const p = parseProfile(readFileSync('fixtures/go-adserver/profiles/before-v1.pb.gz'), 'x');
const inl = p.frames.map((f, i) => [f, i] as const).filter(([f]) => f.inlined);
console.log(inl.slice(0, 8).map(([f]) => `${f.name} ${f.file.split('/').slice(-2).join('/')}:${f.line}`));
// find a sample where an inlined frame appears and print it and its caller
for (const s of p.samples) { for (let k = 0; k < s.stack.length - 1; k++) { const f = p.frames[s.stack[k]]; if (f.inlined && f.name.includes('StructTag.Get')) { const c = p.frames[s.stack[k+1]]; console.log('inlined', f, 'caller', c); process.exit(0); } } }
