/**
 * Benchmark statistics: summaries of timing samples, Student-t margins of error, and the ratio of
 * two means with a Fieller confidence interval. Pure functions over numbers; every time value is in
 * nanoseconds per operation unless a name says otherwise.
 */
import { tCritical } from './studentT';

export { tCritical } from './studentT';

/**
 * What the ratio interval says about "new" compared with "old" (time per op, so < 1 is faster);
 * `unstable` when worker processes contradict each other (see robust.ts): no direction is given.
 */
export type Verdict = 'faster' | 'slower' | 'no significant difference' | 'unstable';

/** Descriptive statistics of one case's timing samples (ns per op). */
export interface SampleSummary {
  /** Number of samples (timed operations). */
  n: number;
  meanNs: number;
  medianNs: number;
  /** 99th percentile, linear interpolation between closest ranks (R type 7). */
  p99Ns: number;
  minNs: number;
  maxNs: number;
  /** Sample standard deviation (n − 1 denominator). */
  sdNs: number;
  /** Standard error of the mean, sd / √n. */
  semNs: number;
  /** Median absolute deviation from the median (unscaled); 0 for fewer than 2 samples. */
  madNs?: number;
  /** Relative margin of error in percent: 100 · t(0.975, n−1) · sem / mean. */
  rmePercent: number;
  /** 1e9 / mean: operations per second implied by the mean time. */
  opsPerSecond: number;
}

/** Ratio new/old of mean time per op with its confidence interval. */
export interface RatioEstimate {
  /** mean(new) / mean(old); below 1 means new takes less time. */
  ratio: number;
  /** Lower bound of the interval (0 when the interval is unbounded). */
  lower: number;
  /** Upper bound of the interval (Infinity when unbounded: the old mean is not distinguishable from 0). */
  upper: number;
  /** Confidence level, e.g. 0.95. */
  confidence: number;
  /** Degrees of freedom used for the t quantile (Welch–Satterthwaite for `fieller`, processes − 1 for `process-medians`). */
  df: number;
  /**
   * `fieller`: ratio of means, Fieller interval ({@link compareMeans}); `median`: ratio of the
   * medians of one process with a normal interval on the log scale; `process-medians`: the
   * geometric mean of the processes' median ratios with a Student-t interval over processes
   * (robust.ts).
   */
  method: 'fieller' | 'median' | 'process-medians';
  verdict: Verdict;
  /** Per-process estimates behind a `process-medians` estimate, in run order. */
  processes?: { ratio: number; lower: number; upper: number }[];
}

/** Arithmetic mean. Throws on an empty array. */
export function mean(values: readonly number[]): number {
  if (values.length === 0) throw new RangeError('mean of an empty sample');
  let sum = 0;
  for (const v of values) sum += v;
  return sum / values.length;
}

/** Sample variance with the n − 1 denominator (0 for a single value). Throws on an empty array. */
export function sampleVariance(values: readonly number[]): number {
  const m = mean(values);
  if (values.length < 2) return 0;
  let ss = 0;
  for (const v of values) ss += (v - m) * (v - m);
  return ss / (values.length - 1);
}

/**
 * Quantile `p` (0..1) of an ascending sorted array by linear interpolation between closest ranks
 * (Hyndman & Fan type 7, the default of R and NumPy): h = (n − 1)·p, q = x[⌊h⌋] + (h − ⌊h⌋)(x[⌊h⌋+1] − x[⌊h⌋]).
 */
export function quantileSorted(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) throw new RangeError('quantile of an empty sample');
  if (!(p >= 0 && p <= 1)) throw new RangeError(`quantile level ${p} outside [0, 1]`);
  const h = (sorted.length - 1) * p;
  const lo = Math.floor(h);
  const hi = Math.min(lo + 1, sorted.length - 1);
  return sorted[lo]! + (h - lo) * (sorted[hi]! - sorted[lo]!);
}

/** Median (the 0.5 quantile, type 7). */
export function median(values: readonly number[]): number {
  return quantileSorted([...values].sort((a, b) => a - b), 0.5);
}

/**
 * Summarizes timing samples (ns per op). The relative margin of error is the half-width of the
 * two-sided 95 % Student-t confidence interval of the mean, relative to the mean:
 * RME = 100 · t(0.975, n − 1) · (s / √n) / x̄. Throws on an empty array.
 */
