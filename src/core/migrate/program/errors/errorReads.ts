import ts from 'typescript';
import type { PendingEdit, V3Import } from '../../editPlan';
import type { CallDelivery } from '../requestCall';
import type { PlanNote, SubjectPlan } from '../subjectPlan';
import { placeOf } from '../subjectPlan';
import { symbolReads } from '../symbolReads';
import { codeMeaning, metadataProperties, v2OnlyProperties, type CodeMeaning } from './errorCodes';
import { cannotThrow, followErrors, outerOf, type ErrorFlowContext, type ErrorHolder } from './errorFlow';

/** v3's base class of DynamoDB's errors: `name`, `message`, `$metadata`, `$fault`, `$retryable`. */
const serviceException: V3Import = { module: '@aws-sdk/client-dynamodb', name: 'DynamoDBServiceException' };

/** A read of a v2 error property: `e.code`, `(e as any)['statusCode']`, `{ code } = e`. */
type Read =
  | { kind: 'access'; node: ts.PropertyAccessExpression | ts.ElementAccessExpression; base: ts.Expression; prop: string }
  | { kind: 'binding'; node: ts.BindingElement; prop: string };

/**
 * The error reads of the whole program: every rewritten call registers the errors it delivers
 * ({@link plan}); the edits render once every plan's fate is known, because how a read is
 * rewritten depends on what else reaches it:
 * - `code` compared with service error types (`=== 'ConditionalCheckFailedException'`, a `case`,
 *   `[…].includes`, a `const` of that value) → `name` (v2 gave both, v3 only `name`);
 *   compared with v2's client-side codes (`NetworkingError`) → a warning, unchanged;
 * - `code` read otherwise, `statusCode`/`requestId`/`extendedRequestId`/`cfId` → `name` /
 *   `$metadata?.httpStatusCode`… where only errors of migrated calls can arrive; where other
 *   errors can too (another statement of the try block, a v2 call left, a callback's other
 *   callers), a form that keeps their own property: `(e.$metadata ? e.name : e.code)`;
 * - `retryable`, `time`, `hostname`… (no v3 counterpart) and the error handed to code outside
 *   the program (`next(err)`) → a warning at the line.
 */
export class ErrorReads {
  /** For each holder binding, the plans whose calls' errors reach it. */
  private readonly sources = new Map<ts.Node, Set<SubjectPlan>>();
  /** Every rewritten call's delivery node (its promise), with its plan. */
  private readonly deliveries = new Map<ts.Node, SubjectPlan>();
  private readonly planned = new Map<SubjectPlan, Set<ts.Node>>();
  /** Rewrites made only where no other error can arrive, with the note for where one can. */
  private readonly unsure: Array<{ plan: SubjectPlan; node: ts.Node; sole: () => boolean; message: string }> = [];

  constructor(private readonly ctx: ErrorFlowContext, private readonly root: string) {}

  /**
   * Follows the errors of one rewritten call of `plan` (see `followErrors`) and adds to `plan` the
   * rewrites of the reads that receive them and the notes on those that cannot be rewritten.
   */
  plan(delivered: CallDelivery, call: ts.CallExpression, plan: SubjectPlan): void {
    if (delivered.delivery === 'promise') this.deliveries.set(delivered.node, plan);
    const flow = followErrors(delivered, this.ctx);
    const done = this.planned.get(plan) ?? new Set<ts.Node>();
    this.planned.set(plan, done);
    const at = placeOf(call, this.root);
    for (const holder of flow.holders) {
      const from = this.sources.get(holder.binding) ?? new Set();
      from.add(plan);
      this.sources.set(holder.binding, from);
      if (done.has(holder.binding)) continue;
      done.add(holder.binding);
      for (const read of readsOf(holder.binding, this.ctx.checker)) this.rewrite(read, holder, plan, at);
      for (const check of v2InstanceChecks(holder.binding, this.ctx.checker)) {
        note(plan, check, `${check.getText()}: the error of the DynamoDB call at ${at} is a v3 class after the migration (DynamoDBServiceException and its subclasses such as ConditionalCheckFailedException from @aws-sdk/client-dynamodb), no aws-sdk v2 object: test err.name or instanceof the v3 class`);
      }
      for (const type of awsErrorTypes(holder.binding, this.ctx.checker)) {
        const sf = type.getSourceFile();
        const original = type.getText(sf);
        plan.changes.edit(sf, { start: type.getStart(sf), end: type.end, render: (n) => (this.onlySdk(holder) ? n(serviceException) : original) });
      }
    }
    for (const e of flow.escapes) {
      if (done.has(e.node)) continue;
      done.add(e.node);
      note(plan, e.node, `the error of the DynamoDB call at ${at} is handed to ${e.to} here, code the tool cannot follow: if it reads err.code, statusCode, retryable or requestId, v3 errors carry name, $metadata.httpStatusCode, $metadata.requestId instead (and no retryable)`);
    }
  }

