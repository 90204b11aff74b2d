/**
 * Wires the migration fixes (`./migrate`) into the server: diagnostics for open documents,
 * raised to warnings on hot call sites of the loaded profile, and their code actions.
 */
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CodeActionKind, type Connection, type TextDocuments } from 'vscode-languageserver/node';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { readInstalledVersions } from '../core/migrate/installedVersions';
import type { MigrationEnvironment } from '../core/migrate/types';
import { FIX_ALL_KIND, MIGRATION_SOURCE, getMigrationCodeActions, getMigrationDiagnostics, onMigrationEngineLoaded, type MigrationContext } from './migrate/index';
import { goMigrationActions } from './goCodeActions';

/** Logged when the first JavaScript/TypeScript document using aws-sdk loads the TypeScript compiler. */
export const MIGRATION_ENGINE_LOADED = 'Loaded the JavaScript/TypeScript migration engine (the TypeScript compiler) for the first file that uses aws-sdk';

/** Code action kinds the server announces. */
export const MIGRATION_CODE_ACTION_KINDS = [CodeActionKind.QuickFix, FIX_ALL_KIND];

/**
 * Registers diagnostics and code actions. `hotCallSite(uri, line0)` gives the profile share
 * (percent of total) of the call site on a 0-based line, undefined when cold or no profile.
 * Returns `refresh()`, to call when the loaded profile changes.
 */
export function registerMigrationFeature(
  connection: Connection,
  documents: TextDocuments<TextDocument>,
  hotCallSite: (uri: string, line: number) => number | undefined,
): { refresh: () => void } {
  const environments = new Map<string, Promise<MigrationEnvironment>>();
  const environmentFor = (uri: string): Promise<MigrationEnvironment> => {
    if (!uri.startsWith('file:')) return Promise.resolve({});
    const dir = dirname(fileURLToPath(uri));
    let env = environments.get(dir);
    if (!env) environments.set(dir, (env = readInstalledVersions(dir).catch(() => ({}))));
    return env;
  };
  const context = async (uri: string): Promise<MigrationContext> => ({ env: await environmentFor(uri), hotCallSite });
  onMigrationEngineLoaded(() => connection.console.info(MIGRATION_ENGINE_LOADED));

  const publish = async (doc: TextDocument) => {
    try {
      const diagnostics = getMigrationDiagnostics(doc, await context(doc.uri));
      await connection.sendDiagnostics({ uri: doc.uri, version: doc.version, diagnostics });
    } catch (e) {
      connection.console.error(`migration diagnostics for ${doc.uri} failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
    }
  };

  documents.onDidChangeContent((e) => void publish(e.document));
  documents.onDidClose((e) => void connection.sendDiagnostics({ uri: e.document.uri, diagnostics: [] }));
  connection.onCodeAction(async (params) => {
    const doc = documents.get(params.textDocument.uri);
    if (!doc) return [];
    return [
      ...getMigrationCodeActions(doc, params.range, params.context.diagnostics, await context(doc.uri), params.context.only),
      ...goMigrationActions(doc.uri, params.context.diagnostics, MIGRATION_SOURCE, params.context.only),
    ];
  });
  return { refresh: () => documents.all().forEach((doc) => void publish(doc)) };
}
