/**
 * `dynamoHotpath.migrateGoPackage`: the typed Go migration of the current file's package (and the
 * packages that move with it), run by the server (go list + the Go helper + go build and go vet
 * of the whole module through -overlay). Shows the outcome: the rewritten file side by side with
 * the current one and Apply / Run Tests buttons (Run Tests runs the module's go test ./... before
 * and after in a sandbox and shows both counts; the edits land in the editor buffers, the user
 * reviews and saves), or the reason no change is made (the error findings). go.mod changes only
 * after its own confirmation, which shows the go.mod diff of the user's go get first. Refused with
 * an explanation in an untrusted workspace.
 */
import * as vscode from 'vscode';
import { GoGetRequest, MigrateGoRequest, type MigrateGoResult } from '../shared/protocol';
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
  const client = await server.get();
  const run = (test: boolean) =>
    vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: test ? 'Go migration of this package, with the module\'s tests before and after' : 'Go migration of this package', cancellable: true },
      async (progress, token) => {
        // Progress from the first second: what runs, and for how long so far (the server answers at
        // once when it has worked the package out already).
        const started = Date.now();
        const steps = test ? 'go list, the typed rewrite, go build, go vet, go test ./... before and after…' : 'go list, the typed rewrite, go build -overlay and go vet of the module…';
        const say = () => progress.report({ message: `${steps} ${Math.round((Date.now() - started) / 1000)} s (a first run compiles the SDKs: a minute or more)` });
        say();
        const timer = setInterval(say, 1000);
        try {
          return await client.sendRequest(MigrateGoRequest, { uri: uri.toString(), test }, token);
        } finally {
          clearInterval(timer);
        }
      },
    );
  let result = await run(false);
  let changed = result.files.filter((f) => f.after !== undefined);
  log.info(`migrateGo ${uri.fsPath}: ${changed.length} file(s) rewritten, builds=${result.builds}, ${errorsOf(result).length} error(s)`);
  if (changed.length === 0) return noChange(result);
  await showDiff(uri, result);
  let choice = apply ? 'Apply' : await vscode.window.showInformationMessage(`Migrate ${changed.length} file(s)${result.packages.length > 1 || result.packages[0]?.length !== 1 ? ` in ${result.packages.flat().length} packages` : ''}? The module builds with the rewrite (${result.goVersion}).`, 'Apply', 'Run Tests', 'Cancel');
  if (choice === 'Run Tests') {
    result = await run(true);
    changed = result.files.filter((f) => f.after !== undefined);
    const t = result.tests;
    const counts = t ? `go test ./...: ${t.passedBefore} passed, ${t.failedBefore} failed before; ${t.passedAfter ?? '–'} passed, ${t.failedAfter ?? '–'} failed after` : 'the tests did not run';
    log.info(`migrateGo ${uri.fsPath} with tests: ${counts}; regressed: ${t?.regressed.join(', ') || 'none'}`);
    if (changed.length === 0) return noChange(result, `${counts}. `);
    choice = await vscode.window.showInformationMessage(`${counts}. Migrate ${changed.length} file(s)?`, 'Apply', 'Cancel');
  }
  if (choice !== 'Apply') return result;
  const edit = new vscode.WorkspaceEdit();
  for (const f of changed) {
    const doc = await vscode.workspace.openTextDocument(vscode.Uri.parse(f.uri));
    edit.replace(doc.uri, new vscode.Range(0, 0, doc.lineCount, 0), f.after!);
  }
  if (!(await vscode.workspace.applyEdit(edit))) throw new Error('VS Code refused the edit');
  if (!result.goGet.length) {
    void vscode.window.showInformationMessage(`Applied the Go migration to ${changed.length} file(s): review and save them.`);
    return result;
  }
  const next = await vscode.window.showInformationMessage(`Applied the Go migration to ${changed.length} file(s): review and save them. go.mod is unchanged; the rewrite needs go get ${result.goGet.join(' ')}.`, 'Show go.mod Change…');
  if (next === 'Show go.mod Change…') await confirmGoGet(uri, result.goGet, server, log);
  return result;
}

function errorsOf(result: MigrateGoResult): string[] {
  return result.files.flatMap((f) => f.findings.filter((x) => x.severity === 'error').map((x) => `${vscode.workspace.asRelativePath(vscode.Uri.parse(f.uri))}:${x.line + 1}: ${x.message}`));
}

function noChange(result: MigrateGoResult, prefix = ''): MigrateGoResult {
  const errors = errorsOf(result);
  const why = errors.length ? errors.join('\n') : 'nothing in this package uses guregu/dynamo v1 or dynamodbattribute.';
  void vscode.window.showWarningMessage(`${prefix}No change made to the Go package. ${why}`, { modal: false });
  return result;
}

async function showDiff(uri: vscode.Uri, result: MigrateGoResult): Promise<void> {
  const changed = result.files.filter((f) => f.after !== undefined);
  const mine = changed.find((f) => f.uri === uri.toString()) ?? changed[0]!;
  afterTexts.set(mine.uri, mine.after!);
  const target = vscode.Uri.parse(mine.uri);
  await vscode.commands.executeCommand('vscode.diff', target, vscode.Uri.from({ scheme: AFTER_SCHEME, path: target.path, query: mine.uri }), `${vscode.workspace.asRelativePath(target)} ↔ migrated (builds with ${result.goVersion})`);
}

/** Previews go get on a copy of go.mod, shows the go.mod diff, and runs it in the module only when the user confirms. */
async function confirmGoGet(uri: vscode.Uri, args: readonly string[], server: ServerClient, log: vscode.LogOutputChannel): Promise<void> {
  const client = await server.get();
  const preview = await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: 'go get on a copy of go.mod…', cancellable: true }, (_p, token) => client.sendRequest(GoGetRequest, { uri: uri.toString(), args, apply: false }, token));
  if (!preview.ok) {
    void vscode.window.showErrorMessage(`${preview.command} failed; go.mod unchanged: ${preview.output.split('\n').slice(-3).join(' ')}`);
    return;
  }
  const goMod = vscode.Uri.parse(preview.goModUri);
  afterTexts.set(preview.goModUri, preview.goModAfter);
  await vscode.commands.executeCommand('vscode.diff', goMod, vscode.Uri.from({ scheme: AFTER_SCHEME, path: goMod.path, query: preview.goModUri }), `go.mod ↔ after ${preview.command}`);
  const ok = await vscode.window.showWarningMessage(`Run ${preview.command} in the module? It changes go.mod as shown, and go.sum (+${preview.goSumAdded} −${preview.goSumRemoved} lines).`, { modal: true }, 'Run go get');
  if (ok !== 'Run go get') return;
  const done = await client.sendRequest(GoGetRequest, { uri: uri.toString(), args, apply: true });
  log.info(`goGet ${done.command}: ok=${done.ok}`);
  if (done.ok) void vscode.window.showInformationMessage(`Ran ${done.command}: go.mod and go.sum updated (go mod tidy marks the new modules direct).`);
  else void vscode.window.showErrorMessage(`${done.command} failed: ${done.output.split('\n').slice(-3).join(' ')}`);
}
