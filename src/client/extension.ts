/**
 * Extension entry: registers the commands, the status bar item and the report panel
 * serializer; the language server starts when a Go, JavaScript or TypeScript file opens or a command needs it.
 */
import * as vscode from 'vscode';
import {
  ClearProfileRequest,
  GetReportRequest,
  ProfileChangedNotification,
  WorkspaceTrustNotification,
  type CompareSummary,
  type MigrateCallSiteArgs,
  type ProfileSummary,
  type ReportViewState,
  type ShowReportArgs,
} from '../shared/protocol';
import { migrateCallSite } from './migrateCallSite';
import { createLog, reportError } from './log';
import { DOCUMENT_SELECTOR, ServerClient } from './serverClient';
import { createStatusBar, updateStatusBar } from './statusBar';
import { listenForProgress, openProfile } from './openProfile';
import { REPORT_VIEW_TYPE, ReportPanel, type ReportHost } from './reportPanel';
import { addPathMappingInteractively } from './pathMappings';
import { registerBenchmarkCommand } from './benchmark/index';
import { registerCompareCommands } from './compareCommand';
import { migrateGoPackage, registerMigrateGoPackage } from './migrateGoPackage';
import type { ProfileShare } from '../core/bench/profileContext';
import { registerFleetCommands } from './fleet/index';
import { rememberProfile, restoreProfile } from './profileMemory';
import { setWorkspaceTrust } from '../core/exec/workspaceTrust';
import { registerAgentTools } from './agentTools';

let server: ServerClient | undefined;
let activeLog: vscode.LogOutputChannel | undefined;

const SERVED_LANGUAGES = new Set(DOCUMENT_SELECTOR.map((selector) => selector.language));

