/**
 * The whole-module check of a Go rewrite, in the sandbox (the rewritten files through -overlay):
 * `go build ./...` and `go vet ./...` after (before too where a comparison is needed), and with
 * `test` `go test ./...` before and after. A rewrite that adds build errors, test-compile errors
 * or failing tests is withheld: its files keep their text and the first finding of each says why.
 * Vet findings the rewrite adds are warnings at their lines.
 */
import { relative } from 'node:path';
import type { MigrationCode } from '../types';
import type { GoSandbox } from '../../go/goSandbox';
import { goBuild, goVet, type GoBuildError } from './goBuildCheck';
import { goTestRun, type GoTestRun } from './goTestRun';
import type { GoFileMigration, GoMigrationResult } from './typedMigrate';

/** What {@link checkModule} found. */
export interface ModuleCheck {
  build: GoMigrationResult['build'];
  vet: { checked: boolean; before: number; after: number; added: GoBuildError[] };
  tests?: { before: GoTestRun; after?: GoTestRun; regressed: string[] };
}

const PATTERNS = ['./...'];
const key = (e: GoBuildError) => `${e.file}:${e.message}`;

/** Errors of `after` that `before` does not have (by file and message: lines move in rewritten files). */
function added(after: readonly GoBuildError[], before: readonly GoBuildError[]): GoBuildError[] {
  const left = new Map<string, number>();
  for (const e of before) left.set(key(e), (left.get(key(e)) ?? 0) + 1);
  return after.filter((e) => {
    const n = left.get(key(e)) ?? 0;
    if (n > 0) left.set(key(e), n - 1);
    return n === 0;
  });
}

/** Checks the rewrite of `files` over the whole module; withholds it on failure (see the module comment). */
export async function checkModule(o: { goBinary: string; box: GoSandbox; files: GoFileMigration[]; version: string; test?: boolean; signal?: AbortSignal; progress: (step: string) => void }): Promise<ModuleCheck> {
  const { goBinary, box, files, version, signal, progress } = o;
  const changed = files.filter((f) => f.after !== undefined);
  const result: ModuleCheck = { build: { ok: true, checked: false, errors: [], preexisting: [] }, vet: { checked: false, before: 0, after: 0, added: [] } };
  const testsBefore = o.test ? (progress('go test ./... before the rewrite'), await goTestRun(goBinary, box, PATTERNS, false, signal)) : undefined;
  if (testsBefore) result.tests = { before: testsBefore, regressed: [] };
  if (!changed.length) return result;
  for (const f of changed) await box.overlayFile(f.path, f.after!);

  progress('go build ./... with the rewrite');
  const build = await goBuild(goBinary, box, PATTERNS, true, signal);
  result.build.checked = true;
  if (!build.ok) {
    progress('go build ./... without the rewrite (to tell new errors from old ones)');
    const baseline = await goBuild(goBinary, box, PATTERNS, false, signal);
    result.build.errors = added(build.errors, baseline.errors);
    result.build.preexisting = build.errors.filter((e) => !result.build.errors.includes(e));
    // Withheld when the rewrite adds errors, or fails in a way that cannot be told from before.
    if (result.build.errors.length || baseline.ok || (!build.errors.length && build.output !== baseline.output)) {
      result.build.ok = false;
      withhold(changed, 'go-build', `the module does not build with the rewrite (${version}, go build -overlay ./...)`, list(result.build.errors, build.output, box.moduleRoot));
      return result;
    }
  }

  progress('go vet ./... with and without the rewrite (tests type-checked)');
  const [vetAfter, vetBefore] = [await goVet(goBinary, box, PATTERNS, true, signal), await goVet(goBinary, box, PATTERNS, false, signal)];
  result.vet = { checked: true, before: vetBefore.errors.length, after: vetAfter.errors.length, added: added(vetAfter.errors, vetBefore.errors) };
  const testBreaks = added(vetAfter.typeErrors, vetBefore.typeErrors);
  if (testBreaks.length) {
    result.build.ok = false;
    result.build.errors = testBreaks;
    withhold(changed, 'go-build', `the module's tests do not compile with the rewrite (${version}, go vet -overlay ./...)`, list(testBreaks, '', box.moduleRoot));
    return result;
  }
  for (const v of result.vet.added) {
    const f = files.find((x) => x.path === v.file);
    if (f) f.findings.push({ code: 'go-vet', start: 0, end: 0, severity: 'warning', message: `go vet reports this after the rewrite (line ${v.line} of the rewritten file), not before: ${v.message}` });
  }

  if (testsBefore) {
    progress('go test ./... with the rewrite');
    const after = await goTestRun(goBinary, box, PATTERNS, true, signal);
    const passing = new Set(after.passed);
    const regressed = testsBefore.passed.filter((t) => !passing.has(t));
    result.tests = { before: testsBefore, after, regressed };
    if (regressed.length || after.timedOut) {
      const shown = regressed.slice(0, 8).join(', ') + (regressed.length > 8 ? ` and ${regressed.length - 8} more` : '');
      withhold(changed, 'go-tests', after.timedOut ? 'go test ./... with the rewrite did not finish in 30 minutes' : `${regressed.length} test(s) that passed before do not pass with the rewrite (go test -overlay ./...)`, shown);
    }
  }
  return result;
}

function list(errors: readonly GoBuildError[], output: string, root: string): string {
  if (!errors.length) return output.split('\n').slice(-4).join(' ');
  return errors.slice(0, 8).map((e) => `${relative(root, e.file)}:${e.line}:${e.column}: ${e.message}`).join('; ') + (errors.length > 8 ? `; and ${errors.length - 8} more` : '');
}

/** Drops the rewrite of every changed file and says why at its first finding. */
function withhold(changed: GoFileMigration[], code: MigrationCode, why: string, details: string): void {
  for (const f of changed) {
    f.after = undefined;
    const at = f.findings[0] ?? { start: 0, end: 0 };
    f.findings.unshift({ code, start: at.start, end: at.end, severity: 'error', message: `no change made: ${why}: ${details}` });
  }
}
