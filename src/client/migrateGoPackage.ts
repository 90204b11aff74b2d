/**
 * `dynamoHotpath.migrateGoPackage`: the typed Go migration of the current file's package, run by
 * the server (go list + the Go helper + go build -overlay). Shows the outcome: the rewritten file
 * side by side with the current one and an Apply button (the edits land in the editor buffers;
 * the user reviews and saves), or the reason no change is made (the error findings). Refused with
 * an explanation in an untrusted workspace.
 */
import * as vscode from 'vscode';
import { MigrateGoRequest, type MigrateGoResult } from '../shared/protocol';
import type { ServerClient } from './serverClient';

/** Scheme of the read-only "after" documents shown in the diff. */
const AFTER_SCHEME = 'dynamo-hotpath-go-after';
const afterTexts = new Map<string, string>();

/** Registers the command and the provider of the "after" documents. */
export function registerMigrateGoPackage(context: vscode.ExtensionContext, server: ServerClient, log: vscode.LogOutputChannel): void {
  context.subscriptions.push(
    vscode.workspace.registerTextDocumentContentProvider(AFTER_SCHEME, { provideTextDocumentContent: (uri) => afterTexts.get(uri.query) ?? '' }),
    vscode.commands.registerCommand('dynamoHotpath.migrateGoPackage', async (arg?: { uri?: string }) => {
      const uri = arg?.uri ? vscode.Uri.parse(arg.uri) : vscode.window.activeTextEditor?.document.uri;
      if (!uri || !uri.fsPath.endsWith('.go')) {
        void vscode.window.showInformationMessage('Open a Go file that uses guregu/dynamo v1 or dynamodbattribute to migrate its package.');
        return undefined;
      }
      return migrateGoPackage(uri, server, log);
    }),
  );
}

/** Runs the migration for `uri`'s package; returns the result (applied or not), undefined when refused. */
export async function migrateGoPackage(uri: vscode.Uri, server: ServerClient, log: vscode.LogOutputChannel, apply?: boolean): Promise<MigrateGoResult | undefined> {
  if (!vscode.workspace.isTrusted) {
    void vscode.window.showWarningMessage('The Go migration runs go list and go build on this workspace, which executes its code: trust the workspace first (Workspaces: Manage Workspace Trust).');
    return undefined;
  }
  const result = await vscode.window.withProgress(
    { location: vscode.ProgressLocation.Notification, title: 'Go migration of this package', cancellable: true },
    async (progress, token) => {
      // Progress from the first second: what runs, and for how long so far (the server answers at
      // once when it has worked the package out already).
      const started = Date.now();
      const say = () => progress.report({ message: `go list, the typed rewrite, go build -overlay… ${Math.round((Date.now() - started) / 1000)} s (a first run compiles the SDKs: a minute or more)` });
      say();
      const timer = setInterval(say, 1000);
      try {
        const client = await server.get();
        return await client.sendRequest(MigrateGoRequest, { uri: uri.toString() }, token);
      } finally {
        clearInterval(timer);
      }
    },
  );
  const changed = result.files.filter((f) => f.after !== undefined);
  const errors = result.files.flatMap((f) => f.findings.filter((x) => x.severity === 'error').map((x) => `${vscode.workspace.asRelativePath(vscode.Uri.parse(f.uri))}:${x.line + 1}: ${x.message}`));
  log.info(`migrateGo ${uri.fsPath}: ${changed.length} file(s) rewritten, builds=${result.builds}, ${errors.length} error(s)`);
  if (changed.length === 0) {
    const why = errors.length ? errors.join('\n') : 'nothing in this package uses guregu/dynamo v1 or dynamodbattribute.';
    void vscode.window.showWarningMessage(`No change made to the Go package. ${why}`, { modal: false });
    return result;
  }
  const mine = changed.find((f) => f.uri === uri.toString()) ?? changed[0]!;
  afterTexts.set(mine.uri, mine.after!);
  const target = vscode.Uri.parse(mine.uri);
  await vscode.commands.executeCommand('vscode.diff', target, vscode.Uri.from({ scheme: AFTER_SCHEME, path: target.path, query: mine.uri }), `${vscode.workspace.asRelativePath(target)} ↔ migrated (builds with ${result.goVersion})`);
  const choice = apply ? 'Apply' : await vscode.window.showInformationMessage(`Migrate ${changed.length} file(s) of this package? The rewrite builds with ${result.goVersion}. Then run go get for the new modules.`, 'Apply', 'Cancel');
  if (choice !== 'Apply') return result;
  const edit = new vscode.WorkspaceEdit();
  for (const f of changed) {
    const doc = await vscode.workspace.openTextDocument(vscode.Uri.parse(f.uri));
    edit.replace(doc.uri, new vscode.Range(0, 0, doc.lineCount, 0), f.after!);
  }
  if (!(await vscode.workspace.applyEdit(edit))) throw new Error('VS Code refused the edit');
  void vscode.window.showInformationMessage(`Applied the Go migration to ${changed.length} file(s): review, save, then run go get github.com/guregu/dynamo/v2 (and the aws-sdk-go-v2 modules it imports).`);
  return result;
}
