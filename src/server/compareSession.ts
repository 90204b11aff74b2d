/**
 * Compare with Baseline in the server: has the profile worker run the core comparison
 * (`src/core/compare`, see `workerComparisons.ts`) of a baseline profile against the loaded one,
 * keeps its tables while that profile stays loaded, and gives the before → after lens titles and
 * the report's comparison tab (its differential flame tree built in the worker too).
 */
import { basename } from 'node:path';
import { LSPErrorCodes, ResponseError, type Connection } from 'vscode-languageserver/node';
import { profileLimits } from './settings';
import {
  callSiteRowAt,
  comparisonSections,
  CompareError,
  lensTextForRow,
  RequestCountError,
  RunRecordError,
  WindowError,
} from '../core/compare/index';
import { matchLines } from '../core/compare/format/sections';
import { comparisonHeadline } from '../core/compare/format/headline';
import { fileSideOf } from '../core/compare/fileSide';
import { ProfileError } from '../core/profile/errors';
import {
  ClearComparisonRequest,
  CompareProfilesRequest,
  LoadProgressNotification,
  type CompareProfilesParams,
  type CompareSummary,
  type ReportComparison,
  type ReportData,
} from '../shared/protocol';
import { compareInWorker, comparisonDiffFlame, LoadCancelled, loadSession, releaseSession, type LoadHooks, type ProfileSession, type WorkspaceRoot } from './profileSession';
import { PER_LINE_COMPARISON_MIN_MEASURED } from '../core/analysis/attributionText';
import type { CompareCall, ComparisonView } from './profileWorkerMessages';
import { WorkerUserError } from './profileWorkerClient';
import { percentOf, uncoveredComparisonTitle } from './format';

/** A comparison and the session (after side) it belongs to. */
export interface ComparisonState {
  readonly session: ProfileSession;
  readonly rootUri: string;
  /** How the worker makes (again) this comparison. */
  readonly call: CompareCall;
  readonly view: ComparisonView;
  readonly summary: CompareSummary;
}

/** What the feature needs from the server. */
export interface CompareHost {
  readonly getSession: () => ProfileSession | undefined;
  /** Replaces the loaded profile (when the request names an after profile). */
  readonly setSession: (session: ProfileSession) => void;
  readonly roots: () => readonly WorkspaceRoot[];
  readonly settingsFor: LoadHooks['settingsFor'];
  /** Announces the change (lens refresh, profile-changed notification). */
  readonly announce: () => void;
}

/** Errors whose message already names the file and the problem. */
function isUserError(e: unknown): e is Error {
  return e instanceof ProfileError || e instanceof RequestCountError || e instanceof RunRecordError || e instanceof CompareError || e instanceof WindowError || e instanceof WorkerUserError;
}

let nextId = 0;

/**
 * Compares `params.baselinePath` with the loaded profile (loading `params.afterPath` first when
 * given) in the first root that has call sites.
 * @throws LoadCancelled when cancelled between steps; the core's errors for bad files or counts
 */
export async function runComparison(
  params: CompareProfilesParams,
  host: CompareHost,
  hooks: { readonly isCancelled: () => boolean; readonly progress: (message: string, percent: number) => void },
): Promise<ComparisonState> {
  const { isCancelled, progress } = hooks;
  let session = host.getSession();
  let loaded: ProfileSession | undefined;
  if (params.afterPath && (!session || session.profilePath !== params.afterPath)) {
    session = loaded = await loadSession(params.afterPath, host.roots(), { isCancelled, progress: (m, p) => progress(m, p / 2), settingsFor: host.settingsFor });
  }
  try {
    return await compareWith(session, params, host, hooks);
  } catch (e) {
    // The profile loaded for this comparison is not shown: its worker is stopped.
    if (loaded && loaded !== host.getSession()) releaseSession(loaded);
    throw e;
  }
}

async function compareWith(
  session: ProfileSession | undefined,
  params: CompareProfilesParams,
  host: CompareHost,
  { isCancelled, progress }: { readonly isCancelled: () => boolean; readonly progress: (message: string, percent: number) => void },
): Promise<ComparisonState> {
  const check = async () => {
    await new Promise((r) => setImmediate(r));
    if (isCancelled()) throw new LoadCancelled();
  };
  if (!session) throw new CompareError('No profile is loaded: open the new profile first, or pick both files.');
  const analyses = [...session.roots.values()];
  const root = analyses.find((r) => r.analysis.callSites.length > 0) ?? analyses[0];
  if (!root) throw new CompareError('Compare with Baseline needs a workspace folder to map the profiles to.');
  const notes: string[] = [];
  const baselines = [{ path: params.baselinePath, requests: params.baselineRequests }, ...(params.moreBaselines ?? [])];
  const afters = [{ path: session.profilePath, requests: params.afterRequests }, ...(params.moreAfters ?? [])];
  progress(baselines.length === 1 ? `Reading ${basename(params.baselinePath)}` : `Reading ${baselines.length} baseline profiles`, 55);
  const label = (side: string, i: number, n: number) => (n === 1 ? side : `${side} ${i + 1} of ${n}`);
  const before = await Promise.all(baselines.map((b, i) => fileSideOf(b.path, b.requests, label('baseline', i, baselines.length), notes)));
  const after = await Promise.all(afters.map((a, i) => fileSideOf(a.path, a.requests, label('new profile', i, afters.length), notes)));
  await check();
  progress('Comparing', 65);
  const options = {
    root: root.rootPath,
    mappings: root.settings.pathMappings,
    ...(session.sampleTypeSetting ? { sampleType: session.sampleTypeSetting } : {}),
    limits: profileLimits(root.settings),
  };
  const { call, view } = await compareInWorker(session, { before, after, options }, isCancelled);
  await check();
  if (params.afterPath && session !== host.getSession()) host.setSession(session);
  const c = view.comparison;
  const summary: CompareSummary = {
    id: `${process.pid}-${++nextId}`,
    rootUri: root.rootUri,
    baselinePath: params.baselinePath,
    afterPath: session.profilePath,
    baselinePaths: baselines.map((b) => b.path),
    afterPaths: afters.map((a) => a.path),
    normalization: c.normalization,
    ...(c.absolute.comparable ? {} : { notComparable: c.absolute.short }),
    headline: comparisonHeadline(c),
    requestSources: { before: c.totals.before.requestsSource, after: c.totals.after.requestsSource },
    notes: [...notes, ...c.notes],
    callSiteCount: c.callSites.filter((r) => r.status !== 'vanished').length,
  };
  progress('Done', 100);
  return { session, rootUri: root.rootUri, call, view, summary };
}

