/**
 * LSP adapters for the migration fixes: core findings → `Diagnostic`s, their fixes → quick-fix
 * `CodeAction`s, "fix all in file" → a `source.fixAll.dynamoHotpath` action. Functions of a
 * `TextDocument` and, when the server gives one, its project's whole-program migration (a fix
 * then edits every file using the client); the server wires them to `onCodeAction` and its
 * diagnostics push.
 */
import { fileURLToPath, pathToFileURL } from 'node:url';
import { CodeAction, CodeActionKind, Diagnostic, DiagnosticSeverity, type Range, type TextEdit, type WorkspaceEdit } from 'vscode-languageserver';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { isMigratable, mayUseAwsSdkV2 } from '../../core/migrate/migratable';
import { migrateGoSource } from '../../core/migrate/go/migrateGo';
import type { FileTextEdit, ProgramFinding } from '../../core/migrate/program/api';
import { documentMigration } from '../../core/migrate/program/documentMigration';
import type { MigrationEnvironment, MigrationResult } from '../../core/migrate/types';
import type { ProjectMigration } from './projectMigrations';

export { readInstalledVersions } from '../../core/migrate/installedVersions';
export type { MigrationEnvironment } from '../../core/migrate/types';

/** Diagnostic `source` of every migration diagnostic. */
export const MIGRATION_SOURCE = 'DynamoDB Hot Path';
/** Kind of the "fix all in file" source action (also listed under `source.fixAll`). */
export const FIX_ALL_KIND = `${CodeActionKind.SourceFixAll}.dynamoHotpath`;

/** What the adapters need from the server besides the document. */
export interface MigrationContext {
  /** Installed `@aws-sdk/util-dynamodb` / `lib-dynamodb` versions of the document's workspace. */
  env: MigrationEnvironment;
  /**
   * Share of the loaded profile's samples spent at a call site, in percent (0–100), for the
   * document `uri` and a 0-based `line`; undefined when no profile is loaded or the line is cold.
   * A hot call site raises its finding from Information to Warning with the % in the message.
   */
  hotCallSite?: (uri: string, line: number) => number | undefined;
  /**
   * The whole-program migration of the project holding a file (absolute `/` path), or undefined
   * (untitled document, outside the workspace, too large): then the file is migrated on its own.
   */
  project?: (fileName: string, env: MigrationEnvironment) => ProjectMigration | undefined;
}

/**
 * One document's findings and fixes (offsets into the text it was made from); edits may reach
 * other files of its project. Plain data: the migration worker makes it, the request thread
 * turns it into diagnostics and code actions.
 */
export interface DocumentAnalysis {
  fileName: string;
  findings: ProgramFinding[];
  fixAll: FileTextEdit[];
  /** Other files "fix all" edits (their uses of the clients migrated here). */
  otherFiles: string[];
  /** The texts the program read for the other files its edits reach (their offsets refer to them). */
  texts: Record<string, string>;
}

const cache = new Map<string, DocumentAnalysis>();
const slash = (p: string) => p.replace(/\\/g, '/');
const NO_FINDINGS: MigrationResult = { findings: [], fixAll: [] };

/**
 * The findings of one document on its own. The TypeScript-based engine is required on the first
 * JS/TS text that mentions aws-sdk, not at server start: Go files and other texts never load the compiler.
 */
function migrateDocument(text: string, name: string, env: MigrationEnvironment): MigrationResult {
  if (!isMigratable(name)) return NO_FINDINGS;
  if (name.endsWith('.go')) return migrateGoSource(text);
  if (!mayUseAwsSdkV2(text)) return NO_FINDINGS;
  if (!engine) {
    engine = require('../../core/migrate/migrateSource') as typeof import('../../core/migrate/migrateSource');
    engineLoaded?.();
  }
  return engine.migrateSource(text, name, env);
}

let engine: typeof import('../../core/migrate/migrateSource') | undefined;
let engineLoaded: (() => void) | undefined;

