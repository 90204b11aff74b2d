import ts from 'typescript';
import type { SingleFile } from './singleFileProgram';

/** What an expression stands for in aws-sdk v2, as far as DynamoDB marshalling goes. */
export type V2Entity =
  | { kind: 'AWS' }
  | { kind: 'DynamoDB' }
  | { kind: 'Converter' }
  | { kind: 'DocumentClient' }
  | { kind: 'globalConfig' }
  | { kind: 'converterFunction'; name: 'marshall' | 'unmarshall' | 'input' | 'output' }
  | { kind: 'documentClientType'; name: string }
  | { kind: 'documentClientInstance'; creation: ts.NewExpression };

/**
 * A statement (or import specifier) that binds names to aws-sdk v2 entities: the module import
 * itself (`import AWS from 'aws-sdk'`, `const AWS = require('aws-sdk')`) or a derived alias
 * (`const { Converter } = AWS.DynamoDB`). Removed by a fix once nothing refers to its names.
 */
export interface V2Binding {
  /** The node to delete when every name is unused: statement, or import specifier when `partOf` is set. */
  node: ts.Node;
  names: ts.Identifier[];
  /** The enclosing import declaration when `node` is one named import among others. */
  partOf?: ts.ImportDeclaration;
}

const modules: Record<string, V2Entity['kind']> = {
  'aws-sdk': 'AWS',
  'aws-sdk/global': 'AWS',
  'aws-sdk/clients/dynamodb': 'DynamoDB',
  'aws-sdk/lib/dynamodb/converter': 'Converter',
  'aws-sdk/lib/dynamodb/document_client': 'DocumentClient',
};

/** The entity a module specifier imports: `aws-sdk/clients/dynamodb` and `aws-sdk/clients/dynamodb.js` alike. */
function moduleKind(spec: string): V2Entity['kind'] | undefined {
  return modules[spec.replace(/(\/index)?\.js$/, '')];
}

/** The entity an aws-sdk declaration file stands for (`node_modules/aws-sdk/clients/dynamodb.d.ts` → DynamoDB). */
function sdkModuleEntity(fileName: string): V2Entity | undefined {
  const m = /\/node_modules\/(aws-sdk(?:\/[\w/]+)?)\.d\.ts$/.exec(fileName);
  const kind = m ? moduleKind(m[1]!.replace(/\/index$/, '')) : undefined;
  return kind ? ({ kind } as V2Entity) : undefined;
}

const converterFunctions = new Set(['marshall', 'unmarshall', 'input', 'output']);

function member(entity: V2Entity | undefined, name: string): V2Entity | undefined {
  if (!entity) return undefined;
  switch (entity.kind) {
    case 'AWS':
      return name === 'DynamoDB' ? { kind: 'DynamoDB' } : name === 'config' ? { kind: 'globalConfig' } : undefined;
    case 'DynamoDB':
      if (name === 'Converter') return { kind: 'Converter' };
      if (name === 'DocumentClient') return { kind: 'DocumentClient' };
      return undefined;
    case 'DocumentClient':
      return { kind: 'documentClientType', name };
    case 'Converter':
      return converterFunctions.has(name)
        ? { kind: 'converterFunction', name: name as 'marshall' | 'unmarshall' | 'input' | 'output' }
        : undefined;
    default:
      return undefined;
  }
}

function moduleSpecifierOfRequire(expr: ts.Expression): string | undefined {
  if (
    ts.isCallExpression(expr) &&
    ts.isIdentifier(expr.expression) &&
    expr.expression.text === 'require' &&
    expr.arguments.length === 1 &&
    ts.isStringLiteralLike(expr.arguments[0]!)
  ) {
    return expr.arguments[0].text;
  }
  return undefined;
}

/**
 * Resolves expressions of one file to aws-sdk v2 entities through every import style the
 * migration supports: ESM default / namespace / named imports, `require` (whole, destructured,
 * `.DynamoDB` member), `aws-sdk/clients/dynamodb`, local aliases and `this.x` properties
 * assigned a `new DocumentClient(...)`. Uses the binder's symbols, never name matching.
 */
export class V2Resolver {
  private readonly instances = new Map<ts.Symbol, ts.NewExpression>();
  /** Variables/properties assigned a low-level `new AWS.DynamoDB(config)`. */
  private readonly lowLevelClients = new Map<ts.Symbol, ts.NewExpression>();
  private readonly visiting = new Set<ts.Node>();
  readonly bindings: V2Binding[] = [];

  constructor(private readonly file: SingleFile) {
    this.collect(file.sourceFile);
  }

  /** The type checker the resolver asks (one file's, or a whole program's). */
  get checker(): ts.TypeChecker {
    return this.file.checker;
  }

