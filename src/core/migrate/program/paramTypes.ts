import ts from 'typescript';
import { literalEdit } from '../editPlan';
import { inputScalars, type InputShape, type ScalarKind } from './dynamodbInputScalars';
import type { UserFunction } from './callTargets';
import type { FileChanges } from './fileChanges';
import { callerArguments } from './parameterCallers';
import { placeOf } from './subjectPlan';
import type { PlanNote } from './subjectPlan';

/** DocumentClient methods → the DynamoDB operation they call. */
const documentOperations: Record<string, string> = {
  get: 'GetItem', put: 'PutItem', query: 'Query', scan: 'Scan', update: 'UpdateItem', delete: 'DeleteItem',
  batchGet: 'BatchGetItem', batchWrite: 'BatchWriteItem', transactGet: 'TransactGetItems', transactWrite: 'TransactWriteItems',
};

/** The API operation of a v2 method: DocumentClient `query` → `Query`, low-level `getItem` → `GetItem`. */
export function operationOf(api: 'DocumentClient' | 'DynamoDB', method: string): string {
  return api === 'DocumentClient' ? documentOperations[method] ?? '' : method[0]!.toUpperCase() + method.slice(1);
}

type Found = 'ok' | 'string' | 'unknown' | 'other';

/** How the checker's type of a value meets what the API model wants (null/undefined set aside). */
function classify(kind: ScalarKind, type: ts.Type, checker: ts.TypeChecker): Found {
  const t = checker.getNonNullableType(type);
  if (t.flags & (ts.TypeFlags.Any | ts.TypeFlags.Unknown)) return 'unknown';
  const parts = t.isUnion() ? t.types : [t];
  const is = (p: ts.Type, f: ts.TypeFlags) => (p.flags & f) !== 0;
  if (kind === 'boolean') return parts.every((p) => is(p, ts.TypeFlags.BooleanLike)) ? 'ok' : parts.some((p) => is(p, ts.TypeFlags.StringLike)) ? 'string' : 'other';
  if (kind === 'timestamp') return parts.every((p) => p.getSymbol()?.name === 'Date') ? 'ok' : 'other';
  if (parts.every((p) => is(p, ts.TypeFlags.NumberLike))) return 'ok';
  return parts.some((p) => is(p, ts.TypeFlags.StringLike)) ? 'string' : 'other';
}

/** The expression written for a property, when it is written in a user file: its initializer, or the shorthand name. */
function writtenValue(prop: ts.Symbol): ts.Expression | undefined {
  const d = prop.valueDeclaration;
  if (!d || d.getSourceFile().isDeclarationFile) return undefined;
  if (ts.isPropertyAssignment(d)) return d.initializer;
  if (ts.isShorthandPropertyAssignment(d)) return d.name;
  return undefined;
}

const isSimple = (e: ts.Expression): boolean => ts.isIdentifier(e) || (ts.isPropertyAccessExpression(e) && isSimple(e.expression));

/**
 * Checks the request parameters of one call against the API model (see `inputScalars`), through
 * the checker's types. v2 converted numeric strings to numbers before sending (its ParamValidator
 * accepts them; IntegerShape writes `parseInt(v, 10)`, FloatShape `parseFloat(v)`); v3 sends
 * values as they are and DynamoDB rejects a string (SerializationException). So:
 * - a string where a number goes: the conversion v2 did is written into the fix (`'10'` → `10`,
 *   `x` → `parseInt(x, 10)`, guarded when it may be undefined), with an information note;
 * - a value whose type is unknown (`any`): a warning to make sure it is a number / boolean;
 * - a string where a boolean goes, a non-Date timestamp: a warning (v2 rejected or converted it
 *   differently; v3 fails another way);
 * - a well-typed parameter of the enclosing function (or a property of one) that a call site in
 *   the program fills with a string or an `any` (`ctx.callSitesOf`, see `callerArguments`): for a
 *   number, v2's conversion written over `String(…)` (exact for numbers too) with an information
 *   note naming the call sites; for a boolean, a warning.
 * Edits go to `changes` (undefined when the call's input is copied elsewhere, e.g. into a
 * paginator: then a warning instead), notes to `notes`; nothing is returned.
 */
