import ts from 'typescript';

/**
 * Identifiers of the user's files by text, and the alias declarations (imports, `require`
 * bindings) by the declarations they stand for: the two look-ups that let the flow find every
 * reference to a declaration without resolving every identifier of the program.
 */
export class ReferenceIndex {
  private readonly byText = new Map<string, ts.Identifier[]>();
  private aliasTargets?: Map<ts.Node, ts.Identifier[]>;

  constructor(private readonly checker: ts.TypeChecker, private readonly files: readonly ts.SourceFile[]) {
    for (const sf of files) {
      const visit = (node: ts.Node): void => {
        if (ts.isIdentifier(node)) {
          const list = this.byText.get(node.text);
          if (list) list.push(node);
          else this.byText.set(node.text, [node]);
        }
        ts.forEachChild(node, visit);
      };
      visit(sf);
    }
  }

  /** The declarations `node` (an identifier or a property name) refers to, import aliases followed. */
  declarationsOf(node: ts.Node): readonly ts.Declaration[] {
    let symbol = this.checker.getSymbolAtLocation(node);
    if (symbol && ts.isShorthandPropertyAssignment(node.parent) && node.parent.name === node) {
      symbol = this.checker.getShorthandAssignmentValueSymbol(node.parent) ?? symbol;
    }
    return followAliases(this.checker, symbol)?.declarations ?? [];
  }

  /** Identifiers of the user's files spelled `text`. */
  named(text: string): readonly ts.Identifier[] {
    return this.byText.get(text) ?? [];
  }

  /** Local names of imports / `require` bindings that stand for `decl` (any spelling). */
  aliasesOf(decl: ts.Node): readonly ts.Identifier[] {
    if (!this.aliasTargets) this.aliasTargets = this.indexAliases();
    return this.aliasTargets.get(decl) ?? [];
  }

  private indexAliases(): Map<ts.Node, ts.Identifier[]> {
    const out = new Map<ts.Node, ts.Identifier[]>();
    const add = (name: ts.Identifier): void => {
      const symbol = this.checker.getSymbolAtLocation(name);
      if (!symbol || !(symbol.flags & ts.SymbolFlags.Alias)) return;
      for (const d of followAliases(this.checker, symbol)?.declarations ?? []) {
        const list = out.get(d);
        if (list) list.push(name);
        else out.set(d, [name]);
      }
    };
    const visit = (node: ts.Node): void => {
      if ((ts.isImportClause(node) || ts.isNamespaceImport(node) || ts.isImportSpecifier(node) || ts.isImportEqualsDeclaration(node)) && node.name) {
        add(node.name);
      } else if ((ts.isVariableDeclaration(node) || ts.isBindingElement(node)) && ts.isIdentifier(node.name)) {
        add(node.name);
      }
      ts.forEachChild(node, visit);
    };
    for (const sf of this.files) visit(sf);
    return out;
  }
}

/** `symbol` with import/export aliases resolved (unchanged when it is not an alias). */
export function followAliases(checker: ts.TypeChecker, symbol: ts.Symbol | undefined): ts.Symbol | undefined {
  if (!symbol || !(symbol.flags & ts.SymbolFlags.Alias)) return symbol;
  const target = checker.getAliasedSymbol(symbol);
  return target.declarations?.length ? target : symbol;
}
