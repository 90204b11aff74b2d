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
  /** Indexed by line id. */
  readonly lineFlat: Float64Array;
  readonly lineCum: Float64Array;
  readonly lineCumCount: Float64Array;
}

/**
 * Accumulates flat/cum one sample at a time, so that another pass over the stacks (the
 * attribution's) can count it on the way instead of walking 14 million frames again.
 * Samples must be added with increasing indices (the index is the per-sample "seen" mark).
 */
export class FlatCumCounter {
  readonly tables: FlatCumTables;
  private readonly functionOf: Uint32Array;
  private readonly lineOf: Int32Array;
  // The sample index that last touched each function/line: a per-sample "seen" set without allocation.
  private readonly fnSeen: Int32Array;
  private readonly lnSeen: Int32Array;

  constructor(keys: FrameKeys) {
    const nf = keys.functionCount;
    const nl = keys.lineCount;
    this.tables = {
      functionFlat: new Float64Array(nf),
      functionCum: new Float64Array(nf),
      functionCumCount: new Float64Array(nf),
      lineFlat: new Float64Array(nl),
      lineCum: new Float64Array(nl),
      lineCumCount: new Float64Array(nl),
    };
    this.functionOf = keys.functionOf;
    this.lineOf = keys.lineOf;
    this.fnSeen = new Int32Array(nf).fill(-1);
    this.lnSeen = new Int32Array(nl).fill(-1);
  }

  /** Counts sample `s` (stack of frame ids, leaf first; weight in the profile's unit; count in samples). */
  add(stack: Uint32Array, s: number, weight: number, count: number): void {
    if (stack.length === 0) return;
    const { functionOf, lineOf, fnSeen, lnSeen } = this;
    const { functionFlat, functionCum, functionCumCount, lineFlat, lineCum, lineCumCount } = this.tables;
    functionFlat[functionOf[stack[0]!]!]! += weight;
    const leafLine = lineOf[stack[0]!]!;
    if (leafLine >= 0) lineFlat[leafLine]! += weight;
    for (let i = 0; i < stack.length; i++) {
      const frame = stack[i]!;
      const fn = functionOf[frame]!;
      if (fnSeen[fn] !== s) {
        fnSeen[fn] = s;
        functionCum[fn]! += weight;
        functionCumCount[fn]! += count;
      }
      const ln = lineOf[frame]!;
      if (ln >= 0 && lnSeen[ln] !== s) {
        lnSeen[ln] = s;
        lineCum[ln]! += weight;
        lineCumCount[ln]! += count;
      }
    }
  }
}

/** Computes flat/cum for every function and line of `profile` in one pass over its sample columns. */
export function computeFlatCum(profile: Profile, keys: FrameKeys): FlatCumTables {
  const counter = new FlatCumCounter(keys);
  const table = sampleTableOf(profile);
  forEachStack(table, (stack, s) => counter.add(stack, s, table.weight[s]!, table.count[s]!));
  return counter.tables;
}
