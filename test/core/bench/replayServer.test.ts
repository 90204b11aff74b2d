import { describe, it, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { QueryCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { dynamoResponseHeaders, startReplayServer, type ReplayServer } from '../../../src/core/bench/replayServer';
import { createV2DocumentClient, createV3DocumentClient } from '../../../src/core/bench/sdkClients';

const FIXTURE = 'fixtures/data/query-targeting-model.json';
const QUERY = { TableName: 'targeting-model', KeyConditionExpression: 'campaign_id = :c', ExpressionAttributeValues: { ':c': 'CMP#cmp-1042' } };

function post(endpoint: string, target: string): Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request(`${endpoint}/`, { method: 'POST', headers: { 'x-amz-target': target, 'content-type': 'application/x-amz-json-1.0' } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end('{}');
  });
}

describe('replay server', () => {
  const recorded = readFileSync(FIXTURE);
  let server: ReplayServer;
  before(async () => {
    server = await startReplayServer({ Query: recorded, PutItem: '{}' });
  });
  after(() => server.close());

  it('computes x-amz-crc32 as the standard CRC-32 (check value of "123456789" is 0xCBF43926)', () => {
    const h = dynamoResponseHeaders(Buffer.from('123456789'));
    assert.equal(h['x-amz-crc32'], String(0xcbf43926));
    assert.equal(h['content-type'], 'application/x-amz-json-1.0');
    assert.equal(h['content-length'], '9');
    assert.match(h['x-amzn-requestid']!, /^[0-9A-F]{32}$/);
  });

  it('returns the recorded body byte for byte, with DynamoDB headers, on 127.0.0.1', async () => {
    assert.match(server.endpoint, /^http:\/\/127\.0\.0\.1:\d+$/);
    for (let i = 0; i < 2; i++) {
      const res = await post(server.endpoint, 'DynamoDB_20120810.Query');
      assert.equal(res.status, 200);
      assert.ok(res.body.equals(recorded), 'body differs from the fixture');
      assert.equal(res.headers['x-amz-crc32'], dynamoResponseHeaders(recorded)['x-amz-crc32']);
      assert.equal(res.headers['content-type'], 'application/x-amz-json-1.0');
    }
    const unknown = await post(server.endpoint, 'DynamoDB_20120810.DeleteTable');
    assert.equal(unknown.status, 400);
    assert.match(unknown.body.toString(), /UnknownOperationException/);
  });

  it('is accepted by v2 DocumentClient (which checks the CRC) and v3 DynamoDBDocumentClient', async () => {
    const v2 = createV2DocumentClient(server.endpoint);
    const v3 = createV3DocumentClient(server.endpoint);
    try {
      const r2 = await v2.query(QUERY).promise();
      const r3 = await v3.send(new QueryCommand(QUERY));
      assert.equal(r2.Items!.length, 25);
      assert.equal(r3.Items!.length, 25);
      assert.equal(r2.Items![0]!.rule_id, 'RULE#000');
      assert.equal(r3.Items![0]!.rule_id, 'RULE#000');
      assert.deepEqual(r3.Items![0]!.geo_allow, new Set(['US', 'DE']));
      assert.deepEqual((r2.Items![0]!.geo_allow as { values: string[] }).values, ['US', 'DE']);
      await v2.put({ TableName: 't', Item: r2.Items![0]! }).promise();
      await v3.send(new PutCommand({ TableName: 't', Item: r3.Items![0]! }));
      assert.ok(server.requestCounts.Query! >= 2);
      assert.ok(server.requestCounts.PutItem! >= 2);
    } finally {
      v3.destroy();
    }
  });

  it('v2 does verify the CRC: a wrong x-amz-crc32 is rejected (so the replay headers matter)', async () => {
    const bad: Server = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        res.writeHead(200, { ...dynamoResponseHeaders(recorded), 'x-amz-crc32': '12345' });
        res.end(recorded);
      });
    });
    await new Promise<void>((r) => bad.listen(0, '127.0.0.1', r));
    try {
      const v2 = createV2DocumentClient(`http://127.0.0.1:${(bad.address() as AddressInfo).port}`);
      await assert.rejects(v2.query(QUERY).promise(), (e: Error & { code?: string }) => e.code === 'CRC32CheckFailed');
    } finally {
      bad.closeAllConnections();
      bad.close();
    }
  });
});
