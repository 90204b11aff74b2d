/**
 * Readers that build stacks from a call tree (V8 .cpuprofile, Chrome trace, speedscope evented)
 * keep at most MAX_TREE_STACK_DEPTH frames per stack, the innermost, and say so: the cost of a
 * tree of n nested nodes is then proportional to n (issue 25, hole 2; the cost against size is in
 * `npm run perf:shapes`). The shapes are those of the benchmark (perf/inputShapes.ts).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { INPUT_SHAPES } from '../../../perf/inputShapes';
import { MAX_TREE_STACK_DEPTH } from '../../../src/core/profile/limits';
import type { Profile } from '../../../src/core/profile/model';
import { parseProfile } from '../../../src/core/profile/read';

const shape = (name: string) => INPUT_SHAPES.find((s) => s.name.startsWith(name))!;
const deepest = (p: Profile) => p.samples.reduce((max, s) => Math.max(max, s.stack.length), 0);
const text = (s: string): Uint8Array => new TextEncoder().encode(s);

describe('stacks built from a call tree', () => {
  // [shape, file, leaf frame number, samples, samples exactly MAX_TREE_STACK_DEPTH deep (not cut)]
  for (const [name, file, leaf, samples, exact] of [
    ['.cpuprofile', 'deep.cpuprofile', 1501, 1500, 1],
    ['Chrome trace', 'deep.json', 1501, 1500, 1],
    ['speedscope evented', 'deep.speedscope.json', 1499, 2999, 2], // an interval after each open and before each close
  ] as const) {
    it(`${name}: a nest of 1,500 calls keeps the innermost ${MAX_TREE_STACK_DEPTH} frames of its deepest stacks, with a warning`, () => {
      const p = parseProfile(shape(name).make(1500), file);
      assert.equal(deepest(p), MAX_TREE_STACK_DEPTH);
      const deep = p.samples.find((s) => p.frames[s.stack[0]!]!.name === `f${leaf}`)!;
      assert.deepEqual([p.frames[deep.stack[0]!]!.name, p.frames[deep.stack[MAX_TREE_STACK_DEPTH - 1]!]!.name], [`f${leaf}`, `f${leaf - MAX_TREE_STACK_DEPTH + 1}`]);
      const cut = p.samples.filter((s) => s.stack.length === MAX_TREE_STACK_DEPTH).length - exact;
      assert.ok(p.warnings.some((w) => w.startsWith(`${cut} samples have stacks deeper than ${MAX_TREE_STACK_DEPTH} frames (`)), p.warnings.join('\n'));
      assert.equal(p.samples.length, samples);
    });
  }

  it('keeps stacks up to the limit whole and says nothing', () => {
    const p = parseProfile(shape('.cpuprofile').make(MAX_TREE_STACK_DEPTH), 'ok.cpuprofile');
    assert.equal(deepest(p), MAX_TREE_STACK_DEPTH);
    assert.ok(!p.warnings.some((w) => w.includes('deeper than')), p.warnings.join('\n'));
  });

  it('reads a Chrome trace chunk of 150,000 nodes (a spread of them overflowed the call stack)', () => {
    const n = 150_000;
    const nodes = [{ id: 1, callFrame: { functionName: '(root)', url: '' } }, ...Array.from({ length: n }, (_, k) => ({ id: k + 2, parent: 1, callFrame: { functionName: `f${k}`, url: '/a.js', lineNumber: k } }))];
    const samples = nodes.slice(1).map((node) => node.id);
    const data = { cpuProfile: { nodes, samples }, timeDeltas: samples.map(() => 10), endTime: 10 * n + 10 };
    const trace = { traceEvents: [{ name: 'Profile', ph: 'P', pid: 1, id: '0x1', args: { data: { startTime: 0 } } }, { name: 'ProfileChunk', ph: 'P', pid: 1, id: '0x1', args: { data } }] };
    const p = parseProfile(text(JSON.stringify(trace)), 'wide.json');
    assert.equal(p.samples.length, n);
    assert.equal(p.totalWeight, n * 10_000);
  });

  it('speedscope evented: a close of a frame below the top closes it; one naming no open frame is ignored with a warning', () => {
    const frames = ['a', 'b', 'c'].map((n) => ({ name: n }));
    const events = [
      { type: 'O', at: 0, frame: 0 },
      { type: 'O', at: 1, frame: 1 },
      { type: 'O', at: 2, frame: 2 },
      { type: 'C', at: 3, frame: 1 },
      { type: 'C', at: 4, frame: 1 },
      { type: 'C', at: 5, frame: 2 },
      { type: 'C', at: 6, frame: 0 },
    ];
    const json = { shared: { frames }, profiles: [{ type: 'evented', name: 't', unit: 'none', startValue: 0, endValue: 6, events }] };
    const p = parseProfile(text(JSON.stringify(json)), 'x.speedscope.json');
    const stacks = p.samples.map((s) => [...s.stack].map((id) => p.frames[id]!.name).join('<') + `=${s.weight}`);
    assert.deepEqual(stacks, ['a=1', 'b<a=1', 'c<b<a=1', 'c<a=1', 'c<a=1', 'a=1']);
    assert.ok(p.warnings.includes('1 close event named no frame open near the top of the stack and was ignored (a speedscope evented file closes its innermost frame first)'), p.warnings.join('\n'));
  });
});
