import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  compareMeans,
  fiellerInterval,
  mean,
  median,
  quantileSorted,
  sampleVariance,
  summarize,
  tCritical,
  verdictFromInterval,
  type SampleSummary,
} from '../../../src/core/bench/stats';

const close = (actual: number, expected: number, tol = 1e-6) =>
  assert.ok(Math.abs(actual - expected) <= tol * Math.max(1, Math.abs(expected)), `${actual} ≉ ${expected}`);

describe('descriptive statistics', () => {
  const oneToTen = [7, 3, 10, 1, 5, 2, 9, 4, 8, 6];

  it('mean, median, variance of 1..10', () => {
    assert.equal(mean(oneToTen), 5.5);
    assert.equal(median(oneToTen), 5.5);
    close(sampleVariance(oneToTen), 82.5 / 9);
    assert.equal(median([3, 1, 2]), 2);
  });

  it('type-7 quantiles interpolate between ranks', () => {
    const sorted = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
    close(quantileSorted(sorted, 0.99), 9.91); // h = 9·0.99 = 8.91 → 9 + 0.91·(10 − 9)
    assert.equal(quantileSorted(sorted, 0), 1);
    assert.equal(quantileSorted(sorted, 1), 10);
    close(quantileSorted(sorted, 0.25), 3.25);
  });

  it('Student t critical values match the printed tables', () => {
    close(tCritical(1), 12.7062, 1e-4);
    close(tCritical(4), 2.7764, 1e-4);
    close(tCritical(9), 2.2622, 1e-4);
    close(tCritical(30), 2.0423, 1e-4);
    close(tCritical(1e9), 1.95996, 1e-5);
    close(tCritical(10, 0.99), 3.1693, 1e-4);
    assert.throws(() => tCritical(0), RangeError);
  });

  it('summarize: RME = 100·t(0.975, n−1)·(s/√n)/mean', () => {
    const s = summarize(oneToTen);
    assert.equal(s.n, 10);
    assert.equal(s.meanNs, 5.5);
    assert.equal(s.medianNs, 5.5);
    close(s.p99Ns, 9.91);
    assert.equal(s.minNs, 1);
    assert.equal(s.maxNs, 10);
    close(s.sdNs, 3.0276504);
    close(s.semNs, 0.9574271);
    // 2.2621572 · 0.9574271 / 5.5 · 100
    close(s.rmePercent, 39.3790, 1e-4);
    close(s.opsPerSecond, 181818181.818);
  });

  it('rejects empty samples', () => {
    assert.throws(() => summarize([]), RangeError);
  });
});

describe('ratio of means (Fieller)', () => {
  it('solves the Fieller quadratic (hand-computed with t = 2)', () => {
    // a = 10² − 4·1 = 96, b/2 = −4·10 = −40, c = 4² − 4·1 = 12; ρ = (40 ± √(1600 − 1152)) / 96
    const { lower, upper } = fiellerInterval(4, 1, 10, 1, 2);
    close(lower, (40 - Math.sqrt(448)) / 96);
    close(upper, (40 + Math.sqrt(448)) / 96);
    close(lower, 0.196188, 1e-5); // √448 = 21.16601
    close(upper, 0.637146, 1e-5);
  });

  it('is unbounded when the old mean is indistinguishable from zero', () => {
    assert.deepEqual(fiellerInterval(4, 1, 1, 1, 2), { lower: 0, upper: Infinity });
  });

  const summary = (n: number, meanNs: number, semNs: number): SampleSummary => ({
    n,
    meanNs,
    medianNs: meanNs,
    p99Ns: meanNs,
    minNs: meanNs,
    maxNs: meanNs,
    sdNs: semNs * Math.sqrt(n),
    semNs,
    rmePercent: 0,
    opsPerSecond: 1e9 / meanNs,
  });

  it('compareMeans: ratio, Welch df, interval bounds satisfy the defining equation, verdict faster', () => {
    const r = compareMeans(summary(10, 4, 0.1), summary(10, 10, 0.2));
    assert.equal(r.ratio, 0.4);
    // v_n = 0.01, ρ̂²v_o = 0.16·0.04 = 0.0064 → df = 0.0164² / ((0.01² + 0.0064²)/9) = 17.1725
    close(r.df, 17.17252, 1e-5);
    const t = tCritical(r.df);
    for (const rho of [r.lower, r.upper]) close((4 - rho * 10) ** 2, t * t * (0.01 + rho * rho * 0.04), 1e-9);
    assert.ok(r.lower < 0.4 && r.upper > 0.4 && r.upper < 1);
    assert.equal(r.verdict, 'faster');
    assert.equal(r.method, 'fieller');
  });

  it('verdict follows the interval, not the point estimate', () => {
    assert.equal(compareMeans(summary(10, 10, 1), summary(10, 10.5, 1)).verdict, 'no significant difference');
    assert.equal(compareMeans(summary(50, 20, 0.2), summary(50, 10, 0.1)).verdict, 'slower');
    assert.equal(verdictFromInterval(0.9, 0.99), 'faster');
    assert.equal(verdictFromInterval(1.01, 1.2), 'slower');
    assert.equal(verdictFromInterval(0.95, 1.05), 'no significant difference');
  });

  it('needs two samples a side', () => {
    assert.throws(() => compareMeans(summary(1, 4, 0), summary(10, 10, 0.2)), RangeError);
  });
});
