/**
 * Flame graphs sent to a webview are capped in depth. A stack thousands of frames deep (deep
 * recursion) made the report fail: 2,500 levels overflowed a recursive tree walk, and at 1,500
 * levels the webview's `structuredClone` threw and the flame graph stayed blank (issue 13). A
 * flame graph of 18-pixel rows is unreadable long before that, so the levels below
 * {@link MAX_FLAME_DEPTH} are folded into one node that says how many levels it hides.
 */

/** Deepest level drawn (the root is level 0): 256 rows, about 4,600 pixels. */
export const MAX_FLAME_DEPTH = 256;

/** A tree node as the flame graphs hold them. */
export interface TreeNode<T> {
  name: string;
  children: T[];
}

/**
 * Replaces, in place, the subtree below every node at level `maxDepth` by one child made by
 * `fold(node, hiddenLevels)` (`hiddenLevels` ≥ 1: how deep that subtree went). Iterative, so any
 * depth is safe. Returns how many subtrees were folded.
 */
export function capTreeDepth<T extends TreeNode<T>>(root: T, maxDepth: number, fold: (node: T, hiddenLevels: number) => T): number {
  let folded = 0;
  const stack: [T, number][] = [[root, 0]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (depth < maxDepth) {
      for (const c of node.children) stack.push([c, depth + 1]);
    } else if (node.children.length > 0) {
      node.children = [fold(node, subtreeHeight(node))];
      folded++;
    }
  }
  return folded;
}

/** Levels below `node` (0 for a leaf), without recursion. */
export function subtreeHeight<T extends TreeNode<T>>(node: T): number {
  let height = 0;
  const stack: [T, number][] = [[node, 0]];
  while (stack.length > 0) {
    const [n, depth] = stack.pop()!;
    height = Math.max(height, depth);
    for (const c of n.children) stack.push([c, depth + 1]);
  }
  return height;
}

/** The label of a folded subtree: `… 2,243 more levels (deep recursion)`. */
export function foldedLabel(hiddenLevels: number): string {
  return `… ${hiddenLevels.toLocaleString('en-US')} more level${hiddenLevels === 1 ? '' : 's'} (deep recursion)`;
}
