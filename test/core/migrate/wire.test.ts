// Wire test: the node-adserver sample's repository (fixtures/node-adserver/.../v2-adapter.ts), before
// and after "fix all in file", against dynalite (in-memory DynamoDB) on 127.0.0.1 behind a recording
// proxy: the DynamoDB request bodies both versions send must be equal, and so must what they read.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { CreateTableCommand, DeleteItemCommand, DynamoDBClient, GetItemCommand, BatchWriteItemCommand, type AttributeValue } from '@aws-sdk/client-dynamodb';
import { migrateSource } from '../../../src/core/migrate/migrateSource';
import { applyEdits } from '../../../src/core/migrate/textEdits';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const dynalite = require('dynalite') as (o: object) => Server;

const repo = resolve(__dirname, '..', '..', '..');
const sample = join(repo, 'fixtures', 'node-adserver', 'src', 'src');
const credentials = { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY' };

interface Recorded { target: string; body: unknown }
interface Repo {
  getUserActivity(userId: string, limit: number): Promise<unknown[]>;
  getTargetingModel(campaignId: string): Promise<unknown[]>;
  recordImpression(imp: object): Promise<void>;
}

const listen = (s: Server) => new Promise<number>((ok) => s.listen(0, '127.0.0.1', () => ok((s.address() as AddressInfo).port)));

/** A proxy that records each DynamoDB call (X-Amz-Target, parsed JSON body) and forwards it. */
function recordingProxy(targetPort: number, log: Recorded[]): Server {
  return createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      log.push({ target: String(req.headers['x-amz-target']).split('.')[1] ?? '', body: JSON.parse(body.toString('utf8') || '{}') });
      const fwd = request({ host: '127.0.0.1', port: targetPort, method: req.method, path: req.url, headers: req.headers }, (up) => {
        res.writeHead(up.statusCode ?? 500, up.headers);
        up.pipe(res);
      });
      fwd.end(body);
    });
  });
}

/** The sample's sources in a temp dir (model, repository, the adapter before and after the fix). */
function sampleCopy(): { dir: string; fixedText: string } {
  const dir = mkdtempSync(join(tmpdir(), 'migrate-wire-'));
  cpSync(sample, join(dir, 'src'), { recursive: true });
  symlinkSync(join(repo, 'node_modules'), join(dir, 'node_modules'), 'dir');
  const text = readFileSync(join(sample, 'repository', 'v2-adapter.ts'), 'utf8');
  const env = { utilDynamodbVersion: '3.996.9', libDynamodbVersion: '3.1169.0' };
  const fixedText = applyEdits(text, migrateSource(text, 'v2-adapter.ts', env).fixAll);
  writeFileSync(join(dir, 'src', 'repository', 'migrated-adapter.ts'), fixedText);
  return { dir, fixedText };
}

/** The documented divergence: sets are v2 DynamoDBSet vs v3 Set; compare their members. */
function plain(value: unknown): unknown {
  if (value instanceof Set) return { set: [...value] };
  if (value && typeof value === 'object' && (value as { wrapperName?: string }).wrapperName === 'Set') return { set: (value as { values: unknown[] }).values };
  if (Array.isArray(value)) return value.map(plain);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, plain(v)]));
  return value;
}

describe('wire: node-adserver v2 adapter before/after the fix, against dynalite', () => {
  const log: Recorded[] = [];
  let db: Server;
  let proxy: Server;
  let direct: DynamoDBClient;
  let endpoint = '';
  before(async () => {
    db = dynalite({ createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 });
    const dbPort = await listen(db);
    proxy = recordingProxy(dbPort, log);
    endpoint = `http://127.0.0.1:${await listen(proxy)}`;
    direct = new DynamoDBClient({ endpoint: `http://127.0.0.1:${dbPort}`, region: 'us-east-1', credentials });
    const tables: Array<[string, string, string, string | null]> = [
      ['user-activity', 'pk', 'sk', 'query-user-activity.json'],
      ['targeting-model', 'campaign_id', 'rule_id', 'query-targeting-model.json'],
      ['impressions', 'pk', 'sk', null],
    ];
    for (const [name, hash, range, file] of tables) {
      await direct.send(new CreateTableCommand({
        TableName: name,
        AttributeDefinitions: [{ AttributeName: hash, AttributeType: 'S' }, { AttributeName: range, AttributeType: 'S' }],
        KeySchema: [{ AttributeName: hash, KeyType: 'HASH' }, { AttributeName: range, KeyType: 'RANGE' }],
        BillingMode: 'PAY_PER_REQUEST',
      }));
      if (!file) continue;
      const items = (JSON.parse(readFileSync(join(repo, 'fixtures', 'data', file), 'utf8')) as { Items: Record<string, AttributeValue>[] }).Items;
      for (let i = 0; i < items.length; i += 25) {
        await direct.send(new BatchWriteItemCommand({ RequestItems: { [name]: items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } })) } }));
      }
    }
  });
  after(async () => {
    direct?.destroy();
    await new Promise((ok) => proxy?.close(ok));
    await new Promise((ok) => db?.close(ok));
  });

  it('sends the same request bodies and reads back the same items', async () => {
    const { dir, fixedText } = sampleCopy();
    assert.match(fixedText, /this\.ddb = new DynamoDB\(\{/);
    assert.match(fixedText, /DynamoDBDocument\.from\(this\.ddb, /);
    const cfg = { endpoint, region: 'us-east-1', maxSockets: 4 };
    const v2 = new (await import(join(dir, 'src', 'repository', 'v2-adapter.ts'))).V2Repository(cfg) as Repo;
    const v3 = new (await import(join(dir, 'src', 'repository', 'migrated-adapter.ts'))).V2Repository(cfg) as Repo;
    const impression = {
      pk: 'USER#u-000042', sk: 'IMP#1700000009999', campaign_id: 'cmp-1042', rule_id: 'r-7', creative_id: 'crv-1',
      bid_micros: 9007199254740993, score: 0.8125, segments: ['sports', 'news'], device: undefined,
      geo: { country: 'JP', region: '13', city: 'Tokyo', lat: 35.68, lon: 139.69 },
      features: { ctr: 0.015, recency: 3 }, served_at: '2023-11-14T22:13:20Z', ttl: 1700086400,
    };
    const run = async (r: Repo) => {
      log.length = 0;
      const activity = await r.getUserActivity('u-000042', 20);
      const rules = await r.getTargetingModel('cmp-1042');
      await r.recordImpression(impression);
      const written = (await direct.send(new GetItemCommand({ TableName: 'impressions', Key: { pk: { S: impression.pk }, sk: { S: impression.sk } } }))).Item;
      await direct.send(new DeleteItemCommand({ TableName: 'impressions', Key: { pk: { S: impression.pk }, sk: { S: impression.sk } } }));
      return { requests: [...log], activity, rules, written };
    };
    const b = await run(v2);
    const a = await run(v3);
    assert.deepEqual(b.requests.map((r) => r.target), ['Query', 'Query', 'PutItem']);
    assert.deepEqual(a.requests, b.requests);
    assert.equal(b.activity.length, 20);
    assert.deepEqual(plain(a.activity), plain(b.activity));
    assert.equal(b.rules.length, 25);
    assert.deepEqual(plain(a.rules), plain(b.rules));
    assert.deepEqual(b.written?.segments, { SS: ['sports', 'news'] });
    assert.deepEqual(b.written?.bid_micros, { N: '9007199254740992' });
    assert.deepEqual(a.written, b.written);
  });
});
