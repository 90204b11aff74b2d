import ts from 'typescript';
import type { ChangeSet, PendingEdit, V3Import } from './editPlan';
import { literalEdit } from './editPlan';
import { missingImageGuard, wrappedImageGuard } from './checks/edges/missingImage';
import { emptySetMembersChange } from './checks/edges/emptySetMembers';
import { versionProblem, versionProblemCode } from './installedVersions';
import type { MigrationEnvironment, MigrationFinding } from './types';
import { isSimpleReference, readV2Options } from './v2OptionsArgument';
import { marshallEntries, renderObject, unmarshallEntries } from './v3Options';

/** A detected legacy call with the change that fixes it and the notes it leaves behind. */
export interface DetectedFix {
  finding: MigrationFinding;
  change?: ChangeSet;
  /** The quick fix title (set with `change`). */
  title?: string;
  /** Warnings that stay at the spot after the fix (behaviour the fix cannot keep identical). */
  notes: MigrationFinding[];
  /** Expressions whose values get marshalled (scanned for inputs v2 and v3 write differently). */
  written?: ts.Node[];
}

const v3Name = { marshall: 'marshall', unmarshall: 'unmarshall', input: 'convertToAttr', output: 'convertToNative' } as const;

function neverUndefined(e: ts.Expression): boolean {
  return ts.isObjectLiteralExpression(e) || ts.isArrayLiteralExpression(e) || ts.isStringLiteralLike(e) ||
    ts.isNumericLiteral(e) || e.kind === ts.SyntaxKind.TrueKeyword || e.kind === ts.SyntaxKind.FalseKeyword ||
    e.kind === ts.SyntaxKind.NullKeyword || ts.isTemplateExpression(e);
}

/**
 * Inputs v2 and v3 marshal differently, found inside `nodes` (the values a fix marshals):
 * NaN/Infinity (v2 wrote N "NaN", which DynamoDB rejects; v3 throws), BigInt (v2 wrote an empty M,
 * v3 an N), `new Map`/`new Set` (v2 wrote an empty M / an invalid empty AttributeValue, v3 the
 * proper M / set). Each as a warning note at the expression.
 */
export function changedInputs(sf: ts.SourceFile, nodes: readonly ts.Node[]): MigrationFinding[] {
  const out: MigrationFinding[] = [];
  const add = (n: ts.Node, message: string): void => {
    out.push({ code: 'v3-changed-input', start: n.getStart(sf), end: n.end, severity: 'warning', message });
  };
  const visit = (node: ts.Node): void => {
    if (ts.isIdentifier(node) && (node.text === 'NaN' || node.text === 'Infinity') && !ts.isPropertyAccessExpression(node.parent)) {
      add(node, `${node.text}: v2 wrote N "${node.text}" (DynamoDB rejects it); v3 marshall throws before sending`);
    } else if (ts.isPropertyAccessExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'Number' &&
      ['NaN', 'POSITIVE_INFINITY', 'NEGATIVE_INFINITY'].includes(node.name.text)) {
      add(node, `${node.getText(sf)}: v2 wrote it as an N string (DynamoDB rejects it); v3 marshall throws before sending`);
    } else if (ts.isBigIntLiteral(node) || (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'BigInt')) {
      add(node, 'BigInt: v2 wrote an empty map {M:{}} (a v2 bug); v3 writes the number (N): stored items change');
    } else if (ts.isNewExpression(node) && ts.isIdentifier(node.expression) && (node.expression.text === 'Map' || node.expression.text === 'Set')) {
      add(node, node.expression.text === 'Map'
        ? 'native Map: v2 wrote an empty map {M:{}} (a v2 bug); v3 writes its entries: stored items change'
        : 'native Set: v2 wrote an invalid empty AttributeValue (rejected by DynamoDB); v3 writes a proper SS/NS/BS');
    }
    ts.forEachChild(node, visit);
  };
  for (const n of nodes) visit(n);
  return out;
}

