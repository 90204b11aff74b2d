import ts from 'typescript';
import type { ResultOrigin } from '../../program/api';
import type { ReferenceIndex } from './references';
import { builtinEffect, functionOf, methodEffect, type CallEffect, type Fn } from './callEffects';
import { handedBack } from './handedBack';
import { arrayOf, holder, indexShape, item, memberShape, promiseOf, shapeKey, type Shape } from './shapes';

/** One expression known to evaluate to a value read through a migrated call. */
export interface Reached {
  node: ts.Expression;
  shape: Shape;
  origin: ResultOrigin;
}

/** A value of known shape leaving a function through `return` (or an arrow's expression body). */
export interface Returned extends Reached {
  fn: ts.SignatureDeclaration;
  /** Set when the value leaves through a callback parameter (`callback`, `context.succeed`) rather than `return`. */
  via?: string;
}

export interface FlowListener {
  /** Called once per (expression, shape): the sinks look at the expression's context. */
  reached(r: Reached): void;
  /** Called once per (return expression, shape). */
  returned(r: Returned): void;
}

function isFunctionNode(n: ts.Node): n is Fn {
  return ts.isFunctionDeclaration(n) || ts.isFunctionExpression(n) || ts.isArrowFunction(n) || ts.isMethodDeclaration(n);
}

/** `x`, `(x)`, `x as T`, `x!`, `x satisfies T`, `<T>x` → the node whose parent gives the context. */
function transparentParent(n: ts.Node): boolean {
  const p = n.parent;
  return ts.isParenthesizedExpression(p) || ts.isAsExpression(p) || ts.isNonNullExpression(p) ||
    ts.isSatisfiesExpression(p) || ts.isTypeAssertionExpression(p);
}

/**
 * Follows values from their origins (results of migrated calls) through the program: variables,
 * destructuring, properties (`this.x`, object literal members), `await`/`then`, array methods and
 * `for…of`, calls into the program's own functions (arguments → parameters, returns → call sites),
 * imports and exports. Every expression reached is handed to the listener with its shape; the flow
 * stops at calls into dependencies and at anything it cannot follow (it never guesses by name).
 */
export class ValueFlow {
  private readonly seen = new Set<string>();
  private readonly queue: Reached[] = [];
  /** Return shapes of functions seen so far, replayed to call sites registered later. */
  private readonly returns = new Map<Fn, Reached[]>();
  /** Where a function's returns go besides its direct callers: `map`/`then` results. */
  private readonly returnSinks = new Map<Fn, Array<(r: Reached) => void>>();
  private readonly ids = new WeakMap<ts.Node, number>();
  private nextId = 0;

  constructor(
    private readonly checker: ts.TypeChecker,
    private readonly refs: ReferenceIndex,
    private readonly listener: FlowListener,
  ) {}

  /** Runs the flow from every origin to a fixpoint. */
  run(origins: readonly ResultOrigin[]): void {
    for (const o of origins) this.start(o);
    for (let r = this.queue.shift(); r; r = this.queue.shift()) this.step(r);
  }

  private start(o: ResultOrigin): void {
    const out = o.method === 'unmarshall' ? item : o.method === 'output' ? { k: 'attr' } as Shape : { k: 'output', method: o.method } as Shape;
    if (o.delivery === 'value') this.push(o.node, out, o);
    else if (o.delivery === 'promise') this.push(o.node, promiseOf(out), o);
    else if (isFunctionNode(o.node)) this.bindParameter(o.node, 1, out, o);
  }

  private idOf(n: ts.Node): number {
    let id = this.ids.get(n);
    if (id === undefined) {
      id = this.nextId++;
      this.ids.set(n, id);
    }
    return id;
  }

  private push(node: ts.Expression, shape: Shape, origin: ResultOrigin): void {
    const key = `${this.idOf(node)}|${shapeKey(shape)}`;
    if (this.seen.has(key)) return;
    this.seen.add(key);
    this.queue.push({ node, shape, origin });
  }

