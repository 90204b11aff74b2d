import type ts from 'typescript';
import type { V2Resolver } from '../awsSdkBindings';
import { applyEdits, normalizeEdits } from '../textEdits';
import type { TextEdit } from '../types';
import { namesLeftUndefined } from './freeNames';
import type { MigrationProject } from './project';
import { renderPlans, type RenderedPlans } from './renderPlans';
import { ImportGraph } from './importGraph';
import { setCrossings, type CrossingBlock } from './setCrossings';
import { placeOf, type SubjectPlan } from './subjectPlan';

/** The final rendering of a migration, once every plan that could not be rendered is blocked. */
export interface SettledRender {
  rendered: RenderedPlans;
  /** Converter calls left for a later pass (their edits overlap a fix taken first). */
  deferred: number;
}

/**
 * Renders the migrated plans until nothing more must be blocked:
 * - a client plan whose edits overlap another plan's is blocked (a Converter call is deferred to
 *   the next pass instead);
 * - a file whose edited text reads a name it no longer declares (an aws-sdk import removed while
 *   code left on v2 still uses it) blocks every plan editing that file: a file is never written
 *   half-way, it never throws a ReferenceError at load;
 * - a set made on one side of the migration and written on the other blocks the migrated end (see `setCrossings`);
 * - a plan blocked here blocks every plan linked to it (a DocumentClient and its `service:`).
 * Each block is recorded on the plan (`blockers`, `migrated = false`) with its reason.
 */
export function settleRender(plans: readonly SubjectPlan[], resolverOf: (sf: ts.SourceFile) => V2Resolver, project: MigrationProject): SettledRender {
  const imports = new ImportGraph(project.checker, project.userFiles);
  const crossings = (): CrossingBlock[] => setCrossings(plans, project.checker, imports, project.displayRoot);
  const byId = new Map(plans.map((p) => [p.subject.id, p]));
  for (;;) {
    const rendered = renderPlans(plans.filter((p) => p.subject.migrated), resolverOf);
    let blocked = false;
    let deferred = 0;
    for (const [plan, other] of rendered.collided) {
      if (plan.subject.kind === 'converter-call') deferred++;
      else {
        block(plan, plan.subject.origins[0]!, `its edits overlap those of ${other ? `the ${other.label}` : 'another fix'}`, byId);
        blocked = true;
      }
    }
    if (!blocked) blocked = blockHalfWritten(plans, rendered, project, byId);
    if (!blocked) {
      for (const b of crossings()) {
        if (!b.plan.subject.migrated) continue;
        block(b.plan, b.node, b.why, byId);
        blocked = true;
      }
    }
    if (!blocked) return { rendered, deferred };
  }
}

function blockHalfWritten(plans: readonly SubjectPlan[], rendered: RenderedPlans, project: MigrationProject, byId: ReadonlyMap<string, SubjectPlan>): boolean {
  let blocked = false;
  for (const [fileName, edits] of rendered.edits) {
    const sf = project.program.getSourceFile(fileName);
    if (!sf || edits.length === 0) continue;
    const lost = namesLeftUndefined(fileName, sf.text, applyEdits(sf.text, edits));
    if (lost.length === 0) continue;
    const names = lost.map((l) => l.name).join(', ');
    const at = `${placeOf(sf, project.displayRoot).replace(/:\d+$/, '')}:${sf.getLineAndCharacterOfPosition(originalOffset(edits, lost[0]!.start)).line + 1}`;
    for (const plan of plans) {
      if (!plan.subject.migrated || !plan.changes.byFile.has(sf)) continue;
      block(plan, plan.subject.origins[0]!, `migrating it would leave ${names} undefined at ${at} (its aws-sdk import would go while the code there still reads it): the file would throw a ReferenceError when loaded`, byId);
      blocked = true;
    }
  }
  return blocked;
}

/** The offset in the original text of an offset in the edited text (an edit's start when inside its new text). */
function originalOffset(edits: readonly TextEdit[], after: number): number {
  let delta = 0;
  for (const e of normalizeEdits(edits)) {
    if (after < e.start + delta) break;
    if (after < e.start + delta + e.newText.length) return e.start;
    delta += e.newText.length - (e.end - e.start);
  }
  return after - delta;
}

function block(plan: SubjectPlan, node: ts.Node, why: string, byId: ReadonlyMap<string, SubjectPlan>): void {
  plan.blockers.push({ node, why });
  plan.subject.migrated = false;
  const todo = [plan];
  while (todo.length) {
    const from = todo.pop()!;
    for (const id of from.linked) {
      const other = byId.get(id);
      if (!other?.subject.migrated) continue;
      other.blockers.push({ node: other.subject.origins[0]!, why: `it must migrate together with the ${from.label}, which cannot be migrated` });
      other.subject.migrated = false;
      todo.push(other);
    }
  }
}
