/**
 * Frames as columns: one typed array per field and one table of distinct strings, instead of
 * one object per frame. A profile of 700,000 frames costs ~20 bytes a frame this way, against
 * ~60 as objects, and the analysis compares names by number.
 */
import type { Frame } from '../model';
import { GrowableI32, GrowableU32, GrowableU8, GrowableUint, type UintColumn } from './growable';
import { PairIndex } from './pairIndex';

/** The frames of a profile; frame id = index. */
export interface FrameTable {
  readonly length: number;
  /** Distinct strings (names and files): equal strings have one id. */
  readonly strings: readonly string[];
  /** Per frame: id of {@link Frame.name} in `strings`. */
  readonly nameId: Uint32Array;
  /** Per frame: id of {@link Frame.file} in `strings`. */
  readonly fileId: Uint32Array;
  /** Per frame: {@link Frame.line} (1-based, 0 unknown); 32-bit while every line fits (see {@link GrowableUint}). */
  readonly line: UintColumn;
  /** Per frame: {@link Frame.column} (1-based, 0 unknown); absent when every frame's is 0 (pprof). */
  readonly column?: Uint32Array;
  /** Per frame: 1 when inlined. */
  readonly inlined: Uint8Array;
  /**
   * Per frame: its function, the distinct (file, name) pairs numbered in order of their first
   * frame — as `buildFrameKeys` numbers them. Present when every frame was interned (the pprof
   * reader), which had to find the function anyway.
   */
  readonly functionOf?: Uint32Array;
}

/** Frame `id` of `table` as a {@link Frame} object (`column` only when known, as the readers make them). */
export function frameAt(table: FrameTable, id: number): Frame {
  const name = table.strings[table.nameId[id]!]!;
  const file = table.strings[table.fileId[id]!]!;
  const line = table.line[id]!;
  const column = table.column ? table.column[id]! : 0;
  const inlined = table.inlined[id] === 1;
  return column > 0 ? { name, file, line, column, inlined } : { name, file, line, inlined };
}

/** Every frame of `table` as objects, in id order. */
export function framesOf(table: FrameTable): Frame[] {
  const out = new Array<Frame>(table.length);
  for (let id = 0; id < table.length; id++) out[id] = frameAt(table, id);
  return out;
}

/**
 * The distinct (name, file) pairs of `table`'s frames — its functions — in order of first
 * appearance, each as a new small object, made only as the caller iterates.
 */
export function* functionsOfTable(table: FrameTable): Generator<{ readonly name: string; readonly file: string }> {
  const seen = new PairIndex();
  for (let id = 0; id < table.length; id++) {
    const known = seen.size;
    seen.idOf(table.fileId[id]!, table.nameId[id]!);
    if (seen.size > known) yield { name: table.strings[table.nameId[id]!]!, file: table.strings[table.fileId[id]!]! };
  }
}

/** `firstOfFunction` of a function whose frames are chained per line. */
const WIDE = -2;
/**
 * A function whose chain reaches this many frames is made wide. Most functions of a profile have
 * a few sampled lines; the chain is the cheaper structure for them (no hash entry per frame).
 */
const WIDE_AFTER = 16;

/**
 * Builds a {@link FrameTable}: strings get canonical ids, frames are either appended as they are
 * ({@link FrameTableBuilder.add}, ids kept) or interned ({@link FrameTableBuilder.intern}: an
 * equal (name, file, line, column, inlined) frame returns the id it already has).
 */
export class FrameTableBuilder {
  private readonly strings: string[] = [];
  private readonly stringIds = new Map<string, number>();
  private readonly nameId: GrowableU32;
  private readonly fileId: GrowableU32;
  private readonly line: GrowableUint;
  /** Made at the first frame with a column (earlier frames get 0): pprof frames have none. */
  private column: GrowableU32 | undefined;
  private readonly inlined: GrowableU8;
  /** (file, name) → function id (a typed-array hash: a `Map` of 220,000 keys held ~10 MB of heap). */
  private readonly functions: PairIndex;
  /**
   * Function id → its first frame, then a chain through `nextOfFunction`; {@link WIDE} for a
   * function of more than {@link WIDE_AFTER} frames, whose frames are chained per line instead
   * (`lineChains`): a chain per function made one function × n lines cost n² (issue 25).
   */
  private readonly firstOfFunction: GrowableI32;
  private readonly nextOfFunction: GrowableI32;
  /** (function, line) → id of the chain of that line's frames, for wide functions only; made at the first. */
  private lineChains: PairIndex | undefined;
  /** Chain id of `lineChains` → its first frame (then through `nextOfFunction`). */
  private readonly firstOfLine = new GrowableI32(16);
  /** Per frame: its function id, while every frame is interned; undefined after the first {@link add}. */
  private functionOfFrame: GrowableU32 | undefined;

  /**
   * `capacity`: frames expected; `functionCapacity`: distinct (file, name) pairs expected.
   * `reuse`: arrays to write the `nameId` and `line` columns into instead of new ones, overwritten
   * from index 0; the caller reads each of their entries before the frame of that index is added
   * (the pprof frame stage: one frame at most per line it has read).
   */
  constructor(capacity = 1024, functionCapacity = 32, reuse?: { readonly nameId: Uint32Array; readonly line: Uint32Array }) {
    this.functions = new PairIndex(functionCapacity);
    this.firstOfFunction = new GrowableI32(functionCapacity);
    this.nameId = new GrowableU32(reuse ? 0 : capacity);
    this.fileId = new GrowableU32(capacity);
    this.line = new GrowableUint(reuse ? 0 : capacity);
    if (reuse) {
      this.nameId.array = reuse.nameId;
      this.line.array = reuse.line;
    }
    this.inlined = new GrowableU8(capacity);
    this.nextOfFunction = new GrowableI32(capacity);
    this.functionOfFrame = new GrowableU32(capacity);
  }

