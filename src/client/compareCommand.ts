/**
 * `dynamoHotpath.compareWithBaseline` and `dynamoHotpath.clearComparison`: pick the baseline
 * profile(s) (and the new one(s) when none is loaded; several runs per side give an interval over
 * the runs), optionally type request counts (compareDialogs.ts), run the comparison in the server
 * with cancellable progress, then show the report's comparison tab.
 */
import * as vscode from 'vscode';
import { randomUUID } from 'node:crypto';
import { ClearComparisonRequest, CompareProfilesRequest, type CompareSummary } from '../shared/protocol';
import { gatherCompareParams } from './compareDialogs';
import { fileName } from './compareSides';
import { trackProgress } from './openProfile';
import { notificationText } from '../core/text/displayText';
import { reportError } from './log';
import type { ServerClient } from './serverClient';

export { validateRequestCount, type CompareWithBaselineArgs } from './compareSides';

export interface CompareCommandHost {
  readonly server: ServerClient;
  readonly log: vscode.LogOutputChannel;
  /** Whether a profile is loaded (the after side). */
  readonly profileLoaded: () => boolean;
  /** Opens the report panel (it shows the comparison tab for a new comparison). */
  readonly showReport: (rootUri: string) => void;
  /** Told of each new comparison, and of `null` when it is cleared. */
  readonly onComparison?: (summary: CompareSummary | null) => void;
}

/**
 * Runs Compare with Baseline. Returns the server's summary, or undefined when the user
 * cancelled or the comparison failed (reported once, with "Show Output").
 */
export async function compareWithBaseline(host: CompareCommandHost, arg: unknown): Promise<CompareSummary | undefined> {
  const params = await gatherCompareParams(arg, host.profileLoaded());
  if (!params) return undefined;
  const client = await host.server.get();
  const progressId = randomUUID();
  const baselines = [params.baselinePath, ...(params.moreBaselines ?? []).map((r) => r.path)];
  const afters = [params.afterPath ?? 'the loaded profile', ...(params.moreAfters ?? []).map((r) => r.path)];
  const name = baselines.length === 1 ? fileName(params.baselinePath) : `${baselines.length} baseline profiles`;
  host.log.info(`comparing ${baselines.join(' + ')} → ${afters.join(' + ')}`);
  let summary: CompareSummary;
  try {
    summary = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: `DynamoDB Hot Path: comparing with ${name}`, cancellable: true },
      async (progress, token) => {
        let reported = 0;
        const stop = trackProgress(progressId, (p) => {
          progress.report({ message: p.message, increment: Math.max(0, p.percent - reported) });
          reported = Math.max(reported, p.percent);
        });
        try {
          return await client.sendRequest(CompareProfilesRequest, { ...params, progressId }, token);
        } finally {
          stop();
        }
      },
    );
  } catch (e) {
    if (e && typeof e === 'object' && (e as { code?: unknown }).code === -32800) {
      host.log.info(`comparing with ${params.baselinePath} cancelled`);
      return undefined;
    }
    reportError(host.log, `Could not compare the profiles: ${e instanceof Error ? e.message : String(e)}`, e);
    return undefined;
  }
  host.log.info(`compared: ${summary.headline.join('; ')}`);
  host.onComparison?.(summary);
  for (const note of summary.notes) host.log.warn(note);
  void vscode.window.showInformationMessage(notificationText(`DynamoDB Hot Path: ${summary.headline.join(' · ')}`), 'Show Comparison', 'Clear Comparison').then((choice) => {
    if (choice === 'Show Comparison') host.showReport(summary.rootUri);
    else if (choice === 'Clear Comparison') void vscode.commands.executeCommand('dynamoHotpath.clearComparison');
  });
  return summary;
}

/** Registers both commands; errors are reported like the other commands'. */
export function registerCompareCommands(context: vscode.ExtensionContext, host: CompareCommandHost): void {
  const guard =
    (id: string, run: (arg: unknown) => Promise<unknown>) =>
    async (arg: unknown): Promise<unknown> => {
      try {
        return await run(arg);
      } catch (e) {
        reportError(host.log, `DynamoDB Hot Path: ${id} failed: ${e instanceof Error ? e.message : String(e)}`, e);
        return undefined;
      }
    };
  context.subscriptions.push(
    vscode.commands.registerCommand('dynamoHotpath.compareWithBaseline', guard('dynamoHotpath.compareWithBaseline', (arg) => compareWithBaseline(host, arg))),
    vscode.commands.registerCommand(
      'dynamoHotpath.clearComparison',
      guard('dynamoHotpath.clearComparison', async () => {
        if (host.server.running) await (await host.server.get()).sendRequest(ClearComparisonRequest);
        host.onComparison?.(null);
      }),
    ),
  );
}
