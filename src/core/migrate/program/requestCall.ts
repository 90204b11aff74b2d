import ts from 'typescript';
import { literalEdit, type V3Import } from '../editPlan';
import { inlineBoundParams, mergedParamsText } from './boundParams';
import { arrowResultDiscarded } from './discardedResult';
import type { FileChanges } from './fileChanges';

/** How a migrated client's calls are written in v3. */
export interface CallStyle {
  /** `client.send(new GetCommand(p))` instead of `client.get(p)`. */
  commands: boolean;
  /** The command class of a method (commands style only). */
  commandOf: (method: string) => V3Import | undefined;
  /** The v3 paginator of a method (`paginateQuery`), if it has one. */
  paginatorOf: (method: string) => V3Import | undefined;
  /** The client's bound `params` (v2 only), and the methods whose input they apply to. */
  bound?: { params: ts.ObjectLiteralExpression; appliesTo: ReadonlySet<string> };
}

/** What a rewritten call delivers, for the analyzers: where the output arrives. */
export interface CallDelivery {
  delivery: 'promise' | 'callback';
  node: ts.Expression;
}

/** The outcome of rewriting one `client.method(params…)` call. */
export type CallPlan = { ok: true; delivered: CallDelivery; params?: ts.Expression; paramsCopied?: boolean } | { ok: false; why: string };

const isFunction = (e: ts.Node | undefined): e is ts.ArrowFunction | ts.FunctionExpression =>
  !!e && (ts.isArrowFunction(e) || ts.isFunctionExpression(e));

/**
 * Rewrites a v2 request call `client.m(p)` for a v3 client, adding its edits to `changes`:
 * - `client.m(p).promise()` → `client.m(p)` (v3 methods return promises);
 * - `client.m(p, callback)` kept (v3 aggregated clients take callbacks; `send` does too) as a
 *   statement, or where its value is provably dropped (see `arrowResultDiscarded`);
 * - `client.query(p).eachPage(cb)` as a statement → a `for await` over the v3 paginator, calling
 *   `cb(null, page)` per page and `cb(null, null)` at the end, as v2 did;
 * - in commands style `m(p)` becomes `send(new MCommand(p))`;
 * - bound `params` of the client are written into each call's input (v3 has none).
 * Anything else that relies on v2's AWS.Request (`.on(…)`, `.send()`, `.createReadStream()`, a
 * request kept in a variable, a call with neither `.promise()` nor a callback, which v2 never sent)
 * is refused with the reason.
 */
export function rewriteRequestCall(
  call: ts.CallExpression,
  access: ts.PropertyAccessExpression,
  style: CallStyle,
  changes: FileChanges,
  clientText: string,
): CallPlan {
  const sf = call.getSourceFile();
  const method = access.name.text;
  const params = call.arguments[0];
  const outer = call.parent;
  const bound = style.bound?.appliesTo.has(method) ? style.bound.params : undefined;
  const isEachPage = ts.isPropertyAccessExpression(outer) && outer.name.text === 'eachPage';
  if (bound && !isEachPage) {
    const why = inlineBoundParams(params, bound, changes);
    if (why) return { ok: false, why };
  }
  const wrap = (): void => {
    const command = style.commandOf(method);
    if (!style.commands || !command) return;
    changes.use(sf, command);
    changes.edit(sf, literalEdit(access.name.getStart(sf), access.name.end, 'send'));
    if (params) {
      changes.edit(sf, { start: params.getStart(sf), end: params.getStart(sf), render: (n) => `new ${n(command)}(` });
      changes.edit(sf, literalEdit(params.end, params.end, ')'));
    } else {
      changes.edit(sf, { start: call.arguments.pos, end: call.arguments.pos, render: (n) => `new ${n(command)}({})` });
    }
  };
  if (ts.isPropertyAccessExpression(outer) && outer.expression === call) {
    const chained = outer.parent;
    const chainedCall = ts.isCallExpression(chained) && chained.expression === outer ? chained : undefined;
    if (outer.name.text === 'promise' && chainedCall && chainedCall.arguments.length === 0) {
      if (style.commands && !style.commandOf(method)) return { ok: false, why: `${method}() has no command in the v3 package` };
      wrap();
      changes.edit(sf, literalEdit(call.end, chainedCall.end, ''));
      return { ok: true, delivered: { delivery: 'promise', node: chainedCall }, params };
    }
    const paginator = style.paginatorOf(method);
    if (outer.name.text === 'eachPage' && paginator && chainedCall && chainedCall.arguments.length === 1 && ts.isExpressionStatement(chainedCall.parent)) {
      rewriteEachPage(chainedCall, paginator, clientText, bound ? mergedParamsText(bound, params) : params?.getText(sf), changes);
      return { ok: true, delivered: { delivery: 'callback', node: chainedCall.arguments[0]! }, params, paramsCopied: true };
    }
    return { ok: false, why: `${method}().${outer.name.text}: the v2 AWS.Request API has no v3 equivalent` };
  }
  const callback = call.arguments[call.arguments.length - 1];
  if (call.arguments.length >= 2 && (isFunction(callback) || ts.isIdentifier(callback!))) {
    if (!ts.isExpressionStatement(outer) && !arrowResultDiscarded(call)) return { ok: false, why: `the AWS.Request that ${method}(…, callback) returns is used; v3 returns nothing with a callback` };
    if (style.commands && !style.commandOf(method)) return { ok: false, why: `${method}() has no command in the v3 package` };
    wrap();
    return { ok: true, delivered: { delivery: 'callback', node: callback! }, params };
  }
  return {
    ok: false,
    why: ts.isExpressionStatement(outer) || ts.isAwaitExpression(outer)
      ? `${method}() without .promise() or a callback: v2 never sent this request, v3 would`
      : `the AWS.Request that ${method}() returns is kept (${outer.getText(sf).replace(/\s+/g, ' ').slice(0, 30)}…): v3 has no request object${/^transact(Write|Get)/.test(method) ? cancellationHint : ''}`,
  };
}

/** aws-sdk-js#2464's workaround (reasons read through `.on('extractError')`) has a direct v3 form. */
const cancellationHint = "; if it is kept to read CancellationReasons (.on('extractError')), v3 needs no workaround: await the call and catch TransactionCanceledException, whose CancellationReasons v3 fills in";

/** `client.query(p).eachPage(cb)` → an async loop over the paginator with v2's callback protocol. */
function rewriteEachPage(chained: ts.CallExpression, paginator: V3Import, clientText: string, paramsText: string | undefined, changes: FileChanges): void {
  const sf = chained.getSourceFile();
  changes.use(sf, paginator);
  const typed = /\.(c|m)?tsx?$/.test(sf.fileName);
  const cbType = typed ? ': (err: any, page: any) => unknown' : '';
  // The callback stays where it is (other fixes may edit inside it, such as its error reads).
  const callback = chained.arguments[0]!;
  changes.edit(sf, {
    start: chained.getStart(sf),
    end: callback.getStart(sf),
    render: (n) =>
      `void (async (onPage${cbType}) => { try { for await (const page of ${n(paginator)}({ client: ${clientText} }, ${paramsText ?? '{}'})) { if (onPage(null, page) === false) return; } onPage(null, null); } catch (err) { onPage(err, null); } })(`,
  });
  changes.edit(sf, literalEdit(callback.end, chained.end, ')'));
}
