/**
 * `preview_migration`: the CLI's `migrate --json` document for files or folders, never written:
 * the unified diff (to apply from `base`) and every finding with its line. Writing stays a human
 * action: the agent applies the diff itself, or asks.
 */
import { workspaceTrusted } from '../core/exec/workspaceTrust';
import { collectTargets } from '../cli/migrateRun';
import { toMigrationJson } from '../cli/migrateJson';
import { migrateTargets } from '../cli/migrateTargets';
import type { ToolAnswer, ToolContext } from './toolTypes';

/** The tool's input (PREVIEW_MIGRATION_INPUT). */
export interface PreviewMigrationInput {
  readonly paths: readonly string[];
  readonly verify?: 'by default' | 'always' | 'never';
}

/** Why Go files are left out where the workspace is not trusted. */
export const GO_NEEDS_TRUST = 'Go files not previewed: the Go migration runs go list and go build on the workspace, which executes its code; trust the workspace first';

/** Runs `preview_migration`. @throws AgentToolError (a path outside the roots or missing), CliUsageError (not a JS/TS/Go file) */
export async function previewMigration(input: PreviewMigrationInput, context: ToolContext): Promise<ToolAnswer> {
  const paths = await Promise.all(input.paths.map((p) => context.scope.resolve(p, 'path')));
  const base = context.scope.folderOf(paths[0]!) ?? context.scope.first;
  const targets = migrateTargets(paths);
  const trusted = workspaceTrusted();
  const goLeftOut = !trusted && targets.some((t) => t.goFiles.length > 0);
  const allowed = trusted ? targets : targets.map((t) => ({ ...t, goFiles: [] }));
  let step = 0;
  const run = await collectTargets(allowed, {
    verify: input.verify ?? 'by default',
    base,
    signal: context.signal,
    onProject: (root, index, count) => context.progress(`Migrating ${root} in memory`, (step = index), count),
  });
  if (goLeftOut) run.notes.push(GO_NEEDS_TRUST);
  const doc = toMigrationJson(run, { written: false, base });
  context.progress('Done', step + 1, step + 1);
  const by = (severity: string) => doc.findings.filter((f) => f.severity === severity).length;
  const lines = [
    `${doc.counts.changed} of ${doc.counts.considered} file${doc.counts.considered === 1 ? '' : 's'} would change (nothing was written); ${by('error')} error finding${by('error') === 1 ? '' : 's'} (something is not migrated: see each one's line), ${by('warning')} warning${by('warning') === 1 ? '' : 's'} (behaviour that changes).`,
    ...doc.files.filter((f) => f.status !== 'migrated' && f.status !== 'no DynamoDB use').map((f) => `${f.file}: ${f.status}${f.reasons.length ? ` (${f.reasons.join('; ')})` : ''}`),
    ...doc.notes,
    ...(doc.diff ? [`Apply the diff from ${doc.base} (git apply, or patch -p1), or ask the user to run: dynamo-hotpath migrate --write ${input.paths.join(' ')}`] : []),
  ];
  return { structured: doc, summary: lines.join('\n') };
}
