/**
 * Sampling uncertainty of profile shares.
 *
 * A sampling profiler draws `n` samples; the number that land in a given function is close to
 * binomial(n, p), so the share estimate p̂ has standard error sqrt(p̂(1 − p̂) / n). For two
 * independent profiles the difference of shares has standard error sqrt(se₁² + se₂²); we call a
 * change significant only when it exceeds two of those (≈ 95 % two-sided, z = 1.96 rounded up).
 *
 * Caveats, stated in the comparison notes: V8 samples carry unequal time deltas, and samples of
 * one profile are not fully independent (bursty work), so this is a floor on the true noise.
 */

/** z used by {@link isSignificantShareChange}: |Δshare| must exceed Z × the combined standard error. */
export const SIGNIFICANCE_Z = 2;

/**
 * Binomial standard error of a share, in percentage points.
 * @param sharePercent the share, 0–100 (values outside are clamped)
 * @param sampleCount number of profiler samples behind the total (`Analysis.totalCount`)
 * @returns sqrt(p(1 − p)/n) × 100; 0 when p is 0 or 1; `Infinity` when there are no samples
 */
export function shareStandardError(sharePercent: number, sampleCount: number): number {
  if (!(sampleCount > 0)) return Infinity;
  const p = Math.min(1, Math.max(0, sharePercent / 100));
  return Math.sqrt((p * (1 - p)) / sampleCount) * 100;
}

/**
 * Standard error of a share that is 0 on one side: a path that never showed up in `n` samples
 * may still have had a share up to about 1/n. We use the "rule of three" upper bound scaled to
 * one standard error, (3/n)/2, so that a path seen in one or two samples of one profile and none
 * of the other is not called a significant change.
 * @returns percentage points; `Infinity` when n = 0
 */
export function zeroShareStandardError(sampleCount: number): number {
  if (!(sampleCount > 0)) return Infinity;
  return (3 / sampleCount / 2) * 100;
}

/**
 * The significance rule: |after − before| > {@link SIGNIFICANCE_Z} · sqrt(seBefore² + seAfter²).
 * All arguments in percentage points.
 */
export function isSignificantShareChange(beforeShare: number, beforeSe: number, afterShare: number, afterSe: number): boolean {
  const combined = Math.sqrt(beforeSe * beforeSe + afterSe * afterSe);
  if (!Number.isFinite(combined)) return false;
  return Math.abs(afterShare - beforeShare) > SIGNIFICANCE_Z * combined;
}

/**
 * Standard error of a share for display and for the rule: binomial when the share is positive,
 * {@link zeroShareStandardError} when it is 0.
 */
export function shareError(sharePercent: number, sampleCount: number): number {
  return sharePercent > 0 ? shareStandardError(sharePercent, sampleCount) : zeroShareStandardError(sampleCount);
}
