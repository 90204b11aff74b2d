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
 * 50 MB profile the frame tables are megabytes and each read is a cache miss. The seen marks
 * are 32-bit columns of their own (the one read per frame; the synthetic's 218,000 functions in
 * 0.9 MB), and the cum and count columns are the tables returned, without a copy.
 * A seen mark is the sample index + 1 (0: never), so the accumulators need no fill pass and the
 * pages of functions and lines no sample reaches are never touched.
 */
export class FlatCumCounter {
  private readonly functionOf: Uint32Array;
  private readonly lineOf: Int32Array;
  /** Per function: 1 when a frame of it has a line to count. */
  private readonly countsLines: Uint8Array;
  /** Per function: the last sample that touched it + 1 (0: none); its flat, cum and cum count. Same per line. */
  private readonly functionSeen: Uint32Array;
  private readonly lineSeen: Uint32Array;
  private readonly functionFlat: Float64Array;
  private readonly functionCum: Float64Array;
  private readonly functionCumCount: Float64Array;
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

  constructor(keys: FrameKeys) {
    const { functionOf, lineOf } = keys;
    this.functionOf = functionOf;
    this.lineOf = lineOf;
    this.countsLines = new Uint8Array(keys.functionCount);
    for (let id = 0; id < functionOf.length; id++) if (lineOf[id]! >= 0) this.countsLines[functionOf[id]!] = 1;
    this.functionSeen = new Uint32Array(keys.functionCount);
    this.functionFlat = new Float64Array(keys.functionCount);
    this.functionCum = new Float64Array(keys.functionCount);
    this.functionCumCount = new Float64Array(keys.functionCount);
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
    if (stack.length === 0) return;
    const { functionOf, lineOf, countsLines, functionSeen, functionCum, functionCumCount, lineSeen, lineCum, lineCumCount } = this;
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
      if (functionSeen[fn] !== mark) {
        functionSeen[fn] = mark;
        functionCum[fn]! += weight;
        functionCumCount[fn]! += count;
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

  /** The tables counted so far: the counter's own columns, which later {@link add}s change. */
  get tables(): FlatCumTables {
    const { functionFlat, functionCum, functionCumCount, lineFlat, lineCum, lineCumCount } = this;
    return { functionFlat, functionCum, functionCumCount, lineFlat, lineCum, lineCumCount };
  }
}

/** Computes flat/cum for every function and line of `profile` in one pass over its sample columns. */
export function computeFlatCum(profile: Profile, keys: FrameKeys): FlatCumTables {
  const counter = new FlatCumCounter(keys);
  const table = sampleTableOf(profile);
  forEachStack(table, (stack, s) => counter.add(stack, s, table.weight[s]!, table.count[s]!));
  return counter.tables;
}
