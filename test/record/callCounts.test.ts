// The recorder's call counts (`record` prints them per call site) with the real aws-sdk v2 and v3
// packages against dynalite on 127.0.0.1: one count per call into the SDK, however it is sent.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import AWS from 'aws-sdk';
import { DynamoDBClient, GetItemCommand } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { RequestContexts } from '../../src/record/requestContexts';
import { patchAwsSdkV2, patchSmithyClient } from '../../src/record/sdkPatches';
import { localCredentials, startDynalite, type LocalDynamo } from '../helpers/dynalite';

describe('record: calls counted once per call into the SDK', () => {
  let local: LocalDynamo;
  const contexts = new RequestContexts();
  const countsBySite = (): string[] => contexts.all.map((c) => `${c.labels['ddb.operation']} on ${c.labels['ddb.client']} ×${c.calls}`).sort();

  before(async () => {
    local = await startDynalite();
    await local.createTable('counted');
    assert.ok(patchAwsSdkV2(AWS, contexts));
    assert.ok(patchSmithyClient(Object.getPrototypeOf(DynamoDBClient), contexts));
  });
  after(() => local.close());

  it('v2 promise, v2 callback, v2 low level, v3 client and v3 document client: 3 + 2 + 2 + 2 + 1', async () => {
    const config = { region: 'us-east-1', endpoint: local.endpoint, credentials: localCredentials, maxRetries: 0 };
    const doc = new AWS.DynamoDB.DocumentClient(config);
    const low = new AWS.DynamoDB(config);
    const v3 = new DynamoDBClient({ region: 'us-east-1', endpoint: local.endpoint, credentials: localCredentials, maxAttempts: 1 });
    const v3doc = DynamoDBDocumentClient.from(v3);
    for (let i = 0; i < 3; i++) await doc.get({ TableName: 'counted', Key: { id: 'a' } }).promise();
    for (let i = 0; i < 2; i++) await new Promise((done, fail) => doc.get({ TableName: 'counted', Key: { id: 'a' } }, (e, d) => (e ? fail(e) : done(d))));
    for (let i = 0; i < 2; i++) await low.getItem({ TableName: 'counted', Key: { id: { S: 'a' } } }).promise();
    for (let i = 0; i < 2; i++) await v3.send(new GetItemCommand({ TableName: 'counted', Key: { id: { S: 'a' } } }));
    await v3doc.send(new GetCommand({ TableName: 'counted', Key: { id: 'a' } }));
    v3.destroy();
    // The setup client of the dynalite helper sends through the same v3 class: its calls are
    // counted too, under their own (test helper) call site.
    const ours = contexts.all.filter((c) => c.labels['ddb.call_site']?.includes('callCounts.test.ts'));
    // (tsx runs this file compiled, so the recorded line:column are the compiled file's: five
    // distinct sites, in order of first use.)
    assert.equal(new Set(ours.map((c) => c.labels['ddb.call_site'])).size, 5);
    assert.deepEqual(
      ours.map((c) => `${c.labels['ddb.operation']} on ${c.labels['ddb.client']} ×${c.calls}`),
      ['GetItem on DocumentClient ×3', 'GetItem on DocumentClient ×2', 'GetItem on DynamoDB ×2', 'GetItem on DynamoDBClient ×2', 'Get on DynamoDBDocumentClient ×1'],
      countsBySite().join('\n'),
    );
  });
});
