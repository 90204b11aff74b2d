import type ts from 'typescript';
import { checkParamTypes } from './paramTypes';
import type { PlanContext } from './planContext';
import { rewriteRequestCall, type CallStyle } from './requestCall';
import { responseReads, rewriteResponseReads } from './responseMetadata';
import type { SubjectPlan } from './subjectPlan';

/**
 * Plans one data call of a client family (`client.m(params…)`): the call itself (see
 * `rewriteRequestCall`), its parameters' types (see `checkParamTypes`), and reads of v2's
 * `$response` on what it returns (rewritten to `$metadata` where v3 has the value, else a
 * blocker: v3 results have no `$response`), and the reads of the errors it delivers (see
 * `ErrorReads`). Records the spot, the result and the input on `plan`.
 */
export function planRequestCall(
  call: ts.CallExpression,
  access: ts.PropertyAccessExpression,
  value: ts.Expression,
  api: 'DocumentClient' | 'DynamoDB',
  style: CallStyle,
  plan: SubjectPlan,
  ctx: PlanContext,
  wrapNumbers: boolean,
): void {
  const name = access.name.text;
  const done = rewriteRequestCall(call, access, style, plan.changes, value.getText());
  if (!done.ok) {
    plan.blockers.push({ node: call, why: done.why });
    return;
  }
  const code = api === 'DocumentClient' ? 'v2-document-client' : 'v2-low-level-client';
  plan.spots.push({ node: call, code, message: `aws-sdk v2 ${api} ${name}(): part of migrating the ${plan.label}` });
  plan.results.push({ node: done.delivered.node as ts.Expression, api, method: name, delivery: done.delivered.delivery, wrapNumbers });
  ctx.errors.plan(done.delivered, call, plan);
  if (done.params) {
    plan.written.push(done.params);
    checkParamTypes(done.params, api, name, ctx, done.paramsCopied ? undefined : plan.changes, plan.notes);
  }
  for (const r of rewriteResponseReads(responseReads(done.delivered, ctx.checker), plan.changes)) {
    plan.blockers.push({ node: r.access, why: `${'why' in r.rewrite ? r.rewrite.why : '$response'} is read on its result: v3 results have no $response (only $metadata: requestId, httpStatusCode, attempts)` });
  }
}
