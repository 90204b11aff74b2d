// Times, durations and the seed's deploy windows.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { deployWindows } from '../../../src/core/fleet/deployWindows';
import { formatDuration, isoTime, parseDuration, parseRange, parseTime, TimeSpecError } from '../../../src/core/fleet/timeSpec';
import { bypassesProxy, proxyFor } from '../../../src/core/fleet/proxy';

const NOW = Date.parse('2026-03-14T12:00:00Z');

describe('time specs', () => {
  it('reads ISO 8601, relative and epoch times', () => {
    assert.equal(parseTime('2026-03-14T10:30:00Z', NOW), Date.parse('2026-03-14T10:30:00Z'));
    assert.equal(parseTime('2026-03-14T19:30:00+09:00', NOW), Date.parse('2026-03-14T10:30:00Z'));
    assert.equal(parseTime('now', NOW), NOW);
    assert.equal(parseTime('now-1h', NOW), NOW - 3600e3);
    assert.equal(parseTime('now-1h30m', NOW), NOW - 5400e3);
    assert.equal(parseTime('now-7d', NOW), NOW - 7 * 86400e3);
    assert.equal(parseTime('1773484200', NOW), 1_773_484_200_000);
    assert.equal(parseTime('1773484200123', NOW), 1_773_484_200_123);
    assert.throws(() => parseTime('yesterday', NOW), (e: Error) => e instanceof TimeSpecError && /'yesterday' is not a time/.test(e.message));
    assert.throws(() => parseTime('now-1y', NOW), /not a relative time/);
  });

  it('reads durations and spells them back', () => {
    assert.equal(parseDuration('30m'), 1800e3);
    assert.equal(parseDuration('1h30m'), 5400e3);
    assert.equal(parseDuration('90s'), 90e3);
    assert.equal(parseDuration('0'), 0);
    assert.throws(() => parseDuration('30'), /not a duration/);
    assert.equal(formatDuration(5400e3), '1h30m');
    assert.equal(isoTime(Date.parse('2026-03-14T09:50:00Z')), '2026-03-14T09:50:00Z');
  });

  it('rejects an empty range', () => {
    assert.throws(() => parseRange('now', 'now-1h', NOW), /--from must be before --to/);
    assert.deepEqual(parseRange('now-1h', 'now', NOW), { startMs: NOW - 3600e3, endMs: NOW });
  });

  it('gives the seed\'s windows: deploy 10:30 → before 09:50–10:20, after 10:40–11:10', () => {
    const w = deployWindows(Date.parse('2026-03-14T10:30:00Z'), 30 * 60e3, 10 * 60e3, NOW);
    assert.deepEqual([w.before.startMs, w.before.endMs, w.after.startMs, w.after.endMs].map(isoTime), ['2026-03-14T09:50:00Z', '2026-03-14T10:20:00Z', '2026-03-14T10:40:00Z', '2026-03-14T11:10:00Z']);
    assert.throws(() => deployWindows(NOW - 60e3, 30 * 60e3, 10 * 60e3, NOW), /still in the future/);
  });
});

describe('proxy choice', () => {
  const target = new URL('https://profiles-prod-001.grafana.net/querier.v1.QuerierService/ProfileTypes');
  it('takes an explicit proxy first, then HTTPS_PROXY, unless NO_PROXY matches', () => {
    assert.equal(proxyFor(target, 'http://explicit:3128', { HTTPS_PROXY: 'http://env:3128' }), 'http://explicit:3128');
    assert.equal(proxyFor(target, undefined, { HTTPS_PROXY: 'http://env:3128' }), 'http://env:3128');
    assert.equal(proxyFor(target, undefined, { https_proxy: 'http://lower:3128' }), 'http://lower:3128');
    assert.equal(proxyFor(target, undefined, { HTTPS_PROXY: 'http://env:3128', NO_PROXY: '.grafana.net' }), undefined);
    assert.equal(proxyFor(new URL('https://127.0.0.1:4040'), undefined, { HTTPS_PROXY: 'http://env:3128' }), undefined);
    assert.equal(proxyFor(new URL('http://pyroscope.internal:4040'), undefined, { HTTP_PROXY: 'http://env:3128' }), 'http://env:3128');
  });
  it('matches NO_PROXY entries like curl', () => {
    assert.equal(bypassesProxy(target, 'grafana.net'), true);
    assert.equal(bypassesProxy(target, '*'), true);
    assert.equal(bypassesProxy(target, 'example.com, other.net'), false);
    assert.equal(bypassesProxy(target, 'profiles-prod-001.grafana.net:8443'), false);
    assert.equal(bypassesProxy(target, 'profiles-prod-001.grafana.net:443'), true);
    assert.equal(bypassesProxy(new URL('http://[::1]:4040'), '::1'), true);
  });
});
