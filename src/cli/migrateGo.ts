/**
 * The Go part of `dynamo-hotpath migrate`: the typed migration (core/migrate/go/typedMigrate.ts)
 * per module, collected (nothing printed, nothing written): every finding (error, warning and
 * information) as `file:line:col: severity code: message`, the rewritten files, each legacy file's
 * outcome and the module's build result. A fix whose package does not build is not made (its error
 * says so); go is never asked to change go.mod (`go get` is yours to run, given as a next step).
 */
import { relative } from 'node:path';
import { findGoBinary, GO_NOT_FOUND } from '../core/bench/goSuite';
import { findModuleRoot } from '../core/go/goModule';
import { migrateGoPackages } from '../core/migrate/go/typedMigrate';
import type { FileOutcome } from '../core/migrate/program/result';
import { goFailureCause, goFailureLines, usesLegacyDynamo } from './goFailureFindings';
import { lineCol } from './migrateReport';
import type { FileChange, MigrationFindingRecord } from './migrateRun';

/** What the Go part found: files it would change, findings (errors counted), outcomes and the report lines in print order. */
export interface GoMigrateOutcome {
  changes: FileChange[];
  findings: MigrationFindingRecord[];
  outcomes: FileOutcome[];
  /** Module-level lines: the build check, the `go get` to run. */
  notes: string[];
  log: string[];
  errors: number;
}

const shownPath = (path: string) => {
  const rel = relative(process.cwd(), path);
  return rel && !rel.startsWith('..') ? rel : path;
};

/** Migrates `files` (Go files) in memory. Never throws for Go's own failures; rejects when `signal` aborts. */
export async function migrateGoFiles(files: string[], signal?: AbortSignal): Promise<GoMigrateOutcome> {
  const outcome: GoMigrateOutcome = { changes: [], findings: [], outcomes: [], notes: [], log: [], errors: 0 };
  if (files.length === 0) return outcome;
  const go = findGoBinary();
  const fail = (group: readonly string[], cause: string): void => {
    const legacy = group.filter(usesLegacyDynamo);
    const lines = goFailureLines(legacy, cause);
    legacy.forEach((file, i) => {
      outcome.findings.push({ file, line: 1, column: 1, severity: 'error', code: 'go-not-migrated', message: `not migrated: ${cause}` });
      outcome.outcomes.push({ fileName: file, status: 'not migrated', reasons: [cause] });
      outcome.log.push(lines[i]!);
    });
    outcome.errors += legacy.length;
  };
  if (!go) {
    fail(files, GO_NOT_FOUND);
    return outcome;
  }
  const byModule = new Map<string, string[]>();
  for (const f of files) {
    const root = findModuleRoot(f) ?? '';
    byModule.set(root, [...(byModule.get(root) ?? []), f]);
  }
  const note = (line: string) => {
    outcome.notes.push(line);
    outcome.log.push(line);
  };
  for (const [root, group] of byModule) {
    if (!root) {
      fail(group, 'no go.mod above it: Go files are migrated per module');
      continue;
    }
    let result;
    try {
      result = await migrateGoPackages({ goBinary: go, paths: group, ...(signal ? { signal } : {}) });
    } catch (err) {
      signal?.throwIfAborted();
      fail(group, goFailureCause((err as Error).message, root));
      continue;
    }
    for (const f of result.files) {
      const errors: string[] = [];
      for (const x of f.findings) {
        const [line, column] = lineCol(f.before, x.start).split(':').map(Number) as [number, number];
        if (x.severity === 'error') errors.push(x.message);
        outcome.findings.push({ file: f.path, line, column, severity: x.severity, code: x.code, message: x.message });
        outcome.log.push(`${shownPath(f.path)}:${line}:${column}: ${x.severity} ${x.code}: ${x.message}`);
      }
      outcome.errors += errors.length;
      if (f.after !== undefined) outcome.changes.push({ file: f.path, before: f.before, after: f.after });
      if (f.after !== undefined || errors.length || usesLegacyDynamo(f.path)) {
        const status = f.after === undefined ? 'not migrated' : errors.length ? 'partly migrated' : 'migrated';
        outcome.outcomes.push({ fileName: f.path, status, reasons: errors.length || status !== 'not migrated' ? errors : ['no rewrite applies to its DynamoDB uses'] });
      }
    }
    if (result.build.checked) {
      note(result.build.ok ? `${root}: the rewritten packages build with ${result.goVersion} (go build -overlay; your files were not touched by the check)` : `${root}: the rewrite does not build with ${result.goVersion}; no change made`);
    }
    const imports = result.files.filter((f) => f.after).flatMap((f) => [...f.after!.matchAll(/"(github\.com\/(?:guregu\/dynamo\/v2|aws\/aws-sdk-go-v2\/[\w/-]+))"/g)].map((m) => m[1]!));
    if (imports.length) note(`${root}: next, in the module: go get ${[...new Set(imports)].sort().join(' ')} (not run for you)`);
  }
  return outcome;
}
