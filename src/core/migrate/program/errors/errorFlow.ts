import ts from 'typescript';
import { calledFunction, calleeText, type UserFunction } from '../callTargets';
import type { CallDelivery } from '../requestCall';
import { symbolReads } from '../symbolReads';

/** A binding that receives the errors of a DynamoDB call: a catch variable, a callback's or `.catch` handler's first parameter, a parameter it is passed to. */
export interface ErrorHolder {
  binding: ts.BindingName;
  /**
   * How the error got there: `direct` when only the call's own errors can arrive (its callback, a
   * `.catch` on it, a try block holding nothing but it); `try` when a try block holds it among
   * other statements (`statements` to check once every call of the program is known); `shared`
   * when other code may hand other errors to it (a function's callers, a rethrow).
   */
  via: { kind: 'direct' } | { kind: 'try'; block: ts.Block } | { kind: 'shared' };
}

/** Where the error leaves for code the tool cannot follow (`next(err)`, `res.json(err)`). */
export interface ErrorEscape {
  node: ts.Expression;
  to: string;
}

/** What the program does with the errors of one call. */
export interface ErrorFlow {
  holders: ErrorHolder[];
  escapes: ErrorEscape[];
}

/** The program's look-ups the flow needs. */
export interface ErrorFlowContext {
  checker: ts.TypeChecker;
  userFiles: ReadonlySet<ts.SourceFile>;
  callSitesOf: (fn: UserFunction) => readonly ts.CallExpression[];
  calledFunction: (call: ts.CallExpression | ts.NewExpression) => UserFunction | undefined;
}

const isFn = (n: ts.Node | undefined): n is ts.ArrowFunction | ts.FunctionExpression | ts.FunctionDeclaration | ts.MethodDeclaration =>
  !!n && (ts.isArrowFunction(n) || ts.isFunctionExpression(n) || ts.isFunctionDeclaration(n) || ts.isMethodDeclaration(n));
const isAsync = (fn: ts.SignatureDeclaration) => (ts.getCombinedModifierFlags(fn as ts.Declaration) & ts.ModifierFlags.Async) !== 0;
/** Callees that only look at an error (logging, assertions): it goes nowhere. */
const inert = /^(console\.\w+|(\w+\.)*(log|logger|debug|info|warn|warning|error|trace|fatal)(\.\w+)?|util\.(inspect|format)|assert(\.\w+)?|expect|String|Boolean|Object\.is)$/i;

/** The value `e` stands for when wrapped: `(e)`, `e as T`, `e!`, `e satisfies T`, `<T>e`. */
export function outerOf(e: ts.Expression): ts.Expression {
  let x = e;
  while (ts.isParenthesizedExpression(x.parent) || ts.isAsExpression(x.parent) || ts.isNonNullExpression(x.parent) || ts.isSatisfiesExpression(x.parent) || ts.isTypeAssertionExpression(x.parent)) x = x.parent;
  return x;
}

/**
 * Follows the errors of one rewritten call to every binding that receives them: from the promise
 * (`await` in a try block → its catch variable; `.catch(f)`, `.then(_, f)` → f's parameter;
 * `.then(f)`/`.finally` pass it on; `return`ed or the body of an async function → that function's
 * callers; `Promise.all([…])`; a `const` holding the promise) or from the callback (its first
 * parameter, through callbacks passed down as parameters to their callers' functions), and from
 * a binding on: `throw e` (to the enclosing try, or out of the function to its callers),
 * `reject(e)`, `callback(e)` of a callback parameter, an argument of a program function, an alias.
 * Where the error is handed to code outside the program, an escape. Bounded: each node once.
 */
export function followErrors(delivered: CallDelivery, ctx: ErrorFlowContext): ErrorFlow {
  return new Tracer(ctx).run(delivered);
}

class Tracer {
  private readonly seen = new Set<ts.Node>();
  private readonly holders: ErrorHolder[] = [];
  private readonly escapes: ErrorEscape[] = [];

  constructor(private readonly ctx: ErrorFlowContext) {}

  run(delivered: CallDelivery): ErrorFlow {
    if (delivered.delivery === 'promise') this.rejects(delivered.node, { kind: 'direct' });
    else this.callbackGets(delivered.node, { kind: 'direct' });
    return { holders: this.holders, escapes: this.escapes };
  }

  private once(n: ts.Node): boolean {
    if (this.seen.has(n)) return false;
    this.seen.add(n);
    return true;
  }

