// fetchProfile against a STAND-IN Pyroscope querier (a real HTTP server on 127.0.0.1 written
// from querier.proto; no Pyroscope binary can be installed here), serving the real fixtures.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { analyzeProfile } from '../../../src/core/analysis/analyze';
import { createPathResolver } from '../../../src/core/paths/resolve';
import { scanWorkspace } from '../../../src/core/paths/scan';
import { fetchProfile } from '../../../src/core/fleet/fetchProfile';
import { FleetError } from '../../../src/core/fleet/fleetError';
import { UNLIMITED_NODES_PROBE } from '../../../src/core/fleet/maxNodes';
import { prunedPercentOfWarnings, prunedShare } from '../../../src/core/fleet/truncation';
import { readProfileFile } from '../../../src/core/profile/read';
import { ADSERVER_BEFORE as BEFORE, withStandIn, type StandInOptions } from '../../helpers/fleet/pyroscopeStandIn';

const QUERY = { profileTypeId: 'process_cpu:cpu:nanoseconds:cpu:nanoseconds', labelSelector: '{service_name="adserver"}', startMs: 1_773_480_600_000, endMs: 1_773_482_400_000 };
const goResolver = async () => createPathResolver(await scanWorkspace('fixtures/go-adserver/src'), []);
const dir = mkdtempSync(join(tmpdir(), 'dhp-fetch-'));
let n = 0;
const out = () => join(dir, `p${++n}.pb.gz`);