  /** The symbol of an identifier or property name, following import aliases no further. */
  symbolOf(node: ts.Node): ts.Symbol | undefined {
    return this.file.checker.getSymbolAtLocation(node);
  }

  /** The v2 entity `expr` evaluates to, or undefined when it is not one. */
  resolve(expr: ts.Expression): V2Entity | undefined {
    while (ts.isParenthesizedExpression(expr) || ts.isAsExpression(expr) || ts.isNonNullExpression(expr)) {
      expr = expr.expression;
    }
    const spec = moduleSpecifierOfRequire(expr);
    if (spec !== undefined) {
      const kind = moduleKind(spec);
      return kind ? ({ kind } as V2Entity) : undefined;
    }
    if (ts.isPropertyAccessExpression(expr)) {
      const viaSymbol = this.instanceOf(expr.name);
      if (viaSymbol) return viaSymbol;
      return member(this.resolve(expr.expression), expr.name.text);
    }
    if (ts.isElementAccessExpression(expr) && ts.isStringLiteralLike(expr.argumentExpression)) {
      return member(this.resolve(expr.expression), expr.argumentExpression.text);
    }
    if (ts.isIdentifier(expr)) {
      return this.instanceOf(expr) ?? this.resolveIdentifier(expr);
    }
    return undefined;
  }

  private instanceOf(name: ts.Node): V2Entity | undefined {
    // Most files hold no DocumentClient: no symbol can match, and asking the checker for one type-checks the expression.
    if (this.instances.size === 0) return undefined;
    const symbol = this.symbolOf(name);
    const creation = symbol && this.instances.get(symbol);
    return creation ? { kind: 'documentClientInstance', creation } : undefined;
  }

  private resolveIdentifier(id: ts.Identifier): V2Entity | undefined {
    const symbol = this.symbolOf(id);
    const first = symbol?.declarations?.[0];
    const own = this.resolveGuarded(first);
    if (own || !symbol || !(symbol.flags & ts.SymbolFlags.Alias)) return own;
    // `import { BatchGetResponseMap } from 'aws-sdk/clients/dynamodb'`: a member of the SDK module
    // the bindings do not model (a type, another class) is none of its clients.
    if (first && ts.isImportSpecifier(first) && this.moduleEntity(first.parent.parent.parent.moduleSpecifier)) return undefined;
    // An import of one of the user's own modules (`const AWS = require('./aws')`): follow it there,
    // one alias at a time, down to a declaration of the user's or aws-sdk's own module.
    let step: ts.Symbol | undefined = symbol;
    for (let i = 0; step && i < 8; i++) {
      step = this.file.checker.getImmediateAliasedSymbol(step);
      const decl = step?.declarations?.[0];
      if (!decl) return undefined;
      const sf = decl.getSourceFile();
      if (sf.isDeclarationFile) return sdkModuleEntity(sf.fileName);
      const found = this.resolveGuarded(decl);
      if (found) return found;
      if (!(step!.flags & ts.SymbolFlags.Alias)) return undefined;
    }
    return undefined;
  }

  private resolveGuarded(decl: ts.Declaration | undefined): V2Entity | undefined {
    if (!decl || this.visiting.has(decl)) return undefined;
    this.visiting.add(decl);
    try {
      return this.resolveDeclaration(decl);
    } finally {
      this.visiting.delete(decl);
    }
  }

  private resolveDeclaration(decl: ts.Declaration): V2Entity | undefined {
    if (ts.isImportClause(decl) || ts.isNamespaceImport(decl)) {
      const importDecl = ts.isImportClause(decl) ? decl.parent : decl.parent.parent;
      return this.moduleEntity(importDecl.moduleSpecifier);
    }
    if (ts.isImportSpecifier(decl)) {
      const importDecl = decl.parent.parent.parent;
      return member(this.moduleEntity(importDecl.moduleSpecifier), (decl.propertyName ?? decl.name).text);
    }
    if (ts.isImportEqualsDeclaration(decl)) {
      const ref = decl.moduleReference;
      if (ts.isExternalModuleReference(ref)) return this.moduleEntity(ref.expression);
      return undefined;
    }
    if (ts.isVariableDeclaration(decl) && decl.initializer && ts.isIdentifier(decl.name)) {
      return this.resolve(decl.initializer);
    }
    if (ts.isExportAssignment(decl) || (ts.isPropertyAssignment(decl) && decl.initializer)) {
      return this.resolve(ts.isExportAssignment(decl) ? decl.expression : decl.initializer);
    }
    if (ts.isBinaryExpression(decl) && decl.operatorToken.kind === ts.SyntaxKind.EqualsToken) return this.resolve(decl.right);
    if (ts.isBindingElement(decl)) {
      const pattern = decl.parent;
      if (!ts.isObjectBindingPattern(pattern) || decl.dotDotDotToken) return undefined;
      const owner = pattern.parent;
      if (!ts.isVariableDeclaration(owner) || !owner.initializer) return undefined;
      const key = decl.propertyName ?? decl.name;
      if (!ts.isIdentifier(key) && !ts.isStringLiteralLike(key)) return undefined;
      return member(this.resolve(owner.initializer), key.text);
    }
    return undefined;
  }

