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

/** Computes flat/cum for every function and line of `profile` in one pass over its sample columns. */
export function computeFlatCum(profile: Profile, keys: FrameKeys): FlatCumTables {
  const nf = keys.functions.length;
  const nl = keys.lines.length;
  const functionFlat = new Float64Array(nf);
  const functionCum = new Float64Array(nf);
  const functionCumCount = new Float64Array(nf);
  const lineFlat = new Float64Array(nl);
  const lineCum = new Float64Array(nl);
  const lineCumCount = new Float64Array(nl);
  // The sample index that last touched each function/line: a per-sample "seen" set without allocation.
  const fnSeen = new Int32Array(nf).fill(-1);
  const lnSeen = new Int32Array(nl).fill(-1);
  const { functionOf, lineOf } = keys;
  const table = sampleTableOf(profile);
  forEachStack(table, (stack, s) => {
    if (stack.length === 0) return;
    const weight = table.weight[s]!;
    const count = table.count[s]!;
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
  });
  return { functionFlat, functionCum, functionCumCount, lineFlat, lineCum, lineCumCount };
}
