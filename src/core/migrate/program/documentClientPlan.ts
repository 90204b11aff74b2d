import ts from 'typescript';
import { emptySetMembersChange } from '../checks/edges/emptySetMembers';
import { literalEdit } from '../editPlan';
import { versionProblem, versionProblemCode } from '../installedVersions';
import { marshallEntries, renderObject, unmarshallEntries } from '../v3Options';
import { calleeText } from './callTargets';
import type { ClientFamily } from './clientFamily';
import { clientUses } from './clientUses';
import { dataMethods, documentShape, tableMethods, type DocumentShape } from './documentClientShape';
import { readCreationOptions } from './optionEntries';
import type { PlanContext } from './planContext';
import { planRequestCall } from './planRequestCall';
import { newPlan, placeOf, subjectId, type SubjectPlan } from './subjectPlan';

const lib = '@aws-sdk/lib-dynamodb';

/**
 * The plan for one DocumentClient family: each creation becomes
 * `DynamoDBDocument.from(new DynamoDB(config), { marshallOptions, unmarshallOptions })` with the
 * options that keep items identical (see v3Options) — or `DynamoDBDocument.from(service, …)` when
 * `service:` is a low-level client migrated with it — and every use anywhere in the program is
 * rewritten (`.promise()` dropped, callbacks kept, `createSet(x)` → `new Set(x)`, bound params
 * written into each call, `eachPage` → paginator). A use with no v3 form blocks the whole family.
 */
export function planDocumentClientFamily(fam: ClientFamily, ctx: PlanContext): SubjectPlan {
  const origin = fam.creations[0] ?? fam.typedHolders[0]!;
  const label = `DocumentClient ${fam.creations[0] ? 'created' : 'received'} at ${placeOf(origin, ctx.root)}`;
  const shape = documentShape(origin.getSourceFile());
  const plan = newPlan(
    { id: subjectId('document-client', origin), kind: 'document-client', origins: fam.creations.length ? fam.creations : fam.typedHolders, migrated: false },
    label,
    `Migrate this DocumentClient to ${shape.doc.name} (@aws-sdk/lib-dynamodb, same items)`,
  );
  if (fam.creations.length === 0) {
    for (const t of fam.typedHolders) plan.blockers.push({ node: t, why: 'receives a v2 DocumentClient from outside the program (no creation of it found here)' });
  }
  for (const { node, call, consumer } of fam.v3Consumers) {
    plan.notes.push({
      node,
      code: 'v3-library-client',
      severity: 'warning',
      message: `passed to ${calleeText(call)} (${consumer.library} ${consumer.version}), which takes a v3 document client as well: ${consumer.behaviour}`,
    });
  }
  let bound: ts.ObjectLiteralExpression | undefined;
  for (const creation of fam.creations) bound = planCreation(creation, shape, plan, ctx) ?? bound;
  if (bound) shape.style.bound = { params: bound, appliesTo: tableMethods };
  for (const use of clientUses(fam)) {
    const { value, access, call } = use;
    const name = ts.isPropertyAccessExpression(access) ? access.name.text : undefined;
    if (name && call && dataMethods.has(name) && ts.isPropertyAccessExpression(access)) {
      planRequestCall(call, access, value, 'DocumentClient', shape.style, plan, ctx, isOn(plan.subject.wrapNumbers));
    } else if (name === 'createSet' && call) {
      rewriteCreateSet(call, access as ts.PropertyAccessExpression, plan);
    } else if (name === 'service' && isXRayCapture(access)) {
      rewriteXRayCapture(access as ts.PropertyAccessExpression, value, plan);
    } else {
      const what = name ? `.${name}${call ? '()' : ''}` : access.getText();
      plan.blockers.push({ node: access, why: `${what} is aws-sdk v2 only: ${shape.doc.name} has no equivalent` });
    }
  }
  return plan;
}

const isOn = (v: string | undefined): boolean => v !== undefined && v !== 'false';

/** DocumentClient options that are not service configuration. */
const documentOptions = new Set(['convertEmptyValues', 'wrapNumbers', 'params', 'service']);

