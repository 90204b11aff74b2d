// Request counts from a STAND-IN Prometheus query API (a real HTTP server on 127.0.0.1 answering
// the Prometheus HTTP API's JSON; no Prometheus binary can be installed here).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { FleetError } from '../../../src/core/fleet/fleetError';
import { requestsInWindow, requestsPromql } from '../../../src/core/fleet/prometheus';
import { startPrometheusStandIn, type PrometheusStandIn } from '../../helpers/fleet/prometheusStandIn';

const WINDOW = { startMs: Date.parse('2026-03-14T09:50:00Z'), endMs: Date.parse('2026-03-14T10:20:00Z') };

describe('Prometheus request counts (stand-in server)', () => {
  let prom: PrometheusStandIn;
  before(async () => {
    prom = await startPrometheusStandIn((q) => (q.includes('missing') ? [] : q.includes('broken') ? 'error' : 990.4), undefined, '/api/prom');
  });
  after(() => prom.close());
  const endpoint = () => ({ url: prom.url, auth: { kind: 'none' as const } });

  it('wraps a counter in sum(increase(…[window])) and keeps a query that names $window', () => {
    assert.equal(requestsPromql('http_requests_total{job="adserver"}', 30 * 60e3), 'sum(increase(http_requests_total{job="adserver"}[30m]))');
    assert.equal(requestsPromql('sum(rate(x[$window])) * 1800', 90 * 60e3), 'sum(rate(x[1h30m])) * 1800');
  });

  it('evaluates at the window\'s end under the base path and returns the count with its source', async () => {
    const r = await requestsInWindow(endpoint(), 'http_requests_total', WINDOW);
    assert.equal(r.requests, 990.4);
    assert.equal(r.source, 'sum(increase(http_requests_total[30m])) at 2026-03-14T10:20:00Z');
    assert.deepEqual(prom.queries.at(-1), { query: 'sum(increase(http_requests_total[30m]))', time: WINDOW.endMs / 1000 });
  });

  it('says when no series matched, and passes Prometheus\'s own error on', async () => {
    await assert.rejects(requestsInWindow(endpoint(), 'missing_total', WINDOW), (e: Error) => e instanceof FleetError && e.kind === 'no-data' && /matched no series; check the metric name and labels/.test(e.message));
    await assert.rejects(requestsInWindow(endpoint(), 'broken_total', WINDOW), (e: Error) => e instanceof FleetError && /HTTP 400: bad_data: invalid parameter "query": parse error/.test(e.message));
  });
});