/** Calls `listener` once the TypeScript-based engine is loaded (the server logs it). */
export function onMigrationEngineLoaded(listener: () => void): void {
  engineLoaded = listener;
}

/** The texts of the files other than `fileName` that `edits` reach, as the program read them. */
function otherTexts(fileName: string, edits: readonly FileTextEdit[], textOf: (fileName: string) => string | undefined): Record<string, string> {
  const texts: Record<string, string> = {};
  for (const e of edits) {
    if (e.fileName === fileName || e.fileName in texts) continue;
    const text = textOf(e.fileName);
    if (text !== undefined) texts[e.fileName] = text;
  }
  return texts;
}

/**
 * The findings and fixes of `doc` in this thread: from its project's whole-program migration when
 * `ctx.project` gives one, else of the file alone (Go's finder, or the TypeScript-based engine for
 * JavaScript and TypeScript, cached per document version).
 */
export function analyseDocument(doc: TextDocument, ctx: MigrationContext): DocumentAnalysis {
  const name = doc.uri.startsWith('file:') ? slash(fileURLToPath(doc.uri)) : doc.uri;
  const whole = doc.uri.startsWith('file:') && isMigratable(name) && !name.endsWith('.go') ? ctx.project?.(name, ctx.env) : undefined;
  if (whole) {
    const part = documentMigration(whole.result, name);
    const edits = [...part.fixAll, ...part.findings.flatMap((f) => f.fix?.edits ?? [])];
    return { fileName: name, ...part, texts: otherTexts(name, edits, whole.textOf) };
  }
  // Go findings do not depend on the installed JS SDKs: one entry per version serves the diagnostics and the ▶ Benchmark lenses.
  const envKey = name.endsWith('.go') ? '' : `${ctx.env.utilDynamodbVersion ?? ''}#${ctx.env.libDynamodbVersion ?? ''}`;
  const key = `${doc.uri}#${doc.version}#${envKey}`;
  let result = cache.get(key);
  if (!result) {
    const own = migrateDocument(doc.getText(), name, ctx.env);
    const inFile = (edits: readonly { start: number; end: number; newText: string }[]): FileTextEdit[] => edits.map((e) => ({ fileName: name, ...e }));
    result = {
      fileName: name,
      findings: own.findings.map((f) => ({ ...f, fileName: name, fix: f.fix && { title: f.fix.title, edits: inFile(f.fix.edits) } })),
      fixAll: inFile(own.fixAll),
      otherFiles: [],
      texts: {},
    };
    if (cache.size > 32) cache.delete(cache.keys().next().value!);
    cache.set(key, result);
  }
  return result;
}

function rangeOf(doc: TextDocument, start: number, end: number): Range {
  return { start: doc.positionAt(start), end: doc.positionAt(end) };
}

/** `edits` as a workspace edit: this document's by its positions, other files' by the text the program read. */
function workspaceEdit(doc: TextDocument, analysis: DocumentAnalysis, edits: readonly FileTextEdit[]): WorkspaceEdit {
  const changes: Record<string, TextEdit[]> = {};
  for (const e of edits) {
    const own = e.fileName === analysis.fileName;
    const uri = own ? doc.uri : pathToFileURL(e.fileName).href;
    const text = own ? undefined : analysis.texts[e.fileName];
    const target = own ? doc : TextDocument.create(uri, '', 0, text ?? '');
    (changes[uri] ??= []).push({ range: rangeOf(target, e.start, e.end), newText: e.newText });
  }
  return { changes };
}

const fixAllTitle = (others: number): string =>
  `Fix all DynamoDB migrations in this file${others ? ` (and ${others} other file${others === 1 ? '' : 's'} using its clients)` : ''}`;

