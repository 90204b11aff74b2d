import ts from 'typescript';
import { literalEdit, type V3Import } from '../editPlan';
import type { SubjectPlan } from './subjectPlan';

const attributeValue: V3Import = { module: '@aws-sdk/client-dynamodb', name: 'AttributeValue' };
/** Packages whose AttributeValue types v3's `unmarshall` does not accept (TS2345). */
const foreignTypes = /\/node_modules\/(aws-sdk|@types\/aws-lambda)\//;

/** A Converter argument that may need a cast after the migration, and the low-level client it comes from. */
export interface CastCandidate {
  plan: SubjectPlan;
  arg: ts.Expression;
  /** The subject id of the low-level client whose result the argument is, when traced. */
  from?: string;
  /** `unmarshall` takes a map of AttributeValues, `convertToNative` one AttributeValue. */
  shape: 'map' | 'value';
}

/** True when `e`'s type is one of aws-sdk v2's or aws-lambda's AttributeValue maps (not `any`, not v3's). */
export function hasForeignAttributeType(e: ts.Expression, checker: ts.TypeChecker): boolean {
  const t = checker.getNonNullableType(checker.getTypeAtLocation(e));
  if (t.flags & (ts.TypeFlags.Any | ts.TypeFlags.Unknown)) return false;
  const decls = [...(t.aliasSymbol?.declarations ?? []), ...(t.getSymbol()?.declarations ?? [])];
  return decls.some((d) => foreignTypes.test(d.getSourceFile().fileName));
}

/**
 * The call (`c.query(p)` of `c.query(p).promise()`) whose output `e` is part of, following
 * property reads, `??`/`||`, `await`, `const` initialisers, `for…of` variables and the item
 * parameter of `.map`/`.forEach`/`.filter` callbacks; undefined when the trail ends elsewhere.
 */
export function requestBehind(e: ts.Expression, checker: ts.TypeChecker): ts.CallExpression | undefined {
  for (let i = 0; i < 12; i++) {
    if (ts.isPropertyAccessExpression(e) || ts.isElementAccessExpression(e) || ts.isNonNullExpression(e) || ts.isParenthesizedExpression(e) || ts.isAwaitExpression(e) || ts.isAsExpression(e)) {
      if (ts.isPropertyAccessExpression(e) && e.name.text === 'promise' && ts.isCallExpression(e.expression)) return e.expression;
      e = e.expression;
    } else if (ts.isBinaryExpression(e) && (e.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken || e.operatorToken.kind === ts.SyntaxKind.BarBarToken)) {
      e = e.left;
    } else if (ts.isCallExpression(e)) {
      const callee = e.expression;
      if (ts.isPropertyAccessExpression(callee) && callee.name.text === 'promise' && ts.isCallExpression(callee.expression)) return callee.expression;
      return undefined;
    } else if (ts.isIdentifier(e)) {
      const decl = checker.getSymbolAtLocation(e)?.valueDeclaration;
      if (!decl) return undefined;
      if (ts.isVariableDeclaration(decl) && ts.isForOfStatement(decl.parent.parent)) e = decl.parent.parent.expression;
      else if (ts.isVariableDeclaration(decl) && decl.initializer) e = decl.initializer;
      else if (ts.isParameter(decl) && decl.parent.parameters[0] === decl && ts.isCallExpression(decl.parent.parent) && ts.isPropertyAccessExpression(decl.parent.parent.expression) && ['map', 'forEach', 'filter', 'flatMap'].includes(decl.parent.parent.expression.name.text)) {
        e = decl.parent.parent.expression.expression;
      } else return undefined;
    } else {
      return undefined;
    }
  }
  return undefined;
}

/**
 * In TypeScript, v3 `unmarshall`/`convertToNative` do not accept aws-sdk v2's or aws-lambda's
 * AttributeValue types (TS2345: they lack v3's `$unknown` member). Where such an argument stays
 * that type after the migration — it does not come from a low-level client migrated with it — the
 * argument is cast: `(x) as Record<string, AttributeValue>` (`as AttributeValue` for
 * `convertToNative`); run-time values are the same.
 */
export function castIfStillForeign(c: CastCandidate, migrated: (subjectId: string) => boolean): void {
  if (c.from && migrated(c.from)) return;
  const sf = c.arg.getSourceFile();
  c.plan.changes.use(sf, attributeValue);
  c.plan.changes.edit(sf, literalEdit(c.arg.getStart(sf), c.arg.getStart(sf), '('));
  // The argument's last character is rewritten with the cast after it, so the cast lands before
  // anything the fix inserts after the argument (the missing-image guard's ` ?? {}`, the options).
  const last = sf.text.slice(c.arg.end - 1, c.arg.end);
  c.plan.changes.edit(sf, { start: c.arg.end - 1, end: c.arg.end, render: (n) => `${last}) as ${c.shape === 'map' ? `Record<string, ${n(attributeValue)}>` : n(attributeValue)}` });
}
