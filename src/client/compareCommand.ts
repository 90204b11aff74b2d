/**
 * `dynamoHotpath.compareWithBaseline` and `dynamoHotpath.clearComparison`: pick a baseline
 * profile (and the new one when none is loaded), optionally type request counts, run the
 * comparison in the server with cancellable progress, then show the report's comparison tab.
 */
import * as vscode from 'vscode';
import { randomUUID } from 'node:crypto';
import { ClearComparisonRequest, CompareProfilesRequest, type CompareProfilesParams, type CompareSummary } from '../shared/protocol';
import { parseRequestInput, RequestCountError } from '../core/compare/requestCount';
import { argumentToPath, PROFILE_FILTERS, trackProgress } from './openProfile';
import { reportError } from './log';
import type { ServerClient } from './serverClient';

/**
 * The command's argument, for tests and other extensions: a baseline path (string or Uri), or
 * an object naming both profiles and the request counts. No dialog is shown for what it gives.
 */
export interface CompareWithBaselineArgs {
  readonly baseline: string;
  readonly after?: string;
  /** As typed in the input box: `990`, `30.06M`, `49.35/s`; empty = run record or shares. */
  readonly baselineRequests?: string;
  readonly afterRequests?: string;
}

export interface CompareCommandHost {
  readonly server: ServerClient;
  readonly log: vscode.LogOutputChannel;
  /** Whether a profile is loaded (the after side). */
  readonly profileLoaded: () => boolean;
  /** Opens the report panel (it shows the comparison tab for a new comparison). */
  readonly showReport: (rootUri: string) => void;
}

/** Input-box validation: undefined when `text` is empty or a request count the core reads, else why not. */
export function validateRequestCount(text: string): string | undefined {
  if (text.trim() === '') return undefined;
  try {
    parseRequestInput(text);
    return undefined;
  } catch (e) {
    return e instanceof RequestCountError ? e.message : String(e);
  }
}

async function pickProfile(openLabel: string, title: string): Promise<string | undefined> {
  const picked = await vscode.window.showOpenDialog({ canSelectMany: false, openLabel, title, filters: PROFILE_FILTERS, defaultUri: vscode.workspace.workspaceFolders?.[0]?.uri });
  return picked?.[0]?.fsPath;
}

async function askRequests(name: string): Promise<string | undefined> {
  return vscode.window.showInputBox({
    title: `Requests served while ${name} was recorded (optional)`,
    prompt: `A count (990, 30.06M) or a rate (49.35/s, 49.35/s*20s). Empty: read ${name}.json when present, else compare shares (traffic may differ).`,
    placeHolder: 'e.g. 990, 30.06M, 49.35/s — or leave empty',
    ignoreFocusOut: true,
    validateInput: validateRequestCount,
  });
}

/** What to compare: from the argument, or asked. Undefined when the user cancelled a dialog. */
async function gatherParams(arg: unknown, profileLoaded: boolean): Promise<Omit<CompareProfilesParams, 'progressId'> | undefined> {
  if (arg && typeof arg === 'object' && !(arg instanceof vscode.Uri) && typeof (arg as CompareWithBaselineArgs).baseline === 'string') {
    const a = arg as CompareWithBaselineArgs;
    return {
      baselinePath: argumentToPath(a.baseline)!,
      ...(a.after ? { afterPath: argumentToPath(a.after) } : {}),
      ...(a.baselineRequests ? { baselineRequests: a.baselineRequests } : {}),
      ...(a.afterRequests ? { afterRequests: a.afterRequests } : {}),
    };
  }
  const given = argumentToPath(arg);
  if (given) return { baselinePath: given };
  const baselinePath = await pickProfile('Use as Baseline', 'Compare with Baseline: the baseline (before) profile');
  if (!baselinePath) return undefined;
  let afterPath: string | undefined;
  if (!profileLoaded) {
    afterPath = await pickProfile('Compare', 'Compare with Baseline: the new (after) profile');
    if (!afterPath) return undefined;
  }
  const name = (p: string) => p.slice(p.lastIndexOf('/') + 1);
  const baselineRequests = await askRequests(name(baselinePath));
  if (baselineRequests === undefined) return undefined;
  const afterRequests = await askRequests(afterPath ? name(afterPath) : 'the loaded profile');
  if (afterRequests === undefined) return undefined;
  return { baselinePath, ...(afterPath ? { afterPath } : {}), baselineRequests, afterRequests };
}

/**
 * Runs Compare with Baseline. Returns the server's summary, or undefined when the user
 * cancelled or the comparison failed (reported once, with "Show Output").
 */
export async function compareWithBaseline(host: CompareCommandHost, arg: unknown): Promise<CompareSummary | undefined> {
  const params = await gatherParams(arg, host.profileLoaded());
  if (!params) return undefined;
  const client = await host.server.get();
  const progressId = randomUUID();
  const name = params.baselinePath.slice(params.baselinePath.lastIndexOf('/') + 1);
  host.log.info(`comparing ${params.baselinePath} → ${params.afterPath ?? 'the loaded profile'}`);
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
  for (const note of summary.notes) host.log.warn(note);
  void vscode.window.showInformationMessage(`DynamoDB Hot Path: ${summary.headline.join(' · ')}`, 'Show Comparison', 'Clear Comparison').then((choice) => {
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
      }),
    ),
  );
}
