/**
 * The typed Go migration: the Go helper (gohelper/, go/ast + go/types) rewrites whole packages —
 * guregu/dynamo v1 → v2 and dynamodbattribute → attributevalue, every rewritten call resolved to
 * a guregu/dynamo or aws-sdk-go type first — and the result is built with the user's toolchain
 * through -overlay before it is offered. A rewrite that does not build is not offered: its files
 * keep their text and an `error` finding lists go's errors by file:line. Nothing is written.
 */
import { readFile } from 'node:fs/promises';
import { dirname, relative, resolve } from 'node:path';
import { statSync } from 'node:fs';
import type { MigrationCode, MigrationFinding } from '../types';
import { GoSandbox } from '../../go/goSandbox';
import { findModuleRoot } from '../../go/goModule';
import { listWithExports, type ListedPackage } from '../../go/goList';
import { ensureHelper, runHelper } from '../../go/helper';
import { goVersion } from '../../bench/goEnvironment';
import { goBuild, type GoBuildError } from './goBuildCheck';
import { v2Exports } from './v2Exports';

/** One file of a migrated package. Offsets of findings are UTF-16 offsets into `before`. */
export interface GoFileMigration {
  path: string;
  before: string;
  /** The rewritten, gofmt-clean text; absent when nothing changes or the fix is not made. */
  after?: string;
  findings: MigrationFinding[];
}

/** What a migration run found and checked. */
export interface GoMigrationResult {
  moduleRoot: string;
  goVersion: string;
  files: GoFileMigration[];
  /** The build of the rewritten packages: ok, or the errors that made the fix be withheld. */
  build: { ok: boolean; checked: boolean; errors: GoBuildError[]; preexisting: GoBuildError[] };
}

/** Options of {@link migrateGoPackages}. */
export interface GoMigrateOptions {
  goBinary: string;
  /** Go files or package folders, all in one module. */
  paths: string[];
  signal?: AbortSignal;
}

interface HelperFinding {
  file: string;
  offset: number;
  end: number;
  severity: MigrationFinding['severity'];
  code: string;
  message: string;
}
interface HelperAnswer {
  files: Array<{ path: string; newText?: string; findings: HelperFinding[] }>;
  typeErrors: string[];
}

/** UTF-16 offset in `text` of a UTF-8 byte offset. */
export function utf16Offset(text: string, byteOffset: number): number {
  return Buffer.from(text, 'utf8').subarray(0, byteOffset).toString('utf8').length;
}

const key = (e: GoBuildError) => `${e.file}:${e.line}:${e.message}`;

/**
 * Migrates the packages of `paths` (see the module comment). Rejects with Error when there is no
 * go.mod above the paths, the paths span modules, or go list / the helper fail.
 */
export async function migrateGoPackages(options: GoMigrateOptions): Promise<GoMigrationResult> {
  const dirs = [...new Set(options.paths.map((p) => resolve(statSync(p).isDirectory() ? p : dirname(p))))];
  const moduleRoot = findModuleRoot(dirs[0]!);
  if (!moduleRoot) throw new Error(`no go.mod at or above ${dirs[0]}: the Go migration works on a module`);
  for (const d of dirs) if (findModuleRoot(d) !== moduleRoot) throw new Error(`${d} is not in the module at ${moduleRoot}: migrate one module at a time`);
  const patterns = dirs.map((d) => `./${relative(moduleRoot, d)}`.replace(/\/$/, ''));
  const box = await GoSandbox.create(moduleRoot);
  try {
    const version = (await goVersion(options.goBinary, moduleRoot, box.env())).split(' ')[0]!;
    const helper = await ensureHelper(options.goBinary, version, { signal: options.signal });
    const listed = await listWithExports(options.goBinary, box, patterns, options.signal, { tests: true });
    const targets = listed.filter((p) => !p.DepOnly && !p.ForTest && !(p.Name === 'main' && p.ImportPath.endsWith('.test')) && dirs.includes(p.Dir));
    const exports = { ...Object.fromEntries(listed.filter((p) => p.Export && !p.ForTest).map((p) => [p.ImportPath, p.Export!])), ...(await v2Exports(options.goBinary, box, listed, options.signal)) };
    const packages = targets.flatMap((p) => goPackagesOf(p));
    const answer = await runHelper<HelperAnswer>(helper, { cmd: 'migrate', packages, exports }, { signal: options.signal });
    const files: GoFileMigration[] = [];
    for (const f of answer.files) {
      const before = await readFile(f.path, 'utf8');
      files.push({
        path: f.path,
        before,
        after: f.newText !== undefined && f.newText !== before ? f.newText : undefined,
        findings: f.findings.map((x) => ({ code: x.code as MigrationCode, start: utf16Offset(before, x.offset), end: utf16Offset(before, x.end), severity: x.severity, message: x.message })),
      });
    }
    const changed = files.filter((f) => f.after !== undefined);
    const build: GoMigrationResult['build'] = { ok: true, checked: false, errors: [], preexisting: [] };
    if (changed.length) {
      for (const f of changed) await box.overlayFile(f.path, f.after!);
      const after = await goBuild(options.goBinary, box, patterns, true, options.signal);
      build.checked = true;
      if (!after.ok) {
        const baseline = await goBuild(options.goBinary, box, patterns, false, options.signal);
        const old = new Set(baseline.errors.map(key));
        build.preexisting = after.errors.filter((e) => old.has(key(e)));
        build.errors = after.errors.filter((e) => !old.has(key(e)));
        // Withheld when the rewrite adds errors, or fails in a way that cannot be told from before.
        if (build.errors.length || baseline.ok || (!after.errors.length && after.output !== baseline.output)) {
          build.ok = false;
          withhold(changed, build.errors, after.output, version, moduleRoot);
        }
      }
    }
    return { moduleRoot, goVersion: version, files, build };
  } finally {
    await box.dispose();
  }
}

/**
 * The helper's packages for one listed package: its files with its `_test.go` files of the same
 * package (type-checked together, as go test compiles them), and its external `_test` package.
 */
function goPackagesOf(p: ListedPackage): Array<{ importPath: string; dir: string; files: string[] }> {
  const abs = (files: string[] | undefined) => (files ?? []).map((f) => resolve(p.Dir, f));
  const out = [{ importPath: p.ImportPath, dir: p.Dir, files: [...abs(p.GoFiles), ...abs(p.CgoFiles), ...abs(p.TestGoFiles)] }];
  if (p.XTestGoFiles?.length) out.push({ importPath: `${p.ImportPath}_test`, dir: p.Dir, files: abs(p.XTestGoFiles) });
  return out;
}

/** Drops the rewrite of every changed file and says why at its first finding. */
function withhold(changed: GoFileMigration[], errors: GoBuildError[], output: string, version: string, root: string): void {
  const listed = errors.length
    ? errors.slice(0, 8).map((e) => `${relative(root, e.file)}:${e.line}:${e.column}: ${e.message}`).join('; ') + (errors.length > 8 ? `; and ${errors.length - 8} more` : '')
    : output.split('\n').slice(-4).join(' ');
  for (const f of changed) {
    f.after = undefined;
    const at = f.findings[0] ?? { start: 0, end: 0 };
    f.findings.unshift({ code: 'go-build' as MigrationCode, start: at.start, end: at.end, severity: 'error', message: `no change made: the rewritten package does not build with ${version} (go build -overlay): ${listed}` });
  }
}
