import ts from 'typescript';
import { ReferenceIndex } from '../flow/references';
import { ValueFlow, type Returned } from '../flow/valueFlow';
import type { MigrationView, ProgramFinding } from '../../program/api';
import { exportedChange } from './changes';
import { setsOrBinariesInEvidence } from './evidence';
import { exportOf } from './exportedFunctions';
import { useSiteFindings } from './useSites';

function functionName(fn: ts.Node): string {
  const named = (fn as { name?: ts.Node }).name;
  if (named && !ts.isComputedPropertyName(named)) return named.getText();
  if (ts.isVariableDeclaration(fn.parent)) return fn.parent.name.getText();
  return 'this function';
}

/**
 * Item 4 of the migration: follows every value a migrated call returns (get/query/scan/batchGet/
 * transactGet/update results, `unmarshall`/`output` values, stream images through `unmarshall`)
 * through the program with {@link ValueFlow}, and reports each use whose result changes, at its
 * line, with the value before and after (see `changes.ts`) and an edit where a small one keeps
 * v2's result. Values returned out of a module (exported functions, Lambda handlers, exported
 * class methods) are reported at the `return`: callers outside the program now receive v3 values.
 * Findings are unique per (code, file, range) and sorted by file and offset.
 */
export function checkReturnedValues(view: MigrationView): ProgramFinding[] {
  const refs = new ReferenceIndex(view.checker, view.files);
  const migrated = new Set(view.subjects.filter((s) => s.migrated).map((s) => s.id));
  const found = new Map<string, ProgramFinding>();
  const keep = (f: ProgramFinding): void => {
    const key = `${f.code}|${f.fileName}|${f.start}|${f.end}`;
    if (!found.has(key)) found.set(key, f);
  };
  const leaving: ProgramFinding[] = [];
  const returned = (r: Returned): void => {
    if (r.shape.k === 'holder' && r.node.kind !== ts.SyntaxKind.ObjectLiteralExpression && r.node.kind !== ts.SyntaxKind.ArrayLiteralExpression) return;
    const visible = exportOf(r.fn, refs);
    if (!visible) return;
    const sf = r.node.getSourceFile();
    const name = visible.name === 'default' ? functionName(r.fn) : visible.name;
    leaving.push({
      fileName: sf.fileName,
      start: r.node.getStart(sf),
      end: r.node.end,
      code: 'v3-result-exported',
      severity: visible.lambda ? 'warning' : 'information',
      message: `${r.via ? `handed to ${r.via}` : 'returned'} out of the module: ${exportedChange(name, visible.lambda, r.origin, r.shape.k === 'attr' || (r.shape.k === 'promise' && r.shape.of.k === 'attr'))}`,
    });
  };
  new ValueFlow(view.checker, refs, { reached: (r) => useSiteFindings(r).forEach(keep), returned }).run(view.results.filter((o) => migrated.has(o.subjectId)));
  // A value leaving the module is a warning where the program shows sets or binaries; else a note.
  const evidence = setsOrBinariesInEvidence(view, [...found.values()]);
  for (const f of leaving) keep(evidence ? { ...f, severity: 'warning' } : { ...f, message: `${f.message} (this program writes and reads no set or binary; it matters if another writer stores them)` });
  return [...found.values()].sort((a, b) => a.fileName.localeCompare(b.fileName) || a.start - b.start || a.end - b.end);
}
