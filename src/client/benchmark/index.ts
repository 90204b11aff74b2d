/**
 * The benchmark feature's entry for activation: the `dynamoHotpath.runBenchmark` command and the
 * results panel's serializer. Settings read: `dynamoHotpath.benchmark.suites`,
 * `dynamoHotpath.benchmark.budgetMsPerCase`.
 */
import * as vscode from 'vscode';
import { BENCHMARK_VIEW_TYPE, RUN_BENCHMARK_COMMAND } from '../../shared/benchmarkMessages';
import { BenchmarkPanel, type BenchmarkRun } from './benchmarkPanel';
import { pickItems } from './pickItems';
import { DEFAULT_MEASURE_SETTINGS, SUITE_IDS, type SuiteId } from '../../core/bench/suiteTypes';
import { ItemSourceError, parseItems } from '../../core/bench/itemSource';
import type { ItemSet } from '../../core/bench/itemTypes';

/** What the feature needs from the extension. */
export interface BenchmarkDeps {
  log: vscode.LogOutputChannel;
}

/**
 * Arguments the command accepts from code (a CodeLens, a test): items as JSON text, or none to ask
 * the user. `suites` overrides the setting.
 */
export interface RunBenchmarkArgs {
  itemsJson?: string;
  itemsLabel?: string;
  suites?: SuiteId[];
  budgetMsPerCase?: number;
}

function readSettings(): { suites: SuiteId[]; budgetMsPerCase: number } {
  const config = vscode.workspace.getConfiguration('dynamoHotpath.benchmark');
  const suites = config.get<string[]>('suites', ['conversion', 'response']).filter((s): s is SuiteId => (SUITE_IDS as readonly string[]).includes(s));
  const budget = config.get<number>('budgetMsPerCase', DEFAULT_MEASURE_SETTINGS.budgetMsPerCase);
  return { suites: suites.length ? suites : ['conversion'], budgetMsPerCase: budget > 0 ? budget : DEFAULT_MEASURE_SETTINGS.budgetMsPerCase };
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
        const set = await resolveItems(args);
        if (!set) return undefined;
        const settings = readSettings();
        const budget = args?.budgetMsPerCase ?? settings.budgetMsPerCase;
        const run: BenchmarkRun = {
          set,
          suites: args?.suites ?? settings.suites,
          settings: { ...DEFAULT_MEASURE_SETTINGS, budgetMsPerCase: budget, minTimeMsPerCase: Math.min(DEFAULT_MEASURE_SETTINGS.minTimeMsPerCase, budget) },
        };
        return await BenchmarkPanel.show(context, deps.log).run(run);
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
