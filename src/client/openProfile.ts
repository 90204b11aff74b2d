/**
 * `dynamoHotpath.openProfile`: pick a profile (or take the path/URI argument), load it in
 * the server with a cancellable progress notification.
 */
import * as vscode from 'vscode';
import { randomUUID } from 'node:crypto';
import { LoadProfileRequest, LoadProgressNotification, type LoadProgress, type ProfileSummary } from '../shared/protocol';
import type { ServerClient } from './serverClient';
import { reportError } from './log';

/** File-dialog filter: the profile formats the core reads. */
export const PROFILE_FILTERS: Record<string, string[]> = {
  'CPU profiles': ['gz', 'pb', 'pprof', 'prof', 'cpuprofile', 'folded', 'collapsed', 'txt', 'json'],
  'All files': ['*'],
};

const progressListeners = new Map<string, (p: LoadProgress) => void>();

/** Routes the server's progress notifications to the matching load; call once per client. */
export function listenForProgress(client: { onNotification: (type: typeof LoadProgressNotification, h: (p: LoadProgress) => void) => unknown }): void {
  client.onNotification(LoadProgressNotification, (p) => progressListeners.get(p.progressId)?.(p));
}

/** Routes the progress of the server request tagged `progressId` to `listener` until the returned function is called. */
export function trackProgress(progressId: string, listener: (p: LoadProgress) => void): () => void {
  progressListeners.set(progressId, listener);
  return () => progressListeners.delete(progressId);
}

/** A command argument as a file path: a string path, a `Uri`, or nothing (ask). */
export function argumentToPath(arg: unknown): string | undefined {
  if (typeof arg === 'string' && arg !== '') return arg.startsWith('file:') ? vscode.Uri.parse(arg).fsPath : arg;
  if (arg instanceof vscode.Uri) return arg.fsPath;
  return undefined;
}

/**
 * Runs the command. Returns the summary of the loaded profile, or undefined when the user
 * cancelled or the load failed (the failure is reported once, with "Show Output").
 */
export async function openProfile(server: ServerClient, log: vscode.LogOutputChannel, arg: unknown): Promise<ProfileSummary | undefined> {
  let path = argumentToPath(arg);
  if (!path) {
    const picked = await vscode.window.showOpenDialog({
      canSelectMany: false,
      openLabel: 'Open CPU Profile',
      filters: PROFILE_FILTERS,
      defaultUri: vscode.workspace.workspaceFolders?.[0]?.uri,
    });
    if (!picked?.[0]) return undefined;
    path = picked[0].fsPath;
  }
  const client = await server.get();
  const progressId = randomUUID();
  const name = path.slice(path.lastIndexOf('/') + 1);
  log.info(`loading ${path}`);
  try {
    return await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: `DynamoDB Hot Path: loading ${name}`, cancellable: true },
      async (progress, token) => {
        let reported = 0;
        progressListeners.set(progressId, (p) => {
          progress.report({ message: p.message, increment: Math.max(0, p.percent - reported) });
          reported = Math.max(reported, p.percent);
        });
        try {
          const summary = await client.sendRequest(LoadProfileRequest, { path: path!, progressId }, token);
          log.info(`loaded ${path}: DynamoDB ${summary.dynamoPercent.toFixed(1)}%, ${summary.roots.map((r) => `${r.rootUri}: ${r.callSiteCount} call sites, ${r.coveragePercent.toFixed(1)}% paths mapped`).join('; ')}`);
          for (const w of summary.warnings) log.warn(`${name}: ${w}`);
          return summary;
        } finally {
          progressListeners.delete(progressId);
        }
      },
    );
  } catch (e) {
    if (isCancellation(e)) {
      log.info(`loading ${path} cancelled`);
      return undefined;
    }
    reportError(log, `Could not load the CPU profile: ${e instanceof Error ? e.message : String(e)}`, e);
    return undefined;
  }
}

function isCancellation(e: unknown): boolean {
  return !!e && typeof e === 'object' && 'code' in e && (e as { code: unknown }).code === -32800;
}
