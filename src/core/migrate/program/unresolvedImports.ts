import { dirname, posix } from 'node:path';
import ts from 'typescript';

/** An import or `require` of one of the user's files that the compiler could not resolve. */
export interface UnresolvedImport {
  specifier: ts.StringLiteralLike;
  /** The user file it most likely means (same path without extension, or its folder's index). */
  target: ts.SourceFile;
}

const withoutExtension = (f: string) => f.replace(/\.(d\.)?(c|m)?(j|t)sx?$/, '');

/**
 * Relative imports/`require`s of the user's files that do not resolve (an unusual extension, a
 * loader, a bundler alias), matched to the file they most likely mean. Uses behind them are
 * invisible to the flow, so a client exported from that file cannot be migrated safely.
 */
export function unresolvedImports(files: readonly ts.SourceFile[], checker: ts.TypeChecker): UnresolvedImport[] {
  const byPath = new Map<string, ts.SourceFile>();
  for (const sf of files) {
    const base = withoutExtension(sf.fileName);
    byPath.set(base, sf);
    if (posix.basename(base) === 'index') byPath.set(posix.dirname(base), sf);
  }
  const out: UnresolvedImport[] = [];
  for (const sf of files) {
    const check = (spec: ts.Expression | undefined): void => {
      if (!spec || !ts.isStringLiteralLike(spec) || !spec.text.startsWith('.')) return;
      if (checker.getSymbolAtLocation(spec)) return;
      const target = byPath.get(withoutExtension(posix.join(dirname(sf.fileName), spec.text)));
      if (target) out.push({ specifier: spec, target });
    };
    const visit = (n: ts.Node): void => {
      if ((ts.isImportDeclaration(n) || ts.isExportDeclaration(n)) && n.moduleSpecifier) check(n.moduleSpecifier);
      else if (ts.isCallExpression(n) && (n.expression.kind === ts.SyntaxKind.ImportKeyword || (ts.isIdentifier(n.expression) && n.expression.text === 'require'))) check(n.arguments[0]);
      ts.forEachChild(n, visit);
    };
    visit(sf);
  }
  return out;
}
