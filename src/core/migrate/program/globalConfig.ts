import ts from 'typescript';
import type { V2Resolver } from '../awsSdkBindings';
import { readOptionEntries, type OptionEntry } from './optionEntries';

/** A change to aws-sdk v2's global `AWS.config`, which every v2 client created afterwards copies. */
export interface GlobalUpdate {
  /** The statement's expression: `AWS.config.update({…})`, `AWS.config.region = …`, `AWS.config = new AWS.Config(…)`, `AWS.config.loadFromPath(…)`. */
  node: ts.Expression;
  /** The options it sets, or why they cannot be read (a file path, a computed object). */
  entries: OptionEntry[] | { why: string };
  /** At the top level of its module (runs when the module is loaded), not inside a function. */
  topLevel: boolean;
}

/**
 * Every change to the global `AWS.config` in `sf` (any import style `resolver` knows):
 * `AWS.config.update(o)`, `AWS.config.<key> = v`, `AWS.config = new AWS.Config(o)` and
 * `AWS.config.loadFromPath(p)` (whose values live in a file the tool does not read).
 */
export function globalUpdates(sf: ts.SourceFile, resolver: V2Resolver, checker: ts.TypeChecker): GlobalUpdate[] {
  const out: GlobalUpdate[] = [];
  const isConfig = (e: ts.Expression) => resolver.resolve(e)?.kind === 'globalConfig';
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && isConfig(node.expression.expression)) {
      const method = node.expression.name.text;
      if (method === 'update') out.push({ node, entries: entriesOf(readOptionEntries(node.arguments[0], checker)), topLevel: atTopLevel(node) });
      if (method === 'loadFromPath') out.push({ node, entries: { why: `AWS.config.loadFromPath(${node.arguments[0]?.getText() ?? ''}) reads region, credentials and more from a file that v3 does not read` }, topLevel: atTopLevel(node) });
    }
    if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.EqualsToken) {
      const left = node.left;
      if (ts.isPropertyAccessExpression(left) && isConfig(left.expression)) {
        out.push({ node, entries: [{ key: left.name.text, text: node.right.getText(), node: node.right }], topLevel: atTopLevel(node) });
      } else if (isConfig(left)) {
        out.push({ node, entries: entriesOf(readOptionEntries(node.right, checker)), topLevel: atTopLevel(node) });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}

function entriesOf(read: ReturnType<typeof readOptionEntries>): OptionEntry[] | { why: string } {
  return 'entries' in read ? read.entries : { why: read.why.replace(/^its options/, 'the options it sets') };
}

function atTopLevel(node: ts.Node): boolean {
  for (let n = node.parent; n; n = n.parent) if (ts.isFunctionLike(n) || ts.isClassStaticBlockDeclaration(n)) return false;
  return true;
}

/**
 * True when `text` means the same wherever it is evaluated: literals, `process.env.X`, and
 * `||`/`??`/`+`/templates of those. Such values of a global update can be copied into a client
 * created in another module.
 */
export function isPortable(node: ts.Expression | undefined): boolean {
  if (!node) return false;
  if (ts.isStringLiteralLike(node) || ts.isNumericLiteral(node) || node.kind === ts.SyntaxKind.TrueKeyword || node.kind === ts.SyntaxKind.FalseKeyword || node.kind === ts.SyntaxKind.NullKeyword) return true;
  if (ts.isParenthesizedExpression(node)) return isPortable(node.expression);
  if (ts.isPropertyAccessExpression(node) || ts.isElementAccessExpression(node)) return /^process\.env(\.\w+|\[['"][\w-]+['"]\])$/.test(node.getText());
  if (ts.isBinaryExpression(node)) return isPortable(node.left) && isPortable(node.right);
  if (ts.isTemplateExpression(node)) return node.templateSpans.every((s) => isPortable(s.expression));
  return false;
}
