import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { BatchWriteItemCommand, CreateTableCommand, DynamoDBClient, waitUntilTableExists } from '@aws-sdk/client-dynamodb';
import { scanItems } from '../../../src/core/bench/scanSource';
import { ItemSourceError } from '../../../src/core/bench/itemSource';
import { generateItems } from '../../../src/core/bench/generator';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from '../../../src/core/bench/sdkClients';

// dynalite ships no types: a function returning an http.Server.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const dynalite = require('dynalite') as (options: { createTableMs?: number }) => Server;

describe('live table scan (dynalite on 127.0.0.1)', () => {
  let server: Server;
  let endpoint: string;
  before(async () => {
    server = dynalite({ createTableMs: 0 });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const client = new DynamoDBClient({ endpoint, region: LOCAL_REGION, credentials: LOCAL_CREDENTIALS });
    await client.send(
      new CreateTableCommand({
        TableName: 'items',
        AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }],
        KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }],
        BillingMode: 'PAY_PER_REQUEST',
      }),
    );
    await waitUntilTableExists({ client, maxWaitTime: 30, minDelay: 1, maxDelay: 1 }, { TableName: 'items' });
    const items = generateItems({ shape: 'nested', count: 20 }).items;
    for (let i = 0; i < items.length; i += 10) {
      await client.send(new BatchWriteItemCommand({ RequestItems: { items: items.slice(i, i + 10).map((Item) => ({ PutRequest: { Item: Item as never } })) } }));
    }
    client.destroy();
  });
  after(() => new Promise<void>((r) => server.close(() => r())));

  it('scans at most Limit items and returns them as wire JSON', async () => {
    const set = await scanItems({ tableName: 'items', limit: 7, endpoint, region: LOCAL_REGION, credentials: LOCAL_CREDENTIALS });
    assert.equal(set.format, 'scan');
    assert.equal(set.items.length, 7);
    assert.equal(set.label, 'scan of items (7 items)');
    const first = set.items[0]!;
    assert.match((first.pk as { S: string }).S, /^ITEM#\d{6}$/);
    assert.ok('M' in first.profile!);
    assert.equal((first.tags as { SS: string[] }).SS.length, 3);
  });

  it('names the table and the problem when the scan fails', async () => {
    await assert.rejects(
      scanItems({ tableName: 'nope', limit: 5, endpoint, region: LOCAL_REGION, credentials: LOCAL_CREDENTIALS }),
      (e: unknown) => e instanceof ItemSourceError && /^table nope at http:\/\/127\.0\.0\.1:\d+: scan failed: ResourceNotFoundException/.test(e.message),
    );
    await assert.rejects(scanItems({ tableName: 'items', limit: 0, endpoint }), /scan limit must be an integer from 1 to 1000, got 0/);
  });

  it('never prints the credentials of an endpoint URL', async () => {
    const withSecret = endpoint.replace('http://', 'http://admin:hunter2@');
    await assert.rejects(
      scanItems({ tableName: 'nope', limit: 5, endpoint: withSecret, region: LOCAL_REGION, credentials: LOCAL_CREDENTIALS }),
      (e: unknown) => e instanceof ItemSourceError && !e.message.includes('hunter2') && e.message.startsWith(`table nope at ${endpoint.replace('http://', 'http://<redacted>@')}: scan failed`),
    );
  });

  it('says how to give a region when none is configured', async () => {
    const saved = { ...process.env };
    Object.assign(process.env, { AWS_CONFIG_FILE: '/nonexistent/config', AWS_SHARED_CREDENTIALS_FILE: '/nonexistent/credentials' });
    delete process.env.AWS_REGION;
    delete process.env.AWS_DEFAULT_REGION;
    delete process.env.AWS_PROFILE;
    try {
      await assert.rejects(
        scanItems({ tableName: 'items', limit: 5, endpoint, credentials: LOCAL_CREDENTIALS }),
        /scan failed: Error: Region is missing \(give a region: --region R, the AWS_REGION variable, or a region in your AWS profile\)/,
      );
    } finally {
      process.env = saved;
    }
  });
});
