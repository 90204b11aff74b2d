/**
 * A small weighted trie of the stacks beneath one call site, to find its typical chain:
 * from the call site down, always into the heaviest child.
 *
 * Runs where the trie does not branch are one node holding their frames (a radix trie): the
 * stacks beneath a call site mostly share a head and end in a tail of their own, and a node per
 * frame of every tail was most of the analysis's time and memory with a source root (the 50 MB
 * synthetic under its adapter call sites: ~13 million nodes, each with a `Map`, 1.3 GB).
 */

interface TrieNode {
  /** Weight of the stacks through this node (the same at every frame of `frames`). */
  weight: number;
  /** Frames from the parent to this node, caller first; one at least, except at the root. */
  frames: number[];
  /** The child made first; later ones in `more`, by their first frame, in the order they were made. */
  first: TrieNode | undefined;
  more: Map<number, TrieNode> | undefined;
}

function node(frames: number[], weight = 0): TrieNode {
  return { weight, frames, first: undefined, more: undefined };
}

export class ChainTrie {
  private readonly root: TrieNode = node([]);

  /** Adds the frames `stack[from]`, `stack[from-1]`, … `stack[0]` (caller to leaf) with `weight`. */
  add(stack: Uint32Array, from: number, weight: number): void {
    let at = this.root;
    at.weight += weight;
    let i = from;
    while (i >= 0) {
      const child = childOf(at, stack[i]!);
      if (!child) {
        const tail = new Array<number>(i + 1);
        for (let k = 0; k <= i; k++) tail[k] = stack[i - k]!;
        adopt(at, node(tail, weight));
        return;
      }
      const frames = child.frames;
      let k = 1;
      i--;
      while (k < frames.length && i >= 0 && frames[k] === stack[i]) {
        k++;
        i--;
      }
      if (k < frames.length) split(child, k);
      child.weight += weight;
      at = child;
    }
  }

  /** Frame ids of the heaviest path, caller first, at most `maxLength` long (ties: the child made first). */
  heaviestPath(maxLength: number): number[] {
    const path: number[] = [];
    let at = this.root;
    while (at.first && path.length < maxLength) {
      let best = at.first;
      if (at.more) for (const child of at.more.values()) if (child.weight > best.weight) best = child;
      for (let k = 0; k < best.frames.length && path.length < maxLength; k++) path.push(best.frames[k]!);
      at = best;
    }
    return path;
  }
}

function childOf(parent: TrieNode, frame: number): TrieNode | undefined {
  if (parent.first && parent.first.frames[0] === frame) return parent.first;
  return parent.more?.get(frame);
}

function adopt(parent: TrieNode, child: TrieNode): void {
  if (!parent.first) parent.first = child;
  else (parent.more ??= new Map()).set(child.frames[0]!, child);
}

/** Cuts `at`'s frames after the first `k`: the rest becomes its only child, with its weight and children. */
function split(at: TrieNode, k: number): void {
  const rest = node(at.frames.slice(k), at.weight);
  rest.first = at.first;
  rest.more = at.more;
  at.frames = at.frames.slice(0, k);
  at.first = rest;
  at.more = undefined;
}
