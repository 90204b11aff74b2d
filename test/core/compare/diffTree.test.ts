import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { buildDiffTree } from '../../../src/core/compare/diffTree';
import type { Frame, Profile } from '../../../src/core/profile/model';

function profile(stacks: [string[], number][]): Profile {
  const frames: Frame[] = [];
  const ids = new Map<string, number>();
  const id = (name: string) => {
    if (!ids.has(name)) {
      ids.set(name, frames.length);
      frames.push({ name, file: '', line: 0, inlined: false });
    }
    return ids.get(name)!;
  };
  // stacks are given root first; the model stores leaf first
  const samples = stacks.map(([names, weight]) => ({ stack: Uint32Array.from(names.map(id).reverse()), weight, count: weight / 1e7 }));
  const totalWeight = samples.reduce((a, s) => a + s.weight, 0);
  return { sourcePath: 'p', format: 'pprof', sampleType: { type: 'cpu', unit: 'nanoseconds' }, sampleTypes: [], durationNs: undefined, frames, samples, totalWeight, idleWeight: 0, warnings: [] };
}

describe('buildDiffTree', () => {
  const before = profile([
    [['main', 'ddbv1.GetUserActivity', 'jsonrpc.Unmarshal'], 8e9],
    [['main', 'score'], 2e9],
  ]);
  const after = profile([
    [['main', 'ddbv2.GetUserActivity', 'deserializeOpQuery'], 1e9],
    [['main', 'score'], 2e9],
  ]);

  it('gives after weights as values and scaled before weights as deltas', () => {
    const root = buildDiffTree(before, after, { beforeScale: 1, rename: new Map([['ddbv1.GetUserActivity', 'ddbv2.GetUserActivity']]) });
    assert.equal(root.value, 3e9);
    assert.equal(root.delta, 3e9 - 10e9);
    const main = root.children[0]!;
    const gua = main.children.find((c) => c.name === 'ddbv2.GetUserActivity')!;
    assert.equal(gua.before, 8e9);
    assert.equal(gua.value, 1e9);
    assert.equal(gua.delta, -7e9);
    const vanished = gua.children.find((c) => c.name === 'jsonrpc.Unmarshal')!;
    assert.equal(vanished.value, 0);
    assert.equal(vanished.delta, -8e9);
    const appeared = gua.children.find((c) => c.name === 'deserializeOpQuery')!;
    assert.equal(appeared.delta, appeared.value);
  });

  it('scales before by the ratio of totals by default (compare shares)', () => {
    const root = buildDiffTree(before, after);
    const score = root.children[0]!.children.find((c) => c.name === 'score')!;
    // 2 s of 10 s before → 0.6 s at the after total of 3 s; after has 2 s
    assert.ok(Math.abs(score.delta - (2e9 - 0.6e9)) < 1);
  });
});
