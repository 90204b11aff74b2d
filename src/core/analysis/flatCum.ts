/**
 * Flat (self) and cumulative (total) weight per function and per source line, the way
 * `go tool pprof -top` and `-list` count them: flat goes to the leaf frame of each sample;
 * cum goes to every function/line on the stack, each at most once per sample, so recursion
 * never pushes cum above the total.
 */
import type { Profile } from '../profile/model';
import { forEachStack } from '../profile/columns/sampleTable';
import { sampleTableOf } from '../profile/columns/profileTables';
import type { FrameKeys } from './frameKeys';

export interface FlatCumTables {
  /** Indexed by function id (see {@link FrameKeys}); weights in the profile's unit. */
  readonly functionFlat: Float64Array;
  readonly functionCum: Float64Array;
  /** Sample counts through each function (cum), for sampling-error estimates. */
  readonly functionCumCount: Float64Array;
  /**
   * Indexed by line id. A counter told {@link FlatCumCounter.countLinesOnly} counts only the lines
   * of those frames' functions (the call sites' candidates); the other lines read 0.
   */
  readonly lineFlat: Float64Array;
  readonly lineCum: Float64Array;
  readonly lineCumCount: Float64Array;
}

/**
 * Accumulates flat/cum one sample at a time, so that another pass over the stacks (the
 * attribution's) can count it on the way instead of walking 14 million frames again.
 * Samples must be added with increasing indices (the index is the per-sample "seen" mark).
 * A frame's function is read from `FrameKeys.functionOf` (no copy per frame); its line only when
 * its function has lines to count (a per-function mark, small enough to stay in cache): on a
 * 50 MB profile the frame tables are megabytes and each read is a cache miss. A function's seen
 * mark, cum and cum count sit side by side in one record, so that a cold function costs one miss
 * (on the 50 MB synthetic, `add` took 368 ms of CPU profile against 407 with three columns, in one
 * profiled series: a small gain within this machine's noise); {@link finish} turns the
 * records into the returned columns.
 * A seen mark is the sample index + 1 (0: never), so the accumulators need no fill pass and the
 * pages of functions and lines no sample reaches are never touched.
 */
/** Numbers per function record: seen mark, cum, cum count. */
const RECORD = 3;

export class FlatCumCounter {
  private readonly functionOf: Uint32Array;
  private readonly lineOf: Int32Array;
  /** Per function: 1 when a frame of it has a line to count. */
  private readonly countsLines: Uint8Array;
  /**
   * Per function, side by side at `RECORD * fn`: the last sample that touched it + 1 (0: none),
   * its cum and its cum count. One record, not three columns: a function of a cold frame is a
   * cache miss, and the three are read and written together (one miss, not three).
   */
  private readonly functionRecords: Float64Array;
  private readonly functionFlat: Float64Array;
  /** Per line: the last sample that touched it + 1 (0: none); its flat, cum and cum count. */
  private readonly lineSeen: Uint32Array;
  private readonly lineFlat: Float64Array;
  private readonly lineCum: Float64Array;
  private readonly lineCumCount: Float64Array;
  /**
   * After {@link add}: where each function of the sample's stack first appears, as pairs (stack
   * index, function id) in stack order, {@link firstSightCount} of them. A pass that needs a
   * sample's functions, not its frames (the attribution's), reads these instead of every frame.
   */
  firstSights = new Int32Array(512);
  firstSightCount = 0;
  private finished: FlatCumTables | undefined;

  constructor(keys: FrameKeys) {
    const { functionOf, lineOf } = keys;
    this.functionOf = functionOf;
    this.lineOf = lineOf;
    this.countsLines = new Uint8Array(keys.functionCount);
    for (let id = 0; id < functionOf.length; id++) if (lineOf[id]! >= 0) this.countsLines[functionOf[id]!] = 1;
    this.functionRecords = new Float64Array(RECORD * keys.functionCount);
    this.functionFlat = new Float64Array(keys.functionCount);
    this.lineSeen = new Uint32Array(keys.lineCount);
    this.lineFlat = new Float64Array(keys.lineCount);
    this.lineCum = new Float64Array(keys.lineCount);
    this.lineCumCount = new Float64Array(keys.lineCount);
  }

