/**
 * Run-to-run variation of CPU per request. One profile per side cannot tell a change from the
 * variation between runs of the same build (on a busy machine runs of the same code differ by
 * ±14 % and more), so each side may hold several profiles (replicates). Per profile: CPU per
 * request = its total weight / its requests, DynamoDB marshalling per request = its DynamoDB
 * weight / its requests. The change of the means is given with an interval:
 * - `replicates` (≥ 2 profiles on at least one side): on the log scale, se² = cv_b²/n_b + cv_a²/n_a
 *   with each side's coefficient of variation over its profiles (a side with one profile borrows
 *   the other side's cv), Student t with Welch–Satterthwaite df; significant when the interval
 *   excludes 0;
 * - `sampling` (one profile per side): only the sampling error of the profiles' sample counts
 *   (Poisson, se² = 1/n_b + 1/n_a on the log scale, z); run-to-run variation is unknown, so no
 *   change is called significant.
 */
import { tCritical } from '../bench/stats';

/** One profile's figures. Weights in the profiles' unit (ns for CPU). */
export interface ReplicateValue {
  readonly path: string;
  readonly requests: number;
  readonly cpuPerRequest: number;
  readonly dynamoPerRequest: number;
  /** Profiler samples in the profile, and those with DynamoDB marshalling (sampling error). */
  readonly samples: number;
  readonly dynamoSamples: number;
}

/** A relative change after vs before, percent, with its interval. */
export interface ChangeInterval {
  readonly changePercent: number;
  readonly lowerPercent: number;
  readonly upperPercent: number;
  readonly confidence: number;
  readonly method: 'replicates' | 'sampling';
  /** Degrees of freedom of the t quantile (`replicates`). */
  readonly df?: number;
  /** With replicates: the interval excludes 0. Undefined with one profile per side (run-to-run variation unknown). */
  readonly significant?: boolean;
}

/** Means per side and the change, for one per-request measure. */
export interface PerRequestChange {
  readonly before: number;
  readonly after: number;
  readonly change: ChangeInterval;
}

/** The replicate part of a comparison (`Comparison.replicates`). */
export interface ReplicateTotals {
  readonly before: readonly ReplicateValue[];
  readonly after: readonly ReplicateValue[];
  readonly cpuPerRequest: PerRequestChange;
  /** Absent when the before profiles have no DynamoDB marshalling: no ratio to the before mean exists. */
  readonly dynamoPerRequest?: PerRequestChange;
  /** What the interval covers, in words. */
  readonly note: string;
}

const mean = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

function cv2(xs: readonly number[]): number | undefined {
  if (xs.length < 2) return undefined;
  const m = mean(xs);
  return xs.reduce((a, x) => a + (x - m) ** 2, 0) / (xs.length - 1) / (m * m);
}

function interval(ratio: number, se: number, crit: number, confidence: number, method: ChangeInterval['method'], df?: number): ChangeInterval {
  const lower = (ratio * Math.exp(-crit * se) - 1) * 100;
  const upper = (ratio * Math.exp(crit * se) - 1) * 100;
  return {
    changePercent: (ratio - 1) * 100,
    lowerPercent: lower,
    upperPercent: upper,
    confidence,
    method,
    ...(df !== undefined ? { df } : {}),
    ...(method === 'replicates' ? { significant: lower > 0 || upper < 0 } : {}),
  };
}

/**
 * The change of mean(after) vs mean(before) with its interval (see the module comment).
 * `countsB`/`countsA` are the sample counts behind each value, used with one profile per side.
 * Throws RangeError for an empty side or a non-positive before mean.
 */
export function changeInterval(before: readonly number[], after: readonly number[], countsB: readonly number[], countsA: readonly number[], confidence = 0.95): ChangeInterval {
  if (!before.length || !after.length) throw new RangeError('each side needs at least one profile');
  const mb = mean(before);
  const ma = mean(after);
  if (!(mb > 0)) throw new RangeError('the before side has no CPU per request to compare against');
  const ratio = ma / mb;
  const cb = cv2(before);
  const ca = cv2(after);
  if (cb === undefined && ca === undefined) {
    const se = Math.sqrt(countsB.reduce((a, n) => a + 1 / Math.max(n, 1), 0) + countsA.reduce((a, n) => a + 1 / Math.max(n, 1), 0));
    return interval(ratio, se, tCritical(1e7, confidence), confidence, 'sampling');
  }
  const vb = (cb ?? ca!) / before.length;
  const va = (ca ?? cb!) / after.length;
  // Welch–Satterthwaite; when one side borrows the other's cv, both terms rest on that one
  // estimate and its df (n − 1 of the side that has replicates).
  const df =
    cb === undefined ? after.length - 1 : ca === undefined ? before.length - 1 : (vb + va) ** 2 / ((vb * vb) / (before.length - 1) + (va * va) / (after.length - 1) || Infinity) || before.length + after.length - 2;
  const se = Math.sqrt(vb + va);
  return interval(ratio, se, tCritical(Math.max(1, df), confidence), confidence, 'replicates', df);
}

/** Replicate totals of two sides' per-profile values (each side non-empty). */
export function replicateTotals(before: readonly ReplicateValue[], after: readonly ReplicateValue[], confidence = 0.95): ReplicateTotals {
  const measure = (pick: (v: ReplicateValue) => number, count: (v: ReplicateValue) => number): PerRequestChange => ({
    before: mean(before.map(pick)),
    after: mean(after.map(pick)),
    change: changeInterval(before.map(pick), after.map(pick), before.map(count), after.map(count), confidence),
  });
  const one = before.length === 1 && after.length === 1;
  const dynamoBefore = mean(before.map((v) => v.dynamoPerRequest));
  return {
    before,
    after,
    cpuPerRequest: measure((v) => v.cpuPerRequest, (v) => v.samples),
    ...(dynamoBefore > 0 ? { dynamoPerRequest: measure((v) => v.dynamoPerRequest, (v) => v.dynamoSamples) } : {}),
    note: one
      ? 'One profile per side: run-to-run variation is unknown, and the interval shown covers only the sampling error of the two profiles. Record two or more profiles per side (CLI: --before A B --after C D; editor: pick several files per side in Compare with Baseline) to tell a change from run-to-run variation.'
      : `${before.length} profile${before.length === 1 ? '' : 's'} before and ${after.length} after: the ${Math.round(confidence * 100)} % interval of the change of the means covers the run-to-run variation between them (Welch t on the log scale); a change is significant only when it excludes 0.`,
  };
}
