/**
 * The one way the product runs git: read-only queries, gated on workspace trust, with every
 * setting of the repository that can start a program overridden on the command line (which wins
 * over `.git/config` and any file it includes), and the system-wide config skipped.
 *
 * What a hostile `.git/config` could otherwise run, and why it cannot here:
 * - `core.fsmonitor` (run by any command that refreshes the index): set to false, and no command
 *   here reads the index (`status` is not used: the working file is hashed by us, see
 *   `gitCommitTimes.ts`);
 * - `filter.<driver>.clean/smudge/process`, `diff.<driver>.textconv`, `diff.external`: applied only
 *   when the working tree is read or a diff is shown, which none of {@link GIT_SUBCOMMANDS} does
 *   (blobs are read with `cat-file blob`); no other subcommand can be run through here;
 * - `gpg.program` through `log.showSignature`: signatures off;
 * - hooks (`core.hooksPath`): pointed at nothing; `core.pager`: no pager;
 * - lazy fetches of a partial clone (`remote.*.url` with `ext::`, `core.sshCommand`): every
 *   transport refused (`protocol.allow=never`).
 */
import { execFile, execFileSync } from 'node:child_process';
import { devNull } from 'node:os';
import { findProgram } from './findProgram';
import { workspaceTrusted } from './workspaceTrust';

/** A git command taking longer than this is stopped and counts as no answer (ms). */
const GIT_TIMEOUT_MS = 5000;
/** Most bytes a git answer may have (a committed source file). */
const MAX_OUTPUT_BYTES = 16 * 1024 * 1024;

/** Options placed before every git subcommand. */
export const GIT_HARDENING: readonly string[] = [
  '--no-pager',
  '--literal-pathspecs',
  '-c', 'core.fsmonitor=false',
  '-c', `core.hooksPath=${devNull}`,
  '-c', 'core.pager=cat',
  '-c', 'log.showSignature=false',
  '-c', 'protocol.allow=never',
  '-c', 'core.untrackedCache=false',
];

/**
 * The environment git runs with: the caller's, without any `GIT_*` variable it had (a repository,
 * config or external diff chosen by whoever started us), with no system-wide config, no prompt,
 * no optional index writes and no lazy fetch.
 */
export function gitEnvironment(base: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(base)) if (!key.startsWith('GIT_')) env[key] = value;
  return { ...env, GIT_CONFIG_NOSYSTEM: '1', GIT_TERMINAL_PROMPT: '0', GIT_OPTIONAL_LOCKS: '0', GIT_NO_LAZY_FETCH: '1', GIT_PAGER: 'cat' };
}

/**
 * The only subcommands run: none of them reads the working tree or the index or shows a diff, so
 * none can reach a filter, a textconv driver or the fsmonitor whatever the repository says.
 */
export const GIT_SUBCOMMANDS: ReadonlySet<string> = new Set(['rev-parse', 'rev-list', 'log', 'ls-tree', 'cat-file']);

/** The full argument list for `git -C cwd <args>`; throws for a subcommand outside {@link GIT_SUBCOMMANDS} (a programming error). */
function argv(cwd: string, args: readonly string[]): string[] {
  if (!GIT_SUBCOMMANDS.has(args[0] ?? '')) throw new Error(`git ${args[0] ?? ''} is not among the read-only subcommands this product runs`);
  return [...GIT_HARDENING, '-C', cwd, ...args];
}

/** Absolute path of git when it may run (trusted workspace, git on PATH), else undefined. */
function gitToRun(): string | undefined {
  return workspaceTrusted() ? findProgram('git') : undefined;
}

/**
 * Runs `git -C cwd args` and returns its standard output, or undefined when the workspace is not
 * trusted, git is missing, exits non-zero or takes more than 5 s. Throws for a subcommand outside
 * {@link GIT_SUBCOMMANDS}. Blocks the thread: for the few calls of a source-map check.
 */
export function gitSync(cwd: string, args: readonly string[]): string | undefined {
  const command = argv(cwd, args);
  const git = gitToRun();
  if (!git) return undefined;
  try {
    return execFileSync(git, command, { timeout: GIT_TIMEOUT_MS, maxBuffer: MAX_OUTPUT_BYTES, encoding: 'utf8', env: gitEnvironment(), stdio: ['ignore', 'pipe', 'ignore'], windowsHide: true });
  } catch {
    return undefined;
  }
}

/** {@link gitSync} without blocking: resolves with the output or undefined; throws (synchronously) as it does. */
export function gitAsync(cwd: string, args: readonly string[]): Promise<string | undefined> {
  const command = argv(cwd, args);
  const git = gitToRun();
  if (!git) return Promise.resolve(undefined);
  return new Promise((resolve) => {
    execFile(git, command, { timeout: GIT_TIMEOUT_MS, maxBuffer: MAX_OUTPUT_BYTES, env: gitEnvironment(), windowsHide: true }, (error, stdout) => resolve(error ? undefined : stdout));
  });
}
