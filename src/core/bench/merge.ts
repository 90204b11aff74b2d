/**
 * Combines the reports of R independent worker processes on the same request. Within one process
 * the samples of a case are not independent of that process's state (JIT decisions, heap sizing,
 * GC helper threads competing with neighbours), so a within-process interval understates run-to-run
 * variation. With R ≥ 2 processes, each comparison combines the processes' own median ratios
 * (robust.ts: a t interval over processes, `unstable` when they contradict each other);
 * descriptive statistics pool all samples.
 */
import { median, tCritical, type SampleSummary } from './stats';
import { combineProcesses } from './robust';
import type { BenchReport, CaseResult, ComparisonResult, SuiteResult } from './suiteTypes';

/**
 * Pools summaries of disjoint sample sets: n, mean and standard deviation are exact (the parallel
 * variance formula); min/max exact; median is the median of the medians and p99 the largest p99
 * (approximations, the raw samples are not kept).
 */
export function poolSummaries(parts: readonly SampleSummary[]): SampleSummary {
  if (parts.length === 0) throw new RangeError('nothing to pool');
  if (parts.length === 1) return parts[0]!;
  const n = parts.reduce((a, p) => a + p.n, 0);
  const mean = parts.reduce((a, p) => a + p.n * p.meanNs, 0) / n;
  const ss = parts.reduce((a, p) => a + (p.n - 1) * p.sdNs * p.sdNs + p.n * (p.meanNs - mean) ** 2, 0);
  const sd = Math.sqrt(ss / (n - 1));
  const sem = sd / Math.sqrt(n);
  const medians = parts.map((p) => p.medianNs).sort((a, b) => a - b);
  const mid = medians.length / 2;
  return {
    n,
    meanNs: mean,
    medianNs: medians.length % 2 ? medians[Math.floor(mid)]! : (medians[mid - 1]! + medians[mid]!) / 2,
    p99Ns: Math.max(...parts.map((p) => p.p99Ns)),
    minNs: Math.min(...parts.map((p) => p.minNs)),
    maxNs: Math.max(...parts.map((p) => p.maxNs)),
    sdNs: sd,
    semNs: sem,
    madNs: median(parts.map((p) => p.madNs ?? 0)),
    rmePercent: (100 * tCritical(n - 1) * sem) / mean,
    opsPerSecond: 1e9 / mean,
  };
}

const avg = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const defined = <T>(xs: (T | undefined)[]) => xs.filter((x): x is T => x !== undefined);

/**
 * One case over the processes. A process in which the case failed (e.g. a request error mid-run)
 * is left out and its error kept in `processErrors`; the case fails only when it failed in all.
 */
function mergeCase(runs: CaseResult[]): CaseResult {
  const measured = runs.filter((r) => r.summary);
  const errors = runs.filter((r) => !r.summary).map((r) => r.error ?? 'no samples');
  if (measured.length === 0) return { ...runs[0]!, summary: undefined, error: errors[0] };
  const { error: _error, ...first } = measured[0]!;
  const summary = poolSummaries(measured.map((r) => r.summary!));
  const bytes = defined(measured.map((r) => r.bytesPerOp));
  const wall = defined(measured.map((r) => r.wallNsPerOp));
  return {
    ...first,
    summary,
    nsPerItem: summary.medianNs / first.itemsPerOp,
    wallNsPerOp: wall.length ? avg(wall) : undefined,
    bytesPerOp: bytes.length ? avg(bytes) : undefined,
    gcCount: measured.reduce((a, r) => a + (r.gcCount ?? 0), 0),
    gcPauseMs: measured.reduce((a, r) => a + (r.gcPauseMs ?? 0), 0),
    processMeansNs: measured.map((r) => r.summary!.meanNs),
    processMediansNs: measured.map((r) => r.summary!.medianNs),
    ...(errors.length ? { processErrors: errors } : {}),
  };
}

/** Combines the processes in which both cases were measured (the others say nothing about the pair). */
function mergeComparison(c: ComparisonResult, runs: (ComparisonResult | undefined)[], cases: CaseResult[]): ComparisonResult {
  const newer = cases.find((x) => x.id === c.newer);
  const older = cases.find((x) => x.id === c.older);
  const out: ComparisonResult = { label: c.label, newer: c.newer, older: c.older };
  const estimates = defined(runs.map((r) => r?.estimate));
  if (!newer?.summary || !older?.summary || estimates.length === 0) return out;
  out.estimate = combineProcesses(estimates);
  out.deltaNsPerItem = older.nsPerItem! * (out.estimate.ratio - 1);
  return out;
}

/**
 * Merges reports of the same request from R ≥ 1 processes (R = 1 returns it unchanged). Throws
 * RangeError when the reports do not have the same suites and cases.
 */
export function mergeReports(reports: readonly BenchReport[]): BenchReport {
  if (reports.length === 0) throw new RangeError('no reports to merge');
  if (reports.length === 1) return reports[0]!;
  const [first] = reports;
  const suites: SuiteResult[] = first!.suites.map((suite, si) => {
    if (suite.skipped) return suite;
    const cases = suite.cases.map((c, ci) => {
      const runs = reports.map((r) => r.suites[si]?.cases[ci]);
      if (runs.some((r) => r?.id !== c.id)) throw new RangeError(`reports differ: case ${c.id} of ${suite.id} is missing in a run`);
      return mergeCase(runs as CaseResult[]);
    });
    const comparisons = suite.comparisons.map((c, ci) => mergeComparison(c, reports.map((r) => r.suites[si]?.comparisons[ci]), cases));
    return { ...suite, cases, comparisons };
  });
  const last = reports[reports.length - 1]!;
  return {
    ...first!,
    durationMs: reports.reduce((a, r) => a + r.durationMs, 0),
    environment: { ...first!.environment, loadAverageEnd: last.environment.loadAverageEnd },
    processes: reports.length,
    suites,
  };
}
