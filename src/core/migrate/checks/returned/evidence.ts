import ts from 'typescript';
import type { MigrationView, ProgramFinding } from '../../program/api';

const binaryConstructors = /^(Buffer|Uint8Array|Int8Array|Uint8ClampedArray|Int16Array|Uint16Array|Int32Array|Uint32Array|Float32Array|Float64Array|ArrayBuffer)$/;

function writesSetOrBinary(node: ts.Node): boolean {
  if (ts.isNewExpression(node) && ts.isIdentifier(node.expression) && (node.expression.text === 'Set' || binaryConstructors.test(node.expression.text))) return true;
  if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && ts.isIdentifier(node.expression.expression) &&
    node.expression.expression.text === 'Buffer' && ['from', 'alloc', 'concat'].includes(node.expression.name.text)) return true;
  return ts.forEachChild(node, writesSetOrBinary) ?? false;
}

/**
 * True when the program shows that its items hold sets or binaries: it creates sets
 * (`createSet`, `new Set` in written values), writes Buffers or typed arrays, or reads v2 set or
 * Buffer APIs on returned values (`useSites`). Without such evidence a value leaving the module
 * changes only if another writer stored sets or binaries in the table.
 */
export function setsOrBinariesInEvidence(view: MigrationView, useSites: readonly ProgramFinding[]): boolean {
  if (view.createdSets.length > 0) return true;
  if (useSites.some((f) => f.code === 'v3-set-values' || f.code === 'v3-binary-buffer' || f.code === 'v3-wrap-numbers-class')) return true;
  return view.written.some(writesSetOrBinary);
}
