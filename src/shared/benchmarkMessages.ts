/**
 * Messages between the extension and the benchmark results webview, declared once and imported by
 * both sides. Each union is discriminated on `type`; receivers end their switch with a default that
 * logs the unknown message.
 */
import type { BenchReport } from '../core/bench/suiteTypes';
import type { BenchProgress } from '../core/bench/workerProtocol';
import type { FleetInputs } from '../core/bench/fleet';
import type { ProfileShare } from '../core/bench/profileContext';

/** Extension → webview. */
export type ToBenchmarkView =
  /** A run is starting on these items (shown before any result). */
  | { type: 'starting'; itemsLabel: string; shape: string; suites: string[] }
  | { type: 'progress'; progress: BenchProgress }
  /** The report (finished, or `report.interim` while the run refines it), with sentences relating it to the loaded profile's call site when there is one. */
  | { type: 'report'; report: BenchReport; profileContext?: string[] }
  | { type: 'failed'; message: string }
  | { type: 'cancelled' }
  /** The fleet inputs remembered for this workspace. */
  | { type: 'fleetInputs'; inputs: FleetInputs };

/** Webview → extension. */
export type FromBenchmarkView =
  /** The page is loaded and listening; the extension then sends the current state. */
  | { type: 'ready' }
  | { type: 'rerun' }
  | { type: 'cancel' }
  | { type: 'copyMarkdown' }
  | { type: 'saveJson' }
  | { type: 'fleetInputsChanged'; inputs: FleetInputs };

/** The command that runs the benchmark (a CodeLens may pass {@link RunBenchmarkCommandArgs}). */
export const RUN_BENCHMARK_COMMAND = 'dynamoHotpath.runBenchmark';

/** Arguments `dynamoHotpath.runBenchmark` accepts from code; none → the user picks the items. */
export interface RunBenchmarkCommandArgs {
  /** Items as JSON text (plain, DynamoDB JSON or a Query response) and a label for them. */
  itemsJson?: string;
  itemsLabel?: string;
  suites?: ('conversion' | 'response' | 'go')[];
  /** Go suite: the struct, `<import path>.<Type>` (from the call site); absent → the user picks one. */
  goType?: string;
  /** Go suite: the folder of the nearest go.mod above the file. */
  goModuleRoot?: string;
  /** Go suite: runs of each benchmark and target time per run, ms (defaults 5 and 1000). */
  goPlan?: { count?: number; benchtimeMs?: number };
  budgetMsPerCase?: number;
  /** The loaded profile's call site on the lens's line (its lens figure by operation): the results are put next to it. */
  profileShare?: ProfileShare;
  /** Minimum processes; with it alone exactly that many run (tests), with `maxProcesses` up to that many. */
  processes?: number;
  maxProcesses?: number;
}

/** Fleet inputs until the user enters their own (operations per request may come from the loaded profile). */
export const DEFAULT_FLEET_INPUTS: FleetInputs = { requestsPerSecond: 1000, perRequest: { item: 50, query: 2, put: 1 }, coresPerPod: 0, costPerCoreHour: 0.04, currency: 'USD' };
