import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { summarize } from '../../../src/core/bench/stats';
import { combineProcesses, compareMedians, isSettled, logHalfWidth, medianStandardError, processesContradict } from '../../../src/core/bench/robust';
import { stopReason } from '../../../src/core/bench/policy';
import type { BenchReport } from '../../../src/core/bench/suiteTypes';

describe('robust verdicts', () => {
  it('a slow outlier moves the mean but not the median verdict', () => {
    // The issue's case: v2's median lower than v3's while one slow v2 sample pulled v2's mean up.
    const v2 = [100, 101, 99, 100, 102, 98, 100, 101, 99, 100, 5000];
    const v3 = [104, 105, 103, 104, 106, 102, 104, 105, 103, 104, 105];
    const older = summarize(v2);
    const newer = summarize(v3);
    assert.ok(newer.meanNs < older.meanNs, 'the means say v3 is faster');
    const e = compareMedians(newer, older);
    assert.equal(e.verdict, 'slower');
    assert.equal(e.ratio, 104 / 100);
    assert.equal(e.method, 'median');
  });

  it('the median standard error is 1.2533 · 1.4826 · MAD / √n', () => {
    const s = summarize([1, 2, 3, 4, 100]);
    assert.equal(s.madNs, 1);
    assert.ok(Math.abs(medianStandardError(s) - (Math.sqrt(Math.PI / 2) * 1.4826 * 1) / Math.sqrt(5)) < 1e-12);
    assert.equal(medianStandardError(summarize([5])), Infinity);
  });

  it('contradiction needs one process significantly faster and another significantly slower', () => {
    assert.equal(processesContradict([{ lower: 0.7, upper: 0.9 }, { lower: 1.1, upper: 1.3 }]), true);
    assert.equal(processesContradict([{ lower: 0.7, upper: 0.9 }, { lower: 0.95, upper: 1.3 }]), false);
    const one = compareMedians(summarize([2, 2.1, 1.9]), summarize([1, 1.1, 0.9]));
    assert.equal(combineProcesses([one]), one);
    assert.throws(() => combineProcesses([]), /no process estimates/);
  });

  it('settled: a direction, or no difference known to ±10 %; never unstable', () => {
    const e = (lower: number, upper: number, verdict: 'faster' | 'no significant difference' | 'unstable') => ({ ratio: Math.sqrt(lower * upper), lower, upper, confidence: 0.95, df: 2, method: 'process-medians' as const, verdict });
    assert.equal(isSettled(e(0.5, 0.9, 'faster')), true);
    assert.equal(isSettled(e(0.95, 1.04, 'no significant difference')), true);
    assert.equal(isSettled(e(0.8, 1.3, 'no significant difference')), false);
    assert.equal(isSettled(e(0.5, 0.9, 'unstable')), false);
    assert.ok(Math.abs(logHalfWidth(e(0.5, 2, 'faster')) - Math.log(2)) < 1e-12);
  });

  it('the process policy stops when settled, at the maximum, or before the time budget runs out', () => {
    const withEstimate = (lower: number, upper: number) =>
      ({ suites: [{ comparisons: [{ label: 'x', newer: 'a', older: 'b', estimate: { ratio: 1, lower, upper, confidence: 0.95, df: 2, method: 'process-medians', verdict: lower > 1 || upper < 1 ? 'faster' : 'no significant difference' } }] }] }) as unknown as BenchReport;
    const policy = { minProcesses: 3, maxProcesses: 5, timeBudgetMs: 100_000 };
    assert.equal(stopReason(withEstimate(0.5, 2), 2, 10_000, policy), undefined);
    assert.equal(stopReason(withEstimate(0.5, 0.9), 3, 30_000, policy), 'every comparison settled after 3 processes');
    // `--processes 1` (the review found "settled after 1 processes")
    assert.equal(stopReason(withEstimate(0.5, 0.9), 1, 10_000, { ...policy, minProcesses: 1 }), 'every comparison settled after 1 process');
    assert.equal(stopReason(withEstimate(0.5, 2), 3, 30_000, policy), undefined);
    assert.match(stopReason(withEstimate(0.5, 2), 5, 30_000, policy)!, /^the maximum of 5 processes was reached \(1 comparison still unsettled\)/);
    assert.match(stopReason(withEstimate(0.5, 2), 3, 80_000, policy)!, /^another process would exceed the 100 s time budget/);
  });
});
