/**
 * The typed Go migration: the Go helper (gohelper/, go/ast + go/types) reads every package of the
 * module with its tests and rewrites guregu/dynamo v1 → v2 and dynamodbattribute → attributevalue,
 * every rewritten call resolved to a guregu/dynamo or aws-sdk-go type first. The packages named
 * move together with every package connected to them that changes too (moveTogether.ts); a
 * blocker in any of them blocks them all. The result is checked over the whole module with the
 * user's toolchain through -overlay — go build ./..., go vet ./... (tests type-checked), and on
 * request go test ./... before and after — and a rewrite that adds build errors, test-compile
 * errors or failing tests is not offered: its files keep their text and an `error` finding says
 * why. Nothing is written.
 */
import { readFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { statSync } from 'node:fs';
import type { MigrationCode, MigrationFinding } from '../types';
import { GoSandbox } from '../../go/goSandbox';
import { findModuleRoot } from '../../go/goModule';
import { listWithExports } from '../../go/goList';
import { v2Exports } from './v2Exports';
import { ensureHelper, runHelper } from '../../go/helper';
import { goVersion } from '../../bench/goEnvironment';
import type { GoBuildError } from './goBuildCheck';
import { modulePackages, packagesMovingTogether } from './modulePackages';
import { checkModule, type ModuleCheck } from './moduleCheck';
import type { GoTestRun } from './goTestRun';

/** One file of a migrated package. Offsets of findings are UTF-16 offsets into `before`. */
export interface GoFileMigration {
  path: string;
  /** Import path of its package (`p_test` for an external test file). */
  package: string;
  before: string;
  /** The rewritten text; absent when nothing changes or the fix is not made. */
  after?: string;
  findings: MigrationFinding[];
}

/** What a migration run found and checked. */
export interface GoMigrationResult {
  moduleRoot: string;
  goVersion: string;
  files: GoFileMigration[];
  /** The groups of packages that change together or not at all (import paths): each holds a named package. */
  packages: string[][];
  /** Packages of the module that would change too but are not connected to the named ones. */
  otherPackages: string[];
  /** The build of the whole module with the rewrite: ok, or the errors that made the fix be withheld. */
  build: { ok: boolean; checked: boolean; errors: GoBuildError[]; preexisting: GoBuildError[] };
  /** go vet of the whole module before and after (tests included): findings the rewrite adds. */
  vet: ModuleCheck['vet'];
  /** go test ./... before and after (with `test`), and the tests that passed before but not after. */
  tests?: { before: GoTestRun; after?: GoTestRun; regressed: string[] };
}

/** Options of {@link migrateGoPackages}. */
export interface GoMigrateOptions {
  goBinary: string;
  /** Go files or package folders, all in one module. */
  paths: string[];
  signal?: AbortSignal;
  /** Also run the module's tests before and after, in the sandbox. */
  test?: boolean;
  /** Told each step as it starts (go list, the helper, build, vet, tests). */
  onProgress?: (step: string) => void;
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
  /** A package moves off the aws-sdk-go v1 client and the v2 API's export data was not given. */
  needV2API?: boolean;
  files: Array<{ path: string; package: string; newText?: string; findings: HelperFinding[] }>;
  typeErrors: string[];
}

/** UTF-16 offset in `text` of a UTF-8 byte offset. */
export function utf16Offset(text: string, byteOffset: number): number {
  return Buffer.from(text, 'utf8').subarray(0, byteOffset).toString('utf8').length;
}

/**
 * Migrates the packages of `paths` (see the module comment). Rejects with Error when there is no
 * go.mod above the paths, the paths span modules, or go list / the helper fail.
 */
export async function migrateGoPackages(options: GoMigrateOptions): Promise<GoMigrationResult> {
  const progress = options.onProgress ?? (() => undefined);
  const dirs = [...new Set(options.paths.map((p) => resolve(statSync(p).isDirectory() ? p : dirname(p))))];
  const moduleRoot = findModuleRoot(dirs[0]!);
  if (!moduleRoot) throw new Error(`no go.mod at or above ${dirs[0]}: the Go migration works on a module`);
  for (const d of dirs) if (findModuleRoot(d) !== moduleRoot) throw new Error(`${d} is not in the module at ${moduleRoot}: migrate one module at a time`);
  const box = await GoSandbox.create(moduleRoot);
  try {
    const version = (await goVersion(options.goBinary, moduleRoot, box.env())).split(' ')[0]!;
    progress(`building the Go helper with ${version} (first use only)`);
    const helper = await ensureHelper(options.goBinary, version, { signal: options.signal });
    progress('go list -test -deps -export ./... (type data of the module and its tests)');
    const module = modulePackages(await listWithExports(options.goBinary, box, ['./...'], options.signal));
    progress(`rewriting (${module.packages.length} packages read)`);
    let answer = await runHelper<HelperAnswer>(helper, { cmd: 'migrate', packages: module.packages, exports: module.exports }, { signal: options.signal });
    if (answer.needV2API) {
      progress('go list -export of the aws-sdk-go-v2 DynamoDB packages (the types the v1 client moves to)');
      const exports = { ...module.exports, ...(await v2Exports(options.goBinary, box, options.signal)) };
      answer = await runHelper<HelperAnswer>(helper, { cmd: 'migrate', packages: module.packages, exports }, { signal: options.signal });
    }
    const touched = new Set(answer.files.filter((f) => f.newText !== undefined || f.findings.some((x) => x.severity === 'error')).map((f) => f.package));
    const named = new Set(module.packages.filter((p) => dirs.includes(p.dir)).map((p) => p.importPath));
    const groups = packagesMovingTogether(touched, named, module.imports);
    const moving = new Set(groups.flat());
    const files: GoFileMigration[] = [];
    for (const f of answer.files.filter((x) => moving.has(x.package) || named.has(x.package))) {
      const before = await readFile(f.path, 'utf8');
      files.push({
        path: f.path,
        package: f.package,
        before,
        after: f.newText !== undefined && f.newText !== before ? f.newText : undefined,
        findings: f.findings.map((x) => ({ code: x.code as MigrationCode, start: utf16Offset(before, x.offset), end: utf16Offset(before, x.end), severity: x.severity, message: x.message })),
      });
    }
    for (const group of groups) holdTogether(files, group);
    const otherPackages = [...touched].filter((p) => !moving.has(p) && answer.files.some((f) => f.package === p && f.newText !== undefined)).sort();
    const checked = await checkModule({ goBinary: options.goBinary, box, files, version, test: options.test, signal: options.signal, progress });
    return { moduleRoot, goVersion: version, files, packages: groups, otherPackages, ...checked };
  } finally {
    await box.dispose();
  }
}

/**
 * Packages that move together change together or not at all: when any of their files has an
 * error finding, every rewrite among them is dropped and says where the first blocker is.
 */
function holdTogether(files: GoFileMigration[], group: readonly string[]): void {
  const members = files.filter((f) => group.includes(f.package));
  const blockers = members.flatMap((f) => f.findings.filter((x) => x.severity === 'error').map((x) => ({ f, x })));
  if (!blockers.length) return;
  const first = blockers[0]!;
  const where = `${first.f.path.slice(first.f.path.lastIndexOf('/') + 1)}:${first.f.before.slice(0, first.x.start).split('\n').length}`;
  for (const f of members) {
    if (f.after === undefined) continue;
    f.after = undefined;
    const at = f.findings[0] ?? { start: 0, end: 0 };
    f.findings.unshift({ code: 'go-blocked', start: at.start, end: at.end, severity: 'error', message: `no change made: ${blockers.length} finding(s) at error level block the packages that move together (${group.join(', ')}); the first in ${where} (${first.f.package}): ${first.x.message}` });
  }
}
