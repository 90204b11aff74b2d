/**
 * A differential flame graph of two profiles: the call tree of the after profile (width = after
 * weight) with each node's change against the before profile, in the data shape d3-flame-graph 4
 * reads in differential mode (`flamegraph().differential(true)`, default compound values:
 * `value` is the node's total including its children, `delta` likewise; positive delta = grew,
 * drawn red; negative = shrank, blue).
 */
import type { Profile } from '../profile/model';
import type { Comparison } from './types';
import { capTreeDepth, foldedLabel, MAX_FLAME_DEPTH } from '../flameDepth';
import { buildPrunedCallTree } from '../prunedCallTree';

/** One node of the merged call tree (function level: frames are merged by name). */
export interface DiffNode {
  readonly name: string;
  /** After weight, total (cumulative) over this node's subtree, in the profile unit. */
  value: number;
  /** value − k × before, with k from {@link DiffTreeOptions.beforeScale}. */
  delta: number;
  /** Before weight (unscaled), total over the subtree. */
  before: number;
  /** Same as `value`; kept for readers that do not know d3-flame-graph's field names. */
  after: number;
  children: DiffNode[];
}

export interface DiffTreeOptions {
  /**
   * Factor applied to before weights so the two sides are comparable: afterRequests /
   * beforeRequests when both request counts are known (same traffic), else afterTotal /
   * beforeTotal (compare shares). Default: the ratio of totals.
   */
  readonly beforeScale?: number;
  /** Before function name → after function name, for renamed functions (see {@link renamesFromComparison}). */
  readonly rename?: ReadonlyMap<string, string>;
  /** Nodes whose before (scaled) and after weights are both below this fraction of the after total are dropped; default 0.001. */
  readonly minFraction?: number;
}

/**
 * Builds the merged tree ({@link buildPrunedCallTree}: memory bounded by the kept nodes, not the
 * profiles' size). The root is named `all`; levels below {@link MAX_FLAME_DEPTH} are folded into
 * one node (`… N more levels`) carrying its parent's values.
 * @returns the root; an empty after profile gives a root with value 0
 */
export function buildDiffTree(before: Profile, after: Profile, options: DiffTreeOptions = {}): DiffNode {
  const k = options.beforeScale ?? (before.totalWeight > 0 ? after.totalWeight / before.totalWeight : 1);
  const rename = options.rename;
  const threshold = (options.minFraction ?? 0.001) * after.totalWeight;
  // weights: [before, after]
  const root = buildPrunedCallTree<DiffNode>([{ profile: before, nameOf: (name) => rename?.get(name) ?? name }, { profile: after }], {
    rootName: 'all',
    keep: (w) => w[1]! >= threshold || k * w[0]! >= threshold,
    order: (x, y) => y[1]! - x[1]! || y[0]! - x[0]!,
    make: (name, w, children) => ({ name, value: w[1]!, delta: w[1]! - k * w[0]!, before: w[0]!, after: w[1]!, children }),
  });
  capTreeDepth(root, MAX_FLAME_DEPTH, (node, hidden) => ({ ...node, name: foldedLabel(hidden), children: [] }));
  return root;
}

/**
 * Before → after function names of the user-function and SDK-function rows a comparison paired
 * by name or call site, for {@link DiffTreeOptions.rename}. Pairs made by category alone are left
 * out: their frames sit in different call trees, and merging them would draw a false path.
 */
export function renamesFromComparison(c: Comparison): Map<string, string> {
  const map = new Map<string, string>();
  for (const row of [...c.userFunctions, ...c.sdkFunctions]) {
    const b = row.before.ref?.name;
    const a = row.after.ref?.name;
    if (row.status === 'matched' && (row.matchedBy === 'name' || row.matchedBy === 'call-site') && b && a && b !== a) map.set(b, a);
  }
  return map;
}
