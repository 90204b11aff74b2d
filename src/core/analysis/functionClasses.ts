/**
 * What the attribution pass needs to know of each function of a profile (rule match, transparency,
 * GC, reflection, module loading, DynamoDB or other AWS client, SDK family, operation), judged once per
 * function from the frame columns. Frames of one function differ only by line.
 *
 * The file halves of the tests are judged once per distinct file: a large profile has tens of
 * thousands of functions in a few dozen files (google-pprof_large: 23,038 in 21).
 */
import { fileTraitsOf, isGcFrame, isTransparent, matchFrame, type FileTraits, type RuleMatch } from '../detect/classify';
import type { FrameTable } from '../profile/columns/frameTable';
import { FRAME_RULES } from '../detect/rules';
import { isDocumentClientFile, operationOfFrame, type DynamoOperation } from '../source/dynamoOperations';
import { familyIndexOfFrame, familyPatternOfFile } from './estimate';
import type { FrameKeys } from './frameKeys';
import { handshakeSideOf, type HandshakeSide } from '../detect/handshakeSide';
import { isDynamoClientFile, isDynamoClientName, isModuleLoadFrame, moduleLoaderOf, otherServiceOfFile, otherServiceOfName } from './stackEvidence';
import { isSharedMemberSerde } from './serviceEvidence';

/** Flag bits of {@link FunctionClasses.flags}. */
export const TRANSPARENT = 1;
export const GC = 2;
export const REFLECT = 4;
export const MATCH = 8;
/** A rule matched and its family is (un)marshalling: `protocol` or `attribute`. */
export const MARSHAL = 16;
export const MODULE_LOAD = 32;
export const DYNAMO_CLIENT = 64;
/** Another AWS service's own code (`stackEvidence.ts` `otherServiceOf…`). */
export const OTHER_CLIENT = 128;
/** A member-level function of a shared serde that DynamoDB's codec overrides (`serviceEvidence.ts`). */
export const SHARED_MEMBER = 256;
/** A utility of a rule with `callerExclude` (the rule's `utility` path). */
export const SHARED_UTILITY = 512;
/** Code whose calls into such utilities are its own work (some rule's `callerExclude.caller` path). */
export const UTILITY_CALLER = 1024;
/** The function marks the client side of a TLS handshake (`handshakeSide.ts`). */
export const TLS_OUTBOUND = 2048;
/** The function marks the server side of a TLS handshake: the process's own listener. */
export const TLS_INBOUND = 4096;
/** A rule of the `error` family matched: the SDK is decoding an error answer. */
export const ERROR_PATH = 8192;

/**
 * Per function id (see {@link FrameKeys}): what the attribution pass reads of it. Matches and
 * operations are small indices into their distinct values ({@link matchOf}, {@link operationOf}):
 * as arrays of values, the 50 MB synthetic's 218,000 functions held 3.5 MB of heap.
 */
export interface FunctionClasses {
  /** Index + 1 into `matchList` of the function's rule match, 0 when no rule matches. */
  readonly match: Uint16Array;
  /** The distinct matches (rule and direction), in order of their first function. */
  readonly matchList: readonly RuleMatch[];
  /** Bits {@link TRANSPARENT} … {@link ERROR_PATH}. */
  readonly flags: Uint16Array;
  /** Index into `SDK_FAMILIES`, or -1 (estimate.ts `familyIndexOfFrame`). */
  readonly family: Int8Array;
  /** Index + 1 into `operationList` of the DynamoDB operation the function's name says, 0 when none. */
  readonly operation: Uint8Array;
  readonly operationList: readonly DynamoOperation[];
  /** Index + 1 into `serviceList` of the other AWS service whose code the function is ({@link OTHER_CLIENT}), 0 when none. */
  readonly service: Uint8Array;
  readonly serviceList: readonly string[];
}

/** The rule match of function `fn`, if any. */
export function matchOf(classes: FunctionClasses, fn: number): RuleMatch | undefined {
  const k = classes.match[fn]!;
  return k === 0 ? undefined : classes.matchList[k - 1];
}

/** The DynamoDB operation function `fn` names, if any. */
export function operationOf(classes: FunctionClasses, fn: number): DynamoOperation | undefined {
  const k = classes.operation[fn]!;
  return k === 0 ? undefined : classes.operationList[k - 1];
}

const UTILITY_CALLERS = FRAME_RULES.flatMap((r) => (r.callerExclude ? [r.callerExclude.caller] : []));

/** The other AWS service function `fn` belongs to (`kinesis`), if any. */
export function serviceOf(classes: FunctionClasses, fn: number): string | undefined {
  const k = classes.service[fn]!;
  return k === 0 ? undefined : classes.serviceList[k - 1];
}