describe('fetchProfile (stand-in Pyroscope server)', () => {
  let fixtureCpu: number;
  before(async () => {
    fixtureCpu = (await readProfileFile(BEFORE)).totalWeight;
  });
  after(() => assert.deepEqual(readdirSync(dir).filter((f) => f.includes('.partial')), [], 'no partial file left behind'));

  it('writes the merged profile with the fixture\'s CPU and DynamoDB share, asking SelectMergeStacktraces for pprof', async () => {
    await withStandIn({}, async (s, endpoint) => {
      const path = out();
      const r = await fetchProfile({ endpoint, query: QUERY, outPath: path });
      assert.equal(r.method, 'SelectMergeStacktraces');
      assert.equal(r.maxNodes, UNLIMITED_NODES_PROBE);
      const call = s.calls.find((c) => c.method === 'SelectMergeStacktraces')!;
      assert.deepEqual(call.query, { ...QUERY, maxNodes: UNLIMITED_NODES_PROBE, format: 4 });
      assert.equal(call.headers['content-type'], 'application/proto');
      assert.equal(call.headers['connect-protocol-version'], '1');
      const profile = await readProfileFile(path);
      assert.equal(profile.totalWeight, fixtureCpu); // 16.4 s
      assert.deepEqual(profile.sampleTypes, [{ type: 'cpu', unit: 'nanoseconds' }]);
      const a = analyzeProfile(profile, { resolver: await goResolver() });
      assert.equal(((100 * a.dynamoWeight) / a.totalWeight).toFixed(2), '84.63');
      assert.equal(prunedShare(profile).percent, 0);
    });
  });

  it('asks again with the server\'s cap when it refuses the probe, and reports the share pruned into other', async () => {
    await withStandIn({ maxNodesMax: 1000, enforceMaxNodesOnPprof: true }, async (s, endpoint) => {
      const path = out();
      const r = await fetchProfile({ endpoint, query: QUERY, outPath: path });
      assert.deepEqual(s.calls.map((c) => c.query?.maxNodes), [UNLIMITED_NODES_PROBE, 1000]);
      assert.equal(r.maxNodes, 1000);
      assert.equal(r.serverMaxNodes, 1000);
      assert.match(r.notes.join('\n'), /allows at most 1000 flame-graph nodes/);
      const profile = await readProfileFile(path);
      assert.equal(profile.totalWeight, fixtureCpu, 'pruning moves weight into other, it loses none');
      assert.equal(prunedShare(profile).percent.toFixed(1), '36.6');
      const a = analyzeProfile(profile, { resolver: await goResolver() });
      // The pruned tails are runtime frames beneath SDK frames, which still carry the samples.
      assert.equal(((100 * a.dynamoWeight) / a.totalWeight).toFixed(2), '84.63');
      const warning = a.warnings.find((w) => w.includes("ended in 'other'"));
      assert.match(warning ?? '', /^36\.\d\d% of the profile ended in 'other': the server pruned those stacks/);
      assert.equal(prunedPercentOfWarnings(a.warnings).toFixed(1), '36.6');
    });
  });

  it('falls back to SelectMergeProfile on a server that ignores the format, and on one without the method', async () => {
    for (const legacy of ['legacy-format', 'no-stacktraces'] as const) {
      await withStandIn({ legacy }, async (s, endpoint) => {
        const path = out();
        const r = await fetchProfile({ endpoint, query: QUERY, outPath: path });
        assert.equal(r.method, 'SelectMergeProfile', legacy);
        // An older server still validates max_nodes for its flame graph: it names its cap (1 048 576), and is asked SelectMergeProfile next (pyroscopeLimits.test.ts).
        const expected = ['SelectMergeStacktraces', 'SelectMergeProfile'];
        assert.deepEqual(s.calls.map((c) => c.method), expected);
        assert.equal((await readProfileFile(path)).totalWeight, fixtureCpu);
      });
    }
  });

  it('sends basic auth and the tenant, and reads gzip-encoded answers', async () => {
    await withStandIn({ auth: { kind: 'basic', user: '123456', password: 'glc_secret' }, tenant: 'team-a', gzip: true }, async (s, endpoint) => {
      const path = out();
      await fetchProfile({ endpoint: { ...endpoint, auth: { kind: 'basic', user: '123456', password: 'glc_secret' }, tenant: 'team-a' }, query: QUERY, outPath: path });
      assert.equal(s.calls[0]!.headers['x-scope-orgid'], 'team-a');
      assert.equal((await readProfileFile(path)).totalWeight, fixtureCpu);
    });
  });

  it('names the server and what to check for 401, 403, 404 and timeouts, never the secret', async () => {
    const secret = 'glc_do-not-print-me';
    const cases: [Partial<StandInOptions>, RegExp][] = [
      [{ auth: { kind: 'bearer', token: 'another' } }, /answered SelectMergeStacktraces with HTTP 401: invalid credentials\. Check the credentials/],
      [{ failWith: { status: 403, code: 'permission_denied', message: 'access denied' } }, /HTTP 403: access denied\. .*scopes \(profiles:read\) and the tenant/],
      [{ legacy: 'no-stacktraces', failWith: { status: 404, code: 'not_found', message: 'nope' } }, /HTTP 404: nope\. Check the URL/],
      [{ delayMs: 1500 }, /did not answer SelectMergeStacktraces within 0 s/],
    ];
    for (const [options, expected] of cases) {
      await withStandIn(options, async (s, endpoint) => {
        const err = await fetchProfile({ endpoint: { ...endpoint, auth: { kind: 'bearer', token: secret }, timeoutMs: 300 }, query: QUERY, outPath: out() }).then(
          () => assert.fail('expected an error'),
          (e: unknown) => e,
        );
        assert.ok(err instanceof FleetError, String(err));
        assert.match(err.message, expected);
        assert.ok(err.message.startsWith(s.url), err.message);
        assert.ok(!err.message.includes(secret) && !String(err.stack).includes(secret));
      });
    }
  });

  it('says when no profile matched the query', async () => {
    await withStandIn({ profileFor: () => undefined }, async (_s, endpoint) => {
      const path = out();
      await assert.rejects(fetchProfile({ endpoint, query: QUERY, outPath: path }), (e: Error) => e instanceof FleetError && e.kind === 'no-data' && /no process_cpu:cpu:nanoseconds:cpu:nanoseconds profiles matching \{service_name="adserver"\} between 2026-03-14T09:30:00.000Z/.test(e.message));
      assert.equal(existsSync(path), false);
    });
  });

  it('streams a response in chunks with byte progress, and a cancel leaves no file', async () => {
    await withStandIn({ chunkBytes: 16 << 10, chunkDelayMs: 5 }, async (_s, endpoint) => {
      const seen: number[] = [];
      let total: number | undefined;
      const path = out();
      await fetchProfile({ endpoint, query: QUERY, outPath: path, onProgress: (p) => (seen.push(p.receivedBytes), (total = p.totalBytes ?? total)) });
      assert.ok(seen.length > 5, `${seen.length} progress events`);
      assert.equal(seen.at(-1), total);
      assert.deepEqual([...seen].sort((a, b) => a - b), seen, 'progress only grows');

      const controller = new AbortController();
      const cancelled = out();
      const p = fetchProfile({ endpoint, query: QUERY, outPath: cancelled, signal: controller.signal, onProgress: (e) => e.receivedBytes > 20_000 && controller.abort() });
      await assert.rejects(p, (e: Error) => e instanceof FleetError && e.kind === 'cancelled');
      assert.equal(existsSync(cancelled), false);
    });
  });
});
