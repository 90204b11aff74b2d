/**
 * Adds a `dynamoHotpath.pathMappings` rule to a workspace folder's settings, after the user
 * confirmed the target in an input box (nothing is written without that action).
 */
import * as vscode from 'vscode';

/** Folder part of a recorded path: `/build/app/internal/x.go` → `/build/app/internal`. */
export function suggestedPrefix(profileFile: string): string {
  const cut = profileFile.lastIndexOf('/');
  return cut > 0 ? profileFile.slice(0, cut) : profileFile;
}

/**
 * Asks for the `from` prefix and the workspace folder it maps to, then appends the rule to
 * the folder's `dynamoHotpath.pathMappings`. Returns false when the user cancelled.
 */
export async function addPathMappingInteractively(rootUri: string, profileFile: string): Promise<boolean> {
  const folder = vscode.workspace.getWorkspaceFolder(vscode.Uri.parse(rootUri));
  const from = await vscode.window.showInputBox({
    title: 'Add a path mapping (1/2): profile path prefix',
    value: suggestedPrefix(profileFile),
    prompt: `Prefix of paths recorded in the profile, e.g. from ${profileFile}`,
    validateInput: (v) => (v.trim() === '' ? 'Enter a path prefix' : undefined),
  });
  if (from === undefined) return false;
  const to = await vscode.window.showInputBox({
    title: 'Add a path mapping (2/2): workspace folder',
    value: '.',
    prompt: `Folder that ${from.trim()} corresponds to, relative to ${folder?.name ?? 'the workspace folder'} or absolute`,
  });
  if (to === undefined) return false;
  const config = vscode.workspace.getConfiguration('dynamoHotpath', folder?.uri);
  const rules = config.get<{ from: string; to: string }[]>('pathMappings') ?? [];
  await config.update('pathMappings', [...rules, { from: from.trim(), to: to.trim() || '.' }], folder ? vscode.ConfigurationTarget.WorkspaceFolder : vscode.ConfigurationTarget.Workspace);
  return true;
}
