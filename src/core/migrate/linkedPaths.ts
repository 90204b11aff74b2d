/**
 * Where `migrate` may read and write: every file is taken at its real path (symbolic links
 * resolved), and one whose real path is outside the folder being migrated is not changed. Links
 * that lead nowhere (dangling, or a loop) are skipped with one line each.
 */
import { lstatSync, readlinkSync, realpathSync } from 'node:fs';
import { sep } from 'node:path';

/** The real path of `path`, or undefined when it cannot be resolved. */
export function realPathOf(path: string): string | undefined {
  try {
    return realpathSync(path);
  } catch {
    return undefined;
  }
}

/** True when the real path `real` is the real folder `rootReal` or inside it. */
export function isInside(real: string, rootReal: string): boolean {
  return real === rootReal || real.startsWith(rootReal.endsWith(sep) ? rootReal : `${rootReal}${sep}`);
}

/**
 * Why the link at `path` leads nowhere, from the error its `stat` threw (`ENOENT`: dangling,
 * `ELOOP`: a loop), or undefined for any other error.
 */
export function brokenLink(path: string, err: unknown): string | undefined {
  const code = (err as NodeJS.ErrnoException).code;
  if (code === 'ELOOP') return 'a loop of symbolic links';
  if (code !== 'ENOENT') return undefined;
  let target = '';
  try {
    target = readlinkSync(path);
  } catch {
    return undefined;
  }
  return `a link to a file that does not exist (${target})`;
}

/** `skipped src/x.js: <why>`, the one line a skipped link gets. */
export function skippedLine(shown: string, why: string): string {
  return `skipped ${shown}: ${why}`;
}

/** The reason a file or folder reached through a link is not migrated: its real path is outside the root. */
export function outsideReason(real: string, root: string): string {
  return `a link to ${real}, outside the folder being migrated (${root})`;
}

/**
 * The files of `files` (under `root`) reached through a link whose real path is outside `root`,
 * each with {@link outsideReason}: a migration may read them but must not change them.
 */
export function linksOutside(files: readonly string[], root: string): Map<string, string> {
  const rootReal = realPathOf(root) ?? root;
  const out = new Map<string, string>();
  for (const file of files) {
    let link = false;
    try {
      link = lstatSync(file).isSymbolicLink();
    } catch {
      continue;
    }
    if (!link) continue;
    const real = realPathOf(file);
    if (real && !isInside(real, rootReal)) out.set(file, outsideReason(real, root));
  }
  return out;
}