/** The file halves of the per-function tests. */
interface FileClass {
  readonly traits: FileTraits;
  readonly dynamoClient: boolean;
  readonly otherService: string | undefined;
  readonly utilityCaller: boolean;
  readonly familyPattern: number;
  readonly loader: 'esm' | 'cjs' | undefined;
  readonly documentClient: boolean;
}

function fileClassOf(file: string): FileClass {
  return {
    traits: fileTraitsOf(file),
    dynamoClient: isDynamoClientFile(file),
    otherService: otherServiceOfFile(file),
    utilityCaller: UTILITY_CALLERS.some((caller) => caller.test(file.replace(/\\/g, '/'))),
    familyPattern: familyPatternOfFile(file),
    loader: moduleLoaderOf(file),
    documentClient: isDocumentClientFile(file),
  };
}

/** Classifies every function of `keys` (its name and file from `table`). O(functions + files). */
export function classifyFunctions(table: FrameTable, keys: FrameKeys): FunctionClasses {
  const { strings, nameId, fileId } = table;
  const count = keys.functionCount;
  const match = new Uint16Array(count);
  const matchList: RuleMatch[] = [];
  const matchIndex = new Map<string, number>();
  const flags = new Uint16Array(count);
  const service = new Uint8Array(count);
  const serviceList: string[] = [];
  const family = new Int8Array(count);
  const operation = new Uint8Array(count);
  const operationList: DynamoOperation[] = [];
  const fileClasses = new Map<number, FileClass>();
  // One frame object for every function (the tests keep none): 218,000 of them were 11 MB of garbage on the 50 MB synthetic.
  const frame = { name: '', file: '', line: 0, inlined: false };
  for (let fn = 0; fn < count; fn++) {
    const first = keys.functionFrame[fn]!;
    const file = fileId[first]!;
    let fileClass = fileClasses.get(file);
    if (!fileClass) fileClasses.set(file, (fileClass = fileClassOf(strings[file]!)));
    frame.name = strings[nameId[first]!]!;
    frame.file = strings[file]!;
    const found = matchFrame(frame, fileClass.traits);
    if (found) match[fn] = indexOf(matchIndex, matchList, `${found.rule.id}|${found.direction ?? ''}`, found);
    flags[fn] =
      (isTransparent(frame, fileClass.traits) ? TRANSPARENT : 0) |
      (isGcFrame(frame) ? GC : 0) |
      (frame.name.startsWith('reflect.') ? REFLECT : 0) |
      (found ? MATCH : 0) |
      (found && (found.rule.family === 'protocol' || found.rule.family === 'attribute') ? MARSHAL : 0) |
      (found?.rule.family === 'error' ? ERROR_PATH : 0) |
      // No loader: no module-load frame (passing `undefined` would make isModuleLoadFrame test the file again).
      (fileClass.loader !== undefined && isModuleLoadFrame(frame, fileClass.loader) ? MODULE_LOAD : 0) |
      (fileClass.dynamoClient || isDynamoClientName(frame.name) ? DYNAMO_CLIENT : 0) |
      (found && isSharedMemberSerde(found.rule, frame.name, fileClass.traits.path) ? SHARED_MEMBER : 0) |
      (found?.rule.callerExclude?.utility.test(fileClass.traits.path) ? SHARED_UTILITY : 0) |
      (fileClass.utilityCaller ? UTILITY_CALLER : 0) |
      sideBits(handshakeSideOf(frame));
    const other = fileClass.otherService ?? otherServiceOfName(frame.name);
    if (other !== undefined) {
      flags[fn]! |= OTHER_CLIENT;
      let k = serviceList.indexOf(other);
      if (k < 0 && serviceList.length < 255) k = serviceList.push(other) - 1;
      if (k >= 0) service[fn] = k + 1;
    }
    family[fn] = familyIndexOfFrame(frame.name, frame.file, fileClass.familyPattern);
    const op = operationOfFrame(frame.name, frame.file, fileClass.documentClient);
    if (op !== undefined) {
      let k = operationList.indexOf(op);
      if (k < 0) k = operationList.push(op) - 1;
      operation[fn] = k + 1;
    }
  }
  return { match, matchList, flags, family, operation, operationList, service, serviceList };
}

function sideBits(side: HandshakeSide | undefined): number {
  return side === 'outbound' ? TLS_OUTBOUND : side === 'inbound' ? TLS_INBOUND : 0;
}

/** Index + 1 of `value` in `list` by `key`, appended when new. */
function indexOf<T>(index: Map<string, number>, list: T[], key: string, value: T): number {
  let k = index.get(key);
  if (k === undefined) index.set(key, (k = list.push(value)));
  return k;
}
