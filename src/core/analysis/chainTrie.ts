/**
 * A small weighted trie of the stacks beneath one call site, to find its typical chain:
 * from the call site down, always into the heaviest child.
 */

interface TrieNode {
  weight: number;
  readonly children: Map<number, TrieNode>;
}

export class ChainTrie {
  private readonly root: TrieNode = { weight: 0, children: new Map() };

  /** Adds the frames `stack[from]`, `stack[from-1]`, … `stack[0]` (caller to leaf) with `weight`. */
  add(stack: Uint32Array, from: number, weight: number): void {
    let node = this.root;
    node.weight += weight;
    for (let i = from; i >= 0; i--) {
      const frame = stack[i]!;
      let child = node.children.get(frame);
      if (!child) node.children.set(frame, (child = { weight: 0, children: new Map() }));
      child.weight += weight;
      node = child;
    }
  }

  /** Frame ids of the heaviest path, caller first, at most `maxLength` long. */
  heaviestPath(maxLength: number): number[] {
    const path: number[] = [];
    let node = this.root;
    while (node.children.size > 0 && path.length < maxLength) {
      let best: [number, TrieNode] | undefined;
      for (const entry of node.children) {
        if (!best || entry[1].weight > best[1].weight) best = entry;
      }
      path.push(best![0]);
      node = best![1];
    }
    return path;
  }
}
