import ts from 'typescript';

/**
 * Which of the user's files import which (ESM `import`/`export … from` and CommonJS
 * `require('…')` with a literal specifier, resolved by the checker), computed lazily per file.
 */
export class ImportGraph {
  private readonly direct = new Map<ts.SourceFile, Set<ts.SourceFile>>();
  private readonly users: ReadonlySet<ts.SourceFile>;
  private component?: Map<ts.SourceFile, number>;

  constructor(private readonly checker: ts.TypeChecker, files: readonly ts.SourceFile[]) {
    this.users = new Set(files);
  }

  /** The user files `sf` imports itself. */
  importsOf(sf: ts.SourceFile): ReadonlySet<ts.SourceFile> {
    let deps = this.direct.get(sf);
    if (deps) return deps;
    deps = new Set();
    this.direct.set(sf, deps);
    const add = (spec: ts.Expression | undefined): void => {
      const target = spec && this.checker.getSymbolAtLocation(spec)?.valueDeclaration;
      if (target && ts.isSourceFile(target) && this.users.has(target)) deps!.add(target);
    };
    const visit = (n: ts.Node): void => {
      if ((ts.isImportDeclaration(n) || ts.isExportDeclaration(n)) && n.moduleSpecifier) add(n.moduleSpecifier);
      else if (ts.isCallExpression(n) && ts.isIdentifier(n.expression) && n.expression.text === 'require' && n.arguments[0] && ts.isStringLiteralLike(n.arguments[0])) add(n.arguments[0]);
      ts.forEachChild(n, visit);
    };
    visit(sf);
    return deps;
  }

  /** The user files `sf` imports, directly or not (their top level runs before its own), without `sf`. */
  importedBy(sf: ts.SourceFile): Set<ts.SourceFile> {
    const seen = new Set<ts.SourceFile>();
    const todo = [sf];
    while (todo.length) {
      for (const dep of this.importsOf(todo.pop()!)) {
        if (!seen.has(dep)) {
          seen.add(dep);
          todo.push(dep);
        }
      }
    }
    seen.delete(sf);
    return seen;
  }

  /**
   * True when a value of module `a` can reach module `b` at all: the two are connected by imports,
   * in either direction or through modules importing both. Files no import links never exchange values.
   */
  connected(a: ts.SourceFile, b: ts.SourceFile): boolean {
    if (a === b) return true;
    if (!this.component) this.component = this.components();
    const ca = this.component.get(a);
    return ca !== undefined && ca === this.component.get(b);
  }

  private components(): Map<ts.SourceFile, number> {
    const neighbours = new Map<ts.SourceFile, Set<ts.SourceFile>>();
    const link = (x: ts.SourceFile, y: ts.SourceFile) => {
      if (!neighbours.has(x)) neighbours.set(x, new Set());
      neighbours.get(x)!.add(y);
    };
    for (const sf of this.users) {
      link(sf, sf);
      for (const dep of this.importsOf(sf)) {
        link(sf, dep);
        link(dep, sf);
      }
    }
    const out = new Map<ts.SourceFile, number>();
    let next = 0;
    for (const start of this.users) {
      if (out.has(start)) continue;
      const id = next++;
      const todo = [start];
      out.set(start, id);
      while (todo.length) {
        for (const n of neighbours.get(todo.pop()!) ?? []) {
          if (!out.has(n)) {
            out.set(n, id);
            todo.push(n);
          }
        }
      }
    }
    return out;
  }
}
