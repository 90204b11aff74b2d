/**
 * Request counts from a Prometheus-compatible server (Prometheus, Mimir, Grafana Cloud, Thanos,
 * VictoriaMetrics): an instant query `GET <base>/api/v1/query?query=…&time=<s>` (Prometheus HTTP
 * API) evaluated at a window's end. A query naming `$window` gets the window's length put in
 * (`sum(increase(http_requests_total{job="adserver"}[$window]))`); any other query is taken as
 * a counter selector and wrapped as `sum(increase(<query>[<window>]))`.
 */
import { authHeaders, displayUrl, endpointUrl, type Endpoint } from './endpoint';
import { FleetError, statusError } from './fleetError';
import { readAll, sendHttp } from './httpCall';
import { formatDuration, isoTime } from './timeSpec';
import type { Window } from './deployWindows';

/** The PromQL evaluated for a window. */
export function requestsPromql(query: string, windowMs: number): string {
  const range = formatDuration(windowMs);
  return query.includes('$window') ? query.split('$window').join(range) : `sum(increase(${query.trim()}[${range}]))`;
}

export interface WindowRequests {
  /** Requests in the window (increase of the counter; may be fractional, as Prometheus extrapolates). */
  readonly requests: number;
  /** The PromQL that gave it and where it was evaluated, for the comparison's source column. */
  readonly source: string;
}

/**
 * Counts the requests of one window.
 * @throws FleetError for HTTP/auth/network errors, an error answer, an empty result ("no series
 *   matched"), several series (the query must aggregate to one), or a non-positive count
 */
export async function requestsInWindow(endpoint: Endpoint, query: string, window: Window, options: { signal?: AbortSignal } = {}): Promise<WindowRequests> {
  const server = displayUrl(endpoint.url);
  const promql = requestsPromql(query, window.endMs - window.startMs);
  const url = endpointUrl(endpoint, '/api/v1/query');
  url.searchParams.set('query', promql);
  url.searchParams.set('time', String(window.endMs / 1000));
  const res = await sendHttp({ endpoint, method: 'GET', url, headers: { Accept: 'application/json', ...authHeaders(endpoint) }, what: 'the request-count query', ...(options.signal ? { signal: options.signal } : {}) });
  const text = Buffer.from(await readAll(res.body, 8 << 20)).toString('utf8');
  let json: { status?: string; error?: string; errorType?: string; data?: { resultType?: string; result?: unknown } } | undefined;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  if (res.status !== 200) {
    const detail = json?.error ? `${json.errorType ? `${json.errorType}: ` : ''}${json.error}` : text.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim().slice(0, 300) || undefined;
    throw withPrometheusHint(statusError(res.status, server, 'the request-count query', detail));
  }
  if (!json || json.status !== 'success' || !json.data) throw new FleetError('bad-response', `${server} did not answer /api/v1/query with Prometheus JSON: check that the URL is the Prometheus base URL (e.g. https://prometheus-prod-01-eu-west-0.grafana.net/api/prom)`);
  const value = singleValue(json.data.resultType, json.data.result, server, promql, window);
  if (!(value > 0) || !Number.isFinite(value)) throw new FleetError('no-data', `${server}: ${promql} at ${isoTime(window.endMs)} is ${value}; a window needs a positive request count`);
  return { requests: value, source: `${promql} at ${isoTime(window.endMs)}` };
}

function singleValue(resultType: string | undefined, result: unknown, server: string, promql: string, window: Window): number {
  if (resultType === 'scalar' && Array.isArray(result)) return Number(result[1]);
  if (resultType === 'vector' && Array.isArray(result)) {
    if (result.length === 0) throw new FleetError('no-data', `${server}: ${promql} at ${isoTime(window.endMs)} matched no series; check the metric name and labels`);
    if (result.length > 1) throw new FleetError('bad-response', `${server}: ${promql} returned ${result.length} series; the query must aggregate to one (e.g. wrap it in sum(...))`);
    const v = (result[0] as { value?: unknown[] }).value;
    return Number(Array.isArray(v) ? v[1] : NaN);
  }
  throw new FleetError('bad-response', `${server}: ${promql} gave a ${resultType ?? 'missing'} result; an instant query returning a vector or scalar is needed`);
}

function withPrometheusHint(err: FleetError): FleetError {
  if (err.kind !== 'unauthenticated') return err;
  return new FleetError(err.kind, err.message.replace(/profiles:read/, 'metrics:read'), err.status, err.connectCode, err.serverMessage);
}
