/**
 * A small weighted trie of the stacks beneath one call site, to find its typical chain:
 * from the call site down, always into the heaviest child.
 *
 * Runs where the trie does not branch are one node holding their frames (a radix trie): the
 * stacks beneath a call site mostly share a head and end in a tail of their own, and a node per
 * frame of every tail was most of the analysis's time and memory with a source root (the 50 MB
 * synthetic under its adapter call sites: ~13 million nodes, each with a `Map`, 1.3 GB).
 *
 * A trie made with a depth keeps the first `depth` frames of each stack only: a node's weight
 * depends on the frames above it alone, so paths up to that length are the same as the whole
 * trie's, and the analysis reports 47 frames of stacks that run a hundred deep beneath a call site.
 *
 * Nodes are rows of typed columns and their frames runs of one frame column: as objects with a
 * frame array each, the synthetic's 490,000 nodes and 5.7 million frames under its adapter call
 * sites held ~110 MB of heap. A trie that can read a sample's stack again (`stackOf`) keeps a new
 * tail as (sample, index) and copies its frames only when a later stack enters it: most tails
 * are one sample's own and are never entered.
 */
import { GrowableF64, GrowableI32, GrowableU32 } from '../profile/columns/growable';
import { PairIndex } from '../profile/columns/pairIndex';

/** No node, no brood. */
const NONE = -1;

export class ChainTrie {
  /** Per node (0: the root): weight of the stacks through it (the same at every frame of the node). */
  private readonly weight = new GrowableF64(16);
  /** Per node: its first frame. */
  private readonly head = new GrowableU32(16);
  /**
   * Per node: its frames, caller first, `size` of them; one at least, except at the root. From
   * `start` in `frames`; or, when `start` is negative, `stackOf(sample)[−1 − start]` and the `size − 1` below it.
   */
  private readonly start = new GrowableI32(16);
  private readonly sample = new GrowableU32(16);
  private readonly size = new GrowableU32(16);
  /**
   * Per node: its children as a brood id, NONE when it has none. A split hands the brood to the
   * lower part of the node, so the children keep their keys.
   */
  private readonly brood = new GrowableI32(16);
  /** Per node: the next child of its parent's brood, in the order they were made. */
  private readonly next = new GrowableI32(16);
  /** Per brood: its first and last child. */
  private readonly broodFirst = new GrowableI32(16);
  private readonly broodLast = new GrowableI32(16);
  private readonly frames = new GrowableU32(64);
  /** (brood, first frame) of the children after a brood's first, numbered as made; `laterChild` gives the node. */
  private readonly laterKeys = new PairIndex(16);
  private readonly laterChild = new GrowableI32(16);

  /**
   * @param depth how many frames of each stack to keep, from the caller's end (all by default).
   * @param stackOf sample index → its stack, leaf first, the same as {@link add} was given (valid
   *   until the next call); without it, every frame added is copied.
   */
  constructor(
    private readonly depth = Infinity,
    private readonly stackOf?: (sample: number) => Uint32Array,
  ) {
    this.node(0, 0, 0, 0, 0);
  }

  /**
   * Adds the frames `stack[from]`, `stack[from-1]`, … `stack[0]` (caller to leaf), the first `depth` of them, with `weight`.
   * `sample`: the stack's sample index, for a trie with `stackOf` (−1: copy the frames).
   */
  add(stack: Uint32Array, from: number, weight: number, sample = -1): void {
    let at = 0;
    this.weight.array[0]! += weight;
    const last = Math.max(0, from - this.depth + 1);
    let i = from;
    while (i >= last) {
      const child = this.childOf(at, stack[i]!);
      if (child === NONE) {
        this.adopt(at, this.tail(stack, i, last, weight, sample));
        return;
      }
      const size = this.size.array[child]!;
      let k = 1;
      i--;
      if (size > 1 && i >= last) {
        const start = this.copied(child);
        const frames = this.frames.array;
        while (k < size && i >= last && frames[start + k] === stack[i]) {
          k++;
          i--;
        }
      }
      if (k < size) this.split(child, k);
      this.weight.array[child]! += weight;
      at = child;
    }
  }