  private step(r: Reached): void {
    this.listener.reached(r);
    const { node, shape, origin } = r;
    const p = node.parent;
    if (!p) return;
    if (transparentParent(node)) return this.push(p as ts.Expression, shape, origin);
    if (ts.isAwaitExpression(p)) return this.push(p, shape.k === 'promise' ? shape.of : shape, origin);
    if (ts.isConditionalExpression(p) && p.condition !== node) return this.push(p, shape, origin);
    if (ts.isBinaryExpression(p)) return this.binary(p, node, shape, origin);
    if (ts.isPropertyAccessExpression(p) && p.expression === node) return this.member(p, p.name.text, shape, origin);
    if (ts.isElementAccessExpression(p) && p.expression === node) {
      const arg = p.argumentExpression;
      const literal = ts.isStringLiteralLike(arg) ? arg.text : undefined;
      const next = literal !== undefined ? memberShape(shape, literal) : indexShape(shape);
      if (next) this.push(p, next, origin);
      return;
    }
    if (ts.isCallExpression(p) && p.arguments.includes(node)) return this.argument(p, p.arguments.indexOf(node), shape, origin);
    if (ts.isVariableDeclaration(p) && p.initializer === node) return this.bind(p.name, shape, origin);
    if (ts.isPropertyDeclaration(p) && p.initializer === node) return this.bindSymbolOf(p.name, shape, origin);
    if (ts.isPropertyAssignment(p) && p.initializer === node) return this.objectMember(p, shape, origin);
    if (ts.isShorthandPropertyAssignment(p)) return this.objectMember(p, shape, origin);
    if (ts.isSpreadAssignment(p)) return this.push(p.parent, shape.k === 'item' ? shape : holder, origin);
    if (ts.isArrayLiteralExpression(p)) return this.push(p, arrayOf(shape), origin);
    if (ts.isSpreadElement(p) && ts.isArrayLiteralExpression(p.parent)) return this.push(p.parent, shape.k === 'array' ? shape : holder, origin);
    if (ts.isReturnStatement(p)) return this.returnFrom(p, node, shape, origin);
    if (ts.isArrowFunction(p) && p.body === node) return this.returnFrom(p, node, shape, origin);
    if (ts.isForOfStatement(p) && p.expression === node) return this.forOf(p, shape, origin);
    if (ts.isExportAssignment(p)) return this.listener.returned({ node, shape, origin, fn: exportHolder(p) });
  }

  private binary(p: ts.BinaryExpression, node: ts.Expression, shape: Shape, origin: ResultOrigin): void {
    const op = p.operatorToken.kind;
    if (op === ts.SyntaxKind.EqualsToken && p.right === node) {
      this.push(p, shape, origin);
      const left = p.left;
      if (ts.isIdentifier(left)) this.bindSymbolOf(left, shape, origin);
      else if (ts.isPropertyAccessExpression(left)) this.bindSymbolOf(left.name, shape, origin);
      else if (ts.isObjectLiteralExpression(left) || ts.isArrayLiteralExpression(left)) this.destructureAssignment(left, shape, origin);
      return;
    }
    const passes = op === ts.SyntaxKind.QuestionQuestionToken || op === ts.SyntaxKind.BarBarToken ||
      (op === ts.SyntaxKind.AmpersandAmpersandToken && p.right === node) || op === ts.SyntaxKind.CommaToken && p.right === node;
    if (passes) this.push(p, shape, origin);
  }

  private member(p: ts.PropertyAccessExpression, name: string, shape: Shape, origin: ResultOrigin): void {
    const call = ts.isCallExpression(p.parent) && p.parent.expression === p ? p.parent : undefined;
    if (call && (shape.k === 'promise' || shape.k === 'array' || shape.k === 'record')) return this.apply(call, methodEffect(call, name, shape), origin);
    const next = this.boundMember(p) ?? memberShape(shape, name);
    if (next) this.push(p, next, origin);
  }

  /** The shape bound to an object literal member (`obj.x` of `const obj = { x: item }`), if any. */
  private boundMember(p: ts.PropertyAccessExpression): Shape | undefined {
    const s = this.checker.getSymbolAtLocation(p.name);
    for (const d of s?.declarations ?? []) {
      const bound = this.boundMembers.get(d);
      if (bound) return bound;
    }
    return undefined;
  }

  private apply(call: ts.CallExpression, effect: CallEffect, origin: ResultOrigin): void {
    if (effect.result) this.push(call, effect.result, origin);
    for (const p of effect.params ?? []) this.bindParameter(p.fn, p.index, p.shape, origin);
    const returns = effect.returns;
    if (returns) this.onReturns(returns.fn, (r) => this.push(call, returns.wrap(r.shape), r.origin));
  }

  private argument(call: ts.CallExpression, index: number, shape: Shape, origin: ResultOrigin): void {
    const callee = call.expression;
    const builtin = builtinEffect(call, index, shape);
    if (builtin) return this.apply(call, builtin, origin);
    if (ts.isPropertyAccessExpression(callee) && (callee.name.text === 'push' || callee.name.text === 'unshift')) {
      const receiver = callee.expression;
      if (ts.isIdentifier(receiver)) this.bindSymbolOf(receiver, arrayOf(shape), origin);
      else if (ts.isPropertyAccessExpression(receiver)) this.bindSymbolOf(receiver.name, arrayOf(shape), origin);
      return;
    }
    const back = handedBack(callee, this.checker);
    if (back?.promise) return index === 0 ? this.push(back.promise, promiseOf(shape), origin) : undefined;
    if (back) return this.handBack(back.fn, back.parameter, back.via, index, call.arguments[index]!, shape, origin);
    const target = this.declarationOf(callee);
    if (target?.body) {
      this.bindParameter(target, index, shape, origin);
    }
  }