  /** Once fates are final: a warning where a rewrite was left out because other errors can arrive. */
  finish(): void {
    for (const u of this.unsure) if (u.plan.subject.migrated && !u.sole()) note(u.plan, u.node, u.message);
  }

  /** True when only errors of migrated calls can reach `holder`. */
  private onlySdk(holder: ErrorHolder): boolean {
    if (holder.via.kind === 'shared') return false;
    if (![...(this.sources.get(holder.binding) ?? [])].every((p) => p.subject.migrated)) return false;
    return holder.via.kind === 'direct' || holdsOnlyCalls(holder.via.block, (n) => this.deliveries.get(n)?.subject.migrated === true);
  }

  private rewrite(read: Read, holder: ErrorHolder, plan: SubjectPlan, at: string): void {
    const sf = read.node.getSourceFile();
    const sole = () => this.onlySdk(holder);
    const v3 = metadataProperties.get(read.prop);
    const missing = v2OnlyProperties.get(read.prop);
    if (missing) return note(plan, read.node, `err.${read.prop} (the error of the DynamoDB call at ${at}): ${missing}`);
    if (read.prop !== 'code' && !v3) return;
    if (read.kind === 'binding') {
      const element = read.node;
      if (element.dotDotDotToken || !ts.isIdentifier(element.name)) return note(plan, element, `${read.prop} is destructured from the error of the DynamoDB call at ${at}: v3 errors have ${read.prop === 'code' ? 'name' : `$metadata.${v3}`} instead: rewrite it by hand`);
      const local = element.name.text;
      const init = element.initializer ? ` = ${element.initializer.getText(sf)}` : '';
      const text = read.prop === 'code' ? `name: ${local}${init}` : `$metadata: { ${v3}: ${local}${init} } = {}`;
      const original = element.getText(sf);
      plan.changes.edit(sf, { start: element.getStart(sf), end: element.end, render: () => (sole() ? text : original) });
      this.unsure.push({ plan, node: element, sole, message: `${read.prop} is destructured from an error that may also come from elsewhere than the DynamoDB call at ${at}: v3 errors have ${read.prop === 'code' ? 'name' : `$metadata.${v3}`} instead: rewrite it by hand` });
      return;
    }
    const access = read.node;
    if (isWritten(access)) return;
    const base = read.base.getText(sf);
    const q = access.questionDotToken ? '?.' : '.';
    const start = access.getStart(sf);
    if (read.prop === 'code') {
      const meanings = comparedWith(access, this.ctx.checker);
      for (const m of meanings ?? []) {
        if (m.meaning.kind === 'v2-only') note(plan, outerOf(access).parent, `err.code compared with '${m.code}' (the error of the DynamoDB call at ${at}): ${m.meaning.instead}, so this never matches after the migration`);
      }
      if (meanings && meanings.every((m) => m.meaning.kind !== 'other')) {
        if (meanings.some((m) => m.meaning.kind === 'service')) plan.changes.edit(sf, nameEdit(access, sf));
        return;
      }
      plan.changes.edit(sf, { start, end: access.end, render: () => (sole() ? `${base}${q}name` : grouped(access, `${base}${q}$metadata ? ${base}.name : ${base}${q}code`)) });
      return;
    }
    plan.changes.edit(sf, {
      start,
      end: access.end,
      render: () => (sole() ? `${base}${q}$metadata?.${v3}` : grouped(access, `${base}${q}$metadata ? ${base}.$metadata.${v3} : ${base}${q}${read.prop}`)),
    });
  }
}

function note(plan: SubjectPlan, node: ts.Node, message: string): void {
  if (plan.notes.some((n) => n.node === node && n.message === message)) return;
  const n: PlanNote = { node, code: 'v3-error-shape', severity: 'warning', message };
  plan.notes.push(n);
}

/** `e.code` → `e.name`, `e['code']` → `e['name']`: only the property name changes. */
function nameEdit(access: ts.PropertyAccessExpression | ts.ElementAccessExpression, sf: ts.SourceFile): PendingEdit {
  const key = ts.isPropertyAccessExpression(access) ? access.name : access.argumentExpression;
  const quote = ts.isStringLiteral(key) ? key.getText(sf)[0] : '';
  return { start: key.getStart(sf), end: key.end, render: () => `${quote}name${quote}` };
}

