/**
 * The benchmark results panel: create-or-show, one run at a time, typed messages both ways
 * (src/shared/benchmarkMessages.ts). The page asks for data with `ready`; nothing but the nonce and
 * the CSP source is spliced into its HTML.
 */
import * as vscode from 'vscode';
import { writeFile } from 'node:fs/promises';
import { DEFAULT_FLEET_INPUTS, type FromBenchmarkView, type ToBenchmarkView } from '../../shared/benchmarkMessages';
import { BenchCancelledError, resolveWorker } from '../../core/bench/runner';
import { runBenchmarkWithGo } from '../../core/bench/goCombined';
import type { ProcessPolicy } from '../../core/bench/policy';
import { reportToMarkdown } from '../../core/bench/format';
import { describeShape, summarizeShape } from '../../core/bench/shape';
import type { ItemSet } from '../../core/bench/itemTypes';
import type { BenchReport, MeasureSettings, SuiteId } from '../../core/bench/suiteTypes';
import { normalizeFleetInputs, type FleetInputs } from '../../core/bench/fleet';
import { profileVerdict, type ProfileShare } from '../../core/bench/profileContext';
import { makeNonce, webviewHtml } from '../webviewHtml';

const FLEET_STATE_KEY = 'dynamoHotpath.benchmark.fleetInputs';

/** The panel's view type (for `onWebviewPanel:` activation and the serializer). */
export const BENCHMARK_VIEW_TYPE = 'dynamoHotpath.benchmark';

/** What a run needs; kept for Re-run. */
export interface BenchmarkRun {
  set: ItemSet;
  suites: SuiteId[];
  settings: MeasureSettings;
  /** How many fresh worker processes (policy.ts): the intervals include run-to-run variation. */
  policy: ProcessPolicy;
  /** Go suite: the struct, its module root, and items to generate from it (see goRun.ts). */
  goType?: string;
  goModuleRoot?: string;
  goGenerate?: number;
  goPlan?: { count?: number; benchtimeMs?: number };
  /** The profile's call site the run was started from (a `▶ Benchmark` lens on it); else the panel's profile share (the hottest). */
  profileShare?: ProfileShare;
}

/** The benchmark page: our stylesheet and the benchmark bundle. */
export function benchmarkHtml(webview: vscode.Webview, mediaRoot: vscode.Uri, nonce: string): string {
  return webviewHtml(webview, mediaRoot, nonce, { title: 'Marshalling Benchmark', script: 'benchmark.js', styles: ['benchmark.css'], placeholder: 'Waiting for the benchmark…' });
}

/** The one benchmark panel of the window. */
export class BenchmarkPanel {
  private static current: BenchmarkPanel | undefined;
  private readonly disposables: vscode.Disposable[] = [];
  private lastRun: BenchmarkRun | undefined;
  private report: BenchReport | undefined;
  private running: AbortController | undefined;
  private ready = false;
  private readonly pending: ToBenchmarkView[] = [];
  /** The loaded profile's hottest call site, to relate results to (supplied by the extension). */
  private profileShare: (() => ProfileShare | undefined) | undefined;

  /** Opens the panel or brings it forward. */
  static show(context: vscode.ExtensionContext, log: vscode.LogOutputChannel, profileShare?: () => ProfileShare | undefined): BenchmarkPanel {
    if (BenchmarkPanel.current) {
      BenchmarkPanel.current.panel.reveal(undefined, true);
      BenchmarkPanel.current.profileShare = profileShare;
      return BenchmarkPanel.current;
    }
    const panel = vscode.window.createWebviewPanel(BENCHMARK_VIEW_TYPE, 'Marshalling Benchmark', { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true }, BenchmarkPanel.options(context.extensionUri));
    BenchmarkPanel.current = new BenchmarkPanel(panel, context, log);
    BenchmarkPanel.current.profileShare = profileShare;
    return BenchmarkPanel.current;
  }