  /** `expr` evaluates to a promise that rejects with the error. */
  private rejects(expr: ts.Expression, via: ErrorHolder['via']): void {
    if (!this.once(expr)) return;
    const x = outerOf(expr);
    const p = x.parent;
    if (ts.isAwaitExpression(p)) return this.thrownAt(p, via);
    if (ts.isPropertyAccessExpression(p) && p.expression === x && ts.isCallExpression(p.parent) && p.parent.expression === p) {
      const call = p.parent;
      const [first, second] = call.arguments;
      switch (p.name.text) {
        case 'catch':
          return this.handler(first, 0, via);
        case 'then':
          if (second) return this.handler(second, 0, via);
          // `.then(() => null)` adds no error of its own; a callback that may throw does.
          return this.rejects(call, first && !callbackCannotThrow(first) ? { kind: 'shared' } : via);
        case 'finally':
          return this.rejects(call, via);
      }
      return;
    }
    if (ts.isReturnStatement(p) || (ts.isArrowFunction(p) && p.body === x)) {
      const fn = ts.isArrowFunction(p) ? p : ts.findAncestor(p, isFn);
      if (fn) this.functionRejects(fn);
      return;
    }
    if (ts.isVariableDeclaration(p) && p.initializer === x && ts.isIdentifier(p.name)) {
      const symbol = this.ctx.checker.getSymbolAtLocation(p.name);
      for (const r of symbol ? symbolReads(symbol, p.name, this.ctx.checker) : []) this.rejects(r, via);
      return;
    }
    if (ts.isArrayLiteralExpression(p)) {
      const all = outerOf(p).parent;
      if (ts.isCallExpression(all) && /^Promise\.(all|race)$/.test(all.expression.getText())) this.rejects(all, { kind: 'shared' });
      return;
    }
    if (ts.isCallExpression(p) && p.arguments.includes(x) && p.expression.getText() === 'Promise.resolve') this.rejects(p, via);
  }

  /** A function returns (or, async, throws into) a promise that rejects with the error. */
  private functionRejects(fn: ts.SignatureDeclaration): void {
    if (!this.once(fn)) return;
    const call = outerOf(fn as ts.Expression).parent;
    if (ts.isCallExpression(call) && ts.isPropertyAccessExpression(call.expression) && call.arguments.includes(outerOf(fn as ts.Expression))) {
      const method = call.expression.name.text;
      if (method === 'then' || method === 'catch' || method === 'finally') return this.rejects(call, { kind: 'shared' });
      // `Promise.all(items.map(async (i) => …))`
      if (method === 'map') {
        const all = outerOf(call).parent;
        if (ts.isCallExpression(all) && /^Promise\.(all|race)$/.test(all.expression.getText())) this.rejects(all, { kind: 'shared' });
      }
      return;
    }
    if (ts.isNewExpression(call) && call.expression.getText() === 'Promise') return this.rejects(call, { kind: 'shared' });
    if (!('body' in fn) || !fn.body) return;
    for (const site of this.ctx.callSitesOf(fn as UserFunction)) this.rejects(site, { kind: 'shared' });
  }

  /** The error is thrown at `node` (an `await`, a `throw`, a call of a function that throws). */
  private thrownAt(node: ts.Node, via: ErrorHolder['via']): void {
    for (let child = node, n = node.parent; n; child = n, n = n.parent) {
      if (ts.isTryStatement(n) && n.tryBlock === child) {
        const v = n.catchClause?.variableDeclaration;
        if (!n.catchClause) continue;
        // A try block may hold more than the call: whether anything else can throw there is decided once every call is known.
        if (v) this.bind(v.name, via.kind === 'direct' ? { kind: 'try', block: n.tryBlock } : via);
        return;
      }
      if (isFn(n)) {
        if (isAsync(n)) return this.functionRejects(n);
        const call = outerOf(n as ts.Expression).parent;
        // A throw in a `new Promise` executor or a then/catch callback rejects that promise.
        if (ts.isNewExpression(call) || (ts.isCallExpression(call) && ts.isPropertyAccessExpression(call.expression) && /^(then|catch|finally)$/.test(call.expression.name.text))) {
          return this.functionRejects(n);
        }
        if (!this.once(n)) return;
        if (n.body) for (const site of this.ctx.callSitesOf(n as UserFunction)) this.thrownAt(site, { kind: 'shared' });
        return;
      }
    }
  }

  /** `f` (a function, or a parameter holding one) receives the error as argument `index`. */
  private handler(f: ts.Expression | undefined, index: number, via: ErrorHolder['via']): void {
    if (!f) return;
    const inner = ts.isParenthesizedExpression(f) ? f.expression : f;
    if (ts.isArrowFunction(inner) || ts.isFunctionExpression(inner)) {
      const param = inner.parameters[index];
      if (param && !param.dotDotDotToken) this.bind(param.name, via);
      return;
    }
    if (ts.isIdentifier(inner)) {
      const decl = this.ctx.checker.getSymbolAtLocation(inner)?.valueDeclaration;
      if (decl && isFn(decl)) return this.handler(decl as ts.FunctionExpression, index, via);
      if (decl && ts.isVariableDeclaration(decl) && decl.initializer) return this.handler(decl.initializer, index, via);
      // A callback parameter passed on (`function get(id, cb) { doc.get(p, cb) }`): its callers' callbacks.
      if (decl && ts.isParameter(decl)) this.passedOn(decl, index);
    }
  }

