import ts from 'typescript';
import type { V2Resolver } from '../awsSdkBindings';
import { fixConverterCall } from '../converterFix';
import type { V3Import } from '../editPlan';
import { versionProblem, versionProblemCode } from '../installedVersions';
import type { MigrationEnvironment } from '../types';
import { marshallEntries, renderObject, unmarshallEntries } from '../v3Options';
import { hasForeignAttributeType, requestBehind, type CastCandidate } from './attributeMapCast';
import { newPlan, subjectId, type SubjectPlan } from './subjectPlan';

type ConverterFunction = 'marshall' | 'unmarshall' | 'input' | 'output';
const v3Name: Record<ConverterFunction, string> = { marshall: 'marshall', unmarshall: 'unmarshall', input: 'convertToAttr', output: 'convertToNative' };

/**
 * One plan per use of `AWS.DynamoDB.Converter.*` in `sf` (any import style `resolver` knows):
 * each call gets the fix of `fixConverterCall`; a Converter function passed as a value
 * (`items.map(Converter.unmarshall)`) becomes `(x) => unmarshall(x, options)` as a callback
 * argument (v2 ignored the extra index argument `map` passes; v3 would read it as options), and
 * is refused anywhere else. In TypeScript, an `unmarshall`/`output` argument typed as aws-sdk v2's
 * or aws-lambda's AttributeValues is recorded in `casts` (see `castIfStillForeign`).
 */
export function planConverterUses(
  sf: ts.SourceFile,
  resolver: V2Resolver,
  env: MigrationEnvironment,
  casts: { candidates: CastCandidate[]; ownerOf: (request: ts.CallExpression) => string | undefined },
): SubjectPlan[] {
  const plans: SubjectPlan[] = [];
  const visit = (node: ts.Node): void => {
    if ((ts.isPropertyAccessExpression(node) || ts.isElementAccessExpression(node) || ts.isIdentifier(node)) && !isDeclarationPart(node)) {
      const entity = resolver.resolve(node);
      if (entity?.kind === 'converterFunction') {
        const p = node.parent;
        if (ts.isCallExpression(p) && p.expression === node) {
          const plan = planCall(p, entity.name, env);
          plans.push(plan);
          const arg = p.arguments[0];
          const reads = entity.name === 'unmarshall' || entity.name === 'output';
          if (reads && arg && /\.(c|m)?tsx?$/.test(sf.fileName) && plan.blockers.length === 0 && hasForeignAttributeType(arg, resolver.checker)) {
            const request = requestBehind(arg, resolver.checker);
            casts.candidates.push({ plan, arg, from: request && casts.ownerOf(request), shape: entity.name === 'unmarshall' ? 'map' : 'value' });
          }
        }
        else plans.push(planReference(node, entity.name, env));
        return;
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return plans;
}

function isDeclarationPart(node: ts.Node): boolean {
  const p = node.parent;
  if (ts.isPropertyAccessExpression(p) && p.name === node) return true;
  if ((ts.isBindingElement(p) || ts.isImportSpecifier(p) || ts.isVariableDeclaration(p) || ts.isImportClause(p)) && (p.name === node || (p as ts.BindingElement).propertyName === node)) return true;
  return ts.isTypeNode(p) || ts.isQualifiedName(p) || ts.isTypeQueryNode(p);
}

function planCall(call: ts.CallExpression, fn: ConverterFunction, env: MigrationEnvironment): SubjectPlan {
  const fixed = fixConverterCall(call.getSourceFile(), call, fn, env);
  const plan = newPlan({ id: subjectId('converter-call', call), kind: 'converter-call', origins: [call], migrated: false }, call.expression.getText(), fixed.title ?? '');
  plan.spots.push({ node: call, code: fixed.finding.code, message: fixed.finding.message });
  for (const n of fixed.notes) plan.notes.push({ node: call, code: n.code, severity: n.severity === 'error' ? 'warning' : n.severity, message: n.message });
  if (!fixed.change) {
    plan.blockers.push({ node: call, why: fixed.finding.message.replace(/^.*?; /, '') });
    return plan;
  }
  for (const e of fixed.change.edits) plan.changes.edit(call.getSourceFile(), e);
  for (const i of fixed.change.imports) plan.changes.use(call.getSourceFile(), i);
  const options = call.arguments[1] && ts.isObjectLiteralExpression(call.arguments[1]) ? call.arguments[1] : undefined;
  const option = (k: string) => options?.properties.find((p) => p.name?.getText() === k);
  const wrap = option('wrapNumbers');
  plan.subject.wrapNumbers = wrap && ts.isPropertyAssignment(wrap) ? wrap.initializer.getText() : undefined;
  const empty = option('convertEmptyValues');
  plan.subject.convertEmptyValues = empty && ts.isPropertyAssignment(empty) ? empty.initializer.getText() : undefined;
  if (fn === 'unmarshall' || fn === 'output') {
    plan.results.push({ node: call, api: 'Converter', method: fn, delivery: 'value', wrapNumbers: plan.subject.wrapNumbers === 'true' });
  } else if (call.arguments[0]) {
    plan.written.push(call.arguments[0]);
  }
  return plan;
}

function planReference(ref: ts.Expression, fn: ConverterFunction, env: MigrationEnvironment): SubjectPlan {
  const sf = ref.getSourceFile();
  const target = v3Name[fn];
  const plan = newPlan({ id: subjectId('converter-call', ref), kind: 'converter-call', origins: [ref], migrated: false }, ref.getText(sf), `Replace with a callback calling ${target}() from @aws-sdk/util-dynamodb (same items)`);
  const p = ref.parent;
  if (!((ts.isCallExpression(p) || ts.isNewExpression(p)) && p.expression !== ref)) {
    plan.blockers.push({ node: ref, why: `${ref.getText(sf)} is used as a value the tool cannot follow (not called, not a callback argument)` });
    return plan;
  }
  const writes = fn === 'marshall' || fn === 'input';
  const opts = renderObject(writes ? marshallEntries(undefined) : unmarshallEntries(undefined));
  const imp: V3Import = { module: '@aws-sdk/util-dynamodb', name: target };
  const guard = fn === 'input' || fn === 'output' ? '(x === undefined ? undefined : ' : '';
  plan.changes.use(sf, imp);
  plan.changes.edit(sf, { start: ref.getStart(sf), end: ref.end, render: (n) => `(x${/\.(c|m)?tsx?$/.test(sf.fileName) ? ': any' : ''}) => ${guard}${n(imp)}(x, ${opts})${guard ? ')' : ''}` });
  plan.spots.push({ node: ref, code: `v2-converter-${fn}`, message: `${ref.getText(sf)} passed as a callback is aws-sdk v2: a callback calling ${target}() with the options that keep items identical replaces it (v3 would read the callback's index argument as options)` });
  const problem = versionProblem('@aws-sdk/util-dynamodb', env.utilDynamodbVersion);
  if (problem) plan.notes.push({ node: ref, code: versionProblemCode(env.utilDynamodbVersion), severity: 'warning', message: problem });
  return plan;
}
