/**
 * Where code of a JavaScript/TypeScript file runs: once per request (a route callback of
 * Express / Koa / Fastify-style routers, a Lambda `handler` export, a Next.js API route), in a
 * loop, or once at start-up; and what a name's value was made of.
 */
import ts from 'typescript';

const ROUTE_METHODS = new Set(['get', 'post', 'put', 'patch', 'delete', 'del', 'all', 'use', 'options', 'head', 'route']);
const NEXT_METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS']);

function isFunctionLike(node: ts.Node): node is ts.FunctionLikeDeclaration {
  return ts.isFunctionDeclaration(node) || ts.isFunctionExpression(node) || ts.isArrowFunction(node) || ts.isMethodDeclaration(node);
}

function hasExport(node: ts.Node): boolean {
  return ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
}

function isDefaultExport(node: ts.Node): boolean {
  return ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.DefaultKeyword);
}

/** `exports.handler`, `module.exports.handler`, `module.exports = { handler }`'s target name. */
function exportedAs(target: ts.Expression): string | undefined {
  if (!ts.isPropertyAccessExpression(target)) return undefined;
  const base = target.expression;
  const isExports = (ts.isIdentifier(base) && base.text === 'exports') || (ts.isPropertyAccessExpression(base) && ts.isIdentifier(base.expression) && base.expression.text === 'module' && base.name.text === 'exports');
  return isExports ? target.name.text : undefined;
}

/** Names the file exports as a Lambda `handler` (`exports.handler = main` → `main`), besides `handler` itself. */
function lambdaHandlerNames(sf: ts.SourceFile): Set<string> {
  const names = new Set(['handler']);
  const visit = (node: ts.Node): void => {
    if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.EqualsToken && exportedAs(node.left) === 'handler' && ts.isIdentifier(node.right)) names.add(node.right.text);
    if (ts.isExportSpecifier(node) && (node.name.text === 'handler') && node.propertyName) names.add(node.propertyName.text);
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return names;
}

/** Why `fn` runs once per request, or undefined. */
function requestHandlerKind(fn: ts.FunctionLikeDeclaration, sf: ts.SourceFile, lambdaNames: ReadonlySet<string>): string | undefined {
  const parent = fn.parent;
  // app.get('/x', (req, res) => …), router.post(…), fastify.route(…)
  if (ts.isCallExpression(parent) && parent.arguments.includes(fn as ts.Expression) && ts.isPropertyAccessExpression(parent.expression) && ROUTE_METHODS.has(parent.expression.name.text) && fn.parameters.length >= 1) {
    return 'a route handler';
  }
  const name = fn.name && ts.isIdentifier(fn.name) ? fn.name.text : ts.isVariableDeclaration(parent) && ts.isIdentifier(parent.name) ? parent.name.text : undefined;
  const declaration = ts.isVariableDeclaration(parent) ? parent.parent.parent : fn;
  if (name && lambdaNames.has(name) && (hasExport(declaration) || name !== 'handler' || isCommonJsExport(sf, name))) return 'a Lambda handler';
  if (ts.isBinaryExpression(parent) && exportedAs(parent.left) === 'handler') return 'a Lambda handler';
  if (ts.isFunctionDeclaration(fn) && hasExport(fn) && isDefaultExport(fn) && fn.parameters.length === 2) return 'a request handler (default export taking a request and a response)';
  if (name && NEXT_METHODS.has(name) && hasExport(declaration)) return 'a route handler';
  return undefined;
}

function isCommonJsExport(sf: ts.SourceFile, name: string): boolean {
  let found = false;
  const visit = (node: ts.Node): void => {
    if (found) return;
    if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.EqualsToken && exportedAs(node.left) === name) found = true;
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

/** What runs `node` repeatedly: a loop, a request handler; undefined when it runs once. */
export type RepeatedContext = (node: ts.Node) => string | undefined;

/** The {@link RepeatedContext} of one file: the innermost function decides (a loop counts within it). */
export function repeatedContext(sf: ts.SourceFile): RepeatedContext {
  const lambdaNames = lambdaHandlerNames(sf);
  return (node) => {
    for (let n: ts.Node = node.parent; n && !ts.isSourceFile(n); n = n.parent) {
      const child = n;
      if ((ts.isForStatement(child) || ts.isForOfStatement(child) || ts.isForInStatement(child) || ts.isWhileStatement(child) || ts.isDoStatement(child)) && child.statement.pos <= node.pos && node.end <= child.statement.end) return 'a loop';
      if (isFunctionLike(n)) return requestHandlerKind(n, sf, lambdaNames);
    }
    return undefined;
  };
}

/** Every initializer given to each name in the file (`const x = …`, `x = …`), name-based. */
export function valueIndex(sf: ts.SourceFile): Map<string, ts.Expression[]> {
  const out = new Map<string, ts.Expression[]>();
  const add = (name: string, e: ts.Expression) => out.set(name, [...(out.get(name) ?? []), e]);
  const visit = (node: ts.Node): void => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) add(node.name.text, node.initializer);
    if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.EqualsToken && ts.isIdentifier(node.left)) add(node.left.text, node.right);
    // this.client = new …: a property of the class, known by its name.
    if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.EqualsToken && ts.isPropertyAccessExpression(node.left) && node.left.expression.kind === ts.SyntaxKind.ThisKeyword) add(`this.${node.left.name.text}`, node.right);
    if (ts.isPropertyDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) add(`this.${node.name.text}`, node.initializer);
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}

/** The expressions `e` may stand for: itself, or what the identifier (or `this.x`) it names was given, followed a few steps. */
export function valuesOf(e: ts.Expression, index: ReadonlyMap<string, ts.Expression[]>, depth = 4): ts.Expression[] {
  while (ts.isParenthesizedExpression(e) || ts.isAsExpression(e) || ts.isNonNullExpression(e) || ts.isAwaitExpression(e)) e = e.expression;
  const key = ts.isIdentifier(e) ? e.text : ts.isPropertyAccessExpression(e) && e.expression.kind === ts.SyntaxKind.ThisKeyword ? `this.${e.name.text}` : undefined;
  const given = key ? index.get(key) : undefined;
  if (!given || depth === 0) return [e];
  return given.flatMap((v) => (v === e ? [e] : valuesOf(v, index, depth - 1)));
}

/** The innermost function containing `node`, or the file. */
export function enclosingFunction(node: ts.Node): ts.Node {
  for (let n: ts.Node = node.parent; n; n = n.parent) if (isFunctionLike(n) || ts.isSourceFile(n)) return n;
  return node.getSourceFile();
}

/** The outermost function containing `node` (a top-level function or method), or the file when none does. */
export function outermostFunction(node: ts.Node): ts.Node {
  let out: ts.Node = node.getSourceFile();
  for (let n: ts.Node = node.parent; n && !ts.isSourceFile(n); n = n.parent) if (isFunctionLike(n)) out = n;
  return out;
}