  private moduleEntity(spec: ts.Expression): V2Entity | undefined {
    if (!ts.isStringLiteralLike(spec)) return undefined;
    const kind = moduleKind(spec.text);
    return kind ? ({ kind } as V2Entity) : undefined;
  }

  /** Finds import/require statements, derived aliases and the variables holding DocumentClients. */
  private collect(sf: ts.SourceFile): void {
    for (const stmt of sf.statements) {
      if (ts.isImportDeclaration(stmt) && ts.isStringLiteral(stmt.moduleSpecifier) && moduleKind(stmt.moduleSpecifier.text)) {
        this.collectImport(stmt);
      }
    }
    const visit = (node: ts.Node): void => {
      if (ts.isVariableStatement(node)) this.collectVariableStatement(node);
      if (ts.isImportEqualsDeclaration(node) && this.resolveDeclaration(node)) {
        this.bindings.push({ node, names: [node.name] });
      }
      if (ts.isNewExpression(node)) {
        const kind = this.resolve(node.expression)?.kind;
        if (kind === 'DocumentClient') this.recordInstance(node, this.instances);
        if (kind === 'DynamoDB') this.recordInstance(node, this.lowLevelClients);
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }

  private collectImport(stmt: ts.ImportDeclaration): void {
    const clause = stmt.importClause;
    if (!clause) return;
    const names: ts.Identifier[] = [];
    if (clause.name) names.push(clause.name);
    const nb = clause.namedBindings;
    if (nb && ts.isNamespaceImport(nb)) names.push(nb.name);
    if (nb && ts.isNamedImports(nb)) {
      if (names.length === 0 && nb.elements.length > 1) {
        for (const el of nb.elements) this.bindings.push({ node: el, names: [el.name], partOf: stmt });
        return;
      }
      names.push(...nb.elements.map((e) => e.name));
    }
    this.bindings.push({ node: stmt, names });
  }

  private collectVariableStatement(stmt: ts.VariableStatement): void {
    const decls = stmt.declarationList.declarations;
    if (decls.length !== 1) return;
    const decl = decls[0]!;
    if (!decl.initializer) return;
    if (ts.isIdentifier(decl.name)) {
      const e = this.resolve(decl.initializer);
      if (e && e.kind !== 'documentClientInstance') this.bindings.push({ node: stmt, names: [decl.name] });
    } else if (ts.isObjectBindingPattern(decl.name)) {
      const names = decl.name.elements.map((el) => el.name).filter(ts.isIdentifier);
      if (names.length === decl.name.elements.length && names.every((n) => this.resolve(n))) {
        this.bindings.push({ node: stmt, names });
      }
    }
  }

  private recordInstance(creation: ts.NewExpression, into: Map<ts.Symbol, ts.NewExpression>): void {
    const parent = creation.parent;
    let target: ts.Node | undefined;
    if (ts.isVariableDeclaration(parent) && parent.initializer === creation) target = parent.name;
    else if (ts.isPropertyDeclaration(parent) && parent.initializer === creation) target = parent.name;
    else if (ts.isBinaryExpression(parent) && parent.right === creation && parent.operatorToken.kind === ts.SyntaxKind.EqualsToken) {
      target = ts.isPropertyAccessExpression(parent.left) ? parent.left.name : parent.left;
    }
    const symbol = target && this.symbolOf(target);
    if (symbol) into.set(symbol, creation);
  }

  /** The `new AWS.DynamoDB(config)` stored in the variable or property `expr` refers to, if any. */
  lowLevelClientOf(expr: ts.Expression): ts.NewExpression | undefined {
    const name = ts.isPropertyAccessExpression(expr) ? expr.name : expr;
    const symbol = this.symbolOf(name);
    return symbol && this.lowLevelClients.get(symbol);
  }

  /** The entity a type name (`AWS.DynamoDB.DocumentClient`, `DocumentClient.QueryInput`) denotes. */
  resolveTypeName(name: ts.EntityName): V2Entity | undefined {
    if (ts.isIdentifier(name)) return this.resolveIdentifier(name);
    return member(this.resolveTypeName(name.left), name.right.text);
  }

  /** Every DocumentClient creation the file holds, with the symbol it is stored in (if any). */
  creations(): Array<{ creation: ts.NewExpression; symbol: ts.Symbol }> {
    return [...this.instances].map(([symbol, creation]) => ({ symbol, creation }));
  }
}
