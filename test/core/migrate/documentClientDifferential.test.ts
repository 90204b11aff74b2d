// Differential test of the DocumentClient fix at the HTTP level: a v2 DocumentClient and the v3
// DynamoDBDocument the fix builds (same marshall/unmarshall options) talk to a recording server on
// 127.0.0.1. For generated items, the PutItem bodies must be equal; for generated stored items
// served back by GetItem, the items both return must be equal up to the documented divergences
// (sets: DynamoDBSet vs Set; binaries: Buffer vs Uint8Array; wrapNumbers: true: NumberValue class).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import AWS from 'aws-sdk';
import { DynamoDB } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocument } from '@aws-sdk/lib-dynamodb';
import { marshall } from '@aws-sdk/util-dynamodb';
import { v3MarshallOptions, v3UnmarshallOptions, type V2ConverterOptions } from '../../../src/core/migrate/v3Options';
import { build, comparable, hasEmptySetMember, item } from './itemArbitraries';

const credentials = { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret' };

/** AttributeValue → its JSON wire form (binaries base64, as DynamoDB sends them). */
function toWire(av: unknown): unknown {
  if (av instanceof Uint8Array) return Buffer.from(av).toString('base64');
  if (Array.isArray(av)) return av.map(toWire);
  if (av && typeof av === 'object') return Object.fromEntries(Object.entries(av).map(([k, v]) => [k, toWire(v)]));
  return av;
}

/** Binaries compare by bytes: v2 returns Buffer, v3 Uint8Array (documented divergence). */
function bytesAsBase64(value: unknown): unknown {
  if (value instanceof Uint8Array) return { bytes: Buffer.from(value).toString('base64') };
  if (Array.isArray(value)) return value.map(bytesAsBase64);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, bytesAsBase64(v)]));
  return value;
}

describe('differential: v2 DocumentClient vs the fix\'s DynamoDBDocument, over HTTP', () => {
  const bodies: string[] = [];
  let reply = '{}';
  let server: Server;
  let endpoint = '';
  before(async () => {
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        bodies.push(Buffer.concat(chunks).toString('utf8'));
        res.writeHead(200, { 'content-type': 'application/x-amz-json-1.0' });
        res.end(reply);
      });
    });
    await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
    endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => new Promise<void>((ok) => server.close(() => ok())));

  const clients = (o: V2ConverterOptions) => ({
    v2: new AWS.DynamoDB.DocumentClient({ region: 'us-east-1', endpoint, credentials, maxRetries: 0, ...o }),
    v3: DynamoDBDocument.from(new DynamoDB({ region: 'us-east-1', endpoint, credentials, maxAttempts: 1 }), {
      marshallOptions: v3MarshallOptions(o),
      unmarshallOptions: v3UnmarshallOptions(o),
    }),
  });

  for (const o of [{}, { convertEmptyValues: true }, { wrapNumbers: true }] as V2ConverterOptions[]) {
    it(`put: same request body, options ${JSON.stringify(o)}`, async () => {
      const { v2, v3 } = clients(o);
      await fc.assert(
        fc.asyncProperty(item, async (x) => {
          fc.pre(!hasEmptySetMember(x));
          bodies.length = 0;
          reply = '{}';
          await v2.put({ TableName: 'T', Item: build(x, 'v2') as Record<string, unknown> }).promise();
          await v3.put({ TableName: 'T', Item: build(x, 'v3') as Record<string, unknown> });
          assert.equal(bodies.length, 2);
          assert.deepEqual(JSON.parse(bodies[1]!), JSON.parse(bodies[0]!));
        }),
        { numRuns: 60 },
      );
      v3.destroy();
    });
    it(`get: same item back, options ${JSON.stringify(o)}`, async () => {
      const { v2, v3 } = clients(o);
      await fc.assert(
        fc.asyncProperty(item, async (x) => {
          fc.pre(!hasEmptySetMember(x));
          const stored = marshall(build(x, 'v3') as Record<string, unknown>, v3MarshallOptions());
          reply = JSON.stringify({ Item: toWire(stored) });
          const a = (await v2.get({ TableName: 'T', Key: { id: 1 } }).promise()).Item;
          const b = (await v3.get({ TableName: 'T', Key: { id: 1 } })).Item;
          assert.deepEqual(bytesAsBase64(comparable(b, 'v3')), bytesAsBase64(comparable(a, 'v2')));
        }),
        { numRuns: 60 },
      );
      v3.destroy();
    });
  }
});
