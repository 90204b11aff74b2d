/**
 * The Go quick fix: Go fixes are not text edits computed as you type (they are resolved against the
 * package's types and built with go first), so on a Go migration diagnostic the quick fix runs
 * `dynamoHotpath.migrateGoPackage`, which shows the checked rewrite before anything changes. What
 * is known of the package's migration ahead of time (`goFixChecks.ts`) shapes the action: disabled
 * with the reason when it cannot apply, marked checked when its rewrite builds.
 */
import { CodeAction, CodeActionKind, type Diagnostic } from 'vscode-languageserver/node';
import type { GoFixKnowledge } from './goFixChecks';

/** Title of the Go quick fix. */
export const MIGRATE_GO_TITLE = 'Migrate This Go Package (typed rewrite, checked with go build)';

/** Diagnostic codes of the Go findings the typed migration rewrites. */
export const GO_MIGRATION_CODES = /^go-(dynamo-v1|dynamodbattribute)$/;

/** The quick fix's title and state for what is known of the package's migration. */
function shaped(knowledge: GoFixKnowledge): { title: string; disabled?: { reason: string } } {
  switch (knowledge.state) {
    case 'applies':
      return { title: `Migrate This Go Package (checked: the rewrite builds with ${knowledge.result.goVersion})` };
    case 'blocked':
    case 'nothing':
      return { title: MIGRATE_GO_TITLE, disabled: { reason: knowledge.reason } };
    case 'checking':
      return { title: `${MIGRATE_GO_TITLE} — checking whether it applies…` };
    case 'unknown':
      return { title: MIGRATE_GO_TITLE };
  }
}

/**
 * The quick fix for our Go diagnostics among `diagnostics` of the Go document `uri` (none
 * elsewhere), shaped by `knowledge` of its package's migration.
 */
export function goMigrationActions(uri: string, diagnostics: readonly Diagnostic[], source: string, only: string[] | undefined, knowledge: GoFixKnowledge): CodeAction[] {
  if (!uri.endsWith('.go') || (only && !only.some((k) => CodeActionKind.QuickFix === k || CodeActionKind.QuickFix.startsWith(`${k}.`)))) return [];
  const ours = diagnostics.filter((d) => d.source === source && GO_MIGRATION_CODES.test(String(d.code)));
  if (ours.length === 0) return [];
  const { title, disabled } = shaped(knowledge);
  const action = CodeAction.create(title, { title, command: 'dynamoHotpath.migrateGoPackage', arguments: [{ uri }] }, CodeActionKind.QuickFix);
  action.diagnostics = ours;
  if (disabled) action.disabled = disabled;
  else action.isPreferred = true;
  return [action];
}
