import ts from 'typescript';
import { literalEdit } from '../editPlan';
import type { FileChanges } from './fileChanges';
import { isPortable } from './globalConfig';

/**
 * v2 merged a client's bound `params` (`new DocumentClient({ params: { TableName } })`) under each
 * call's own params; v3 has no bound params. These helpers write them into each call.
 */

const keyOf = (p: ts.ObjectLiteralElementLike): string => (p.name && (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name)) ? p.name.text : '');

/** The bound properties a call's literal params lack (v2 semantics: the call's own values win). */
function missing(bound: ts.ObjectLiteralExpression, params: ts.ObjectLiteralExpression): ts.ObjectLiteralElementLike[] {
  const present = new Set(params.properties.map(keyOf));
  return bound.properties.filter((p) => !present.has(keyOf(p)));
}

/**
 * Adds the bound params a call lacks into its literal `params` (keeping its layout), or returns
 * why it cannot (`params` absent or not an object literal: the merge would have to happen at run time).
 */
export function inlineBoundParams(params: ts.Expression | undefined, bound: ts.ObjectLiteralExpression, changes: FileChanges): string | undefined {
  if (!params || !ts.isObjectLiteralExpression(params)) {
    return 'the client has bound params (v3 has none) and this call\'s input is not an object literal to add them to';
  }
  const sf = params.getSourceFile();
  const props = missing(bound, params);
  const hidden = props.find((p) => sf !== bound.getSourceFile() && !(ts.isPropertyAssignment(p) && isPortable(p.initializer)));
  if (hidden) return `the client's bound params (${hidden.getText()}) are not visible at this call (another module): write them into it by hand`;
  const add = props.map((p) => p.getText(bound.getSourceFile()));
  if (add.length === 0) return undefined;
  const first = params.properties[0];
  if (!first) {
    changes.edit(sf, literalEdit(params.getStart(sf), params.end, `{ ${add.join(', ')} }`));
    return undefined;
  }
  const firstStart = first.getStart(sf);
  const lineStart = sf.text.lastIndexOf('\n', firstStart - 1) + 1;
  const multiLine = sf.text.slice(params.getStart(sf), firstStart).includes('\n');
  const sep = multiLine ? `\n${sf.text.slice(lineStart, firstStart)}` : ' ';
  changes.edit(sf, literalEdit(firstStart, firstStart, add.map((a) => `${a},${sep}`).join('')));
  return undefined;
}

/** `params` with the bound params merged under it, as source text (for a paginator's input). */
export function mergedParamsText(bound: ts.ObjectLiteralExpression, params: ts.Expression | undefined): string {
  const boundText = bound.getText(bound.getSourceFile());
  if (!params) return boundText;
  const own = params.getText(params.getSourceFile());
  if (!ts.isObjectLiteralExpression(params)) return `{ ...${boundText}, ...${own} }`;
  const add = missing(bound, params).map((p) => p.getText(bound.getSourceFile()));
  return `{ ${[...add, ...params.properties.map((p) => p.getText(params.getSourceFile()))].join(', ')} }`;
}