/**
 * Registers {@link CompareProfilesRequest} and {@link ClearComparisonRequest}. Returns what the
 * lens and report handlers ask of the active comparison; it is dropped as soon as another
 * profile is loaded or the profile is cleared (its session is no longer the loaded one).
 */
export function registerCompareFeature(connection: Connection, host: CompareHost) {
  let state: ComparisonState | undefined;
  let generation = 0;
  const active = () => (state && state.session === host.getSession() ? state : undefined);

  /** Runs a comparison and makes it the shown one (lenses, report); throws as {@link runComparison}. */
  const compareAndShow = async (params: CompareProfilesParams, isCancelled: () => boolean): Promise<ComparisonState> => {
    const mine = ++generation;
    const next = await runComparison(params, host, {
      isCancelled: () => isCancelled() || mine !== generation,
      progress: (message, percent) => void connection.sendNotification(LoadProgressNotification, { progressId: params.progressId, message, percent }),
    });
    state = next;
    connection.console.info(`Compared ${params.baselinePath} → ${next.summary.afterPath}: ${next.summary.headline.join('; ')}`);
    host.announce();
    return next;
  };

  connection.onRequest(CompareProfilesRequest, async (params, token) => {
    try {
      return (await compareAndShow(params, () => token.isCancellationRequested)).summary;
    } catch (e) {
      if (e instanceof LoadCancelled) return new ResponseError(LSPErrorCodes.RequestCancelled, 'The comparison was cancelled.');
      connection.console.error(`Comparing ${params.baselinePath} failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
      return new ResponseError(1, isUserError(e) ? e.message : `${params.baselinePath}: ${e instanceof Error ? e.message : String(e)}`);
    }
  });

  connection.onRequest(ClearComparisonRequest, () => {
    generation++;
    state = undefined;
    host.announce();
  });

  return {
    compareAndShow,
    /**
     * For `documentLenses`: the before → after title of a call site of `rootUri`, or undefined.
     * Only where attribution covers both sides (≥ 90 % of DynamoDB measured on a line); otherwise
     * the title says how much was unmeasured before and after instead of a per-line change.
     */
    lensTitleFor(rootUri: string): ((site: { relativePath: string; line: number }) => string | undefined) | undefined {
      const s = active();
      if (!s || s.rootUri !== rootUri) return undefined;
      const { before, after } = s.view;
      const [b, a] = [before.measuredFraction, after.measuredFraction];
      const covered = b >= PER_LINE_COMPARISON_MIN_MEASURED && a >= PER_LINE_COMPARISON_MIN_MEASURED;
      const uncovered = uncoveredComparisonTitle(1 - b, 1 - a, percentOf(before.dynamoWeight, before.totalWeight), percentOf(after.dynamoWeight, after.totalWeight));
      return (site) => {
        const row = callSiteRowAt(s.view.comparison, site.relativePath, site.line);
        if (!row) return undefined;
        return covered ? lensTextForRow(row, s.view.comparison) : uncovered;
      };
    },
    /** The report with the comparison tab's data added when a comparison is active. */
    async withComparison(report: ReportData): Promise<ReportData> {
      const s = active();
      return s ? { ...report, comparison: await reportComparison(s) } : report;
    },
  };
}

/** The comparison tab of each comparison, built on the first report request (its flame tree is the costly part). */
const builtTabs = new WeakMap<ComparisonState, Promise<ReportComparison>>();

/** The comparison tab's data: the core's tables and the differential flame tree (built in the profile worker); built once per comparison. */
export function reportComparison(s: ComparisonState): Promise<ReportComparison> {
  let tab = builtTabs.get(s);
  if (!tab) {
    builtTabs.set(s, (tab = buildReportComparison(s)));
    tab.catch(() => builtTabs.delete(s));
  }
  return tab;
}

async function buildReportComparison(s: ComparisonState): Promise<ReportComparison> {
  const { comparison } = s.view;
  const { diffFlame, afterTotalWeight } = await comparisonDiffFlame(s.call);
  return { summary: s.summary, sections: comparisonSections(comparison), matchLines: matchLines(comparison), afterTotalWeight, diffFlame };
}
