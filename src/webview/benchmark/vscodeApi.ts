/** The webview side of the benchmark panel's channel: typed postMessage and saved state. */
import type { FromBenchmarkView } from '../../shared/benchmarkMessages';
import type { BenchReport } from '../../core/bench/suiteTypes';
import type { FleetInputs } from '../../core/bench/fleet';
import { createVsCodeChannel } from '../vscodeChannel';

/** What the page keeps across hide/reload. */
export interface BenchmarkViewState {
  report?: BenchReport;
  profileContext?: string[];
  fleetInputs?: FleetInputs;
}

export const { send, loadState, saveState } = createVsCodeChannel<FromBenchmarkView, BenchmarkViewState>();
