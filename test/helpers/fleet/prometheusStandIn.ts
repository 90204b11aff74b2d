/**
 * STAND-IN for a Prometheus-compatible query API (tests only; no Prometheus binary can be
 * installed here): a real HTTP server on 127.0.0.1 answering `GET /api/v1/query` with the
 * Prometheus HTTP API's JSON envelope. `valueAt(query, timeS)` decides the answer; an optional
 * bearer token is checked.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface PrometheusStandIn {
  readonly url: string;
  readonly queries: { query: string; time: number; authorization?: string }[];
  close(): Promise<void>;
}

/** `valueAt` returns a number (one-series vector), `[]` (no series) or `'error'` (a bad_data answer). */
export async function startPrometheusStandIn(valueAt: (query: string, timeS: number) => number | [] | 'error', token?: string, basePath = ''): Promise<PrometheusStandIn> {
  const queries: PrometheusStandIn['queries'] = [];
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const send = (status: number, body: object) => {
      res.writeHead(status, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (url.pathname !== `${basePath}/api/v1/query`) return send(404, { status: 'error', errorType: 'not_found', error: 'no such path' });
    const query = url.searchParams.get('query') ?? '';
    const time = Number(url.searchParams.get('time'));
    queries.push({ query, time, ...(req.headers.authorization ? { authorization: req.headers.authorization } : {}) });
    if (token && req.headers.authorization !== `Bearer ${token}`) return send(401, { status: 'error', errorType: 'unauthorized', error: 'authentication required' });
    const v = valueAt(query, time);
    if (v === 'error') return send(400, { status: 'error', errorType: 'bad_data', error: `invalid parameter "query": parse error` });
    const result = Array.isArray(v) ? [] : [{ metric: {}, value: [time, String(v)] }];
    send(200, { status: 'success', data: { resultType: 'vector', result } });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${basePath}`,
    queries,
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
