/**
 * Building a {@link WorkspaceIndex} from a file list (the language server in remote or virtual
 * workspaces lists files itself; `scanWorkspace` walks a local folder and ends up here too).
 */
import { normalizeFsPath } from './normalize';
import { isDependencyCopy, type GoModule } from './goModule';
import type { WorkspaceIndex } from './types';

/**
 * Folders whose content is never the user's code: `node_modules`, Go's `vendor`, and every
 * dot-folder (`.git`, `.cache`, `.vscode`, `.yarn`…). `dist`/`build` are kept on purpose: Node
 * profiles point at the compiled `dist/*.js`.
 */
export function isSkippedFolder(name: string): boolean {
  return name.startsWith('.') || name === 'node_modules' || name === 'vendor';
}

/** True when normalization would not change this relative path (the common case; skips the work). */
function isAlreadyClean(file: string): boolean {
  return (
    file !== '' &&
    !file.includes('\\') &&
    !file.includes('//') &&
    !file.startsWith('/') &&
    !file.endsWith('/') &&
    !/^[a-zA-Z]:/.test(file) &&
    !/(^|\/)\.\.?(\/|$)/.test(file)
  );
}

/**
 * A {@link WorkspaceIndex} over files listed by the caller.
 *
 * `root` must be absolute (POSIX, `C:\…` or `C:/…`); it is normalized to `/` separators with no
 * trailing slash. `files` are paths relative to the root (either separator, leading `./`
 * allowed); files inside skipped folders ({@link isSkippedFolder}) are dropped, duplicates
 * removed, the rest sorted. `goModules` are the `go.mod` files found (folder relative to the
 * root, `''` for the root, and the declared module path).
 * @throws Error when `root` is not absolute.
 */
export function createWorkspaceIndex(
  root: string,
  files: readonly string[],
  goModules: readonly GoModule[] = [],
  warnings: readonly string[] = [],
): WorkspaceIndex {
  const normalizedRoot = normalizeFsPath(root);
  if (!/^(\/|[A-Z]:\/)/.test(normalizedRoot)) {
    throw new Error(`Workspace root "${root}" is not an absolute path.`);
  }
  const kept = new Set<string>();
  for (const file of files) {
    const relative = isAlreadyClean(file) ? file : normalizeFsPath(file).replace(/^\/+/, '');
    if (relative === '' || relative.startsWith('..')) continue;
    const folders = relative.split('/').slice(0, -1);
    if (folders.some(isSkippedFolder)) continue;
    kept.add(relative);
  }
  const modules = goModules.map((m) => ({ dir: normalizeFsPath(m.dir).replace(/^\/+/, ''), modulePath: m.modulePath }));
  return {
    root: normalizedRoot,
    files: [...kept].sort(),
    goModules: modules.sort((a, b) => (a.dir < b.dir ? -1 : a.dir > b.dir ? 1 : 0)),
    ...(warnings.length > 0 ? { warnings: [...warnings] } : {}),
  };
}

/**
 * Folders (relative, no trailing slash) of workspace Go modules that are copies of dependencies
 * ({@link isDependencyCopy}), e.g. `offline/github.com/pkg/errors`.
 */
export function dependencyCopyFolders(index: WorkspaceIndex): string[] {
  return index.goModules.filter(isDependencyCopy).map((m) => m.dir);
}

/**
 * True when `relativePath` is one of the index's files and is the user's own code, i.e. not
 * inside a copied-dependency Go module ({@link dependencyCopyFolders}). Linear in the number of
 * files: for one-off checks; the resolver keeps its own set.
 */
export function isUserFile(index: WorkspaceIndex, relativePath: string): boolean {
  return index.files.includes(relativePath) && !isInFolders(relativePath, dependencyCopyFolders(index));
}

/** True when `relativePath` lies inside one of `folders` (relative, no trailing slash). */
export function isInFolders(relativePath: string, folders: readonly string[]): boolean {
  return folders.some((folder) => relativePath.startsWith(`${folder}/`));
}
