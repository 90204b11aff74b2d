/**
 * The connection and throttling checks (`core/check`) as editor diagnostics with quick fixes.
 * JavaScript and TypeScript documents are checked as they are typed (the TypeScript parser, in
 * process; required at the first document that mentions an AWS SDK). Go documents are checked
 * when opened and saved, from disk, by the Go helper — only in a trusted workspace, since go
 * builds the helper. The migration feature publishes these diagnostics with its own (one
 * publication per document) and asks here for their code actions.
 */
import { dirname, join } from 'node:path';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { CodeAction, CodeActionKind, Diagnostic, DiagnosticSeverity, TextEdit, type Range, type WorkspaceEdit } from 'vscode-languageserver/node';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { CheckFinding } from '../core/check/types';
import { setsConnectionReuse } from '../core/check/connectionReuseEnv';
import { workspaceTrusted } from '../core/exec/workspaceTrust';
import { findGoBinary } from '../core/bench/goSuite';

/** The diagnostics' source: shared with the migration diagnostics (one product, one name in the Problems panel). */
export const CHECK_SOURCE = 'DynamoDB Hot Path';

/** What a check diagnostic carries for its quick fix. */
interface CheckData {
  readonly check: true;
  /** The document version the finding was made from (a Go finding comes from the saved file). */
  readonly version: number | undefined;
  readonly quickFix?: CheckFinding['quickFix'];
}

const MENTIONS_SDK = /aws-sdk|@aws-sdk\//;

type ScriptChecks = typeof import('../core/check/js/scriptChecks');
type GoChecks = typeof import('../core/check/goChecks');

/** The feature's state: Go findings per file (from the last check of its folder) and the lazy engines. */
export class CheckDiagnostics {
  private scripts: ScriptChecks | undefined;
  private readonly goFindings = new Map<string, { findings: CheckFinding[]; version: number | undefined }>();
  private readonly running = new Set<string>();
  /** Per folder: whether its project's files name AWS_NODEJS_CONNECTION_REUSE_ENABLED (read once). */
  private readonly reuseByDir = new Map<string, boolean>();

  /** `republish(uri)` is called when Go findings of an open document arrive. */
  constructor(
    private readonly republish: (path: string) => void,
    private readonly log: (message: string) => void,
  ) {}

  private pathOf(doc: TextDocument): string | undefined {
    return doc.uri.startsWith('file:') ? fileURLToPath(doc.uri) : undefined;
  }

