import ts from 'typescript';
import type { UserFunction } from './callTargets';

/** What the callers of a function pass for the parameter a request member reads. */
export interface CallerArguments {
  /** `limit`, or `opts.limit` when the member reads a property of the parameter. */
  read: string;
  passed: Array<{ call: ts.CallExpression; arg: ts.Expression; type: ts.Type }>;
}

/** The parameter declaration an identifier (a shorthand property's name included) refers to. */
function parameterOf(id: ts.Identifier, checker: ts.TypeChecker): ts.ParameterDeclaration | undefined {
  const symbol = ts.isShorthandPropertyAssignment(id.parent) && id.parent.name === id
    ? checker.getShorthandAssignmentValueSymbol(id.parent)
    : checker.getSymbolAtLocation(id);
  const d = symbol?.valueDeclaration;
  return d && ts.isParameter(d) && ts.isIdentifier(d.name) && !d.dotDotDotToken ? d : undefined;
}

/**
 * When `value` (a request member's written value) is a parameter of its enclosing function, or a
 * property of one (`opts.limit`), the type each call site in the program gives it: the argument's
 * type, or the type of that property on it. Calls passing nothing there are left out (the value
 * is then undefined, which needs no conversion). Undefined when `value` is anything else.
 */
export function callerArguments(
  value: ts.Expression,
  checker: ts.TypeChecker,
  callSitesOf: (fn: UserFunction) => readonly ts.CallExpression[],
): CallerArguments | undefined {
  let e = value;
  while (ts.isParenthesizedExpression(e) || ts.isNonNullExpression(e)) e = e.expression;
  const member = ts.isPropertyAccessExpression(e) && ts.isIdentifier(e.name) ? e.name.text : undefined;
  const base = member !== undefined ? (e as ts.PropertyAccessExpression).expression : e;
  if (!ts.isIdentifier(base)) return undefined;
  const param = parameterOf(base, checker);
  const fn = param?.parent;
  if (!param || !fn || !ts.isFunctionLike(fn) || !('body' in fn) || !fn.body) return undefined;
  const at = fn.parameters.indexOf(param);
  const passed: CallerArguments['passed'] = [];
  for (const call of callSitesOf(fn as UserFunction)) {
    const arg = call.arguments[at];
    if (!arg || call.arguments.some((a, i) => i <= at && ts.isSpreadElement(a))) continue;
    const argType = checker.getTypeAtLocation(arg);
    if (member === undefined) {
      passed.push({ call, arg, type: argType });
      continue;
    }
    const whole = checker.getNonNullableType(argType);
    if (whole.flags & (ts.TypeFlags.Any | ts.TypeFlags.Unknown)) {
      passed.push({ call, arg, type: whole });
      continue;
    }
    const prop = whole.getProperty(member);
    if (prop) passed.push({ call, arg, type: checker.getTypeOfSymbolAtLocation(prop, arg) });
  }
  return { read: e.getText(), passed };
}
