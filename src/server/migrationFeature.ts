/**
 * Wires the migration fixes (`./migrate`) into the server: diagnostics for open documents,
 * raised to warnings on hot call sites of the loaded profile, and their code actions. The
 * JavaScript/TypeScript analysis (the TypeScript compiler, whole-project programs) runs in the
 * migration worker (`migrate/migrationWorker.ts`): no request waits behind it. Requests answer
 * from the worker's latest analysis of the document's current version, or without it until it
 * arrives (its diagnostics are then published and VS Code asks for code actions again).
 */
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CodeActionKind, type CodeAction, type Connection, type Diagnostic, type TextDocuments } from 'vscode-languageserver/node';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { readInstalledVersions } from '../core/migrate/installedVersions';
import { isScriptFile } from '../core/migrate/program/sourceFiles';
import type { MigrationEnvironment } from '../core/migrate/types';
import { mayUseAwsSdkV2 } from '../core/migrate/migratable';
import { FIX_ALL_KIND, MIGRATION_SOURCE, getMigrationCodeActions, getMigrationDiagnostics, type DocumentAnalysis, type MigrationContext } from './migrate/index';
import { projectRootOf } from './migrate/projectRoot';
import { MigrationWorkerClient } from './migrate/migrationWorkerClient';
import type { AnalysedDocument } from './migrate/migrationWorkerMessages';
import { GO_MIGRATION_CODES, goMigrationActions } from './goCodeActions';
import { GoFixChecks } from './goFixChecks';

/** Logged when the first JavaScript/TypeScript document using aws-sdk loads the TypeScript compiler (in the migration worker). */
export const MIGRATION_ENGINE_LOADED = 'Loaded the JavaScript/TypeScript migration engine (the TypeScript compiler) for the first file that uses aws-sdk';

/** Pause after the last change before a document (and its project) is analysed again (ms). */
const EDIT_PAUSE_MS = 200;
/** Pause after the last change before a file analysed in this thread (Go, JavaScript without aws-sdk) has its diagnostics published again (ms). */
const TYPING_PAUSE_MS = 150;

/** Other diagnostics published with the migration's (one publication per document) and their code actions. */
export interface MoreDiagnostics {
  diagnostics(doc: TextDocument): Diagnostic[];
  codeActions(doc: TextDocument, diagnostics: readonly Diagnostic[], only?: string[]): CodeAction[];
}

/** Code action kinds the server announces. */
export const MIGRATION_CODE_ACTION_KINDS = [CodeActionKind.QuickFix, FIX_ALL_KIND];

/**
 * Registers diagnostics and code actions. `hotCallSite(uri, line0)` gives the profile share
 * (percent of total) of the call site on a 0-based line, undefined when cold or no profile.
 * `goFixes` knows the Go packages' typed migrations ahead (a code action asked for on a Go finding
 * starts working its package out). `folders()` lists the workspace folder paths: a JavaScript/TypeScript document inside one is
 * analysed with its whole project (`projectMigrations.ts`) in the migration worker, with all the
 * project's open documents, once changes pause; its diagnostics are published when the analysis
 * of their current version arrives, and `onAnalysed()` is called (the `▶ Benchmark` lenses sit on
 * the findings: the server refreshes its lenses). Returns `refresh()`, to call when the loaded profile changes,
 * `diagnosticsOf(doc, asFound?)`, the migration diagnostics of a document's current version known now,
 * and `publishDocument(doc)`. `more` adds other diagnostics to each publication (the connection
 * checks) and their code actions.
 */
