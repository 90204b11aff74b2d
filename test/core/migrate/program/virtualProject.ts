// A project held in memory under the repository (so aws-sdk's types resolve from its node_modules,
// as in a real project), migrated by the whole-program engine.
import { join, resolve } from 'node:path';
import type ts from 'typescript';
import { migrationAnalyzers } from '../../../../src/core/migrate/program/analyzers';
import { migrateProgram, type MigrateProgramOptions } from '../../../../src/core/migrate/program/migrateProgram';
import { createMigrationProject, type MigrationProject } from '../../../../src/core/migrate/program/project';
import type { ProgramMigration } from '../../../../src/core/migrate/program/result';
import { applyEdits } from '../../../../src/core/migrate/textEdits';

/** The versions installed in this repository (package.json devDependencies). */
export const env = { utilDynamodbVersion: '3.996.9', libDynamodbVersion: '3.1169.0' };
let count = 0;

export interface Migrated {
  project: MigrationProject;
  result: ProgramMigration;
  /** Every file after fix-all, by its relative name (unchanged files too). */
  after: Record<string, string>;
  /** Findings as `name:line severity code message`. */
  lines: string[];
}

/** Migrates `files` (relative name → text) as one project. */
export function migrateVirtual(files: Record<string, string>, options: Partial<MigrateProgramOptions> & { only?: string[]; compilerOptions?: ts.CompilerOptions } = {}): Migrated {
  const root = resolve(__dirname, `virtual-${process.pid}-${count++}`).replace(/\\/g, '/');
  const overlay = new Map(Object.entries(files).map(([name, text]) => [join(root, name).replace(/\\/g, '/'), text]));
  const project = createMigrationProject({ root, files: [...overlay.keys()], overlay, compilerOptions: options.compilerOptions });
  const only = options.only?.map((n) => `${root}/${n}`);
  const result = migrateProgram(project, { env, analyzers: migrationAnalyzers, ...options, ...(only ? { scope: (f: string) => only.includes(f) } : {}) });
  const rel = (f: string) => f.slice(root.length + 1);
  const after: Record<string, string> = {};
  for (const [file, text] of overlay) after[rel(file)] = applyEdits(text, result.fixAll.get(file) ?? []);
  const lines = result.findings.map((f) => {
    const text = overlay.get(f.fileName) ?? '';
    return `${rel(f.fileName)}:${text.slice(0, f.start).split('\n').length} ${f.severity} ${f.code} ${f.message}`;
  });
  return { project, result, after, lines };
}
