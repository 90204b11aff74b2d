/**
 * The JSON document of `dynamo-hotpath migrate --json` and of the agents' `preview_migration`
 * tool (JSON Schema: schemas/migrate.schema.json): the unified diff, every finding with its
 * 1-based line and column, each file's outcome, the type check and the counts. Paths are shown as
 * the text output shows them: relative to `base` (the current folder) when inside it.
 */
import { isAbsolute } from 'node:path';
import { createTwoFilesPatch } from 'diff';
import { shownPath } from './migrateReport';
import type { FileChange, MigrationRun } from './migrateRun';

/** Version of the JSON layout. */
export const MIGRATE_JSON_SCHEMA = 'dynamo-hotpath.migrate/1';

/** One file's unified diff (three lines of context), `a/`/`b/` prefixed when the path is relative, as `git apply` takes it. */
export function fileDiff(change: FileChange, base?: string): string {
  const shown = shownPath(change.file, base);
  const [a, b] = isAbsolute(shown) ? [shown, shown] : [`a/${shown}`, `b/${shown}`];
  return createTwoFilesPatch(a, b, change.before, change.after, undefined, undefined, { context: 3 }).replace(/^=+\n/, '');
}

/** Builds the document; `written` says whether the changes were applied (`migrate --write --json`). */
export function toMigrationJson(run: MigrationRun, options: { written: boolean; base?: string }) {
  const base = options.base ?? process.cwd();
  const shown = (file: string) => shownPath(file, base);
  return {
    schema: MIGRATE_JSON_SCHEMA,
    base: base.replace(/\\/g, '/'),
    written: options.written,
    // go.mod as --go-get changed it comes last (with --write it is already in the module).
    diff: [...run.changes, ...run.goMod].map((c) => fileDiff(c, base)).join(''),
    changedFiles: [...run.changes, ...run.goMod].map((c) => shown(c.file)),
    findings: run.findings.map((f) => ({ file: shown(f.file), line: f.line, column: f.column, severity: f.severity, code: f.code, message: f.message })),
    files: run.outcomes.map((o) => ({ file: shown(o.fileName), status: o.status, reasons: o.reasons })),
    verify: run.verify.map((v) => ({ ...v, root: shown(v.root) })),
    notes: run.notes,
    counts: { considered: run.considered, changed: run.changes.length, errors: run.errors },
  };
}

/** The document's type. */
export type MigrationJson = ReturnType<typeof toMigrationJson>;
