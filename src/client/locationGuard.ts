/**
 * Which files the report page may ask the editor to open. The page is a webview: a message it
 * sends is treated as untrusted, so `openLocation` opens only a file inside a workspace folder or
 * one the loaded profile mapped (a call site of the report), never any absolute path it names.
 */
import { isAbsolute, normalize, relative, sep } from 'node:path';

/** True when `path` lies inside `folder` (both absolute file-system paths; `folder` itself excluded). */
export function isInside(path: string, folder: string): boolean {
  const rel = relative(folder, path);
  return rel !== '' && !isAbsolute(rel) && rel !== '..' && !rel.startsWith(`..${sep}`);
}

/**
 * Whether the report may open `path`: an absolute path inside one of `workspaceFolders`, or one
 * of `mappedFiles` (the call sites' absolute paths). Paths are compared normalized, so
 * `/ws/../etc/passwd` does not pass as inside `/ws`.
 */
export function mayOpenLocation(path: unknown, workspaceFolders: readonly string[], mappedFiles: ReadonlySet<string>): path is string {
  if (typeof path !== 'string' || !isAbsolute(path) || path.includes('\0')) return false;
  const clean = normalize(path);
  return mappedFiles.has(clean) || workspaceFolders.some((folder) => isInside(clean, normalize(folder)));
}
