import { dirname, resolve } from 'node:path';
import ts from 'typescript';
import { migrateGoSource } from './go/migrateGo';
import { migrationAnalyzers } from './program/analyzers';
import { migrateProgram } from './program/migrateProgram';
import { createMigrationProject } from './program/project';
import { mayUseAwsSdkV2 } from './migratable';
import type { MigrationEnvironment, MigrationFinding, MigrationResult, TextEdit } from './types';

export { isMigratable } from './migratable';

/** One file, no lib, no module resolution: the binder's symbols are all the engine needs inside a file. */
const singleFileOptions: ts.CompilerOptions = {
  noLib: true, noResolve: true, allowJs: true, checkJs: false, noEmit: true, types: [], skipLibCheck: true,
  target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.CommonJS, esModuleInterop: true,
};

/**
 * Computes every migration finding of one file on its own and the edits of "fix all in file":
 * the whole-program engine (see `migrateProgram`) over a program of just this text, so imports of
 * other files stay unresolved and a client exported from it is migrated with the uses this file
 * shows. `fileName` picks TS/JS/Go by extension; `env` gives the installed v3 versions (see
 * `readInstalledVersions`). Each finding's `fix.edits` apply alone to `text`; `fixAll` applies
 * every fix at once. Offsets are UTF-16, findings sorted by offset. Never throws for syntax errors.
 */
export function migrateSource(text: string, fileName: string, env: MigrationEnvironment): MigrationResult {
  if (fileName.endsWith('.go')) return migrateGoSource(text);
  if (!mayUseAwsSdkV2(text)) return { findings: [], fixAll: [] };
  const path = resolve(fileName).replace(/\\/g, '/');
  const project = createMigrationProject({
    root: dirname(path),
    files: [path],
    overlay: new Map([[path, text]]),
    compilerOptions: singleFileOptions,
  });
  const result = migrateProgram(project, { env, analyzers: migrationAnalyzers });
  const own = <T extends { fileName: string }>(x: T): boolean => x.fileName === path;
  const findings: MigrationFinding[] = result.findings.filter(own).map((f) => {
    const out: MigrationFinding = { code: f.code as MigrationFinding['code'], start: f.start, end: f.end, message: f.message, severity: f.severity };
    if (f.fix) out.fix = { title: f.fix.title, edits: f.fix.edits.filter(own).map(({ start, end, newText }): TextEdit => ({ start, end, newText })) };
    return out;
  });
  return { findings, fixAll: result.fixAll.get(path) ?? [] };
}
