/**
 * Calls that hand a value back to whoever called the enclosing function, instead of returning it:
 * a callback received as a parameter (`cb(null, item)`, the Lambda `callback(null, result)`), the
 * Lambda context's `context.succeed(result)` / `context.done(err, result)` (context is a handler's
 * second parameter), and `resolve(item)` in a `new Promise((resolve) => …)` executor.
 */
import ts from 'typescript';
import type { Fn } from './callEffects';

/** The function whose parameter `callee` calls, and that parameter's index. */
export interface HandedBack {
  fn: Fn;
  /** Index of the called parameter among `fn`'s parameters. */
  parameter: number;
  /** How the code hands it back, for messages (`callback`, `context.succeed`). */
  via: string;
  /** The `new Promise(executor)` whose value `resolve(x)` sets, when `fn` is that executor. */
  promise?: ts.NewExpression;
}

/** `new Promise(fn)` when `fn` is its executor. */
function promiseOfExecutor(fn: Fn): ts.NewExpression | undefined {
  let e: ts.Node = fn;
  while (ts.isParenthesizedExpression(e.parent)) e = e.parent;
  const p = e.parent;
  return ts.isNewExpression(p) && p.arguments?.[0] === e && ts.isIdentifier(p.expression) && p.expression.text === 'Promise' ? p : undefined;
}

const contextMethods = new Set(['succeed', 'done']);

function ownParameter(id: ts.Identifier, checker: ts.TypeChecker): { fn: Fn; index: number } | undefined {
  const decl = checker.getSymbolAtLocation(id)?.valueDeclaration;
  if (!decl || !ts.isParameter(decl) || !ts.isIdentifier(decl.name) || decl.dotDotDotToken) return undefined;
  const fn = decl.parent;
  if (!ts.isFunctionDeclaration(fn) && !ts.isFunctionExpression(fn) && !ts.isArrowFunction(fn) && !ts.isMethodDeclaration(fn)) return undefined;
  return { fn, index: fn.parameters.indexOf(decl) };
}

/** `callee` of a call that hands its arguments back out of a function, or undefined. */
export function handedBack(callee: ts.Expression, checker: ts.TypeChecker): HandedBack | undefined {
  if (ts.isIdentifier(callee)) {
    const own = ownParameter(callee, checker);
    if (!own) return undefined;
    const promise = own.index === 0 ? promiseOfExecutor(own.fn) : undefined;
    return { fn: own.fn, parameter: own.index, via: callee.text, ...(promise ? { promise } : {}) };
  }
  if (ts.isPropertyAccessExpression(callee) && ts.isIdentifier(callee.expression) && contextMethods.has(callee.name.text)) {
    const own = ownParameter(callee.expression, checker);
    return own && own.index === 1 ? { fn: own.fn, parameter: own.index, via: callee.getText() } : undefined;
  }
  return undefined;
}
