/**
 * The benchmark feature's entry for activation: the `dynamoHotpath.runBenchmark` command and the
 * results panel's serializer. Settings read: `dynamoHotpath.benchmark.suites`,
 * `dynamoHotpath.benchmark.budgetMsPerCase`, `dynamoHotpath.benchmark.processes`,
 * `dynamoHotpath.benchmark.maxProcesses`, `dynamoHotpath.benchmark.timeBudgetSeconds` (defaults
 * from src/core/bench: DEFAULT_MEASURE_SETTINGS and DEFAULT_PROCESS_POLICY, which the manifest
 * test checks package.json against).
 */
import * as vscode from 'vscode';
import { RUN_BENCHMARK_COMMAND, type RunBenchmarkCommandArgs } from '../../shared/benchmarkMessages';
import { BENCHMARK_VIEW_TYPE, BenchmarkPanel, type BenchmarkRun } from './benchmarkPanel';
import { pickItems } from './pickItems';
import { chooseGoRun } from './goRun';
import { clampBudgetMs, DEFAULT_MEASURE_SETTINGS, SUITE_IDS, type SuiteId } from '../../core/bench/suiteTypes';
import { DEFAULT_PROCESS_POLICY, type ProcessPolicy } from '../../core/bench/policy';
import { ItemSourceError, parseItems } from '../../core/bench/itemSource';
import type { ItemSet } from '../../core/bench/itemTypes';
import type { ProfileShare } from '../../core/bench/profileContext';

/** What the feature needs from the extension. */
export interface BenchmarkDeps {
  log: vscode.LogOutputChannel;
  /**
   * The loaded profile's call site to put the results next to (e.g. the hottest one, via
   * `shareOfCallSite(site, analysis.totalWeight)` from src/core/bench/profileContext.ts); omit or
   * return undefined when no profile is loaded.
   */
  profileShare?: () => ProfileShare | undefined;
}

type RunBenchmarkArgs = RunBenchmarkCommandArgs;

const count = (n: number, fallback: number) => (Number.isInteger(n) && n >= 1 && n <= 20 ? n : fallback);

function readSettings(): { suites: SuiteId[]; budgetMsPerCase: number; policy: ProcessPolicy } {
  const config = vscode.workspace.getConfiguration('dynamoHotpath');
  const suites = config.get<string[]>('benchmark.suites', ['conversion', 'response']).filter((s): s is SuiteId => (SUITE_IDS as readonly string[]).includes(s));
  const budget = config.get<number>('benchmark.budgetMsPerCase', DEFAULT_MEASURE_SETTINGS.budgetMsPerCase);
  const minProcesses = count(Math.round(config.get<number>('benchmark.processes', DEFAULT_PROCESS_POLICY.minProcesses)), DEFAULT_PROCESS_POLICY.minProcesses);
  const maxProcesses = Math.max(minProcesses, count(Math.round(config.get<number>('benchmark.maxProcesses', DEFAULT_PROCESS_POLICY.maxProcesses)), DEFAULT_PROCESS_POLICY.maxProcesses));
  const seconds = config.get<number>('benchmark.timeBudgetSeconds', DEFAULT_PROCESS_POLICY.timeBudgetMs / 1000);
  return {
    suites: suites.length ? suites : ['conversion'],
    budgetMsPerCase: clampBudgetMs(budget),
    policy: { minProcesses, maxProcesses, timeBudgetMs: seconds > 0 ? seconds * 1000 : DEFAULT_PROCESS_POLICY.timeBudgetMs },
  };
}

async function resolveItems(args: RunBenchmarkArgs | undefined): Promise<ItemSet | undefined> {
  if (args?.itemsJson !== undefined) return parseItems(args.itemsJson, args.itemsLabel ?? 'items');
  return pickItems(vscode.window.activeTextEditor);
}

/** Registers the command and the panel serializer; everything is disposed with the extension. */
export function registerBenchmarkCommand(context: vscode.ExtensionContext, deps: BenchmarkDeps): void {
  context.subscriptions.push(
    vscode.commands.registerCommand(RUN_BENCHMARK_COMMAND, async (args?: RunBenchmarkArgs) => {
      try {
        const settings = readSettings();
        const suites = args?.suites ?? settings.suites;
        const go = suites.includes('go') ? await chooseGoRun(args) : undefined;
        if (suites.includes('go') && !go) return undefined;
        const set = go ? go.set : await resolveItems(args);
        if (!set) return undefined;
        const budget = args?.budgetMsPerCase === undefined ? settings.budgetMsPerCase : clampBudgetMs(args.budgetMsPerCase);
        const run: BenchmarkRun = {
          set,
          suites,
          ...(go ? { goType: go.goType, goModuleRoot: go.moduleRoot, goGenerate: go.generate, goPlan: args?.goPlan } : {}),
          ...(args?.profileShare ? { profileShare: args.profileShare } : {}),
          settings: { ...DEFAULT_MEASURE_SETTINGS, budgetMsPerCase: budget, minTimeMsPerCase: Math.min(DEFAULT_MEASURE_SETTINGS.minTimeMsPerCase, budget) },
          policy: args?.processes !== undefined ? { ...settings.policy, minProcesses: args.processes, maxProcesses: Math.max(args.processes, args.maxProcesses ?? args.processes) } : settings.policy,
        };
        return await BenchmarkPanel.show(context, deps.log, deps.profileShare).run(run);
      } catch (err) {
        const message = err instanceof ItemSourceError ? err.message : `The benchmark could not start: ${err instanceof Error ? err.message : String(err)}`;
        deps.log.error(err instanceof Error ? (err.stack ?? err.message) : String(err));
        void vscode.window.showErrorMessage(message, 'Show Output').then((c) => c && deps.log.show(true));
        return undefined;
      }
    }),
    vscode.window.registerWebviewPanelSerializer(BENCHMARK_VIEW_TYPE, {
      deserializeWebviewPanel: async (panel) => BenchmarkPanel.revive(panel, context, deps.log),
    }),
  );
}