export function summarize(samplesNs: readonly number[]): SampleSummary {
  const sorted = [...samplesNs].sort((a, b) => a - b);
  const n = sorted.length;
  const m = mean(sorted);
  const sd = Math.sqrt(sampleVariance(sorted));
  const sem = sd / Math.sqrt(n);
  const rme = n < 2 ? Infinity : (100 * tCritical(n - 1) * sem) / m;
  const med = quantileSorted(sorted, 0.5);
  return {
    madNs: n < 2 ? 0 : median(sorted.map((x) => Math.abs(x - med))),
    n,
    meanNs: m,
    medianNs: quantileSorted(sorted, 0.5),
    p99Ns: quantileSorted(sorted, 0.99),
    minNs: sorted[0]!,
    maxNs: sorted[n - 1]!,
    sdNs: sd,
    semNs: sem,
    rmePercent: rme,
    opsPerSecond: m > 0 ? 1e9 / m : Infinity,
  };
}

/**
 * Fieller's interval for ρ = μ_new / μ_old from two independent means: the set of ρ with
 * (x̄_new − ρ·x̄_old)² ≤ t²·(v_new + ρ²·v_old), where v = s²/n is each mean's squared standard error.
 * Solving the quadratic a·ρ² + b·ρ + c = 0 with a = x̄_old² − t²·v_old, b = −2·x̄_new·x̄_old,
 * c = x̄_new² − t²·v_new gives the bounds. When a ≤ 0 (the old mean is not significantly different
 * from 0) the interval is unbounded and [0, Infinity] is returned.
 */
export function fiellerInterval(
  meanNew: number,
  varOfMeanNew: number,
  meanOld: number,
  varOfMeanOld: number,
  t: number,
): { lower: number; upper: number } {
  const t2 = t * t;
  const a = meanOld * meanOld - t2 * varOfMeanOld;
  if (a <= 0) return { lower: 0, upper: Infinity };
  const c = meanNew * meanNew - t2 * varOfMeanNew;
  const halfB = meanNew * meanOld;
  const disc = halfB * halfB - a * c;
  if (disc < 0) return { lower: 0, upper: Infinity };
  const root = Math.sqrt(disc);
  return { lower: Math.max(0, (halfB - root) / a), upper: (halfB + root) / a };
}

/** Verdict from an interval of new/old time ratios: entirely below 1 → faster, above 1 → slower. */
export function verdictFromInterval(lower: number, upper: number): Verdict {
  if (upper < 1) return 'faster';
  if (lower > 1) return 'slower';
  return 'no significant difference';
}

/**
 * Compares the mean time per op of `newer` with `older` (independent samples): the ratio
 * new/old, its Fieller confidence interval ({@link fiellerInterval}) and the verdict drawn from the
 * interval, never from the point estimate. The t quantile uses Welch–Satterthwaite degrees of
 * freedom for the linear combination x̄_new − ρ̂·x̄_old: df = (v_n + ρ̂²v_o)² / (v_n²/(n_n−1) + ρ̂⁴v_o²/(n_o−1)).
 * Both summaries need n ≥ 2 (throws RangeError otherwise).
 */
export function compareMeans(newer: SampleSummary, older: SampleSummary, confidence = 0.95): RatioEstimate {
  if (newer.n < 2 || older.n < 2) throw new RangeError('a ratio interval needs at least 2 samples on each side');
  const ratio = newer.meanNs / older.meanNs;
  const vNew = newer.semNs * newer.semNs;
  const vOld = older.semNs * older.semNs;
  const vOldScaled = ratio * ratio * vOld;
  const denom = (vNew * vNew) / (newer.n - 1) + (vOldScaled * vOldScaled) / (older.n - 1);
  const df = denom > 0 ? (vNew + vOldScaled) ** 2 / denom : newer.n + older.n - 2;
  const t = tCritical(df, confidence);
  const { lower, upper } = fiellerInterval(newer.meanNs, vNew, older.meanNs, vOld, t);
  return { ratio, lower, upper, confidence, df, method: 'fieller', verdict: verdictFromInterval(lower, upper) };
}