  /**
   * From now on counts only the lines of functions with a frame marked in `frames` (per frame id,
   * 1 = count); call before the first {@link add}. Meant for marks that are the same for every
   * frame of a function, as the user's code is (a function is a (file, name) pair). The analysis
   * reads a line's cum at call sites only, which are frames of the user's code: on the 50 MB
   * synthetic this skips a random read and write per stack frame and leaves 17 MB of line
   * accumulators untouched.
   */
  countLinesOnly(frames: Uint8Array): void {
    const marked = new Uint8Array(this.countsLines.length);
    for (let id = 0; id < frames.length; id++) if (frames[id]) marked[this.functionOf[id]!] = 1;
    for (let fn = 0; fn < marked.length; fn++) this.countsLines[fn]! &= marked[fn]!;
  }

  /** Counts sample `s` (stack of frame ids, leaf first; weight in the profile's unit; count in samples). */
  add(stack: Uint32Array, s: number, weight: number, count: number): void {
    this.firstSightCount = 0;
    if (this.finished) throw new Error('FlatCumCounter.add after finish(): the function records hold the finished tables');
    if (stack.length === 0) return;
    const { functionOf, lineOf, countsLines, functionRecords, lineSeen, lineCum, lineCumCount } = this;
    if (this.firstSights.length < 2 * stack.length) this.firstSights = new Int32Array(4 * stack.length);
    const firstSights = this.firstSights;
    let sights = 0;
    const mark = s + 1;
    const leaf = functionOf[stack[0]!]!;
    this.functionFlat[leaf]! += weight;
    const leafLine = countsLines[leaf] ? lineOf[stack[0]!]! : -1;
    if (leafLine >= 0) this.lineFlat[leafLine]! += weight;
    for (let i = 0; i < stack.length; i++) {
      const frame = stack[i]!;
      const fn = functionOf[frame]!;
      const at = RECORD * fn;
      if (functionRecords[at] !== mark) {
        functionRecords[at] = mark;
        functionRecords[at + 1]! += weight;
        functionRecords[at + 2]! += count;
        firstSights[sights++] = i;
        firstSights[sights++] = fn;
      }
      if (!countsLines[fn]) continue;
      const ln = lineOf[frame]!;
      if (ln >= 0 && lineSeen[ln] !== mark) {
        lineSeen[ln] = mark;
        lineCum[ln]! += weight;
        lineCumCount[ln]! += count;
      }
    }
    this.firstSightCount = sights / 2;
  }

  /**
   * The tables, once every sample is added; later calls return the same tables and a later
   * {@link add} throws. Function cum is compacted in place at the head of the records (no second
   * 8 bytes per function at the end of the analysis, which is when a large profile's memory
   * peaks) and cum count copied out; the flat and line columns are the counter's own.
   */
  finish(): FlatCumTables {
    if (this.finished) return this.finished;
    const { functionFlat, functionRecords: records, lineFlat, lineCum, lineCumCount } = this;
    const n = functionFlat.length;
    const functionCumCount = new Float64Array(n);
    for (let fn = 0; fn < n; fn++) functionCumCount[fn] = records[RECORD * fn + 2]!;
    // Slot fn belongs to record ⌊fn / RECORD⌋ ≤ fn, whose cum was moved already.
    for (let fn = 0; fn < n; fn++) records[fn] = records[RECORD * fn + 1]!;
    this.finished = { functionFlat, functionCum: records.subarray(0, n), functionCumCount, lineFlat, lineCum, lineCumCount };
    return this.finished;
  }
}

/** Computes flat/cum for every function and line of `profile` in one pass over its sample columns. */
export function computeFlatCum(profile: Profile, keys: FrameKeys): FlatCumTables {
  const counter = new FlatCumCounter(keys);
  const table = sampleTableOf(profile);
  forEachStack(table, (stack, s) => counter.add(stack, s, table.weight[s]!, table.count[s]!));
  return counter.finish();
}
