// The Node service of test/fixtures/connections/node-service, churning and fixed, recorded with
// `dynamo-hotpath record` against real servers on 127.0.0.1: dynalite behind the throttling
// stand-in behind a TLS front (certificates made here with openssl), an audit host behind a second
// TLS front, and the service's own HTTPS listener. Real aws-sdk v2 and v3, real @datadog/pprof.
// The TLS front counts the connections clients really opened: the ground truth of the recording.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { runNode } from '../helpers/runNode';
import { analysedRun, removeDir, startConnectionServers, type ConnectionServers, type ServiceRun } from '../helpers/connectionServers';
import { readRunRecord } from '../../src/core/compare/runRecord';
import { compareFiles } from '../../src/core/compare/compareFiles';
import { formatComparisonText } from '../../src/core/compare/format/formatText';

const ROOT = 'test/fixtures/connections/node-service';
/** 1-based line of the first line of `file` holding `text`. */
const lineOf = (file: string, text: string) => readFileSync(join(ROOT, file), 'utf8').split('\n').findIndex((l) => l.includes(text)) + 1;
const ORDERS_GET = lineOf('orders.js', 'doc.get(');
const EVENTS_SEND = lineOf('events.js', 'doc.send(');
const REQUESTS = 120;
/** Every tenth request writes a batch of 25 events (events.js). */
const BATCH = 25;
const WRITES = (REQUESTS / 10) * BATCH;

