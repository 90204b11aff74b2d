// Clients handed to libraries and read back through destructuring: the whole-program engine on
// small in-memory projects, and electrodb (real package) with both clients against dynalite.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import AWS from 'aws-sdk';
import { DynamoDB } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocument } from '@aws-sdk/lib-dynamodb';
import { Entity } from 'electrodb';
import { localCredentials, startDynalite, type LocalDynamo } from '../../../helpers/dynalite';
import { migrateVirtual } from './virtualProject';

const notes = (lines: string[]) => lines.filter((l) => / (error|warning) /.test(l));

describe('a DocumentClient handed to electrodb', () => {
  const users = [
    "const { DocumentClient } = require('aws-sdk/clients/dynamodb');",
    "const { Entity } = require('electrodb');",
    "const client = new DocumentClient({ region: 'us-east-1' });",
    "const User = new Entity({ model: { entity: 'user', version: '1', service: 'app' }, attributes: { id: { type: 'string' } }, indexes: { byId: { pk: { field: 'pk', composite: ['id'] }, sk: { field: 'sk', composite: [] } } } },",
    "  { client, table: 'app' });",
    "exports.count = async () => (await client.scan({ TableName: 'app', Select: 'COUNT' }).promise()).Count;",
    'exports.User = User;',
    '',
  ].join('\n');

  it('is migrated with its other uses, with a warning naming electrodb and its version at the hand-over', () => {
    const m = migrateVirtual({ 'users.js': users });
    assert.deepEqual(notes(m.lines), [
      "users.js:5 warning v3-library-client passed to new Entity (electrodb 3.4.7), which takes a v3 document client as well: it then sends @aws-sdk/lib-dynamodb commands; items it writes and the set attributes it returns are the same, but values it passes through as they are (binary, 'any' and 'custom' attributes) come back as v3 reads them (Uint8Array, Set)",
    ]);
    assert.match(m.after['users.js']!, /^const client = DynamoDBDocument\.from\(new DynamoDB\(\{ region: 'us-east-1', maxAttempts: 11 \}\), /m);
    assert.match(m.after['users.js']!, /\(await client\.scan\(\{ TableName: 'app', Select: 'COUNT' \}\)\)\.Count/);
  });

  it('a low-level client handed to electrodb is not migrated, and the error says why', () => {
    const m = migrateVirtual({ 'raw.js': users.replace("const { DocumentClient } = require('aws-sdk/clients/dynamodb');", "const DocumentClient = require('aws-sdk/clients/dynamodb');") });
    assert.match(notes(m.lines).join('\n'), /raw\.js:5 error v2-not-migrated DynamoDB client created at raw\.js:3 is not migrated: passed to new Entity \(electrodb\), which takes a document client, not a low-level client/);
  });
});

describe('electrodb with the v2 DocumentClient and with the migrated client (dynalite)', () => {
  let local: LocalDynamo;
  before(async () => {
    local = await startDynalite();
    await local.createTable('app', 'pk', 'sk');
  });
  after(() => local.close());

  const schema = {
    model: { entity: 'user', version: '1', service: 'app' },
    attributes: { id: { type: 'string', required: true }, tags: { type: 'set', items: 'string' }, visits: { type: 'number' }, name: { type: 'string' } },
    indexes: { byId: { pk: { field: 'pk', composite: ['id'] }, sk: { field: 'sk', composite: [] } } },
  } as const;

  it('writes the same items and returns the same data', async () => {
    const config = { region: 'us-east-1', endpoint: local.endpoint, credentials: localCredentials };
    const v2 = new AWS.DynamoDB.DocumentClient(config);
    // What the migration writes for `new DocumentClient(config)` (see the test above).
    const v3 = DynamoDBDocument.from(new DynamoDB({ ...config, maxAttempts: 11 }), { marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: true, allowImpreciseNumbers: true }, unmarshallOptions: { wrapNumbers: Number } });
    const read: unknown[] = [];
    for (const [id, client] of [['with-v2', v2], ['with-v3', v3]] as const) {
      const user = new Entity(schema, { client, table: 'app' });
      await user.put({ id, tags: ['b', 'a'], visits: 3, name: 'Ann' }).go();
      await user.update({ id }).add({ visits: 2, tags: ['c'] }).go();
      read.push((await user.get({ id }).go()).data);
    }
    const stored = (await local.scan('app')).map(({ pk, id, tags, ...rest }) => ({ pk: pk!.S!.replace(/with-v[23]/, 'ID'), id: id!.S!.replace(/with-v[23]/, 'ID'), tags: [...tags!.SS!].sort(), ...rest }));
    assert.equal(stored.length, 2);
    assert.deepEqual(stored[0], stored[1]);
    assert.deepEqual(stored[0], { pk: '$app#id_ID', id: 'ID', sk: { S: '$user_1' }, tags: ['a', 'b', 'c'], visits: { N: '5' }, name: { S: 'Ann' }, __edb_e__: { S: 'user' }, __edb_v__: { S: '1' } });
    assert.deepEqual(read.map((r) => ({ ...(r as object), id: 'ID' })), [
      { id: 'ID', tags: ['b', 'a', 'c'], visits: 5, name: 'Ann' },
      { id: 'ID', tags: ['b', 'a', 'c'], visits: 5, name: 'Ann' },
    ]);
  });
});

describe('a client in an object whose type allows undefined, read back by destructuring (TypeScript)', () => {
  it('is migrated with every use: the destructured names and the typed parameter they reach', () => {
    const m = migrateVirtual({
      'db.ts': [
        "import DynamoDB, { DocumentClient } from 'aws-sdk/clients/dynamodb';",
        'type Connection = { dynamoDB: DynamoDB; documentDB: DocumentClient };',
        'let connection: Connection | undefined;',
        'const connect = (): Connection => {',
        '  if (connection) return connection;',
        "  connection = { dynamoDB: new DynamoDB({ region: 'local' }), documentDB: new DocumentClient({ region: 'local' }) };",
        '  return connection;',
        '};',
        'const describe = async (client: DynamoDB, TableName: string) => (await client.describeTable({ TableName }).promise()).Table;',
        'export const setup = async (): Promise<unknown> => {',
        '  const { dynamoDB, documentDB: doc } = connect();',
        "  await describe(dynamoDB, 'keys');",
        "  return (await doc.get({ TableName: 'keys', Key: { id: '1' } }).promise()).Item;",
        '};',
        '',
      ].join('\n'),
    });
    assert.deepEqual(notes(m.lines), []);
    const after = m.after['db.ts']!;
    assert.doesNotMatch(after, /\.promise\(\)|aws-sdk\/clients/);
    assert.match(after, /const describe = async \(client: DynamoDB, TableName: string\) => \(await client\.describeTable\(\{ TableName \}\)\)\.Table;/);
    assert.match(after, /return \(await doc\.get\(\{ TableName: 'keys', Key: \{ id: '1' \} \}\)\)\.Item;/);
    assert.deepEqual(m.result.files.map((f) => f.status), ['migrated']);
  });
});
