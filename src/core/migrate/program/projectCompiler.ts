import { createRequire } from 'node:module';
import { join } from 'node:path';
import ts from 'typescript';
import { workspaceTrusted } from '../../exec/workspaceTrust';

/** The TypeScript API surface the project check uses: stable from TypeScript 3.x to 5.x. */
export type TypeScriptApi = Pick<typeof ts,
  'version' | 'sys' | 'readConfigFile' | 'parseJsonConfigFileContent' | 'createCompilerHost' | 'createProgram' |
  'flattenDiagnosticMessageText' | 'DiagnosticCategory' | 'createSourceFile' | 'ScriptTarget'>;

/** The compiler a project is checked with. */
export interface ProjectCompiler {
  api: TypeScriptApi;
  version: string;
  /** Where it was loaded from: the project's own `node_modules/typescript`, or this tool's. */
  source: 'project' | 'bundled';
}

/**
 * The TypeScript the project installed (`typescript` resolved from `root` as Node would), loaded
 * and returned with its version; this tool's own (5.9) when the project has none or it cannot be
 * loaded. Loading runs the project's copy of the compiler, so it is loaded only where workspace
 * programs may run (core/exec/workspaceTrust.ts: the CLI and the MCP server, the editor once the
 * workspace is trusted; the agents' preview_migration in an untrusted one gets the bundled one).
 */
export function projectCompiler(root: string): ProjectCompiler {
  if (!workspaceTrusted()) return { api: ts, version: ts.version, source: 'bundled' };
  try {
    const own = createRequire(join(root, 'package.json'));
    const api = own('typescript') as TypeScriptApi;
    if (typeof api.createProgram === 'function' && typeof api.version === 'string') return { api, version: api.version, source: 'project' };
  } catch {
    // No TypeScript in the project: the bundled one checks it.
  }
  return { api: ts, version: ts.version, source: 'bundled' };
}
