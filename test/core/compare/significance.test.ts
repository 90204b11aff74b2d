import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { isSignificantShareChange, shareError, shareStandardError, zeroShareStandardError } from '../../../src/core/compare/significance';

describe('shareStandardError', () => {
  it('is the binomial sqrt(p(1-p)/n) in percentage points', () => {
    // 84.6 % of 1640 samples (before-v1.pb.gz): sqrt(0.846 × 0.154 / 1640) = 0.8913 %
    assert.ok(Math.abs(shareStandardError(84.6, 1640) - 0.8913) < 1e-3);
    assert.equal(shareStandardError(50, 10000), 0.5);
    assert.equal(shareStandardError(0, 100), 0);
    assert.equal(shareStandardError(100, 100), 0);
    assert.equal(shareStandardError(30, 0), Infinity);
  });

  it('gives a zero share the rule-of-three bound over two', () => {
    assert.equal(zeroShareStandardError(1500), 0.1);
    assert.equal(shareError(0, 1500), 0.1);
    assert.equal(shareError(50, 10000), 0.5);
  });
});

describe('isSignificantShareChange', () => {
  it('calls a change significant only beyond 2·sqrt(se1² + se2²)', () => {
    // before-v1 vs before-v1-trimpath: 84.6 % of 1640 vs 83.1 % of 1704 → threshold 2.55 pp
    const se1 = shareStandardError(84.6, 1640);
    const se2 = shareStandardError(83.1, 1704);
    assert.equal(isSignificantShareChange(84.6, se1, 83.1, se2), false);
    // before-v1 vs after-v2: 84.6 % → 67.1 % is far beyond it
    assert.equal(isSignificantShareChange(84.6, se1, 67.1, shareStandardError(67.1, 1475)), true);
  });

  it('never calls a change significant when a side has no samples', () => {
    assert.equal(isSignificantShareChange(80, Infinity, 10, 0.5), false);
  });

  it('does not flag a path seen in one sample of 1500 against none', () => {
    const after = (1 / 1500) * 100;
    assert.equal(isSignificantShareChange(0, shareError(0, 1640), after, shareError(after, 1500)), false);
  });
});
