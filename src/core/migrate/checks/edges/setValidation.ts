/**
 * v2 `DocumentClient.createSet(list)` vs the `new Set(list)` the migration writes, measured with
 * aws-sdk 2.1693.0 and lib-dynamodb 3.1169.0 against dynalite (test/core/migrate/checks/setValidation.test.ts):
 * - `[]`: v2 createSet throws InvalidSetType; v3 marshall throws "Pass a non-empty set" (writes NULL
 *   with convertEmptyValues);
 * - duplicates `['a','a']`: v2 sends them and DynamoDB rejects the write (ValidationException
 *   "Input collection … contains duplicates"); v3's Set drops them and the write succeeds;
 * - string first, then a number `['a', 1]`: v2's parameter validation throws InvalidParameterType;
 *   v3 writes SS ["a","1"];
 * - a `null` member after the first: v2 drops it on the wire; v3 marshall throws TypeError;
 *   `null` first: both throw (InvalidSetType vs "Only Number Set (NS), Binary Set (BS) or String Set (SS) are allowed");
 * - a single value `createSet('abc')`: v2 wraps it (`[].concat`) → SS ["abc"]; `new Set('abc')` is a set
 *   of its characters (the migration wraps literals: `new Set(['abc'])`).
 */
import ts from 'typescript';
import type { MigrationView, ProgramFinding } from '../../program/api';

type Member = { kind: 'String' | 'Number'; value: string } | { kind: 'null' } | { kind: 'undefined' } | { kind: 'dynamic' };

function member(e: ts.Expression): Member {
  if (ts.isStringLiteralLike(e)) return { kind: 'String', value: e.text };
  if (ts.isNumericLiteral(e)) return { kind: 'Number', value: String(Number(e.text)) };
  if (ts.isPrefixUnaryExpression(e) && e.operator === ts.SyntaxKind.MinusToken && ts.isNumericLiteral(e.operand)) {
    return { kind: 'Number', value: String(-Number(e.operand.text)) };
  }
  if (e.kind === ts.SyntaxKind.NullKeyword) return { kind: 'null' };
  if (ts.isIdentifier(e) && e.text === 'undefined') return { kind: 'undefined' };
  return { kind: 'dynamic' };
}

const validationSummary =
  'v2 createSet threw InvalidSetType for an empty list, v2 writes with duplicate members were rejected by DynamoDB (ValidationException) and ' +
  'a string set with a number failed v2\'s parameter validation (InvalidParameterType); v3\'s new Set drops duplicates and writes them, ' +
  'turns the numbers of a string set into strings, and throws for an empty set ("Pass a non-empty set", NULL with convertEmptyValues)';

/** What changes at one `createSet` call, or undefined when its literal members behave the same. */
function literalChange(elements: readonly ts.Expression[]): string | undefined {
  if (elements.length === 0) {
    return 'createSet([]): v2 threw InvalidSetType here; v3 marshall throws "Pass a non-empty set, or options.convertEmptyValues=true." (with convertEmptyValues it writes NULL)';
  }
  const members = elements.map((e) => (ts.isSpreadElement(e) ? { kind: 'dynamic' } as Member : member(e)));
  const first = members[0]!;
  if (first.kind === 'null') {
    return 'a null first member: v2 threw InvalidSetType; v3 marshall throws "Only Number Set (NS), Binary Set (BS) or String Set (SS) are allowed." (another error)';
  }
  const seen = new Set<string>();
  for (const m of members) {
    if (m.kind !== 'String' && m.kind !== 'Number') continue;
    const key = `${m.kind}:${m.value}`;
    if (seen.has(key)) return `duplicate member ${m.kind === 'String' ? JSON.stringify(m.value) : m.value}: v2 sent it twice and DynamoDB rejected the write (ValidationException: Input collection contains duplicates); v3's Set keeps one and the write succeeds`;
    seen.add(key);
  }
  if (first.kind === 'String' && members.some((m) => m.kind === 'Number')) {
    return 'a number in a string set: v2\'s parameter validation threw InvalidParameterType ("Expected params.Item[…].SS[i] to be a string"); v3 writes it as a string (SS ["a","1"])';
  }
  if (members.slice(1).some((m) => m.kind === 'null')) {
    return 'a null member: v2 dropped it on the wire and wrote the others; v3 marshall throws TypeError (Cannot read properties of null)';
  }
  return members.some((m) => m.kind === 'dynamic') ? validationSummary : undefined;
}

/**
 * Item 5, set validation: at each `createSet(…)` the migration turns into `new Set(…)`, reports
 * what v2 rejected that v3 writes (or the reverse), from the literal members where it can prove
 * the case, else the whole rule set (`v3-set-validation`, warning). For a non-literal argument it
 * offers `Array.isArray(x) ? x : [x]`, which keeps v2's handling of a single value.
 */
export function checkSetValidation(view: MigrationView): ProgramFinding[] {
  const out: ProgramFinding[] = [];
  for (const call of view.createdSets) {
    const sf = call.getSourceFile();
    const [list] = call.arguments;
    const at = { fileName: sf.fileName, start: call.getStart(sf), end: call.end, code: 'v3-set-validation', severity: 'warning' as const };
    if (!list) {
      out.push({ ...at, message: 'createSet() with no list: v2 threw InvalidSetType; v3 new Set([]) makes marshall throw "Pass a non-empty set" (NULL with convertEmptyValues)' });
      continue;
    }
    if (ts.isArrayLiteralExpression(list)) {
      const change = literalChange(list.elements);
      if (change) out.push({ ...at, message: change });
      continue;
    }
    if (member(list).kind !== 'dynamic') continue; // a literal single value: the migration wraps it
    const text = list.getText(sf);
    const type = view.checker.getTypeAtLocation(list);
    if (view.checker.isArrayLikeType(type) && !(type.flags & ts.TypeFlags.Any)) {
      out.push({ ...at, message: `createSet(${text}): ${validationSummary}` });
      continue;
    }
    const simple = ts.isIdentifier(list) || (ts.isPropertyAccessExpression(list) && ts.isIdentifier(list.expression));
    out.push({
      ...at,
      message: `createSet(${text}): ${validationSummary}; and a single value (not an array) was one member in v2 but new Set("abc") is a set of its characters`,
      ...(simple ? { fix: { title: 'Keep v2\'s handling of a single value', edits: [{ fileName: sf.fileName, start: list.getStart(sf), end: list.end, newText: `Array.isArray(${text}) ? ${text} : [${text}]` }] } } : {}),
    });
  }
  return out;
}
