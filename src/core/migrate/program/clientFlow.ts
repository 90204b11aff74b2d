import ts from 'typescript';
import { calledFunction, calleeText, parameterFor } from './callTargets';
import { absorb, emptyFamily, type ClientFamily, type ClientKind } from './clientFamily';
import type { ReferenceIndex } from './referenceIndex';
import { v3ConsumerOf } from './v3Consumers';
import { outermostValue, valueContext } from './valueContext';

/** Library calls that only look at a value (logging, assertions): a client passed to them goes nowhere. */
const inertCallees = /^(console\.\w+|JSON\.stringify|util\.inspect|expect|assert(\.\w+)?|Object\.is)$/;
/** Test-double factories: `jest.spyOn(c, 'get')`, `sinon.stub(c, 'put')`, `vi.spyOn`, `td.replace`. */
const stubMethods = new Set(['spyOn', 'stub', 'spy', 'replace', 'mock', 'createStubInstance']);

/** A starting point of the flow: a creation, or a declaration typed as a v2 client. */
export type FlowSeed = { creation: ts.NewExpression; kind: ClientKind } | { typed: ts.Node; kind: ClientKind };

/**
 * Follows v2 client instances through the program (forward, to a fixed point): from each
 * creation into the variables, properties, parameters (every call site's argument), exports,
 * imports and factory return values that receive it, and from those to every expression that
 * reads them. Instances that meet in one holder join one {@link ClientFamily}. Every place the
 * flow cannot follow is recorded as a blocker of the family, never dropped.
 */
export class ClientFlow {
  private readonly families: ClientFamily[] = [];
  private readonly parent: number[] = [];
  private readonly holderOf = new Map<ts.Node, number>();
  private readonly factoryOf = new Map<ts.Node, number>();
  private readonly valueOf = new Map<ts.Node, number>();
  private readonly writes = new Map<ts.Node, ts.Expression[]>();
  private readonly queue: Array<() => void> = [];
  private readonly userFiles: ReadonlySet<ts.SourceFile>;

  constructor(private readonly checker: ts.TypeChecker, private readonly index: ReferenceIndex, files: readonly ts.SourceFile[]) {
    this.userFiles = new Set(files);
  }

  /** Runs the flow from `seeds` and returns the families (merged, each with its blockers). */
  run(seeds: readonly FlowSeed[]): ClientFamily[] {
    for (const seed of seeds) {
      const id = this.newFamily(seed.kind);
      if ('creation' in seed) {
        this.families[id]!.creations.push(seed.creation);
        this.queue.push(() => this.addValue(seed.creation, id));
      } else {
        this.families[id]!.typedHolders.push(seed.typed);
        this.queue.push(() => this.addHolders([seed.typed], id, seed.typed));
      }
    }
    while (this.queue.length) this.queue.shift()!();
    this.checkWrites();
    const roots = [...new Set(this.families.map((f) => this.find(f.id)))];
    return roots.map((r) => {
      const fam = this.families[r]!;
      fam.linked = new Set([...fam.linked].map((l) => this.find(l)).filter((l) => l !== r));
      return fam;
    });
  }

  /** The family of a value expression (outermost form), if the flow reached it. */
  familyOfValue(e: ts.Node): number | undefined {
    const id = this.valueOf.get(e);
    return id === undefined ? undefined : this.find(id);
  }

  private newFamily(kind: ClientKind): number {
    const id = this.families.length;
    const fam = emptyFamily(id);
    fam.kinds.add(kind);
    this.families.push(fam);
    this.parent.push(id);
    return id;
  }

  private find(id: number): number {
    while (this.parent[id] !== id) id = this.parent[id] = this.parent[this.parent[id]!]!;
    return id;
  }

  private union(a: number, b: number): number {
    const ra = this.find(a);
    const rb = this.find(b);
    if (ra === rb) return ra;
    const [keep, drop] = ra < rb ? [ra, rb] : [rb, ra];
    absorb(this.families[keep]!, this.families[drop]!);
    this.parent[drop] = keep;
    return keep;
  }

  private fam(id: number): ClientFamily {
    return this.families[this.find(id)]!;
  }

  private block(id: number, node: ts.Node, why: string): void {
    this.fam(id).blockers.push({ node, why });
  }