  /** Re-attaches a panel restored after a reload; the page shows its saved report. */
  static revive(panel: vscode.WebviewPanel, context: vscode.ExtensionContext, log: vscode.LogOutputChannel): void {
    panel.webview.options = BenchmarkPanel.options(context.extensionUri);
    BenchmarkPanel.current?.panel.dispose();
    BenchmarkPanel.current = new BenchmarkPanel(panel, context, log);
  }

  private static options(extensionUri: vscode.Uri): vscode.WebviewPanelOptions & vscode.WebviewOptions {
    return { enableScripts: true, retainContextWhenHidden: true, localResourceRoots: [vscode.Uri.joinPath(extensionUri, 'media')] };
  }

  private constructor(
    private readonly panel: vscode.WebviewPanel,
    private readonly context: vscode.ExtensionContext,
    private readonly log: vscode.LogOutputChannel,
  ) {
    panel.webview.html = benchmarkHtml(panel.webview, vscode.Uri.joinPath(context.extensionUri, 'media'), makeNonce());
    panel.onDidDispose(() => this.dispose(), undefined, this.disposables);
    panel.webview.onDidReceiveMessage((m: FromBenchmarkView) => void this.onMessage(m), undefined, this.disposables);
  }

  /** The sentences relating `report` to the run's call site (or the profile's hottest). */
  private verdictOf(run: BenchmarkRun, report: BenchReport): string[] | undefined {
    const share = run.profileShare ?? this.profileShare?.();
    return share ? profileVerdict(share, report).sentences : undefined;
  }

  /** The finished report shown, if any (for tests and the CodeLens that links to it). */
  get lastReport(): BenchReport | undefined {
    return this.report;
  }

  /**
   * Runs the benchmark in a worker process with a cancellable progress notification; results go to
   * the page. Resolves with the report, or undefined when cancelled or failed (the page says why).
   */
  async run(run: BenchmarkRun): Promise<BenchReport | undefined> {
    this.running?.abort();
    const controller = new AbortController();
    this.running = controller;
    this.lastRun = run;
    this.report = undefined;
    const shape = run.goGenerate ? `${run.goGenerate} items made by the Go benchmark from ${run.goType} (every field filled)` : describeShape(summarizeShape(run.set.items));
    this.log.info(`benchmark: ${run.set.label} — ${shape}; suites ${run.suites.join(', ')}, ${run.settings.budgetMsPerCase} ms per case`);
    this.post({ type: 'starting', itemsLabel: `${run.set.label} (${run.set.format})`, shape, suites: run.suites });
    const workspaceRoot = run.goModuleRoot ?? vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
    try {
      const report = await vscode.window.withProgress(
        { location: vscode.ProgressLocation.Notification, title: 'Marshalling benchmark', cancellable: true },
        (progress, token) => {
          token.onCancellationRequested(() => controller.abort());
          let last = 0;
          return runBenchmarkWithGo(
            { items: { kind: 'set', set: run.set }, suites: run.suites, settings: run.settings, workspaceRoot, goType: run.goType, goGenerate: run.goGenerate },
            run.policy,
            {
              signal: controller.signal,
              worker: resolveWorker(vscode.Uri.joinPath(this.context.extensionUri, 'dist').fsPath),
              // A first verdict after the first process (seconds), refined by the next ones.
              onInterim: (interim) => {
                if (this.running === controller) this.post({ type: 'report', report: interim, profileContext: this.verdictOf(run, interim) });
              },
              onProgress: (p) => {
                const pct = p.caseCount ? Math.round((100 * p.caseIndex) / p.caseCount) : 0;
                progress.report({ message: p.caseCount ? `${p.caseIndex}/${p.caseCount} ${p.message}` : p.message, increment: Math.max(0, pct - last) });
                last = Math.max(last, pct);
                this.post({ type: 'progress', progress: p });
              },
            },
            run.goPlan,
          );
        },
      );
      if (this.running !== controller) return undefined;
      this.report = report;
      this.post({ type: 'fleetInputs', inputs: this.fleetInputs() });
      this.post({ type: 'report', report, profileContext: this.verdictOf(run, report) });
      return report;
    } catch (err) {
      if (err instanceof BenchCancelledError) {
        if (this.running === controller) this.post({ type: 'cancelled' });
        return undefined;
      }
      const message = err instanceof Error ? err.message : String(err);
      this.log.error(`benchmark failed: ${message}`);
      this.post({ type: 'failed', message });
      return undefined;
    } finally {
      if (this.running === controller) this.running = undefined;
    }
  }

