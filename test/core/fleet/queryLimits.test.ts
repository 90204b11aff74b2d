/**
 * Reading Pyroscope's max_query_length refusal (QueryTooLongErrorMsg, and the older wording) and
 * splitting a range into pieces it accepts; the lookback note.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { FleetError } from '../../../src/core/fleet/fleetError';
import { lookbackNote, queryLengthLimit, splitRange } from '../../../src/core/fleet/queryLimits';

const refusal = (text: string) => new FleetError('bad-request', 'x', 400, 'invalid_argument', text);
const HOUR = 3600e3;

describe('query range limits', () => {
  it('reads the limit of a refusal, as Prometheus durations', () => {
    const limit = (l: string) => queryLengthLimit(refusal(`the query time range exceeds the limit (max_query_length, actual: 168h0m0s, limit: ${l})`));
    assert.deepEqual(['1d', '12h', '1h30m', '2w', '1y', '30m'].map(limit), [24 * HOUR, 12 * HOUR, 1.5 * HOUR, 14 * 24 * HOUR, 365 * 24 * HOUR, 0.5 * HOUR]);
    assert.equal(limit('soon'), undefined);
    assert.equal(queryLengthLimit(refusal('the query time range exceeds the limit (query length: 721h0m0s, limit: 30d)')), 30 * 24 * HOUR);
    assert.equal(queryLengthLimit(refusal('max flamegraph nodes limit 5 is greater than allowed 4')), undefined);
    assert.equal(queryLengthLimit(new FleetError('server', 'x', 500, 'internal', 'the query time range exceeds the limit (max_query_length, actual: 1h, limit: 1d)')), undefined);
  });

  it('splits into adjacent pieces of at most the limit, both ends inclusive, no millisecond twice or lost', () => {
    const pieces = splitRange({ startMs: 1000, endMs: 1000 + 3 * HOUR }, HOUR);
    assert.deepEqual(pieces, [
      { startMs: 1000, endMs: 1000 + HOUR },
      { startMs: 1001 + HOUR, endMs: 1001 + 2 * HOUR },
      { startMs: 1002 + 2 * HOUR, endMs: 1000 + 3 * HOUR },
    ]);
    assert.deepEqual(splitRange({ startMs: 0, endMs: HOUR }, HOUR), [{ startMs: 0, endMs: HOUR }]);
  });

  it('notes a range past the default 7-day lookback, not one within it', () => {
    const now = Date.parse('2026-03-31T12:00:00Z');
    assert.equal(lookbackNote({ startMs: now - 6 * 24 * HOUR, endMs: now }, now), undefined);
    // "Last 7 days" chosen a few minutes before the fetch starts: within the slack, no note; beyond it, the note.
    assert.equal(lookbackNote({ startMs: now - 7 * 24 * HOUR - 3 * 60e3, endMs: now }, now), undefined);
    assert.match(lookbackNote({ startMs: now - 7 * 24 * HOUR - 11 * 60e3, endMs: now }, now) ?? '', /^the range starts 7 days back;/);
    assert.equal(
      lookbackNote({ startMs: now - 30 * 24 * HOUR, endMs: now }, now),
      'the range starts 30 days back; Pyroscope keeps answering for 7 days back by default (max_query_lookback): a server with that default answers nothing older than 2026-03-24T12:00:00Z, without saying so',
    );
  });
});