  /** The callback a call of `doc.m(p, cb)` gets: its first parameter is the error. */
  private callbackGets(cb: ts.Node, via: ErrorHolder['via']): void {
    this.handler(cb as ts.Expression, 0, via);
  }

  /** Parameter `param` of a function is called with the error as argument `index`: every caller's argument there receives it. */
  private passedOn(param: ts.ParameterDeclaration, index: number): void {
    const fn = param.parent;
    if (!this.once(param) || !isFn(fn) || !fn.body) return;
    const at = fn.parameters.indexOf(param);
    for (const site of this.ctx.callSitesOf(fn as UserFunction)) this.handler(site.arguments[at], index, { kind: 'shared' });
  }

  /** `name` holds the error: record it and follow what the code does with it. */
  private bind(name: ts.BindingName, via: ErrorHolder['via']): void {
    if (!this.once(name)) return;
    this.holders.push({ binding: name, via });
    if (!ts.isIdentifier(name)) return;
    const symbol = this.ctx.checker.getSymbolAtLocation(name);
    for (const r of symbol ? symbolReads(symbol, name, this.ctx.checker) : []) this.use(outerOf(r), via);
  }

  private use(e: ts.Expression, via: ErrorHolder['via']): void {
    const p = e.parent;
    if (ts.isThrowStatement(p)) return this.thrownAt(p, { kind: 'shared' });
    // `const err = e` / `const { code } = e`: the same error under another name.
    if (ts.isVariableDeclaration(p) && p.initializer === e) return this.bind(p.name, via);
    if (!(ts.isCallExpression(p) || ts.isNewExpression(p)) || p.expression === e) return;
    const index = p.arguments?.indexOf(e) ?? -1;
    const callee = p.expression;
    if (ts.isCallExpression(p) && ts.isIdentifier(callee)) {
      const decl = this.ctx.checker.getSymbolAtLocation(callee)?.valueDeclaration;
      if (decl && ts.isParameter(decl) && isFn(decl.parent)) {
        const owner = decl.parent;
        const promise = outerOf(owner as ts.Expression).parent;
        // `reject(err)` in a `new Promise((resolve, reject) => …)`.
        if (ts.isNewExpression(promise) && promise.expression.getText() === 'Promise' && owner.parameters.indexOf(decl) === 1) return this.rejects(promise, { kind: 'shared' });
        if (this.ctx.callSitesOf(owner as UserFunction).length === 0) {
          // `(req, res, next) => … next(err)` of a function nothing in the program calls: its caller is a library.
          this.escapes.push({ node: e, to: callee.text });
          return;
        }
        return this.passedOn(decl, index);
      }
    }
    const target = this.ctx.calledFunction(p);
    if (target) {
      const param = target.parameters[index];
      if (param && !param.dotDotDotToken) this.bind(param.name, { kind: 'shared' });
      return;
    }
    if (inert.test(callee.getText()) || ts.isNewExpression(p)) return;
    this.escapes.push({ node: e, to: calleeText(p) });
  }
}

/** The look-ups of {@link ErrorFlowContext} over a program. */
export function errorFlowContext(checker: ts.TypeChecker, userFiles: ReadonlySet<ts.SourceFile>, callSitesOf: ErrorFlowContext['callSitesOf'], index: Parameters<typeof calledFunction>[2]): ErrorFlowContext {
  return { checker, userFiles, callSitesOf, calledFunction: (call) => calledFunction(call, checker, index, userFiles) };
}

/** Literals, names and literals of those: evaluating them throws nothing. */
export function cannotThrow(e: ts.Expression): boolean {
  if (ts.isParenthesizedExpression(e)) return cannotThrow(e.expression);
  if (ts.isLiteralExpression(e) || ts.isIdentifier(e) || ts.isNoSubstitutionTemplateLiteral(e)) return true;
  if ([ts.SyntaxKind.TrueKeyword, ts.SyntaxKind.FalseKeyword, ts.SyntaxKind.NullKeyword].includes(e.kind)) return true;
  if (ts.isArrayLiteralExpression(e)) return e.elements.every((el) => !ts.isSpreadElement(el) && cannotThrow(el));
  if (ts.isObjectLiteralExpression(e)) return e.properties.every((p) => (ts.isPropertyAssignment(p) && !ts.isComputedPropertyName(p.name) && cannotThrow(p.initializer)) || ts.isShorthandPropertyAssignment(p));
  return false;
}

/** An arrow whose expression body cannot throw (`() => null`, `(x) => x`). */
function callbackCannotThrow(f: ts.Expression): boolean {
  const inner = ts.isParenthesizedExpression(f) ? f.expression : f;
  return ts.isArrowFunction(inner) && !ts.isBlock(inner.body) && cannotThrow(inner.body);
}
