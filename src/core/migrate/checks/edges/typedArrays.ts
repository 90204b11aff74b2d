/**
 * Binary inputs other than Buffer / Uint8Array, measured with aws-sdk 2.1693.0 and
 * lib-dynamodb 3.1169.0 / util-dynamodb 3.996.9 against dynalite
 * (test/core/migrate/checks/typedArrays.test.ts):
 * - Int8/Int16/Uint16/Int32/Uint32/Float32/Float64/Uint8Clamped/BigInt64 arrays: v2 wrote one
 *   byte per element (`Buffer.from(view)`: Int16Array [258] stored as 0x02); v3's DocumentClient
 *   throws TypeError ("s.charCodeAt is not a function") and marshall + PutItem is rejected
 *   ("Supplied AttributeValue is empty");
 * - ArrayBuffer: v2 wrote its bytes; v3's DocumentClient writes an empty binary (the bytes are
 *   lost) and marshall + PutItem is rejected.
 * `Buffer.from(x)` gives v2's bytes in both cases, so it is the offered edit.
 */
import ts from 'typescript';
import type { MigrationView, ProgramFinding } from '../../program/api';

const typedArrays = new Set([
  'Int8Array', 'Uint8ClampedArray', 'Int16Array', 'Uint16Array', 'Int32Array', 'Uint32Array',
  'Float32Array', 'Float64Array', 'BigInt64Array', 'BigUint64Array',
]);

/** The class a value is known to be: `new X(…)`, a variable initialised so, or its checked type. */
function classOf(e: ts.Expression, checker: ts.TypeChecker, depth = 0): string | undefined {
  if (ts.isNewExpression(e) && ts.isIdentifier(e.expression)) return e.expression.text;
  if (ts.isPropertyAccessExpression(e) && e.name.text === 'buffer') return 'ArrayBuffer';
  const named = checker.getTypeAtLocation(e).getSymbol()?.getName();
  if (named && (typedArrays.has(named) || named === 'ArrayBuffer')) return named;
  if (ts.isIdentifier(e) && depth < 3) {
    const symbol = ts.isShorthandPropertyAssignment(e.parent) ? checker.getShorthandAssignmentValueSymbol(e.parent) : checker.getSymbolAtLocation(e);
    const decl = symbol?.valueDeclaration;
    if (decl && ts.isVariableDeclaration(decl) && decl.initializer && ts.isIdentifier(decl.name)) return classOf(decl.initializer, checker, depth + 1);
  }
  return undefined;
}

/** True where the expression's value is what gets marshalled (not a key, callee or condition). */
function isWrittenValue(e: ts.Expression): boolean {
  const p = e.parent;
  return ts.isPropertyAssignment(p) ? p.initializer === e : ts.isShorthandPropertyAssignment(p) || ts.isArrayLiteralExpression(p);
}

/**
 * Item 5, binaries: in every value the migrated code marshals, finds typed arrays other than
 * Uint8Array/Buffer and ArrayBuffers (by construction, by variable initialiser, or by checked
 * type), and reports what v2 stored and what v3 does instead (`v3-binary-typed-array`: an error
 * for ArrayBuffer, whose bytes v3's DocumentClient drops; a warning for typed arrays, which v3
 * rejects), with `Buffer.from(x)` as the edit that writes v2's bytes.
 */
export function checkTypedArrays(view: MigrationView): ProgramFinding[] {
  const out: ProgramFinding[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isExpression(node) && isWrittenValue(node)) {
      const cls = classOf(node, view.checker);
      if (cls && (typedArrays.has(cls) || cls === 'ArrayBuffer')) {
        const sf = node.getSourceFile();
        const text = node.getText(sf);
        const message = cls === 'ArrayBuffer'
          ? `${text} is an ArrayBuffer: v2 wrote its bytes; v3's DocumentClient writes an empty binary (the bytes are lost) and marshall + PutItem is rejected ("Supplied AttributeValue is empty")`
          : `${text} is a ${cls}: v2 wrote one byte per element (values above 255 truncated, as Buffer.from does); v3 rejects it (DocumentClient: TypeError "s.charCodeAt is not a function"; marshall + PutItem: "Supplied AttributeValue is empty")`;
        out.push({
          fileName: sf.fileName, start: node.getStart(sf), end: node.end, code: 'v3-binary-typed-array',
          severity: cls === 'ArrayBuffer' ? 'error' : 'warning', message,
          fix: { title: 'Write v2\'s bytes: Buffer.from(…)', edits: [{ fileName: sf.fileName, start: node.getStart(sf), end: node.end, newText: `Buffer.from(${text})` }] },
        });
        return;
      }
    }
    ts.forEachChild(node, visit);
  };
  for (const w of view.written) visit(w);
  return out;
}
