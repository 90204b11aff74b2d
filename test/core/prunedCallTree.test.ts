/**
 * The flame graphs built by the sorted walk (`prunedCallTree.ts`) are the trees a builder that
 * holds the whole call tree makes (kept here as the reference: the code the product used
 * before), node for node, on real profiles of both languages and on their comparisons.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { readProfileFile } from '../../src/core/profile/read';
import type { Profile } from '../../src/core/profile/model';
import { buildDiffTree, type DiffNode } from '../../src/core/compare/diffTree';
import { classifyFrame } from '../../src/core/detect/classify';
import { MARSHALLING_CATEGORIES } from '../../src/core/detect/types';
import { buildDynamoFlameTree } from '../../src/server/flameTree';
import type { FlameNode } from '../../src/shared/protocol';

const REPO = join(__dirname, '../..');
const read = (path: string) => readProfileFile(join(REPO, path));

interface Whole {
  name: string;
  before: number;
  after: number;
  children: Map<string, Whole>;
}

/** The whole merged tree, sample by sample (children in creation order). */
function wholeTree(sides: { profile: Profile; nameOf?: (n: string) => string; includes?: (stack: Uint32Array) => boolean }[], rootName: string): Whole {
  const root: Whole = { name: rootName, before: 0, after: 0, children: new Map() };
  sides.forEach(({ profile, nameOf, includes }, k) => {
    const side = k === 0 && sides.length === 2 ? 'before' : 'after';
    for (const sample of profile.samples) {
      if (includes && !includes(sample.stack)) continue;
      let node = root;
      node[side] += sample.weight;
      for (let i = sample.stack.length - 1; i >= 0; i--) {
        const name = nameOf ? nameOf(profile.frames[sample.stack[i]!]!.name) : profile.frames[sample.stack[i]!]!.name;
        let child = node.children.get(name);
        if (!child) node.children.set(name, (child = { name, before: 0, after: 0, children: new Map() }));
        node = child;
        node[side] += sample.weight;
      }
    }
  });
  return root;
}

function referenceDiff(before: Profile, after: Profile): DiffNode {
  const k = after.totalWeight / before.totalWeight;
  const threshold = 0.001 * after.totalWeight;
  const convert = (n: Whole): DiffNode => ({
    name: n.name,
    value: n.after,
    delta: n.after - k * n.before,
    before: n.before,
    after: n.after,
    children: [...n.children.values()]
      .filter((c) => c.after >= threshold || k * c.before >= threshold)
      .sort((x, y) => y.after - x.after || y.before - x.before)
      .map(convert),
  });
  return convert(wholeTree([{ profile: before }, { profile: after }], 'all'));
}

function referenceFlame(profile: Profile): FlameNode {
  const isMarshalling = profile.frames.map((f) => {
    const c = classifyFrame(f);
    // The report's flame graph counts marshalling stacks only (connection setup, error answers and retries left out).
    return c !== undefined && MARSHALLING_CATEGORIES.has(c.category);
  });
  const min = 0.001 * profile.totalWeight;
  const convert = (n: Whole): FlameNode => ({
    name: n.name,
    value: n.after,
    children: [...n.children.values()]
      .filter((c) => c.after >= min)
      .sort((x, y) => y.after - x.after)
      .map(convert),
  });
  return convert(wholeTree([{ profile, includes: (stack) => stack.some((id) => isMarshalling[id]) }], 'all DynamoDB marshalling'));
}

/**
 * The tree with its weights rounded to 1 ns and siblings of equal (rounded) weights put in name
 * order: summing the same samples in another order changes the last bit of a float
 * (885136000 vs 885135999.9999999), and with it the order of two siblings that weigh the same.
 */
function canonical<T extends { name: string; children: T[] }>(root: T): unknown {
  const round = (n: T) => Object.fromEntries(Object.entries(n).map(([k, v]) => [k, typeof v === 'number' ? Math.round(v) : v]));
  const convert = (n: T): Record<string, unknown> => {
    const children = n.children.map(convert).sort((x, y) => JSON.stringify([-(x.value as number), -((x.before as number) ?? 0), x.name]).localeCompare(JSON.stringify([-(y.value as number), -((y.before as number) ?? 0), y.name])));
    return { ...round(n), children };
  };
  return convert(root);
}

function nodeCount(node: { children: unknown[] }): number {
  let n = 0;
  const stack = [node];
  while (stack.length > 0) {
    const x = stack.pop()! as { children: { children: unknown[] }[] };
    n++;
    stack.push(...x.children);
  }
  return n;
}

const PAIRS: [string, string][] = [
  ['fixtures/go-adserver/profiles/before-v1.pb.gz', 'fixtures/go-adserver/profiles/after-v2.pb.gz'],
  ['fixtures/node-adserver/profiles/before-v2.cpuprofile', 'fixtures/node-adserver/profiles/after-v3.cpuprofile'],
];

describe('flame graphs built by the sorted walk = the whole tree, pruned', () => {
  for (const [b, a] of PAIRS) {
    it(`differential flame graph of ${b.split('/').pop()} → ${a.split('/').pop()}`, async () => {
      const [before, after] = await Promise.all([read(b), read(a)]);
      const tree = buildDiffTree(before, after);
      assert.deepStrictEqual(canonical(tree), canonical(referenceDiff(before, after)));
      assert.ok(nodeCount(tree) > 50, String(nodeCount(tree)));
    });
    for (const path of [b, a]) {
      it(`report flame graph of ${path.split('/').pop()}`, async () => {
        const profile = await read(path);
        const tree = buildDynamoFlameTree(profile, classifyFrame);
        assert.deepStrictEqual(canonical(tree), canonical(referenceFlame(profile)));
        assert.ok(tree.value > 0 && tree.children.length > 0);
      });
    }
  }
});
