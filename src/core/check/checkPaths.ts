/**
 * `checkPaths`: the connection and throttling code checks of files and folders — the core of
 * `dynamo-hotpath check`, the editor's diagnostics and the MCP tool `check_code`. Go files go to
 * the Go helper (go/ast, `goChecks.ts`), JavaScript and TypeScript files to the TypeScript
 * parser (`js/scriptChecks.ts`). Pure apart from reading the files and running the Go helper.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { setsConnectionReuse } from './connectionReuseEnv';
import { checkGoFiles } from './goChecks';
import { checkScript } from './js/scriptChecks';
import { CheckInputError, type CheckFinding, type CheckOptions, type CheckResult, type UncheckedFile } from './types';

const SCRIPT = /\.(m|c)?[jt]sx?$/;
/** Folders never walked: dependencies, VCS data, build output. */
const SKIPPED_DIRS = new Set(['node_modules', 'vendor', 'dist', 'build', 'out', 'coverage', 'cdk.out', 'testdata', '__tests__', '__mocks__']);
/** Files larger than this are not read (generated or bundled code). */
const MAX_FILE_BYTES = 2 << 20;

function isScript(file: string): boolean {
  return SCRIPT.test(file) && !/\.d\.[mc]?ts$/.test(file);
}

/** A JavaScript/TypeScript test (`x.test.ts`, `x.spec.js`): its clients are set up against local endpoints and mocks. */
function isScriptTest(file: string): boolean {
  return /\.(test|spec)\.(m|c)?[jt]sx?$/.test(file);
}

function isGo(file: string): boolean {
  return file.endsWith('.go') && !file.endsWith('_test.go');
}

/** True for a file a folder walk checks: Go and JavaScript/TypeScript sources, tests and declaration files left out. */
export function isCheckedSource(file: string): boolean {
  return (isScript(file) && !isScriptTest(file)) || isGo(file);
}

function walk(dir: string, out: string[]): void {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const e of entries) {
    if (e.name.startsWith('.')) continue;
    const path = join(dir, e.name);
    if (e.isDirectory()) {
      if (!SKIPPED_DIRS.has(e.name)) walk(path, out);
    } else if (e.isFile() && ((isScript(path) && !isScriptTest(path)) || isGo(path))) out.push(path);
  }
}

/**
 * The files to check under `paths`: files named are checked as they are; folders are walked,
 * leaving out dependency and build folders and tests (Go `_test.go`, JavaScript/TypeScript
 * `*.test.*`, `*.spec.*`, `__tests__`: set-up code builds clients in loops and against local
 * endpoints on purpose). @throws CheckInputError for a path that is not there.
 */
export function checkTargets(paths: readonly string[]): string[] {
  const files: string[] = [];
  for (const p of paths) {
    const abs = resolve(p);
    if (!existsSync(abs)) throw new CheckInputError(`${p}: no such file or folder`);
    const st = statSync(abs);
    if (st.isDirectory()) walk(abs, files);
    else if (st.isFile()) {
      if (!isScript(abs) && !abs.endsWith('.go')) throw new CheckInputError(`${p}: not a Go, JavaScript or TypeScript file`);
      files.push(abs);
    }
  }
  return [...new Set(files)].sort();
}

/** The nearest folder at or above `file` holding a package.json (its project), else the file's folder. */
function projectOf(file: string): string {
  for (let dir = dirname(file); ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) return dirname(file);
  }
}

/** True when some text file of the project (deployment files, scripts, .env, sources) sets AWS_NODEJS_CONNECTION_REUSE_ENABLED to 1 ({@link setsConnectionReuse}). */
function projectSetsReuse(project: string): boolean {
  const stack = [project];
  let read = 0;
  while (stack.length > 0 && read < 5000) {
    const dir = stack.pop()!;
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      continue;
    }
    for (const e of entries) {
      const path = join(dir, e.name);
      if (e.isDirectory()) {
        if (!SKIPPED_DIRS.has(e.name) && e.name !== '.git') stack.push(path);
        continue;
      }
      // Documentation that shows the variable is not a deployment that sets it.
      if (!e.isFile() || /\.(png|jpe?g|gif|ico|zip|gz|woff2?|pdf|lock|md|markdown|txt|rst|adoc)$/i.test(e.name)) continue;
      try {
        if (statSync(path).size > MAX_FILE_BYTES) continue;
        read++;
        if (setsConnectionReuse(readFileSync(path, 'utf8'))) return true;
      } catch {
        // unreadable: not this one
      }
    }
  }
  return false;
}

/**
 * Checks the Go, JavaScript and TypeScript files of `paths` (files and folders).
 * @throws CheckInputError for a path that does not exist or is not a file this checks
 */
export async function checkPaths(paths: readonly string[], options: CheckOptions = {}): Promise<CheckResult> {
  const files = checkTargets(paths);
  const findings: CheckFinding[] = [];
  const unchecked: UncheckedFile[] = [];
  let checkedFiles = 0;
  const reuse = new Map<string, boolean>();
  for (const file of files.filter(isScript)) {
    let text = options.openTexts?.get(file);
    if (text === undefined) {
      try {
        if (statSync(file).size > MAX_FILE_BYTES) {
          unchecked.push({ file, reason: `larger than ${MAX_FILE_BYTES >> 20} MB (generated or bundled code)` });
          continue;
        }
        text = readFileSync(file, 'utf8');
      } catch (err) {
        unchecked.push({ file, reason: (err as Error).message });
        continue;
      }
    }
    const project = projectOf(file);
    const env = {
      minTimeoutMs: options.minTimeoutMs ?? 100,
      get connectionReuseEnv() {
        if (!reuse.has(project)) reuse.set(project, projectSetsReuse(project));
        return reuse.get(project)!;
      },
    };
    findings.push(...checkScript(file, text, env));
    checkedFiles++;
  }
  const go = await checkGoFiles(files.filter((f) => f.endsWith('.go')), options);
  findings.push(...go.findings);
  unchecked.push(...go.unchecked);
  checkedFiles += go.checked;
  findings.sort((a, b) => (a.file === b.file ? a.start - b.start : a.file < b.file ? -1 : 1));
  return { findings, checkedFiles, unchecked };
}
