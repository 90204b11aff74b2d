/**
 * The report webview panel: create-or-show, revive after a reload, typed messages both ways.
 * The page gets its data by message after it says `ready`; nothing is spliced into HTML
 * except the nonce and the CSP source.
 */
import * as vscode from 'vscode';
import type { FromReportMessage, ReportData, ReportViewState, ToReportMessage } from '../shared/protocol';
import { makeNonce, webviewHtml } from './webviewHtml';
import { mayOpenLocation } from './locationGuard';

export const REPORT_VIEW_TYPE = 'dynamoHotpath.report';

/** Where the panel gets its data and what it does with the page's requests. */
export interface ReportHost {
  readonly getReport: (rootUri: string | undefined) => Promise<ReportData | undefined>;
  readonly addPathMapping: (rootUri: string, from: string) => Promise<void>;
  readonly log: vscode.LogOutputChannel;
}

/** The report page: d3-flame-graph's stylesheet, ours, and the report bundle. */
export function reportHtml(webview: vscode.Webview, mediaRoot: vscode.Uri, nonce: string): string {
  return webviewHtml(webview, mediaRoot, nonce, { title: 'DynamoDB Hot Path', script: 'report.js', styles: ['dist/report.css', 'report.css'], placeholder: 'Loading the report…' });
}

/** The one report panel of the window. */
export class ReportPanel {
  private static current: ReportPanel | undefined;
  private focusCallSite: string | undefined;
  private rootUri: string | undefined;
  private readonly disposables: vscode.Disposable[] = [];
  /** Absolute paths of the call sites last sent to the page: the mapped files it may open. */
  private mappedFiles = new Set<string>();

  /** Opens the panel (or brings it forward) and focuses `focusCallSite` when given. */
  static show(extensionUri: vscode.Uri, host: ReportHost, rootUri?: string, focusCallSite?: string): ReportPanel {
    if (ReportPanel.current) {
      const panel = ReportPanel.current;
      panel.panel.reveal(undefined, false);
      if (rootUri && rootUri !== panel.rootUri) {
        panel.rootUri = rootUri;
        panel.focusCallSite = focusCallSite;
        void panel.refresh();
      } else if (focusCallSite) {
        panel.focusCallSite = focusCallSite;
        void panel.post({ type: 'focus', callSite: focusCallSite });
      }
      return panel;
    }
    const panel = vscode.window.createWebviewPanel(REPORT_VIEW_TYPE, 'DynamoDB Hot Path', vscode.ViewColumn.Beside, ReportPanel.options(extensionUri));
    ReportPanel.current = new ReportPanel(panel, extensionUri, host, rootUri, focusCallSite);
    return ReportPanel.current;
  }

  /** Re-attaches a panel VS Code restored after a reload (its page restores its own state). */
  static revive(panel: vscode.WebviewPanel, extensionUri: vscode.Uri, host: ReportHost, state: ReportViewState | undefined): void {
    panel.webview.options = ReportPanel.options(extensionUri);
    ReportPanel.current?.panel.dispose();
    ReportPanel.current = new ReportPanel(panel, extensionUri, host, undefined, state?.focusCallSite);
  }

  /** Refreshes the open panel, if any (after a profile load, clear or settings change). */
  static async refreshIfOpen(): Promise<void> {
    await ReportPanel.current?.refresh();
  }

  private static options(extensionUri: vscode.Uri): vscode.WebviewPanelOptions & vscode.WebviewOptions {
    return { enableScripts: true, retainContextWhenHidden: false, localResourceRoots: [vscode.Uri.joinPath(extensionUri, 'media')] };
  }

  private constructor(
    private readonly panel: vscode.WebviewPanel,
    extensionUri: vscode.Uri,
    private readonly host: ReportHost,
    rootUri: string | undefined,
    focusCallSite: string | undefined,
  ) {
    this.rootUri = rootUri;
    this.focusCallSite = focusCallSite;
    panel.webview.html = reportHtml(panel.webview, vscode.Uri.joinPath(extensionUri, 'media'), makeNonce());
    panel.onDidDispose(() => this.dispose(), undefined, this.disposables);
    panel.webview.onDidReceiveMessage((m: FromReportMessage) => this.onMessage(m), undefined, this.disposables);
  }

  private async refresh(): Promise<void> {
    try {
      const data = await this.host.getReport(this.rootUri);
      if (!data) await this.post({ type: 'empty', reason: 'No CPU profile is loaded. Run “DynamoDB Hot Path: Open CPU Profile…”.' });
      else {
        this.mappedFiles = new Set(data.callSites.flatMap((site) => [site.absolutePath, ...site.callers.map((c) => c.absolutePath)]));
        await this.post({ type: 'report', data, focusCallSite: this.focusCallSite });
      }
    } catch (e) {
      this.host.log.error(`report: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
      await this.post({ type: 'empty', reason: 'The report could not be built; see the DynamoDB Hot Path output.' });
    }
  }

  private post(message: ToReportMessage): Thenable<boolean> {
    return this.panel.webview.postMessage(message);
  }

  private async onMessage(message: FromReportMessage): Promise<void> {
    switch (message.type) {
      case 'ready':
        await this.refresh();
        return;
      case 'openLocation': {
        const folders = (vscode.workspace.workspaceFolders ?? []).filter((f) => f.uri.scheme === 'file').map((f) => f.uri.fsPath);
        if (!mayOpenLocation(message.absolutePath, folders, this.mappedFiles)) {
          this.host.log.warn(`report panel asked to open ${JSON.stringify(message.absolutePath)}, which is neither in the workspace nor a file of the profile; ignored`);
          return;
        }
        const document = await vscode.workspace.openTextDocument(vscode.Uri.file(message.absolutePath));
        const position = new vscode.Position(Math.max(0, message.line - 1), 0);
        await vscode.window.showTextDocument(document, { viewColumn: vscode.ViewColumn.One, selection: new vscode.Range(position, position) });
        return;
      }
      case 'addPathMapping': {
        const data = await this.host.getReport(this.rootUri);
        if (data) await this.host.addPathMapping(data.rootUri, message.from);
        return;
      }
      case 'focusChanged':
        this.focusCallSite = message.callSite;
        return;
      default:
        this.host.log.warn(`report panel sent an unknown message: ${JSON.stringify(message)}`);
    }
  }

  private dispose(): void {
    if (ReportPanel.current === this) ReportPanel.current = undefined;
    for (const d of this.disposables) d.dispose();
  }
}
