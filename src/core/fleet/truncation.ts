/**
 * How much of a profile Pyroscope pruned: a server that keeps only `max_nodes` flame-graph
 * nodes replaces the cut-off tail of each stack by one location whose function is named
 * `other` (no file), and a stack cut off entirely becomes that location alone
 * (`pkg/phlaredb/symdb/resolver_pprof_tree.go`, `createLocationStub`). Samples ending there
 * lost their hot frames, so their share is shown next to the DynamoDB share.
 */
import type { Profile } from '../profile/model';
import { frameTableOf, sampleTableOf } from '../profile/columns/profileTables';
import { forEachStack } from '../profile/columns/sampleTable';

/** Name of the node Pyroscope merges pruned stacks into. */
export const PRUNED_NODE_NAME = 'other';

export interface PrunedShare {
  /** Weight of samples whose leaf frame is the pruned node, in the profile's unit. */
  readonly weight: number;
  /** Percent of the profile's total weight, 0–100. */
  readonly percent: number;
}

/** The pruned share of a profile (0 when nothing was pruned). Reads the frame and sample columns. */
export function prunedShare(profile: Profile): PrunedShare {
  const frames = frameTableOf(profile);
  const pruned = new Uint8Array(frames.length);
  let any = false;
  for (let id = 0; id < frames.length; id++) {
    if (frames.strings[frames.nameId[id]!] === PRUNED_NODE_NAME && frames.strings[frames.fileId[id]!] === '') pruned[id] = 1;
    any ||= pruned[id] === 1;
  }
  let weight = 0;
  if (any) {
    const samples = sampleTableOf(profile);
    forEachStack(samples, (stack, i) => {
      if (stack.length > 0 && pruned[stack[0]!]) weight += samples.weight[i]!;
    });
  }
  return { weight, percent: profile.totalWeight > 0 ? (100 * weight) / profile.totalWeight : 0 };
}

/** The warning an analysis shows for a pruned profile, or undefined when nothing was pruned. */
export function prunedWarning(profile: Profile): string | undefined {
  const { percent } = prunedShare(profile);
  if (percent <= 0) return undefined;
  return `${percent.toFixed(2)}% of the profile ended in '${PRUNED_NODE_NAME}': the server pruned those stacks below its node limit, so their frames (DynamoDB ones included) are not counted; fetch again with a higher limit (max_nodes) to see them`;
}

/** The pruned percent an analysis' warnings state (see {@link prunedWarning}); 0 when none does. */
export function prunedPercentOfWarnings(warnings: readonly string[]): number {
  for (const w of warnings) {
    const m = PRUNED_WARNING.exec(w);
    if (m) return Number(m[1]);
  }
  return 0;
}

const PRUNED_WARNING = new RegExp(`^([0-9.]+)% of the profile ended in '${PRUNED_NODE_NAME}'`);