export function registerMigrationFeature(
  connection: Connection,
  documents: TextDocuments<TextDocument>,
  hotCallSite: (uri: string, line: number) => number | undefined,
  options: { folders?: () => readonly string[]; onAnalysed?: () => void; goFixes?: GoFixChecks; worker?: MigrationWorkerClient; more?: MoreDiagnostics } = {},
): { refresh: () => void; diagnosticsOf: (doc: TextDocument, asFound?: boolean) => Diagnostic[]; publishDocument: (doc: TextDocument) => void } {
  const { folders = () => [], onAnalysed = () => undefined, goFixes = new GoFixChecks(), worker = new MigrationWorkerClient(), more } = options;
  const environments = new Map<string, Promise<MigrationEnvironment>>();
  const environmentFor = (uri: string): Promise<MigrationEnvironment> => {
    if (!uri.startsWith('file:')) return Promise.resolve({});
    const dir = dirname(fileURLToPath(uri));
    let env = environments.get(dir);
    if (!env) environments.set(dir, (env = readInstalledVersions(dir).catch(() => ({}))));
    return env;
  };
  const pathOf = (doc: TextDocument): string | undefined => (doc.uri.startsWith('file:') ? fileURLToPath(doc.uri).replace(/\\/g, '/') : undefined);
  const context: MigrationContext = { env: {}, hotCallSite };

  // The worker's latest analysis per document, with the version it was made from.
  const analyses = new Map<string, { version: number; analysis: DocumentAnalysis }>();
  // Once the engine runs, every script document goes to the worker (a file may use a client without naming aws-sdk).
  let engineStarted = false;
  const offThread = (doc: TextDocument): boolean => {
    const path = pathOf(doc);
    return isScriptFile(path ?? doc.uri) && (engineStarted || mayUseAwsSdkV2(doc.getText()));
  };
  /** The worker's analysis of `doc` as it is now; undefined while it is pending. */
  const current = (doc: TextDocument): DocumentAnalysis | undefined => {
    const known = analyses.get(doc.uri);
    return known?.version === doc.version ? known.analysis : undefined;
  };
  /**
   * Diagnostics of `doc` known now: the worker's for a script document (none while pending), else
   * made here; hot call sites raised to warnings unless `asFound`.
   */
  const diagnosticsOf = (doc: TextDocument, asFound = false): Diagnostic[] => {
    const ctx = asFound ? { env: {} } : context;
    if (!offThread(doc)) return getMigrationDiagnostics(doc, ctx);
    const analysis = current(doc);
    return analysis ? getMigrationDiagnostics(doc, ctx, analysis) : [];
  };

  const publish = async (doc: TextDocument) => {
    try {
      if (offThread(doc) && !current(doc)) return;
      const diagnostics = [...diagnosticsOf(doc), ...(more?.diagnostics(doc) ?? [])];
      await connection.sendDiagnostics({ uri: doc.uri, version: doc.version, diagnostics });
    } catch (e) {
      connection.console.error(`migration diagnostics for ${doc.uri} failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
    }
  };

  // One worker run per project (or lone document) at a time; changes meanwhile run it once more after.
  const running = new Set<string>();
  const again = new Set<string>();
  const waiting = new Map<string, NodeJS.Timeout>();
  const keyOf = (doc: TextDocument): string => {
    const path = pathOf(doc);
    return (path && projectRootOf(path, folders())) || doc.uri;
  };
  const documentsOf = (key: string): TextDocument[] =>
    documents.all().filter((d) => (d.uri === key || pathOf(d)?.startsWith(`${key}/`)) && offThread(d));
  const analyse = async (key: string): Promise<void> => {
    if (running.has(key)) return void again.add(key);
    running.add(key);
    try {
      const docs = documentsOf(key);
      if (docs.length === 0) return;
      engineStarted = true;
      const sent: AnalysedDocument[] = await Promise.all(docs.map(async (d) => ({ uri: d.uri, version: d.version, text: d.getText(), env: await environmentFor(d.uri) })));
      const reply = await worker.analyse({ folders: folders().map((f) => f.replace(/\\/g, '/')), documents: sent });
      if (reply.engineLoaded) connection.console.info(MIGRATION_ENGINE_LOADED);
      let fresh = 0;
      for (const { uri, version, analysis } of reply.analyses ?? []) {
        const doc = documents.get(uri);
        if (doc?.version !== version) continue;
        analyses.set(uri, { version, analysis });
        fresh++;
        await publish(doc);
      }
      if (fresh > 0) onAnalysed();
    } catch (e) {
      connection.console.error(`migration analysis of ${key} failed: ${e instanceof Error ? e.message : String(e)}`);
    } finally {
      running.delete(key);
      if (again.delete(key)) void analyse(key);
    }
  };
  const schedule = (key: string, delay: number) => {
    clearTimeout(waiting.get(key));
    waiting.set(key, setTimeout(() => {
      waiting.delete(key);
      void analyse(key);
    }, delay));
  };

  // A file analysed here (Go, or JavaScript without aws-sdk) is published when opened, then once
  // typing pauses: each publication converts and sends every finding of the file again (about half
  // of a keystroke's work on a 2,000-line Go file, perf:lsp), and CodeLens requests need none of it.
  const shown = new Set<string>();
  const typing = new Map<string, NodeJS.Timeout>();
  const publishHere = (doc: TextDocument) => {
    if (!shown.has(doc.uri)) {
      shown.add(doc.uri);
      return void publish(doc);
    }
    clearTimeout(typing.get(doc.uri));
    typing.set(doc.uri, setTimeout(() => {
      typing.delete(doc.uri);
      const now = documents.get(doc.uri);
      if (now) void publish(now);
    }, TYPING_PAUSE_MS));
  };
  documents.onDidChangeContent((e) => {
    if (!offThread(e.document)) return publishHere(e.document);
    const first = !analyses.has(e.document.uri) && !shown.has(e.document.uri);
    shown.add(e.document.uri);
    schedule(keyOf(e.document), first ? 0 : EDIT_PAUSE_MS);
  });
  documents.onDidClose((e) => {
    shown.delete(e.document.uri);
    analyses.delete(e.document.uri);
    clearTimeout(typing.get(e.document.uri));
    typing.delete(e.document.uri);
    void connection.sendDiagnostics({ uri: e.document.uri, diagnostics: [] });
  });
  /**
   * The Go quick fix as far as its package's migration is known; asked for on one of our Go
   * findings (the lightbulb on its line), the package starts being worked out in the background,
   * so that the fix knows whether it applies by the time it is chosen.
   */
  const goActions = (uri: string, diagnostics: Diagnostic[], only: string[] | undefined) => {
    if (diagnostics.some((d) => d.source === MIGRATION_SOURCE && GO_MIGRATION_CODES.test(String(d.code)))) goFixes.warm(uri);
    return goMigrationActions(uri, diagnostics, MIGRATION_SOURCE, only, goFixes.known(uri));
  };
  connection.onCodeAction(async (params) => {
    const doc = documents.get(params.textDocument.uri);
    if (!doc) return [];
    const go = doc.uri.endsWith('.go') ? goActions(doc.uri, params.context.diagnostics, params.context.only) : [];
    const checks = more?.codeActions(doc, params.context.diagnostics, params.context.only) ?? [];
    if (!offThread(doc)) return [...getMigrationCodeActions(doc, params.range, params.context.diagnostics, { ...context, env: await environmentFor(doc.uri) }, params.context.only), ...go, ...checks];
    const analysis = current(doc);
    return [...(analysis ? getMigrationCodeActions(doc, params.range, params.context.diagnostics, context, params.context.only, analysis) : []), ...go, ...checks];
  });
  return { refresh: () => documents.all().forEach((doc) => void publish(doc)), diagnosticsOf, publishDocument: (doc) => void publish(doc) };
}
