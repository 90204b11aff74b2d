/**
 * The DynamoDB Hot Path language server: owns the loaded profile, answers CodeLens and Hover
 * for Go, JavaScript and TypeScript documents, and the custom requests of
 * `src/shared/protocol.ts`. Started by the extension over stdio or IPC (and by the
 * server-tier tests over stdio).
 */
import { fileURLToPath } from 'node:url';
import { readFileSync } from 'node:fs';
import {
  CodeLensRefreshRequest,
  createConnection,
  DidChangeConfigurationNotification,
  LSPErrorCodes,
  ProposedFeatures,
  ResponseError,
  TextDocuments,
  TextDocumentSyncKind,
  type CancellationToken,
  type CodeLens,
  type InitializeResult,
} from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import {
  ClearProfileRequest,
  GetReportRequest,
  LoadProfileRequest,
  LoadProgressNotification,
  ProfileChangedNotification,
  type ProfileSummary,
} from '../shared/protocol';
import { ProfileError } from '../core/profile/errors';
import { documentHover, documentLenses } from './lenses';
import { forgetRoot, LoadCancelled, loadSession, reanalyzeRoot, releaseSession, rootFlame, summarize, warmProfileWorker, type ProfileSession, type WorkspaceRoot } from './profileSession';
import { buildReport } from './report';
import { DEFAULT_SETTINGS, parseSettings, SETTINGS_SECTION, type HotpathSettings } from './settings';
import { MIGRATION_CODE_ACTION_KINDS, registerMigrationFeature } from './migrationFeature';
import { hotCallSitePercent } from './lenses';
import { registerCompareFeature } from './compareSession';
import { benchmarkLenses, hotCallSiteShares, legacyCallLines } from './benchmarkLenses';
import { registerGoMigrateRequest } from './goMigrateRequest';
import { GoFixChecks } from './goFixChecks';
import { registerWorkspaceTrust } from './workspaceTrust';
import { registerAgentTools } from './agentTools';
import { CheckDiagnostics } from './checkFeature';

const connection = createConnection(ProposedFeatures.all);
const documents = new TextDocuments(TextDocument);

let roots: WorkspaceRoot[] = [];
let session: ProfileSession | undefined;
let loadGeneration = 0;
let canPullConfiguration = false;
let canRefreshLenses = false;

function toRoot(uri: string): WorkspaceRoot | undefined {
  if (!uri.startsWith('file:')) return undefined;
  return { uri, path: fileURLToPath(uri).replace(/\/+$/, '') };
}

function uriToPath(uri: string): string | undefined {
  return uri.startsWith('file:') ? fileURLToPath(uri) : undefined;
}

async function settingsFor(root: WorkspaceRoot): Promise<HotpathSettings> {
  if (!canPullConfiguration) return DEFAULT_SETTINGS;
  try {
    return parseSettings(await connection.workspace.getConfiguration({ scopeUri: root.uri, section: SETTINGS_SECTION }));
  } catch (e) {
    connection.console.warn(`Could not read settings for ${root.uri}: ${String(e)}`);
    return DEFAULT_SETTINGS;
  }
}

function refreshLenses(): void {
  if (canRefreshLenses) connection.sendRequest(CodeLensRefreshRequest.type).catch((e: unknown) => connection.console.warn(`codeLens refresh failed: ${String(e)}`));
}

/** The Go packages' typed migrations, known ahead (the quick fix, the `migrate ›` lens and the request share them). */
const goFixes = new GoFixChecks();

// Connection and throttling checks, published with the migration diagnostics; Go packages are checked on open, on a pause in typing (the buffers' texts) and on save.
const checks = new CheckDiagnostics(
  (path) => {
    const doc = documents.all().find((d) => uriToPath(d.uri) === path);
    if (doc) migrations.publishDocument(doc);
  },
  (message) => connection.console.warn(message),
  () => documents.all(),
);

const migrations = registerMigrationFeature(connection, documents, (uri, line) => {
  const path = uriToPath(uri);
  const text = documents.get(uri)?.getText();
  if (!session || !path || text === undefined) return undefined;
  for (const root of session.roots.values()) {
    const percent = hotCallSitePercent(root, path, text, line + 1);
    if (percent !== undefined) return percent;
  }
  return undefined;
}, { folders: () => roots.map((r) => r.path), onAnalysed: () => refreshLenses(), goFixes, more: checks });
documents.onDidOpen((e) => checks.checkGo(e.document));
documents.onDidChangeContent((e) => checks.checkGo(e.document, { typing: true }));

