/** IPC messages between the benchmark runner (parent) and the worker (child process). */
import type { BenchReport, BenchRequest, SuiteId } from './suiteTypes';

/** Progress while running: which case of how many, and how precise it is so far. */
export interface BenchProgress {
  message: string;
  suite?: SuiteId;
  caseId?: string;
  /** 1-based index over all cases of the run, and their count (0 while preparing). */
  caseIndex: number;
  caseCount: number;
  samples?: number;
  rmePercent?: number;
}

/** Parent → worker. */
export type ParentToWorker = { type: 'run'; request: BenchRequest };

/** Worker → parent. `error` is a failure the worker caught (bad items, a suite that would not start). */
export type WorkerToParent =
  | { type: 'ready' }
  | { type: 'progress'; progress: BenchProgress }
  | { type: 'result'; report: BenchReport }
  | { type: 'error'; message: string; stack?: string };
