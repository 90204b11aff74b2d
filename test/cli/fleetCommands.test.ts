// `dynamo-hotpath fetch` and `compare --pyroscope … --deploy` end to end in a child process,
// against STAND-IN Pyroscope and Prometheus servers (real HTTP servers on 127.0.0.1 written from
// the public API definitions; neither server can be installed here) serving the real fixtures.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { runCliAsync } from '../helpers/runCliAsync';
import { startPyroscopeStandIn, type PyroscopeStandIn } from '../helpers/fleet/pyroscopeStandIn';
import { startPrometheusStandIn, type PrometheusStandIn } from '../helpers/fleet/prometheusStandIn';

const GO = 'fixtures/go-adserver/profiles';
const DEPLOY = '2026-03-14T10:30:00Z';
const deployMs = Date.parse(DEPLOY);
const ms = (iso: string) => Date.parse(iso);
const SECRET = 'glc_eyJvIjoiMTIzNDUiLCJuIjoic2VjcmV0In0=';
const dir = mkdtempSync(join(tmpdir(), 'dhp-fleet-cli-'));

describe('fleet commands (stand-in Pyroscope and Prometheus servers)', () => {
  let pyro: PyroscopeStandIn;
  let prom: PrometheusStandIn;
  before(async () => {
    pyro = await startPyroscopeStandIn({
      profileFor: (q) => (q.endMs <= deployMs ? `${GO}/before-v1.pb.gz` : q.startMs >= deployMs ? `${GO}/after-v2.pb.gz` : undefined),
      auth: { kind: 'basic', user: '123456', password: SECRET },
      tenant: 'adteam',
    });
    // Requests per window from the fixtures' run records: 990 before, 1585 after.
    prom = await startPrometheusStandIn((_q, t) => (t * 1000 <= deployMs ? 990 : 1585), SECRET, '/api/prom');
  });
  after(async () => {
    await pyro.close();
    await prom.close();
  });
  const auth = ['--user', '123456', '--tenant', 'adteam'];
  const env = { DYNAMO_HOTPATH_PYROSCOPE_PASSWORD: SECRET, DYNAMO_HOTPATH_PROMETHEUS_TOKEN: SECRET };

  it('deploy comparison: asks for the seed\'s windows and prints the fixture\'s CPU per request, 16.57 ms → 9.306 ms', async () => {
    pyro.calls.length = 0;
    prom.queries.length = 0;
    const r = await runCliAsync(
      ['compare', '--pyroscope', pyro.url, '--query', '{service_name="adserver"}', '--deploy', DEPLOY, ...auth, '--requests-query', 'http_requests_total{job="adserver"}', '--prometheus', prom.url, '--root', 'fixtures/go-adserver/src', '--json'],
      { env },
    );
    assert.equal(r.code, 0, r.stderr);
    const windows = pyro.calls.filter((c) => c.method === 'SelectMergeStacktraces').map((c) => [c.query!.startMs, c.query!.endMs]);
    assert.deepEqual(windows, [
      [ms('2026-03-14T09:50:00Z'), ms('2026-03-14T10:20:00Z')],
      [ms('2026-03-14T10:40:00Z'), ms('2026-03-14T11:10:00Z')],
    ]);
    assert.deepEqual(prom.queries.map((q) => [q.query, q.time]), [
      ['sum(increase(http_requests_total{job="adserver"}[30m]))', ms('2026-03-14T10:20:00Z') / 1000],
      ['sum(increase(http_requests_total{job="adserver"}[30m]))', ms('2026-03-14T11:10:00Z') / 1000],
    ]);
    const doc = JSON.parse(r.stdout);
    assert.equal(doc.totals.before.requests, 990);
    assert.equal(doc.totals.after.requests, 1585);
    assert.equal(Math.round(doc.totals.before.perRequest / 1e3), 16566);
    assert.equal(Math.round(doc.totals.after.perRequest / 1e3), 9306);
    assert.match(doc.totals.before.requestsSource, /^sum\(increase\(http_requests_total\{job="adserver"\}\[30m\]\)\) at 2026-03-14T10:20:00Z$/);
    assert.match(r.stderr, /pruned by the server into 'other': before 0\.00%, after 0\.00% of the profile/);
  });

  it('prints exactly the table of a file comparison, apart from the file names', async () => {
    const fleet = await runCliAsync(['compare', '--pyroscope', pyro.url, '--query', '{service_name="adserver"}', '--deploy', DEPLOY, ...auth, '--requests-before', '990', '--requests-after', '1585', '--root', 'fixtures/go-adserver/src', '--out-dir', join(dir, 'kept')], { env });
    assert.equal(fleet.code, 0, fleet.stderr);
    const kept = readdirSync(join(dir, 'kept')).sort();
    assert.deepEqual(kept, ['after_2026-03-14T10-40-00Z_2026-03-14T11-10-00Z.pb.gz', 'before_2026-03-14T09-50-00Z_2026-03-14T10-20-00Z.pb.gz']);
    const files = await runCliAsync(['compare', join(dir, 'kept', kept[1]!), join(dir, 'kept', kept[0]!), '--requests-before', '990', '--requests-after', '1585', '--root', 'fixtures/go-adserver/src']);
    assert.equal(files.code, 0, files.stderr);
    assert.equal(fleet.stdout, files.stdout);
    assert.ok(fleet.stdout.split('\n').some((l) => /^CPU per request\s+16\.57 ms\s+9\.306 ms\s+-43\.8% \(sampling 95 % CI -47\.6% to -39\.7%; run-to-run variation unknown\)$/.test(l)), fleet.stdout);
  });

  it('fetch writes the profile and prints the DynamoDB share beside the pruned share', async () => {
    const out = join(dir, 'fetched.pb.gz');
    const r = await runCliAsync(['fetch', '--pyroscope', pyro.url, '--query', '{service_name="adserver"}', '--from', '2026-03-14T09:50:00Z', '--to', '2026-03-14T10:20:00Z', '--out', out, ...auth, '--root', 'fixtures/go-adserver/src', '--json'], { env });
    assert.equal(r.code, 0, r.stderr);
    const doc = JSON.parse(r.stdout);
    assert.equal(doc.dynamoPercent, 84.63);
    assert.equal(doc.prunedPercent, 0);
    assert.equal(doc.method, 'SelectMergeStacktraces');
    assert.equal(doc.callSites, 6);
    assert.ok(existsSync(out));
  });

  it('never prints a secret, in success or failure, from options or the environment', async () => {
    const runs = await Promise.all([
      runCliAsync(['fetch', '--pyroscope', pyro.url, '--from', 'now-1h', '--to', 'now', '--out', join(dir, 'x.pb.gz'), '--user', '123456', '--password', SECRET]),
      runCliAsync(['fetch', '--pyroscope', pyro.url.replace('http://', `http://123456:${encodeURIComponent(SECRET)}@`), '--out', join(dir, 'y.pb.gz'), '--tenant', 'other']),
      runCliAsync(['fetch', '--pyroscope', `http://123456:${SECRET}@127.0.0.1:1`, '--out', join(dir, 'z.pb.gz')]),
      runCliAsync(['compare', '--pyroscope', pyro.url, '--deploy', DEPLOY, ...auth, '--requests-query', 'up', '--prometheus', prom.url, '--prometheus-token', 'wrong-' + SECRET, '--root', 'fixtures/go-adserver/src'], { env: { DYNAMO_HOTPATH_PYROSCOPE_PASSWORD: SECRET } }),
      runCliAsync(['compare', '--pyroscope', pyro.url, '--deploy', DEPLOY, ...auth, '--root', 'fixtures/go-adserver/src'], { env }),
    ]);
    assert.deepEqual(runs.map((r) => r.code), [3, 3, 3, 3, 0], runs.map((r) => r.stderr).join('\n'));
    assert.match(runs[0]!.stderr, /warning: --password on the command line is visible/);
    assert.match(runs[1]!.stderr, /HTTP 401/);
    assert.match(runs[2]!.stderr, /^dynamo-hotpath fetch: http:\/\/127\.0\.0\.1:1: connection refused/m);
    assert.match(runs[3]!.stderr, /answered the request-count query with HTTP 401: unauthorized: authentication required\. .*metrics:read/);
    for (const r of runs) {
      for (const text of [r.stdout, r.stderr]) {
        assert.ok(!text.includes(SECRET) && !text.includes(encodeURIComponent(SECRET)) && !text.includes(Buffer.from(`123456:${SECRET}`).toString('base64')), text);
      }
    }
  });

  it('exits 2 with the problem named for bad options', async () => {
    const cases: [string[], RegExp][] = [
      [['fetch', '--query', '{}'], /--pyroscope URL is required/],
      [['fetch', '--pyroscope', 'ftp://x'], /only http and https URLs are supported/],
      [['fetch', '--pyroscope', pyro.url, '--from', 'yesterday'], /'yesterday' is not a time/],
      [['fetch', '--pyroscope', pyro.url, '--query', 'service_name=adserver'], /label selector in braces/],
      [['compare', '--pyroscope', pyro.url, '--query', '{}'], /needs --deploy TIME/],
      [['compare', '--pyroscope', pyro.url, '--deploy', DEPLOY, '--requests-query', 'up'], /--requests-query needs --prometheus URL/],
      [['compare', '--pyroscope', pyro.url, '--deploy', 'now-5m'], /still in the future/],
      [['fetch', '--pyroscope', pyro.url, '--token', 't', '--user', 'u'], /either a bearer token or a user and password/],
    ];
    for (const [args, expected] of cases) {
      const r = await runCliAsync(args);
      assert.equal(r.code, 2, `${args.join(' ')}: ${r.stderr}`);
      assert.match(r.stderr, expected);
    }
  });
});