export function checkParamTypes(
  params: ts.Expression,
  api: 'DocumentClient' | 'DynamoDB',
  method: string,
  ctx: { checker: ts.TypeChecker; strictNullChecks: boolean; root?: string; callSitesOf?: (fn: UserFunction) => readonly ts.CallExpression[] },
  changes: FileChanges | undefined,
  notes: PlanNote[],
): void {
  const checker = ctx.checker;
  const shape = inputScalars[operationOf(api, method)];
  if (!shape || typeof shape === 'string') return;
  let written = params;
  while (ts.isAsExpression(written) || ts.isParenthesizedExpression(written) || ts.isSatisfiesExpression(written) || ts.isNonNullExpression(written) || ts.isTypeAssertionExpression(written)) written = written.expression;
  walk(shape, checker.getTypeAtLocation(written), '');

  function walk(s: { [member: string]: InputShape }, type: ts.Type, path: string): void {
    const parts = type.isUnion() ? type.types : [type];
    for (const [member, sub] of Object.entries(s)) {
      for (const part of parts) {
        if (member === '[]') {
          const element = part.getNumberIndexType();
          if (element && typeof sub !== 'string') walk(sub, element, `${path}[]`);
          continue;
        }
        const prop = part.getProperty(member);
        if (!prop) continue;
        const propType = checker.getTypeOfSymbolAtLocation(prop, params);
        if (typeof sub === 'string') check(sub, prop, propType, `${path}${path ? '.' : ''}${member}`);
        else walk(sub, propType, `${path}${path ? '.' : ''}${member}`);
      }
    }
  }

  function check(kind: ScalarKind, prop: ts.Symbol, type: ts.Type, path: string): void {
    const found = classify(kind, type, checker);
    if (found === 'ok') {
      checkCallers(kind, writtenValue(prop), type, path);
      return;
    }
    const value = writtenValue(prop);
    const at = value ?? params;
    const note = (severity: PlanNote['severity'], message: string) => notes.push({ node: at, code: 'v3-param-type', severity, message: `${path}: ${message}` });
    const numeric = kind === 'integer' || kind === 'long' || kind === 'float' || kind === 'double';
    if (found === 'unknown') {
      note('warning', `its type is unknown here; v2 ${numeric ? 'turned numeric strings into numbers' : kind === 'boolean' ? 'rejected anything but a boolean' : 'turned numbers and strings into dates'} before sending, v3 sends the value as it is: make sure it is a ${numeric ? 'number' : kind === 'boolean' ? 'boolean' : 'Date'}`);
      return;
    }
    if (!numeric || found !== 'string') {
      const v2 = kind === 'boolean' ? 'v2 rejected it before sending (InvalidParameterType)' : kind === 'timestamp' ? 'v2 turned it into a date' : 'v2 converted it';
      note('warning', `${checker.typeToString(type)} where the API wants a ${kind === 'timestamp' ? 'Date' : kind}: ${v2}; v3 sends it as it is and fails differently: convert it`);
      return;
    }
    const replacement = convert(kind, value, type, false);
    if (!replacement) {
      note('warning', `a string here; v2 converted it to a number before sending, v3 sends the string and DynamoDB rejects it (SerializationException): convert it`);
      return;
    }
    note('information', `${value!.getText()} is a string; v2 converted it to a number before sending, v3 would send the string (DynamoDB rejects it): the fix writes ${replacement}`);
  }

  /** Writes v2's conversion over `value` (`String(…)` first when its type is not a string); the replacement, or undefined when it cannot. */
  function convert(kind: ScalarKind, value: ts.Expression | undefined, type: ts.Type, viaString: boolean): string | undefined {
    const sf = value?.getSourceFile();
    const wrap = (t: string) => (viaString ? `String(${t})` : t);
    const parse = kind === 'integer' || kind === 'long' ? (t: string) => `parseInt(${wrap(t)}, 10)` : (t: string) => `parseFloat(${wrap(t)})`;
    // Without strictNullChecks a `string` may still be undefined: a plain reference is guarded then.
    const nullable = ctx.strictNullChecks ? checker.getNonNullableType(type) !== type : isSimple(value ?? params) && !ts.isStringLiteralLike(value ?? params);
    if (!value || !sf || !changes || (nullable && !isSimple(value) && !ts.isStringLiteralLike(value))) return undefined;
    const text = value.getText(sf);
    let replacement: string;
    if (ts.isStringLiteralLike(value) && /^-?\d+(\.\d+)?$/.test(value.text)) replacement = String(kind === 'integer' || kind === 'long' ? parseInt(value.text, 10) : parseFloat(value.text));
    else if (nullable) replacement = `${text} == null ? undefined : ${parse(text)}`;
    else replacement = parse(text);
    if (ts.isShorthandPropertyAssignment(value.parent) && value.parent.name === value) replacement = `${text}: ${replacement}`;
    changes.edit(sf, literalEdit(value.getStart(sf), value.end, replacement));
    return replacement;
  }

  /** A well-typed member read from a parameter: what the function's callers pass for it (see `callerArguments`). */
  function checkCallers(kind: ScalarKind, value: ts.Expression | undefined, type: ts.Type, path: string): void {
    const numeric = kind === 'integer' || kind === 'long' || kind === 'float' || kind === 'double';
    if (!value || !ctx.callSitesOf || (!numeric && kind !== 'boolean')) return;
    const callers = callerArguments(value, checker, ctx.callSitesOf);
    const loose = callers?.passed.filter((p) => classify(kind, p.type, checker) !== 'ok' && classify(kind, p.type, checker) !== 'other') ?? [];
    if (!callers || loose.length === 0) return;
    const where = loose.map((p) => `${placeOf(p.call, ctx.root ?? '')} passes ${oneLine(p.arg)} (${checker.typeToString(p.type)})`).join('; ');
    const note = (severity: PlanNote['severity'], message: string) => notes.push({ node: value, code: 'v3-param-type', severity, message: `${path}: ${message}` });
    const typed = `${callers.read} is typed ${checker.typeToString(type)}, but ${where}`;
    if (!numeric) {
      note('warning', `${typed}; v2 rejected anything but a boolean before sending (InvalidParameterType), v3 sends the value as it is: convert it at the call`);
      return;
    }
    const replacement = convert(kind, value, type, true);
    if (!replacement) {
      note('warning', `${typed}; v2 converted a numeric string to a number before sending, v3 sends the string and DynamoDB rejects it (SerializationException): convert it`);
      return;
    }
    note('information', `${typed}; v2 converted a numeric string to a number before sending, v3 would send the string (DynamoDB rejects it: SerializationException): the fix writes ${replacement}, v2's conversion`);
  }
}

/** An expression's text on one line, cut at 40 characters, for messages. */
function oneLine(e: ts.Expression): string {
  const t = e.getText().replace(/\s+/g, ' ');
  return t.length > 40 ? `${t.slice(0, 37)}…` : t;
}
