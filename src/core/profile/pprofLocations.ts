/**
 * The frame stage of the pprof build: functions resolved, every location definition expanded into
 * interned frames, written straight into the stacks' expansion (dense location index → frames).
 * It owns the raw function and location tables and drops them when done (see {@link buildFrames}).
 */
import { ProfileError } from './errors';
import { FrameTableBuilder } from './columns/frameTable';
import { GrowableU32 } from './columns/growable';
import { IdIndex } from './columns/idIndex';
import { functionIds } from './pprofFunctionIds';
import { functionFile, functionName, lineNumber } from './pprofFrames';
import type { RawPprof } from './pprofWire';
import type { UnitExpansion } from './columns/sampleTable';

type Locations = RawPprof['locations'];
type StringAt = (index: number, what: string) => string;

/** What the frame stage leaves for the rest of the build. */
export interface LocationFrames {
  /** The interned frames, to finish. */
  readonly frames: FrameTableBuilder;
  /** Dense location index → its frames, leaf first. */
  readonly expansion: UnitExpansion;
  /** 1 per dense location index that a definition gives; only when some index is not (a sample's dangling reference). */
  readonly defined: Uint8Array | undefined;
  /** Definitions with no line (shown as `0x…` frames). */
  readonly addressOnly: number;
  readonly hasGoFiles: boolean;
  /** Functions were numbered by position (every id 0). */
  readonly byPosition: boolean;
}

function corrupt(sourcePath: string, what: string): ProfileError {
  return new ProfileError(sourcePath, 'truncated-protobuf', `the pprof data is truncated or corrupt: ${what}`);
}

/** A location address as `0x…` (uint64). */
function hexAddress(loc: Locations, def: number): string {
  const big = loc.bigAddress.get(def);
  return `0x${(big ?? BigInt.asUintN(64, BigInt(loc.address[def]!))).toString(16)}`;
}

/**
 * Functions by id (the last definition of an id wins): canonical name and file ids, start line;
 * when every id is 0 (Pyroscope .NET), by 1-based position. Whether any function is in a `.go` file.
 */
function resolveFunctions(f: RawPprof['functions'], strings: readonly string[], str: StringAt, frames: FrameTableBuilder) {
  const ids = functionIds(f.id);
  // Go numbers its functions 1…n in table order: then function id − 1 is the dense index, and no index is built.
  const index = isSequential(ids.ids) ? undefined : new IdIndex(f.length);
  const nameId = new GrowableU32(f.length);
  const fileId = new GrowableU32(f.length);
  const empty = new Uint8Array(f.length);
  // `lineNumber` takes a start line only in 1…2^32−1: others are kept as 0, which it reads the same way.
  const startLine = new Uint32Array(f.length);
  let hasGoFiles = false;
  // A file is shared by many functions: its canonical id (and whether it is Go) is found once per string-table entry.
  const fileIdOfString = new Int32Array(strings.length).fill(-1);
  // The message naming the function is only made for a dangling reference (`str` throws it).
  const text = (index: number, d: number): string => strings[index] ?? str(index, `function ${ids.ids[d]}`);
  for (let d = 0; d < f.length; d++) {
    const file = text(f.filename[d]!, d);
    const name = functionName(text(f.name[d]!, d), text(f.systemName[d]!, d), file);
    const dense = index ? index.getOrAdd(ids.ids[d]!) : d;
    while (nameId.length <= dense) {
      nameId.push(0);
      fileId.push(0);
    }
    nameId.array[dense] = frames.stringId(name);
    const fileString = f.filename[d]!;
    let canonicalFile = fileIdOfString[fileString]!;
    if (canonicalFile < 0) {
      canonicalFile = fileIdOfString[fileString] = frames.stringId(functionFile(file));
      hasGoFiles ||= file.endsWith('.go');
    }
    fileId.array[dense] = canonicalFile;
    empty[dense] = name === '' ? 1 : 0;
    const start = f.startLine[d]!;
    startLine[dense] = start > 0 && start < 2 ** 32 ? start : 0;
  }
  return { index, count: f.length, nameId: nameId.array, fileId: fileId.array, empty, startLine, byPosition: ids.byPosition, hasGoFiles };
}

function isSequential(ids: ArrayLike<number>): boolean {
  for (let d = 0; d < ids.length; d++) if (ids[d] !== d + 1) return false;
  return true;
}

/**
 * Which definitions hold their dense index (the last one of each id: `live`), which dense indices
 * some definition gives (`defined`), and each dense index's room in the expansion: one frame per
 * line of its definition, one for an address-only one, none when undefined. A one-frame index
 * keeps 0 in `unitFrame` until its frame is interned; the others get their multi-frame slot.
 */
function expansionLayout(loc: Locations) {
  const dense = loc.ids.length;
  const unitFrame = new Int32Array(dense);
  const defined = new Uint8Array(dense);
  const live = new Uint8Array(loc.defCount);
  let multiUnits = 0;
  let multiFrameCount = 0;
  for (let d = loc.defCount - 1; d >= 0; d--) {
    const u = loc.defDense[d]!;
    if (defined[u]) continue;
    defined[u] = 1;
    live[d] = 1;
    const frames = Math.max(1, loc.lineStart[d + 1]! - loc.lineStart[d]!);
    if (frames > 1) {
      // The frame count, negated, until the second pass gives the slot.
      unitFrame[u] = -frames;
      multiUnits++;
      multiFrameCount += frames;
    }
  }
  let undefinedUnits = 0;
  for (let u = 0; u < dense; u++) if (!defined[u]) undefinedUnits++;
  multiUnits += undefinedUnits;
  const multiStart = new Uint32Array(multiUnits + 1);
  let k = 0;
  let total = 0;
  for (let u = 0; u < dense; u++) {
    const frames = !defined[u] ? 0 : unitFrame[u]! < 0 ? -unitFrame[u]! : 1;
    if (frames === 1) continue;
    multiStart[k] = total;
    total += frames;
    unitFrame[u] = -1 - k++;
  }
  multiStart[k] = total;
  return { unitFrame, multiStart, multiFrames: new Uint32Array(multiFrameCount), live, defined: undefinedUnits > 0 ? defined : undefined };
}

