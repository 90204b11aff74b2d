import { lstatSync, readdirSync, statSync, type Stats } from 'node:fs';
import { join } from 'node:path';
import { brokenLink } from '../linkedPaths';

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
 * folders are not followed. Unreadable folders are skipped and named in `unreadable`; links with
 * a source file's name that lead nowhere (dangling, a loop) in `brokenLinks`, with why.
 */
export function listSourceFiles(root: string): { files: string[]; unreadable: string[]; brokenLinks: { path: string; why: string }[] } {
  const files: string[] = [];
  const unreadable: string[] = [];
  const brokenLinks: { path: string; why: string }[] = [];
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
      let s = link;
      if (link?.isSymbolicLink()) {
        try {
          s = statSync(path);
        } catch (err) {
          s = undefined;
          const why = isScriptFile(name) ? brokenLink(path, err) : undefined;
          if (why) brokenLinks.push({ path: path.replace(/\\/g, '/'), why });
        }
      }
      if (s?.isDirectory()) {
        if (!isSkippedSourceFolder(name) && !link!.isSymbolicLink()) pending.push(path);
      } else if (s?.isFile() && isScriptFile(name)) {
        files.push(path.replace(/\\/g, '/'));
      }
    }
  }
  return { files: files.sort(), unreadable, brokenLinks };
}

function statSafe(path: string, how: (p: string) => Stats): Stats | undefined {
  try {
    return how(path);
  } catch {
    return undefined;
  }
}