function isWritten(access: ts.Expression): boolean {
  const x = outerOf(access);
  const p = x.parent;
  if (ts.isBinaryExpression(p) && p.left === x && p.operatorToken.kind >= ts.SyntaxKind.FirstAssignment && p.operatorToken.kind <= ts.SyntaxKind.LastAssignment) return true;
  return ts.isDeleteExpression(p) || ((ts.isPrefixUnaryExpression(p) || ts.isPostfixUnaryExpression(p)) && (p.operator === ts.SyntaxKind.PlusPlusToken || p.operator === ts.SyntaxKind.MinusMinusToken));
}

/**
 * aws-sdk v2's `AWSError` where it types a holder: its annotation (`(err: AWSError, data) =>`) and
 * the casts of its reads (`(e as AWSError).code`, `const err = e as AWSError`).
 */
function awsErrorTypes(binding: ts.BindingName, checker: ts.TypeChecker): ts.TypeReferenceNode[] {
  const out: ts.TypeReferenceNode[] = [];
  const add = (t: ts.TypeNode | undefined) => {
    if (t && ts.isTypeReferenceNode(t) && isAwsError(t, checker)) out.push(t);
  };
  const decl = binding.parent;
  if (ts.isParameter(decl) || ts.isVariableDeclaration(decl)) add(decl.type);
  if (ts.isVariableDeclaration(decl) && decl.initializer && (ts.isAsExpression(decl.initializer) || ts.isTypeAssertionExpression(decl.initializer))) add(decl.initializer.type);
  if (!ts.isIdentifier(binding)) return out;
  const symbol = checker.getSymbolAtLocation(binding);
  for (const r of symbol ? symbolReads(symbol, binding, checker) : []) {
    for (let x: ts.Node = r; x.parent && (ts.isParenthesizedExpression(x.parent) || ts.isAsExpression(x.parent) || ts.isTypeAssertionExpression(x.parent)); x = x.parent) {
      if (ts.isAsExpression(x.parent) || ts.isTypeAssertionExpression(x.parent)) add(x.parent.type);
    }
  }
  return out;
}

function isAwsError(t: ts.TypeReferenceNode, checker: ts.TypeChecker): boolean {
  const name = ts.isIdentifier(t.typeName) ? t.typeName : t.typeName.right;
  return name.text === 'AWSError' && fromAwsSdk(t.typeName, checker);
}

