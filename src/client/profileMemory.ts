/**
 * The loaded profile survives a window reload: its path is kept in the workspace state while it
 * is loaded (forgotten on Clear Profile), and loaded again when the extension activates.
 */
import * as vscode from 'vscode';
import { stat } from 'node:fs/promises';
import type { ProfileSummary } from '../shared/protocol';

const KEY = 'dynamoHotpath.loadedProfile';

/** Keeps (or, for `null`, forgets) the path of the profile the server now has loaded. */
export function rememberProfile(state: vscode.Memento, summary: ProfileSummary | null): Thenable<void> {
  return state.update(KEY, summary ? summary.sourcePath : undefined);
}

/**
 * Loads the profile that was loaded before the reload, through `load` (the Open CPU Profile
 * command with a path). A profile that no longer exists is forgotten, with a line in the log.
 */
export async function restoreProfile(state: vscode.Memento, log: vscode.LogOutputChannel, load: (path: string) => Thenable<unknown>): Promise<void> {
  const path = state.get<string>(KEY);
  if (typeof path !== 'string' || path === '') return;
  const file = await stat(path).catch(() => undefined);
  if (!file?.isFile()) {
    log.info(`the profile loaded before the reload, ${path}, is gone; not loading it again`);
    await state.update(KEY, undefined);
    return;
  }
  log.info(`loading ${path} again (it was loaded before the window reloaded)`);
  await load(path);
}
