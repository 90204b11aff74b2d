import type ts from 'typescript';
import type { FileTextEdit, ProgramFinding } from './api';
import { placeOf, type SubjectPlan } from './subjectPlan';

const findingAt = (node: ts.Node): Pick<ProgramFinding, 'fileName' | 'start' | 'end'> => ({
  fileName: node.getSourceFile().fileName,
  start: node.getStart(node.getSourceFile()),
  end: node.end,
});

/**
 * The findings of one plan. A migrated subject: an information finding per rewritten spot,
 * carrying the subject's fix, and its notes. A blocked subject: an error at each blocking use
 * (`… is not migrated: <why>`), an error at its origin naming every blocking use with its place,
 * and its legacy spots as information without a fix; its notes about post-migration behaviour
 * are dropped (nothing changes).
 */
export function planFindings(plan: SubjectPlan, root: string, fix: { title: string; edits: FileTextEdit[] } | undefined): ProgramFinding[] {
  const out: ProgramFinding[] = [];
  if (plan.subject.migrated) {
    for (const s of plan.spots) out.push({ ...findingAt(s.node), severity: 'information', code: s.code, message: s.message, ...(fix ? { fix } : {}) });
    for (const n of plan.notes) out.push({ ...findingAt(n.node), severity: n.severity, code: n.code, message: n.message });
    return out;
  }
  const origin = plan.subject.origins[0]!;
  const elsewhere = plan.blockers.filter((b) => b.node.getSourceFile() !== origin.getSourceFile() || b.node.getStart() !== origin.getStart());
  for (const b of plan.blockers) {
    out.push({ ...findingAt(b.node), severity: 'error', code: 'v2-not-migrated', message: `${plan.label} is not migrated: ${b.why}` });
  }
  if (elsewhere.length) {
    const list = elsewhere.slice(0, 5).map((b) => `${placeOf(b.node, root)} (${b.why})`).join('; ');
    const more = elsewhere.length > 5 ? `; and ${elsewhere.length - 5} more` : '';
    out.push({ ...findingAt(origin), severity: 'error', code: 'v2-not-migrated', message: `${plan.label} is not migrated, nor any of its uses: ${elsewhere.length} use${elsewhere.length === 1 ? '' : 's'} cannot be: ${list}${more}` });
  }
  const first = plan.blockers[0];
  const why = first ? ` (not migrated: ${placeOf(first.node, root)} ${first.why})` : '';
  for (const s of plan.spots) {
    if (s.node === origin && elsewhere.length) continue;
    out.push({ ...findingAt(s.node), severity: 'information', code: s.code, message: `${s.message}${why}` });
  }
  return out;
}
