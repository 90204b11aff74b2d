import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ChainTrie } from '../../../src/core/analysis/chainTrie';
import { seededRandom } from '../../../src/core/seededRandom';

/** The trie as it was before runs were merged into one node: one node and one `Map` per frame. */
class NodePerFrameTrie {
  private readonly root = { weight: 0, children: new Map<number, { weight: number; children: Map<number, unknown> }>() };

  add(stack: Uint32Array, from: number, weight: number): void {
    type Node = { weight: number; children: Map<number, Node> };
    let node = this.root as Node;
    node.weight += weight;
    for (let i = from; i >= 0; i--) {
      let child = node.children.get(stack[i]!);
      if (!child) node.children.set(stack[i]!, (child = { weight: 0, children: new Map() }));
      child.weight += weight;
      node = child;
    }
  }

  heaviestPath(maxLength: number): number[] {
    type Node = { weight: number; children: Map<number, Node> };
    const path: number[] = [];
    let node = this.root as Node;
    while (node.children.size > 0 && path.length < maxLength) {
      let best: [number, Node] | undefined;
      for (const entry of node.children) if (!best || entry[1].weight > best[1].weight) best = entry;
      path.push(best![0]);
      node = best![1];
    }
    return path;
  }
}

describe('the chain trie with runs in one node', () => {
  it('finds the heaviest path of the node-per-frame trie: shared heads, own tails, recursion, stacks ending inside a run, ties', () => {
    const random = seededRandom(7);
    let compared = 0;
    for (let trial = 0; trial < 300; trial++) {
      const trie = new ChainTrie();
      const reference = new NodePerFrameTrie();
      const head = Array.from({ length: 1 + Math.floor(random() * 12) }, () => Math.floor(random() * 6));
      const samples = 1 + Math.floor(random() * 40);
      for (let s = 0; s < samples; s++) {
        // Root first: part of the shared head, then a tail from a small alphabet (repeats, as recursion does).
        const rootFirst = head.slice(0, Math.floor(random() * (head.length + 1)));
        for (let k = Math.floor(random() * 8); k > 0; k--) rootFirst.push(Math.floor(random() * (trial % 3 === 0 ? 2 : 5)));
        const stack = Uint32Array.from(rootFirst.reverse());
        const from = stack.length - 1 - Math.floor(random() * 2);
        const weight = trial % 2 === 0 ? 1 : 1 + Math.floor(random() * 3);
        trie.add(stack, from, weight);
        reference.add(stack, from, weight);
      }
      for (const maxLength of [0, 1, 2, 3, 5, 8, 47, 1000]) {
        assert.deepEqual(trie.heaviestPath(maxLength), reference.heaviestPath(maxLength), `trial ${trial}, maxLength ${maxLength}`);
        compared++;
      }
    }
    assert.equal(compared, 2400);
  });

  it('splits a run where a later stack leaves it or ends in it, keeping the weights of both parts', () => {
    const trie = new ChainTrie();
    trie.add(Uint32Array.of(5, 4, 3, 2, 1), 4, 1); // chain 1 2 3 4 5
    trie.add(Uint32Array.of(9, 3, 2, 1), 3, 2); // leaves the run after 1 2 3
    assert.deepEqual(trie.heaviestPath(10), [1, 2, 3, 9]);
    trie.add(Uint32Array.of(2, 1), 1, 2); // ends inside the run: 1 2 weigh 5, 3 weighs 3
    trie.add(Uint32Array.of(7, 2, 1), 2, 4); // 7 (4) beats 3 (3)
    assert.deepEqual(trie.heaviestPath(10), [1, 2, 7]);
    assert.deepEqual(trie.heaviestPath(2), [1, 2]);
    trie.add(Uint32Array.of(4, 3, 2, 1), 3, 1); // 3 now 4: a tie with 7; under 3, 4 (2) ties with 9 (2): the child made first wins each time
    assert.deepEqual(trie.heaviestPath(10), [1, 2, 3, 4, 5]);
  });

  it('with a depth, keeps that many frames of each stack and finds the same paths up to that length', () => {
    const random = seededRandom(11);
    let compared = 0;
    for (let trial = 0; trial < 200; trial++) {
      const depth = 1 + (trial % 6);
      const capped = new ChainTrie(depth);
      const reference = new NodePerFrameTrie();
      for (let s = 1 + Math.floor(random() * 30); s > 0; s--) {
        // Stacks of 0–11 frames from 3 values: runs, splits and ties below and beyond the depth.
        const stack = Uint32Array.from({ length: Math.floor(random() * 12) }, () => Math.floor(random() * 3));
        const weight = 1 + Math.floor(random() * 3);
        capped.add(stack, stack.length - 1, weight);
        reference.add(stack, stack.length - 1, weight);
      }
      for (let maxLength = 0; maxLength <= depth; maxLength++) {
        assert.deepEqual(capped.heaviestPath(maxLength), reference.heaviestPath(maxLength), `trial ${trial}, depth ${depth}, maxLength ${maxLength}`);
        compared++;
      }
      assert.ok(capped.heaviestPath(100).length <= depth);
    }
    assert.equal(compared, 896);
  });

  it('reading tails back from their samples, finds the paths of the copying trie and of the node-per-frame trie', () => {
    const random = seededRandom(23);
    let compared = 0;
    for (let trial = 0; trial < 200; trial++) {
      const depth = trial % 3 === 0 ? Infinity : 2 + (trial % 7);
      const stacks: Uint32Array[] = [];
      // One reused buffer, as the analysis's reader has: valid until the next read.
      const shared = new Uint32Array(64);
      const lazy = new ChainTrie(depth, (sample) => {
        shared.set(stacks[sample]!);
        return shared.subarray(0, stacks[sample]!.length);
      });
      const copying = new ChainTrie(depth);
      const reference = new NodePerFrameTrie();
      const head = Array.from({ length: 1 + Math.floor(random() * 10) }, () => Math.floor(random() * 4));
      for (let sample = 0; sample < 1 + Math.floor(random() * 40); sample++) {
        const rootFirst = head.slice(0, Math.floor(random() * (head.length + 1)));
        for (let k = Math.floor(random() * 10); k > 0; k--) rootFirst.push(Math.floor(random() * 3));
        const stack = Uint32Array.from(rootFirst.reverse());
        stacks.push(stack);
        const from = stack.length - 1 - Math.floor(random() * 2);
        const weight = 1 + Math.floor(random() * 3);
        lazy.add(stack, from, weight, sample);
        copying.add(stack, from, weight);
        reference.add(stack, from, weight);
      }
      for (const maxLength of [0, 1, 2, 5, 8, 40]) {
        const expected = copying.heaviestPath(maxLength);
        assert.deepEqual(lazy.heaviestPath(maxLength), expected, `trial ${trial}, maxLength ${maxLength}`);
        if (maxLength <= depth) assert.deepEqual(expected, reference.heaviestPath(maxLength), `trial ${trial}, maxLength ${maxLength}`);
        compared++;
      }
    }
    assert.equal(compared, 1200);
  });

  it('with a depth of 2, a third frame never splits a run nor joins the path', () => {
    const trie = new ChainTrie(2);
    trie.add(Uint32Array.of(5, 2, 1), 2, 1); // keeps 1 2
    trie.add(Uint32Array.of(6, 2, 1), 2, 1); // 1 2 again: no branch at 5/6
    trie.add(Uint32Array.of(3, 1), 1, 1);
    assert.deepEqual(trie.heaviestPath(10), [1, 2]);
  });
});
