/**
 * Checks rewritten Go files with the user's toolchain without touching their tree: the files go
 * to `go build` through `-overlay` in a sandbox (copied go.mod via -modfile). Errors are read
 * from go's `file:line:col: message` lines.
 */
import { join } from 'node:path';
import { execGroup } from '../../go/goExec';
import type { GoSandbox } from '../../go/goSandbox';

/** One compiler error. `file` is absolute; line and column are 1-based (column in bytes). */
export interface GoBuildError {
  file: string;
  line: number;
  column: number;
  message: string;
}

const ERROR_LINE = /^(.+?\.go):(\d+):(?:(\d+):)? (.*)$/;

/** Reads go build output; relative file names are resolved against `cwd`. */
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

/** Result of a build: ok, or the errors (and go's raw output when no error line could be read). */
export interface BuildOutcome {
  ok: boolean;
  errors: GoBuildError[];
  output: string;
}

/**
 * `go build` of each of `patterns` in the sandbox (overlay included when `withOverlay`), outputs
 * to the sandbox. Rejects only when go cannot start; a cancelled run rejects with Error('cancelled').
 */
export async function goBuild(goBinary: string, box: GoSandbox, patterns: string[], withOverlay: boolean, signal?: AbortSignal): Promise<BuildOutcome> {
  const flags = box.flags().filter((f) => withOverlay || !f.startsWith('-overlay='));
  const outcome: BuildOutcome = { ok: true, errors: [], output: '' };
  // One package per build, each to its own output file in the sandbox: main packages included,
  // nothing lands in the user's tree.
  for (const [i, pattern] of patterns.entries()) {
    const out = join(box.dir, `build-${withOverlay ? 'after' : 'before'}-${i}`);
    const r = await execGroup(goBinary, ['build', '-gcflags=-e', '-o', out, ...flags, pattern], { cwd: box.moduleRoot, env: box.env(), timeoutMs: 600_000, signal });
    if (r.cancelled) throw new Error('cancelled');
    if (r.code === 0) continue;
    const output = (r.stderr + r.stdout).trim();
    outcome.ok = false;
    outcome.output += `${output}\n`;
    outcome.errors.push(...parseBuildErrors(output, box.moduleRoot).map((e) => ({ ...e, file: box.overlaidPath(e.file) })));
  }
  outcome.output = outcome.output.trim();
  return outcome;
}
