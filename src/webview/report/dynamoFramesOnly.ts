/**
 * The differential flame graph's "DynamoDB frames only" view: every frame that is not a DynamoDB
 * marshalling frame (`DiffFlameNode.dynamo`) is taken out and its children take its place, merged
 * by name with their new siblings — the ~30 towers of SDK middleware and runtime frames between a
 * request and its marshalling collapse into the marshalling frames they lead to. Values and
 * changes are inclusive, so every kept frame keeps its figures and the root keeps the total.
 */
import type { DiffFlameNode } from '../../shared/protocol';

type Node = { name: string; value: number; delta: number; before: number; children: Node[]; dynamo?: true };

/** Adds `node` to `siblings`, merged into the one of the same name when there is one. */
function mergeInto(siblings: Node[], node: Node): void {
  const same = siblings.find((s) => s.name === node.name);
  if (!same) return void siblings.push(node);
  same.value += node.value;
  same.delta += node.delta;
  same.before += node.before;
  for (const child of node.children) mergeInto(same.children, child);
}

/** The kept nodes that stand for `node`: itself (with kept children) when it is a DynamoDB frame, else its children's. */
function kept(node: DiffFlameNode): Node[] {
  const children: Node[] = [];
  for (const child of node.children) for (const k of kept(child)) mergeInto(children, k);
  if (!node.dynamo) return children;
  return [{ name: node.name, value: node.value, delta: node.delta, before: node.before, children, dynamo: true }];
}

/** `root` with only its DynamoDB frames below it (see the module comment). */
export function dynamoFramesOnly(root: DiffFlameNode): DiffFlameNode {
  const children: Node[] = [];
  for (const child of root.children) for (const k of kept(child)) mergeInto(children, k);
  return { name: root.name, value: root.value, delta: root.delta, before: root.before, children };
}
