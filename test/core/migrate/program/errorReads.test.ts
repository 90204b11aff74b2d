// Error reads follow the error: what a migrated call rejects with (or hands its callback) is
// followed to every binding that receives it, and each v2 property read there is rewritten to its
// v3 form, or named at its line. Behaviour is measured in differential/patterns (errors.js).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { migrateVirtual } from './virtualProject';

const head = `const AWS = require('aws-sdk');\nconst doc = new AWS.DynamoDB.DocumentClient();\n`;
const body = (m: ReturnType<typeof migrateVirtual>, name = 'a.js') => m.after[name]!.split('\n').slice(3).join('\n');
const warnings = (m: ReturnType<typeof migrateVirtual>) => m.lines.filter((l) => / (warning|error) v3-error-shape /.test(l));

describe('a try block holding only the call: plain v3 reads', () => {
  const m = migrateVirtual({
    'a.js': head + [
      `exports.create = async (item) => {`,
      `  try {`,
      `    await doc.put({ TableName: 't', Item: item }).promise();`,
      `    return 'created';`,
      `  } catch (e) {`,
      `    if (e.code === 'ConditionalCheckFailedException') return 'exists';`,
      `    log(e.code, e.statusCode, e['requestId'], e.message);`,
      `    if (e.retryable) return 'retry';`,
      `    throw e;`,
      `  }`,
      `};`,
      ``,
    ].join('\n'),
  });
  it('rewrites code → name, statusCode → $metadata?.httpStatusCode, requestId → $metadata?.requestId, message unchanged', () => {
    assert.equal(body(m), [
      `exports.create = async (item) => {`,
      `  try {`,
      `    await doc.put({ TableName: 't', Item: item });`,
      `    return 'created';`,
      `  } catch (e) {`,
      `    if (e.name === 'ConditionalCheckFailedException') return 'exists';`,
      `    log(e.name, e.$metadata?.httpStatusCode, e.$metadata?.requestId, e.message);`,
      `    if (e.retryable) return 'retry';`,
      `    throw e;`,
      `  }`,
      `};`,
      ``,
    ].join('\n'));
  });
  it('names retryable at its line: v3 has no counterpart', () => {
    assert.deepEqual(warnings(m).map((l) => l.replace(/(: v3 errors).*/, '$1')), ['a.js:10 warning v3-error-shape err.retryable (the error of the DynamoDB call at a.js:5): v3 errors']);
  });
});

describe('where other errors can arrive too, reads keep their own property', () => {
  it('another statement in the try block: (e.$metadata ? e.name : e.code), but a comparison with a service error type is plain', () => {
    const m = migrateVirtual({
      'a.js': head + `exports.save = async (text) => {\n  try {\n    const item = JSON.parse(text);\n    await doc.put({ TableName: 't', Item: item }).promise();\n  } catch (e) {\n    if (e.code === 'ValidationException') return 400;\n    return { code: e.code, status: e.statusCode || 500 };\n  }\n};\n`,
    });
    assert.match(body(m), /if \(e\.name === 'ValidationException'\) return 400;/);
    assert.match(body(m), /return \{ code: e\.\$metadata \? e\.name : e\.code, status: \(e\.\$metadata \? e\.\$metadata\.httpStatusCode : e\.statusCode\) \|\| 500 \};/);
  });
  it('a call of a client that stays on v2 in the same catch: the dual form serves both', () => {
    const m = migrateVirtual({
      'a.js': head + `const legacy = new AWS.DynamoDB.DocumentClient(opts());\nexports.both = async () => {\n  try {\n    await doc.get({ TableName: 't', Key: { id: 1 } }).promise();\n    await legacy.get({ TableName: 't', Key: { id: 1 } }).promise();\n  } catch (e) {\n    return e.statusCode;\n  }\n};\n`,
    });
    assert.match(m.after['a.js']!, /return e\.\$metadata \? e\.\$metadata\.httpStatusCode : e\.statusCode;/);
  });
  it('a switch with a Node code among service types reads code where the error is not the SDK\'s', () => {
    const m = migrateVirtual({ 'a.js': head + `exports.x = async () => { try { await doc.get({ TableName: 't', Key: { id: 1 } }).promise(); } catch (x) { switch (x.code) { case 'ENOENT': return 1; case 'ResourceNotFoundException': return 2; } } };\n` });
    assert.match(body(m), /switch \(x\.name\)/, 'only the call is in the try block: plain');
    const n = migrateVirtual({ 'a.js': head + `exports.x = async (f) => { try { read(f); await doc.get({ TableName: 't', Key: { id: 1 } }).promise(); } catch (x) { switch (x.code) { case 'ENOENT': return 1; case 'ResourceNotFoundException': return 2; } } };\n` });
    assert.match(body(n), /switch \(x\.\$metadata \? x\.name : x\.code\)/);
  });
});