function toDiagnostic(doc: TextDocument, f: ProgramFinding, ctx: MigrationContext): Diagnostic {
  const range = rangeOf(doc, f.start, f.end);
  let severity: DiagnosticSeverity = f.severity === 'error' ? DiagnosticSeverity.Error : f.severity === 'warning' ? DiagnosticSeverity.Warning : DiagnosticSeverity.Information;
  let message = f.message;
  const percent = f.severity === 'information' ? ctx.hotCallSite?.(doc.uri, range.start.line) : undefined;
  if (percent !== undefined) {
    severity = DiagnosticSeverity.Warning;
    message = `Hot: ${percent.toFixed(1)} % of the profile's samples at this call site. ${message}`;
  }
  return Diagnostic.create(range, message, severity, f.code, MIGRATION_SOURCE);
}

const sameRange = (a: Range, b: Range): boolean =>
  a.start.line === b.start.line && a.start.character === b.start.character && a.end.line === b.end.line && a.end.character === b.end.character;

/**
 * One diagnostic per migration finding of `doc` (aws-sdk v2 JS/TS, guregu v1 Go), with a stable
 * `code` (see `MigrationCode`) and source {@link MIGRATION_SOURCE}. Legacy calls are Information,
 * Warning when `ctx.hotCallSite` says the line is hot; notes on changed behaviour are Warning;
 * uses that block a client's migration (and the client's creation) are Error. `analysis` is
 * `doc`'s, made for its current text (by default here, {@link analyseDocument}).
 */
export function getMigrationDiagnostics(doc: TextDocument, ctx: MigrationContext, analysis: DocumentAnalysis = analyseDocument(doc, ctx)): Diagnostic[] {
  return analysis.findings.map((f) => toDiagnostic(doc, f, ctx));
}

/**
 * Code actions for `range`: for each of our `diagnostics` (those of the request's context) whose
 * finding has a fix, a quick fix (`isPreferred`) tied to it; then "Fix all DynamoDB migrations in
 * this file" as a quick fix (when more than one finding is fixable) and as a {@link FIX_ALL_KIND}
 * source action. `only` (the request's `context.only`) filters by kind prefix. `analysis` is
 * `doc`'s, made for its current text (by default here, {@link analyseDocument}).
 */
export function getMigrationCodeActions(
  doc: TextDocument,
  range: Range,
  diagnostics: Diagnostic[],
  ctx: MigrationContext,
  only?: string[],
  analysis: DocumentAnalysis = analyseDocument(doc, ctx),
): CodeAction[] {
  const result = analysis;
  const wanted = (kind: string): boolean => !only || only.some((k) => kind === k || kind.startsWith(`${k}.`));
  const actions: CodeAction[] = [];
  const fixable = result.findings.filter((f) => f.fix);
  if (wanted(CodeActionKind.QuickFix)) {
    const seen = new Set<string>();
    for (const d of diagnostics) {
      if (d.source !== MIGRATION_SOURCE) continue;
      const f = fixable.find((x) => x.code === d.code && sameRange(rangeOf(doc, x.start, x.end), d.range));
      if (!f?.fix || seen.has(f.fix.title + f.start)) continue;
      seen.add(f.fix.title + f.start);
      const action = CodeAction.create(f.fix.title, workspaceEdit(doc, result, f.fix.edits), CodeActionKind.QuickFix);
      action.diagnostics = [d];
      action.isPreferred = true;
      actions.push(action);
    }
    const inRange = fixable.some((f) => {
      const r = rangeOf(doc, f.start, f.end);
      return r.start.line <= range.end.line && r.end.line >= range.start.line;
    });
    if (inRange && fixable.length > 1 && result.fixAll.length) {
      actions.push(CodeAction.create(fixAllTitle(result.otherFiles.length), workspaceEdit(doc, result, result.fixAll), CodeActionKind.QuickFix));
    }
  }
  if (result.fixAll.length && wanted(FIX_ALL_KIND)) {
    actions.push(CodeAction.create(fixAllTitle(result.otherFiles.length), workspaceEdit(doc, result, result.fixAll), FIX_ALL_KIND));
  }
  return actions;
}
