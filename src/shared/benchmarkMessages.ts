/**
 * Messages between the extension and the benchmark results webview, declared once and imported by
 * both sides. Each union is discriminated on `type`; receivers end their switch with a default that
 * logs the unknown message.
 */
import type { BenchReport } from '../core/bench/suiteTypes';
import type { BenchProgress } from '../core/bench/workerProtocol';
import type { FleetInputs } from '../core/bench/fleet';

/** Extension → webview. */
export type ToBenchmarkView =
  /** A run is starting on these items (shown before any result). */
  | { type: 'starting'; itemsLabel: string; shape: string; suites: string[] }
  | { type: 'progress'; progress: BenchProgress }
  /** The finished report, and its Markdown rendering (for display parity with Copy as Markdown). */
  | { type: 'report'; report: BenchReport }
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

/** The webview panel's view type (for the panel and its serializer). */
export const BENCHMARK_VIEW_TYPE = 'dynamoHotpath.benchmark';

/** The command that runs the benchmark. */
export const RUN_BENCHMARK_COMMAND = 'dynamoHotpath.runBenchmark';

/** Fleet inputs until the user enters their own. */
export const DEFAULT_FLEET_INPUTS: FleetInputs = { requestsPerSecond: 1000, itemsPerRequest: 50, costPerCoreHour: 0.04 };