  private addValue(e: ts.Expression, id: number): void {
    const outer = outermostValue(e);
    const known = this.valueOf.get(outer);
    if (known !== undefined) {
      this.union(known, id);
      return;
    }
    this.valueOf.set(outer, id);
    this.fam(id).values.add(outer);
    const ctx = valueContext(outer);
    switch (ctx.kind) {
      case 'use': {
        const p = ctx.access.parent;
        // `client.get = jest.fn()`: a test replacing a method, like jest.spyOn (reported by the test-stub check).
        if (ts.isBinaryExpression(p) && p.left === ctx.access && p.operatorToken.kind === ts.SyntaxKind.EqualsToken) this.fam(id).stubs.push(p);
        else if (!this.followThen(ctx.access, id)) this.fam(id).uses.push({ value: outer, access: ctx.access });
        return;
      }
      case 'store':
        this.store(ctx.target, outer, id);
        return;
      case 'property':
        this.property(ctx.property, id);
        return;
      case 'argument':
        this.argument(ctx.call, ctx.index, outer, id);
        return;
      case 'return':
        this.addFactory(ctx.fn, outer, id);
        return;
      case 'inert':
        return;
      case 'lost':
        this.block(id, outer, ctx.why);
    }
  }

  /** `factory().then((client) => …)`: the callback's first parameter holds the client. */
  private followThen(access: ts.PropertyAccessExpression | ts.ElementAccessExpression, id: number): boolean {
    if (!ts.isPropertyAccessExpression(access) || access.name.text !== 'then' || !ts.isCallExpression(access.parent)) return false;
    const cb = access.parent.arguments[0];
    if (!cb || !(ts.isArrowFunction(cb) || ts.isFunctionExpression(cb)) || !cb.parameters[0]) return false;
    this.addHolders([cb.parameters[0]], id, cb.parameters[0]);
    return true;
  }

  private store(target: ts.Node, value: ts.Expression, id: number): void {
    if (ts.isVariableDeclaration(target) || ts.isPropertyDeclaration(target) || ts.isParameter(target) || ts.isExportAssignment(target)) {
      this.addHolders([target], id, value);
      return;
    }
    const name = ts.isPropertyAccessExpression(target) ? target.name : target;
    const decls = this.index.declarationsOf(name).filter((d) => this.userFiles.has(d.getSourceFile()));
    if (decls.length === 0) {
      this.block(id, value, `assigned to ${target.getText()}, which the tool cannot follow`);
      return;
    }
    this.addHolders(decls, id, value);
  }

  private property(property: ts.PropertyAssignment | ts.ShorthandPropertyAssignment, id: number): void {
    const literal = property.parent;
    const key = property.name.getText();
    const owner = literal.parent;
    if (ts.isNewExpression(owner) && owner.arguments?.[0] === literal && key === 'service') {
      const creator = this.valueOf.get(owner);
      if (creator !== undefined) this.fam(id).linked.add(creator);
      else this.queue.push(() => this.linkLater(owner, id));
      return;
    }
    const decls: ts.Node[] = [property];
    // `connection = { client: new DocumentClient() }` with `connection: Connection | undefined`:
    // the contextual type is a union, whose own getProperty misses members of one constituent.
    const contextual = this.checker.getContextualType(literal);
    const constituents = contextual?.isUnion() ? contextual.types : contextual ? [contextual] : [];
    for (const t of constituents) {
      for (const d of t.getProperty(key)?.declarations ?? []) if (this.userFiles.has(d.getSourceFile()) && d !== property && !decls.includes(d)) decls.push(d);
    }
    this.addHolders(decls, id, property);
    this.container(literal, key, id);
  }

  private linkLater(owner: ts.NewExpression, id: number): void {
    const creator = this.valueOf.get(owner);
    if (creator !== undefined) this.fam(creator).linked.add(id);
    else this.block(id, owner, 'used as the service of a client the tool does not migrate');
  }

  /** An object literal carrying a client under `key`: follow it where reads of `key` cannot be resolved. */
  private container(literal: ts.ObjectLiteralExpression, key: string, id: number): void {
    const outer = outermostValue(literal);
    const ctx = valueContext(outer);
    if (ctx.kind !== 'argument') {
      if (ctx.kind === 'lost' || ctx.kind === 'use') this.block(id, literal, `put in an object (${key}) that the tool cannot follow`);
      return;
    }
    const fn = calledFunction(ctx.call, this.checker, this.index, this.userFiles);
    if (!fn) {
      if (!this.handedToV3Consumer(ctx.call, literal, id)) this.block(id, literal, `passed as ${key} to ${calleeText(ctx.call)}, code outside the program that expects a v2 client`);
      return;
    }
    const param = parameterFor(fn, ctx.index);
    if (!param) {
      this.block(id, literal, `passed as ${key} in a rest argument the tool cannot follow`);
      return;
    }
    if (ts.isObjectBindingPattern(param.name)) {
      const element = param.name.elements.find((el) => (el.propertyName ?? el.name).getText() === key);
      if (element) this.addHolders([element], id, literal);
      return;
    }
    // `function f(opts) { … opts.client … }` with untyped opts: reads of `opts.<key>` hold the client.
    if (!ts.isIdentifier(param.name) || this.index.declarationsOf(param.name).length === 0) return;
    for (const ref of this.references(param)) {
      const p = ref.parent;
      if (ts.isPropertyAccessExpression(p) && p.expression === ref && p.name.text === key && this.index.declarationsOf(p.name).length === 0) {
        this.queue.push(() => this.addValue(p, id));
      } else if (ts.isVariableDeclaration(p) && p.initializer === ref && ts.isObjectBindingPattern(p.name)) {
        const element = p.name.elements.find((el) => (el.propertyName ?? el.name).getText() === key);
        if (element) this.addHolders([element], id, ref);
      }
    }
  }

