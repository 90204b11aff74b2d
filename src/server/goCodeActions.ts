/**
 * The Go quick fix: Go fixes are not text edits computed as you type (they are resolved against the
 * package's types and built with go first), so on a Go migration diagnostic the quick fix runs
 * `dynamoHotpath.migrateGoPackage`, which shows the checked rewrite before anything changes.
 */
import { CodeAction, CodeActionKind, type Diagnostic } from 'vscode-languageserver/node';

/** Title of the Go quick fix. */
export const MIGRATE_GO_TITLE = 'Migrate This Go Package (typed rewrite, checked with go build)';

/** The quick fix for our Go diagnostics among `diagnostics` of the Go document `uri` (none elsewhere). */
export function goMigrationActions(uri: string, diagnostics: readonly Diagnostic[], source: string, only?: string[]): CodeAction[] {
  if (!uri.endsWith('.go') || (only && !only.some((k) => CodeActionKind.QuickFix === k || CodeActionKind.QuickFix.startsWith(`${k}.`)))) return [];
  const ours = diagnostics.filter((d) => d.source === source && /^go-(dynamo-v1|dynamodbattribute)$/.test(String(d.code)));
  if (ours.length === 0) return [];
  const action = CodeAction.create(MIGRATE_GO_TITLE, { title: MIGRATE_GO_TITLE, command: 'dynamoHotpath.migrateGoPackage', arguments: [{ uri }] }, CodeActionKind.QuickFix);
  action.diagnostics = ours;
  action.isPreferred = true;
  return [action];
}