export function activate(context: vscode.ExtensionContext): void {
  // The log and the client are not subscriptions: VS Code disposes subscriptions right after
  // calling deactivate() without waiting for it, and a client still stopping would then write
  // to a disposed channel ("Channel has been closed", and "provider FAILED" for each lens request
  // in flight). deactivate() stops the client first, then disposes the log.
  const log = createLog();
  activeLog = log;
  // The Go benchmark runs go in this process (core/exec/workspaceTrust.ts): only once the workspace is trusted.
  setWorkspaceTrust(vscode.workspace.isTrusted);
  const statusBar = createStatusBar();
  server = new ServerClient(context, log);
  const serverClient = server;
  context.subscriptions.push(statusBar);

  let loaded: ProfileSummary | null = null;
  serverClient.onStarted((client) => {
    listenForProgress(client);
    void client.sendNotification(WorkspaceTrustNotification, { trusted: vscode.workspace.isTrusted });
    client.onNotification(ProfileChangedNotification, (summary) => {
      loaded = summary;
      void rememberProfile(context.workspaceState, summary);
      updateStatusBar(statusBar, summary);
      void ReportPanel.refreshIfOpen();
    });
  });

  const host: ReportHost = {
    log,
    getReport: async (rootUri) => (serverClient.running ? (await serverClient.get()).sendRequest(GetReportRequest, { rootUri }) : undefined),
    addPathMapping: async (rootUri, from) => {
      if (await addPathMappingInteractively(rootUri, from)) log.info(`added a path mapping for ${from} in ${rootUri}`);
    },
  };

  const command = (id: string, run: (...args: unknown[]) => Promise<unknown>) =>
    vscode.commands.registerCommand(id, async (...args: unknown[]) => {
      try {
        return await run(...args);
      } catch (e) {
        reportError(log, `DynamoDB Hot Path: ${id} failed: ${e instanceof Error ? e.message : String(e)}`, e);
        return undefined;
      }
    });

  context.subscriptions.push(
    command('dynamoHotpath.openProfile', async (arg) => {
      const summary = await openProfile(serverClient, log, arg);
      if (summary) {
        loaded = summary;
        updateStatusBar(statusBar, summary);
      }
      return summary;
    }),
    command('dynamoHotpath.clearProfile', async () => {
      if (!serverClient.running) return;
      await (await serverClient.get()).sendRequest(ClearProfileRequest);
      loaded = null;
      updateStatusBar(statusBar, null);
    }),
    command('dynamoHotpath.showReport', async (arg) => {
      const args = (arg && typeof arg === 'object' ? arg : {}) as ShowReportArgs;
      ReportPanel.show(context.extensionUri, host, args.rootUri, args.focusCallSite);
    }),
    command('dynamoHotpath.migrateCallSite', async (arg) => {
      if (!arg || typeof arg !== 'object') {
        void vscode.window.showInformationMessage('Click “migrate ›” above a hot DynamoDB call to migrate it.');
        return undefined;
      }
      const args = arg as MigrateCallSiteArgs;
      // Go fixes are typed and checked with go build: the whole package migrates at once.
      if (args.uri.endsWith('.go')) return migrateGoPackage(vscode.Uri.parse(args.uri), serverClient, log);
      return migrateCallSite(args, log);
    }),
    vscode.workspace.onDidGrantWorkspaceTrust(() => {
      setWorkspaceTrust(true);
      if (serverClient.running) void serverClient.get().then((c) => c.sendNotification(WorkspaceTrustNotification, { trusted: true }));
    }),
    vscode.window.registerWebviewPanelSerializer(REPORT_VIEW_TYPE, {
      deserializeWebviewPanel: async (panel, state: unknown) => {
        ReportPanel.revive(panel, context.extensionUri, host, state as ReportViewState | undefined);
      },
    }),
  );
  // Migration diagnostics and ▶ Benchmark lenses need the server as soon as a Go/JS/TS file is open.
  const startForDocument = (document: vscode.TextDocument) => {
    if (serverClient.running || !SERVED_LANGUAGES.has(document.languageId) || document.uri.scheme !== 'file') return;
    serverClient.get().catch((e: unknown) => reportError(log, `DynamoDB Hot Path: the language server did not start: ${e instanceof Error ? e.message : String(e)}`, e));
  };
  vscode.workspace.textDocuments.forEach(startForDocument);
  context.subscriptions.push(vscode.workspace.onDidOpenTextDocument(startForDocument));
  registerBenchmarkCommand(context, { log, profileShare: () => profileShare(loaded) });
  registerMigrateGoPackage(context, serverClient, log);
  registerAgentTools(context, serverClient, log);
  let compared: CompareSummary | null = null;
  const compareHost = {
    server: serverClient,
    log,
    profileLoaded: () => loaded !== null,
    showReport: (rootUri: string) => ReportPanel.show(context.extensionUri, host, rootUri),
    onComparison: (summary: CompareSummary | null) => void (compared = summary),
  };
  registerCompareCommands(context, compareHost);
  registerFleetCommands(context, { ...compareHost, profilesInUse: () => [...(loaded ? [loaded.sourcePath] : []), ...(compared ? [...compared.baselinePaths, ...compared.afterPaths] : [])] });
  log.info('DynamoDB Hot Path activated');
  restoreProfile(context.workspaceState, log, (path) => vscode.commands.executeCommand('dynamoHotpath.openProfile', path)).catch((e: unknown) =>
    reportError(log, `DynamoDB Hot Path: could not load the profile again: ${e instanceof Error ? e.message : String(e)}`, e),
  );
}

/** The loaded profile's hottest call site as the benchmark panel wants it (marshal/unmarshal share as its lens counts it, percent). */
function profileShare(summary: ProfileSummary | null): ProfileShare | undefined {
  const share = summary?.hottestCallSite?.share;
  if (!share) return undefined;
  return { ...share, ...(summary.dynamoCallSites ? { callSiteOps: summary.dynamoCallSites } : {}) };
}

export async function deactivate(): Promise<void> {
  try {
    await server?.dispose();
  } finally {
    server = undefined;
    activeLog?.dispose();
    activeLog = undefined;
  }
}
