/**
 * The Go part of `dynamo-hotpath migrate`: the typed migration (core/migrate/go/typedMigrate.ts)
 * per module — the packages named and those that must move with them, checked with go build and
 * go vet over the whole module, and with `test` go test ./... before and after — collected (nothing
 * printed but the progress, no source written): every finding (error, warning and information) as
 * `file:line:col: severity code: message`, the rewritten files, each legacy file's outcome and the
 * module's lines (what moved together, build, vet, tests). A fix whose package does not build is
 * not made (its error says so). go.mod is never changed unasked: `goGet` runs `go get` for the
 * modules the rewrite needs on a copy of go.mod and gives go.mod's change; with `write`, go.mod and
 * go.sum are given as writes for the migration's one set (a module without go.sum yet gets go get
 * run in it: the set restores files, it makes none).
 */
import { existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import { findGoBinary, GO_NOT_FOUND } from '../core/bench/goSuite';
import { findModuleRoot } from '../core/go/goModule';
import { migrateGoPackages, type GoMigrationResult } from '../core/migrate/go/typedMigrate';
import { goGetArgs, goSumChange, runGoGet } from '../core/migrate/go/goGet';
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
  /** go.mod as `goGet` changed it (shown in the diff). */
  goMod: FileChange[];
  /** With `write` and `goGet`: go.mod and go.sum worked out on a copy, to write with the migrated files as one set. */
  moduleWrites: FileChange[];
  errors: number;
}

/** The Go options of `migrate`. */
export interface GoMigrateOptions {
  readonly signal?: AbortSignal;
  /** Run the module's tests before and after (`--test`). */
  readonly test?: boolean;
  /** Run go get for the modules the rewrite needs (`--go-get`); in the module only with `write`. */
  readonly goGet?: boolean;
  readonly write?: boolean;
  /** Told each step as it starts, prefixed with its module. */
  readonly onProgress?: (line: string) => void;
}

const shownPath = (path: string) => {
  const rel = relative(process.cwd(), path);
  return rel && !rel.startsWith('..') ? rel : path;
};

/** The module as the lines name it: `.` for the current folder, relative inside it, else absolute. */
const moduleLabel = (root: string) => {
  const rel = relative(process.cwd(), root);
  return rel === '' ? '.' : rel.startsWith('..') ? root : rel;
};

/** Migrates `files` (Go files) in memory. Never throws for Go's own failures; rejects when `signal` aborts. */
export async function migrateGoFiles(files: string[], options: GoMigrateOptions = {}): Promise<GoMigrateOutcome> {
  const { signal } = options;
  const outcome: GoMigrateOutcome = { changes: [], findings: [], outcomes: [], notes: [], log: [], goMod: [], moduleWrites: [], errors: 0 };
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
    let result: GoMigrationResult;
    try {
      result = await migrateGoPackages({ goBinary: go, paths: group, test: options.test, ...(signal ? { signal } : {}), onProgress: (step) => options.onProgress?.(`${moduleLabel(root)}: ${step}`) });
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
    for (const line of summary(result, root)) note(line);
    const changed = result.files.filter((f) => f.after !== undefined);
    if (!changed.length) continue;
    const args = await goGetArgs(go, root, new Map(changed.map((f) => [f.path, f.after!])));
    if (!args.length) continue;
    if (!options.goGet) {
      note(`${moduleLabel(root)}: go.mod not changed; the rewrite needs: go get ${args.join(' ')} (run it, or migrate again with --go-get)`);
      continue;
    }
    // On a copy of go.mod: with `write`, go.mod and go.sum then join the migration's one set of
    // writes, so an interrupt restores them with the Go files instead of leaving go.mod changed.
    const inSet = options.write === true && existsSync(join(root, 'go.sum'));
    const got = await runGoGet(go, root, args, options.write === true && !inSet);
    if (!got.ok) {
      const message = `${got.command} failed, go.mod unchanged: ${got.output.split('\n').slice(-3).join(' ')}`;
      outcome.errors++;
      outcome.findings.push({ file: `${root}/go.mod`, line: 1, column: 1, severity: 'error', code: 'go-get-required', message });
      outcome.log.push(`${moduleLabel(root)}/go.mod:1:1: error go-get-required: ${message}`);
      continue;
    }
    const sum = goSumChange(got.goSumBefore, got.goSumAfter);
    const how = got.applied ? 'ran' : inSet ? "ran on a copy of go.mod, written with the migration's files" : 'previewed on a copy of go.mod (--write writes it with the migration)';
    note(`${moduleLabel(root)}: ${how}: ${got.command}; go.sum +${sum.added} −${sum.removed} lines`);
    const goMod = { file: `${root}/go.mod`, before: got.goModBefore, after: got.goModAfter };
    outcome.goMod.push(goMod);
    if (inSet) {
      outcome.moduleWrites.push(goMod);
      if (got.goSumAfter !== got.goSumBefore) outcome.moduleWrites.push({ file: `${root}/go.sum`, before: got.goSumBefore, after: got.goSumAfter });
    }
  }
  return outcome;
}

/** The module-level lines: what moved together, what else would, the build, vet and tests. */
function summary(result: GoMigrationResult, root: string): string[] {
  const at = moduleLabel(root);
  const out: string[] = [];
  for (const g of result.packages.filter((p) => p.length > 1)) out.push(`${at}: these packages move together (they pass guregu/dynamo or DynamoDB values between them): ${g.join(', ')}`);
  if (result.otherPackages.length) out.push(`${at}: other packages of the module use guregu/dynamo v1 or dynamodbattribute and were not named: ${result.otherPackages.join(', ')} (name them, or the module root, to migrate them too)`);
  if (result.build.checked) out.push(result.build.ok ? `${at}: the module builds with the rewrite (${result.goVersion}, go build ./... and go vet ./... through -overlay; vet findings ${result.vet.before} before, ${result.vet.after} after)` : `${at}: the rewrite does not build with ${result.goVersion}; no change made`);
  if (result.tests) {
    const t = result.tests;
    const after = t.after ? `${t.after.passed.length} passed, ${t.after.failed.length} failed after` : 'not run after (nothing changed or the build failed)';
    out.push(`${at}: go test ./...: ${t.before.passed.length} passed, ${t.before.failed.length} failed before; ${after}${t.regressed.length ? `; ${t.regressed.length} passed before and not after` : ''}`);
  }
  return out;
}
