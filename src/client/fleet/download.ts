/**
 * Downloads fleet profiles into the extension's global storage with a cancellable progress
 * notification ("12.3 MB of 40.1 MB"); the download streams to disk in the extension host's
 * event loop, so the editor stays responsive, and the language server parses the file after.
 */
import * as vscode from 'vscode';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { FetchProgress } from '../../core/fleet/fetchProfile';

/** Folder the fetched profiles go to (created on demand). */
export async function fleetStorageDir(context: vscode.ExtensionContext): Promise<string> {
  const dir = join(context.globalStorageUri.fsPath, 'pyroscope');
  await mkdir(dir, { recursive: true });
  return dir;
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
