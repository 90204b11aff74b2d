/**
 * When git says a file's content last changed. A clone, a checkout or a copy gives every file a
 * new modification time, so for a file git tracks and that equals its committed version, the
 * commit that last changed it dates the content; the modification time dates only the write.
 * Git runs as a child process (`execFileSync`, no shell) with a timeout, only for files whose
 * modification time is in question (a few per analysis).
 */
import { execFileSync } from 'node:child_process';
import { basename, dirname, resolve } from 'node:path';

const GIT_TIMEOUT_MS = 5000;

function git(cwd: string, args: readonly string[]): string | undefined {
  try {
    return execFileSync('git', ['-C', cwd, ...args], { timeout: GIT_TIMEOUT_MS, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], windowsHide: true });
  } catch {
    return undefined;
  }
}

/**
 * For a file that git tracks and whose working copy and index equal HEAD's: the commit time of
 * the last commit that changed it, in ms since the epoch (git's committer date, 1-s resolution).
 * Undefined for an untracked, ignored, modified or staged file, outside a repository, or when
 * `git` is missing or slower than 5 s.
 */
export function gitCommittedMs(path: string): number | undefined {
  const absolute = resolve(path);
  const dir = dirname(absolute);
  const name = basename(absolute);
  // Nothing listed, ignored ones included, is a tracked file equal to HEAD (`??` untracked, `!!` ignored, else changed).
  const status = git(dir, ['status', '--porcelain', '--ignored', '--', name]);
  if (status === undefined || status.trim() !== '') return undefined;
  const seconds = Number(git(dir, ['log', '-1', '--format=%ct', '--', name])?.trim() || NaN);
  return Number.isFinite(seconds) ? seconds * 1000 : undefined;
}
