/**
 * `run_benchmark`: the CLI's `bench --json` report — aws-sdk v2 against v3 (and Go's
 * dynamodbattribute against attributevalue) on the user's items, in fresh worker processes — with
 * the verdicts and their intervals as the summary. It runs code (worker processes; the Go suite
 * builds and runs `go test` in the workspace's module), so the editor asks before it starts. The
 * report is kept: later analyses give each call site the change it projects.
 */
import { describeComparison } from '../core/bench/format';
import { generateItems } from '../core/bench/generator';
import { parseItems, readItemsFile } from '../core/bench/itemSource';
import type { ItemSet } from '../core/bench/itemTypes';
import { DEFAULT_PROCESS_POLICY } from '../core/bench/policy';
import { runBenchmarkWithGo } from '../core/bench/goCombined';
import { BenchCancelledError } from '../core/bench/runner';
import { DEFAULT_MEASURE_SETTINGS, type SuiteId } from '../core/bench/suiteTypes';
import { workspaceTrusted } from '../core/exec/workspaceTrust';
import { parseGenerate } from '../cli/benchCommand';
import { AgentToolError, ToolCancelledError } from './toolErrors';
import { BENCHMARKS_KEPT, type ToolAnswer, type ToolContext } from './toolTypes';

/** The tool's input (RUN_BENCHMARK_INPUT). */
export interface RunBenchmarkInput {
  readonly items?: string;
  readonly itemsJson?: string;
  readonly generate?: string;
  readonly suites?: readonly SuiteId[];
  readonly budgetMsPerCase?: number;
  readonly processes?: number;
  readonly maxProcesses?: number;
  readonly timeBudgetSeconds?: number;
  readonly goType?: string;
  readonly goGenerate?: number;
  readonly root?: string;
}

async function itemsOf(input: RunBenchmarkInput, context: ToolContext): Promise<ItemSet> {
  const given = (['items', 'itemsJson', 'generate'] as const).filter((k) => input[k] !== undefined);
  if (given.length > 1) throw new AgentToolError(`give one item source, got ${given.map((k) => `'${k}'`).join(' and ')}`);
  if (input.items !== undefined) return readItemsFile(await context.scope.resolve(input.items, 'items'));
  if (input.itemsJson !== undefined) return parseItems(input.itemsJson, 'itemsJson');
  return generateItems(parseGenerate(input.generate ?? 'nested:40'));
}

/** The verdict of every comparison, suite by suite, and why a suite did not run. */
export function benchmarkSummary(report: { suites: readonly { title: string; skipped?: string; comparisons: Parameters<typeof describeComparison>[0][] }[] }): string {
  return report.suites.flatMap((s) => (s.skipped ? [`${s.title}: not run: ${s.skipped}`] : [`${s.title}:`, ...s.comparisons.map((c) => `  ${describeComparison(c)}`)])).join('\n');
}

/** Runs `run_benchmark`. @throws AgentToolError, ItemSourceError, ToolCancelledError, BenchWorkerError, BenchTimeoutError (one line each) */
export async function runBenchmark(input: RunBenchmarkInput, context: ToolContext): Promise<ToolAnswer> {
  const suites = [...(input.suites ?? ['conversion', 'response'])];
  if (input.processes !== undefined && input.maxProcesses !== undefined && input.maxProcesses < input.processes) throw new AgentToolError(`'maxProcesses' (${input.maxProcesses}) must be at least 'processes' (${input.processes})`);
  if (input.goGenerate !== undefined && suites.join() !== 'go') throw new AgentToolError("'goGenerate' needs suites: [\"go\"] alone");
  if (suites.includes('go') && !workspaceTrusted()) throw new AgentToolError('the go suite builds and runs go test in the workspace, which executes its code: trust the workspace first, or leave go out of suites');
  const root = await context.scope.folder(input.root, 'root');
  const set = await itemsOf(input, context);
  const budget = input.budgetMsPerCase ?? DEFAULT_MEASURE_SETTINGS.budgetMsPerCase;
  const minProcesses = input.processes ?? DEFAULT_PROCESS_POLICY.minProcesses;
  const policy = {
    minProcesses,
    maxProcesses: Math.max(minProcesses, input.maxProcesses ?? DEFAULT_PROCESS_POLICY.maxProcesses),
    timeBudgetMs: (input.timeBudgetSeconds ?? DEFAULT_PROCESS_POLICY.timeBudgetMs / 1000) * 1000,
  };
  let step = 0;
  let report;
  try {
    report = await runBenchmarkWithGo(
      {
        items: { kind: 'set', set },
        suites,
        settings: { ...DEFAULT_MEASURE_SETTINGS, budgetMsPerCase: budget, minTimeMsPerCase: Math.min(DEFAULT_MEASURE_SETTINGS.minTimeMsPerCase, budget) },
        workspaceRoot: root,
        ...(input.goType ? { goType: input.goType } : {}),
        ...(input.goGenerate ? { goGenerate: input.goGenerate } : {}),
      },
      policy,
      { signal: context.signal, onProgress: (p) => context.progress(p.caseCount ? `[${p.caseIndex}/${p.caseCount}] ${p.message}` : p.message, ++step) },
    );
  } catch (err) {
    if (err instanceof BenchCancelledError || context.signal.aborted) throw new ToolCancelledError('run_benchmark');
    throw err;
  }
  // Infinity (an unbounded interval) becomes null, as in `bench --json`.
  const structured = JSON.parse(JSON.stringify(report)) as Record<string, unknown>;
  context.memory.benchmarks.unshift(report);
  context.memory.benchmarks.splice(BENCHMARKS_KEPT);
  const shape = `${report.shape.itemCount} items (${report.itemSource.label}), ${report.processes ?? 1} worker process${(report.processes ?? 1) === 1 ? '' : 'es'}`;
  return { structured, summary: `${shape}\n${benchmarkSummary(report)}` };
}