/** Does `node` name something aws-sdk v2 declares (its own `.d.ts` files)? */
function fromAwsSdk(node: ts.Node, checker: ts.TypeChecker): boolean {
  let symbol = checker.getSymbolAtLocation(ts.isPropertyAccessExpression(node) ? node.name : node);
  if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
  return !!symbol?.declarations?.some((d) => /\/node_modules\/aws-sdk\//.test(d.getSourceFile().fileName));
}

/** `err instanceof X` on a holder where X is something of aws-sdk v2. */
function v2InstanceChecks(binding: ts.BindingName, checker: ts.TypeChecker): ts.BinaryExpression[] {
  if (!ts.isIdentifier(binding)) return [];
  const symbol = checker.getSymbolAtLocation(binding);
  const out: ts.BinaryExpression[] = [];
  for (const r of symbol ? symbolReads(symbol, binding, checker) : []) {
    const x = outerOf(r);
    const p = x.parent;
    if (ts.isBinaryExpression(p) && p.left === x && p.operatorToken.kind === ts.SyntaxKind.InstanceOfKeyword && fromAwsSdk(p.right, checker)) out.push(p);
  }
  return out;
}

/** Every read of a property on a holder: `h.p`, `h?.p`, `(h as T).p`, `h['p']`, and destructured members. */
function readsOf(binding: ts.BindingName, checker: ts.TypeChecker): Read[] {
  if (ts.isObjectBindingPattern(binding)) return bindingReads(binding);
  if (!ts.isIdentifier(binding)) return [];
  const symbol = checker.getSymbolAtLocation(binding);
  const out: Read[] = [];
  for (const r of symbol ? symbolReads(symbol, binding, checker) : []) {
    const base = outerOf(r);
    const p = base.parent;
    if (ts.isPropertyAccessExpression(p) && p.expression === base) out.push({ kind: 'access', node: p, base, prop: p.name.text });
    else if (ts.isElementAccessExpression(p) && p.expression === base && ts.isStringLiteralLike(p.argumentExpression)) out.push({ kind: 'access', node: p, base, prop: p.argumentExpression.text });
  }
  return out;
}

function bindingReads(pattern: ts.ObjectBindingPattern): Read[] {
  const out: Read[] = [];
  for (const el of pattern.elements) {
    const key = el.propertyName ?? el.name;
    if (ts.isIdentifier(key) || ts.isStringLiteral(key)) out.push({ kind: 'binding', node: el, prop: key.text });
  }
  return out;
}

/**
 * The values `e.code` is compared with, when all are known strings: `=== 'X'` (or a `const`/enum
 * member of literal type), `switch (e.code) { case 'X': … }`, `['X', 'Y'].includes(e.code)`.
 * Undefined when it is read any other way.
 */
function comparedWith(access: ts.Expression, checker: ts.TypeChecker): Array<{ code: string; meaning: CodeMeaning }> | undefined {
  const x = outerOf(access);
  const p = x.parent;
  const literal = (e: ts.Expression): string | undefined => {
    if (ts.isStringLiteralLike(e)) return e.text;
    const t = checker.getTypeAtLocation(e);
    return t.isStringLiteral() ? t.value : undefined;
  };
  let codes: Array<string | undefined> | undefined;
  if (ts.isBinaryExpression(p) && [ts.SyntaxKind.EqualsEqualsEqualsToken, ts.SyntaxKind.EqualsEqualsToken, ts.SyntaxKind.ExclamationEqualsEqualsToken, ts.SyntaxKind.ExclamationEqualsToken].includes(p.operatorToken.kind)) {
    codes = [literal(p.left === x ? p.right : p.left)];
  } else if (ts.isSwitchStatement(p) && p.expression === x) {
    codes = p.caseBlock.clauses.filter(ts.isCaseClause).map((c) => literal(c.expression));
  } else if (ts.isCallExpression(p) && p.arguments[0] === x && ts.isPropertyAccessExpression(p.expression) && /^(includes|indexOf)$/.test(p.expression.name.text)) {
    const list = arrayLiteralOf(p.expression.expression, checker);
    codes = list?.elements.map((el) => literal(el as ts.Expression));
  }
  if (!codes || codes.length === 0 || codes.some((c) => c === undefined)) return undefined;
  return (codes as string[]).map((code) => ({ code, meaning: codeMeaning(code) }));
}

function arrayLiteralOf(e: ts.Expression, checker: ts.TypeChecker): ts.ArrayLiteralExpression | undefined {
  if (ts.isArrayLiteralExpression(e)) return e;
  if (!ts.isIdentifier(e)) return undefined;
  const decl = checker.getSymbolAtLocation(e)?.valueDeclaration;
  const init = decl && ts.isVariableDeclaration(decl) && ts.getCombinedNodeFlags(decl.parent) & ts.NodeFlags.Const ? decl.initializer : undefined;
  const inner = init && (ts.isAsExpression(init) ? init.expression : init);
  return inner && ts.isArrayLiteralExpression(inner) ? inner : undefined;
}

/**
 * True when every statement of a try block is one of the program's DynamoDB calls (`await
 * doc.put(p)`, `const out = await doc.get(p)`, `return doc.query(p)`) that `isCall` accepts:
 * nothing else in it can throw an error of its own.
 */
function holdsOnlyCalls(block: ts.Block, isCall: (n: ts.Node) => boolean): boolean {
  const callOf = (e: ts.Expression | undefined): boolean => {
    let x = e;
    while (x && (ts.isAwaitExpression(x) || ts.isParenthesizedExpression(x))) x = x.expression;
    return !!x && isCall(x);
  };
  return block.statements.every((st) =>
    (ts.isExpressionStatement(st) && callOf(st.expression)) ||
    (ts.isReturnStatement(st) && (!st.expression || callOf(st.expression) || cannotThrow(st.expression))) ||
    (ts.isVariableStatement(st) && st.declarationList.declarations.every((d) => callOf(d.initializer) || !d.initializer || cannotThrow(d.initializer))));
}

/** `(text)`, unless where it goes already delimits it (an argument, a `switch`, an initializer…). */
function grouped(access: ts.Expression, text: string): string {
  const x = outerOf(access);
  const p = x.parent;
  const delimited = ts.isSwitchStatement(p) || ts.isCaseClause(p) || ts.isVariableDeclaration(p) || ts.isPropertyAssignment(p) ||
    ts.isReturnStatement(p) || ts.isTemplateSpan(p) || ts.isArrayLiteralExpression(p) || ts.isExpressionStatement(p) ||
    ((ts.isCallExpression(p) || ts.isNewExpression(p)) && p.expression !== x) || (ts.isArrowFunction(p) && p.body === x) || ts.isParenthesizedExpression(p);
  return delimited ? text : `(${text})`;
}
