/**
 * Checks rewritten Go files with the user's toolchain without touching their tree: the files go
 * to `go build` and `go vet` through `-overlay` in a sandbox (copied go.mod via -modfile), over
 * the whole module (`./...`: every package importing a rewritten one, tests type-checked by vet).
 * Errors and vet findings are read from go's `file:line:col: message` lines.
 */
import { join } from 'node:path';
import { execGroup } from '../../go/goExec';
import type { GoSandbox } from '../../go/goSandbox';

/** One compiler error or vet finding. `file` is absolute; line and column are 1-based (column in bytes). */
export interface GoBuildError {
  file: string;
  line: number;
  column: number;
  message: string;
}

/** `vet: ` marks a type error found while vetting (a test file that does not compile). */
const ERROR_LINE = /^(?:vet: )?(.+?\.go):(\d+):(?:(\d+):)? (.*)$/;

/** Reads go build / go vet output; relative file names are resolved against `cwd`. */
export function parseBuildErrors(output: string, cwd: string): GoBuildError[] {
  const out: GoBuildError[] = [];
  for (const line of output.split('\n')) {
    const m = ERROR_LINE.exec(line.trim());
    if (!m) continue;
    const file = m[1]!.startsWith('/') ? m[1]! : join(cwd, m[1]!);
    out.push({ file, line: Number(m[2]), column: Number(m[3] ?? 1), message: m[4]! });
  }
  return out;
}

/** Result of a build or vet run: ok, or the errors (and go's raw output when no error line could be read). */
export interface BuildOutcome {
  ok: boolean;
  errors: GoBuildError[];
  output: string;
}

/** Runs `go <args> -overlay… <patterns>` in the sandbox and reads its error lines. */
async function run(goBinary: string, box: GoSandbox, args: string[], patterns: string[], withOverlay: boolean, signal?: AbortSignal): Promise<BuildOutcome & { raw: string }> {
  const flags = box.flags().filter((f) => withOverlay || !f.startsWith('-overlay='));
  const r = await execGroup(goBinary, [...args, ...flags, ...patterns], { cwd: box.moduleRoot, env: box.env(), timeoutMs: 600_000, signal });
  if (r.cancelled) throw new Error('cancelled');
  const raw = (r.stderr + r.stdout).trim();
  const errors = parseBuildErrors(raw, box.moduleRoot).map((e) => ({ ...e, file: box.overlaidPath(e.file) }));
  return { ok: r.code === 0, errors, output: r.code === 0 ? '' : raw, raw };
}

/**
 * `go build` of `patterns` in the sandbox (overlay included when `withOverlay`), main packages'
 * binaries written to the sandbox, never to the module. Rejects only when go cannot start; a
 * cancelled run rejects with Error('cancelled').
 */
export async function goBuild(goBinary: string, box: GoSandbox, patterns: string[], withOverlay: boolean, signal?: AbortSignal): Promise<BuildOutcome> {
  const out = join(box.dir, `bin-${withOverlay ? 'after' : 'before'}`) + '/';
  const r = await run(goBinary, box, ['build', '-gcflags=-e', '-o', out], patterns, withOverlay, signal);
  // -o <dir>/ refuses a set without a main package; without -o, such a set writes nothing anywhere.
  if (!r.ok && /no main packages to build/.test(r.raw)) return run(goBinary, box, ['build', '-gcflags=-e'], patterns, withOverlay, signal);
  return r;
}

/**
 * `go vet` of `patterns` (tests included): type errors of test files come back as errors, vet's
 * own findings as findings (a run with findings is not ok, go vet exits 1 for both).
 */
export async function goVet(goBinary: string, box: GoSandbox, patterns: string[], withOverlay: boolean, signal?: AbortSignal): Promise<BuildOutcome & { typeErrors: GoBuildError[] }> {
  const r = await run(goBinary, box, ['vet'], patterns, withOverlay, signal);
  const typeErrorLines = new Set(r.raw.split('\n').filter((l) => l.trim().startsWith('vet: ')).map((l) => l.trim().slice('vet: '.length)));
  const typeErrors = r.errors.filter((e) => [...typeErrorLines].some((l) => l.endsWith(`:${e.line}:${e.column}: ${e.message}`) || l.endsWith(`:${e.line}: ${e.message}`)));
  return { ...r, typeErrors };
}