/**
 * Interns the frames of every location definition in file order (so frame ids are those of the
 * file's order) and writes those of the definition each dense index holds into its expansion.
 */
function locationFrames(loc: Locations, fns: ReturnType<typeof resolveFunctions>, frames: FrameTableBuilder, sourcePath: string) {
  const { unitFrame, multiStart, multiFrames, live, defined } = expansionLayout(loc);
  const noFile = frames.stringId('');
  let addressOnly = 0;
  let widest = 1;
  for (let d = 0; d < loc.defCount; d++) {
    // A definition whose id a later one redefines is interned (its frames exist) but expands nothing.
    const u = loc.defDense[d]!;
    const slot = unitFrame[u]!;
    const at = !live[d] ? -1 : slot >= 0 ? -2 : multiStart[-1 - slot]!;
    const from = loc.lineStart[d]!;
    const n = loc.lineStart[d + 1]! - from;
    if (n === 0) {
      addressOnly++;
      const id = frames.intern(frames.stringId(hexAddress(loc, d)), noFile, 0, 0, false);
      if (at === -2) unitFrame[u] = id;
      continue;
    }
    widest = Math.max(widest, n);
    for (let j = 0; j < n; j++) {
      const fnId = loc.lineFunction[from + j]!;
      const fn = fns.index ? fns.index.get(fnId) : fnId >= 1 && fnId <= fns.count ? fnId - 1 : -1;
      if (fn < 0) throw corrupt(sourcePath, `location ${loc.ids[u]} refers to function ${fnId}, which the file does not define (a dangling reference)`);
      const name = fns.empty[fn] ? frames.stringId(hexAddress(loc, d)) : fns.nameId[fn]!;
      const id = frames.intern(name, fns.fileId[fn]!, lineNumber(loc.lineNumber[from + j]!, fns.startLine[fn]!), 0, j < n - 1);
      if (at === -2) unitFrame[u] = id;
      else if (at >= 0) multiFrames[at + j] = id;
    }
  }
  return { expansion: { unitFrame, multiStart, multiFrames, widest }, addressOnly, defined };
}

const NONE = new Uint32Array(0);

/**
 * The frame table's builder. Each line makes one frame at most, so when every location has a line
 * the builder writes its `nameId` and `line` columns over the decoder's `lineFunction` and
 * `lineNumber` (frame f is written after line f is read): two columns fewer at the build's peak.
 */
function frameBuilder(raw: RawPprof): FrameTableBuilder {
  const loc = raw.locations;
  const capacity = loc.lineFunction.length + 16;
  const functions = raw.functions.length + 16;
  let everyLocationHasLines = true;
  for (let d = 0; d < loc.defCount && everyLocationHasLines; d++) everyLocationHasLines = loc.lineStart[d + 1]! > loc.lineStart[d]!;
  const { lineFunction, lineNumber } = loc;
  if (!everyLocationHasLines || !(lineFunction instanceof Uint32Array) || !(lineNumber instanceof Uint32Array)) return new FrameTableBuilder(capacity, functions);
  return new FrameTableBuilder(capacity, functions, { nameId: lineFunction, line: lineNumber });
}

/**
 * Resolves functions and drops `raw.functions` (then calls `functionsDropped`), expands locations
 * into frames, then drops the location columns (keeping `ids` only when a sample may refer to an
 * undefined location: the sample pass then names it).
 * @throws ProfileError `truncated-protobuf` (a dangling string or function reference),
 *   `unsymbolized` (no location has a line).
 */
export function buildFrames(raw: RawPprof, str: StringAt, sourcePath: string, functionsDropped?: () => void): LocationFrames {
  const frames = frameBuilder(raw);
  const fns = resolveFunctions(raw.functions, raw.strings, str, frames);
  raw.functions = { length: 0, id: NONE, name: NONE, systemName: NONE, filename: NONE, startLine: NONE };
  functionsDropped?.();
  const loc = raw.locations;
  if (loc.defCount > 0 && loc.lineStart[loc.defCount] === 0) {
    throw new ProfileError(
      sourcePath,
      'unsymbolized',
      `the profile is unsymbolized: its ${loc.defCount} locations have addresses only, no function names or lines; symbolize it first (e.g. \`go tool pprof -proto <binary> <profile> > symbolized.pb.gz\`)`,
    );
  }
  const { expansion, addressOnly, defined } = locationFrames(loc, fns, frames, sourcePath);
  raw.locations = {
    ids: defined ? loc.ids : NONE,
    defCount: 0,
    defDense: NONE,
    address: NONE,
    bigAddress: new Map(),
    lineStart: NONE,
    lineFunction: NONE,
    lineNumber: NONE,
  };
  return { frames, expansion, defined, addressOnly, hasGoFiles: fns.hasGoFiles, byPosition: fns.byPosition };
}