  /** The document's check diagnostics now: JavaScript/TypeScript from its text, Go from the last check of its saved file. */
  diagnostics(doc: TextDocument): Diagnostic[] {
    const path = this.pathOf(doc);
    if (!path) return [];
    if (path.endsWith('.go')) {
      const known = this.goFindings.get(path);
      return known ? known.findings.map((f) => this.toDiagnostic(doc, f, known.version)) : [];
    }
    if (!/\.(m|c)?[jt]sx?$/.test(path) || !MENTIONS_SDK.test(doc.getText())) return [];
    this.scripts ??= require('../core/check/js/scriptChecks') as ScriptChecks;
    try {
      // In the editor the project's deployment files are not scanned for AWS_NODEJS_CONNECTION_REUSE_ENABLED as they are
      // by `check`: the variable counts here when the file itself or a file of its folder sets it to 1.
      const dir = dirname(path);
      if (!this.reuseByDir.has(dir)) this.reuseByDir.set(dir, folderNamesReuse(dir));
      const reuse = setsConnectionReuse(doc.getText()) || this.reuseByDir.get(dir)!;
      return this.scripts.checkScript(path, doc.getText(), { minTimeoutMs: 100, connectionReuseEnv: reuse }).map((f) => this.toDiagnostic(doc, f, doc.version));
    } catch (e) {
      this.log(`connection checks of ${path} failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
      return [];
    }
  }

  /** Checks the Go package of a saved or opened document (its folder), then republishes its open documents. */
  checkGo(doc: TextDocument): void {
    const path = this.pathOf(doc);
    if (!path?.endsWith('.go') || !workspaceTrusted()) return;
    const dir = dirname(path);
    if (this.running.has(dir)) return;
    const goBinary = findGoBinary();
    if (!goBinary) return;
    let files: string[];
    try {
      files = readdirSync(dir).filter((n) => n.endsWith('.go') && !n.endsWith('_test.go')).map((n) => join(dir, n));
    } catch {
      return;
    }
    this.running.add(dir);
    const version = doc.version;
    (require('../core/check/goChecks') as GoChecks)
      .checkGoFiles(files, { goBinary })
      .then((result) => {
        for (const u of result.unchecked) this.log(`Go connection checks: ${u.file} not checked: ${u.reason}`);
        for (const f of files) this.goFindings.set(f, { findings: result.findings.filter((x) => x.file === f), version: f === path ? version : undefined });
        for (const f of files) this.republish(f);
      })
      .catch((e: unknown) => this.log(`Go connection checks of ${dir} failed: ${e instanceof Error ? e.message : String(e)}`))
      .finally(() => this.running.delete(dir));
  }

  private toDiagnostic(doc: TextDocument, f: CheckFinding, version: number | undefined): Diagnostic {
    const range: Range = { start: doc.positionAt(f.start), end: doc.positionAt(f.end) };
    const d = Diagnostic.create(range, `${f.message}\n${f.reason}\nFix: ${f.fix}`, f.severity === 'error' ? DiagnosticSeverity.Error : f.severity === 'information' ? DiagnosticSeverity.Information : DiagnosticSeverity.Warning, f.code, CHECK_SOURCE);
    d.data = { check: true, version, ...(f.quickFix ? { quickFix: f.quickFix } : {}) } satisfies CheckData;
    return d;
  }

  /** Quick fixes of the request's check diagnostics (none for a Go finding the buffer has moved on from). */
  codeActions(doc: TextDocument, diagnostics: readonly Diagnostic[], only?: string[]): CodeAction[] {
    if (only && !only.some((k) => CodeActionKind.QuickFix === k || CodeActionKind.QuickFix.startsWith(`${k}.`))) return [];
    const out: CodeAction[] = [];
    for (const d of diagnostics) {
      const data = d.data as CheckData | undefined;
      if (d.source !== CHECK_SOURCE || !data?.check || !data.quickFix) continue;
      if (data.version !== undefined && data.version !== doc.version) continue;
      const edit: WorkspaceEdit = { changes: {} };
      for (const e of data.quickFix.edits) {
        // Edits of this document are applied through it (its positions); the fixes never edit another file.
        if (e.file !== this.pathOf(doc)) continue;
        (edit.changes![doc.uri] ??= []).push(TextEdit.replace({ start: doc.positionAt(e.start), end: doc.positionAt(e.end) }, e.newText));
      }
      const action = CodeAction.create(data.quickFix.title, edit, CodeActionKind.QuickFix);
      action.diagnostics = [d];
      action.isPreferred = true;
      out.push(action);
    }
    return out;
  }
}

/** True when a file of `dir` (package.json, serverless.yml, .env…) sets AWS_NODEJS_CONNECTION_REUSE_ENABLED to 1. */
function folderNamesReuse(dir: string): boolean {
  for (let d = dir, i = 0; i < 4; i++, d = dirname(d)) {
    let names: string[];
    try {
      names = readdirSync(d);
    } catch {
      return false;
    }
    for (const n of names.filter((x) => /^(package\.json|serverless\.(ya?ml|ts)|template\.ya?ml|\.env.*|Dockerfile|docker-compose.*\.ya?ml)$/.test(x))) {
      try {
        if (statSync(join(d, n)).size < 1 << 20 && setsConnectionReuse(readFileSync(join(d, n), 'utf8'))) return true;
      } catch {
        // unreadable: not this one
      }
    }
    if (names.includes('package.json')) return false;
  }
  return false;
}
