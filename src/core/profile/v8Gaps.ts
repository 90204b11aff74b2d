/**
 * How much of a V8 profile's wall-time weight sits in sampling gaps far above its interval. V8
 * values each sample at the time until the next one; when the thread waits for a CPU (a loaded
 * machine, a CPU-throttled container), that wait is charged to the frame that was on top, and long
 * synchronous work (a large response's parse) catches most of it: time shares then drift far from
 * CPU shares. Measured on the new-user trial's recordings: 1–15 % of the weight in such gaps at low
 * load, 45 % with three requests in flight at load 25 (DynamoDB share 19.1 % by time, 11.4 % by
 * sample count, 8.5 % CPU in a pprof of the same program).
 */
import type { V8Samples } from './v8Tree';

/** A gap counts when it exceeds this many median sampling intervals. */
export const GAP_FACTOR = 10;
/** Share of the non-idle weight in gaps from which the reader warns (the fixtures' plain profiles: at most 12 %). */
export const GAP_WARNING_SHARE = 0.2;

/** Fraction (0–1) of the non-`(idle)` weight in samples longer than {@link GAP_FACTOR} × the median interval, with that median (µs). */
export function wallGapShare(thread: V8Samples): { share: number; medianUs: number } {
  const { nodes, samples, timestampsUs, endTimeUs } = thread;
  const idle = new Set(nodes.filter((n) => n.functionName === '(idle)').map((n) => n.id));
  const deltas = new Float64Array(samples.length);
  for (let i = 0; i < samples.length; i++) deltas[i] = Math.max(0, (i + 1 < samples.length ? timestampsUs[i + 1]! : endTimeUs) - timestampsUs[i]!);
  const medianUs = deltas.length ? Float64Array.from(deltas).sort()[deltas.length >> 1]! : 0;
  let weight = 0;
  let gaps = 0;
  for (let i = 0; i < samples.length; i++) {
    if (idle.has(samples[i]!)) continue;
    weight += deltas[i]!;
    if (medianUs > 0 && deltas[i]! > GAP_FACTOR * medianUs) gaps += deltas[i]!;
  }
  return { share: weight > 0 ? gaps / weight : 0, medianUs };
}

/** The reader's warning when {@link wallGapShare} reaches {@link GAP_WARNING_SHARE}; undefined otherwise. */
export function wallGapWarning(thread: V8Samples): string | undefined {
  const { share, medianUs } = wallGapShare(thread);
  if (share < GAP_WARNING_SHARE) return undefined;
  const ms = (us: number) => `${(us / 1000).toFixed(us < 10_000 ? 1 : 0)} ms`;
  return `${(share * 100).toFixed(0)}% of the wall time lies in sampling gaps over ${ms(GAP_FACTOR * medianUs)} (${GAP_FACTOR}× the median interval of ${ms(medianUs)}): the thread waited for a CPU and that time is charged to the frame on top, so shares can be far from CPU shares; --sample-type samples counts each sample once`;
}
