/**
 * Wires the migration fixes (`./migrate`) into the server: diagnostics for open documents,
 * raised to warnings on hot call sites of the loaded profile, and their code actions.
 */
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CodeActionKind, type CodeAction, type Connection, type Diagnostic, type TextDocuments } from 'vscode-languageserver/node';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { readInstalledVersions } from '../core/migrate/installedVersions';
import { isScriptFile } from '../core/migrate/program/sourceFiles';
import type { MigrationEnvironment } from '../core/migrate/types';
import { mayUseAwsSdkV2 } from '../core/migrate/migratable';
import { FIX_ALL_KIND, MIGRATION_SOURCE, getMigrationCodeActions, getMigrationDiagnostics, onMigrationEngineLoaded, type MigrationContext } from './migrate/index';
import type { createProjectMigrations } from './migrate/projectMigrations';
import { goMigrationActions } from './goCodeActions';

/** Logged when the first JavaScript/TypeScript document using aws-sdk loads the TypeScript compiler. */
export const MIGRATION_ENGINE_LOADED = 'Loaded the JavaScript/TypeScript migration engine (the TypeScript compiler) for the first file that uses aws-sdk';

/** Pause after the last change before a project's program is rebuilt and its diagnostics published (ms). */
const publishDelayMs = 600;
/** Pause after the last change before a file migrated on its own has its diagnostics published again (ms). */
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
 * `folders()` lists the workspace folder paths: a document inside one is migrated with its whole
 * project (see `createProjectMigrations`), rebuilt once changes pause, which then republishes the
 * project's open documents; until then requests see the file alone.
 * Returns `refresh()`, to call when the loaded profile changes.
 */
export function registerMigrationFeature(
  connection: Connection,
  documents: TextDocuments<TextDocument>,
  hotCallSite: (uri: string, line: number) => number | undefined,
  folders: () => readonly string[] = () => [],
  more?: MoreDiagnostics,
): { refresh: () => void; publishDocument: (doc: TextDocument) => void } {
  const environments = new Map<string, Promise<MigrationEnvironment>>();
  const environmentFor = (uri: string): Promise<MigrationEnvironment> => {
    if (!uri.startsWith('file:')) return Promise.resolve({});
    const dir = dirname(fileURLToPath(uri));
    let env = environments.get(dir);
    if (!env) environments.set(dir, (env = readInstalledVersions(dir).catch(() => ({}))));
    return env;
  };
  const pathOf = (doc: TextDocument): string | undefined => (doc.uri.startsWith('file:') ? fileURLToPath(doc.uri).replace(/\\/g, '/') : undefined);
  // The whole-program cache holds the TypeScript compiler: it is required when the first document
  // mentioning aws-sdk changes, never at start or for Go files and JavaScript without aws-sdk.
  let projects: ReturnType<typeof createProjectMigrations> | undefined;
  let engineAnnounced = false;
  const announceEngine = () => {
    if (!engineAnnounced) connection.console.info(MIGRATION_ENGINE_LOADED);
    engineAnnounced = true;
  };
  const loadProjects = (): ReturnType<typeof createProjectMigrations> => {
    if (projects) return projects;
    const { createProjectMigrations: create } = require('./migrate/projectMigrations') as typeof import('./migrate/projectMigrations');
    announceEngine();
    projects = create({
      folders,
      openDocuments: () => new Map(documents.all().flatMap((d) => {
        const path = pathOf(d);
        return path ? [[path, { version: d.version, text: d.getText() }] as const] : [];
      })),
    });
    return projects;
  };
  onMigrationEngineLoaded(announceEngine);
  // Requests never build a whole program (seconds on a large project): they use the current one,
  // else the file alone; programs are built once typing pauses (see onDidChangeContent).
  const context = async (uri: string): Promise<MigrationContext> => ({ env: await environmentFor(uri), hotCallSite, project: (name, env) => projects?.peek(name, env) });

  const publish = async (doc: TextDocument) => {
    try {
      const diagnostics = [...getMigrationDiagnostics(doc, await context(doc.uri)), ...(more?.diagnostics(doc) ?? [])];
      await connection.sendDiagnostics({ uri: doc.uri, version: doc.version, diagnostics });
    } catch (e) {
      connection.console.error(`migration diagnostics for ${doc.uri} failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
    }
  };

  // A project's documents are republished together, once typing pauses: another open file may gain
  // or lose findings (a client used in both), and each rebuild is a whole program.
  const pending = new Map<string, NodeJS.Timeout>();
  // A file on its own (Go, or outside a project) is published when opened, then once typing
  // pauses: each publication converts and sends every finding of the file again (about half of a
  // keystroke's work on a 2,000-line Go file, perf:lsp), and CodeLens requests need none of it.
  const shown = new Set<string>();
  const typing = new Map<string, NodeJS.Timeout>();
  const publishAlone = (doc: TextDocument) => {
    if (!shown.has(doc.uri)) {
      shown.add(doc.uri);
      return void publish(doc);
    }
    clearTimeout(typing.get(doc.uri));
    typing.set(doc.uri, setTimeout(() => {
      typing.delete(doc.uri);
      const current = documents.get(doc.uri);
      if (current) void publish(current);
    }, TYPING_PAUSE_MS));
  };
  documents.onDidChangeContent((e) => {
    const path = pathOf(e.document);
    const wanted = path !== undefined && isScriptFile(path) && (projects !== undefined || mayUseAwsSdkV2(e.document.getText()));
    const root = wanted ? loadProjects().rootOf(path) : undefined;
    if (!path || !root) return publishAlone(e.document);
    clearTimeout(pending.get(root));
    pending.set(root, setTimeout(() => {
      pending.delete(root);
      void environmentFor(e.document.uri).then((env) => {
        try {
          loadProjects().get(path, env);
        } catch (err) {
          connection.console.error(`whole-program migration of ${root} failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
        }
        for (const d of documents.all()) if (pathOf(d)?.startsWith(`${root}/`)) void publish(d);
      });
    }, publishDelayMs));
  });
  documents.onDidClose((e) => {
    shown.delete(e.document.uri);
    clearTimeout(typing.get(e.document.uri));
    typing.delete(e.document.uri);
    void connection.sendDiagnostics({ uri: e.document.uri, diagnostics: [] });
  });
  connection.onCodeAction(async (params) => {
    const doc = documents.get(params.textDocument.uri);
    if (!doc) return [];
    return [
      ...getMigrationCodeActions(doc, params.range, params.context.diagnostics, await context(doc.uri), params.context.only),
      ...goMigrationActions(doc.uri, params.context.diagnostics, MIGRATION_SOURCE, params.context.only),
      ...(more?.codeActions(doc, params.context.diagnostics, params.context.only) ?? []),
    ];
  });
  return { refresh: () => documents.all().forEach((doc) => void publish(doc)), publishDocument: (doc) => void publish(doc) };
}
