/**
 * Which project a JavaScript/TypeScript file belongs to, for whole-program migration. Plain file
 * checks, no TypeScript: the request thread asks it for every edit.
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

const slash = (p: string) => p.replace(/\\/g, '/');
const markers = ['package.json', 'tsconfig.json', 'jsconfig.json'];

/**
 * The project folder of `fileName`: the nearest folder holding a package.json, tsconfig.json or
 * jsconfig.json, not above the workspace folder containing the file (that folder when none is
 * found); undefined for a file outside every workspace folder.
 */
export function projectRootOf(fileName: string, folders: readonly string[]): string | undefined {
  const folder = folders.map((f) => slash(f).replace(/\/$/, '')).filter((f) => fileName.startsWith(`${f}/`)).sort((a, b) => b.length - a.length)[0];
  if (!folder) return undefined;
  for (let d = slash(dirname(fileName)); d.length > folder.length; d = slash(dirname(d))) {
    if (markers.some((m) => existsSync(join(d, m)))) return d;
  }
  return folder;
}

