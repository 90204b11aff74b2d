/** `go list -json` in a sandbox: the packages of a module, their tests, dependencies and export data. */
import { execGroup } from './goExec';
import type { GoSandbox } from './goSandbox';

/** The fields of `go list -json` used here. */
export interface ListedPackage {
  ImportPath: string;
  Dir: string;
  Name: string;
  GoFiles?: string[];
  CgoFiles?: string[];
  /** `_test.go` files of the package itself, and of its external `_test` package. */
  TestGoFiles?: string[];
  XTestGoFiles?: string[];
  /** Imports of the package, its tests and its external tests (import paths). */
  Imports?: string[];
  TestImports?: string[];
  XTestImports?: string[];
  /** Set on a test variant (`p [p.test]`, `p_test [p.test]`): the package under test. */
  ForTest?: string;
  /** Compiler export data file (with -export). */
  Export?: string;
  /** True for dependencies that were not asked for. */
  DepOnly?: boolean;
  Error?: { Err: string };
}

/** Splits go list's stream of JSON objects. */
export function parseJsonStream(text: string): unknown[] {
  const out: unknown[] = [];
  let depth = 0;
  let start = -1;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{') {
      if (depth++ === 0) start = i;
    } else if (c === '}' && --depth === 0) out.push(JSON.parse(text.slice(start, i + 1)));
  }
  return out;
}

/**
 * Lists `patterns` (e.g. `./...`) and every dependency with export data (`-export` compiles what
 * is not in the build cache yet); with `-test`, also the test variants (`p [p.test]`, the
 * external `p_test [p.test]`) and the dependencies of the tests. Errors of single packages are
 * kept in `Error` (`-e`); throws Error with go's output only when go list itself fails.
 */
export async function listWithExports(goBinary: string, box: GoSandbox, patterns: string[], signal?: AbortSignal): Promise<ListedPackage[]> {
  const fields = 'ImportPath,Dir,Name,GoFiles,CgoFiles,TestGoFiles,XTestGoFiles,Imports,TestImports,XTestImports,ForTest,Export,DepOnly,Error';
  const r = await execGroup(goBinary, ['list', '-e', '-export', '-deps', '-test', `-json=${fields}`, ...box.flags(), ...patterns], { cwd: box.moduleRoot, env: box.env(), timeoutMs: 600_000, signal });
  if (r.cancelled) throw new Error('go list cancelled');
  if (r.code !== 0 && !r.stdout.trim()) throw new Error(`go list ${patterns.join(' ')} failed${r.timedOut ? ' (time limit)' : ''}:\n${r.stderr.trim()}`);
  return parseJsonStream(r.stdout) as ListedPackage[];
}
