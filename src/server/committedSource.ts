/**
 * The text a profile was recorded against, taken from git when the file changed since: the
 * version committed at the profile's time, then HEAD. Git runs through the hardened runner
 * (`core/exec/git.ts`: trusted workspaces only, blobs read with `cat-file`, no filter or textconv);
 * an untrusted workspace, a folder that is not a repository, an untracked file or a missing `git`
 * give no versions, and the caller falls back to checking lines one by one.
 */
import { realpath } from 'node:fs/promises';
import { dirname, relative, sep } from 'node:path';
import { gitAsync } from '../core/exec/git';

/** One committed version of a file. */
export interface CommittedVersion {
  /** Full commit hash. */
  readonly commit: string;
  /** `at-profile-time` (the last commit before the profile was written) or `head`. */
  readonly kind: 'at-profile-time' | 'head';
  readonly text: string;
}

/**
 * Versions of `absolutePath` in its git repository, most likely first: the last commit at or
 * before `recordedMs` (ms since the epoch, the profile's time) that holds the file, then HEAD
 * when it differs. [] when git cannot tell (see the module comment).
 */
export async function committedVersions(absolutePath: string, recordedMs: number): Promise<CommittedVersion[]> {
  const top = (await gitAsync(dirname(absolutePath), ['rev-parse', '--show-toplevel']))?.trim();
  if (!top) return [];
  const real = await realpath(absolutePath).catch(() => absolutePath);
  const path = relative(top, real).split(sep).join('/');
  if (path.startsWith('../')) return [];
  const atTime = (await gitAsync(top, ['rev-list', '-1', `--before=${new Date(recordedMs).toISOString()}`, 'HEAD', '--', path]))?.trim();
  const head = (await gitAsync(top, ['rev-parse', '--verify', '--quiet', 'HEAD']))?.trim();
  const versions: CommittedVersion[] = [];
  for (const [commit, kind] of [[atTime, 'at-profile-time'], [head, 'head']] as const) {
    if (!commit || versions.some((v) => v.commit === commit)) continue;
    const text = await gitAsync(top, ['cat-file', 'blob', `${commit}:${path}`]);
    if (text !== undefined) versions.push({ commit, kind, text });
  }
  return versions;
}
