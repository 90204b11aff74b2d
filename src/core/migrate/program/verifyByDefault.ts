import { existsSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

/** Whether `migrate` type-checks a project's migration without being asked, and why. */
export interface DefaultVerify {
  check: boolean;
  /** `TypeScript project (tsconfig.json)`, `JavaScript without checkJs`, … (for the summary line). */
  reason: string;
}

const typeScriptFile = /\.(ts|tsx|mts|cts)$/;

/**
 * A migration is type-checked by default where the user's own build type-checks: a folder with a
 * tsconfig.json, any changed TypeScript file, or a jsconfig.json with `checkJs` (its `extends`
 * followed). Plain JavaScript is not (its checkJs errors are not the user's standard); `--verify`
 * still asks for it. `root` is the project folder, `changed` the migrated files' absolute paths.
 */
export function verifyByDefault(root: string, changed: Iterable<string>): DefaultVerify {
  if (existsSync(join(root, 'tsconfig.json'))) return { check: true, reason: 'TypeScript project (tsconfig.json)' };
  if ([...changed].some((f) => typeScriptFile.test(f))) return { check: true, reason: 'TypeScript files changed' };
  const jsconfig = join(root, 'jsconfig.json');
  if (existsSync(jsconfig) && checksJs(root, jsconfig)) return { check: true, reason: 'jsconfig.json with checkJs' };
  return { check: false, reason: 'JavaScript without checkJs' };
}

function checksJs(root: string, configFile: string): boolean {
  const read = ts.readConfigFile(configFile, ts.sys.readFile);
  if (read.error) return false;
  return ts.parseJsonConfigFileContent(read.config, ts.sys, root, undefined, configFile).options.checkJs === true;
}