describe('connections and throttling: the Node service, churning and fixed', () => {
  const dir = mkdtempSync(join(tmpdir(), 'dhp-conn-node-'));
  let servers: ConnectionServers;
  const runs: Partial<Record<'churn' | 'fixed', ServiceRun>> = {};

  const record = (variant: 'churn' | 'fixed') => {
    const out = join(dir, `${variant}.pb.gz`);
    const { front, audit, certs } = servers;
    return analysedRun(servers, variant, out, ROOT, async () => {
      const r = await runNode(
        [join(dir, 'cli.js'), 'record', '--out', out, '--', process.execPath, `${ROOT}/service.js`, '--variant', variant, '--dynamo', front.url, '--audit', audit.url, '--requests', String(REQUESTS), '--concurrency', '4', '--out', `${out}.json`, '--events-table', `events-${variant}`, '--cert', certs.certFile, '--key', certs.keyFile],
        { ...process.env, NODE_PATH: join(process.cwd(), 'node_modules'), NODE_EXTRA_CA_CERTS: certs.caFile, AWS_NODEJS_CONNECTION_REUSE_ENABLED: '' },
      );
      assert.equal(r.status, 0, r.stderr);
    });
  };

  before(async () => {
    await build({ entryPoints: [{ in: 'src/cli/main.ts', out: 'cli' }, { in: 'src/record/preload.ts', out: 'record' }], outdir: dir, bundle: true, platform: 'node', target: 'node20', format: 'cjs', external: ['@datadog/pprof'], logLevel: 'warning', nodePaths: [join(process.cwd(), 'node_modules')] });
    // A bucket of 20 writes, refilled at 50/s: every batch of 25 finds it short, however fast the machine runs the service.
    servers = await startConnectionServers(50, 20);
    runs.churn = await record('churn');
    runs.fixed = await record('fixed');
  });

  after(async () => {
    await servers?.close();
    removeDir(dir);
  });

  const site = (run: ServiceRun, file: string, line: number) => run.json.connections.callSites.find((s) => s.file === file && s.line === line);

  it('counts every TLS connection the service opened to DynamoDB, as the TLS front saw them', () => {
    for (const run of [runs.churn!, runs.fixed!]) assert.equal(run.json.connections.counted?.handshakes, run.frontHandshakes);
  });

  it('churn: credits a new connection per call to the aws-sdk v2 client without keep-alive (orders.js), few to the v3 client (events.js)', () => {
    const orders = site(runs.churn!, 'orders.js', ORDERS_GET)!;
    assert.deepEqual([orders.stats?.calls, orders.stats?.handshakes], [REQUESTS, REQUESTS]);
    assert.deepEqual(orders.operations, ['GetItem']);
    assert.ok(orders.handshakePercent > 1, `handshake CPU credited to orders.js:20: ${orders.handshakePercent}%`);
    const events = site(runs.churn!, 'events.js', EVENTS_SEND)!;
    assert.ok(events.stats!.handshakes <= 8, `v3 keeps connections alive: ${events.stats!.handshakes} handshakes`);
    assert.ok(events.handshakePercent < orders.handshakePercent);
  });

  it("churn: the service's own listener and the audit client are never DynamoDB's", () => {
    const c = runs.churn!.json.connections;
    assert.ok(c.inboundHandshakePercent > 0, `inbound ${c.inboundHandshakePercent}%`);
    assert.ok(c.otherHandshakePercent > 0, `audit ${c.otherHandshakePercent}%`);
    assert.equal(c.callSites.some((s) => s.file === 'audit.js' || s.file === 'service.js'), false);
    assert.equal(runs.churn!.json.connectionSetupPercent, c.dynamoHandshakePercent);
  });

  it('churn: throttled writes are lost, and the counts say exactly how many', () => {
    const events = site(runs.churn!, 'events.js', EVENTS_SEND)!;
    const failed = events.stats!.errors['ThrottlingException'] ?? 0;
    assert.ok(events.droppedItems! > 0, `failed ${failed}, dropped ${events.droppedItems}`);
    assert.equal(runs.churn!.stored, WRITES - failed * BATCH - events.droppedItems!);
  });

  it('fixed: ~0 new connections per request, no write lost although writes were throttled', () => {
    const r = runs.fixed!.json.connections.perRequest!;
    assert.ok(r.handshakes! < 0.1, `${r.handshakes} new connections per request`);
    assert.equal(r.throttledErrors, 0);
    assert.equal(r.droppedItems, 0);
    const events = site(runs.fixed!, 'events.js', EVENTS_SEND)!;
    assert.ok(events.stats!.unprocessedItems + (events.stats!.retries['ThrottlingException'] ?? 0) > 0, 'the stand-in throttled the fixed run too');
    assert.equal(runs.fixed!.stored, WRITES);
  });

  it('analyze says what to do at each line', () => {
    const text = runs.churn!.text;
    assert.match(text, new RegExp(`→ orders\\.js:${ORDERS_GET}: 1\\.00 per call opens a new TLS connection`));
    assert.match(text, new RegExp(`→ events\\.js:${EVENTS_SEND}: \\d+ unprocessed items returned by BatchWrite and never sent again`));
    assert.match(text, /TLS handshakes of clients connecting to this service \(its own listener: not churn, not DynamoDB\)/);
    assert.doesNotMatch(runs.fixed!.text, /opens a new TLS connection|never sent again/);
    // The DocumentClient → lib-dynamodb move takes the v2 client's handshakes with it.
    const move = runs.churn!.json.migrations.find((m) => m.id === 'js-lib-dynamodb')!;
    assert.ok(move.connectionPercent! > 1, JSON.stringify(move));
    assert.match(text, /With it the aws-sdk v2 clients' TLS handshakes go too \(AWS SDK v3 keeps connections alive\): \d+\.\d% of the profile more\./);
  });

  it('compare shows handshakes and throttled calls per request before and after', async () => {
    const c = await compareFiles({ path: runs.churn!.profile, runRecord: await readRunRecord(`${runs.churn!.profile}.json`) }, { path: runs.fixed!.profile, runRecord: await readRunRecord(`${runs.fixed!.profile}.json`) }, { root: ROOT });
    const text = formatComparisonText(c.comparison);
    const { before: b, after: a } = c.comparison.connections;
    assert.ok(b.perRequest!.handshakes! > 1 && a.perRequest!.handshakes! < 0.1);
    assert.ok(b.perRequest!.droppedItems! > 0 && a.perRequest!.droppedItems === 0 && a.perRequest!.throttledErrors === 0);
    assert.match(text, /New TLS connections per request \(counted\)\s+1\.\d+\s+0\.0\d+/);
    assert.match(text, /Unprocessed items dropped per request\s+\d+\.\d+\s+0\s+-100\.0%/);
  });
});
