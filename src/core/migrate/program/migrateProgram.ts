import ts from 'typescript';
import type { V2Resolver } from '../awsSdkBindings';
import { literalEdit } from '../editPlan';
import { applyEdits } from '../textEdits';
import { filesLoadingAwsSdk, loadsAwsSdk } from './awsSdkLeft';
import type { ClientConfigPlanner } from './clientConfigPlan';
import type { MigrationEnvironment, TextEdit } from '../types';
import type { FileTextEdit, MigrationView, ProgramAnalyzer, ProgramFinding } from './api';
import { castIfStillForeign } from './attributeMapCast';
import { buildPlans } from './buildPlans';
import { fileOutcomes } from './fileOutcomes';
import { planFindings } from './planFindings';
import type { MigrationProject } from './project';
import { renderAlone, renderPlans, type RenderedPlans } from './renderPlans';
import { settleRender } from './settleRender';
import type { ProgramMigration } from './result';
import type { SubjectPlan } from './subjectPlan';
import { addTypeReferenceEdits } from './typeReferences';

/** What {@link migrateProgram} needs besides the project. */
export interface MigrateProgramOptions {
  env: MigrationEnvironment;
  /** Checks run over the planned migration (returned values, set validation, test tooling). */
  analyzers?: readonly ProgramAnalyzer[];
  /**
   * The files the user asked to migrate (default: all). A subject that would also edit a file
   * outside them is blocked: migrating only part of a client's uses would break the rest.
   */
  scope?: (fileName: string) => boolean;
  /** Why a file outside {@link scope} may not change, when it is not just that it was not asked for (a link outside the folder). */
  outOfScopeWhy?: (fileName: string) => string | undefined;
}

/**
 * Migrates a whole project from aws-sdk v2 DynamoDB to AWS SDK v3: follows every client through
 * the program (see ClientFlow), plans each client family and each Converter use, migrates a
 * subject only when every one of its uses can be rewritten (else reports each blocking use as an
 * error), runs the analyzers over the plan, and renders one set of edits per file. Pure: reads
 * only the program; never writes. Never throws for odd code.
 */
export function migrateProgram(project: MigrationProject, options: MigrateProgramOptions): ProgramMigration {
  const { plans, families, resolverOf, config, casts, errors } = buildPlans(project, options.env);
  if (options.scope) for (const p of plans) blockOutsideScope(p, options.scope, project.displayRoot, options.outOfScopeWhy);
  for (const p of plans) p.subject.migrated = p.blockers.length === 0;
  // Fates first (overlaps, half-written files), so type edits and checks follow the final ones.
  settleRender(plans, resolverOf, project);
  addTypeReferenceEdits(project, families, resolverOf, plans);
  const byIdEarly = new Map(plans.map((p) => [p.subject.id, p]));
  for (const c of casts) if (c.plan.subject.migrated) castIfStillForeign(c, (id) => byIdEarly.get(id)?.subject.migrated ?? false);
  const view = viewOf(project, plans, options.env);
  const analyzerFindings: ProgramFinding[] = [];
  const byId = new Map(plans.map((p) => [p.subject.id, p]));
  for (const analyze of options.analyzers ?? []) {
    for (const f of safely(analyze, view)) {
      analyzerFindings.push({ ...f, attached: undefined });
      const owner = f.attached && byId.get(f.attached.subjectId);
      if (owner?.subject.migrated) attach(owner, f.attached!.edits, project);
    }
  }
  const settled = settleRender(plans, resolverOf, project);
  const { deferred } = settled;
  const { rendered, removedConfig } = withoutGlobalConfig(project, plans, settled.rendered, config, resolverOf);
  errors.finish();
  const subjectFixes = new Map<string, { title: string; edits: FileTextEdit[] }>();
  const findings: ProgramFinding[] = [];
  for (const plan of plans) {
    const group = linkedGroup(plan, byId);
    const alone = plan.subject.migrated ? renderAlone(group, resolverOf) : undefined;
    const title = group.find((p) => p.subject.kind === 'document-client')?.title ?? plan.title;
    const fix = alone && { title, edits: [...alone].flatMap(([fileName, edits]) => edits.map((e) => ({ fileName, ...e }))) };
    if (fix && title) subjectFixes.set(plan.subject.id, fix);
    findings.push(...planFindings(plan, project.displayRoot, fix && title ? fix : undefined));
  }
  findings.push(...analyzerFindings);
  const migratedCreations = new Set(plans.filter((p) => p.subject.migrated && p.subject.kind !== 'converter-call').flatMap((p) => p.subject.origins.filter(ts.isNewExpression)));
  findings.push(...config.findings(migratedCreations, removedConfig));
  findings.sort((a, b) => (a.fileName === b.fileName ? a.start - b.start || a.end - b.end : a.fileName < b.fileName ? -1 : 1));
  const fixAll = new Map<string, TextEdit[]>([...rendered.edits].filter(([, e]) => e.length > 0));
  return {
    root: project.root,
    findings,
    fixAll,
    subjects: plans.map((p) => p.subject),
    subjectFixes,
    spots: plans.flatMap((p) => p.spots.map((s) => ({ subjectId: p.subject.id, fileName: s.node.getSourceFile().fileName, start: s.node.getStart(s.node.getSourceFile()) }))),
    files: fileOutcomes(project, plans, families, fixAll, resolverOf),
    deferred,
    view,
  };
}

