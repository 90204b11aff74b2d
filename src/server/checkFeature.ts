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
  /** The document version the finding was made from (a Go finding: the buffer's version the helper read, undefined when it read the disk). */
  readonly version: number | undefined;
  readonly quickFix?: CheckFinding['quickFix'];
}

const MENTIONS_SDK = /aws-sdk|@aws-sdk\//;
/** Quiet after the last keystroke before a Go package is checked again (the helper parses the whole folder). */
const GO_TYPING_PAUSE_MS = 400;

type ScriptChecks = typeof import('../core/check/js/scriptChecks');
type GoChecks = typeof import('../core/check/goChecks');

/** The feature's state: Go findings per file (from the last check of its folder) and the lazy engines. */
export class CheckDiagnostics {
  private scripts: ScriptChecks | undefined;
  private readonly goFindings = new Map<string, { findings: CheckFinding[]; version: number | undefined }>();
  private readonly running = new Set<string>();
  /** Per folder: whether its project's files name AWS_NODEJS_CONNECTION_REUSE_ENABLED (read once). */
  private readonly reuseByDir = new Map<string, boolean>();

  /** Per folder: an edit's pending check (Go checks wait for a pause in typing). */
  private readonly typing = new Map<string, NodeJS.Timeout>();
  /** Folders edited while their check ran: checked again when it ends. */
  private readonly again = new Set<string>();
  /** Per open Go file: the buffer version its last check read (an open is also announced as a change). */
  private readonly requested = new Map<string, number>();

  /**
   * `republish(path)` is called when Go findings of an open document arrive; `openDocuments()` gives
   * the open buffers, whose text the Go check reads in place of the disk's.
   */
  constructor(
    private readonly republish: (path: string) => void,
    private readonly log: (message: string) => void,
    private readonly openDocuments: () => readonly TextDocument[] = () => [],
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
      // Offsets of an older buffer would land on other text: none until the edit's check arrives.
      if (!known || (known.version !== undefined && known.version !== doc.version)) return [];
      return known.findings.map((f) => this.toDiagnostic(doc, f, known.version));
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

  /**
   * Checks the Go package of an opened, edited or saved document (its folder) with the open buffers'
   * texts, then republishes its open documents. Edits wait for {@link GO_TYPING_PAUSE_MS} of quiet;
   * a folder edited while its check runs is checked again when the check ends.
   */
  checkGo(doc: TextDocument, options: { typing?: boolean } = {}): void {
    const path = this.pathOf(doc);
    if (!path?.endsWith('.go') || !workspaceTrusted()) return;
    const dir = dirname(path);
    if (options.typing) {
      if (this.requested.get(path) === doc.version) return;
      clearTimeout(this.typing.get(dir));
      this.typing.set(dir, setTimeout(() => {
        this.typing.delete(dir);
        this.checkGo(doc);
      }, GO_TYPING_PAUSE_MS));
      return;
    }
    if (this.running.has(dir)) {
      this.again.add(dir);
      return;
    }
    const goBinary = findGoBinary();
    if (!goBinary) return;
    let files: string[];
    try {
      files = readdirSync(dir).filter((n) => n.endsWith('.go') && !n.endsWith('_test.go')).map((n) => join(dir, n));
    } catch {
      return;
    }
    const open = new Map<string, TextDocument>();
    for (const d of this.openDocuments()) {
      const p = this.pathOf(d);
      if (p && files.includes(p)) open.set(p, d);
    }
    const versions = new Map([...open].map(([p, d]) => [p, d.version]));
    for (const [p, v] of versions) this.requested.set(p, v);
    const openTexts = new Map([...open].map(([p, d]) => [p, d.getText()]));
    this.running.add(dir);
    (require('../core/check/goChecks') as GoChecks)
      .checkGoFiles(files, { goBinary, openTexts })
      .then((result) => {
        for (const u of result.unchecked) this.log(`Go connection checks: ${u.file} not checked: ${u.reason}`);
        for (const f of files) this.goFindings.set(f, { findings: result.findings.filter((x) => x.file === f), version: versions.get(f) });
        for (const f of files) this.republish(f);
      })
      .catch((e: unknown) => this.log(`Go connection checks of ${dir} failed: ${e instanceof Error ? e.message : String(e)}`))
      .finally(() => {
        this.running.delete(dir);
        if (this.again.delete(dir)) this.checkGo(doc);
      });
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
