/**
 * What a suite's chart plots, in words. The Node suites time CPU (process.cpuUsage) and the bar
 * is the median per item; the Go suite reports `go test -bench` ns/op, which is wall-clock time,
 * and the bar is the mean over the -count runs per item (goRunner.ts).
 */
import type { SuiteResult } from '../../core/bench/suiteTypes';

/** Dataset label (legend), y-axis title and the canvas's accessible name for `suite`'s chart. */
export interface ChartLabels {
  dataset: string;
  axis: string;
  aria: string;
}

/** The labels for `suite` (by its `timeKind`: 'wall' for Go, CPU otherwise). */
export function chartLabels(suite: Pick<SuiteResult, 'title' | 'timeKind'>): ChartLabels {
  if (suite.timeKind === 'wall') {
    return {
      dataset: 'wall-clock µs per item (mean of go test ns/op ± 95 % margin)',
      axis: 'wall-clock µs per item',
      aria: `${suite.title}: wall-clock time per item (go test -bench ns/op)`,
    };
  }
  return { dataset: 'CPU µs per item (median ± 95 % margin)', axis: 'CPU µs per item', aria: `${suite.title}: CPU time per item` };
}