  private argument(call: ts.CallExpression | ts.NewExpression, index: number, value: ts.Expression, id: number): void {
    const fn = calledFunction(call, this.checker, this.index, this.userFiles);
    if (fn) {
      const param = parameterFor(fn, index);
      if (!param) this.block(id, value, `passed to ${calleeText(call)} through a rest parameter the tool cannot follow`);
      else if (!ts.isIdentifier(param.name)) this.block(id, value, `passed to ${calleeText(call)}, whose parameter destructures it`);
      else this.addHolders([param], id, value);
      return;
    }
    const callee = call.expression.getText();
    if (inertCallees.test(callee)) return;
    if (ts.isCallExpression(call) && callee === 'Promise.resolve') {
      this.queue.push(() => this.addValue(call, id));
      return;
    }
    if (ts.isCallExpression(call) && ts.isPropertyAccessExpression(call.expression) && stubMethods.has(call.expression.name.text)) {
      this.fam(id).stubs.push(call);
      return;
    }
    if (!this.handedToV3Consumer(call, value, id)) this.block(id, value, `passed to ${calleeText(call)}, code outside the program that expects a v2 client`);
  }

  /** A library call that takes a v3 document client as well (electrodb): recorded, not a blocker. */
  private handedToV3Consumer(call: ts.CallExpression | ts.NewExpression, node: ts.Node, id: number): boolean {
    const consumer = v3ConsumerOf(call, this.checker);
    if (consumer) this.fam(id).v3Consumers.push({ node, call, consumer });
    return consumer !== undefined;
  }

  private addFactory(fn: ts.SignatureDeclaration, value: ts.Expression, id: number): void {
    const named = namingDeclaration(fn);
    if (!named) {
      this.block(id, value, 'returned from a function the tool cannot follow to its callers');
      return;
    }
    const known = this.factoryOf.get(named);
    if (known !== undefined) {
      this.union(known, id);
      return;
    }
    this.factoryOf.set(named, id);
    this.fam(id).factories.add(named);
    this.queue.push(() => {
      for (const ref of this.references(named)) {
        const p = ref.parent;
        if ((ts.isCallExpression(p) || ts.isNewExpression(p)) && p.expression === ref) this.addValue(p, id);
        else if (!isTypePosition(ref)) this.block(id, ref, `${ref.getText()} (returns the client) is used as a value the tool cannot follow`);
      }
    });
  }

  private addHolders(decls: readonly ts.Node[], id: number, _cause: ts.Node): void {
    for (const d of decls) {
      const known = this.holderOf.get(d);
      if (known !== undefined) {
        this.union(known, id);
        continue;
      }
      this.holderOf.set(d, id);
      this.fam(id).holders.add(d);
      this.queue.push(() => {
        // `const { client } = connection()`: the binding holds what the property `d` holds.
        const bindings = this.destructuringsOf(d);
        if (bindings.length) this.addHolders(bindings, this.holderOf.get(d)!, d);
        for (const ref of this.references(d)) {
          const p = ref.parent;
          if (ts.isBinaryExpression(p) && p.left === ref && p.operatorToken.kind === ts.SyntaxKind.EqualsToken) {
            this.writes.set(d, [...(this.writes.get(d) ?? []), p.right]);
          } else if (!isTypePosition(ref)) {
            this.addValue(ref, this.holderOf.get(d)!);
          }
        }
      });
    }
  }

  /** The names `decl` is read by: its own name and those of the imports standing for it. */
  private namesOf(decl: ts.Node): { name: ts.DeclarationName | undefined; texts: Set<string> } {
    const name = ts.getNameOfDeclaration(decl as ts.Declaration);
    const texts = new Set<string>();
    if (name && (ts.isIdentifier(name) || ts.isPrivateIdentifier(name) || ts.isStringLiteral(name))) texts.add(name.text);
    for (const alias of this.index.aliasesOf(decl)) texts.add(alias.text);
    return { name, texts };
  }

