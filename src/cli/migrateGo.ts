/**
 * The Go part of `dynamo-hotpath migrate`: the typed migration (core/migrate/go/typedMigrate.ts)
 * per module — the packages named and those that must move with them, checked with go build and
 * go vet over the whole module, and with `--test` go test ./... before and after — every finding
 * printed (`file:line:col: severity code: message`), a unified diff per rewritten file, and
 * `--write` to apply. go.mod is never changed unasked: `--go-get` runs `go get` for the modules the
 * rewrite needs on a copy of go.mod and shows the diff; with `--write` go.mod and go.sum are written
 * with the migrated files as one set.
 */
import { existsSync } from 'node:fs';
import { isAbsolute, join, relative } from 'node:path';
import { createTwoFilesPatch } from 'diff';
import { findGoBinary, GO_NOT_FOUND } from '../core/bench/goSuite';
import { findModuleRoot } from '../core/go/goModule';
import { migrateGoPackages, type GoMigrationResult } from '../core/migrate/go/typedMigrate';
import { goGetArgs, goSumChange, runGoGet } from '../core/migrate/go/goGet';
import type { PlannedWrite } from './fileSet';
import { writeExactUnlessTerminal } from './terminalText';
import { goFailureCause, goFailureLines, usesLegacyDynamo } from './goFailureFindings';

/** What the Go part did: files changed (or that would change), findings at error level, and with `write` the files to write. */
export interface GoMigrateOutcome {
  changed: number;
  errors: number;
  writes: PlannedWrite[];
}

/** The Go options of `migrate`. */
export interface GoMigrateFlags {
  write: boolean;
  /** Run the module's tests before and after (`--test`). */
  test?: boolean;
  /** Run go get for the modules the rewrite needs (`--go-get`). */
  goGet?: boolean;
}

const lineCol = (text: string, offset: number) => {
  const before = text.slice(0, offset);
  return `${before.split('\n').length}:${offset - before.lastIndexOf('\n')}`;
};

const shownPath = (path: string) => {
  const rel = relative(process.cwd(), path);
  return rel && !rel.startsWith('..') ? rel : path;
};

/** The module as the lines name it: `.` for the current folder, relative inside it, else absolute. */
const moduleLabel = (root: string) => {
  const rel = relative(process.cwd(), root);
  return rel === '' ? '.' : rel.startsWith('..') ? root : rel;
};

const patch = (path: string, before: string, after: string) => {
  const shown = shownPath(path);
  return createTwoFilesPatch(isAbsolute(shown) ? shown : `a/${shown}`, isAbsolute(shown) ? shown : `b/${shown}`, before, after, undefined, undefined, { context: 3 }).replace(/^=+\n/, '');
};

/**
 * Migrates `files` (Go files), printing as described above; with `flags.write` the new texts are
 * returned in `writes` (the caller writes every file of the migration as one set), else printed
 * as a diff. Never throws for Go's own failures.
 */
export async function migrateGoFiles(files: string[], flags: GoMigrateFlags): Promise<GoMigrateOutcome> {
  const outcome: GoMigrateOutcome = { changed: 0, errors: 0, writes: [] };
  if (files.length === 0) return outcome;
  const go = findGoBinary();
  const fail = (group: readonly string[], cause: string): void => {
    const legacy = group.filter(usesLegacyDynamo);
    for (const line of goFailureLines(legacy, cause)) process.stderr.write(`${line}\n`);
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
  for (const [root, group] of byModule) {
    if (!root) {
      fail(group, 'no go.mod above it: Go files are migrated per module');
      continue;
    }
    let result: GoMigrationResult;
    try {
      result = await migrateGoPackages({ goBinary: go, paths: group, test: flags.test, onProgress: (step) => process.stderr.write(`${moduleLabel(root)}: ${step}\n`) });
    } catch (err) {
      fail(group, goFailureCause((err as Error).message, root));
      continue;
    }
    for (const f of result.files) {
      for (const x of f.findings) {
        if (x.severity === 'error') outcome.errors++;
        process.stderr.write(`${shownPath(f.path)}:${lineCol(f.before, x.start)}: ${x.severity} ${x.code}: ${x.message}\n`);
      }
      if (f.after === undefined) continue;
      outcome.changed++;
      if (flags.write) outcome.writes.push({ path: f.path, text: f.after });
      else writeExactUnlessTerminal(patch(f.path, f.before, f.after));
    }
    for (const line of summary(result, root)) process.stderr.write(`${line}\n`);
    const changed = result.files.filter((f) => f.after !== undefined);
    if (!changed.length) continue;
    const args = await goGetArgs(go, root, new Map(changed.map((f) => [f.path, f.after!])));
    if (!args.length) continue;
    if (!flags.goGet) {
      process.stderr.write(`${moduleLabel(root)}: go.mod not changed; the rewrite needs: go get ${args.join(' ')} (run it, or migrate again with --go-get)\n`);
      continue;
    }
    // On a copy of go.mod: with --write, go.mod and go.sum then join the migration's one set of
    // writes, so an interrupt restores them with the Go files instead of leaving go.mod changed.
    // (A module without go.sum yet gets go get run in it: the set restores files, it makes none.)
    const inSet = flags.write && existsSync(join(root, 'go.sum'));
    const got = await runGoGet(go, root, args, flags.write && !inSet);
    if (!got.ok) {
      outcome.errors++;
      process.stderr.write(`${moduleLabel(root)}/go.mod:1:1: error go-get-required: ${got.command} failed, go.mod unchanged: ${got.output.split('\n').slice(-3).join(' ')}\n`);
      continue;
    }
    const sum = goSumChange(got.goSumBefore, got.goSumAfter);
    if (inSet) {
      outcome.writes.push({ path: join(root, 'go.mod'), text: got.goModAfter });
      if (got.goSumAfter !== got.goSumBefore) outcome.writes.push({ path: join(root, 'go.sum'), text: got.goSumAfter });
    }
    const how = got.applied ? 'ran' : inSet ? "ran on a copy of go.mod, written with the migration's files" : 'previewed on a copy of go.mod (--write writes it with the migration)';
    process.stderr.write(`${moduleLabel(root)}: ${how}: ${got.command}; go.sum +${sum.added} −${sum.removed} lines\n`);
    writeExactUnlessTerminal(patch(`${root}/go.mod`, got.goModBefore, got.goModAfter));
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
