/**
 * `dynamo-hotpath fetch` against a Pyroscope with the default range limits and against one that
 * trickles its answer (issue 25, hole 5): `--from now-7d` is fetched in pieces and merged, the
 * notes say so; `--deadline` ends a fetch that the idle timeout never would. Child processes of
 * the CLI; STAND-IN Pyroscope servers on 127.0.0.1 (see test/helpers/fleet).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { runCliAsync } from '../helpers/runCliAsync';
import { startPyroscopeStandIn } from '../helpers/fleet/pyroscopeStandIn';

const BEFORE = 'fixtures/go-adserver/profiles/before-v1.pb.gz';
const DAY = 86400e3;
const dir = mkdtempSync(join(tmpdir(), 'dhp-fetch-limits-'));

describe('fetch and a real Pyroscope\'s limits', () => {
  it('--from now-7d on a server with max_query_length 24h: fetched in 7 pieces, merged, said in the notes', async () => {
    const s = await startPyroscopeStandIn({ profileFor: () => BEFORE, rangeLimits: { maxQueryLengthMs: DAY, maxQueryLookbackMs: 7 * DAY } });
    try {
      const out = join(dir, 'week.pb.gz');
      const r = await runCliAsync(['fetch', '--pyroscope', s.url, '--query', '{service_name="adserver"}', '--from', 'now-7d', '--out', out, '--root', 'fixtures/go-adserver/src']);
      assert.equal(r.code, 0, r.stderr);
      assert.match(r.stdout, /note: the server refused a range of 7 days: its max_query_length is 1d; fetched as 7 queries of at most 1d and merged/);
      assert.match(r.stdout, /DynamoDB marshalling: 84\.63% of the profile/);
      assert.ok(existsSync(out));
    } finally {
      await s.close();
    }
  });

  it('--deadline ends a fetch whose server sends a byte every 200 ms (the idle timeout alone never does)', async () => {
    const s = await startPyroscopeStandIn({ profileFor: () => BEFORE, chunkBytes: 1, chunkDelayMs: 200 });
    try {
      const out = join(dir, 'slow.pb.gz');
      const r = await runCliAsync(['fetch', '--pyroscope', s.url, '--query', '{service_name="adserver"}', '--timeout', '2s', '--deadline', '2s', '--out', out]);
      assert.equal(r.code, 3, r.stderr);
      assert.match(r.stderr, /did not finish the fetch within 2 s \(the overall deadline; --deadline on the command line\)/);
      assert.equal(existsSync(out), false);
    } finally {
      await s.close();
    }
  });
});