/** Every `x.<name>` property access of the file (offsets of the whole access). */
export function propertyReads(sf: ts.SourceFile, name: string): Array<{ start: number; end: number }> {
  const out: Array<{ start: number; end: number }> = [];
  const visit = (node: ts.Node): void => {
    if (ts.isPropertyAccessExpression(node) && node.name.text === name) out.push({ start: node.getStart(sf), end: node.end });
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}

/**
 * The fix of one `Converter.<fn>(subject[, options])` call: a finding, with a change when the
 * arguments allow an automatic fix, and the notes it leaves:
 * - marshall(x, o) → `marshall(x, { removeUndefinedValues: true, convertClassInstanceToMap: true,
 *   allowImpreciseNumbers: true[, convertEmptyValues] })` from `@aws-sdk/util-dynamodb`;
 * - unmarshall(m, o) → `unmarshall(m, { wrapNumbers: Number })` (`true` + a warning when v2
 *   wrapped), with `?? {}` where the argument is a stream image that may be missing;
 * - input/output → `convertToAttr`/`convertToNative` with the same options, guarded with
 *   `x === undefined ? undefined : …` where `x` may be undefined (v2 returned undefined, v3 throws).
 * A missing or too old util-dynamodb is said in the fix title and a warning note.
 */
export function fixConverterCall(
  sf: ts.SourceFile,
  call: ts.CallExpression,
  fn: 'marshall' | 'unmarshall' | 'input' | 'output',
  env: MigrationEnvironment,
): DetectedFix {
  const start = call.getStart(sf);
  const callee = call.expression.getText(sf);
  const target = v3Name[fn];
  const finding: MigrationFinding = {
    code: `v2-converter-${fn}`,
    start,
    end: call.end,
    severity: 'information',
    message: `${callee} is aws-sdk v2: ${target}() from @aws-sdk/util-dynamodb, with the options the fix passes, ${fn === 'marshall' || fn === 'input' ? 'writes the same AttributeValues' : 'returns the same values'}`,
  };
  const notes: MigrationFinding[] = [];
  const note = (code: MigrationFinding['code'], message: string): void => {
    notes.push({ code, start, end: call.end, severity: 'warning', message });
  };
  const [subject, optionsArg] = call.arguments;
  const v2 = readV2Options(optionsArg, sf);
  if (!subject || !v2 || call.arguments.length > 2) {
    finding.message = `${callee} is aws-sdk v2; its arguments are too dynamic for an automatic fix: port it by hand to ${target}() from @aws-sdk/util-dynamodb`;
    return { finding, notes };
  }
  const writes = fn === 'marshall' || fn === 'input';
  const entries = writes ? marshallEntries(v2.convertEmptyValues) : unmarshallEntries(v2.wrapNumbers);
  if (!writes && v2.wrapNumbers !== undefined && v2.wrapNumbers !== 'false') {
    note('v3-wrap-numbers-class', `wrapNumbers: v2 returned its own NumberValue (toNumber(), JSON as a number); v3's NumberValue has toString()/toBigInt() and serialises to JSON as {"value": …}: check the code that reads these numbers`);
  }
  if (writes && v2.convertEmptyValues !== undefined && v2.convertEmptyValues !== 'false') {
    note('v3-empty-set-values', emptySetMembersChange);
  }
  const problem = versionProblem('@aws-sdk/util-dynamodb', env.utilDynamodbVersion);
  if (problem) note(versionProblemCode(env.utilDynamodbVersion), problem);

  const imp: V3Import = { module: '@aws-sdk/util-dynamodb', name: target };
  const opts = renderObject(entries);
  const edits: PendingEdit[] = [];
  const guard = (fn === 'input' || fn === 'output') && !neverUndefined(subject);
  if (guard && !isSimpleReference(subject)) {
    finding.message = `${callee} is aws-sdk v2; ${target}() throws on undefined where v2 returned undefined, and the argument is not a plain reference: port it by hand`;
    return { finding, notes };
  }
  const image = fn === 'unmarshall' ? missingImageGuard(subject) : undefined;
  const wrapped = fn === 'output' ? wrappedImageGuard(subject) : undefined;
  if (wrapped) {
    const at = wrapped.image;
    if (wrapped.guard.before) edits.push(literalEdit(at.getStart(sf), at.getStart(sf), wrapped.guard.before));
    edits.push(literalEdit(at.end, at.end, wrapped.guard.after));
    finding.message += ` (with \`?? {}\`: v2 returned {} for { M: undefined }, v3 throws)`;
  }
  if (guard) {
    const s = subject.getText(sf);
    edits.push({ start, end: call.end, render: (n) => `(${s} === undefined ? undefined : ${n(imp)}(${s}, ${opts}))` });
  } else if (image) {
    edits.push({ start, end: call.expression.end, render: (n) => n(imp) });
    if (image.before) edits.push(literalEdit(subject.getStart(sf), subject.getStart(sf), image.before));
    if (optionsArg) edits.push(literalEdit(subject.end, optionsArg.end, `${image.after}, ${opts}`));
    else edits.push(literalEdit(subject.end, subject.end, `${image.after}, ${opts}`));
    finding.message += ` (with \`?? {}\`: v2 returned {} for a missing image, v3 unmarshall throws)`;
  } else {
    edits.push({ start, end: call.expression.end, render: (n) => n(imp) });
    if (optionsArg) edits.push(literalEdit(optionsArg.getStart(sf), optionsArg.end, opts));
    else edits.push(literalEdit(subject.end, subject.end, `, ${opts}`));
  }
  const title = `Replace with ${target}() from @aws-sdk/util-dynamodb (same items)${problem ? ' (needs @aws-sdk/util-dynamodb ≥ 3.689.0)' : ''}`;
  finding.message += `${problem ? `; ${problem}` : ''}`;
  return { finding, notes, change: { edits, imports: [imp] }, title, written: writes ? [subject] : [] };
}
