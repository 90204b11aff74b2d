/**
 * `dynamoHotpath.compareAroundDeploy`: the seed's proof in the editor. Server → profile type →
 * service → deploy time → window and gap → request counts (Prometheus, typed, or none); both
 * windows are fetched (streaming, cancellable) and compared by Compare with Baseline, so lenses,
 * report tab and notification are the file comparison's.
 */
import * as vscode from 'vscode';
import { fetchDeployWindows } from '../../core/fleet/deployFetch';
import { DEFAULT_GAP_MS, DEFAULT_WINDOW_MS } from '../../core/fleet/deployWindows';
import { displayUrl, parseEndpointUrl, type Endpoint } from '../../core/fleet/endpoint';
import { isCancelled } from '../../core/fleet/fleetError';
import { formatDuration, isoTime, parseDuration, parseTime } from '../../core/fleet/timeSpec';
import { compareWithBaseline, validateRequestCount } from '../compareCommand';
import type { CompareSummary } from '../../shared/protocol';
import { askAuth, connectToPyroscope } from './connect';
import { loadAuth, storeAuth } from './credentials';
import { cleanFleetStorage, fleetStorageDir, withDownloadProgress } from './download';
import { endpointFor, fleetSettings } from './endpointSettings';
import type { FleetHost } from './index';
import { pickProfileType, pickSelector } from './pickQuery';
import { validateDuration, validateServerUrl, validateTime } from './validate';

/** Optional command argument (tests, other extensions); what it names is not asked. Never secrets. */
export interface CompareAroundDeployArgs {
  readonly url?: string;
  readonly profileType?: string;
  readonly query?: string;
  readonly deploy?: string;
  readonly window?: string;
  readonly gap?: string;
  /** Typed request counts (`990`, `49.35/s`); a rate without a duration is taken over the window. */
  readonly requestsBefore?: string;
  readonly requestsAfter?: string;
  /** Count requests with Prometheus: base URL and counter query. */
  readonly prometheus?: string;
  readonly requestsQuery?: string;
}

type Requests = { kind: 'typed'; before: string; after: string } | { kind: 'prometheus'; endpoint: Endpoint; query: string } | { kind: 'none' };

async function askText(title: string, value: string, validateInput: (t: string) => string | undefined, prompt?: string): Promise<string | undefined> {
  return vscode.window.showInputBox({ title, value, ignoreFocusOut: true, validateInput, ...(prompt ? { prompt } : {}) });
}

async function prometheusEndpoint(context: vscode.ExtensionContext, url: string): Promise<Endpoint | undefined> {
  const clean = parseEndpointUrl(url).url.href;
  let auth = await loadAuth(context.secrets, clean);
  if (!auth) {
    auth = await askAuth(clean, 'Prometheus');
    if (!auth) return undefined;
    await storeAuth(context.secrets, clean, auth);
  }
  return endpointFor(clean, auth, '');
}

async function gatherRequests(context: vscode.ExtensionContext, args: CompareAroundDeployArgs): Promise<Requests | undefined> {
  if (args.requestsBefore && args.requestsAfter) return { kind: 'typed', before: args.requestsBefore, after: args.requestsAfter };
  const settings = fleetSettings();
  let choice: 'prometheus' | 'typed' | 'none' | undefined = args.prometheus ? 'prometheus' : undefined;
  if (!choice) {
    const picked = await vscode.window.showQuickPick(
      [
        { label: 'Count requests with Prometheus', detail: 'sum(increase(<counter>[window])) at the end of each window', choice: 'prometheus' as const },
        { label: 'Type the request counts', detail: '990, 30.06M, or a rate such as 49.35/s', choice: 'typed' as const },
        { label: 'No request counts', detail: 'compare shares and absolute CPU (traffic may differ)', choice: 'none' as const },
      ],
      { title: 'Requests served in each window (for CPU per request)', ignoreFocusOut: true },
    );
    choice = picked?.choice;
  }
  if (!choice) return undefined;
  if (choice === 'none') return { kind: 'none' };
  if (choice === 'typed') {
    const before = await askText('Requests in the before window', '', (t) => (t.trim() ? validateRequestCount(t) : 'a count or a rate'));
    if (!before) return undefined;
    const after = await askText('Requests in the after window', '', (t) => (t.trim() ? validateRequestCount(t) : 'a count or a rate'));
    return after ? { kind: 'typed', before, after } : undefined;
  }
  const url = args.prometheus ?? (await askText('Prometheus server', settings.prometheusUrl || 'http://localhost:9090', validateServerUrl, 'Prometheus-compatible base URL (Mimir, Grafana Cloud …/api/prom)'));
  if (!url) return undefined;
  const query =
    args.requestsQuery ??
    (await askText('Request counter', settings.requestsQuery || 'http_requests_total{service="…"}', (t) => (t.trim() ? undefined : 'a counter selector, or PromQL naming $window'), 'Counted as sum(increase(<counter>[window])); a query containing $window is used as written'));
  if (!query) return undefined;
  const endpoint = await prometheusEndpoint(context, url);
  return endpoint ? { kind: 'prometheus', endpoint, query } : undefined;
}

