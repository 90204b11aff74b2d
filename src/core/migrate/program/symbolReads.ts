import ts from 'typescript';

/**
 * The identifiers of `sf` other than `declarationName` that denote `symbol` (a `{ x }` shorthand
 * property counts as a read of the variable `x`). For locals, parameters and catch variables:
 * their whole scope is in one file.
 */
export function symbolReads(symbol: ts.Symbol, declarationName: ts.Node, checker: ts.TypeChecker): ts.Identifier[] {
  const out: ts.Identifier[] = [];
  const visit = (n: ts.Node): void => {
    if (ts.isIdentifier(n) && n !== declarationName && n.text === symbol.name) {
      const p = n.parent;
      const s = ts.isShorthandPropertyAssignment(p) && p.name === n ? checker.getShorthandAssignmentValueSymbol(p) : checker.getSymbolAtLocation(n);
      if (s === symbol) out.push(n);
    }
    ts.forEachChild(n, visit);
  };
  visit(declarationName.getSourceFile());
  return out;
}
