/**
 * How many fresh worker processes a benchmark runs: at least `minProcesses`, then one more at a
 * time while any comparison is not settled (robust.ts `isSettled`: unstable, or no direction yet
 * with an interval wider than ±10 %), up to `maxProcesses`, and only while another process fits
 * in `timeBudgetMs` (judged from the mean duration of the processes so far). The minimum always runs.
 */
import { mergeReports } from './merge';
import { isSettled } from './robust';
import { BenchCancelledError, runBenchmark, type RunBenchmarkOptions } from './runner';
import type { BenchReport, BenchRequest } from './suiteTypes';
import { plural } from '../plural';

/** The process policy of a run. */
export interface ProcessPolicy {
  minProcesses: number;
  maxProcesses: number;
  /** Wall-clock budget for the whole run, ms; more processes start only while one more fits. */
  timeBudgetMs: number;
}

/**
 * Defaults of the CLI and the editor: 3 to 8 processes within 120 s. Three is the fewest that
 * gives a t interval over processes (df = 2) and shows whether they contradict each other.
 */
export const DEFAULT_PROCESS_POLICY: ProcessPolicy = { minProcesses: 3, maxProcesses: 8, timeBudgetMs: 120_000 };

/** Throws RangeError unless 1 ≤ min ≤ max ≤ 20 (integers) and the budget is positive. */
export function checkPolicy(p: ProcessPolicy): void {
  const ok = Number.isInteger(p.minProcesses) && Number.isInteger(p.maxProcesses) && p.minProcesses >= 1 && p.minProcesses <= p.maxProcesses && p.maxProcesses <= 20;
  if (!ok) throw new RangeError(`processes must be integers with 1 ≤ min ≤ max ≤ 20, got min ${p.minProcesses}, max ${p.maxProcesses}`);
  if (!(p.timeBudgetMs > 0)) throw new RangeError(`the time budget must be positive, got ${p.timeBudgetMs} ms`);
}

/** Why the next process would not start after `runs` processes and `elapsedMs`, or undefined to go on. */
export function stopReason(merged: BenchReport, runs: number, elapsedMs: number, policy: ProcessPolicy): string | undefined {
  if (runs < policy.minProcesses) return undefined;
  const pending = merged.suites.flatMap((s) => s.comparisons).filter((c) => c.estimate && !isSettled(c.estimate));
  if (pending.length === 0) return `every comparison settled after ${plural(runs, 'process', 'processes')}`;
  if (runs >= policy.maxProcesses) return `the maximum of ${policy.maxProcesses} processes was reached (${pending.length} comparison${pending.length === 1 ? '' : 's'} still unsettled)`;
  if (elapsedMs + elapsedMs / runs > policy.timeBudgetMs) return `another process would exceed the ${Math.round(policy.timeBudgetMs / 1000)} s time budget (${pending.length} comparison${pending.length === 1 ? '' : 's'} still unsettled)`;
  return undefined;
}

/**
 * Runs `request` in fresh workers under `policy` and merges their reports (merge.ts); the merged
 * report says why it stopped (`stoppedBecause`). Progress counts cases of the current process,
 * labelled `run k`. A process that fails after another has reported (a crash, its hard time limit
 * on a loaded machine) is left out of the merge and named in `failedProcesses`; it counts towards
 * the policy's process limits. Errors as {@link runBenchmark} when the first process fails or the
 * run is cancelled; RangeError for a bad policy. `options.onInterim` receives the merged report
 * after each process that another follows (a first verdict within one process' time).
 */
export async function runBenchmarkWithPolicy(request: BenchRequest, policy: ProcessPolicy, options: RunBenchmarkOptions = {}): Promise<BenchReport> {
  checkPolicy(policy);
  const started = Date.now();
  const reports: BenchReport[] = [];
  const failures: string[] = [];
  for (;;) {
    const k = reports.length + failures.length + 1;
    const of = policy.minProcesses === policy.maxProcesses ? `${policy.maxProcesses}` : k <= policy.minProcesses ? `${policy.minProcesses}+` : `≤${policy.maxProcesses}`;
    try {
      reports.push(
        await runBenchmark(request, {
          ...options,
          onProgress: (p) => options.onProgress?.(policy.maxProcesses === 1 ? p : { ...p, message: `run ${k}/${of}: ${p.message}` }),
        }),
      );
    } catch (err) {
      if (err instanceof BenchCancelledError || reports.length === 0) throw err;
      failures.push(`process ${k}: ${err instanceof Error ? err.message : String(err)}`);
    }
    const merged = mergeReports(reports);
    const reason = stopReason(merged, k, Date.now() - started, policy);
    if (reason) return { ...merged, stoppedBecause: reason, ...(failures.length ? { failedProcesses: failures } : {}) };
    if (reports.length > 0) options.onInterim?.({ ...merged, interim: `${plural(reports.length, 'process', 'processes')} of at least ${policy.minProcesses}; more are running to narrow it` });
  }
}

/** Exactly `processes` workers (no adaptive stopping); the fixed-count form of {@link runBenchmarkWithPolicy}. */
export function runBenchmarkProcesses(request: BenchRequest, processes: number, options: RunBenchmarkOptions = {}): Promise<BenchReport> {
  return runBenchmarkWithPolicy(request, { minProcesses: processes, maxProcesses: processes, timeBudgetMs: Number.MAX_SAFE_INTEGER }, options);
}
