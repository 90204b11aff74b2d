import ts from 'typescript';
import { ReferenceIndex } from '../flow/references';
import { ValueFlow, type Returned } from '../flow/valueFlow';
import type { MigrationView, ProgramFinding } from '../../program/api';
import { exportedChange } from './changes';
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
  const returned = (r: Returned): void => {
    if (r.shape.k === 'holder' && r.node.kind !== ts.SyntaxKind.ObjectLiteralExpression && r.node.kind !== ts.SyntaxKind.ArrayLiteralExpression) return;
    const exported = exportOf(r.fn, refs);
    if (!exported) return;
    const sf = r.node.getSourceFile();
    const name = exported.name === 'default' ? functionName(r.fn) : exported.name;
    keep({
      fileName: sf.fileName,
      start: r.node.getStart(sf),
      end: r.node.end,
      code: 'v3-result-exported',
      severity: 'warning',
      message: `returned out of the module: ${exportedChange(name, exported.lambda, r.origin, r.shape.k === 'attr' || (r.shape.k === 'promise' && r.shape.of.k === 'attr'))}`,
    });
  };
  new ValueFlow(view.checker, refs, { reached: (r) => useSiteFindings(r).forEach(keep), returned }).run(view.results.filter((o) => migrated.has(o.subjectId)));
  return [...found.values()].sort((a, b) => a.fileName.localeCompare(b.fileName) || a.start - b.start || a.end - b.end);
}
