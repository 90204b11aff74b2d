/**
 * The Go part of `dynamo-hotpath migrate`: the typed migration (core/migrate/go/typedMigrate.ts)
 * per module, every finding printed (error, warning and information, `file:line:col: severity
 * code: message`), a unified diff per rewritten file, and `--write` to apply. A fix whose package
 * does not build is not made (its error says so); go is never asked to change go.mod (`go get`
 * is yours to run, printed as a next step).
 */
import { isAbsolute, relative } from 'node:path';
import { createTwoFilesPatch } from 'diff';
import { findGoBinary, GO_NOT_FOUND } from '../core/bench/goSuite';
import { findModuleRoot } from '../core/go/goModule';
import { migrateGoPackages } from '../core/migrate/go/typedMigrate';
import type { PlannedWrite } from './fileSet';
import { writeExactUnlessTerminal } from './terminalText';
import { goFailureCause, goFailureLines, usesLegacyDynamo } from './goFailureFindings';

/** What the Go part did: files changed (or that would change), findings at error level, and with `write` the files to write. */
export interface GoMigrateOutcome {
  changed: number;
  errors: number;
  writes: PlannedWrite[];
}

const lineCol = (text: string, offset: number) => {
  const before = text.slice(0, offset);
  return `${before.split('\n').length}:${offset - before.lastIndexOf('\n')}`;
};

/**
 * Migrates `files` (Go files), printing as described above; with `write` the new texts are
 * returned in `writes` (the caller writes every file of the migration as one set), else printed
 * as a diff. Never throws for Go's own failures.
 */
export async function migrateGoFiles(files: string[], write: boolean): Promise<GoMigrateOutcome> {
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
    let result;
    try {
      result = await migrateGoPackages({ goBinary: go, paths: group });
    } catch (err) {
      fail(group, goFailureCause((err as Error).message, root));
      continue;
    }
    for (const f of result.files) {
      const rel = relative(process.cwd(), f.path);
      const shown = rel && !rel.startsWith('..') ? rel : f.path;
      for (const x of f.findings) {
        if (x.severity === 'error') outcome.errors++;
        process.stderr.write(`${shown}:${lineCol(f.before, x.start)}: ${x.severity} ${x.code}: ${x.message}\n`);
      }
      if (f.after === undefined) continue;
      outcome.changed++;
      if (write) outcome.writes.push({ path: f.path, text: f.after });
      else writeExactUnlessTerminal(createTwoFilesPatch(isAbsolute(shown) ? shown : `a/${shown}`, isAbsolute(shown) ? shown : `b/${shown}`, f.before, f.after, undefined, undefined, { context: 3 }).replace(/^=+\n/, ''));
    }
    if (result.build.checked) {
      process.stderr.write(result.build.ok ? `${root}: the rewritten packages build with ${result.goVersion} (go build -overlay; your files were not touched by the check)\n` : `${root}: the rewrite does not build with ${result.goVersion}; no change made\n`);
    }
    const imports = result.files.filter((f) => f.after).flatMap((f) => [...f.after!.matchAll(/"(github\.com\/(?:guregu\/dynamo\/v2|aws\/aws-sdk-go-v2\/[\w/-]+))"/g)].map((m) => m[1]!));
    if (imports.length) process.stderr.write(`${root}: next, in the module: go get ${[...new Set(imports)].sort().join(' ')} (not run for you)\n`);
  }
  return outcome;
}