describe('the error is followed', () => {
  it('through a rethrow to the caller\'s catch, a .catch on the call (destructured), a callback and its callers', () => {
    const m = migrateVirtual({
      'a.js': head + [
        `async function save(item) {`,
        `  try { await doc.put({ TableName: 't', Item: item }).promise(); } catch (e) { throw e; }`,
        `}`,
        `exports.route = async (item) => { try { await save(item); } catch (err) { return ['ConditionalCheckFailedException'].includes(err.code) ? 409 : 500; } };`,
        `exports.chained = (id) => doc.get({ TableName: 't', Key: { id } }).promise().catch(({ code, statusCode: status = 500 }) => [code, status]);`,
        `function load(id, cb) { doc.get({ TableName: 't', Key: { id } }, cb); }`,
        `exports.load = (id) => load(id, (err, data) => (err ? err.code : data.Item));`,
        ``,
      ].join('\n'),
    });
    assert.equal(body(m), [
      `async function save(item) {`,
      `  try { await doc.put({ TableName: 't', Item: item }); } catch (e) { throw e; }`,
      `}`,
      `exports.route = async (item) => { try { await save(item); } catch (err) { return ['ConditionalCheckFailedException'].includes(err.name) ? 409 : 500; } };`,
      `exports.chained = (id) => doc.get({ TableName: 't', Key: { id } }).catch(({ name: code, $metadata: { httpStatusCode: status = 500 } = {} }) => [code, status]);`,
      `function load(id, cb) { doc.get({ TableName: 't', Key: { id } }, cb); }`,
      `exports.load = (id) => load(id, (err, data) => (err ? (err.$metadata ? err.name : err.code) : data.Item));`,
      ``,
    ].join('\n'));
  });
  it('into an eachPage callback, which stays in place inside the paginator loop', () => {
    const m = migrateVirtual({ 'a.js': head + `exports.all = (cb) => {\n  doc.query({ TableName: 't' }).eachPage((err, page) => {\n    if (err) return cb(err.code);\n    if (!page) return cb(null);\n  });\n};\n` });
    assert.deepEqual(m.lines.filter((l) => / error /.test(l)), []);
    assert.match(m.after['a.js']!, /onPage\(err, null\); \} \}\)\(\(err, page\) => \{\n    if \(err\) return cb\(err\.name\);/);
  });
  it('names a comparison with a v2 client-side code, and an error handed to code outside the program', () => {
    const m = migrateVirtual({
      'a.js': head + `exports.h = (req, res, next) => doc.get({ TableName: 't', Key: { id: req.id } }).promise().then((o) => res.json(o.Item)).catch((err) => {\n  if (err.code === 'NetworkingError') return res.status(503).end();\n  next(err);\n});\n`,
    });
    assert.deepEqual(warnings(m).map((l) => l.replace(/(: v3 \w+ \w+ \w+).*/, '$1…')), [
      'a.js:4 warning v3-error-shape err.code compared with \'NetworkingError\' (the error of the DynamoDB call at a.js:3): v3 throws the Node…',
      'a.js:5 warning v3-error-shape the error of the DynamoDB call at a.js:3 is handed to next here, code the tool cannot follow: if it reads err.code, statusCode, retryable or requestId, v3 errors carry name, $metadata.httpStatusCode, $metadata.requestId instead (and no retryable)',
    ]);
    assert.match(m.after['a.js']!, /if \(err\.code === 'NetworkingError'\)/);
  });
});

describe('TypeScript', () => {
  it('AWSError annotations and casts on the error become DynamoDBServiceException (@aws-sdk/client-dynamodb)', () => {
    const m = migrateVirtual({
      'a.ts': [
        `import { AWSError, DynamoDB } from 'aws-sdk';`,
        `const doc = new DynamoDB.DocumentClient();`,
        `export async function create(id: string) {`,
        `  try {`,
        `    await doc.put({ TableName: 't', Item: { id } }).promise();`,
        `  } catch (e) {`,
        `    if ((e as AWSError).code === 'ConditionalCheckFailedException') return 'exists';`,
        `    const err = e as AWSError;`,
        `    return err.statusCode;`,
        `  }`,
        `  return 'ok';`,
        `}`,
        `export const get = (id: string) => { doc.get({ TableName: 't', Key: { id } }, (err: AWSError) => console.log(err.code)); };`,
        ``,
      ].join('\n'),
    });
    assert.equal(m.after['a.ts'], [
      `import { DynamoDB, DynamoDBServiceException } from '@aws-sdk/client-dynamodb';`,
      `import { DynamoDBDocument } from '@aws-sdk/lib-dynamodb';`,
      `const doc = DynamoDBDocument.from(new DynamoDB({ maxAttempts: 11 }), { marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: true, allowImpreciseNumbers: true }, unmarshallOptions: { wrapNumbers: Number } });`,
      `export async function create(id: string) {`,
      `  try {`,
      `    await doc.put({ TableName: 't', Item: { id } });`,
      `  } catch (e) {`,
      `    if ((e as DynamoDBServiceException).name === 'ConditionalCheckFailedException') return 'exists';`,
      `    const err = e as DynamoDBServiceException;`,
      `    return err.$metadata?.httpStatusCode;`,
      `  }`,
      `  return 'ok';`,
      `}`,
      `export const get = (id: string) => { doc.get({ TableName: 't', Key: { id } }, (err: DynamoDBServiceException) => console.log(err.name)); };`,
      ``,
    ].join('\n'));
  });
});