/** Rewrites one creation; returns its bound `params` object, if any. */
function planCreation(creation: ts.NewExpression, shape: DocumentShape, plan: SubjectPlan, ctx: PlanContext): ts.ObjectLiteralExpression | undefined {
  const sf = creation.getSourceFile();
  const read = readCreationOptions(creation, ctx.checker, (why) => plan.blockers.push({ node: creation, why }));
  if (!read) return undefined;
  const byKey = new Map(read.entries.map((e) => [e.key, e]));
  plan.subject.convertEmptyValues ??= byKey.get('convertEmptyValues')?.text;
  plan.subject.wrapNumbers ??= byKey.get('wrapNumbers')?.text;
  const bound = read.bound;
  const service = byKey.get('service');
  let clientText: string | ((n: (i: typeof shape.client) => string) => string);
  if (service) {
    const linked = service.node && ctx.lowLevelSubjectOf(service.node);
    if (!linked) {
      plan.blockers.push({ node: service.node ?? creation, why: `service: ${service.text} is not a low-level client the tool migrates with it` });
      return bound;
    }
    plan.linked.add(linked);
    clientText = service.text;
  } else {
    const config = ctx.clientConfig(creation, read.entries.filter((e) => !documentOptions.has(e.key)));
    for (const why of config.blockers) plan.blockers.push({ node: creation, why });
    for (const n of config.notes) plan.notes.push({ node: creation, code: n.code ?? 'v3-client-config', severity: n.severity, message: n.message });
    clientText = (n) => `new ${n(shape.client)}(${config.text})`;
    plan.changes.use(sf, shape.client);
  }
  const marshallOptions = renderObject(marshallEntries(byKey.get('convertEmptyValues')?.text));
  const unmarshallOptions = renderObject(unmarshallEntries(byKey.get('wrapNumbers')?.text));
  plan.changes.use(sf, shape.doc);
  const options = `{ marshallOptions: ${marshallOptions}, unmarshallOptions: ${unmarshallOptions} }`;
  const inner = service?.node;
  if (inner && inner.getSourceFile() === sf && inner.getStart(sf) > creation.getStart(sf) && inner.end < creation.end) {
    // `new DocumentClient({ service: new AWS.DynamoDB(p) })`: the service expression stays where it
    // is, so the low-level client migrated with it rewrites it in place (aws-sdk-js-codemod#465).
    plan.changes.edit(sf, { start: creation.getStart(sf), end: inner.getStart(sf), render: (n) => `${n(shape.doc)}.from(` });
    plan.changes.edit(sf, literalEdit(inner.end, creation.end, `, ${options})`));
  } else {
    plan.changes.edit(sf, {
      start: creation.getStart(sf),
      end: creation.end,
      render: (n) => `${n(shape.doc)}.from(${typeof clientText === 'string' ? clientText : clientText(n)}, ${options})`,
    });
  }
  plan.spots.push({ node: creation, code: 'v2-document-client', message: 'aws-sdk v2 DocumentClient: DynamoDBDocument from @aws-sdk/lib-dynamodb with v2-equivalent marshall/unmarshall options writes and reads the same items' });
  const note = (message: string, code: 'v3-wrap-numbers-class' | 'v3-empty-set-values' | 'v3-version-too-old' | 'v3-not-installed') =>
    plan.notes.push({ node: creation, code, severity: 'warning', message });
  if (isOn(byKey.get('wrapNumbers')?.text)) note('wrapNumbers: v3 returns its own NumberValue (toString()/toBigInt(), JSON {"value": …}) where v2 had toNumber(): check readers of numbers', 'v3-wrap-numbers-class');
  if (isOn(byKey.get('convertEmptyValues')?.text)) note(emptySetMembersChange, 'v3-empty-set-values');
  const problem = versionProblem(lib, ctx.env.libDynamodbVersion);
  if (problem) {
    note(problem, versionProblemCode(ctx.env.libDynamodbVersion));
    plan.title += ` (needs ${lib} ≥ 3.689.0)`;
  }
  return bound;
}

/** `client.createSet(list[, options])` → `new Set(list)`: only the callee and v2's options argument change. */
function rewriteCreateSet(call: ts.CallExpression, access: ts.PropertyAccessExpression, plan: SubjectPlan): void {
  const sf = call.getSourceFile();
  plan.changes.edit(sf, literalEdit(call.getStart(sf), access.end, 'new Set'));
  const [values, options] = call.arguments;
  if (!values) plan.changes.edit(sf, literalEdit(call.arguments.pos, call.arguments.pos, '[]'));
  // v2 wrapped a single value (`[].concat(list)`); new Set('abc') would be a set of characters.
  if (values && isScalarLiteral(values)) {
    plan.changes.edit(sf, literalEdit(values.getStart(sf), values.getStart(sf), '['));
    plan.changes.edit(sf, literalEdit(values.end, values.end, ']'));
  }
  if (values && options) plan.changes.edit(sf, literalEdit(values.end, options.end, ''));
  plan.spots.push({ node: call, code: 'v2-document-client', message: `aws-sdk v2 DocumentClient createSet (v3 takes a native Set): part of migrating the ${plan.label}` });
  plan.createdSets.push(call);
  if (values) plan.written.push(values);
}

function isScalarLiteral(e: ts.Expression): boolean {
  return ts.isStringLiteralLike(e) || ts.isNumericLiteral(e) || ts.isTemplateExpression(e) || (ts.isPrefixUnaryExpression(e) && ts.isNumericLiteral(e.operand));
}

/** `AWSXRay.captureAWSClient(doc.service)`: the X-Ray SDK's v2 hook, whose v3 twin is `captureAWSv3Client(doc)`. */
function isXRayCapture(access: ts.PropertyAccessExpression | ts.ElementAccessExpression): boolean {
  const call = access.parent;
  return ts.isCallExpression(call) && call.arguments[0] === access && ts.isPropertyAccessExpression(call.expression) && call.expression.name.text === 'captureAWSClient';
}

function rewriteXRayCapture(access: ts.PropertyAccessExpression, value: ts.Expression, plan: SubjectPlan): void {
  const call = access.parent as ts.CallExpression;
  const sf = call.getSourceFile();
  const callee = call.expression as ts.PropertyAccessExpression;
  plan.changes.edit(sf, literalEdit(callee.name.getStart(sf), callee.name.end, 'captureAWSv3Client'));
  plan.changes.edit(sf, literalEdit(access.getStart(sf), access.end, value.getText(sf)));
  plan.spots.push({ node: call, code: 'v2-document-client', message: 'X-Ray captureAWSClient(client.service) is the v2 hook: captureAWSv3Client(client) instruments the v3 client (aws-xray-sdk-core ≥ 3.0)' });
}
