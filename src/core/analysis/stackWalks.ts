/**
 * Walks over one sample's stack that the attribution pass makes for a marshalling sample: the
 * client nearest a frame (which AWS service it worked for), a client being made, a shared utility
 * entered for other SDK work, member-level reads of the v3 serde. Flags per function id come from
 * `functionClasses.ts`; stacks are frame ids, leaf first.
 */
import type { RuleMatch } from '../detect/classify';
import type { FrameTable } from '../profile/columns/frameTable';
import type { FrameKeys } from './frameKeys';
import { DYNAMO_CLIENT, MATCH, OTHER_CLIENT, SHARED_MEMBER, SHARED_UTILITY, TRANSPARENT, UTILITY_CALLER } from './functionClasses';

const CLIENT_CONSTRUCTOR = /^[A-Z][\w$]*Client$/;

/** True when the client frame nearest the leaf is a client class's constructor (`DynamoDBClient`, `DynamoDBDocumentClient`, `SQSClient`): the client is being made. */
export function makingClient(stack: Uint32Array, flags: Uint16Array, functionOf: Uint32Array, table: FrameTable, keys: FrameKeys): boolean {
  const at = serviceAt(stack, -1, flags, functionOf);
  return at >= 0 && CLIENT_CONSTRUCTOR.test(table.strings[table.nameId[keys.functionFrame[functionOf[stack[at]!]!]!]!]!);
}

/**
 * Index of the client frame nearest above `stack[d]` (a DynamoDB client's or another AWS
 * service's, by `flags`), or -1 when no client is on the stack above it.
 */
export function serviceAt(stack: Uint32Array, d: number, flags: Uint16Array, functionOf: Uint32Array): number {
  for (let i = d + 1; i < stack.length; i++) if (flags[functionOf[stack[i]!]!]! & (DYNAMO_CLIENT | OTHER_CLIENT)) return i;
  return -1;
}

/**
 * True when the sample's deciding frame `stack[d]` is a shared utility (`callerExclude`) entered
 * from code that uses it for its own work (signing, retries, a checksum): that code's sample, not marshalling.
 */
export function utilityOfCaller(stack: Uint32Array, d: number, flags: Uint16Array, functionOf: Uint32Array, matchAt: (frame: number) => RuleMatch | undefined): boolean {
  if (!(flags[functionOf[stack[d]!]!]! & SHARED_UTILITY)) return false;
  const rule = matchAt(stack[d]!)!.rule;
  for (let i = d + 1; i < stack.length; i++) {
    const bits = flags[functionOf[stack[i]!]!]!;
    if (bits & MATCH ? matchAt(stack[i]!)!.rule === rule : bits & TRANSPARENT) continue;
    return (bits & UTILITY_CALLER) !== 0;
  }
  return false;
}

/**
 * Frames of `stack[d…]` that are member-level reads or writes of the shared v3 serde ({@link SHARED_MEMBER}):
 * two or more without a DynamoDB codec above them mean a nested shape read by another service's
 * client (a DynamoDB response's top-level read may call the shared `_read` once before its codec).
 */
export function memberDepth(stack: Uint32Array, d: number, flags: Uint16Array, functionOf: Uint32Array): number {
  let n = 0;
  for (let i = d; i < stack.length && n < 2; i++) if (flags[functionOf[stack[i]!]!]! & SHARED_MEMBER) n++;
  return n;
}
