/**
 * The flame graph of the report: the profile's stacks that contain DynamoDB marshalling,
 * merged by function name from the root down, in d3-flame-graph's `{name, value, children}`
 * shape. Built in the server so the extension host and the webview only draw it.
 */
import { MARSHALLING_CATEGORIES } from '../core/detect/types';
import type { Profile } from '../core/profile/model';
import type { FrameClass } from '../core/detect/types';
import type { FlameNode } from '../shared/protocol';
import { capTreeDepth, foldedLabel, MAX_FLAME_DEPTH } from '../core/flameDepth';
import { buildPrunedCallTree } from '../core/prunedCallTree';

/**
 * Builds the tree. `classify` says which frames are DynamoDB frames (the detector's
 * `classifyFrame`); samples count when any frame of their stack is a marshalling frame
 * (connection setup, error answers and retries left out). Nodes under `minFraction` of the profile's total weight
 * (default 0.001 = 0.1 %) are pruned to keep the message small. Values are in the
 * profile's unit; the root node is named `all DynamoDB marshalling`. Built by
 * {@link buildPrunedCallTree} (memory: the kept nodes, not the whole tree). Levels below
 * {@link MAX_FLAME_DEPTH} are folded into one node (`… N more levels`).
 */
export function buildDynamoFlameTree(
  profile: Profile,
  classify: (frame: Profile['frames'][number]) => FrameClass | undefined,
  minFraction = 0.001,
): FlameNode {
  const isMarshalling = profile.frames.map((f) => {
    const c = classify(f);
    return c !== undefined && MARSHALLING_CATEGORIES.has(c.category);
  });
  const minValue = profile.totalWeight * minFraction;
  const tree = buildPrunedCallTree<FlameNode>([{ profile, includes: (stack) => stack.some((id) => isMarshalling[id]) }], {
    rootName: 'all DynamoDB marshalling',
    keep: (w) => w[0]! >= minValue,
    order: (x, y) => y[0]! - x[0]!,
    make: (name, w, children) => ({ name, value: w[0]!, children }),
  });
  capTreeDepth(tree, MAX_FLAME_DEPTH, (node, hidden) => ({ name: foldedLabel(hidden), value: node.value, children: [] }));
  return tree;
}
