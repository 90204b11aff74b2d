import ts from 'typescript';

/**
 * Where the value of an expression goes, one step: what the client flow does with an expression
 * that evaluates to a v2 client.
 */
export type ValueContext =
  /** A member of the client is read (`c.get`, `c['put']`): a use to classify. */
  | { kind: 'use'; access: ts.PropertyAccessExpression | ts.ElementAccessExpression }
  /** Stored in a variable, property, parameter default, or an export: `target` names it. */
  | { kind: 'store'; target: ts.Node }
  /** A property of an object literal: `{ client: c }` / `{ c }`. */
  | { kind: 'property'; property: ts.PropertyAssignment | ts.ShorthandPropertyAssignment }
  /** An argument of a call or `new`. */
  | { kind: 'argument'; call: ts.CallExpression | ts.NewExpression; index: number }
  /** Returned from a function (or an arrow function's body). */
  | { kind: 'return'; fn: ts.SignatureDeclaration }
  /** Compared, tested, logged or dropped: nothing follows. */
  | { kind: 'inert' }
  /** Somewhere the flow cannot follow. */
  | { kind: 'lost'; why: string };

/** Wrappers that pass a value through unchanged (`(c)`, `c as X`, `c!`, `await c`, `a ?? c`, `x ? c : d`). */
export function outermostValue(e: ts.Expression): ts.Expression {
  let node = e;
  for (;;) {
    const p = node.parent;
    if (
      ts.isParenthesizedExpression(p) || ts.isAsExpression(p) || ts.isNonNullExpression(p) ||
      ts.isTypeAssertionExpression(p) || ts.isSatisfiesExpression(p) || ts.isAwaitExpression(p)
    ) {
      node = p;
    } else if (ts.isConditionalExpression(p) && p.condition !== node) {
      node = p;
    } else if (ts.isBinaryExpression(p) && isPassThrough(p, node)) {
      node = p;
    } else {
      return node;
    }
  }
}

function isPassThrough(p: ts.BinaryExpression, node: ts.Node): boolean {
  const op = p.operatorToken.kind;
  if (op === ts.SyntaxKind.BarBarToken || op === ts.SyntaxKind.QuestionQuestionToken) return true;
  if (op === ts.SyntaxKind.AmpersandAmpersandToken || op === ts.SyntaxKind.CommaToken) return p.right === node;
  return false;
}

const inertParents = new Set([
  ts.SyntaxKind.ExpressionStatement, ts.SyntaxKind.IfStatement, ts.SyntaxKind.WhileStatement, ts.SyntaxKind.DoStatement,
  ts.SyntaxKind.PrefixUnaryExpression, ts.SyntaxKind.TypeOfExpression, ts.SyntaxKind.TemplateSpan, ts.SyntaxKind.VoidExpression,
  ts.SyntaxKind.ThrowStatement, ts.SyntaxKind.CaseClause, ts.SyntaxKind.SwitchStatement, ts.SyntaxKind.ForStatement,
]);

const comparisons = new Set([
  ts.SyntaxKind.EqualsEqualsEqualsToken, ts.SyntaxKind.ExclamationEqualsEqualsToken, ts.SyntaxKind.EqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsToken, ts.SyntaxKind.InstanceOfKeyword, ts.SyntaxKind.AmpersandAmpersandToken,
]);

/** The enclosing function of a `return`, or undefined at the top level. */
function functionOf(node: ts.Node): ts.SignatureDeclaration | undefined {
  for (let n: ts.Node | undefined = node.parent; n; n = n.parent) {
    if (ts.isFunctionLike(n)) return n;
  }
  return undefined;
}

/**
 * One step of where `value` goes (after {@link outermostValue}). `value` must be an expression
 * that is read, not the target of an assignment.
 */
export function valueContext(value: ts.Expression): ValueContext {
  const p = value.parent;
  if ((ts.isPropertyAccessExpression(p) || ts.isElementAccessExpression(p)) && p.expression === value) return { kind: 'use', access: p };
  if ((ts.isVariableDeclaration(p) || ts.isPropertyDeclaration(p) || ts.isParameter(p)) && p.initializer === value) {
    return ts.isIdentifier(p.name) || ts.isPrivateIdentifier(p.name) || ts.isStringLiteral(p.name)
      ? { kind: 'store', target: p }
      : { kind: 'lost', why: 'destructured (its methods taken off the client)' };
  }
  if (ts.isBinaryExpression(p) && p.right === value) {
    if (p.operatorToken.kind === ts.SyntaxKind.EqualsToken) {
      return ts.isIdentifier(p.left) || ts.isPropertyAccessExpression(p.left)
        ? { kind: 'store', target: p.left }
        : { kind: 'lost', why: `assigned to ${p.left.getText()}, which the tool cannot follow` };
    }
    if (comparisons.has(p.operatorToken.kind)) return { kind: 'inert' };
  }
  if (ts.isBinaryExpression(p) && p.left === value && comparisons.has(p.operatorToken.kind)) return { kind: 'inert' };
  if (ts.isPropertyAssignment(p) && p.initializer === value) return { kind: 'property', property: p };
  if (ts.isShorthandPropertyAssignment(p) && p.name === value) return { kind: 'property', property: p };
  if ((ts.isCallExpression(p) || ts.isNewExpression(p)) && p.expression !== value) {
    return { kind: 'argument', call: p, index: (p.arguments ?? ts.factory.createNodeArray()).indexOf(value) };
  }
  if (ts.isReturnStatement(p)) {
    const fn = functionOf(p);
    return fn ? { kind: 'return', fn } : { kind: 'lost', why: 'returned outside a function' };
  }
  if (ts.isArrowFunction(p) && p.body === value) return { kind: 'return', fn: p };
  if (ts.isExportAssignment(p)) return { kind: 'store', target: p };
  if (inertParents.has(p.kind) || (ts.isBinaryExpression(p) && p.left === value)) return { kind: 'inert' };
  if (ts.isArrayLiteralExpression(p)) return { kind: 'lost', why: 'stored in an array' };
  if (ts.isSpreadElement(p) || ts.isSpreadAssignment(p)) return { kind: 'lost', why: 'spread into another object' };
  return { kind: 'lost', why: `used in a ${ts.SyntaxKind[p.kind]} the tool cannot follow` };
}
