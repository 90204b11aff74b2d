import type ts from 'typescript';
import type { FileTextEdit, ProgramFinding } from './api';
import { placeOf, type SubjectPlan } from './subjectPlan';

const findingAt = (node: ts.Node): Pick<ProgramFinding, 'fileName' | 'start' | 'end'> => ({
  fileName: node.getSourceFile().fileName,
  start: node.getStart(node.getSourceFile()),
  end: node.end,
});

/** A finding of `plan` at `node`, tagged with its subject. */
const subjectFinding = (plan: SubjectPlan, node: ts.Node): Pick<ProgramFinding, 'fileName' | 'start' | 'end' | 'subjectId'> => ({ ...findingAt(node), subjectId: plan.subject.id });

/**
 * The findings of one plan. A migrated subject: an information finding per rewritten spot,
 * carrying the subject's fix, and its notes. A blocked subject: an error at each blocking use
 * (`… is not migrated: <why>`) and an error at its origin naming every blocking use with its place
 * and the v2 calls that stay (listed there once, not as an information line each); its notes
 * about post-migration behaviour are dropped (nothing changes).
 */
export function planFindings(plan: SubjectPlan, root: string, fix: { title: string; edits: FileTextEdit[] } | undefined): ProgramFinding[] {
  const out: ProgramFinding[] = [];
  if (plan.subject.migrated) {
    for (const s of plan.spots) out.push({ ...subjectFinding(plan, s.node), severity: 'information', code: s.code, message: s.message, ...(fix ? { fix } : {}) });
    for (const n of plan.notes) out.push({ ...subjectFinding(plan, n.node), severity: n.severity, code: n.code, message: n.message });
    return out;
  }
  const origin = plan.subject.origins[0]!;
  const elsewhere = plan.blockers.filter((b) => b.node.getSourceFile() !== origin.getSourceFile() || b.node.getStart() !== origin.getStart());
  // The v2 calls that stay are listed once, in the error at the origin (not one line each).
  const kept = keptCalls(plan, origin, root);
  for (const b of plan.blockers) {
    const atOrigin = !elsewhere.length && b.node === plan.blockers[0]!.node ? kept : '';
    out.push({ ...subjectFinding(plan, b.node), severity: 'error', code: 'v2-not-migrated', message: `${plan.label} is not migrated: ${b.why}${atOrigin}` });
  }
  if (elsewhere.length) {
    const list = elsewhere.slice(0, 5).map((b) => `${placeOf(b.node, root)} (${b.why})`).join('; ');
    const more = elsewhere.length > 5 ? `; and ${elsewhere.length - 5} more` : '';
    out.push({ ...subjectFinding(plan, origin), severity: 'error', code: 'v2-not-migrated', message: `${plan.label} is not migrated, nor any of its uses: ${elsewhere.length} use${elsewhere.length === 1 ? '' : 's'} cannot be: ${list}${more}${kept}` });
  } else if (!plan.blockers.length && kept) {
    out.push({ ...subjectFinding(plan, origin), severity: 'information', code: plan.spots[0]!.code, message: `${plan.label} is not migrated${kept}` });
  }
  return out;
}

/** `; its 7 v2 calls stay unchanged (a.ts:3, a.ts:9, …)` for a blocked subject's spots, or ''. */
function keptCalls(plan: SubjectPlan, origin: ts.Node, root: string): string {
  const places = [...new Set(plan.spots.filter((s) => s.node !== origin).map((s) => placeOf(s.node, root)))];
  if (!places.length) return '';
  const shown = places.slice(0, 8).join(', ');
  return `; its ${places.length} v2 call${places.length === 1 ? '' : 's'} stay${places.length === 1 ? 's' : ''} unchanged (${shown}${places.length > 8 ? ', …' : ''})`;
}
