/**
 * `fetchProfile` and the pickers against a real Pyroscope's default limits (issue 25, hole 5),
 * checked in grafana/pyroscope's own code (pkg/validation/limits.go: max_query_length 24h,
 * max_query_lookback 7d, max-flamegraph-nodes-max 1 048 576; validate.go ValidateRangeRequest,
 * QueryTooLongErrorMsg): a range longer than the server allows is fetched in pieces and merged;
 * one reaching past the lookback is said to be clamped; `unimplemented` (HTTP 501) falls back
 * like 404; an older server is not asked for a million-node flame graph; a server that trickles
 * its answer is stopped by the overall deadline. STAND-IN Pyroscope (a real HTTP server on
 * 127.0.0.1 written from the public definitions, enforcing those limits) serving real fixtures.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { analyzeProfile } from '../../../src/core/analysis/analyze';
import { createPathResolver } from '../../../src/core/paths/resolve';
import { scanWorkspace } from '../../../src/core/paths/scan';
import { listLabelValues } from '../../../src/core/fleet/discovery';
import { fetchProfile } from '../../../src/core/fleet/fetchProfile';
import { FleetError } from '../../../src/core/fleet/fleetError';
import { UNLIMITED_NODES_PROBE } from '../../../src/core/fleet/maxNodes';
import { readProfileFile } from '../../../src/core/profile/read';
import { ADSERVER_BEFORE as BEFORE, withStandIn } from '../../helpers/fleet/pyroscopeStandIn';

const HOUR = 3600e3;
const DAY = 24 * HOUR;
const DEFAULTS = { maxQueryLengthMs: DAY, maxQueryLookbackMs: 7 * DAY };
const TYPE = 'process_cpu:cpu:nanoseconds:cpu:nanoseconds';
const SELECTOR = '{service_name="adserver"}';
const dir = mkdtempSync(join(tmpdir(), 'dhp-limits-'));
let n = 0;
const out = () => join(dir, `p${++n}.pb.gz`);
const lastDays = (days: number) => {
  const now = Date.now();
  return { profileTypeId: TYPE, labelSelector: SELECTOR, startMs: now - days * DAY, endMs: now };
};


describe('a real Pyroscope\'s limits (stand-in enforcing the defaults)', () => {
  let fixtureCpu: number;
  before(async () => {
    fixtureCpu = (await readProfileFile(BEFORE)).totalWeight;
  });
  after(() => assert.deepEqual(readdirSync(dir).filter((f) => f.includes('.partial') || f.includes('.window')), [], 'no partial file left behind'));

  it('"Last 7 days": refused whole (max_query_length 1d), fetched as 7 pieces of at most 24 h and merged', async () => {
    await withStandIn({ rangeLimits: DEFAULTS }, async (s, endpoint) => {
      const path = out();
      const query = lastDays(7);
      const r = await fetchProfile({ endpoint, query, outPath: path });
      const asked = s.calls.filter((c) => c.method === 'SelectMergeStacktraces').map((c) => [c.query!.startMs, c.query!.endMs]);
      assert.deepEqual(asked[0], [query.startMs, query.endMs], 'the whole range first');
      const pieces = asked.slice(1);
      assert.equal(pieces.length, 7);
      assert.equal(pieces[0]![0], query.startMs);
      assert.equal(pieces.at(-1)![1], query.endMs);
      for (let i = 0; i < pieces.length; i++) {
        assert.ok(pieces[i]![1] - pieces[i]![0] <= DAY, 'within the limit (the frontend refuses only a longer range)');
        if (i > 0) assert.equal(pieces[i]![0], pieces[i - 1]![1] + 1, 'adjacent, not overlapping (both ends are inclusive)');
      }
      assert.match(r.notes.join('\n'), /refused a range of 7 days: its max_query_length is 1d; fetched as 7 queries of at most 1d and merged/);
      assert.equal(r.queries, 8);
      assert.equal(r.lookbackNote, undefined, 'a week back is within the default lookback: nothing to warn of');
      const profile = await readProfileFile(path);
      assert.equal(profile.totalWeight, 7 * fixtureCpu, 'every piece once');
      const a = analyzeProfile(profile, { resolver: createPathResolver(await scanWorkspace('fixtures/go-adserver/src'), []) });
      assert.equal(((100 * a.dynamoWeight) / a.totalWeight).toFixed(2), '84.63');
    });
  });

  it('"Last 30 days": the pieces older than the 7-day lookback come back empty, and the note says why', async () => {
    await withStandIn({ rangeLimits: DEFAULTS }, async (_s, endpoint) => {
      const path = out();
      const r = await fetchProfile({ endpoint, query: lastDays(30), outPath: path });
      assert.match(r.notes.join('\n'), /the range starts 30 days back; Pyroscope keeps answering for 7 days back by default \(max_query_lookback\): a server with that default answers nothing older than \d{4}-\d\d-\d\dT[\d:]+Z, without saying so/);
      assert.match(r.notes.join('\n'), /23 of the 30 queries found no profile/);
      assert.equal((await readProfileFile(path)).totalWeight, 7 * fixtureCpu);
    });
  });

  it('a range wholly before the lookback: no data, and the message names the lookback', async () => {
    await withStandIn({ rangeLimits: DEFAULTS }, async (_s, endpoint) => {
      const now = Date.now();
      const query = { profileTypeId: TYPE, labelSelector: SELECTOR, startMs: now - 10 * DAY, endMs: now - 9 * DAY };
      await assert.rejects(fetchProfile({ endpoint, query, outPath: out() }), (e: Error) => e instanceof FleetError && e.kind === 'no-data' && /max_query_lookback/.test(e.message));
    });
  });

  it('the service picker\'s 7-day discovery works on a default server (the union of 24 h pieces)', async () => {
    await withStandIn({ rangeLimits: DEFAULTS, services: ['adserver', 'checkout'] }, async (s, endpoint) => {
      const now = Date.now();
      const values = await listLabelValues(endpoint, { name: 'service_name', startMs: now - 7 * DAY, endMs: now });
      assert.deepEqual(values, ['adserver', 'checkout']);
      assert.equal(s.calls.filter((c) => c.method === 'LabelValues').length, 8);
    });
  });

  it('HTTP 501 `unimplemented` for SelectMergeStacktraces falls back to SelectMergeProfile, as 404 does', async () => {
    await withStandIn({ legacy: 'unimplemented' }, async (s, endpoint) => {
      const path = out();
      const r = await fetchProfile({ endpoint, query: lastDays(0.5), outPath: path });
      assert.equal(r.method, 'SelectMergeProfile');
      assert.deepEqual(s.calls.map((c) => c.method), ['SelectMergeStacktraces', 'SelectMergeProfile']);
      assert.match(r.notes.join('\n'), /does not implement SelectMergeStacktraces \(HTTP 501\)/);
      assert.equal((await readProfileFile(path)).totalWeight, fixtureCpu);
    });
  });

  it('an older server that refuses the node probe is asked SelectMergeProfile next, not for a flame graph of 1,048,576 nodes', async () => {
    await withStandIn({ legacy: 'legacy-format' }, async (s, endpoint) => {
      const r = await fetchProfile({ endpoint, query: lastDays(0.5), outPath: out() });
      assert.deepEqual(s.calls.map((c) => [c.method, c.query?.maxNodes]), [['SelectMergeStacktraces', UNLIMITED_NODES_PROBE], ['SelectMergeProfile', 1_048_576]]);
      assert.equal(r.method, 'SelectMergeProfile');
    });
  });

  it('a server that trickles its answer (a byte every 200 ms) is stopped by the overall deadline', async () => {
    await withStandIn({ chunkBytes: 1, chunkDelayMs: 200 }, async (_s, endpoint) => {
      const path = out();
      const started = Date.now();
      const err = await fetchProfile({ endpoint: { ...endpoint, timeoutMs: 1000, deadlineMs: 1500 }, query: lastDays(0.5), outPath: path }).then(
        () => assert.fail('expected the deadline'),
        (e: unknown) => e,
      );
      assert.ok(err instanceof FleetError && err.kind === 'timeout', String(err));
      assert.match(err.message, /did not finish the fetch within 1\.5 s \(the overall deadline; --deadline on the command line\)/);
      assert.ok(Date.now() - started < 4000, 'stopped near the deadline');
    });
  });
});
