/**
 * `compare --pyroscope URL --query Q --deploy TIME [--window 30m] [--gap 10m]
 *  [--requests-before N --requests-after M | --requests-query PROMQL --prometheus URL]`:
 * turns the fleet options into the two sides of an ordinary file comparison. What was fetched
 * (windows, pruned shares, request sources) goes to stderr, so stdout is exactly the table
 * `compare` prints for files.
 */
import { mkdtemp, mkdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { CompareFileSide } from '../core/compare/compareFiles';
import type { RequestInput } from '../core/compare/requestCount';
import { displayUrl } from '../core/fleet/endpoint';
import { DEFAULT_GAP_MS, DEFAULT_WINDOW_MS } from '../core/fleet/deployWindows';
import { fetchDeployWindows, type FetchedWindow } from '../core/fleet/deployFetch';
import { isoTime, parseDuration, parseTime } from '../core/fleet/timeSpec';
import { labelSelectorOption, maxNodesOption, profileTypeOption, prometheusEndpoint, pyroscopeEndpoint, secretsOnCommandLine } from './fleetOptions';
import { progressPrinter } from './fleetRun';
import { CliUsageError } from './usage';

type Values = Record<string, string | boolean | string[] | undefined>;

/** The fleet options `compare` accepts besides its own. */
export const COMPARE_FLEET_OPTIONS = {
  deploy: { type: 'string' },
  window: { type: 'string' },
  gap: { type: 'string' },
  'out-dir': { type: 'string' },
} as const;

/** Help lines for the fleet form of `compare`. */
export const COMPARE_FLEET_HELP = `
fleet form (Pyroscope / Grafana Cloud Profiles):
  dynamo-hotpath compare --pyroscope URL --query SELECTOR --deploy TIME [options]
  --deploy TIME         when the new version rolled out (ISO 8601, now-2h, Unix seconds)
  --window DURATION     length of each window (default 30m)
  --gap DURATION        left out on each side of the deploy while old and new pods coexist
                        (default 10m): before = [deploy-gap-window, deploy-gap],
                        after = [deploy+gap, deploy+gap+window]
  --requests-query Q    a request counter (http_requests_total{job="adserver"}), counted as
                        sum(increase(Q[window])) at each window's end; or a PromQL naming $window
  --prometheus URL      Prometheus-compatible base URL for --requests-query; credentials with
                        --prometheus-user, --prometheus-password (or DYNAMO_HOTPATH_PROMETHEUS_PASSWORD),
                        --prometheus-token (or DYNAMO_HOTPATH_PROMETHEUS_TOKEN), --prometheus-tenant
  --out-dir DIR         keep the two fetched profiles there (default: a temporary folder, removed)
  --profile-type, --max-nodes and the connection options as for \`dynamo-hotpath fetch\`
`;

export interface FleetSides {
  readonly before: CompareFileSide;
  readonly after: CompareFileSide;
  /** Removes the temporary folder (when no --out-dir was given). */
  readonly cleanup: () => Promise<void>;
}

/**
 * Fetches the windows and returns the comparison's sides. Typed request counts win over
 * Prometheus; a typed rate without a duration is taken over the window's length.
 * @throws CliUsageError for missing/conflicting options; TimeSpecError, FleetError from the fetch
 */
export async function fleetCompareSides(values: Values, typed: { before?: RequestInput; after?: RequestInput }, signal: AbortSignal): Promise<FleetSides> {
  const endpoint = pyroscopeEndpoint(values);
  for (const flag of secretsOnCommandLine(values)) process.stderr.write(`dynamo-hotpath compare: warning: ${flag} on the command line is visible to other users of this machine; prefer the environment variable\n`);
  const deployText = values.deploy;
  if (typeof deployText !== 'string') throw new CliUsageError('--pyroscope needs --deploy TIME (when the new version rolled out)');
  const requestsQuery = typeof values['requests-query'] === 'string' ? values['requests-query'] : undefined;
  const prometheus = prometheusEndpoint(values);
  if (requestsQuery && !prometheus) throw new CliUsageError('--requests-query needs --prometheus URL');
  if (prometheus && !requestsQuery) throw new CliUsageError('--prometheus needs --requests-query (the request counter to read)');
  if (requestsQuery && (typed.before || typed.after)) throw new CliUsageError('give either --requests-before/--requests-after or --requests-query, not both');
  const windowMs = typeof values.window === 'string' ? parseDuration(values.window) : DEFAULT_WINDOW_MS;
  const gapMs = typeof values.gap === 'string' ? parseDuration(values.gap) : DEFAULT_GAP_MS;
  const keepDir = typeof values['out-dir'] === 'string' ? resolve(values['out-dir']) : undefined;
  const dir = keepDir ?? (await mkdtemp(join(tmpdir(), 'dynamo-hotpath-deploy-')));
  if (keepDir) await mkdir(keepDir, { recursive: true });
  const cleanup = async () => {
    if (!keepDir) await rm(dir, { recursive: true, force: true });
  };
  try {
    const labelSelector = labelSelectorOption(values);
    const maxNodes = maxNodesOption(values);
    const printers = { before: progressPrinter('before window'), after: progressPrinter('after window') };
    const fetched = await fetchDeployWindows({
      endpoint,
      profileTypeId: profileTypeOption(values),
      labelSelector,
      deployMs: parseTime(deployText),
      windowMs,
      gapMs,
      dir,
      ...(maxNodes !== undefined ? { maxNodes } : {}),
      ...(requestsQuery && prometheus ? { requests: { endpoint: prometheus, query: requestsQuery } } : {}),
      signal,
      onProgress: (side, p) => printers[side](p),
    });
    printers.after.done();
    process.stderr.write(describeFetch(displayUrl(endpoint.url), labelSelector, fetched));
    return { before: sideOf(fetched.before, typed.before), after: sideOf(fetched.after, typed.after), cleanup };
  } catch (err) {
    await cleanup();
    throw err;
  }
}

function sideOf(w: FetchedWindow, typed: RequestInput | undefined): CompareFileSide {
  const windowS = (w.window.endMs - w.window.startMs) / 1000;
  let requests: RequestInput | undefined = typed;
  if (typed?.kind === 'rate' && typed.durationS === undefined) requests = { ...typed, durationS: windowS };
  if (!requests && w.requests) requests = { kind: 'count', requests: w.requests.requests, source: w.requests.source };
  return { path: w.fetch.outPath, ...(requests ? { requests } : {}) };
}

function describeFetch(server: string, selector: string, f: { before: FetchedWindow; after: FetchedWindow }): string {
  const line = (name: string, w: FetchedWindow) =>
    `  ${name}: ${isoTime(w.window.startMs)} – ${isoTime(w.window.endMs)} → ${w.fetch.outPath} (${w.fetch.method}, max_nodes ${w.fetch.maxNodes})${w.requests ? `; ${w.requests.requests.toFixed(0)} requests (${w.requests.source})` : ''}`;
  const notes = [...new Set([...f.before.fetch.notes, ...f.after.fetch.notes])].map((n) => `  note: ${n}`);
  return [`Fetched ${selector} from ${server}:`, line('before', f.before), line('after', f.after), ...notes, ''].join('\n');
}
