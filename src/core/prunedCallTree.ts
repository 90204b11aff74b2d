/**
 * A call tree merged by function name from the root down (what the flame graphs draw), built
 * without ever holding the whole tree: the samples are sorted by their root-first name sequence
 * and walked like a sorted word list, so a node is complete when the walk leaves its prefix and
 * is then kept or dropped at once. Memory is the kept nodes plus one path, whatever the profile:
 * the whole tree of a 40 MB profile (millions of nodes, one Map each) ran the language server
 * out of its 4 GB heap (issue 13).
 */
import type { Profile } from './profile/model';

/** One side of the tree: a profile and which of its samples count. */
export interface TreeSide {
  readonly profile: Profile;
  /** Name a frame is merged under (a rename of the side's functions); default its own name. */
  readonly nameOf?: (name: string) => string;
  /** Whether a sample counts; default all. */
  readonly includes?: (stack: Uint32Array) => boolean;
}

/** A node on the walk's current path: weights and the children kept so far. */
interface OpenNode<T> {
  readonly nameId: number;
  readonly weights: Float64Array;
  readonly children: { node: T; weights: Float64Array; first: number }[];
  /** Position, in the sides' sample order, of the first sample through the node (for ties). */
  first: number;
}

/** How the tree is pruned, ordered and shaped. `weights[k]` is side k's weight through a node (profile unit). */
export interface PrunedTreeRules<T> {
  readonly rootName: string;
  /**
   * Whether a node is kept. Must never keep a node whose parent it would drop (true of any
   * "a weight ≥ threshold" rule: a parent weighs at least what each child does).
   */
  readonly keep: (weights: Float64Array) => boolean;
  /** Order of siblings (negative: `a` first); ties keep the order a sample first reached them. */
  readonly order: (a: Float64Array, b: Float64Array) => number;
  /** The output node, given its kept children already made and ordered. */
  readonly make: (name: string, weights: Float64Array, children: T[]) => T;
}

/**
 * Builds the merged tree of `sides` (frames merged by name, stacks read root first) and returns
 * its root (always kept). Sibling ties are ordered by the first sample that reached them, sides
 * in the order given: the order of a tree built sample by sample. O(n log n) stack comparisons
 * for n samples; memory: the kept nodes and one path.
 */
export function buildPrunedCallTree<T>(sides: readonly TreeSide[], rules: PrunedTreeRules<T>): T {
  const { keep, order, make } = rules;
  const nameIds = new Map<string, number>();
  const names: string[] = [];
  const idOf = (name: string): number => {
    let id = nameIds.get(name);
    if (id === undefined) nameIds.set(name, (id = names.push(name) - 1));
    return id;
  };
  // Per side: frame id → name id; the samples that count, as (side, sample) in one list.
  const frameNames = sides.map((side) => Uint32Array.from(side.profile.frames, (f) => idOf(side.nameOf ? side.nameOf(f.name) : f.name)));
  const stacks: Uint32Array[] = [];
  const sideOf: number[] = [];
  const weightOf: number[] = [];
  sides.forEach((side, k) => {
    for (const sample of side.profile.samples) {
      if (side.includes && !side.includes(sample.stack)) continue;
      stacks.push(sample.stack);
      sideOf.push(k);
      weightOf.push(sample.weight);
    }
  });
  const nameAt = (i: number, depth: number): number => {
    const stack = stacks[i]!;
    return frameNames[sideOf[i]!]![stack[stack.length - 1 - depth]!]!;
  };
  const sorted = Array.from(stacks, (_, i) => i).sort((a, b) => {
    const la = stacks[a]!.length;
    const lb = stacks[b]!.length;
    for (let d = 0; d < la && d < lb; d++) {
      const diff = nameAt(a, d) - nameAt(b, d);
      if (diff !== 0) return diff;
    }
    return la - lb;
  });

  const newOpen = (nameId: number, first: number): OpenNode<T> => ({ nameId, weights: new Float64Array(sides.length), children: [], first });
  const path: OpenNode<T>[] = [newOpen(-1, 0)];
  const made = (node: OpenNode<T>): T =>
    make(
      node.nameId < 0 ? rules.rootName : names[node.nameId]!,
      node.weights,
      node.children.sort((x, y) => order(x.weights, y.weights) || x.first - y.first).map((c) => c.node),
    );
  const close = (): void => {
    const node = path.pop()!;
    if (keep(node.weights)) path[path.length - 1]!.children.push({ node: made(node), weights: node.weights, first: node.first });
  };

  let previous = -1;
  for (const i of sorted) {
    const stack = stacks[i]!;
    let common = 0;
    if (previous >= 0) {
      const limit = Math.min(stack.length, stacks[previous]!.length, path.length - 1);
      while (common < limit && nameAt(i, common) === nameAt(previous, common)) common++;
    }
    while (path.length - 1 > common) close();
    for (let d = common; d < stack.length; d++) path.push(newOpen(nameAt(i, d), i));
    const w = weightOf[i]!;
    const side = sideOf[i]!;
    for (const node of path) {
      node.weights[side] += w;
      if (i < node.first) node.first = i;
    }
    previous = i;
  }
  while (path.length > 1) close();
  return made(path[0]!);
}
