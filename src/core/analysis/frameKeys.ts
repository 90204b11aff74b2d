/**
 * Integer keys for the units flat/cum is counted in: functions (name + file) and source lines
 * (file + line). Interning once per frame keeps the per-sample loops free of string work.
 */
import type { Profile } from '../profile/model';
import { frameTableOf } from '../profile/columns/profileTables';
import type { FrameTable } from '../profile/columns/frameTable';
import { PairIndex } from '../profile/columns/pairIndex';
import { GrowableU32 } from '../profile/columns/growable';

export interface FrameKeys {
  /** Per frame id: its function id. */
  readonly functionOf: Uint32Array;
  /** Per frame id: its line id, or -1 when the line is unknown (0) or the frame was not asked for (`buildFrameKeys`' `lineFrames`). */
  readonly lineOf: Int32Array;
  /** Number of function ids and of line ids. */
  readonly functionCount: number;
  readonly lineCount: number;
  /** Per function id: the first frame of that function (its name and file are the function's). */
  readonly functionFrame: Uint32Array;
  /** Per function id: name and file; objects built on first read (the analysis reads `functionFrame`). */
  readonly functions: readonly { readonly name: string; readonly file: string }[];
  /** Per line id: file, 1-based line and the name of the first function seen on it; built on first read. */
  readonly lines: readonly { readonly file: string; readonly line: number; readonly functionName: string }[];
}

/**
 * Interns the functions and lines of a profile's frames, read from its frame columns: names and
 * files are already interned there (equal strings, equal ids), so a function is a pair (file id,
 * name id) and a line a pair (file id, line), each looked up in a typed-array hash
 * ({@link PairIndex}). Ids are given in frame order. A table that knows its frames' functions
 * (`FrameTable.functionOf`, numbered the same way) gives them without a second lookup.
 * O(frames); no object per frame or line.
 * @param lineFrames per frame id, 1 when its line needs an id (the analysis reads lines of the
 *   user's code only, its call sites); the other frames get −1. All frames when absent. On the
 *   50 MB synthetic, hashing 700,000 lines nobody reads was most of this function's time.
 *   The first frames of functions and lines grow with their counts: arrays of one slot per frame
 *   (2.8 MB each there, mostly unused) cost their whole size when the allocator zeroes reused memory.
 */
export function buildFrameKeys(profile: Profile, lineFrames?: Uint8Array): FrameKeys {
  const table = frameTableOf(profile);
  const { nameId, fileId, line } = table;
  const known = table.functionOf;
  const functionOf = known ?? new Uint32Array(table.length);
  const lineOf = new Int32Array(table.length);
  const functionFrame = new GrowableU32();
  const lineFrame = new GrowableU32();
  const functionIds = new PairIndex();
  const lineIds = new PairIndex();
  let functionCount = 0;
  for (let id = 0; id < table.length; id++) {
    const file = fileId[id]!;
    const fn = known ? known[id]! : functionIds.idOf(file, nameId[id]!);
    if (fn === functionCount) {
      functionFrame.push(id);
      functionCount++;
    }
    if (!known) functionOf[id] = fn;
    const at = line[id]!;
    if (at <= 0 || (lineFrames && !lineFrames[id])) {
      lineOf[id] = -1;
      continue;
    }
    const knownLines = lineIds.size;
    const ln = lineIds.idOf(file, at);
    if (ln === knownLines) lineFrame.push(id);
    lineOf[id] = ln;
  }
  return lazyObjects(table, functionOf, lineOf, functionFrame.finish(), lineFrame.finish());
}

function lazyObjects(table: FrameTable, functionOf: Uint32Array, lineOf: Int32Array, functionFrame: Uint32Array, lineFrame: Uint32Array): FrameKeys {
  const { strings, nameId, fileId, line } = table;
  let functions: FrameKeys['functions'] | undefined;
  let lines: FrameKeys['lines'] | undefined;
  return {
    functionOf,
    lineOf,
    functionCount: functionFrame.length,
    lineCount: lineFrame.length,
    functionFrame,
    get functions() {
      return (functions ??= Array.from(functionFrame, (id) => ({ name: strings[nameId[id]!]!, file: strings[fileId[id]!]! })));
    },
    get lines() {
      return (lines ??= Array.from(lineFrame, (id) => ({ file: strings[fileId[id]!]!, line: line[id]!, functionName: strings[nameId[id]!]! })));
    },
  };
}
