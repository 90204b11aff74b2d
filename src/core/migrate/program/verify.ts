import ts from 'typescript';
import type { ProgramFinding } from './api';
import { lineMapper } from './lineMap';
import { createMigrationProject, type MigrationProject } from './project';
import { typescriptLibFolder } from './typescriptLib';

/** The type-check of a migration: what errors it adds. */
export interface Verification {
  /** One `error` finding (code `v3-verify`) per new error, at the original line it maps to. */
  findings: ProgramFinding[];
  /** Files checked before and after: the changed ones and the files that import them. */
  checkedFiles: number;
  /** Errors in those files before and after the migration. */
  errorsBefore: number;
  errorsAfter: number;
}

const v3Module = /^Cannot find module '(@aws-sdk\/[\w-]+)'/;

/**
 * Type-checks a migration in memory: one program over the project as it is and one with `texts`
 * (migrated file → text) in place of the files, both resolving every package the project has
 * installed (the v3 type definitions included; JavaScript checked too), and reports each error
 * of the changed files and their importers that the original did not have. Errors are matched
 * by file, code and message (positions move with the edits); a new one is placed at the original
 * line its migrated line comes from. A v3 package the project lacks is one finding, not one per import.
 * Throws when TypeScript's lib files cannot be found (every `Promise` would be an error).
 */
export function verifyMigration(root: string, texts: ReadonlyMap<string, string>, displayRoot?: string): Verification {
  if (!typescriptLibFolder()) throw new Error(`cannot type-check the migration: TypeScript's lib files (lib.d.ts) are missing beside ${ts.sys.getExecutingFilePath()} (reinstall dynamo-hotpath)`);
  const before = createMigrationProject({ root, displayRoot, mode: 'verify' });
  const after = createMigrationProject({ root, displayRoot, mode: 'verify', overlay: texts, oldProgram: before.program });
  const files = filesToCheck(after, new Set(texts.keys()));
  const errorsBefore = files.flatMap((f) => errorsOf(before, f));
  const afterByFile = new Map(files.map((f) => [f, errorsOf(after, f)]));
  const errorsAfter = [...afterByFile.values()].flat();
  const added = new Set(addedDiagnostics(errorsBefore, errorsAfter, (d) => ts.flattenDiagnosticMessageText(d.messageText, ' ')));
  const findings: ProgramFinding[] = [];
  const missing = new Map<string, ts.Diagnostic[]>();
  for (const f of files) {
    const original = before.program.getSourceFile(f);
    const migrated = after.program.getSourceFile(f);
    if (!original || !migrated) continue;
    const toOriginal = texts.has(f) ? lineMapper(original.text, migrated.text) : (l: number) => l;
    for (const d of afterByFile.get(f) ?? []) {
      if (!added.has(d)) continue;
      const text = ts.flattenDiagnosticMessageText(d.messageText, ' ');
      const pkg = v3Module.exec(text)?.[1];
      if (pkg) {
        missing.set(pkg, [...(missing.get(pkg) ?? []), d]);
        continue;
      }
      const migratedLine = migrated.getLineAndCharacterOfPosition(d.start ?? 0).line;
      const line = toOriginal(migratedLine);
      const start = original.getPositionOfLineAndCharacter(line, 0);
      const end = original.getLineEndOfPosition(start);
      findings.push({ fileName: f, start, end, severity: 'error', code: 'v3-verify', message: `after the migration this does not type-check (line ${migratedLine + 1} of the migrated file): TS${d.code} ${text}` });
    }
  }
  for (const [pkg, ds] of missing) {
    const d = ds[0]!;
    const f = d.file!.fileName;
    const original = before.program.getSourceFile(f)!;
    const line = lineMapper(original.text, d.file!.text)(d.file!.getLineAndCharacterOfPosition(d.start ?? 0).line);
    const start = original.getPositionOfLineAndCharacter(line, 0);
    findings.push({ fileName: f, start, end: original.getLineEndOfPosition(start), severity: 'error', code: 'v3-verify', message: missingPackageMessage(pkg, ds.length) });
  }
  return { findings, checkedFiles: files.length, errorsBefore: errorsBefore.length, errorsAfter: errorsAfter.length };
}

/** The finding text for a v3 package the migrated code imports and the project lacks (`count` imports of it). */
export function missingPackageMessage(pkg: string, count: number): string {
  return `${pkg} is not installed in this project (${count} import${count === 1 ? '' : 's'} of it): the migrated code cannot load it and could not be checked against it: npm install ${pkg}@^3.689.0`;
}

/**
 * The diagnostics of `after` that `before` had no match for: matched by file, code and message
 * (`textOf` flattens the message; positions move with the edits), one for one.
 */
export function addedDiagnostics(before: readonly ts.Diagnostic[], after: readonly ts.Diagnostic[], textOf: (d: ts.Diagnostic) => string): ts.Diagnostic[] {
  const keyOf = (d: ts.Diagnostic) => `${d.file?.fileName ?? ''}\u0000${d.code}\u0000${textOf(d)}`;
  const baseline = new Map<string, number>();
  for (const d of before) baseline.set(keyOf(d), (baseline.get(keyOf(d)) ?? 0) + 1);
  return after.filter((d) => {
    const left = baseline.get(keyOf(d)) ?? 0;
    if (left > 0) baseline.set(keyOf(d), left - 1);
    return left === 0;
  });
}

function errorsOf(project: MigrationProject, file: string): ts.Diagnostic[] {
  const sf = project.program.getSourceFile(file);
  if (!sf) return [];
  return [...project.program.getSyntacticDiagnostics(sf), ...project.program.getSemanticDiagnostics(sf)].filter((d) => d.category === ts.DiagnosticCategory.Error);
}

/** The changed files and every user file that imports one of them. */
function filesToCheck(project: MigrationProject, changed: ReadonlySet<string>): string[] {
  const out = new Set(changed);
  for (const sf of project.userFiles) {
    const imports = (spec: ts.Expression | undefined): boolean => {
      const target = spec && project.checker.getSymbolAtLocation(spec)?.valueDeclaration;
      return !!target && ts.isSourceFile(target) && changed.has(target.fileName);
    };
    let found = false;
    const visit = (n: ts.Node): void => {
      if (found) return;
      if ((ts.isImportDeclaration(n) || ts.isExportDeclaration(n)) && imports(n.moduleSpecifier)) found = true;
      else if (ts.isCallExpression(n) && ts.isIdentifier(n.expression) && n.expression.text === 'require' && imports(n.arguments[0])) found = true;
      else ts.forEachChild(n, visit);
    };
    visit(sf);
    if (found) out.add(sf.fileName);
  }
  return [...out].sort();
}
