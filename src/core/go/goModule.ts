/** Finding a Go module on disk: the nearest `go.mod` above a file, and the module path it declares. */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/**
 * The folder of the nearest `go.mod` at or above `start` (a file or folder), or undefined when
 * there is none up to the file-system root.
 */
export function findModuleRoot(start: string): string | undefined {
  let dir = resolve(start);
  if (existsSync(dir) && statSync(dir).isFile()) dir = dirname(dir);
  for (;;) {
    if (existsSync(join(dir, 'go.mod'))) return dir;
    const parent = dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}

/** The `module` path declared in `<root>/go.mod`. Throws Error naming the file when it has none. */
export function readModulePath(root: string): string {
  const file = join(root, 'go.mod');
  const m = /^\s*module\s+("?)([^\s"]+)\1\s*$/m.exec(readFileSync(file, 'utf8'));
  if (!m) throw new Error(`${file}: no module line`);
  return m[2]!;
}
