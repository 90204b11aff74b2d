// Test helper: the MigrationView the whole-program engine gives the checks, over in-memory files
// (one program, no lib, no node_modules: symbols, not types).
import ts from 'typescript';
import type { MigrationView, ProgramFinding } from '../../../../src/core/migrate/program/api';
import { migrateProgram } from '../../../../src/core/migrate/program/migrateProgram';
import { createMigrationProject } from '../../../../src/core/migrate/program/project';

export const env = { utilDynamodbVersion: '3.996.9', libDynamodbVersion: '3.1169.0' };

/** A program over `files` (`/p/a.ts` → text); no lib, no node_modules: symbols, not types. */
export function programOf(files: Record<string, string>, options: ts.CompilerOptions = {}): ts.Program {
  const host = ts.createCompilerHost({});
  const sources = new Map(Object.entries(files).map(([name, text]) => [name, ts.createSourceFile(name, text, ts.ScriptTarget.Latest, true)]));
  return ts.createProgram({
    rootNames: [...sources.keys()],
    options: { allowJs: true, noLib: true, types: [], module: ts.ModuleKind.CommonJS, moduleResolution: ts.ModuleResolutionKind.Node10, ...options },
    host: {
      ...host,
      getSourceFile: (f) => sources.get(f),
      fileExists: (f) => sources.has(f),
      readFile: (f) => files[f],
      getCurrentDirectory: () => '/p',
      directoryExists: () => true,
      getDirectories: () => [],
    },
  });
}

/** The engine's view of `files` (`/p/a.ts` → text): every client and Converter call it can migrate is migrated. */
export function viewOf(files: Record<string, string>, projectRoot?: string): MigrationView {
  const project = createMigrationProject({
    root: '/p',
    files: Object.keys(files),
    overlay: new Map(Object.entries(files)),
    compilerOptions: { allowJs: true, noLib: true, types: [], module: ts.ModuleKind.CommonJS, moduleResolution: ts.ModuleResolutionKind.Node10, noEmit: true },
  });
  const view = migrateProgram(project, { env, analyzers: [] }).view;
  return projectRoot ? { ...view, projectRoot } : { ...view, projectRoot: undefined };
}

/** `line:code:text` of each finding (1-based line of its start, the flagged text). */
export function rows(view: MigrationView, findings: ProgramFinding[]): string[] {
  return findings.map((f) => {
    const text = view.program.getSourceFile(f.fileName)?.text ?? '';
    return `${f.fileName.replace(/^\/p\//, '')}:${text.slice(0, f.start).split('\n').length}:${f.code}:${text.slice(f.start, f.end)}`;
  });
}
