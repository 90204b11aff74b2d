/**
 * Server-tier harness: bundles the real language server with esbuild, starts it over stdio
 * and speaks LSP to it with vscode-jsonrpc, playing the editor's part (configuration
 * requests, CodeLens refresh requests, a workspace copied from the Go fixture).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { createMessageConnection, StreamMessageReader, StreamMessageWriter, type MessageConnection } from 'vscode-jsonrpc/node';
import {
  CodeLensRefreshRequest,
  ConfigurationRequest,
  DidChangeConfigurationNotification,
  DidOpenTextDocumentNotification,
  InitializedNotification,
  InitializeRequest,
  LogMessageNotification,
  ShowMessageNotification,
  ShowMessageRequest,
  RegistrationRequest,
  ShutdownRequest,
  ExitNotification,
} from 'vscode-languageserver-protocol';
import { WorkspaceTrustNotification } from '../../src/shared/protocol';

export const REPO = resolve(__dirname, '../..');

/** Bundles src/server/server.ts and its profile and migration workers (next to it) as the extension ships them; returns the server bundle's path. */
export async function buildServer(outDir: string): Promise<string> {
  const entryPoints = [
    { in: join(REPO, 'src/server/server.ts'), out: 'server' },
    { in: join(REPO, 'src/server/profileWorker.ts'), out: 'profileWorker' },
    { in: join(REPO, 'src/server/migrate/migrationWorker.ts'), out: 'migrationWorker' },
  ];
  await build({ entryPoints, outdir: outDir, bundle: true, platform: 'node', target: 'node20', format: 'cjs', logLevel: 'error' });
  return join(outDir, 'server.js');
}

/**
 * Copies fixtures/<fixture>/src (default go-adserver) into `dir` with every source dated 2026-01-01, before the
 * profile file (a checkout gives files arbitrary mtimes; newer sources would be marked stale).
 */
export function copyGoSources(dir: string, fixture = 'go-adserver'): string {
  const root = join(dir, fixture);
  cpSync(join(REPO, `fixtures/${fixture}/src`), root, { recursive: true });
  const past = new Date('2026-01-01T00:00:00Z');
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else utimesSync(p, past, past);
    }
  };
  walk(root);
  return root;
}

export interface Settings {
  pathMappings?: { from: string; to: string }[];
  codeLens?: { enabled?: boolean; minPercent?: number };
  sampleType?: string;
  limits?: { maxProfileMB?: number };
}

/** A running server and the editor side of the conversation. */
export class LspSession {
  readonly logs: string[] = [];
  /** `window/showMessage` texts, in order. */
  readonly shownMessages: string[] = [];
  refreshes = 0;
  settings: Settings = {};
  private refreshWaiters: (() => void)[] = [];
  private messageWaiters: (() => void)[] = [];

  private constructor(
    readonly connection: MessageConnection,
    private readonly child: ChildProcess,
    readonly workDir: string,
  ) {}

  /**
   * Starts the bundled server on `rootPath` (one workspace folder, or several) and, as the client
   * does at start, says whether the workspace is trusted (`trusted`, true by default).
   */
  static async start(serverJs: string, rootPath: string | string[], workDir: string, options: { trusted?: boolean } = {}): Promise<LspSession> {
    const child = spawn(process.execPath, [serverJs, '--stdio'], { stdio: ['pipe', 'pipe', 'inherit'] });
    const connection = createMessageConnection(new StreamMessageReader(child.stdout!), new StreamMessageWriter(child.stdin!));
    const session = new LspSession(connection, child, workDir);
    connection.onRequest(ConfigurationRequest.type, (params) => params.items.map(() => session.settings));
    connection.onRequest(RegistrationRequest.type, () => null);
    connection.onRequest(CodeLensRefreshRequest.type, () => {
      session.refreshes++;
      for (const w of session.refreshWaiters.splice(0)) w();
      return null;
    });
    connection.onNotification(LogMessageNotification.type, (m) => session.logs.push(m.message));
    connection.onNotification(ShowMessageNotification.type, (m) => session.shownMessages.push(m.message));
    connection.onRequest(ShowMessageRequest.type, (m) => {
      session.shownMessages.push(m.message);
      for (const w of session.messageWaiters.splice(0)) w();
      return null;
    });
    connection.listen();
    const rootUris = (Array.isArray(rootPath) ? rootPath : [rootPath]).map((p) => pathToFileURL(p).toString());
    await connection.sendRequest(InitializeRequest.type, {
      processId: process.pid,
      rootUri: rootUris[0],
      workspaceFolders: rootUris.map((uri, i) => ({ uri, name: `root${i}` })),
      capabilities: {
        workspace: { configuration: true, workspaceFolders: true, codeLens: { refreshSupport: true }, didChangeConfiguration: { dynamicRegistration: true } },
        textDocument: { codeLens: {}, hover: { contentFormat: ['markdown'] } },
      },
    });
    await connection.sendNotification(InitializedNotification.type, {});
    await connection.sendNotification(WorkspaceTrustNotification, { trusted: options.trusted ?? true });
    return session;
  }

