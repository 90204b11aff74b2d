import ts from 'typescript';
import { literalEdit } from '../editPlan';
import type { FileChanges } from './fileChanges';
import { outermostValue } from './valueContext';

/** A read of v2's `$response` on what a call delivered, and what v3 offers instead. */
export interface ResponseRead {
  access: ts.PropertyAccessExpression | ts.BindingElement;
  /** The v3 replacement of the whole read (`out.$metadata.requestId`), or why there is none. */
  rewrite: { start: number; end: number; text: string } | { why: string };
}

/** Where the output of a call arrives: the awaited promise, or a callback's data parameter. */
export type Delivery = { delivery: 'promise' | 'callback' | 'value'; node: ts.Node };

/**
 * The `$response` reads on what `delivered` hands to the code — directly
 * (`(await c.get(p).promise()).$response`), through a `const`/`let` holding it, or through a
 * callback's data parameter — each with its v3 form: `$response.requestId` →
 * `$metadata.requestId`, `$response.httpResponse.statusCode` → `$metadata.httpStatusCode`;
 * anything else (`$response.data`, `.error`, `.retryCount`, the whole object) has none.
 */
export function responseReads(delivered: Delivery, checker: ts.TypeChecker): ResponseRead[] {
  const holders: ts.Node[] = [];
  const out: ResponseRead[] = [];
  if (delivered.delivery === 'callback') {
    const cb = delivered.node;
    if ((ts.isArrowFunction(cb) || ts.isFunctionExpression(cb)) && cb.parameters[1]) holders.push(cb.parameters[1].name);
  } else {
    const v = outermostValue(delivered.node as ts.Expression);
    if (ts.isPropertyAccessExpression(v.parent) && v.parent.expression === v && v.parent.name.text === '$response') out.push(read(v.parent));
    if (ts.isVariableDeclaration(v.parent) && v.parent.initializer === v) holders.push(v.parent.name);
  }
  for (const name of holders) {
    if (ts.isObjectBindingPattern(name)) {
      for (const el of name.elements) if ((el.propertyName ?? el.name).getText() === '$response') out.push({ access: el, rewrite: { why: 'destructured' } });
      continue;
    }
    const symbol = checker.getSymbolAtLocation(name);
    if (!symbol) continue;
    const visit = (n: ts.Node): void => {
      if (ts.isPropertyAccessExpression(n) && n.name.text === '$response' && ts.isIdentifier(n.expression) && checker.getSymbolAtLocation(n.expression) === symbol) out.push(read(n));
      ts.forEachChild(n, visit);
    };
    visit(name.getSourceFile());
  }
  return out;
}

function read(access: ts.PropertyAccessExpression): ResponseRead {
  const sf = access.getSourceFile();
  const base = access.expression.getText(sf);
  const p = access.parent;
  if (ts.isPropertyAccessExpression(p) && p.expression === access) {
    if (p.name.text === 'requestId') return { access, rewrite: { start: access.getStart(sf), end: p.end, text: `${base}.$metadata.requestId` } };
    const q = p.parent;
    if (p.name.text === 'httpResponse' && ts.isPropertyAccessExpression(q) && q.expression === p && q.name.text === 'statusCode') {
      return { access, rewrite: { start: access.getStart(sf), end: q.end, text: `${base}.$metadata.httpStatusCode` } };
    }
    return { access, rewrite: { why: `$response.${p.name.text}` } };
  }
  return { access, rewrite: { why: '$response itself' } };
}

/** Writes the rewrites of `reads` into `changes`; returns the reads that have no v3 form. */
export function rewriteResponseReads(reads: readonly ResponseRead[], changes: FileChanges): ResponseRead[] {
  const left: ResponseRead[] = [];
  for (const r of reads) {
    if ('why' in r.rewrite) left.push(r);
    else changes.edit(r.access.getSourceFile(), literalEdit(r.rewrite.start, r.rewrite.end, r.rewrite.text));
  }
  return left;
}
