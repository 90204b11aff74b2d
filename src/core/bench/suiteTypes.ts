/** Contracts between suites, the measuring loop in the worker, and the report. */
import type { ItemSet, ShapeSummary } from './itemTypes';
import type { RatioEstimate, SampleSummary } from './stats';
import type { GeneratorSpec } from './generator';

/** Suite ids: attribute conversion, whole response path (HTTP + parse + convert), Go. */
export const SUITE_IDS = ['conversion', 'response', 'go'] as const;
export type SuiteId = (typeof SUITE_IDS)[number];

/** One benchmark case as a suite defines it. An "op" is one pass over the whole item set. */
export interface BenchCase {
  id: string;
  /** e.g. "v3 unmarshall (migration options)". */
  label: string;
  sdk: 'v2' | 'v3';
  operation: 'marshall' | 'unmarshall' | 'query' | 'put';
  /** Which options: SDK defaults, or the quick-fix's behaviour-preserving ones. */
  options: 'default' | 'migration';
  /** Items handled by one op, to give time per item. */
  itemsPerOp: number;
  fn: () => unknown;
}

/** A pair to compare: `newer` against `older` (both case ids). */
export interface ComparisonSpec {
  newer: string;
  older: string;
  label: string;
}

/** A suite prepared on an item set: its cases, what to compare, and how to clean up. */
export interface PreparedSuite {
  id: SuiteId;
  title: string;
  cases: BenchCase[];
  comparisons: ComparisonSpec[];
  /** Context shown with the results, e.g. how an op is defined. */
  note: string;
  dispose(): Promise<void>;
}

/** Measured result of one case. Times in ns per op; allocation in bytes per op. */
export interface CaseResult {
  id: string;
  label: string;
  /** v2/v3: aws-sdk for JavaScript; go-v1/go-v2: aws-sdk-go and aws-sdk-go-v2. */
  sdk: 'v2' | 'v3' | 'go-v1' | 'go-v2';
  operation: BenchCase['operation'];
  options: BenchCase['options'];
  itemsPerOp: number;
  /** CPU time per op (ns), see measure.ts for the clock and batching. */
  summary?: SampleSummary;
  /** Median CPU ns per item: summary.medianNs / itemsPerOp (the robust centre the verdicts use). */
  nsPerItem?: number;
  /** Wall-clock ns per op over the timed rounds (includes time descheduled on a busy machine). */
  wallNsPerOp?: number;
  /** Ops timed together in one sample (batching to ≥ 1 ms of CPU per sample). */
  opsPerSample?: number;
  /** Bytes allocated per op (heapUsed delta over GC-free windows; see measure.ts; Go: -benchmem B/op). */
  bytesPerOp?: number;
  /** Heap allocations per op (Go: -benchmem allocs/op). */
  allocsPerOp?: number;
  /** Garbage collections observed while timing this case (warm-up included), and their total pause. */
  gcCount?: number;
  gcPauseMs?: number;
  /** Mean CPU ns per op of each worker process, when several were merged (merge.ts). */
  processMeansNs?: number[];
  /** Median CPU ns per op of each worker process, when several were merged. */
  processMediansNs?: number[];
  /** Set when the case could not run on these items (e.g. v3 default marshall rejects a number), or failed in every process. */
  error?: string;
  /**
   * Errors of the worker processes in which this case failed while others measured it (merge.ts);
   * the timings and comparisons pool only the processes that measured it.
   */
  processErrors?: string[];
}

/** Result of comparing two cases. */
export interface ComparisonResult {
  label: string;
  newer: string;
  older: string;
  /** Missing when either case errored. */
  estimate?: RatioEstimate;
  /** (new − old) median ns per item: positive costs time, negative saves it. */
  deltaNsPerItem?: number;
}

/** One suite's results. */
export interface SuiteResult {
  id: SuiteId;
  title: string;
  note: string;
  cases: CaseResult[];
  comparisons: ComparisonResult[];
  /** Set when the whole suite could not run (e.g. "Go not found: install golang-go"). */
  skipped?: string;
  /** What `summary` times: CPU time (the Node suites, default) or wall-clock time (Go's ns/op). */
  timeKind?: 'cpu' | 'wall';
  /** The suite's own environment line when it ran outside the Node worker (Go: toolchain, CPU, module versions). */
  environment?: string;
}

/** Where and with what the benchmark ran. */
export interface BenchEnvironment {
  node: string;
  v8: string;
  platform: string;
  cpuModel: string;
  cpuCount: number;
  /** 1-minute load average at start and end of the run. */
  loadAverageStart: number;
  loadAverageEnd: number;
  sdkVersions: Record<string, string>;
  /** How the worker was started (e.g. `--expose-gc`). */
  execArgv: string[];
  gcExposed: boolean;
}

/** The full report of a run. */
export interface BenchReport {
  startedAt: string;
  durationMs: number;
  itemSource: { format: ItemSet['format']; label: string; notes?: string[] };
  shape: ShapeSummary;
  settings: MeasureSettings;
  environment: BenchEnvironment;
  /** Worker processes merged into this report (1 when absent); with ≥ 2, intervals are over the processes' median ratios. */
  processes?: number;
  /** Why the run stopped adding processes (policy.ts), when it ran under a process policy. */
  stoppedBecause?: string;
  /**
   * Set on a report shown while the run goes on (policy.ts `onInterim`): what it rests on so far,
   * e.g. "1 of at least 3 processes". The final report has none.
   */
  interim?: string;
  /** Worker processes that failed after another had reported, left out of the merge: "process 3: <error>". */
  failedProcesses?: string[];
  suites: SuiteResult[];
}

/** How long and how precisely to measure each case. */
export interface MeasureSettings {
  /** Time budget per case for the timed rounds, ms (warm-up and allocation measurement are extra). */
  budgetMsPerCase: number;
  /** Stop early once the relative margin of error is below this, percent. */
  targetRmePercent: number;
  /** Never stop before this much timed time per case, ms. */
  minTimeMsPerCase: number;
}

/**
 * Defaults per process: 1 s per case, stop at RME < 2 % after at least 300 ms. The run's
 * precision comes from several processes (policy.ts), not from one long process.
 */
export const DEFAULT_MEASURE_SETTINGS: MeasureSettings = { budgetMsPerCase: 1000, targetRmePercent: 2, minTimeMsPerCase: 300 };

/**
 * Largest time budget per case, ms: 60 s, so the longest run (two suites of six cases) stays
 * near a quarter of an hour; more buys no precision a fresh process cannot (see `--processes`).
 */
export const MAX_BUDGET_MS_PER_CASE = 60_000;

/** A budget per case from settings or arguments, in ms: non-numbers and ≤ 0 give the default, the rest is capped at {@link MAX_BUDGET_MS_PER_CASE}. */
export function clampBudgetMs(value: unknown): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) return DEFAULT_MEASURE_SETTINGS.budgetMsPerCase;
  return Math.min(value, MAX_BUDGET_MS_PER_CASE);
}

/** What the parent asks the worker to run. */
export interface BenchRequest {
  items: { kind: 'set'; set: ItemSet } | { kind: 'generate'; spec: GeneratorSpec };
  suites: SuiteId[];
  settings: MeasureSettings;
  /** For the Go suite: the workspace root to look for go.mod in. */
  workspaceRoot?: string;
  /** For the Go suite: the struct to benchmark, `<import path>.<Type>`. */
  goType?: string;
  /** For a Go-only run: make this many items from filled structs of `goType` instead of `items`. */
  goGenerate?: number;
}