function announce(): void {
  const summary: ProfileSummary | null = session ? summarize(session) : null;
  void connection.sendNotification(ProfileChangedNotification, summary);
  refreshLenses();
  migrations.refresh();
}

/** Makes `next` the loaded session; the worker of the one it replaces is stopped (its profile freed). */
function replaceSession(next: ProfileSession | undefined): void {
  if (session && session !== next) releaseSession(session);
  session = next;
}

const compare = registerCompareFeature(connection, {
  getSession: () => session,
  setSession: (loaded) => {
    loadGeneration++;
    replaceSession(loaded);
  },
  roots: () => roots,
  settingsFor,
  announce,
});

connection.onInitialize((params): InitializeResult => {
  const caps = params.capabilities;
  canPullConfiguration = !!caps.workspace?.configuration;
  canRefreshLenses = !!caps.workspace?.codeLens?.refreshSupport;
  const folders = params.workspaceFolders ?? (params.rootUri ? [{ uri: params.rootUri, name: '' }] : []);
  roots = folders.map((f) => toRoot(f.uri)).filter((r): r is WorkspaceRoot => !!r);
  return {
    capabilities: {
      textDocumentSync: TextDocumentSyncKind.Incremental,
      codeLensProvider: { resolveProvider: false },
      hoverProvider: true,
      codeActionProvider: { codeActionKinds: MIGRATION_CODE_ACTION_KINDS },
      workspace: { workspaceFolders: { supported: true, changeNotifications: true } },
    },
    serverInfo: { name: 'dynamo-hotpath' },
  };
});

connection.onInitialized(() => {
  // The first load otherwise waits for the worker to start and compile its code (perf:lsp, first load).
  warmProfileWorker();
  if (canPullConfiguration) void connection.client.register(DidChangeConfigurationNotification.type, { section: SETTINGS_SECTION });
  if (roots.length > 0) {
    connection.workspace.onDidChangeWorkspaceFolders(async (event) => {
      const removed = new Set(event.removed.map((f) => f.uri));
      roots = roots.filter((r) => !removed.has(r.uri));
      for (const uri of removed) if (session) forgetRoot(session, uri);
      for (const f of event.added) {
        const root = toRoot(f.uri);
        if (!root) continue;
        roots.push(root);
        if (session) session.roots.set(root.uri, await reanalyzeRoot(session, root, await settingsFor(root)));
      }
      announce();
    });
  }
});

/**
 * Loads `path` as the shown profile (lenses, status bar), replacing any other; a later load or a
 * clear while it reads makes it {@link LoadCancelled}. Throws the core's ProfileError for bad files.
 */
async function loadAndShow(path: string, progress: (message: string, percent: number) => void, isCancelled: () => boolean): Promise<ProfileSession> {
  const generation = ++loadGeneration;
  const loaded = await loadSession(path, roots, { isCancelled: () => isCancelled() || generation !== loadGeneration, progress, settingsFor });
  if (generation !== loadGeneration) {
    // A later load or a clear came in while the worker finished: this one is not shown.
    releaseSession(loaded);
    throw new LoadCancelled();
  }
  replaceSession(loaded);
  connection.console.info(`Loaded ${path}: ${loaded.profile.sampleCount} samples, ${loaded.roots.size} root(s)`);
  announce();
  return loaded;
}