/** A typed rate without a duration covers the whole window. */
function withWindow(text: string, windowMs: number): string {
  return /\/(s|min|h)$/.test(text.trim()) ? `${text.trim()}*${windowMs / 1000}s` : text;
}

/** Runs the command; the comparison's summary, or undefined when cancelled or failed (reported). */
export async function compareAroundDeploy(context: vscode.ExtensionContext, host: FleetHost, arg: unknown): Promise<CompareSummary | undefined> {
  const args = (arg && typeof arg === 'object' ? arg : {}) as CompareAroundDeployArgs;
  try {
    const connection = await connectToPyroscope(context, host.log, args.url);
    if (!connection) return undefined;
    const profileTypeId = await pickProfileType(connection.profileTypes, args.profileType);
    if (!profileTypeId) return undefined;
    const labelSelector = await pickSelector(connection.endpoint, profileTypeId, args.query);
    if (!labelSelector) return undefined;
    const deploy = args.deploy ?? (await askText('Deploy time', isoTime(Math.floor(Date.now() / 60e3) * 60e3 - 2 * 3600e3), validateTime, 'When the new version rolled out: ISO 8601 (2026-03-14T10:30:00Z), now-2h, or Unix seconds'));
    if (!deploy) return undefined;
    const window = args.window ?? (await askText('Window length', formatDuration(DEFAULT_WINDOW_MS), validateDuration, 'Length of each window compared'));
    if (!window) return undefined;
    const gap = args.gap ?? (await askText('Gap around the deploy', formatDuration(DEFAULT_GAP_MS), validateDuration, 'Left out on each side while old and new pods coexist'));
    if (!gap) return undefined;
    const requests = await gatherRequests(context, args);
    if (!requests) return undefined;
    const windowMs = parseDuration(window);
    const dir = await fleetStorageDir(context);
    host.log.info(`comparing ${labelSelector} around ${deploy} (window ${window}, gap ${gap}) from ${displayUrl(connection.endpoint.url)}`);
    const fetched = await withDownloadProgress(`DynamoDB Hot Path: fetching ${labelSelector} around the deploy`, (signal, report) =>
      fetchDeployWindows({
        endpoint: connection.endpoint,
        profileTypeId,
        labelSelector,
        deployMs: parseTime(deploy),
        windowMs,
        gapMs: parseDuration(gap),
        dir,
        ...(requests.kind === 'prometheus' ? { requests: { endpoint: requests.endpoint, query: requests.query } } : {}),
        signal,
        onProgress: (side, p) => report(`${side} window`, p),
      }),
    );
    for (const [side, w] of [['before', fetched.before], ['after', fetched.after]] as const) {
      host.log.info(`${side}: ${isoTime(w.window.startMs)} – ${isoTime(w.window.endMs)} → ${w.fetch.outPath} (${w.fetch.method})${w.requests ? `; ${w.requests.requests} requests (${w.requests.source})` : ''}`);
    }
    const counts =
      requests.kind === 'typed'
        ? { baselineRequests: withWindow(requests.before, windowMs), afterRequests: withWindow(requests.after, windowMs) }
        : requests.kind === 'prometheus'
          ? { baselineRequests: String(fetched.before.requests!.requests), afterRequests: String(fetched.after.requests!.requests) }
          : {};
    const summary = await compareWithBaseline(host, { baseline: fetched.before.fetch.outPath, after: fetched.after.fetch.outPath, ...counts });
    await cleanFleetStorage(context, host.log, [fetched.before.fetch.outPath, fetched.after.fetch.outPath, ...host.profilesInUse()]);
    return summary;
  } catch (e) {
    if (isCancelled(e)) {
      host.log.info('comparing around the deploy cancelled');
      return undefined;
    }
    throw e;
  }
}
