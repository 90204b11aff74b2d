// Values that cross between a migrated client and one left on aws-sdk v2, against dynalite with the
// real packages: why a set may not cross (it is lost or refused), and why a marshalled item may.
// The migration's side of each case is asserted on the same shapes (program/setCrossings.test.ts
// has the messages).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import AWS from 'aws-sdk';
import { DynamoDB, PutItemCommand } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocument } from '@aws-sdk/lib-dynamodb';
import { marshall } from '@aws-sdk/util-dynamodb';
import { localCredentials, startDynalite, type LocalDynamo } from '../../helpers/dynalite';
import { storedJson } from './differential/observe';
import { migrateVirtual } from './program/virtualProject';

const table = 'Crossings';

describe('values crossing SDKs, measured against dynalite', () => {
  let db: LocalDynamo;
  let v2: (convertEmptyValues: boolean) => AWS.DynamoDB.DocumentClient;
  let v3: DynamoDBDocument;
  before(async () => {
    db = await startDynalite();
    await db.createTable(table);
    const options = { endpoint: db.endpoint, region: 'us-east-1', credentials: localCredentials, maxRetries: 0 };
    v2 = (convertEmptyValues) => new AWS.DynamoDB.DocumentClient({ ...options, convertEmptyValues });
    v3 = DynamoDBDocument.from(new DynamoDB({ ...options, maxAttempts: 1 }));
  });
  after(async () => {
    v3.destroy();
    await db.close();
  });
  const stored = async (id: string) => storedJson((await db.scan(table)).filter((i) => i.id?.S === id));

  it('a native Set (what a migrated createSet makes) written by a v2 DocumentClient: NULL with convertEmptyValues, else a ValidationException', async () => {
    await v2(true).put({ TableName: table, Item: { id: 'native-cev', tags: new Set(['a', 'b']) } }).promise();
    assert.equal(await stored('native-cev'), '[{"id":{"S":"native-cev"},"tags":{"NULL":true}}]');
    await assert.rejects(v2(false).put({ TableName: table, Item: { id: 'native', tags: new Set(['a', 'b']) } }).promise(), { code: 'ValidationException' });
    assert.equal(await stored('native'), '[]');
  });
  it('a v2 DynamoDBSet written by a v3 client: refused, nothing stored', async () => {
    const set = v2(false).createSet(['a', 'b']);
    await assert.rejects(v3.put({ TableName: table, Item: { id: 'v2set', tags: set } }), { name: 'TypeError', message: 'setToOperate.has is not a function' });
    assert.equal(await stored('v2set'), '[]');
  });
  it('an item marshalled by v3 written by a v2 low-level client: stored as v2 stores its own', async () => {
    const item = { id: 'm', n: 1.5, s: 'x', tags: new Set(['a']), bin: Buffer.from('hi'), list: [1, 'two'], map: { k: true } };
    await new AWS.DynamoDB({ endpoint: db.endpoint, region: 'us-east-1', credentials: localCredentials, maxRetries: 0 })
      .putItem({ TableName: table, Item: marshall(item) as AWS.DynamoDB.PutItemInputAttributeMap }).promise();
    const viaV3 = await stored('m');
    await db.client.send(new PutItemCommand({ TableName: table, Item: AWS.DynamoDB.Converter.marshall({ ...item, tags: v2(false).createSet(['a']) }) as never }));
    assert.equal(await stored('m'), viaV3);
  });
});

describe('the migration on those shapes', () => {
  it('leaves a set maker on v2 with the writer that stays on v2', () => {
    const m = migrateVirtual({
      'sets.js': `const AWS = require('aws-sdk');\nconst doc = new AWS.DynamoDB.DocumentClient();\nexports.tags = (t) => doc.createSet(t);\n`,
      'store.js': `const AWS = require('aws-sdk');\nconst { tags } = require('./sets');\nconst legacy = new AWS.DynamoDB.DocumentClient(load());\nexports.save = (id, t) => legacy.put({ TableName: 't', Item: { id, tags: tags(t) } }).promise();\n`,
    });
    assert.equal(m.result.fixAll.size, 0);
  });
});