  /** Object destructurings that read the property `decl`: `const { client } = x`, `{ client: c }`. */
  private destructuringsOf(decl: ts.Node): ts.BindingElement[] {
    if (!(ts.isPropertySignature(decl) || ts.isPropertyDeclaration(decl) || ts.isPropertyAssignment(decl) || ts.isShorthandPropertyAssignment(decl))) return [];
    const out: ts.BindingElement[] = [];
    for (const text of this.namesOf(decl).texts) {
      for (const id of this.index.named(text)) {
        const element = id.parent;
        if (!ts.isBindingElement(element) || !ts.isObjectBindingPattern(element.parent) || element.dotDotDotToken) continue;
        if ((element.propertyName ?? element.name) !== id || out.includes(element)) continue;
        const source = this.checker.getTypeAtLocation(element.parent);
        const types = source.isUnion() ? source.types : [source];
        if (types.some((t) => t.getProperty(text)?.declarations?.includes(decl as ts.Declaration))) out.push(element);
      }
    }
    return out;
  }

  /** Reads of `decl` anywhere in the user's files: identifiers, or whole `x.name` accesses. */
  private references(decl: ts.Node): ts.Expression[] {
    const { name, texts } = this.namesOf(decl);
    const out: ts.Expression[] = [];
    for (const text of texts) {
      for (const id of this.index.named(text)) {
        if (id === name || isDeclarationName(id)) continue;
        // `exports.make = () => …` (JavaScript): the checker's declaration is the left side, `exports.make`.
        const decls = this.index.declarationsOf(id);
        if (!decls.some((d) => d === decl || (ts.isBinaryExpression(decl) && (d as ts.Node) === decl.left))) continue;
        const p = id.parent;
        out.push(ts.isPropertyAccessExpression(p) && p.name === id ? p : id);
      }
    }
    return out;
  }

  /** Values written into holders that are neither a client of the family nor null/undefined. */
  private checkWrites(): void {
    for (const [decl, id] of this.holderOf) {
      const written = [...(this.writes.get(decl) ?? [])];
      const init = (decl as { initializer?: ts.Expression }).initializer;
      if (init && !ts.isObjectLiteralExpression(decl.parent) && (ts.isVariableDeclaration(decl) || ts.isPropertyDeclaration(decl) || ts.isParameter(decl))) written.push(init);
      for (const w of written) {
        if (isNullish(w) || this.valueOf.has(outermostValue(innermost(w))) || this.valueOf.has(w)) continue;
        const text = w.getText();
        this.block(id, w, `${ts.getNameOfDeclaration(decl as ts.Declaration)?.getText() ?? 'it'} also receives ${text.length > 40 ? `${text.slice(0, 37)}…` : text}, which the tool cannot trace to a client`);
      }
    }
  }
}

function innermost(e: ts.Expression): ts.Expression {
  while (ts.isParenthesizedExpression(e) || ts.isAsExpression(e) || ts.isNonNullExpression(e) || ts.isAwaitExpression(e)) e = e.expression;
  return e;
}

function isNullish(e: ts.Expression): boolean {
  const i = innermost(e);
  return i.kind === ts.SyntaxKind.NullKeyword || (ts.isIdentifier(i) && i.text === 'undefined') || ts.isVoidExpression(i);
}

/** The declaration that names a function: itself, or the variable / property / export it initialises. */
export function namingDeclaration(fn: ts.SignatureDeclaration): ts.Node | undefined {
  if ((ts.isFunctionDeclaration(fn) || ts.isMethodDeclaration(fn)) && fn.name) return fn;
  const p = fn.parent;
  if ((ts.isVariableDeclaration(p) || ts.isPropertyAssignment(p) || ts.isPropertyDeclaration(p)) && p.initializer === fn) return p;
  if (ts.isBinaryExpression(p) && p.right === fn && ts.isPropertyAccessExpression(p.left)) return p;
  return undefined;
}

function isDeclarationName(id: ts.Identifier): boolean {
  const p = id.parent;
  return (
    (ts.isImportSpecifier(p) || ts.isImportClause(p) || ts.isNamespaceImport(p) || ts.isImportEqualsDeclaration(p) ||
      ts.isExportSpecifier(p) || ts.isBindingElement(p) || ts.isVariableDeclaration(p) || ts.isParameter(p) ||
      ts.isPropertyDeclaration(p) || ts.isPropertyAssignment(p) || ts.isFunctionDeclaration(p) || ts.isMethodDeclaration(p)) &&
    (p as ts.NamedDeclaration).name === id
  ) || (ts.isBindingElement(p) && p.propertyName === id) || (ts.isImportSpecifier(p) && p.propertyName === id) || (ts.isExportSpecifier(p) && p.propertyName === id);
}

function isTypePosition(node: ts.Node): boolean {
  for (let n: ts.Node = node; n.parent; n = n.parent) {
    if (ts.isTypeNode(n.parent) && !ts.isExpressionWithTypeArguments(n.parent)) return true;
    if (ts.isTypeQueryNode(n.parent) || ts.isQualifiedName(n.parent)) return true;
    if (ts.isExpression(n.parent) || ts.isStatement(n.parent)) return false;
  }
  return false;
}
