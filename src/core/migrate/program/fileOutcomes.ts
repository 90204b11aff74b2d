import type ts from 'typescript';
import type { V2Resolver } from '../awsSdkBindings';
import type { TextEdit } from '../types';
import type { ClientFamily } from './clientFamily';
import type { MigrationProject } from './project';
import type { FileOutcome } from './result';
import { placeOf, type SubjectPlan } from './subjectPlan';

/** The nodes of a plan that lie in files: where it is created, used, held and blocked. */
function planNodes(plan: SubjectPlan, fam: ClientFamily | undefined): ts.Node[] {
  return [
    ...plan.subject.origins, ...plan.spots.map((s) => s.node), ...plan.blockers.map((b) => b.node),
    ...(fam ? [...fam.values, ...fam.holders] : []),
  ];
}

/**
 * One outcome per file that imports aws-sdk, holds a v2 client or is edited: `migrated`,
 * `partly migrated` or `not migrated` with each blocked subject's first reason, or `no DynamoDB
 * use` (aws-sdk for other services, or types only). Sorted by file name.
 */
export function fileOutcomes(
  project: MigrationProject,
  plans: readonly SubjectPlan[],
  families: ReadonlyMap<SubjectPlan, ClientFamily>,
  fixAll: ReadonlyMap<string, TextEdit[]>,
  resolverOf: (sf: ts.SourceFile) => V2Resolver,
): FileOutcome[] {
  const blockedIn = new Map<string, Set<string>>();
  const usedIn = new Set<string>();
  for (const plan of plans) {
    const files = new Set(planNodes(plan, families.get(plan)).map((n) => n.getSourceFile().fileName));
    for (const f of files) usedIn.add(f);
    if (plan.subject.migrated) continue;
    const first = plan.blockers[0];
    const place = first && placeOf(first.node, project.displayRoot);
    // The reason in full where it is; elsewhere its place only (the error line there says why).
    const reasonIn = (f: string) => `${plan.label}: ${!first ? 'blocked' : f === first.node.getSourceFile().fileName ? `${place} ${first.why}` : `blocked by its use at ${place}`}`;
    for (const f of files) {
      if (!blockedIn.has(f)) blockedIn.set(f, new Set());
      blockedIn.get(f)!.add(reasonIn(f));
    }
  }
  const out: FileOutcome[] = [];
  for (const sf of project.userFiles) {
    const name = sf.fileName;
    const importsSdk = resolverOf(sf).bindings.length > 0;
    if (!importsSdk && !usedIn.has(name) && !fixAll.has(name)) continue;
    const reasons = [...(blockedIn.get(name) ?? [])];
    const edited = (fixAll.get(name)?.length ?? 0) > 0;
    const status: FileOutcome['status'] = reasons.length
      ? edited ? 'partly migrated' : 'not migrated'
      // Used only by migrated clients, in calls v3 takes as written (a callback-style `put(p, cb)`).
      : edited || usedIn.has(name) ? 'migrated' : 'no DynamoDB use';
    out.push({ fileName: name, status, reasons });
  }
  return out;
}
