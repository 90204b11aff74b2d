/// <reference lib="dom" />
/** The webview side of the benchmark panel's channel: typed postMessage and saved state. */
import type { FromBenchmarkView } from '../../shared/benchmarkMessages';
import type { BenchReport } from '../../core/bench/suiteTypes';
import type { FleetInputs } from '../../core/bench/fleet';

/** What the page keeps across hide/reload. */
export interface BenchmarkViewState {
  report?: BenchReport;
  profileContext?: string[];
  fleetInputs?: FleetInputs;
}

interface VsCodeApi {
  postMessage(message: FromBenchmarkView): void;
  getState(): BenchmarkViewState | undefined;
  setState(state: BenchmarkViewState): void;
}

declare function acquireVsCodeApi(): VsCodeApi;

const api = acquireVsCodeApi();

export function send(message: FromBenchmarkView): void {
  api.postMessage(message);
}

export function loadState(): BenchmarkViewState {
  return api.getState() ?? {};
}

export function saveState(patch: Partial<BenchmarkViewState>): void {
  api.setState({ ...loadState(), ...patch });
}
