/**
 * Downloads fleet profiles into the extension's global storage with a cancellable progress
 * notification ("12.3 MB of 40.1 MB"); the download streams to disk in the extension host's
 * event loop, so the editor stays responsive, and the language server parses the file after.
 */
import * as vscode from 'vscode';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { FetchProgress } from '../../core/fleet/fetchProfile';
import { cleanFetchedProfiles, DEFAULT_RETENTION, type RetentionPolicy } from './retention';

/** Folder the fetched profiles go to (created on demand). */
export async function fleetStorageDir(context: vscode.ExtensionContext): Promise<string> {
  const dir = join(context.globalStorageUri.fsPath, 'pyroscope');
  await mkdir(dir, { recursive: true });
  return dir;
}

/** `dynamoHotpath.pyroscope.keepProfiles` (a count, rounded down) and `dynamoHotpath.pyroscope.keepDays`; the default where one is not a number ≥ 0. */
export function retentionPolicy(): RetentionPolicy {
  const c = vscode.workspace.getConfiguration('dynamoHotpath');
  const atLeastZero = (key: string, fallback: number) => {
    const v = c.get<number>(key);
    return typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : fallback;
  };
  return { keepLast: Math.floor(atLeastZero('pyroscope.keepProfiles', DEFAULT_RETENTION.keepLast)), keepDays: atLeastZero('pyroscope.keepDays', DEFAULT_RETENTION.keepDays) };
}

/**
 * After a download: removes the fetched profiles the retention settings no longer keep
 * (retention.ts), never one of `inUse` (paths of the loaded, compared and just-fetched profiles).
 * Logs what it removed and what it could not; never throws.
 */
export async function cleanFleetStorage(context: vscode.ExtensionContext, log: vscode.LogOutputChannel, inUse: readonly string[]): Promise<void> {
  try {
    const dir = await fleetStorageDir(context);
    const policy = retentionPolicy();
    const result = await cleanFetchedProfiles(dir, policy, inUse);
    if (result.removed.length) log.info(`removed ${result.removed.length} fetched profile(s) (${(result.freedBytes / 1e6).toFixed(1)} MB) from ${dir}, keeping the ${policy.keepLast} newest and those under ${policy.keepDays} days: ${result.removed.join(', ')}`);
    for (const f of result.failed) log.warn(`could not remove the fetched profile ${f}`);
  } catch (e) {
    log.warn(`could not clean up the fetched profiles: ${e instanceof Error ? e.message : String(e)}`);
  }
}

/** `12.3 MB` / `12.3 MB of 40.1 MB`. */
export function progressText(p: FetchProgress): string {
  const mb = (b: number) => `${(b / 1e6).toFixed(1)} MB`;
  return p.totalBytes ? `${mb(p.receivedBytes)} of ${mb(p.totalBytes)}` : mb(p.receivedBytes);
}

/**
 * Runs `work` under a cancellable notification titled `title`; `work` gets an AbortSignal tied to
 * the Cancel button and a progress callback. The notification's bar follows `receivedBytes /
 * totalBytes` when the server announced a size.
 */
export function withDownloadProgress<T>(title: string, work: (signal: AbortSignal, report: (label: string, p: FetchProgress) => void) => Promise<T>): Thenable<T> {
  return vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title, cancellable: true }, async (progress, token) => {
    const controller = new AbortController();
    const sub = token.onCancellationRequested(() => controller.abort());
    let shownPercent = 0;
    let lastLabel = '';
    try {
      return await work(controller.signal, (label, p) => {
        if (label !== lastLabel) {
          lastLabel = label;
          shownPercent = 0;
        }
        const percent = p.totalBytes ? Math.min(100, (100 * p.receivedBytes) / p.totalBytes) : 0;
        progress.report({ message: `${label}: ${progressText(p)}`, increment: Math.max(0, percent - shownPercent) });
        shownPercent = Math.max(shownPercent, percent);
      });
    } finally {
      sub.dispose();
    }
  });
}
