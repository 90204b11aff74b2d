import ts from 'typescript';
import { ReferenceIndex as NameIndex } from '../../program/referenceIndex';

/**
 * The identifiers of the program's own files that denote a symbol, import aliases followed to the
 * symbol they stand for (so an imported function's references in other files meet its
 * declaration's).
 *
 * Lazy: resolving every identifier of the program through the checker was over half the CPU of an
 * analysis after an edit (mapbox/dyno), and most runs ask about a few symbols. So the index
 * keeps identifiers by their text (one walk, no checker) and resolves, per symbol asked, only the
 * identifiers spelled like one of its names: its declarations' names, and the local names of the
 * imports, `require` bindings and export specifiers that stand for it (found once, by resolving
 * those bindings only). The answer equals resolving every identifier (see the differential test).
 */
export class ReferenceIndex {
  private byText?: NameIndex;
  private aliasNames?: Map<ts.Symbol, Set<string>>;
  private readonly answered = new Map<ts.Symbol, readonly ts.Identifier[]>();
  private readonly fileOrder: Map<ts.SourceFile, number>;

  constructor(private readonly checker: ts.TypeChecker, private readonly files: readonly ts.SourceFile[]) {
    this.fileOrder = new Map(files.map((f, i) => [f, i]));
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

  /** Every identifier that denotes `symbol` (declaration names included), in file order then position. */
  references(symbol: ts.Symbol): readonly ts.Identifier[] {
    const known = this.answered.get(symbol);
    if (known) return known;
    const out: ts.Identifier[] = [];
    for (const text of this.spellings(symbol)) {
      for (const id of this.byName().named(text)) if (this.symbolOf(id) === symbol) out.push(id);
    }
    out.sort((a, b) => (this.fileOrder.get(a.getSourceFile())! - this.fileOrder.get(b.getSourceFile())!) || a.pos - b.pos);
    this.answered.set(symbol, out);
    return out;
  }

  /**
   * Every text an identifier denoting `symbol` can have in the program's files. `module` and
   * `exports` too: in CommonJS files the checker resolves them, in `module.exports = …` and
   * `exports.name = …`, to the symbol being exported.
   */
  private spellings(symbol: ts.Symbol): Set<string> {
    const texts = new Set<string>([symbol.name, 'module', 'exports']);
    for (const d of symbol.declarations ?? []) {
      const name = ts.getNameOfDeclaration(d);
      if (name && ts.isIdentifier(name)) texts.add(name.text);
    }
    for (const t of this.aliases().get(symbol) ?? []) texts.add(t);
    return texts;
  }

  /** The identifiers of the files by text (the migration engine's index: one walk, no checker). */
  private byName(): NameIndex {
    return (this.byText ??= new NameIndex(this.checker, this.files));
  }

  /** Local names of every binding that is an alias (import, `require`, export specifier), by the symbol it stands for. */
  private aliases(): Map<ts.Symbol, Set<string>> {
    if (this.aliasNames) return this.aliasNames;
    const out = new Map<ts.Symbol, Set<string>>();
    const add = (name: ts.Identifier): void => {
      let raw: ts.Symbol | undefined;
      try {
        raw = this.checker.getSymbolAtLocation(name);
      } catch {
        return;
      }
      if (!raw || !(raw.flags & ts.SymbolFlags.Alias)) return;
      const target = this.symbolOf(name);
      if (!target) return;
      const set = out.get(target);
      if (set) set.add(name.text);
      else out.set(target, new Set([name.text]));
    };
    const visit = (node: ts.Node): void => {
      if (isAliasBinding(node) && node.name && ts.isIdentifier(node.name)) add(node.name);
      ts.forEachChild(node, visit);
    };
    for (const sf of this.files) visit(sf);
    return (this.aliasNames = out);
  }
}

/** Declarations whose name can be an alias symbol (TypeScript's alias kinds, and JavaScript `require` bindings). */
function isAliasBinding(node: ts.Node): node is ts.NamedDeclaration {
  return ts.isImportClause(node) || ts.isNamespaceImport(node) || ts.isImportSpecifier(node) || ts.isImportEqualsDeclaration(node)
    || ts.isExportSpecifier(node) || ts.isNamespaceExport(node) || ts.isVariableDeclaration(node) || ts.isBindingElement(node);
}
