// The Go service of test/fixtures/connections/go-service, churning and fixed, built with the
// machine's go against real aws-sdk-go v1 and aws-sdk-go-v2 (pinned in its go.mod/go.sum, from
// the module proxy) and the ddblabels snippet of snippets/go (`dynamo-hotpath labels go`), and run
// against real servers on 127.0.0.1: dynalite behind the throttling stand-in behind a TLS front
// (certificates made here with openssl), an audit host behind a second TLS front, and the
// service's own HTTPS listener. Its CPU profile (runtime/pprof) and run record are analysed.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { analysedRun, removeDir, startConnectionServers, type ConnectionServers, type ServiceRun } from '../helpers/connectionServers';
import { readRunRecord } from '../../src/core/compare/runRecord';
import { compareFiles } from '../../src/core/compare/compareFiles';
import { formatComparisonText } from '../../src/core/compare/format/formatText';

const FIXTURE = 'test/fixtures/connections/go-service';
const REQUESTS = 300;
const BATCH = 25;
const WRITES = (REQUESTS / 10) * BATCH;
const lineOf = (file: string, text: string) => readFileSync(join(FIXTURE, file), 'utf8').split('\n').findIndex((l) => l.includes(text)) + 1;
const ORDERS_GET = lineOf('orders.go', 'o.db.GetItemWithContext(');
const EVENTS_WRITE = lineOf('events.go', 'e.db.BatchWriteItem(');

function run(file: string, args: readonly string[], options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { cwd: options.cwd, env: { ...process.env, ...options.env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (output += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (output += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), 300_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

describe('connections and throttling: the Go service, churning and fixed', () => {
  const dir = mkdtempSync(join(tmpdir(), 'dhp-conn-go-'));
  const src = resolve(FIXTURE);
  let servers: ConnectionServers;
  const runs: Partial<Record<'churn' | 'fixed', ServiceRun>> = {};

  const serve = (variant: 'churn' | 'fixed') => {
    const profile = join(dir, `${variant}.pb.gz`);
    const { front, audit, certs } = servers;
    return analysedRun(servers, variant, profile, src, async () => {
      const r = await run(join(dir, 'svc'), ['-variant', variant, '-dynamo', front.url, '-audit', audit.url, '-ca', certs.caFile, '-cert', certs.certFile, '-key', certs.keyFile, '-requests', String(REQUESTS), '-events-table', `events-${variant}`, '-profile', profile], { env: { AWS_CA_BUNDLE: certs.caFile } });
      assert.equal(r.code, 0, r.output);
    });
  };

  before(async () => {
    const built = await run('go', ['build', '-o', join(dir, 'svc'), '.'], { cwd: src, env: { GOFLAGS: '-mod=readonly', GOTOOLCHAIN: 'local', GOWORK: 'off' } });
    assert.equal(built.code, 0, built.output);
    servers = await startConnectionServers(100, 20);
    runs.churn = await serve('churn');
    runs.fixed = await serve('fixed');
  });

  after(async () => {
    await servers?.close();
    removeDir(dir);
  });

  const site = (r: ServiceRun, file: string, line: number) => r.json.connections.callSites.find((s) => s.file === file && s.line === line);

  it('counts every TLS connection the service opened to DynamoDB, as the TLS front saw them', () => {
    for (const r of [runs.churn!, runs.fixed!]) assert.equal(r.json.connections.counted?.handshakes, r.frontHandshakes);
  });

  it('churn: the dial goroutine carries the call labels: handshake CPU credited to the v1 call with keep-alives off', () => {
    const orders = site(runs.churn!, 'orders.go', ORDERS_GET)!;
    assert.deepEqual([orders.stats?.calls, orders.stats?.handshakes], [REQUESTS, REQUESTS]);
    assert.ok(orders.handshakePercent > 1, `handshake CPU credited to orders.go:${ORDERS_GET}: ${orders.handshakePercent}%`);
    const events = site(runs.churn!, 'events.go', EVENTS_WRITE)!;
    assert.ok(events.stats!.handshakes <= 8, `v2 keeps connections alive: ${events.stats!.handshakes}`);
  });

  it("churn: the service's own listener and the audit client are never DynamoDB's", () => {
    const c = runs.churn!.json.connections;
    assert.ok(c.inboundHandshakePercent > 1, `inbound ${c.inboundHandshakePercent}%`);
    assert.ok(c.otherHandshakePercent > 0, `audit ${c.otherHandshakePercent}%`);
    assert.equal(c.callSites.some((s) => s.file === 'audit.go' || s.file === 'main.go'), false);
  });

  it('churn: throttled writes are lost, and the counts say exactly how many', () => {
    const events = site(runs.churn!, 'events.go', EVENTS_WRITE)!;
    const failed = events.stats!.errors['ThrottlingException'] ?? 0;
    assert.ok(events.droppedItems! > 0, `failed ${failed}, dropped ${events.droppedItems}`);
    assert.equal(runs.churn!.stored, WRITES - failed * BATCH - events.droppedItems!);
  });

  it('fixed: ~0 new connections per request, no write lost although writes were throttled', () => {
    const r = runs.fixed!.json.connections.perRequest!;
    assert.ok(r.handshakes! < 0.1, `${r.handshakes} new connections per request`);
    assert.equal(r.throttledErrors, 0);
    assert.equal(r.droppedItems, 0);
    assert.ok(site(runs.fixed!, 'events.go', EVENTS_WRITE)!.stats!.unprocessedItems > 0, 'the stand-in throttled the fixed run too');
    assert.equal(runs.fixed!.stored, WRITES);
  });

  it('compare shows handshakes and throttled calls per request before and after', async () => {
    const c = await compareFiles({ path: runs.churn!.profile, runRecord: await readRunRecord(`${runs.churn!.profile}.json`) }, { path: runs.fixed!.profile, runRecord: await readRunRecord(`${runs.fixed!.profile}.json`) }, { root: src });
    const text = formatComparisonText(c.comparison);
    assert.match(text, /New TLS connections per request \(counted\)\s+1\.\d+\s+0\.0\d+/);
    assert.match(text, /Unprocessed items dropped per request\s+\d+\.\d+\s+0\s+-100\.0%/);
  });
});
