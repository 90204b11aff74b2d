/**
 * The text a profile was recorded against, taken from git when the file changed since: the
 * version committed at the profile's time, then HEAD. Git runs as a child process (`execFile`,
 * no shell) with a timeout; a folder that is not a repository, an untracked file or a missing
 * `git` give no versions, and the caller falls back to checking lines one by one.
 */
import { execFile } from 'node:child_process';
import { realpath } from 'node:fs/promises';
import { dirname, relative, sep } from 'node:path';

/** One committed version of a file. */
export interface CommittedVersion {
  /** Full commit hash. */
  readonly commit: string;
  /** `at-profile-time` (the last commit before the profile was written) or `head`. */
  readonly kind: 'at-profile-time' | 'head';
  readonly text: string;
}

const GIT_TIMEOUT_MS = 5000;
const MAX_FILE_BYTES = 16 * 1024 * 1024;

function git(cwd: string, args: readonly string[]): Promise<string | undefined> {
  return new Promise((resolve) => {
    execFile('git', ['-C', cwd, ...args], { timeout: GIT_TIMEOUT_MS, maxBuffer: MAX_FILE_BYTES, windowsHide: true }, (error, stdout) => resolve(error ? undefined : stdout));
  });
}

/**
 * Versions of `absolutePath` in its git repository, most likely first: the last commit at or
 * before `recordedMs` (ms since the epoch, the profile's time) that holds the file, then HEAD
 * when it differs. [] when git cannot tell (see the module comment).
 */
export async function committedVersions(absolutePath: string, recordedMs: number): Promise<CommittedVersion[]> {
  const top = (await git(dirname(absolutePath), ['rev-parse', '--show-toplevel']))?.trim();
  if (!top) return [];
  const real = await realpath(absolutePath).catch(() => absolutePath);
  const path = relative(top, real).split(sep).join('/');
  if (path.startsWith('../')) return [];
  const atTime = (await git(top, ['rev-list', '-1', `--before=${new Date(recordedMs).toISOString()}`, 'HEAD', '--', path]))?.trim();
  const head = (await git(top, ['rev-parse', '--verify', '--quiet', 'HEAD']))?.trim();
  const versions: CommittedVersion[] = [];
  for (const [commit, kind] of [[atTime, 'at-profile-time'], [head, 'head']] as const) {
    if (!commit || versions.some((v) => v.commit === commit)) continue;
    const text = await git(top, ['show', `${commit}:${path}`]);
    if (text !== undefined) versions.push({ commit, kind, text });
  }
  return versions;
}
