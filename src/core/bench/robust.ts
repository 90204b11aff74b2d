/**
 * Verdicts that hold between runs. A benchmark process's mean is pulled by a few slow samples (a GC,
 * a neighbour stealing the core) and its samples are not independent of its own JIT and heap
 * state, so one process can say "1.4× slower" and the next "1.5× faster" on the same items. Here:
 * - within a process, each case is summarised by its median, whose standard error is taken as
 *   1.2533 · 1.4826 · MAD / √n (the normal-theory SE of a median with the MAD as a robust σ; it
 *   ignores autocorrelation, so it is a floor), and the ratio new/old of medians gets a normal
 *   interval on the log scale;
 * - across K ≥ 2 fresh processes, the log ratios of medians are the K observations: their mean
 *   and a Student-t interval with K − 1 degrees of freedom give the ratio and its interval, which
 *   therefore include run-to-run variation;
 * - when one process's own interval says faster and another's says slower, the processes
 *   contradict each other beyond their intervals and the verdict is `unstable` ("the machine is too
 *   noisy to tell"), never a direction.
 */
import { summarize, tCritical, verdictFromInterval, type RatioEstimate, type SampleSummary } from './stats';

/** √(π/2): the asymptotic SE of a sample median is √(π/2) · σ / √n for normal data. */
const MEDIAN_SE_FACTOR = Math.sqrt(Math.PI / 2);
/** MAD × 1.4826 estimates σ for normal data. */
const MAD_TO_SIGMA = 1.4826;

/** Standard error of a summary's median, ns (see the module comment); Infinity without a MAD. */
export function medianStandardError(s: SampleSummary): number {
  if (s.n < 2 || s.madNs === undefined) return Infinity;
  return (MEDIAN_SE_FACTOR * MAD_TO_SIGMA * s.madNs) / Math.sqrt(s.n);
}

function normalQuantile(confidence: number): number {
  // t with a huge df is the normal quantile (1.95996… for 95 %).
  return tCritical(1e7, confidence);
}

/**
 * One process: the ratio of `newer`'s median to `older`'s with a normal interval on the log
 * scale, se(log ratio) = √((se_new/med_new)² + (se_old/med_old)²). Throws RangeError when a side
 * has fewer than 2 samples.
 */
export function compareMedians(newer: SampleSummary, older: SampleSummary, confidence = 0.95): RatioEstimate {
  if (newer.n < 2 || older.n < 2) throw new RangeError('a ratio interval needs at least 2 samples on each side');
  const ratio = newer.medianNs / older.medianNs;
  const se = Math.hypot(medianStandardError(newer) / newer.medianNs, medianStandardError(older) / older.medianNs);
  const z = normalQuantile(confidence);
  const lower = Number.isFinite(se) ? ratio * Math.exp(-z * se) : 0;
  const upper = Number.isFinite(se) ? ratio * Math.exp(z * se) : Infinity;
  return { ratio, lower, upper, confidence, df: Infinity, method: 'median', verdict: verdictFromInterval(lower, upper) };
}

/** True when some process's own interval says faster and another's says slower. */
export function processesContradict(perProcess: readonly { lower: number; upper: number }[]): boolean {
  return perProcess.some((p) => p.upper < 1) && perProcess.some((p) => p.lower > 1);
}

/**
 * Combines per-process estimates ({@link compareMedians} of each process) into one: geometric
 * mean of the ratios and a t interval over the processes' log ratios (df = K − 1); `unstable` when
 * {@link processesContradict}. One process is returned as it is. Throws RangeError for none.
 */
export function combineProcesses(perProcess: readonly RatioEstimate[], confidence = 0.95): RatioEstimate {
  if (perProcess.length === 0) throw new RangeError('no process estimates to combine');
  if (perProcess.length === 1) return perProcess[0]!;
  const logs = perProcess.map((p) => Math.log(p.ratio));
  const s = summarize(logs);
  const k = logs.length;
  const half = tCritical(k - 1, confidence) * s.semNs;
  const ratio = Math.exp(s.meanNs);
  const lower = Math.exp(s.meanNs - half);
  const upper = Math.exp(s.meanNs + half);
  const processes = perProcess.map((p) => ({ ratio: p.ratio, lower: p.lower, upper: p.upper }));
  const verdict = processesContradict(processes) ? 'unstable' : verdictFromInterval(lower, upper);
  return { ratio, lower, upper, confidence, df: k - 1, method: 'process-medians', verdict, processes };
}

/** The interval's half-width on the log scale, ln(upper/lower)/2 (Infinity when unbounded). */
export function logHalfWidth(e: RatioEstimate): number {
  return e.lower > 0 && Number.isFinite(e.upper) ? Math.log(e.upper / e.lower) / 2 : Infinity;
}

/**
 * Whether an estimate is settled enough to stop adding processes: not unstable, and either it
 * has a direction or its interval is within ±`maxHalfWidth` on the log scale (default ln 1.1, i.e.
 * the ratio is known to about ±10 %).
 */
export function isSettled(e: RatioEstimate, maxHalfWidth = Math.log(1.1)): boolean {
  if (e.verdict === 'unstable') return false;
  return e.verdict !== 'no significant difference' || logHalfWidth(e) <= maxHalfWidth;
}
