// A callback-style call whose AWS.Request is provably dropped (serverless/examples' graphql handler:
// `promisify(callback => dynamoDb.get(p, callback))` with a promisify that ignores foo's result)
// migrates; where the result may be used, the client stays blocked with the reason (trial F6).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { migrateVirtual } from './virtualProject';

const handler = (promisify: string) => [
  `const AWS = require('aws-sdk');`,
  `const dynamoDb = new AWS.DynamoDB.DocumentClient();`,
  promisify,
  `exports.get = (id) => promisify(callback =>`,
  `  dynamoDb.get({ TableName: 't', Key: { id } }, callback))`,
  `  .then((result) => result.Item);`,
  ``,
].join('\n');

describe('a callback call whose result is dropped by a local promisify', () => {
  it('migrates when the helper only calls its parameter as a statement', () => {
    const m = migrateVirtual({ 'handler.js': handler(`const promisify = foo => new Promise((resolve, reject) => {\n  foo((error, result) => { if (error) reject(error); else resolve(result); });\n});`) });
    assert.deepEqual(m.lines.filter((l) => / error /.test(l)), []);
    assert.match(m.after['handler.js']!, /^const dynamoDb = DynamoDBDocument\.from\(new DynamoDB\(\{ maxAttempts: 11 \}\)/m);
    assert.match(m.after['handler.js']!, /^ {2}dynamoDb\.get\(\{ TableName: 't', Key: \{ id \} \}, callback\)\)$/m);
  });
  it('stays blocked when the helper may use what the callback function returns', () => {
    const m = migrateVirtual({ 'handler.js': handler(`const promisify = foo => new Promise((resolve, reject) => foo((error, result) => (error ? reject(error) : resolve(result))));`) });
    assert.ok(m.lines.includes('handler.js:5 error v2-not-migrated DocumentClient created at handler.js:2 is not migrated: the AWS.Request that get(…, callback) returns is used; v3 returns nothing with a callback'), m.lines.join('\n'));
  });
});
