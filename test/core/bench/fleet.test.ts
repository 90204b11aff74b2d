import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { coresFor, fleetFromCpuPerRequest, fleetImpact, formatMoney, monthlyCostFor, normalizeFleetInputs, type FleetInputs } from '../../../src/core/bench/fleet';
import { summarize } from '../../../src/core/bench/stats';
import type { CaseResult, ComparisonResult } from '../../../src/core/bench/suiteTypes';

const close = (a: number, b: number, tol = 1e-9) => assert.ok(Math.abs(a - b) <= tol * Math.max(1, Math.abs(b)), `${a} ≉ ${b}`);

describe('fleet arithmetic', () => {
  const inputs: FleetInputs = { requestsPerSecond: 2000, perRequest: { item: 65, query: 2, put: 1 }, coresPerPod: 4, costPerCoreHour: 0.04, currency: 'USD' };

  it("reproduces the seed: 2.149 ms → 0.876 ms CPU per request at 70 M requests per hour", () => {
    // 70,000,000 / 3,600 = 19,444.4 requests/s; (0.876 − 2.149) ms × 19,444.4/s = −24.75 core-seconds per second.
    const seed: FleetInputs = { ...inputs, requestsPerSecond: 70e6 / 3600 };
    const impact = fleetFromCpuPerRequest(2.149e6, 0.876e6, seed);
    close(impact.cores, -24.752777777777777);
    assert.equal(impact.cores.toFixed(2), '-24.75');
    assert.equal(impact.unit, 'request');
    assert.equal(impact.opsPerRequest, 1);
    close(impact.pods!, -24.752777777777777 / 4);
    assert.equal(impact.formula, '-1.273 ms per request × 19,444.4 requests/s = -24.8 cores (-6.19 pods of 4 cores); × USD 0.04 per core-hour × 730 h = -USD 722.78 per month');
    // The seed's own cross-check: 2.149 ms × 19,444 requests/s ≈ 41.8 cores before, 0.876 ms ≈ 17.0 after.
    close(coresFor(2.149e6, 1, seed.requestsPerSecond), 41.786, 1e-4);
    close(coresFor(0.876e6, 1, seed.requestsPerSecond), 17.033, 1e-4);
  });

  it('cores = Δ per operation × operations per request × requests per second; cost × 730 h', () => {
    close(coresFor(40_000, 65, 2000), 5.2);
    close(monthlyCostFor(5.2, 0.04), 151.84);
    assert.equal(formatMoney(1234.5, 'EUR'), 'EUR 1,234.50');
    assert.equal(formatMoney(-3, 'KRW'), '-KRW 3');
  });

  const kase = (id: string, operation: CaseResult['operation'], itemsPerOp: number, medianNs: number): CaseResult => {
    const summary = summarize([medianNs * 0.99, medianNs, medianNs * 1.01]);
    return { id, label: id, sdk: 'v2', operation, options: 'default', itemsPerOp, summary, nsPerItem: summary.medianNs / itemsPerOp };
  };
  const cmp = (older: string, lower: number, upper: number): ComparisonResult => ({
    label: `${older}: v3 vs v2`,
    newer: `${older}-v3`,
    older,
    estimate: { ratio: Math.sqrt(lower * upper), lower, upper, confidence: 0.95, df: 2, method: 'process-medians', verdict: upper < 1 ? 'faster' : lower > 1 ? 'slower' : 'no significant difference' },
  });

  it('multiplies each comparison by its own operation per request: items, Query calls, PutItem calls', () => {
    // marshall: 25 items per op at 1.5 ms per op → 60 µs per item; ratio 0.25 → −45 µs per item × 65 items/request.
    const marshall = fleetImpact(cmp('marshall-v2', 0.25, 0.25), kase('marshall-v2', 'marshall', 25, 1_500_000), inputs)!;
    assert.equal(marshall.unit, 'item');
    close(marshall.deltaNsPerOp, -45_000);
    close(marshall.cores, -45_000e-9 * 65 * 2000);
    // query: one Query of 25 items at 2 ms; ratio 1.5 → +1 ms per Query call × 2 calls per request.
    const query = fleetImpact(cmp('query-v2', 1.5, 1.5), kase('query-v2', 'query', 25, 2_000_000), inputs)!;
    assert.equal(query.unit, 'query');
    close(query.deltaNsPerOp, 1_000_000);
    close(query.cores, 1e-3 * 2 * 2000);
    assert.match(query.formula, /^1 ms per Query call × 2 Query calls per request × 2,000 requests\/s = 4 cores \(1 pods of 4 cores\)/);
    // put: one PutItem; never multiplied by items per request (the "per-PutItem delta × items").
    const put = fleetImpact(cmp('put-v2', 0.9, 1.2), kase('put-v2', 'put', 1, 100_000), inputs)!;
    assert.equal(put.unit, 'put');
    assert.equal(put.opsPerRequest, 1);
    close(put.coresRange![0], 100_000 * -0.1 * 1e-9 * 1 * 2000);
    close(put.coresRange![1], 100_000 * 0.2 * 1e-9 * 1 * 2000);
    assert.equal(put.verdict, 'no significant difference');
    assert.equal(fleetImpact({ ...cmp('put-v2', 1, 1), estimate: undefined }, kase('put-v2', 'put', 1, 1), inputs), undefined);
  });

  it('refuses bad inputs and carries old saved inputs over', () => {
    assert.throws(() => fleetFromCpuPerRequest(2, 1, { ...inputs, requestsPerSecond: -1 }), /requestsPerSecond must be a non-negative number, got -1/);
    assert.throws(() => fleetFromCpuPerRequest(2, 1, { ...inputs, currency: 'dollars' }), /currency must be a three-letter code such as USD, got 'dollars'/);
    const old = normalizeFleetInputs({ requestsPerSecond: 500, itemsPerRequest: 30, costPerCoreHour: 0.05 }, inputs);
    assert.deepEqual(old, { requestsPerSecond: 500, perRequest: { item: 30, query: 2, put: 1 }, coresPerPod: 4, costPerCoreHour: 0.05, currency: 'USD' });
  });
});