  /** `cb(null, item)` inside `fn`: the value reaches `fn`'s callers (out of the module if exported) and their callbacks. */
  private handBack(fn: Fn, parameter: number, via: string, index: number, node: ts.Expression, shape: Shape, origin: ResultOrigin): void {
    this.listener.returned({ node, shape, origin, fn, via });
    if (via.includes('.')) return;
    for (const call of this.callsOf(fn)) {
      const callback = functionOf(call.arguments[parameter]);
      if (callback) this.bindParameter(callback, index, shape, origin);
    }
  }

  /** The function a callee denotes, when the program declares it (through aliases and properties). */
  private declarationOf(callee: ts.Expression): Fn | undefined {
    const nameNode = ts.isPropertyAccessExpression(callee) ? callee.name : callee;
    const s = this.refs.symbolOf(nameNode);
    for (const d of s?.declarations ?? []) {
      if (isFunctionNode(d)) return d;
      if ((ts.isVariableDeclaration(d) || ts.isPropertyAssignment(d) || ts.isPropertyDeclaration(d)) && d.initializer) {
        const f = functionOf(d.initializer);
        if (f) return f;
      }
      const assigned = d.parent;
      if (ts.isBinaryExpression(assigned) && (assigned.left as ts.Node) === d) {
        const f = functionOf(assigned.right);
        if (f) return f;
      }
    }
    return undefined;
  }

  private bindParameter(fn: Fn, index: number, shape: Shape, origin: ResultOrigin): void {
    const param = fn.parameters[index];
    if (!param || param.dotDotDotToken) return;
    this.bind(param.name, shape, origin);
  }

  /** Object literal members holding a value of a shape (their symbols differ per access, their declarations do not). */
  private readonly boundMembers = new Map<ts.Node, Shape>();

  private bind(name: ts.BindingName, shape: Shape, origin: ResultOrigin): void {
    if (ts.isIdentifier(name)) return this.bindSymbolOf(name, shape, origin);
    if (ts.isObjectBindingPattern(name)) {
      for (const el of name.elements) {
        if (el.dotDotDotToken) {
          this.bind(el.name, shape.k === 'item' ? shape : holder, origin);
          continue;
        }
        const key = el.propertyName ?? el.name;
        const text = ts.isIdentifier(key) || ts.isStringLiteralLike(key) ? key.text : undefined;
        const next = text !== undefined ? memberShape(shape, text) : indexShape(shape);
        if (next) this.bind(el.name, next, origin);
      }
      return;
    }
    const element = indexShape(shape);
    if (!element) return;
    for (const el of name.elements) {
      if (ts.isBindingElement(el)) this.bind(el.name, el.dotDotDotToken ? shape : element, origin);
    }
  }

  private bindSymbolOf(name: ts.Node, shape: Shape, origin: ResultOrigin): void {
    const s = this.refs.symbolOf(name);
    if (!s) return;
    for (const ref of this.refs.references(s)) {
      if (isDeclarationName(ref)) continue;
      const use = ts.isPropertyAccessExpression(ref.parent) && ref.parent.name === ref ? ref.parent : ref;
      if (isWriteTarget(use)) continue;
      this.push(use, shape, origin);
    }
  }

