/**
 * What the attribution pass needs to know of each function of a profile (rule match, transparency,
 * GC, reflection, module loading, DynamoDB client, SDK family, operation), judged once per
 * function from the frame columns. Frames of one function differ only by line.
 *
 * The file halves of the tests are judged once per distinct file: a large profile has tens of
 * thousands of functions in a few dozen files (google-pprof_large: 23,038 in 21).
 */
import { fileTraitsOf, isGcFrame, isTransparent, matchFrame, type FileTraits, type RuleMatch } from '../detect/classify';
import type { FrameTable } from '../profile/columns/frameTable';
import { isDocumentClientFile, operationOfFrame, type DynamoOperation } from '../source/dynamoOperations';
import { familyIndexOfFrame, familyPatternOfFile } from './estimate';
import type { FrameKeys } from './frameKeys';
import { isDynamoClientFile, isDynamoClientName, isModuleLoadFrame, moduleLoaderOf } from './stackEvidence';

/** Flag bits of {@link FunctionClasses.flags}. */
export const TRANSPARENT = 1;
export const GC = 2;
export const REFLECT = 4;
export const MATCH = 8;
/** A rule matched and its family is not `connection`. */
export const MARSHAL = 16;
export const MODULE_LOAD = 32;
export const DYNAMO_CLIENT = 64;

/** Per function id (see {@link FrameKeys}): what the attribution pass reads of it. */
export interface FunctionClasses {
  readonly matches: readonly (RuleMatch | undefined)[];
  /** Bits {@link TRANSPARENT} … {@link DYNAMO_CLIENT}. */
  readonly flags: Uint8Array;
  /** Index into `SDK_FAMILIES`, or -1 (estimate.ts `familyIndexOfFrame`). */
  readonly family: Int8Array;
  readonly operations: readonly (DynamoOperation | undefined)[];
}

/** The file halves of the per-function tests. */
interface FileClass {
  readonly traits: FileTraits;
  readonly dynamoClient: boolean;
  readonly familyPattern: number;
  readonly loader: 'esm' | 'cjs' | undefined;
  readonly documentClient: boolean;
}

function fileClassOf(file: string): FileClass {
  return {
    traits: fileTraitsOf(file),
    dynamoClient: isDynamoClientFile(file),
    familyPattern: familyPatternOfFile(file),
    loader: moduleLoaderOf(file),
    documentClient: isDocumentClientFile(file),
  };
}

/** Classifies every function of `keys` (its name and file from `table`). O(functions + files). */
export function classifyFunctions(table: FrameTable, keys: FrameKeys): FunctionClasses {
  const { strings, nameId, fileId } = table;
  const count = keys.functionCount;
  const matches = new Array<RuleMatch | undefined>(count);
  const flags = new Uint8Array(count);
  const family = new Int8Array(count);
  const operations = new Array<DynamoOperation | undefined>(count);
  const fileClasses = new Map<number, FileClass>();
  for (let fn = 0; fn < count; fn++) {
    const first = keys.functionFrame[fn]!;
    const file = fileId[first]!;
    let fileClass = fileClasses.get(file);
    if (!fileClass) fileClasses.set(file, (fileClass = fileClassOf(strings[file]!)));
    const frame = { name: strings[nameId[first]!]!, file: strings[file]!, line: 0, inlined: false };
    const match = matchFrame(frame, fileClass.traits);
    matches[fn] = match;
    flags[fn] =
      (isTransparent(frame, fileClass.traits) ? TRANSPARENT : 0) |
      (isGcFrame(frame) ? GC : 0) |
      (frame.name.startsWith('reflect.') ? REFLECT : 0) |
      (match ? MATCH : 0) |
      (match && match.rule.family !== 'connection' ? MARSHAL : 0) |
      // No loader: no module-load frame (passing `undefined` would make isModuleLoadFrame test the file again).
      (fileClass.loader !== undefined && isModuleLoadFrame(frame, fileClass.loader) ? MODULE_LOAD : 0) |
      (fileClass.dynamoClient || isDynamoClientName(frame.name) ? DYNAMO_CLIENT : 0);
    family[fn] = familyIndexOfFrame(frame.name, frame.file, fileClass.familyPattern);
    operations[fn] = operationOfFrame(frame.name, frame.file, fileClass.documentClient);
  }
  return { matches, flags, family, operations };
}