  /**
   * Opens the file at `path` (absolute) as the editor does: `text` or the file's text, version 1,
   * the language from its extension (go, typescript, else javascript). Returns its URI.
   */
  async open(path: string, text = readFileSync(path, 'utf8')): Promise<string> {
    const uri = pathToFileURL(path).toString();
    const languageId = path.endsWith('.go') ? 'go' : path.endsWith('.ts') ? 'typescript' : 'javascript';
    await this.connection.sendNotification(DidOpenTextDocumentNotification.type, { textDocument: { uri, languageId, version: 1, text } });
    return uri;
  }

  /** Resolves at the next `workspace/codeLens/refresh` the server sends. */
  nextRefresh(): Promise<void> {
    return new Promise((r) => this.refreshWaiters.push(r));
  }

  /** Resolves at the next message the server shows the user (`window/showMessageRequest`). */
  nextShownMessage(): Promise<void> {
    return new Promise((r) => this.messageWaiters.push(r));
  }

  /** Changes the settings and tells the server, without waiting for anything. */
  async sendSettings(settings: Settings): Promise<void> {
    this.settings = settings;
    await this.connection.sendNotification(DidChangeConfigurationNotification.type, { settings: null });
  }

  /** Changes the settings the server will read and tells it, then waits for its lens refresh. */
  async changeSettings(settings: Settings): Promise<void> {
    this.settings = settings;
    const refreshed = this.nextRefresh();
    await this.connection.sendNotification(DidChangeConfigurationNotification.type, { settings: null });
    await refreshed;
  }

  async stop(): Promise<void> {
    await this.connection.sendRequest(ShutdownRequest.type);
    await this.connection.sendNotification(ExitNotification.type);
    await new Promise((r) => (this.child.exitCode !== null ? r(undefined) : this.child.once('exit', r)));
    this.connection.dispose();
    rmSync(this.workDir, { recursive: true, force: true });
  }
}

/** A server started on fresh copies of fixtures, one workspace folder each. */
export interface FixtureServer {
  readonly lsp: LspSession;
  /** The temporary folder holding the bundle and the copies (removed by `lsp.stop()`). */
  readonly workDir: string;
  /** Each fixture's copy, in the order asked for. */
  readonly roots: readonly string[];
}

/**
 * The set-up the server tests share: a fresh folder, the server bundled into it, copies of
 * `fixtures/<name>/src` (default the Go fixture; see {@link copyGoSources}) and the server started
 * on them, one workspace folder each.
 */
export async function startOnFixtures(fixtures: readonly string[] = ['go-adserver']): Promise<FixtureServer> {
  const workDir = makeWorkDir();
  const serverJs = await buildServer(workDir);
  const roots = fixtures.map((f) => copyGoSources(workDir, f));
  const lsp = await LspSession.start(serverJs, [...roots], workDir);
  return { lsp, workDir, roots };
}

/**
 * A server started on a copy of a recorded service's folder (`test/fixtures/<name>`, its
 * `profiles/` left out, sources dated 2026-01-01, before the profile), with `open` files opened as
 * the editor does; `root` is the copy.
 */
export async function startOnService(fixture: string, open: readonly string[]): Promise<{ lsp: LspSession; root: string }> {
  const workDir = makeWorkDir();
  const serverJs = await buildServer(workDir);
  const root = join(workDir, 'service');
  cpSync(fixture, root, { recursive: true, filter: (p) => !p.includes('profiles') });
  const past = new Date('2026-01-01T00:00:00Z');
  for (const name of readdirSync(root)) utimesSync(join(root, name), past, past);
  const lsp = await LspSession.start(serverJs, root, workDir);
  for (const file of open) await lsp.open(join(root, file));
  return { lsp, root };
}

/** A fresh temporary folder for one test file. */
export function makeWorkDir(): string {
  return mkdtempSync(join(tmpdir(), 'hotpath-lsp-'));
}