  /**
   * The remembered inputs; Query and PutItem calls per request come from the loaded profile's call
   * sites (one call per request each) unless the user typed them.
   */
  private fleetInputs(): FleetInputs {
    const inputs = normalizeFleetInputs(this.context.workspaceState.get(FLEET_STATE_KEY), DEFAULT_FLEET_INPUTS);
    const ops = this.profileShare?.()?.callSiteOps;
    if (!ops) return inputs;
    const measured = { query: ops.reads, put: ops.writes } as const;
    const source = { ...inputs.perRequestSource };
    const perRequest = { ...inputs.perRequest };
    for (const unit of ['query', 'put'] as const) {
      if (source[unit] === 'typed' || measured[unit] === 0) continue;
      perRequest[unit] = measured[unit];
      source[unit] = `from the profile: ${measured[unit]} call site${measured[unit] === 1 ? '' : 's'} that ${unit === 'query' ? 'read' : 'write'} items`;
    }
    return { ...inputs, perRequest, perRequestSource: source };
  }

  private post(message: ToBenchmarkView): void {
    if (!this.ready) {
      this.pending.push(message);
      return;
    }
    void this.panel.webview.postMessage(message);
  }

  private async onMessage(message: FromBenchmarkView): Promise<void> {
    switch (message.type) {
      case 'ready': {
        this.ready = true;
        void this.panel.webview.postMessage({ type: 'fleetInputs', inputs: this.fleetInputs() } satisfies ToBenchmarkView);
        for (const m of this.pending.splice(0)) void this.panel.webview.postMessage(m);
        return;
      }
      case 'rerun':
        if (this.lastRun) await this.run(this.lastRun);
        else this.post({ type: 'failed', message: 'Nothing to re-run in this window: run “Run Marshalling Benchmark” again.' });
        return;
      case 'cancel':
        this.running?.abort();
        return;
      case 'copyMarkdown':
        if (this.report) {
          await vscode.env.clipboard.writeText(reportToMarkdown(this.report));
          void vscode.window.showInformationMessage('Benchmark results copied as Markdown.');
        }
        return;
      case 'saveJson':
        await this.saveJson();
        return;
      case 'fleetInputsChanged':
        await this.context.workspaceState.update(FLEET_STATE_KEY, message.inputs);
        return;
      default:
        this.log.warn(`benchmark panel: unknown message ${JSON.stringify(message)}`);
    }
  }

  private async saveJson(): Promise<void> {
    if (!this.report) return;
    const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
    const target = await vscode.window.showSaveDialog({
      defaultUri: folder ? vscode.Uri.joinPath(folder, 'marshalling-benchmark.json') : undefined,
      filters: { JSON: ['json'] },
      saveLabel: 'Save Benchmark Results',
    });
    if (!target) return;
    await writeFile(target.fsPath, `${JSON.stringify(this.report, null, 2)}\n`, 'utf8');
    this.log.info(`benchmark results saved to ${target.fsPath}`);
  }

  private dispose(): void {
    this.running?.abort();
    if (BenchmarkPanel.current === this) BenchmarkPanel.current = undefined;
    for (const d of this.disposables.splice(0)) d.dispose();
  }
}
