import ts from 'typescript';
import type { ReferenceIndex } from './referenceIndex';

/** A function, method or constructor with a body in the user's code. */
export type UserFunction = ts.FunctionLikeDeclaration;

/**
 * The user function a call or `new` runs, when the checker knows it and its body is in one of
 * `userFiles`: the resolved signature's declaration, else (untyped JavaScript) the declaration of
 * the callee identifier when it is a function or a variable initialised with one. `new C(…)`
 * gives C's constructor. Undefined for library code, dynamic callees and classes without one.
 */
export function calledFunction(
  call: ts.CallExpression | ts.NewExpression,
  checker: ts.TypeChecker,
  index: ReferenceIndex,
  userFiles: ReadonlySet<ts.SourceFile>,
): UserFunction | undefined {
  const own = (d: ts.Node | undefined): UserFunction | undefined =>
    d && ts.isFunctionLike(d) && 'body' in d && d.body && userFiles.has(d.getSourceFile()) ? (d as UserFunction) : undefined;
  let decl: ts.Node | undefined;
  try {
    decl = checker.getResolvedSignature(call)?.declaration;
  } catch {
    decl = undefined;
  }
  if (own(decl)) return own(decl);
  const callee = call.expression;
  const name = ts.isIdentifier(callee) ? callee : ts.isPropertyAccessExpression(callee) ? callee.name : undefined;
  if (!name) return undefined;
  for (const d of index.declarationsOf(name)) {
    if (own(d)) return own(d);
    const init = ts.isVariableDeclaration(d) || ts.isPropertyAssignment(d) || ts.isPropertyDeclaration(d) ? d.initializer : undefined;
    if (init && own(init)) return own(init);
    if (ts.isClassDeclaration(d) || ts.isClassExpression(d)) {
      const ctor = d.members.find(ts.isConstructorDeclaration);
      if (own(ctor)) return own(ctor);
    }
    if (ts.isBinaryExpression(d) && own(d.right)) return own(d.right);
  }
  return undefined;
}

/** The parameter receiving argument `index` (the rest parameter for the tail), or undefined. */
export function parameterFor(fn: UserFunction, index: number): ts.ParameterDeclaration | undefined {
  const params = fn.parameters;
  if (index < 0) return undefined;
  if (index < params.length && !params[index]!.dotDotDotToken) return params[index];
  return undefined;
}

/** A short, readable name of what a call calls (`repo.save`, `new Table`), for messages. */
export function calleeText(call: ts.CallExpression | ts.NewExpression): string {
  const text = call.expression.getText();
  const short = text.length > 40 ? `${text.slice(0, 37)}…` : text;
  return ts.isNewExpression(call) ? `new ${short}` : short;
}
