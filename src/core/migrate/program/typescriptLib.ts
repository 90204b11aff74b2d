import { existsSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

/**
 * Where the bundles keep TypeScript's `lib.*.d.ts` files: `dist/typescript-lib/`, copied there by
 * scripts/build.mjs (esbuild inlines the compiler, not its lib folder, and the compiler looks for
 * its libs beside the running script, which for a bundle is `dist/`).
 */
export const BUNDLED_LIB_FOLDER = 'typescript-lib';

/**
 * The folder holding the lib files (`lib.d.ts`, `lib.es2022.d.ts`, …) that match the running
 * compiler: the compiler's own folder when it runs from node_modules (tests, tsx), else
 * `<folder of the running bundle>/typescript-lib`. `undefined` when neither has `lib.d.ts`:
 * `Promise`, `Record`, `Number` would then be unknown names, so callers must say so instead of
 * reporting the errors that follows.
 */
export function typescriptLibFolder(executingFile = ts.sys.getExecutingFilePath()): string | undefined {
  const beside = executingFile.replace(/[\\/][^\\/]*$/, '');
  return [beside, join(beside, BUNDLED_LIB_FOLDER)].map((d) => d.replace(/\\/g, '/')).find((d) => existsSync(join(d, 'lib.d.ts')));
}
