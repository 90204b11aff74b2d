import { existsSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

/** The compiler options a project's program is built with, and where they came from. */
export interface ProjectOptions {
  options: ts.CompilerOptions;
  /** The tsconfig.json / jsconfig.json read, undefined when the defaults were used. */
  configFile?: string;
  /** Problems reading the config file (the defaults fill in), as one-line messages. */
  problems: string[];
}

/** Options for a folder without tsconfig/jsconfig: Node's CommonJS resolution, JS allowed, ES2022 lib only. */
const defaults: ts.CompilerOptions = {
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.CommonJS,
  moduleResolution: ts.ModuleResolutionKind.Node10,
  esModuleInterop: true,
  resolveJsonModule: true,
  lib: ['lib.es2022.d.ts'],
  // No automatic inclusion of every @types package: they cost seconds and change no migration.
  types: [],
};

/**
 * What every migration program overrides: JavaScript is analysed but not checked, nothing is
 * emitted, library `.d.ts` files are not checked (their errors are not the user's).
 */
const forced: ts.CompilerOptions = {
  allowJs: true,
  checkJs: false,
  noEmit: true,
  skipLibCheck: true,
  incremental: false,
  composite: false,
  declaration: false,
  emitDeclarationOnly: false,
  tsBuildInfoFile: undefined,
};

/**
 * Reads `<root>/tsconfig.json`, else `<root>/jsconfig.json` (with `extends` followed), and
 * returns its compiler options with {@link forced} on top; without a config file, Node/CommonJS
 * defaults. In `analysis` mode a config without `types` / `lib` gets none / ES2022 (what the
 * engine reads needs neither); `verify` keeps the project's own choice and checks JavaScript too. A config file that cannot be parsed gives the defaults and a problem naming it.
 */
export function readProjectOptions(root: string, mode: 'analysis' | 'verify' = 'analysis'): ProjectOptions {
  const read = readConfig(root, mode);
  // A migration is checked in JavaScript too: errors it adds there count as much as in TypeScript.
  if (mode === 'verify') read.options.checkJs = true;
  return read;
}

function readConfig(root: string, mode: 'analysis' | 'verify'): ProjectOptions {
  const configFile = ['tsconfig.json', 'jsconfig.json'].map((n) => join(root, n)).find((p) => existsSync(p));
  if (!configFile) {
    // Verify checks what tsc would: without a config, every visible @types package (Node's
    // `process`, `Buffer`…) is in; the analysis leaves them out for speed.
    const { types: _unused, ...verifyDefaults } = defaults;
    return { options: { ...(mode === 'verify' ? verifyDefaults : defaults), ...forced }, problems: [] };
  }
  const read = ts.readConfigFile(configFile, ts.sys.readFile);
  if (read.error) {
    return { options: { ...defaults, ...forced }, configFile, problems: [`${configFile}: ${ts.flattenDiagnosticMessageText(read.error.messageText, ' ')}`] };
  }
  const parsed = ts.parseJsonConfigFileContent(read.config, ts.sys, root, undefined, configFile);
  const problems = parsed.errors
    .filter((d) => d.code !== 18003) // "No inputs were found": the walk supplies the files
    .map((d) => `${configFile}: ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`);
  const options = { ...parsed.options, ...forced };
  if (mode === 'analysis') {
    // Reading v2 code needs neither every @types package nor the DOM: seconds saved on big projects.
    options.types ??= [];
    options.lib ??= defaults.lib;
  }
  return { options, configFile, problems };
}
