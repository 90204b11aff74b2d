import ts from 'typescript';
import { V2Resolver } from '../awsSdkBindings';
import type { MigrationEnvironment } from '../types';
import type { ClientFamily } from './clientFamily';
import { ClientFlow } from './clientFlow';
import { planConverterUses } from './converterPlan';
import { planDocumentClientFamily } from './documentClientPlan';
import { planLowLevelFamily } from './lowLevelPlan';
import type { CastCandidate } from './attributeMapCast';
import { ClientConfigPlanner } from './clientConfigPlan';
import type { PlanContext } from './planContext';
import type { MigrationProject } from './project';
import { callSitesOf } from './callSites';
import type { UserFunction } from './callTargets';
import { errorFlowContext } from './errors/errorFlow';
import { ErrorReads } from './errors/errorReads';
import { ReferenceIndex } from './referenceIndex';
import { flowSeeds } from './seeds';
import { placeOf, subjectId, type SubjectPlan } from './subjectPlan';
import { unresolvedImports } from './unresolvedImports';
import { outermostValue } from './valueContext';

/** Everything the engine decided about a project, before rendering. */
export interface ProgramPlans {
  plans: SubjectPlan[];
  families: Map<SubjectPlan, ClientFamily>;
  resolverOf: (sf: ts.SourceFile) => V2Resolver;
  config: ClientConfigPlanner;
  /** Converter arguments that may need a cast to v3's AttributeValue types (decided once fates are known). */
  casts: CastCandidate[];
  /** The error reads of every rewritten call (`finish` once fates are final). */
  errors: ErrorReads;
}

/**
 * Follows every v2 client of the project and plans its migration, and each Converter use; then
 * makes linked subjects (a DocumentClient and its `service:`) share their fate: when one is
 * blocked, so is the other, with the reason.
 */
export function buildPlans(project: MigrationProject, env: MigrationEnvironment): ProgramPlans {
  const resolvers = new Map<ts.SourceFile, V2Resolver>();
  const resolverOf = (sf: ts.SourceFile): V2Resolver => {
    let r = resolvers.get(sf);
    if (!r) resolvers.set(sf, (r = new V2Resolver({ sourceFile: sf, checker: project.checker })));
    return r;
  };
  const config = new ClientConfigPlanner(project, resolverOf);
  const index = new ReferenceIndex(project.checker, project.userFiles);
  const userFileSet = new Set(project.userFiles);
  const flow = new ClientFlow(project.checker, index, project.userFiles);
  const families = flow.run(project.userFiles.flatMap((sf) => flowSeeds(sf, resolverOf(sf))));
  const idOf = new Map<number, string>();
  for (const fam of families) {
    const origin = fam.creations[0] ?? fam.typedHolders[0]!;
    idOf.set(fam.id, subjectId(fam.kinds.has('document-client') ? 'document-client' : 'low-level-client', origin));
  }
  const callSites = (fn: UserFunction) => callSitesOf(fn, project.checker, index, userFileSet);
  const errors = new ErrorReads(errorFlowContext(project.checker, userFileSet, callSites, index), project.displayRoot);
  const ctx: PlanContext = {
    root: project.displayRoot,
    checker: project.checker,
    strictNullChecks: strictNulls(project.program.getCompilerOptions()),
    env,
    resolverOf,
    lowLevelSubjectOf: (e) => {
      const fam = flow.familyOfValue(outermostValue(e));
      const found = fam === undefined ? undefined : families.find((f) => f.id === fam);
      return found && found.kinds.has('low-level-client') && found.kinds.size === 1 ? idOf.get(found.id) : undefined;
    },
    clientConfig: (creation, own) => config.plan(creation, own),
    callSitesOf: callSites,
    errors,
  };
  const plans: SubjectPlan[] = [];
  const byFamily = new Map<SubjectPlan, ClientFamily>();
  const unresolved = unresolvedImports(project.userFiles, project.checker);
  for (const fam of families) {
    const plan = fam.kinds.has('document-client') ? planDocumentClientFamily(fam, ctx) : planLowLevelFamily(fam, ctx);
    if (fam.kinds.size > 1) plan.blockers.push({ node: fam.creations[0] ?? fam.typedHolders[0]!, why: 'the same variables hold both a DocumentClient and a low-level DynamoDB client' });
    for (const b of fam.blockers) plan.blockers.push(b);
    const files = new Set([...fam.creations, ...fam.holders].map((n) => n.getSourceFile()));
    for (const u of unresolved.filter((x) => files.has(x.target))) {
      plan.blockers.push({ node: u.specifier, why: `${placeOf(u.target, project.displayRoot).replace(/:\d+$/, '')} is imported here as '${u.specifier.text}', which the tool cannot resolve: the uses behind it are unknown` });
    }
    for (const l of fam.linked) if (idOf.has(l)) plan.linked.add(idOf.get(l)!);
    plans.push(plan);
    byFamily.set(plan, fam);
  }
  const casts = {
    candidates: [] as CastCandidate[],
    ownerOf: (request: ts.CallExpression) => (ts.isPropertyAccessExpression(request.expression) ? ctx.lowLevelSubjectOf(request.expression.expression) : undefined),
  };
  for (const sf of project.userFiles) plans.push(...planConverterUses(sf, resolverOf(sf), env, casts));
  shareFates(plans);
  return { plans, families: byFamily, resolverOf, config, casts: casts.candidates, errors };
}

function strictNulls(o: ts.CompilerOptions): boolean {
  return o.strictNullChecks ?? o.strict ?? false;
}

/** Linked subjects migrate together: a blocker of one blocks the others, saying which. */
function shareFates(plans: SubjectPlan[]): void {
  const byId = new Map(plans.map((p) => [p.subject.id, p]));
  for (const p of plans) for (const l of p.linked) byId.get(l)?.linked.add(p.subject.id);
  for (let changed = true; changed;) {
    changed = false;
    for (const p of plans) {
      if (p.blockers.length === 0) continue;
      for (const l of p.linked) {
        const other = byId.get(l);
        if (other && other.blockers.length === 0) {
          other.blockers.push({ node: other.subject.origins[0]!, why: `it must migrate together with the ${p.label}, which cannot be migrated` });
          changed = true;
        }
      }
    }
  }
}