  /** Frame ids of the heaviest path, caller first, at most `maxLength` long (and `depth`; ties: the child made first). */
  heaviestPath(maxLength: number): number[] {
    const { weight, size, brood, next, broodFirst } = this;
    const path: number[] = [];
    let at = 0;
    while (brood.array[at]! !== NONE && path.length < maxLength) {
      let best = broodFirst.array[brood.array[at]!]!;
      for (let c = next.array[best]!; c !== NONE; c = next.array[c]!) if (weight.array[c]! > weight.array[best]!) best = c;
      const start = this.copied(best);
      for (let k = 0; k < size.array[best]! && path.length < maxLength; k++) path.push(this.frames.array[start + k]!);
      at = best;
    }
    return path;
  }

  /** A new childless node; returns its id. */
  private node(weight: number, head: number, start: number, sample: number, size: number): number {
    const id = this.weight.length;
    this.weight.push(weight);
    this.head.push(head);
    this.start.push(start);
    this.sample.push(sample);
    this.size.push(size);
    this.brood.push(NONE);
    this.next.push(NONE);
    return id;
  }

  /** A new brood whose only child is `child`; returns its id. */
  private broodOf(child: number): number {
    const id = this.broodFirst.length;
    this.broodFirst.push(child);
    this.broodLast.push(child);
    return id;
  }

  /** The child of `parent` whose first frame is `frame`, NONE when there is none. */
  private childOf(parent: number, frame: number): number {
    const brood = this.brood.array[parent]!;
    if (brood === NONE) return NONE;
    const first = this.broodFirst.array[brood]!;
    if (this.head.array[first] === frame) return first;
    const known = this.laterKeys.size;
    const key = this.laterKeys.idOf(brood, frame);
    // A new key is for the child `adopt` makes next.
    return key < known ? this.laterChild.array[key]! : NONE;
  }

  /** A node holding `stack[i]`, `stack[i-1]`, … `stack[last]` with `weight` (as a reference when `sample` can be read again); returns its id. */
  private tail(stack: Uint32Array, i: number, last: number, weight: number, sample: number): number {
    if (this.stackOf && sample >= 0) return this.node(weight, stack[i]!, -1 - i, sample, i - last + 1);
    const start = this.frames.length;
    for (let k = i; k >= last; k--) this.frames.push(stack[k]!);
    return this.node(weight, stack[i]!, start, 0, i - last + 1);
  }

  /** Where `node`'s frames start in `frames`, copied there from its sample's stack first when they are not yet. */
  private copied(node: number): number {
    const start = this.start.array[node]!;
    if (start >= 0) return start;
    const stack = this.stackOf!(this.sample.array[node]!);
    const at = this.frames.length;
    for (let k = -1 - start, end = k - this.size.array[node]!; k > end; k--) this.frames.push(stack[k]!);
    this.start.array[node] = at;
    return at;
  }

  /** Makes `child` the last child of `parent`, after {@link childOf} found none for its first frame. */
  private adopt(parent: number, child: number): void {
    const brood = this.brood.array[parent]!;
    if (brood === NONE) {
      this.brood.array[parent] = this.broodOf(child);
      return;
    }
    this.laterChild.push(child);
    this.next.array[this.broodLast.array[brood]!] = child;
    this.broodLast.array[brood] = child;
  }

  /** Cuts `at`'s frames after the first `k`: the rest becomes its only child, with its weight and children. */
  private split(at: number, k: number): void {
    const start = this.copied(at) + k;
    const rest = this.node(this.weight.array[at]!, this.frames.array[start]!, start, 0, this.size.array[at]! - k);
    this.brood.array[rest] = this.brood.array[at]!;
    this.size.array[at] = k;
    this.brood.array[at] = this.broodOf(rest);
  }
}
