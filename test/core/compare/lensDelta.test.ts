import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { formatLensDelta } from '../../../src/core/compare/lensDelta';

describe('formatLensDelta', () => {
  it('writes the issue example', () => {
    assert.equal(formatLensDelta(46.9, 2.6), '46.9% → 2.6% DynamoDB (share −94%)');
  });

  it('prefers a given per-request change, says it is per request, and when it is within noise', () => {
    assert.equal(formatLensDelta(20, 25, { changePercent: -10, significant: false }), '20.0% → 25.0% DynamoDB (−10% per request, within noise)');
    assert.equal(formatLensDelta(10, 15), '10.0% → 15.0% DynamoDB (share +50%)');
  });

  it('keeps a share that rose apart from a cost per request that fell (issue 28: "4.9% → 7.3% DynamoDB (−20%)")', () => {
    assert.equal(formatLensDelta(4.9, 7.3, { changePercent: -20 }), '4.9% → 7.3% DynamoDB (−20% per request)');
  });

  it('calls a path that was absent new', () => {
    assert.equal(formatLensDelta(0, 12.34), '0.0% → 12.3% DynamoDB (new)');
  });
});
