import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { parseRequestInput, RequestCountError, resolveRequests } from '../../../src/core/compare/requestCount';

describe('parseRequestInput', () => {
  it('reads counts with separators and k/M suffixes', () => {
    assert.deepEqual(parseRequestInput('990'), { kind: 'count', requests: 990, source: '990' });
    assert.equal((parseRequestInput('30,057,920') as { requests: number }).requests, 30057920);
    assert.equal((parseRequestInput('30_057_920') as { requests: number }).requests, 30057920);
    assert.equal((parseRequestInput('30.06M') as { requests: number }).requests, 30060000);
    assert.equal((parseRequestInput('1.5k') as { requests: number }).requests, 1500);
  });

  it('reads rates with and without a duration', () => {
    assert.deepEqual(parseRequestInput('49.35/s'), { kind: 'rate', perSecond: 49.35, durationS: undefined, source: '49.35/s' });
    const r = parseRequestInput('2900/min*30min');
    assert.equal(r.kind, 'rate');
    assert.ok(r.kind === 'rate' && Math.abs(r.perSecond - 2900 / 60) < 1e-9 && r.durationS === 1800);
  });

  it('rejects what is not a positive count, naming the text', () => {
    assert.throws(() => parseRequestInput('lots'), (e: unknown) => e instanceof RequestCountError && /'lots'/.test(e.message));
    assert.throws(() => parseRequestInput('0'), RequestCountError);
    assert.throws(() => parseRequestInput('-5'), RequestCountError);
  });
});

describe('resolveRequests', () => {
  it('multiplies a rate by the given duration, else by the profile duration', () => {
    // before-v1.pb.gz sidecar: 49.351 requests/s over 20.060 s = 990 requests
    const given = resolveRequests({ kind: 'rate', perSecond: 49.35109476774779, durationS: 20.06034526 }, undefined);
    assert.ok(Math.abs(given.requests - 990) < 1e-6);
    const fromProfile = resolveRequests({ kind: 'rate', perSecond: 100 }, 20.25e9);
    assert.ok(Math.abs(fromProfile.requests - 2025) < 1e-9);
    assert.match(fromProfile.source, /profile duration/);
  });

  it('refuses a rate when no duration is known', () => {
    assert.throws(() => resolveRequests({ kind: 'rate', perSecond: 10 }, undefined), /needs a duration/);
  });

  it('keeps a count and its source', () => {
    assert.deepEqual(resolveRequests({ kind: 'count', requests: 1585, source: 'after-v2.pb.gz.json: requests' }, undefined), {
      requests: 1585,
      source: 'after-v2.pb.gz.json: requests',
    });
  });
});
