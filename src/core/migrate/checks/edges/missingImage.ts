import ts from 'typescript';

/** Text to put around an `unmarshall` argument so a missing image gives `{}` as in v2. */
export interface ImageGuard {
  /** Inserted before the argument (`(` when it needs parentheses). */
  before: string;
  /** Inserted after it (` ?? {}` or `) ?? {}`). */
  after: string;
}

const neverNullish = (e: ts.Expression): boolean =>
  ts.isObjectLiteralExpression(e) || ts.isArrayLiteralExpression(e) || ts.isNewExpression(e) || ts.isTemplateExpression(e) ||
  ts.isStringLiteralLike(e) || ts.isNumericLiteral(e);

/** Operands that bind tighter than `??` and never mix with it: no parentheses needed. */
const tight = (e: ts.Expression): boolean =>
  ts.isIdentifier(e) || ts.isPropertyAccessExpression(e) || ts.isElementAccessExpression(e) || ts.isCallExpression(e) ||
  ts.isParenthesizedExpression(e) || e.kind === ts.SyntaxKind.ThisKeyword || ts.isNonNullExpression(e);

/** Type information, when the program was checked with `strictNullChecks` (else every type admits undefined). */
export interface StrictTyping {
  checker: ts.TypeChecker;
}

/** True when the type is known and admits neither `undefined` nor `null`. */
function typedNonNullish(e: ts.Expression, typing: StrictTyping | undefined): boolean {
  if (!typing) return false;
  const t = typing.checker.getTypeAtLocation(e);
  const parts = t.isUnion() ? t.types : [t];
  const open = ts.TypeFlags.Undefined | ts.TypeFlags.Null | ts.TypeFlags.Void | ts.TypeFlags.Any | ts.TypeFlags.Unknown;
  return parts.every((p) => (p.flags & open) === 0 && (p.flags & ts.TypeFlags.Object) !== 0);
}

/**
 * The guard that keeps v2's result for a missing image: aws-sdk v2 `Converter.unmarshall(undefined)`
 * and `(null)` return `{}` (its `for…in` over nothing), v3 `unmarshall` throws ("No value defined"
 * / "Cannot convert undefined or null to object") — a stream handler reading `OldImage` of an INSERT
 * record then fails its whole batch. `unmarshall(x ?? {})` returns `{}` for both. Undefined when
 * the argument cannot be nullish (a literal, or an object type under `strictNullChecks`; pass
 * `typing` only for such a program).
 */
export function missingImageGuard(arg: ts.Expression, typing?: StrictTyping): ImageGuard | undefined {
  if (neverNullish(arg) || typedNonNullish(arg, typing)) return undefined;
  return tight(arg) ? { before: '', after: ' ?? {}' } : { before: '(', after: ') ?? {}' };
}

/**
 * The same guard for `Converter.output({ M: image })`: v2 returned `{}` for `{ M: undefined }`
 * (its `for…in` over nothing), v3 `convertToNative` throws "No value defined". Returns the image
 * expression and its guard, or undefined when the argument is not such a literal or the image
 * cannot be nullish.
 */
export function wrappedImageGuard(arg: ts.Expression, typing?: StrictTyping): { image: ts.Expression; guard: ImageGuard } | undefined {
  if (!ts.isObjectLiteralExpression(arg) || arg.properties.length !== 1) return undefined;
  const p = arg.properties[0]!;
  if (!ts.isPropertyAssignment(p) || p.name.getText() !== 'M') return undefined;
  const guard = missingImageGuard(p.initializer, typing);
  return guard ? { image: p.initializer, guard } : undefined;
}
