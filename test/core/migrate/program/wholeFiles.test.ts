// A file is never written half-way: a client and the client it is built on change together or not
// at all, and every name the remaining code reads stays defined. Each written module is loaded.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { loadFailures } from './loadWritten';
import { migrateVirtual } from './virtualProject';

const options = '{ marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: true, allowImpreciseNumbers: true }, unmarshallOptions: { wrapNumbers: Number } }';
const errors = (lines: string[]) => lines.filter((l) => / error /.test(l));

describe('a DocumentClient built on a low-level client (service:)', () => {
  it('the aws-sdk-js-codemod#465 pattern: both migrate, the inner client rewritten in place, and the module loads', async () => {
    const files = {
      'db.mjs': [
        `import AWS from "aws-sdk";`,
        ``,
        `const params = { region: "us-west-2" };`,
        `const documentClient = new AWS.DynamoDB.DocumentClient({`,
        `  service: new AWS.DynamoDB(params),`,
        `});`,
        `export const get = (id) => documentClient.get({ TableName: "t", Key: { id } }).promise();`,
        ``,
      ].join('\n'),
    };
    const m = migrateVirtual(files);
    assert.deepEqual(errors(m.lines), []);
    assert.equal(m.after['db.mjs'], [
      `import { DynamoDB } from "@aws-sdk/client-dynamodb";`,
      `import { DynamoDBDocument } from "@aws-sdk/lib-dynamodb";`,
      ``,
      `const params = { region: "us-west-2" };`,
      `const documentClient = DynamoDBDocument.from(new DynamoDB({ region: params.region, maxAttempts: 11 }), ${options});`,
      `export const get = (id) => documentClient.get({ TableName: "t", Key: { id } });`,
      ``,
    ].join('\n'));
    assert.deepEqual(await loadFailures(files), []);
    assert.deepEqual(await loadFailures(m.after), []);
  });
  it('a low-level client from an exported factory (exports.make = () => …) stays v2 with the DocumentClient that cannot migrate', () => {
    const files = {
      'helper.js': [
        `const AWS = require('aws-sdk');`,
        `exports.mockDynamoDB = () => {`,
        `  const db = new AWS.DynamoDB({ region: 'eu-west-1' });`,
        `  return db;`,
        `};`,
        `exports.mockDocClient = () => new AWS.DynamoDB.DocumentClient({ service: exports.mockDynamoDB() });`,
        `exports.endpoint = () => exports.mockDocClient().service.endpoint;`,
        ``,
      ].join('\n'),
    };
    const m = migrateVirtual(files);
    assert.deepEqual(m.after, files);
    assert.deepEqual(errors(m.lines), [
      'helper.js:3 error v2-not-migrated DynamoDB client created at helper.js:3 is not migrated: it must migrate together with the DocumentClient created at helper.js:6, which cannot be migrated',
      'helper.js:6 error v2-not-migrated DocumentClient created at helper.js:6 is not migrated, nor any of its uses: 1 use cannot be: helper.js:7 (.service is aws-sdk v2 only: DynamoDBDocument has no equivalent)',
      'helper.js:7 error v2-not-migrated DocumentClient created at helper.js:6 is not migrated: .service is aws-sdk v2 only: DynamoDBDocument has no equivalent',
    ]);
  });
});

describe('names the remaining code reads stay defined', () => {
  it('a client whose options read AWS (AWS.config.region, new AWS.Endpoint) is not migrated: its import would go', async () => {
    const files = {
      'db.js': `const AWS = require('aws-sdk');\nconst doc = new AWS.DynamoDB.DocumentClient({ region: AWS.config.region, endpoint: new AWS.Endpoint('http://localhost:8000') });\nexports.get = (id) => doc.get({ TableName: 't', Key: { id } }).promise();\n`,
    };
    const m = migrateVirtual(files);
    assert.deepEqual(m.after, files);
    assert.deepEqual(errors(m.lines), [
      'db.js:2 error v2-not-migrated DocumentClient created at db.js:2 is not migrated: migrating it would leave AWS undefined at db.js:2 (its aws-sdk import would go while the code there still reads it): the file would throw a ReferenceError when loaded; its 1 v2 call stays unchanged (db.js:3)',
    ]);
    assert.deepEqual(await loadFailures(m.after), []);
  });
});