  get length(): number {
    return this.nameId.length;
  }

  /** The canonical id of `text`, added when new. */
  stringId(text: string): number {
    let id = this.stringIds.get(text);
    if (id === undefined) {
      id = this.strings.length;
      this.strings.push(text);
      this.stringIds.set(text, id);
    }
    return id;
  }

  /** Appends a frame without looking for an equal one; returns its id. */
  add(nameId: number, fileId: number, line: number, column: number, inlined: boolean): number {
    this.functionOfFrame = undefined;
    return this.append(nameId, fileId, line, column, inlined);
  }

  private append(nameId: number, fileId: number, line: number, column: number, inlined: boolean): number {
    const id = this.nameId.length;
    this.nameId.push(nameId);
    this.fileId.push(fileId);
    this.line.push(line);
    if (column !== 0 || this.column) this.columns().push(column);
    this.inlined.push(inlined ? 1 : 0);
    this.nextOfFunction.push(-1);
    return id;
  }

  /**
   * The id of the frame equal to (name, file, line, column, inlined), added when new. Walks the
   * frames of the function (at most {@link WIDE_AFTER}), or of its line once the function is wide:
   * cost per call bounded by the frames of one line (its columns and inlined forms; pprof: 2).
   */
  intern(nameId: number, fileId: number, line: number, column: number, inlined: boolean): number {
    const fn = this.functions.idOf(fileId, nameId);
    if (fn === this.firstOfFunction.length) this.firstOfFunction.push(-1);
    const first = this.firstOfFunction.array[fn]!;
    if (first === WIDE) return this.internInLine(fn, nameId, fileId, line, column, inlined);
    const flag = inlined ? 1 : 0;
    let last = -1;
    let walked = 0;
    for (let id = first; id >= 0; id = this.nextOfFunction.array[id]!) {
      if (this.line.array[id] === line && (this.column ? this.column.array[id] : 0) === column && this.inlined.array[id] === flag) return id;
      last = id;
      walked++;
    }
    const id = this.append(nameId, fileId, line, column, inlined);
    this.functionOfFrame?.push(fn);
    if (last < 0) this.firstOfFunction.array[fn] = id;
    else this.nextOfFunction.array[last] = id;
    if (walked >= WIDE_AFTER) this.widen(fn);
    return id;
  }

  /** {@link intern} for a wide function: the frames of (fn, line) only. */
  private internInLine(fn: number, nameId: number, fileId: number, line: number, column: number, inlined: boolean): number {
    const chain = this.lineChainOf(fn, line);
    const flag = inlined ? 1 : 0;
    for (let id = this.firstOfLine.array[chain]!; id >= 0; id = this.nextOfFunction.array[id]!) {
      if ((this.column ? this.column.array[id] : 0) === column && this.inlined.array[id] === flag) return id;
    }
    const id = this.append(nameId, fileId, line, column, inlined);
    this.functionOfFrame?.push(fn);
    this.nextOfFunction.array[id] = this.firstOfLine.array[chain]!;
    this.firstOfLine.array[chain] = id;
    return id;
  }

  /** Moves the frames of `fn` from its function chain to one chain per line. */
  private widen(fn: number): void {
    let id = this.firstOfFunction.array[fn]!;
    this.firstOfFunction.array[fn] = WIDE;
    while (id >= 0) {
      const next = this.nextOfFunction.array[id]!;
      const chain = this.lineChainOf(fn, this.line.array[id]!);
      this.nextOfFunction.array[id] = this.firstOfLine.array[chain]!;
      this.firstOfLine.array[chain] = id;
      id = next;
    }
  }

  private lineChainOf(fn: number, line: number): number {
    this.lineChains ??= new PairIndex();
    const chain = this.lineChains.idOf(fn, line);
    if (chain === this.firstOfLine.length) this.firstOfLine.push(-1);
    return chain;
  }

  /** The column of columns, made with a 0 for every frame appended before it. */
  private columns(): GrowableU32 {
    if (!this.column) {
      this.column = new GrowableU32(this.nameId.array.length);
      for (let id = 0; id < this.line.length - 1; id++) this.column.push(0);
    }
    return this.column;
  }

  finish(): FrameTable {
    return {
      length: this.nameId.length,
      strings: this.strings,
      nameId: this.nameId.finish(),
      fileId: this.fileId.finish(),
      line: this.line.finish(),
      ...(this.column ? { column: this.column.finish() } : {}),
      inlined: this.inlined.finish(),
      ...(this.functionOfFrame && this.functionOfFrame.length === this.nameId.length ? { functionOf: this.functionOfFrame.finish() } : {}),
    };
  }
}

/** The table of existing frame objects, ids kept (no frame is merged). */
export function frameTableFromFrames(frames: readonly Frame[]): FrameTable {
  const builder = new FrameTableBuilder(frames.length);
  for (const f of frames) builder.add(builder.stringId(f.name), builder.stringId(f.file), f.line, f.column ?? 0, f.inlined);
  return builder.finish();
}
