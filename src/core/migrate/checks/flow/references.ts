import ts from 'typescript';

/**
 * Every identifier of the program's own files, grouped by the symbol it denotes, import aliases
 * followed to the symbol they stand for (so an imported function's references in other files meet
 * its declaration's). Built once per check run: one walk over the files, O(identifiers).
 */
export class ReferenceIndex {
  private readonly bySymbol = new Map<ts.Symbol, ts.Identifier[]>();

  constructor(private readonly checker: ts.TypeChecker, files: readonly ts.SourceFile[]) {
    const visit = (node: ts.Node): void => {
      if (ts.isIdentifier(node)) {
        const s = this.symbolOf(node);
        if (s) {
          const list = this.bySymbol.get(s);
          if (list) list.push(node);
          else this.bySymbol.set(s, [node]);
        }
      }
      ts.forEachChild(node, visit);
    };
    for (const sf of files) visit(sf);
  }

  /**
   * The symbol an identifier denotes, aliases resolved; for `{ x }` shorthand properties, the
   * variable `x` (the value), not the property.
   */
  symbolOf(id: ts.Node): ts.Symbol | undefined {
    let s: ts.Symbol | undefined;
    try {
      s = ts.isShorthandPropertyAssignment(id.parent) && id.parent.name === id
        ? this.checker.getShorthandAssignmentValueSymbol(id.parent)
        : this.checker.getSymbolAtLocation(id);
      if (s && s.flags & ts.SymbolFlags.Alias) s = this.checker.getAliasedSymbol(s);
    } catch {
      return undefined; // unresolvable alias in a partial program
    }
    return s && s.flags & ts.SymbolFlags.Alias ? undefined : s;
  }

  /** Every identifier that denotes `symbol` (declaration names included). */
  references(symbol: ts.Symbol): readonly ts.Identifier[] {
    return this.bySymbol.get(symbol) ?? [];
  }
}
