/**
 * When git says a file's content last changed. A clone, a checkout or a copy gives every file a
 * new modification time, so for a file git tracks and that equals its committed version, the
 * commit that last changed it dates the content; the modification time dates only the write.
 * Git runs through the hardened runner (`core/exec/git.ts`: trusted workspaces only), for files
 * whose modification time is in question (a few per analysis).
 */
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';
import { gitSync } from '../exec/git';

/** Files larger than this are not hashed (a bundle is rarely above 50 MB). */
const MAX_HASHED_BYTES = 256 * 1024 * 1024;

/** HEAD's blob of `name` in folder `dir` ({ hash, algorithm }), or undefined when HEAD has no regular file there. */
function headBlob(dir: string, name: string): { hash: string; algorithm: 'sha1' | 'sha256' } | undefined {
  const listing = gitSync(dir, ['ls-tree', '-z', 'HEAD', '--', name]);
  // `<mode> SP blob SP <hash> TAB <name> NUL`: one entry, a regular file (not a link or a submodule).
  const m = listing === undefined ? null : /^(100644|100755) blob ([0-9a-f]{40}|[0-9a-f]{64})\t/.exec(listing);
  if (!m) return undefined;
  return { hash: m[2]!, algorithm: m[2]!.length === 40 ? 'sha1' : 'sha256' };
}

/** Git's object id of `content` as a blob (the hash of `blob <size>\0` and the bytes). */
export function gitBlobId(content: Buffer, algorithm: 'sha1' | 'sha256'): string {
  return createHash(algorithm).update(`blob ${content.length}\0`).update(content).digest('hex');
}

/**
 * For a file that git tracks in HEAD and whose bytes on disk equal HEAD's version: the commit
 * time of the last commit that changed it, in ms since the epoch (git's committer date, 1-s
 * resolution). Undefined for an untracked or modified file (or one git stores converted: line
 * endings, filters), outside a repository, in an untrusted workspace, or when git is missing or
 * slower than 5 s. The working file is hashed here rather than asked of `git status`, which would
 * refresh the index and so run the repository's `core.fsmonitor` and clean filters.
 */
export function gitCommittedMs(path: string): number | undefined {
  const absolute = resolve(path);
  const dir = dirname(absolute);
  const name = basename(absolute);
  const blob = headBlob(dir, name);
  if (!blob) return undefined;
  let content: Buffer;
  try {
    if (statSync(absolute).size > MAX_HASHED_BYTES) return undefined;
    content = readFileSync(absolute);
  } catch {
    return undefined;
  }
  if (gitBlobId(content, blob.algorithm) !== blob.hash) return undefined;
  const seconds = Number(gitSync(dir, ['log', '-1', '--no-show-signature', '--format=%ct', '--', name])?.trim() || NaN);
  return Number.isFinite(seconds) ? seconds * 1000 : undefined;
}
