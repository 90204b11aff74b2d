/**
 * `dynamoHotpath.migrateCallSite` (the `migrate ›` lens): offers the migration quick fixes of
 * the call under the lens and applies the one the user picks to the editor buffer (the user
 * reviews and saves). Without a fix for this call it says so and opens the report.
 */
import * as vscode from 'vscode';
import type { MigrateCallSiteArgs } from '../shared/protocol';

/** Diagnostic source of the server's migration findings (src/server/migrate). */
const MIGRATION_SOURCE = 'DynamoDB Hot Path';

async function quickFixes(uri: vscode.Uri, range: vscode.Range): Promise<vscode.CodeAction[]> {
  // A request made while providers register is cancelled ("Canceled"): ask again once.
  for (let attempt = 0; ; attempt++) {
    try {
      const actions = (await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', uri, range, vscode.CodeActionKind.QuickFix.value)) ?? [];
      return actions.filter((a) => a.edit && a.diagnostics?.some((d) => d.source === MIGRATION_SOURCE));
    } catch (e) {
      if (attempt > 0 || !/Canceled/i.test(String(e))) throw e;
    }
  }
}

/**
 * Runs the command. Returns the title of the applied fix, or undefined when nothing was
 * applied (no fix for this call, or the user dismissed the choice).
 */
export async function migrateCallSite(args: MigrateCallSiteArgs, log: vscode.LogOutputChannel): Promise<string | undefined> {
  const uri = vscode.Uri.parse(args.uri);
  const document = await vscode.workspace.openTextDocument(uri);
  const range = new vscode.Range(args.startLine, 0, args.endLine, document.lineAt(Math.min(args.endLine, document.lineCount - 1)).text.length);
  const editor = await vscode.window.showTextDocument(document, { selection: new vscode.Range(range.start, range.start) });
  const fixes = await quickFixes(uri, range);
  log.info(`migrate ${args.callSiteId} (${args.migration}): ${fixes.length} fix(es)`);
  if (fixes.length === 0) {
    void vscode.window
      .showInformationMessage(`No automatic fix for this call yet (suggested migration: ${args.migration}). The report shows how much CPU it would move.`, 'Show Report')
      .then((choice) => choice && vscode.commands.executeCommand('dynamoHotpath.showReport', { rootUri: args.rootUri, focusCallSite: args.callSiteId }));
    return undefined;
  }
  const chosen = fixes.length === 1 ? fixes[0] : (await vscode.window.showQuickPick(fixes.map((f) => ({ label: f.title, fix: f })), { title: 'Migrate this DynamoDB call' }))?.fix;
  if (!chosen?.edit) return undefined;
  if (!(await vscode.workspace.applyEdit(chosen.edit))) throw new Error(`VS Code refused the edit "${chosen.title}"`);
  if (chosen.command) await vscode.commands.executeCommand(chosen.command.command, ...(chosen.command.arguments ?? []));
  editor.revealRange(range);
  void vscode.window.showInformationMessage(`Applied “${chosen.title}”. Review the change, then save.`);
  return chosen.title;
}