connection.onRequest(LoadProfileRequest, async (params, token: CancellationToken) => {
  try {
    const loaded = await loadAndShow(params.path, (message, percent) => void connection.sendNotification(LoadProgressNotification, { progressId: params.progressId, message, percent }), () => token.isCancellationRequested);
    return summarize(loaded);
  } catch (e) {
    if (e instanceof LoadCancelled) return new ResponseError(LSPErrorCodes.RequestCancelled, e.message);
    const message = e instanceof ProfileError ? e.message : `${params.path}: ${e instanceof Error ? e.message : String(e)}`;
    connection.console.error(`Loading ${params.path} failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
    return new ResponseError(1, message);
  }
});

connection.onRequest(ClearProfileRequest, () => {
  loadGeneration++;
  replaceSession(undefined);
  announce();
});

connection.onRequest(GetReportRequest, async (params) => {
  const current = session;
  if (!current) return undefined;
  const analyses = [...current.roots.values()];
  const root = (params.rootUri && current.roots.get(params.rootUri)) || analyses.find((r) => r.analysis.callSites.length > 0) || analyses[0];
  if (!root) return undefined;
  const flame = await rootFlame(current, root.rootUri);
  return await compare.withComparison(buildReport(summarize(current), root, flame));
});

function documentText(uri: string, path: string): string | undefined {
  const open = documents.get(uri);
  if (open) return open.getText();
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}

function profileLenses(params: { textDocument: { uri: string } }): CodeLens[] {
  const path = uriToPath(params.textDocument.uri);
  if (!session || !path) return [];
  const text = documentText(params.textDocument.uri, path);
  if (text === undefined) return [];
  return [...session.roots.values()].flatMap((root) => documentLenses(root, path, text, compare.lensTitleFor(root.rootUri)));
}

connection.onCodeLens((params) => {
  const lenses = profileLenses(params);
  const doc = documents.get(params.textDocument.uri);
  const path = uriToPath(params.textDocument.uri);
  if (!doc || !path) return lenses;
  const shares = session ? hotCallSiteShares(session.roots.values(), path, doc.getText()) : new Map();
  const lines = [...legacyCallLines(doc, migrations.diagnosticsOf(doc, true)), ...shares.keys()];
  // Stable: on one line `▶ Benchmark` follows the profile's lenses.
  return [...lenses, ...benchmarkLenses(path, lines, doc.getText(), shares)].sort((a, b) => a.range.start.line - b.range.start.line);
});

connection.onHover((params) => {
  const path = uriToPath(params.textDocument.uri);
  if (!session || !path) return undefined;
  const text = documentText(params.textDocument.uri, path);
  if (text === undefined) return undefined;
  for (const root of session.roots.values()) {
    const hover = documentHover(root, path, text, params.position.line + 1);
    if (hover) return hover;
  }
  return undefined;
});

/** Re-reads every root's settings; re-reads or re-maps the profile where they changed. */
async function onSettingsChanged(): Promise<void> {
  const current = session;
  if (!current) return;
  const owner = roots.find((r) => current.profilePath.startsWith(r.path + '/')) ?? roots[0];
  const ownerSettings = owner ? await settingsFor(owner) : DEFAULT_SETTINGS;
  if (ownerSettings.sampleType !== current.sampleTypeSetting) {
    const generation = ++loadGeneration;
    try {
      const reloaded = await loadSession(current.profilePath, roots, {
        isCancelled: () => generation !== loadGeneration,
        progress: () => undefined,
        settingsFor,
      });
      if (generation !== loadGeneration) {
        releaseSession(reloaded);
        return;
      }
      replaceSession(reloaded);
    } catch (e) {
      if (e instanceof LoadCancelled) return;
      connection.window.showErrorMessage(e instanceof Error ? e.message : String(e));
      return;
    }
  } else {
    for (const root of roots) {
      const settings = await settingsFor(root);
      const before = current.roots.get(root.uri);
      if (before && JSON.stringify(before.settings.pathMappings) === JSON.stringify(settings.pathMappings)) {
        current.roots.set(root.uri, { ...before, settings });
      } else {
        current.roots.set(root.uri, await reanalyzeRoot(current, root, settings));
      }
    }
  }
  announce();
}

connection.onDidChangeConfiguration(() => {
  onSettingsChanged().catch((e: unknown) => {
    // A bad rule (e.g. a `to` outside the folder) keeps the previous mapping; the user is told.
    const message = `DynamoDB Hot Path: the new settings were not applied: ${e instanceof Error ? e.message : String(e)}`;
    connection.console.error(message);
    void connection.window.showErrorMessage(message);
  });
});

documents.onDidSave((e) => {
  refreshLenses();
  checks.checkGo(e.document);
});

/** Once the workspace is trusted, the loaded profile's lenses are placed again with what git knows of the edited files. */
async function reanalyzeWithGit(): Promise<void> {
  const current = session;
  if (!current) return;
  for (const root of roots) if (current.roots.has(root.uri)) current.roots.set(root.uri, await reanalyzeRoot(current, root, await settingsFor(root)));
  if (session === current) announce();
}

registerWorkspaceTrust(connection, () => {
  reanalyzeWithGit().catch((e: unknown) => connection.console.warn(`re-analysis after Workspace Trust failed: ${String(e)}`));
  for (const doc of documents.all()) checks.checkGo(doc);
});
registerGoMigrateRequest(connection, goFixes);

registerAgentTools(connection, {
  roots: () => roots,
  session: () => session,
  load: loadAndShow,
  compare: (params, isCancelled) => compare.compareAndShow(params, isCancelled),
});

documents.listen(connection);
connection.listen();