/**
 * When the migration leaves no aws-sdk v2 client anywhere (no user file loads aws-sdk once the
 * global `AWS.config` changes and the aws-sdk imports nothing refers to are gone), those go too:
 * the settings are carried into the v3 clients, and with them the last `require('aws-sdk')`.
 * Otherwise nothing changes.
 */
function withoutGlobalConfig(
  project: MigrationProject,
  plans: readonly SubjectPlan[],
  rendered: RenderedPlans,
  config: ClientConfigPlanner,
  resolverOf: (sf: ts.SourceFile) => V2Resolver,
): { rendered: RenderedPlans; removedConfig: Set<ts.Expression> } {
  const removal = config.removals();
  const kept = { rendered, removedConfig: new Set<ts.Expression>() };
  if (!removal) return kept;
  if (plans.some((p) => p.subject.migrated)) {
    for (const sf of project.userFiles) if (loadsAwsSdk(sf)) removal.changes.dropIdleV2Imports(sf);
  }
  if (removal.changes.byFile.size === 0) return kept;
  const again = renderPlans(plans.filter((p) => p.subject.migrated), resolverOf, removal.changes);
  if ([...again.collided.keys()].some((p) => !rendered.collided.has(p))) return kept;
  const texts = new Map([...again.edits].map(([f, edits]) => [f, applyEdits(project.program.getSourceFile(f)!.text, edits)]));
  return filesLoadingAwsSdk(project.userFiles, texts).length === 0 ? { rendered: again, removedConfig: removal.updates } : kept;
}

function blockOutsideScope(plan: SubjectPlan, scope: (fileName: string) => boolean, root: string, whyNot?: (fileName: string) => string | undefined): void {
  for (const sf of plan.changes.files()) {
    if (scope(sf.fileName)) continue;
    const at = plan.spots.find((s) => s.node.getSourceFile() === sf)?.node ?? plan.subject.origins[0]!;
    const name = sf.fileName.startsWith(`${root}/`) ? sf.fileName.slice(root.length + 1) : sf.fileName;
    const reason = whyNot?.(sf.fileName);
    plan.blockers.push({ node: at, why: reason ? `it is used in ${name}, ${reason}, which is not changed` : `it is also used in ${name}, outside the files given: run migrate on the folder holding all its uses` });
  }
}

/** `plan` and every plan linked to it, directly or not (they migrate together). */
function linkedGroup(plan: SubjectPlan, byId: ReadonlyMap<string, SubjectPlan>): SubjectPlan[] {
  const seen = new Set<SubjectPlan>([plan]);
  const todo = [plan];
  while (todo.length) {
    for (const id of todo.pop()!.linked) {
      const other = byId.get(id);
      if (other && !seen.has(other)) {
        seen.add(other);
        todo.push(other);
      }
    }
  }
  return [...seen];
}

function safely(analyze: ProgramAnalyzer, view: MigrationView): ProgramFinding[] {
  try {
    return analyze(view);
  } catch (e) {
    const sf = view.files[0];
    return sf
      ? [{ fileName: sf.fileName, start: 0, end: 0, severity: 'error', code: 'v2-analyzer-failed', message: `an analyzer failed (${e instanceof Error ? e.message : String(e)}): its checks are missing from this result` }]
      : [];
  }
}

function attach(plan: SubjectPlan, edits: readonly FileTextEdit[], project: MigrationProject): void {
  for (const e of edits) {
    const sf = project.program.getSourceFile(e.fileName);
    if (sf) plan.changes.edit(sf, literalEdit(e.start, e.end, e.newText));
  }
}

function viewOf(project: MigrationProject, plans: readonly SubjectPlan[], env: MigrationEnvironment): MigrationView {
  const migrated = plans.filter((p) => p.subject.migrated);
  return {
    program: project.program,
    checker: project.checker,
    files: project.userFiles,
    subjects: plans.map((p) => p.subject),
    results: plans.flatMap((p) => p.results.map((r) => ({ ...r, subjectId: p.subject.id }))),
    createdSets: migrated.flatMap((p) => p.createdSets),
    written: migrated.flatMap((p) => p.written),
    migratedFiles: new Set(migrated.flatMap((p) => p.changes.files().map((sf: ts.SourceFile) => sf.fileName))),
    projectRoot: project.root,
    env,
  };
}
