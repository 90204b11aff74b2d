/**
 * Statistics of paired benchmark runs: the ratio of a measured configuration to its baseline,
 * one ratio per pair, summarised as a geometric mean with a percentile-bootstrap interval, and
 * what that interval says about a cost limit.
 */

/** The central value of per-pair ratios (geometric mean, or median for {@link medianRatio}) and its 95 % interval (ratios, 1 = no change). */
export interface RatioSummary {
  readonly mean: number;
  readonly low: number;
  readonly high: number;
}

/**
 * Geometric mean of `ratios` (each measured ÷ baseline of one pair) with a 95 % percentile
 * bootstrap interval: 10,000 resamples of the pairs with replacement, fixed seed so that a run
 * prints the same interval for the same data.
 * @throws Error when `ratios` is empty or holds a value that is not a positive finite number.
 */
export function pairedRatio(ratios: readonly number[]): RatioSummary {
  if (ratios.length === 0 || ratios.some((r) => !(r > 0) || !Number.isFinite(r))) throw new Error(`paired ratios must be positive numbers: ${ratios.join(', ')}`);
  const logs = ratios.map(Math.log);
  const mean = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  let seed = 12345;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const means: number[] = [];
  for (let b = 0; b < 10_000; b++) means.push(mean(logs.map(() => logs[Math.floor(random() * logs.length)]!)));
  means.sort((a, b) => a - b);
  return { mean: Math.exp(mean(logs)), low: Math.exp(means[Math.floor(0.025 * means.length)]!), high: Math.exp(means[Math.floor(0.975 * means.length)]!) };
}

/**
 * Median of `ratios` with a 95 % percentile-bootstrap interval of the median (10,000 resamples,
 * fixed seed): robust to the odd round that another process's burst inflated.
 * @throws Error when `ratios` is empty or holds a value that is not a positive finite number.
 */
export function medianRatio(ratios: readonly number[]): RatioSummary {
  if (ratios.length === 0 || ratios.some((r) => !(r > 0) || !Number.isFinite(r))) throw new Error(`paired ratios must be positive numbers: ${ratios.join(', ')}`);
  const median = (xs: number[]) => {
    xs.sort((a, b) => a - b);
    const m = xs.length >> 1;
    return xs.length % 2 ? xs[m]! : (xs[m - 1]! + xs[m]!) / 2;
  };
  let seed = 54321;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const medians: number[] = [];
  for (let b = 0; b < 10_000; b++) medians.push(median(ratios.map(() => ratios[Math.floor(random() * ratios.length)]!)));
  medians.sort((a, b) => a - b);
  return { mean: median([...ratios]), low: medians[Math.floor(0.025 * medians.length)]!, high: medians[Math.floor(0.975 * medians.length)]! };
}

/** A ratio as a signed percentage change: 1.046 → `+4.6 %`. */
export function percentChange(ratio: number): string {
  return `${ratio >= 1 ? '+' : ''}${((ratio - 1) * 100).toFixed(1)} %`;
}

/**
 * What the interval says about a cost limit of `limitPct` percent: `met` when its upper end is at
 * or below the limit, `exceeded` when its lower end is above it, else `undecided` (the interval
 * straddles the limit; more pairs are needed).
 */
export function verdict(summary: RatioSummary, limitPct: number): 'met' | 'exceeded' | 'undecided' {
  const limit = 1 + limitPct / 100;
  if (summary.high <= limit) return 'met';
  if (summary.low > limit) return 'exceeded';
  return 'undecided';
}
