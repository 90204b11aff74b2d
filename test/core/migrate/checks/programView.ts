// Test helper: a MigrationView over in-memory files, built the way the engine will (one program,
// subjects and results per file from the single-file detectors), until the whole-program engine
// lands and gives its own view.
import ts from 'typescript';
import { V2Resolver } from '../../../../src/core/migrate/awsSdkBindings';
import { singleFileView } from '../../../../src/core/migrate/checks/singleFileView';
import { detectConverterCalls } from '../../../../src/core/migrate/converterFix';
import { detectDocumentClients } from '../../../../src/core/migrate/documentClientFix';
import type { MigrationView, ProgramFinding } from '../../../../src/core/migrate/program/api';

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

/** The view of `files` with every file's DocumentClients and Converter calls migrated where the single-file fixes can. */
export function viewOf(files: Record<string, string>, projectRoot?: string): MigrationView {
  const program = programOf(files);
  const checker = program.getTypeChecker();
  const sources = Object.keys(files).map((f) => program.getSourceFile(f)!);
  const parts = sources.map((sourceFile) => {
    const file = { sourceFile, checker, program };
    const resolver = new V2Resolver(file);
    const detected = [...detectConverterCalls(sourceFile, resolver, env), ...detectDocumentClients(file, resolver, env)];
    return singleFileView(file, resolver, detected, env);
  });
  return {
    program, checker, files: sources, env, ...(projectRoot ? { projectRoot } : {}),
    subjects: parts.flatMap((p) => p.subjects),
    results: parts.flatMap((p) => p.results),
    createdSets: parts.flatMap((p) => p.createdSets),
    written: parts.flatMap((p) => p.written),
    migratedFiles: new Set(parts.flatMap((p) => [...p.migratedFiles])),
  };
}

/** `line:code:text` of each finding (1-based line of its start, the flagged text). */
export function rows(view: MigrationView, findings: ProgramFinding[]): string[] {
  return findings.map((f) => {
    const text = view.program.getSourceFile(f.fileName)?.text ?? '';
    return `${f.fileName.replace(/^\/p\//, '')}:${text.slice(0, f.start).split('\n').length}:${f.code}:${text.slice(f.start, f.end)}`;
  });
}