  private destructureAssignment(target: ts.ObjectLiteralExpression | ts.ArrayLiteralExpression, shape: Shape, origin: ResultOrigin): void {
    if (ts.isArrayLiteralExpression(target)) {
      const element = indexShape(shape);
      for (const el of target.elements) if (element && ts.isIdentifier(el)) this.bindSymbolOf(el, element, origin);
      return;
    }
    for (const p of target.properties) {
      if (ts.isShorthandPropertyAssignment(p)) {
        const next = memberShape(shape, p.name.text);
        if (next) this.bindSymbolOf(p.name, next, origin);
      } else if (ts.isPropertyAssignment(p) && ts.isIdentifier(p.initializer) && (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name))) {
        const next = memberShape(shape, p.name.text);
        if (next) this.bindSymbolOf(p.initializer, next, origin);
      }
    }
  }

  private objectMember(p: ts.PropertyAssignment | ts.ShorthandPropertyAssignment, shape: Shape, origin: ResultOrigin): void {
    this.boundMembers.set(p, shape);
    this.push(p.parent, holder, origin);
  }

  private forOf(stmt: ts.ForOfStatement, shape: Shape, origin: ResultOrigin): void {
    const element = stmt.awaitModifier && shape.k === 'array' && shape.of.k === 'promise' ? shape.of.of : indexShape(shape);
    const init = stmt.initializer;
    if (!element) return;
    if (ts.isVariableDeclarationList(init)) for (const d of init.declarations) this.bind(d.name, element, origin);
    else if (ts.isIdentifier(init)) this.bindSymbolOf(init, element, origin);
  }

  private returnFrom(at: ts.Node, node: ts.Expression, shape: Shape, origin: ResultOrigin): void {
    const fn = ts.findAncestor(at, isFunctionNode);
    if (!fn) return;
    const value: Shape = fn.modifiers?.some((m) => m.kind === ts.SyntaxKind.AsyncKeyword) ? promiseOf(shape) : shape;
    const r: Reached = { node, shape: value, origin };
    this.listener.returned({ ...r, fn });
    const known = this.returns.get(fn) ?? [];
    if (known.some((k) => shapeKey(k.shape) === shapeKey(value))) return;
    known.push(r);
    this.returns.set(fn, known);
    for (const sink of this.returnSinks.get(fn) ?? []) sink(r);
    for (const call of this.callsOf(fn)) this.push(call, value, origin);
    this.callbackResult(fn, value, origin);
  }

  /** A callback's return reaches its caller's result: `xs.map(f)` → array, `p.then(f)` → promise. */
  private callbackResult(fn: Fn, value: Shape, origin: ResultOrigin): void {
    const call = fn.parent;
    if (!ts.isCallExpression(call) || !call.arguments.includes(fn as ts.Expression) || !ts.isPropertyAccessExpression(call.expression)) return;
    const name = call.expression.name.text;
    if (name === 'map') this.push(call, arrayOf(value), origin);
    else if (name === 'flatMap') this.push(call, value.k === 'array' ? value : arrayOf(value), origin);
    else if (name === 'then') this.push(call, promiseOf(value.k === 'promise' ? value.of : value), origin);
  }

  /** Registers where a callback's returns go (`map`, `then`), replaying returns already seen. */
  private onReturns(fn: Fn, sink: (r: Reached) => void): void {
    const list = this.returnSinks.get(fn) ?? [];
    list.push(sink);
    this.returnSinks.set(fn, list);
    for (const r of this.returns.get(fn) ?? []) sink(r);
  }

  /** Call expressions of the program that call `fn` by its name (variables, methods, imports). */
  private callsOf(fn: Fn): ts.CallExpression[] {
    const name = fn.name ?? (ts.isVariableDeclaration(fn.parent) || ts.isPropertyAssignment(fn.parent) || ts.isPropertyDeclaration(fn.parent) ? fn.parent.name : undefined)
      ?? (ts.isBinaryExpression(fn.parent) && fn.parent.right === fn && ts.isPropertyAccessExpression(fn.parent.left) ? fn.parent.left.name : undefined);
    if (!name) return [];
    const s = this.refs.symbolOf(name);
    if (!s) return [];
    const out: ts.CallExpression[] = [];
    for (const ref of this.refs.references(s)) {
      const callee = ts.isPropertyAccessExpression(ref.parent) && ref.parent.name === ref ? ref.parent : ref;
      if (ts.isCallExpression(callee.parent) && callee.parent.expression === callee) out.push(callee.parent);
    }
    return out;
  }
}

/** A stand-in function node for `export default x` / `export = x` (exported out of the module). */
function exportHolder(p: ts.ExportAssignment): ts.SignatureDeclaration {
  return p as unknown as ts.SignatureDeclaration;
}


function isDeclarationName(id: ts.Identifier): boolean {
  const p = id.parent;
  return (ts.isVariableDeclaration(p) || ts.isParameter(p) || ts.isBindingElement(p) || ts.isFunctionDeclaration(p) ||
    ts.isPropertyDeclaration(p) || ts.isMethodDeclaration(p) || ts.isImportSpecifier(p) || ts.isImportClause(p) ||
    ts.isPropertyAssignment(p) || ts.isExportSpecifier(p)) && (p as { name?: ts.Node }).name === id;
}

function isWriteTarget(e: ts.Node): boolean {
  const p = e.parent;
  return ts.isBinaryExpression(p) && p.left === e && p.operatorToken.kind === ts.SyntaxKind.EqualsToken;
}
