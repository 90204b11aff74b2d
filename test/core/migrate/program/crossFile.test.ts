// The whole-program engine on small in-memory projects: a client is followed across files and
// migrated with all its uses, or not at all with each blocking use named at its line.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { migrateVirtual } from './virtualProject';

const options = '{ marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: true, allowImpreciseNumbers: true }, unmarshallOptions: { wrapNumbers: Number } }';
const errors = (lines: string[]) => lines.filter((l) => / error /.test(l));

describe('a client shared through module.exports', () => {
  const db = `const AWS = require('aws-sdk');\nmodule.exports = new AWS.DynamoDB.DocumentClient({ region: 'eu-west-1' });\n`;
  it('is migrated together with its uses in every importing file', () => {
    const m = migrateVirtual({
      'db.js': db,
      'users.js': `const db = require('./db');\nexports.get = (id) => db.get({ TableName: 'users', Key: { id } }).promise();\n`,
      'orders.js': `const db = require('./db');\nexports.tags = (t) => db.createSet(t);\n`,
    });
    assert.deepEqual(errors(m.lines), []);
    assert.equal(m.after['db.js'], [
      `const { DynamoDB } = require('@aws-sdk/client-dynamodb');`,
      `const { DynamoDBDocument } = require('@aws-sdk/lib-dynamodb');`,
      `module.exports = DynamoDBDocument.from(new DynamoDB({ region: 'eu-west-1', maxAttempts: 11 }), ${options});`,
      '',
    ].join('\n'));
    assert.equal(m.after['users.js'], `const db = require('./db');\nexports.get = (id) => db.get({ TableName: 'users', Key: { id } });\n`);
    assert.equal(m.after['orders.js'], `const db = require('./db');\nexports.tags = (t) => new Set(t);\n`);
    assert.deepEqual(m.result.files.map((f) => [f.fileName.replace(/.*\//, ''), f.status]), [['db.js', 'migrated'], ['orders.js', 'migrated'], ['users.js', 'migrated']]);
  });
  it('is left entirely on v2 when one use has no v3 form, and the error names that use', () => {
    const files = {
      'db.js': db,
      'users.js': `const db = require('./db');\nexports.get = (id) => db.get({ TableName: 'users', Key: { id } }).promise();\nexports.conf = () => db.options.convertEmptyValues;\n`,
    };
    const m = migrateVirtual(files);
    assert.deepEqual(m.after, files);
    assert.deepEqual(errors(m.lines), [
      'db.js:2 error v2-not-migrated DocumentClient created at db.js:2 is not migrated, nor any of its uses: 1 use cannot be: users.js:3 (.options is aws-sdk v2 only: DynamoDBDocument has no equivalent); its 1 v2 call stays unchanged (users.js:2)',
      'users.js:3 error v2-not-migrated DocumentClient created at db.js:2 is not migrated: .options is aws-sdk v2 only: DynamoDBDocument has no equivalent',
    ]);
    assert.deepEqual(m.result.files.map((f) => f.status), ['not migrated', 'not migrated']);
    assert.match(m.result.files[1]!.reasons[0]!, /^DocumentClient created at db\.js:2: users\.js:3 \.options is aws-sdk v2 only/);
  });
  it('is not migrated when only some of its files may change', () => {
    const m = migrateVirtual({
      'db.js': db,
      'users.js': `const db = require('./db');\nexports.get = (id) => db.get({ TableName: 'users', Key: { id } }).promise();\n`,
    }, { only: ['db.js'] });
    assert.deepEqual(errors(m.lines).map((l) => l.replace(/ DocumentClient.*: it/, ' … it')), [
      'db.js:2 error v2-not-migrated DocumentClient created at db.js:2 is not migrated, nor any of its uses: 1 use cannot be: users.js:2 (it is also used in users.js, outside the files given: run migrate on the folder holding all its uses); its 1 v2 call stays unchanged (users.js:2)',
      'users.js:2 error v2-not-migrated … it is also used in users.js, outside the files given: run migrate on the folder holding all its uses',
    ]);
  });
  it('is not migrated when a relative import of its module cannot be resolved', () => {
    const m = migrateVirtual({ 'db.js': db, 'users.js': `const db = require('./db.json.js');\nconst other = require('./db.cjs');\nexports.get = () => other;\n` });
    assert.deepEqual(m.after['db.js'], db);
    assert.match(errors(m.lines).join('\n'), /users\.js:2 error v2-not-migrated DocumentClient created at db\.js:2 is not migrated: db\.js is imported here as '\.\/db\.cjs', which the tool cannot resolve/);
  });
});

describe('factories, parameters, fields and injected clients (TypeScript)', () => {
  it('follows a factory\'s return value into a constructor parameter property and rewrites its types', () => {
    const m = migrateVirtual({
      'clients.ts': `import AWS from 'aws-sdk';\nexport function makeClient(): AWS.DynamoDB.DocumentClient {\n  return new AWS.DynamoDB.DocumentClient({ region: 'us-east-1' });\n}\n`,
      'repo.ts': `import { DocumentClient } from 'aws-sdk/clients/dynamodb';\nexport class Repo {\n  constructor(private readonly client: DocumentClient) {}\n  async find(id: string) {\n    const out = await this.client.get({ TableName: 't', Key: { id } }).promise();\n    return out.Item;\n  }\n}\n`,
      'app.ts': `import { makeClient } from './clients';\nimport { Repo } from './repo';\nexport const repo = new Repo(makeClient());\n`,
    });
    assert.deepEqual(errors(m.lines), []);
    assert.equal(m.after['clients.ts'], [
      `import { DynamoDB } from '@aws-sdk/client-dynamodb';`,
      `import { DynamoDBDocument } from '@aws-sdk/lib-dynamodb';`,
      `export function makeClient(): DynamoDBDocument {`,
      `  return DynamoDBDocument.from(new DynamoDB({ region: 'us-east-1', maxAttempts: 11 }), ${options});`,
      '}',
      '',
    ].join('\n'));
    assert.equal(m.after['repo.ts'], [
      `import { DynamoDBDocument } from '@aws-sdk/lib-dynamodb';`,
      'export class Repo {',
      '  constructor(private readonly client: DynamoDBDocument) {}',
      '  async find(id: string) {',
      `    const out = await this.client.get({ TableName: 't', Key: { id } });`,
      '    return out.Item;',
      '  }',
      '}',
      '',
    ].join('\n'));
  });
  it('leaves a client that only comes from outside the program (a library\'s parameter) and says so', () => {
    const m = migrateVirtual({ 'lib.ts': `import { DocumentClient } from 'aws-sdk/clients/dynamodb';\nexport async function count(client: DocumentClient) {\n  return (await client.scan({ TableName: 't', Select: 'COUNT' }).promise()).Count;\n}\n` });
    assert.deepEqual(errors(m.lines), ['lib.ts:2 error v2-not-migrated DocumentClient received at lib.ts:2 is not migrated: receives a v2 DocumentClient from outside the program (no creation of it found here); its 1 v2 call stays unchanged (lib.ts:3)']);
  });
  it('blocks a client handed to library code that expects a v2 client', () => {
    const m = migrateVirtual({ 'session.js': `const AWS = require('aws-sdk');\nconst DynamoDBStore = require('connect-dynamodb');\nconst client = new AWS.DynamoDB({ region: 'eu-west-1' });\nmodule.exports = new DynamoDBStore({ client });\n` });
    assert.deepEqual(errors(m.lines), [
      'session.js:3 error v2-not-migrated DynamoDB client created at session.js:3 is not migrated, nor any of its uses: 1 use cannot be: session.js:4 (passed as client to new DynamoDBStore, code outside the program that expects a v2 client)',
      'session.js:4 error v2-not-migrated DynamoDB client created at session.js:3 is not migrated: passed as client to new DynamoDBStore, code outside the program that expects a v2 client',
    ]);
  });
});

describe('uses with no v3 form block the client', () => {
  const one = (use: string) => migrateVirtual({ 'a.js': `const AWS = require('aws-sdk');\nconst doc = new AWS.DynamoDB.DocumentClient();\n${use}\n` });
  for (const [use, why] of [
    [`doc.get({ TableName: 't', Key: { id: 1 } });`, 'get() without .promise() or a callback: v2 never sent this request, v3 would'],
    [`doc.get({ TableName: 't', Key: { id: 1 } }).on('extractError', () => {}).send();`, 'get().on: the v2 AWS.Request API has no v3 equivalent'],
    [`const req = doc.query({ TableName: 't' }); req.promise();`, 'the AWS.Request that query() returns is kept'],
    [`doc.service.config.update({ region: 'x' });`, '.service is aws-sdk v2 only: DynamoDBDocument has no equivalent'],
    [`const { get } = doc;`, 'destructured (its methods taken off the client)'],
  ] as const) {
    it(`${use.slice(0, 50)} → ${why.slice(0, 40)}…`, () => {
      const m = one(use);
      assert.ok(m.lines.some((l) => l.startsWith('a.js:3 error v2-not-migrated DocumentClient created at a.js:2 is not migrated: ') && l.includes(why)), m.lines.join('\n'));
      assert.equal(m.result.fixAll.size, 0);
    });
  }
});

describe('specific rewrites', () => {
  it('X-Ray: captureAWSClient(doc.service) becomes captureAWSv3Client(doc)', () => {
    const m = migrateVirtual({ 'fn.js': `const XRay = require('aws-xray-sdk-core');\nconst DynamoDB = require('aws-sdk/clients/dynamodb');\nconst doc = new DynamoDB.DocumentClient();\nXRay.captureAWSClient(doc.service);\nexports.h = () => doc.scan({ TableName: 't' }).promise();\n` });
    assert.match(m.after['fn.js']!, /^XRay\.captureAWSv3Client\(doc\);$/m);
    assert.match(m.after['fn.js']!, /^exports\.h = \(\) => doc\.scan\(\{ TableName: 't' \}\);$/m);
  });
  it('a Converter function passed as a callback becomes a callback with the v2-equivalent options', () => {
    const m = migrateVirtual({ 'c.js': `const { Converter } = require('aws-sdk').DynamoDB;\nexports.all = (items) => items.map(Converter.unmarshall);\n` });
    assert.equal(m.after['c.js'], `const { unmarshall } = require('@aws-sdk/util-dynamodb');\nexports.all = (items) => items.map((x) => unmarshall(x, { wrapNumbers: Number }));\n`);
  });
});

describe('types imported from the SDK module next to a client', () => {
  it('a parameter typed with one (BatchGetResponseMap) is no client: the client is migrated', () => {
    const m = migrateVirtual({
      'batch.ts': [
        `import { BatchGetResponseMap, DocumentClient } from 'aws-sdk/clients/dynamodb';`,
        `const doc = new DocumentClient();`,
        `const items = (r: BatchGetResponseMap) => Object.entries(r).flatMap(([, v]) => v);`,
        `export async function read(keys: DocumentClient.KeyList) {`,
        `  const out = await doc.batchGet({ RequestItems: { t: { Keys: keys } } }).promise();`,
        `  return items(out.Responses ?? {});`,
        `}`,
        '',
      ].join('\n'),
    });
    assert.deepEqual(errors(m.lines), []);
    assert.match(m.after['batch.ts']!, /^const doc = DynamoDBDocument\.from\(new DynamoDB\(\{ maxAttempts: 11 \}\), /m);
    assert.match(m.after['batch.ts']!, /const out = await doc\.batchGet\(\{ RequestItems: \{ t: \{ Keys: keys \} \} \}\);/);
  });
});
