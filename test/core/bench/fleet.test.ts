import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { coresFor, fleetImpact, monthlyCostFor } from '../../../src/core/bench/fleet';
import type { CaseResult, ComparisonResult } from '../../../src/core/bench/suiteTypes';

describe('fleet arithmetic', () => {
  const inputs = { requestsPerSecond: 2000, itemsPerRequest: 65, costPerCoreHour: 0.04 };

  it('cores = Δ time per item × items per request × requests per second', () => {
    // 40 µs/item × 65 × 2000/s = 5.2 core-seconds per second
    assert.ok(Math.abs(coresFor(40_000, inputs) - 5.2) < 1e-12);
    // 5.2 cores × 0.04 × 730 h = 151.84 per month
    assert.ok(Math.abs(monthlyCostFor(5.2, inputs) - 151.84) < 1e-9);
  });

  it('turns a comparison into cores and cost, with the interval as a range (negative = saved)', () => {
    const older = { id: 'marshall-v2', nsPerItem: 60_000 } as CaseResult;
    const cmp: ComparisonResult = {
      label: 'marshall: v3 defaults vs v2',
      newer: 'marshall-v3',
      older: 'marshall-v2',
      deltaNsPerItem: -40_000,
      estimate: { ratio: 1 / 3, lower: 0.3, upper: 0.4, confidence: 0.95, df: 100, method: 'fieller', verdict: 'faster' },
    };
    const impact = fleetImpact(cmp, older, inputs)!;
    assert.ok(Math.abs(impact.cores - -5.2) < 1e-9);
    assert.ok(Math.abs(impact.monthlyCost - -151.84) < 1e-9);
    // 60 µs × (0.3 − 1) = −42 µs → −5.46 cores; 60 µs × (0.4 − 1) = −36 µs → −4.68 cores
    assert.ok(Math.abs(impact.coresRange![0] - -5.46) < 1e-9);
    assert.ok(Math.abs(impact.coresRange![1] - -4.68) < 1e-9);
    assert.equal(impact.formula, '-40000 ns/item × 65 items/request × 2000 requests/s = -5.200 cores; × 0.04/core-hour × 730 h = -151.84/month');
    assert.throws(() => fleetImpact(cmp, older, { ...inputs, requestsPerSecond: -1 }), /requestsPerSecond must be a non-negative number, got -1/);
    assert.equal(fleetImpact({ ...cmp, estimate: undefined }, older, inputs), undefined);
  });
});
