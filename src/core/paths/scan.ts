/**
 * Walking a local workspace folder into a {@link WorkspaceIndex}: every file outside skipped
 * folders, and the module path of every `go.mod`.
 */
import { WorkspaceRootError } from './workspaceRootError';
import { opendir, readFile, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { parseGoModulePath, type GoModule } from './goModule';
import type { WorkspaceIndex } from './types';
import { createWorkspaceIndex, isSkippedFolder } from './workspaceIndex';

export { createWorkspaceIndex } from './workspaceIndex';

/** Default cap on indexed files: a large monorepo, well under the memory one index costs (~100 B/file). */
export const DEFAULT_MAX_FILES = 200_000;

/** Options of {@link scanWorkspace}. */
export interface ScanOptions {
  /** Stop after this many files and say so in `warnings` (default {@link DEFAULT_MAX_FILES}). */
  readonly maxFiles?: number;
}

/**
 * Lists the files under `root` (skipping `node_modules`, `vendor` and dot-folders such as `.git`,
 * see {@link isSkippedFolder}) and reads each `go.mod`'s `module` line.
 *
 * Symbolic links to files are listed; links to folders are not followed (no cycles).
 * Unreadable folders and `go.mod` files without a `module` line are skipped with a warning;
 * reaching `maxFiles` stops the walk with a warning. Paths in the result are `/`-separated.
 * A relative `root` is taken from the current directory.
 * @throws WorkspaceRootError naming `root` when it does not exist or is not a folder.
 */
export async function scanWorkspace(rootPath: string, options: ScanOptions = {}): Promise<WorkspaceIndex> {
  const root = resolve(rootPath);
  const maxFiles = options.maxFiles ?? DEFAULT_MAX_FILES;
  const rootStat = await stat(root).catch((error: NodeJS.ErrnoException) => {
    throw new WorkspaceRootError(root, `cannot be read: ${error.code ?? error.message}.`);
  });
  if (!rootStat.isDirectory()) throw new WorkspaceRootError(root, 'is not a folder.');

  const files: string[] = [];
  const goModFolders: string[] = [];
  const warnings: string[] = [];
  const pending: string[] = [''];
  let capped = false;
  while (pending.length > 0 && !capped) {
    const relativeDir = pending.pop()!;
    let dir;
    try {
      dir = await opendir(join(root, relativeDir));
    } catch (error) {
      if (relativeDir === '') throw new WorkspaceRootError(root, `cannot be read: ${(error as NodeJS.ErrnoException).code ?? String(error)}.`);
      warnings.push(`Skipped folder "${relativeDir}": ${(error as NodeJS.ErrnoException).code ?? String(error)}.`);
      continue;
    }
    for await (const entry of dir) {
      const relative = relativeDir === '' ? entry.name : `${relativeDir}/${entry.name}`;
      let isFile = entry.isFile();
      if (entry.isDirectory()) {
        if (!isSkippedFolder(entry.name)) pending.push(relative);
        continue;
      }
      if (entry.isSymbolicLink()) {
        isFile = await stat(join(root, relative)).then((s) => s.isFile(), () => false);
      }
      if (!isFile) continue;
      if (files.length >= maxFiles) {
        capped = true;
        break;
      }
      files.push(relative);
      if (entry.name === 'go.mod') goModFolders.push(relativeDir);
    }
  }
  if (capped) {
    warnings.push(`Stopped listing the workspace at ${maxFiles} files; profile paths to files not listed will not resolve.`);
  }

  const goModules: GoModule[] = [];
  for (const dir of goModFolders) {
    const file = dir === '' ? 'go.mod' : `${dir}/go.mod`;
    try {
      const modulePath = parseGoModulePath(await readFile(join(root, file), 'utf8'));
      if (modulePath) goModules.push({ dir, modulePath });
      else warnings.push(`${file} has no module line; ignored.`);
    } catch (error) {
      warnings.push(`Could not read ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}.`);
    }
  }
  return createWorkspaceIndex(root, files, goModules, warnings);
}
