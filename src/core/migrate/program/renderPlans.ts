import type ts from 'typescript';
import type { V2Resolver } from '../awsSdkBindings';
import { renderChanges, type ChangeSet } from '../editPlan';
import type { TextEdit } from '../types';
import type { FileChanges } from './fileChanges';
import type { SubjectPlan } from './subjectPlan';

/** Final text edits per file (absolute path), and the plans whose edits collided with others. */
export interface RenderedPlans {
  edits: Map<string, TextEdit[]>;
  /** Plans left out because their edits overlap another plan's (each with the plan it met). */
  collided: Map<SubjectPlan, SubjectPlan | undefined>;
}

function tryRender(sf: ts.SourceFile, resolver: V2Resolver, changes: ChangeSet[]): TextEdit[] | undefined {
  try {
    return renderChanges({ sourceFile: sf, checker: resolver.checker }, resolver, changes);
  } catch {
    return undefined;
  }
}

/**
 * Renders `plans` together into one set of edits per file (imports merged once per file, v2
 * imports nothing uses any more removed). A plan whose edits overlap those of a plan taken
 * before it (client families first, then Converter calls, in program order) is left out as a
 * whole — in every file — and named in `collided`. `extra`: program-level edits rendered with
 * them (the removal of global config once no v2 client is left).
 */
export function renderPlans(plans: readonly SubjectPlan[], resolverOf: (sf: ts.SourceFile) => V2Resolver, extra?: FileChanges): RenderedPlans {
  const ordered = [...plans].sort((a, b) => rank(a) - rank(b));
  const taken: SubjectPlan[] = [];
  const collided = new Map<SubjectPlan, SubjectPlan | undefined>();
  const withExtra = (sf: ts.SourceFile, ps: readonly SubjectPlan[]) => [...changesIn(sf, ps), ...(extra?.byFile.has(sf) ? [extra.byFile.get(sf)!] : [])];
  for (const plan of ordered) {
    const clash = plan.changes.files().find((sf) => !tryRender(sf, resolverOf(sf), withExtra(sf, [...taken, plan])));
    if (clash) collided.set(plan, taken.find((t) => t.changes.byFile.has(clash)));
    else taken.push(plan);
  }
  const edits = new Map<string, TextEdit[]>();
  const files = new Set([...taken.flatMap((p) => p.changes.files()), ...(extra?.files() ?? [])]);
  for (const sf of files) edits.set(sf.fileName, tryRender(sf, resolverOf(sf), withExtra(sf, taken)) ?? []);
  return { edits, collided };
}

/** The edits of some plans alone (one quick fix: a subject and those linked to it), per file; undefined if they cannot be rendered. */
export function renderAlone(group: readonly SubjectPlan[], resolverOf: (sf: ts.SourceFile) => V2Resolver): Map<string, TextEdit[]> | undefined {
  const out = new Map<string, TextEdit[]>();
  for (const sf of new Set(group.flatMap((p) => p.changes.files()))) {
    const edits = tryRender(sf, resolverOf(sf), changesIn(sf, group));
    if (!edits) return undefined;
    out.set(sf.fileName, edits);
  }
  return out;
}

function changesIn(sf: ts.SourceFile, plans: readonly SubjectPlan[]): ChangeSet[] {
  return plans.flatMap((p) => (p.changes.byFile.has(sf) ? [p.changes.byFile.get(sf)!] : []));
}

function rank(p: SubjectPlan): number {
  return p.subject.kind === 'converter-call' ? 1 : 0;
}
