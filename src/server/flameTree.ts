/**
 * The flame graph of the report: the profile's stacks that contain DynamoDB marshalling,
 * merged by function name from the root down, in d3-flame-graph's `{name, value, children}`
 * shape. Built in the server so the extension host and the webview only draw it.
 */
import type { Profile } from '../core/profile/model';
import type { FrameClass } from '../core/detect/types';
import type { FlameNode } from '../shared/protocol';
import { capTreeDepth, foldedLabel, MAX_FLAME_DEPTH } from '../core/flameDepth';

interface MutableNode {
  name: string;
  value: number;
  children: Map<string, MutableNode>;
}

function child(parent: MutableNode, name: string): MutableNode {
  let node = parent.children.get(name);
  if (!node) {
    node = { name, value: 0, children: new Map() };
    parent.children.set(name, node);
  }
  return node;
}

/** The mutable tree as FlameNodes, children heaviest first, light ones pruned; iterative (any depth). */
function freeze(root: MutableNode, minValue: number): FlameNode {
  const frozen: FlameNode = { name: root.name, value: root.value, children: [] };
  const stack: [MutableNode, FlameNode][] = [[root, frozen]];
  while (stack.length > 0) {
    const [node, out] = stack.pop()!;
    const kept = [...node.children.values()].filter((c) => c.value >= minValue).sort((a, b) => b.value - a.value);
    for (const c of kept) {
      const child: FlameNode = { name: c.name, value: c.value, children: [] };
      out.children.push(child);
      stack.push([c, child]);
    }
  }
  return frozen;
}

/**
 * Builds the tree. `classify` says which frames are DynamoDB frames (the detector's
 * `classifyFrame`); samples count when any frame of their stack is a marshalling frame
 * (connection setup left out). Nodes under `minFraction` of the profile's total weight
 * (default 0.001 = 0.1 %) are pruned to keep the message small. Values are in the
 * profile's unit; the root node is named `all DynamoDB marshalling`. Levels below
 * {@link MAX_FLAME_DEPTH} are folded into one node (`… N more levels`).
 */
export function buildDynamoFlameTree(
  profile: Profile,
  classify: (frame: Profile['frames'][number]) => FrameClass | undefined,
  minFraction = 0.001,
): FlameNode {
  const isMarshalling = profile.frames.map((f) => {
    const c = classify(f);
    return c !== undefined && c.category !== 'connection-setup';
  });
  const root: MutableNode = { name: 'all DynamoDB marshalling', value: 0, children: new Map() };
  for (const sample of profile.samples) {
    if (!sample.stack.some((id) => isMarshalling[id])) continue;
    root.value += sample.weight;
    let node = root;
    for (let i = sample.stack.length - 1; i >= 0; i--) {
      node = child(node, profile.frames[sample.stack[i]].name);
      node.value += sample.weight;
    }
  }
  const tree = freeze(root, profile.totalWeight * minFraction);
  capTreeDepth(tree, MAX_FLAME_DEPTH, (node, hidden) => ({ name: foldedLabel(hidden), value: node.value, children: [] }));
  return tree;
}
