// Which request context the profiler sees while the real aws-sdk v2 and v3 packages work on a
// request against dynalite on 127.0.0.1, for each way of calling them: probes inside the SDK's
// asynchronous response handling (v2's JSON parser, a v3 deserialize-step middleware after its
// `await next`) read the context the recorder last handed to the sink. v2 is patched first and
// used alone, to show that it needs no async or promise hook; v3 is patched afterwards.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import AWS from 'aws-sdk';
import { DynamoDBClient, GetItemCommand, PutItemCommand } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { CALL_SITE_LABEL, CALLERS_LABEL, CLIENT_LABEL, FUNCTION_LABEL, OPERATION_LABEL } from '../../src/core/analysis/recorderLabels';
import { RequestContexts, type RequestContext } from '../../src/record/requestContexts';
import { patchAwsSdkV2, patchSmithyClient } from '../../src/record/sdkPatches';
import { localCredentials, startDynalite, type LocalDynamo } from '../helpers/dynalite';

type Seen = string | undefined;
const describeContext = (c: RequestContext | undefined): Seen => c && `${c.labels[OPERATION_LABEL]} on ${c.labels[CLIENT_LABEL]} from ${c.labels[FUNCTION_LABEL]}`;

describe('record: the context the profiler sees inside the SDK, per way of calling it', () => {
  let local: LocalDynamo;
  const contexts = new RequestContexts();
  let current: RequestContext | undefined;
  const seenInSdk: Seen[] = [];
  const key = { id: { S: 'a' } };

  before(async () => {
    local = await startDynalite();
    await local.createTable('paths');
    await local.client.send(new PutItemCommand({ TableName: 'paths', Item: { id: { S: 'a' }, n: { N: '1' } } }));
    contexts.attach({ set: (c) => (current = c) });
    assert.ok(patchAwsSdkV2(AWS, contexts));
    const parser = (AWS as unknown as { JSON: { Parser: { prototype: { parse: (...a: unknown[]) => unknown } } } }).JSON.Parser.prototype;
    const parse = parser.parse;
    parser.parse = function probedParse(this: unknown, ...args: unknown[]) {
      seenInSdk.push(describeContext(current));
      return parse.apply(this, args);
    };
  });
  after(() => {
    contexts.detach();
    return local.close();
  });

  const v2Config = () => ({ region: 'us-east-1', endpoint: local.endpoint, credentials: localCredentials, maxRetries: 0 });

  it('aws-sdk v2 without an async hook: callback, .promise(), DocumentClient, a request made in one function and sent later from another', async () => {
    const low = new AWS.DynamoDB(v2Config());
    const doc = new AWS.DynamoDB.DocumentClient(v2Config());
    function withCallback(callback: (e: unknown, d: unknown) => void): void {
      low.getItem({ TableName: 'paths', Key: key }, callback);
    }
    function withPromise(): Promise<unknown> {
      return low.getItem({ TableName: 'paths', Key: key }).promise();
    }
    function throughDocumentClient(): Promise<unknown> {
      return doc.get({ TableName: 'paths', Key: { id: 'a' } }).promise();
    }
    function madeEarly(): AWS.Request<AWS.DynamoDB.DocumentClient.GetItemOutput, AWS.AWSError> {
      return doc.get({ TableName: 'paths', Key: { id: 'a' } });
    }
    function sentLater(request: AWS.Request<AWS.DynamoDB.DocumentClient.GetItemOutput, AWS.AWSError>): Promise<unknown> {
      return new Promise((done, fail) => setTimeout(() => request.send((e, d) => (e ? fail(e) : done(d))), 5));
    }
    const results: Seen[][] = [];
    const afterAwait: Seen[] = [];
    const callback = () => new Promise((done, fail) => withCallback((e, d) => (e ? fail(e) : done(d))));
    for (const call of [callback, withPromise, throughDocumentClient, () => sentLater(madeEarly())]) {
      seenInSdk.length = 0;
      const data = (await call()) as { Item?: unknown };
      afterAwait.push(describeContext(current));
      assert.ok(data.Item, 'the item was read');
      results.push([...seenInSdk]);
    }
    assert.deepEqual(results, [
      ['GetItem on DynamoDB from withCallback'],
      ['GetItem on DynamoDB from withPromise'],
      ['GetItem on DocumentClient from throughDocumentClient'],
      ['GetItem on DocumentClient from madeEarly'],
    ]);
    assert.deepEqual(afterAwait, [undefined, undefined, undefined, undefined], 'the caller\'s own continuation carries no request context');
    assert.equal(contexts.propagating, false, 'v2 alone never installed the promise hooks');
    const sites = contexts.all.filter((c) => c.labels[CALL_SITE_LABEL]?.includes('contextPaths.test.ts'));
    assert.deepEqual(sites.map((c) => `${describeContext(c)} ×${c.calls}`), [
      'GetItem on DynamoDB from withCallback ×1',
      'GetItem on DynamoDB from withPromise ×1',
      'GetItem on DocumentClient from throughDocumentClient ×1',
      'GetItem on DocumentClient from madeEarly ×1',
    ]);
  });

  it('aws-sdk v2 response parsing runs in the context of the call that made the request', async () => {
    const low = new AWS.DynamoDB(v2Config());
    const doc = new AWS.DynamoDB.DocumentClient(v2Config());
    function firstSite(): Promise<unknown> {
      return low.getItem({ TableName: 'paths', Key: key }).promise();
    }
    function secondSite(): AWS.Request<AWS.DynamoDB.DocumentClient.GetItemOutput, AWS.AWSError> {
      return doc.get({ TableName: 'paths', Key: { id: 'a' } });
    }
    seenInSdk.length = 0;
    // Both in flight at once, the second sent from a timer: each parse sees its own request.
    const later = secondSite();
    await Promise.all([firstSite(), new Promise((done) => setTimeout(() => later.send(done), 1))]);
    assert.deepEqual([...seenInSdk].sort(), ['GetItem on DocumentClient from secondSite', 'GetItem on DynamoDB from firstSite']);
  });

  it('aws-sdk v2 eachPage: every page is the scan that started it, not the callback line that called done()', async () => {
    const doc = new AWS.DynamoDB.DocumentClient(v2Config());
    await Promise.all(['b', 'c', 'd'].map((id) => doc.put({ TableName: 'paths', Item: { id, n: 2 } }).promise()));
    let pages = 0;
    let finish: (n: number) => void = () => undefined;
    function scanAll(): void {
      doc.scan({ TableName: 'paths', Limit: 1 }).eachPage((err, data, next?: () => void) => {
        if (err || !data) return finish(pages), false;
        pages++;
        return nextPageFrom(next!);
      });
    }
    // The user's own function that calls done(): it makes no request of its own.
    function nextPageFrom(next: () => void): boolean {
      next();
      return true;
    }
    seenInSdk.length = 0;
    const finished = new Promise<number>((done) => (finish = done));
    scanAll();
    assert.ok((await finished) >= 4, 'one item per page');
    // One context for every page, made where scanAll called scan (tsx compiles the test: its frame there may be an arrow inside scanAll).
    const scans = contexts.all.filter((c) => c.labels[OPERATION_LABEL] === 'Scan');
    assert.equal(scans.length, 1, JSON.stringify(scans.map((c) => c.labels)));
    assert.equal(new Set(seenInSdk).size, 1);
    assert.equal(scans[0]!.calls, pages, 'each page counted on it');
    assert.match(`${scans[0]!.labels[FUNCTION_LABEL]} ${scans[0]!.labels[CALLERS_LABEL]}`, /scanAll/);
    assert.doesNotMatch(JSON.stringify(scans[0]!.labels), /nextPageFrom/);
  });

  it('v3 client.send and lib-dynamodb: the context reaches the deserializer\'s continuation; the caller\'s continuation has none', async () => {
    assert.ok(patchSmithyClient(Object.getPrototypeOf(DynamoDBClient), contexts));
    const v3 = new DynamoDBClient({ region: 'us-east-1', endpoint: local.endpoint, credentials: localCredentials, maxAttempts: 1 });
    const v3doc = DynamoDBDocumentClient.from(v3);
    const probed = new Set<unknown>();
    for (const client of [v3, v3doc]) {
      if (probed.has(client.middlewareStack)) continue;
      probed.add(client.middlewareStack);
      client.middlewareStack.add((next) => async (args) => {
        const result = await next(args);
        seenInSdk.push(describeContext(current));
        return result;
      }, { step: 'deserialize', name: 'contextProbe' });
    }
    function v3Send(): Promise<unknown> {
      return v3.send(new GetItemCommand({ TableName: 'paths', Key: key }));
    }
    function v3Document(): Promise<unknown> {
      return v3doc.send(new GetCommand({ TableName: 'paths', Key: { id: 'a' } }));
    }
    const results: Seen[][] = [];
    const afterAwait: Seen[] = [];
    for (const call of [v3Send, v3Document]) {
      seenInSdk.length = 0;
      await call();
      afterAwait.push(describeContext(current));
      results.push([...seenInSdk]);
    }
    v3.destroy();
    assert.equal(contexts.propagating, true, 'the first v3 call installed the promise hooks');
    assert.deepEqual(results, [['GetItem on DynamoDBClient from v3Send'], ['Get on DynamoDBDocumentClient from v3Document']]);
    assert.deepEqual(afterAwait, [undefined, undefined]);
  });
});
