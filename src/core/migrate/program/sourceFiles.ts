import { lstatSync, readdirSync, statSync, type Stats } from 'node:fs';
import { join } from 'node:path';

/** Folders never holding the user's sources: dependencies, build output, tool caches. */
const skippedFolders = new Set(['node_modules', 'dist', 'out', 'build', 'coverage', 'vendor', 'cdk.out', 'bazel-out']);

const sourceFile = /\.(c|m)?(j|t)sx?$/;

/** True for a JavaScript/TypeScript source name (`.js/.mjs/.cjs/.jsx/.ts/.mts/.cts/.tsx`), not `.d.ts`. */
export function isScriptFile(name: string): boolean {
  return sourceFile.test(name) && !/\.d\.(c|m)?ts$/.test(name);
}

/** True for a folder name the walk skips (dot-folders such as `.git`, `.serverless`, and {@link skippedFolders}). */
export function isSkippedSourceFolder(name: string): boolean {
  return name.startsWith('.') || skippedFolders.has(name) || name.startsWith('bazel-');
}

/**
 * Every JavaScript/TypeScript source under `root` (absolute, `/`-separated, sorted), skipping
 * dependency, build-output and dot folders ({@link isSkippedSourceFolder}). Symbolic links to
 * folders are not followed. Unreadable folders are skipped and named in `unreadable`.
 */
export function listSourceFiles(root: string): { files: string[]; unreadable: string[] } {
  const files: string[] = [];
  const unreadable: string[] = [];
  const pending = [root];
  while (pending.length) {
    const dir = pending.pop()!;
    let names: string[];
    try {
      names = readdirSync(dir);
    } catch {
      unreadable.push(dir);
      continue;
    }
    for (const name of names) {
      const path = join(dir, name);
      const link = statSafe(path, lstatSync);
      const s = link?.isSymbolicLink() ? statSafe(path, statSync) : link;
      if (s?.isDirectory()) {
        if (!isSkippedSourceFolder(name) && !link!.isSymbolicLink()) pending.push(path);
      } else if (s?.isFile() && isScriptFile(name)) {
        files.push(path.replace(/\\/g, '/'));
      }
    }
  }
  return { files: files.sort(), unreadable };
}

function statSafe(path: string, how: (p: string) => Stats): Stats | undefined {
  try {
    return how(path);
  } catch {
    return undefined;
  }
}
