// Item 4: values returned by migrated calls, followed to their uses. Findings are asserted by
// line and flagged text; the before/after values the messages quote and the edits they offer are
// checked against the real aws-sdk v2 and v3 packages.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import AWS from 'aws-sdk';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { checkReturnedValues } from '../../../../src/core/migrate/checks/returned/checkReturnedValues';
import { v2JsonReplacer } from '../../../../src/core/migrate/checks/returned/useSites';
import { applyEdits } from '../../../../src/core/migrate/textEdits';
import { rows, viewOf } from './programView';

const check = (files: Record<string, string>) => {
  const view = viewOf(files);
  const findings = checkReturnedValues(view);
  return { view, findings, got: rows(view, findings) };
};

describe('returned values: uses whose result changes, at their lines', () => {
  it('follows a get result through destructuring to serialisation, set and Buffer APIs', () => {
    const { got } = check({
      '/p/h.js': [
        `const AWS = require('aws-sdk');`,
        `const doc = new AWS.DynamoDB.DocumentClient();`,
        `async function show(id, res) {`,
        `  const { Item } = await doc.get({ TableName: 'T', Key: { id } }).promise();`,
        `  console.log(Item);`,
        `  const tags = Item.tags.values;`,
        `  if (Item.tags.wrapperName === 'Set' && Item.avatar instanceof Buffer) res.json({ tags, png: Item.avatar.toString('base64') });`,
        `  const plain = JSON.stringify({ id });`,
        `  return Buffer.isBuffer(Item.avatar) ? Item.avatar.equals(Buffer.alloc(0)) : plain;`,
        `}`,
        `module.exports = { show };`,
      ].join('\n'),
    });
    assert.deepEqual(got, [
      'h.js:5:v3-result-serialised:console.log(Item)',
      'h.js:6:v3-set-values:Item.tags.values',
      'h.js:7:v3-set-values:Item.tags.wrapperName',
      'h.js:7:v3-binary-buffer:Item.avatar instanceof Buffer',
      "h.js:7:v3-result-serialised:res.json({ tags, png: Item.avatar.toString('base64') })",
      "h.js:7:v3-binary-buffer:Item.avatar.toString('base64')",
      'h.js:9:v3-binary-buffer:Buffer.isBuffer(Item.avatar)',
      'h.js:9:v3-binary-buffer:Item.avatar.equals(Buffer.alloc(0))',
    ]);
  });

  it('follows items across modules: an exported repository function, its caller, and the HTTP response', () => {
    const { got, findings } = check({
      '/p/repo.js': [
        `const AWS = require('aws-sdk');`,
        `const doc = new AWS.DynamoDB.DocumentClient();`,
        `async function listUsers(team) {`,
        `  const out = await doc.query({ TableName: 'T', KeyConditionExpression: 't = :t', ExpressionAttributeValues: { ':t': team } }).promise();`,
        `  return out.Items;`,
        `}`,
        `module.exports = { listUsers };`,
      ].join('\n'),
      '/p/app.js': [
        `const { listUsers } = require('./repo');`,
        `exports.route = async (req, res) => {`,
        `  const users = await listUsers(req.params.team);`,
        `  const names = users.map((u) => u.roles.values.join(','));`,
        `  res.status(200).json(users);`,
        `  return names;`,
        `};`,
      ].join('\n'),
    });
    assert.deepEqual(got, [
      'app.js:4:v3-set-values:u.roles.values',
      'app.js:5:v3-result-serialised:res.status(200).json(users)',
      'repo.js:5:v3-result-exported:out.Items',
    ]);
    const exported = findings.find((f) => f.code === 'v3-result-exported')!;
    assert.match(exported.message, /callers of listUsers now receive native Sets where v2 gave DynamoDBSets/);
  });

  it('follows callbacks, then(), Promise.all over map, batchGet/transactGet responses, push and class fields', () => {
    const { got } = check({
      '/p/s.js': [
        `const AWS = require('aws-sdk');`,
        `const doc = new AWS.DynamoDB.DocumentClient({ wrapNumbers: true });`,
        `class Cache {`,
        `  load() {`,
        `    doc.scan({ TableName: 'T' }, (err, data) => { this.items = data.Items; });`,
        `    doc.get({ TableName: 'T', Key: { id: 1 } }).promise().then((r) => r.Item.n.toNumber());`,
        `  }`,
        `  dump() { return JSON.stringify(this.items); }`,
        `}`,
        `async function many(ids) {`,
        `  const outs = await Promise.all(ids.map((id) => doc.get({ TableName: 'T', Key: { id } }).promise()));`,
        `  const b = await doc.batchGet({ RequestItems: {} }).promise();`,
        `  const t = await doc.transactGet({ TransactItems: [] }).promise();`,
        `  const found = [];`,
        `  for (const o of outs) found.push(o.Item);`,
        `  return [b.Responses.T[0].tags.type, t.Responses[0].Item.tags.values, JSON.stringify(found)];`,
        `}`,
        `many([1]);`,
      ].join('\n'),
    });
    assert.deepEqual(got, [
      's.js:6:v3-wrap-numbers-class:r.Item.n.toNumber()',
      's.js:8:v3-result-serialised:JSON.stringify(this.items)',
      's.js:16:v3-set-values:b.Responses.T[0].tags.type',
      's.js:16:v3-set-values:t.Responses[0].Item.tags.values',
      's.js:16:v3-result-serialised:JSON.stringify(found)',
    ]);
  });

  it('reports a Lambda handler returning items, and stream images read through unmarshall', () => {
    const { got, findings } = check({
      '/p/stream.js': [
        `const AWS = require('aws-sdk');`,
        `exports.handler = async (event) => {`,
        `  const images = event.Records.map((r) => AWS.DynamoDB.Converter.unmarshall(r.dynamodb.NewImage));`,
        `  images.forEach((img) => console.info(img.blob.toString('hex')));`,
        `  return { count: images.length, images };`,
        `};`,
      ].join('\n'),
    });
    assert.deepEqual(got, [
      "stream.js:4:v3-binary-buffer:img.blob.toString('hex')",
      'stream.js:5:v3-result-exported:{ count: images.length, images }',
    ]);
    assert.match(findings[0]!.message, /a base64 string from a stream record/);
    assert.match(findings[1]!.message, /Lambda runtime serialises this result with JSON\.stringify, so sets reach the caller as \{\}/);
  });

  it('follows values handed back through callback parameters: a Lambda callback, context.succeed, a helper\'s cb, a Promise\'s resolve', () => {
    const { got, findings } = check({
      '/p/cb.js': [
        `const AWS = require('aws-sdk');`,
        `const doc = new AWS.DynamoDB.DocumentClient();`,
        `exports.handler = (event, context, callback) => {`,
        `  doc.get({ TableName: 'T', Key: { id: event.id } }, (err, data) => callback(err, data && data.Item));`,
        `};`,
        `exports.legacy = (event, context) => { doc.scan({ TableName: 'T' }, (err, data) => context.succeed(data.Items)); };`,
        `function load(id, cb) {`,
        `  doc.get({ TableName: 'T', Key: { id } }, (err, data) => cb(null, data.Item));`,
        `}`,
        `load('a', (err, item) => process.stdout.write(JSON.stringify(item)));`,
        `const first = () => new Promise((resolve, reject) => { doc.query({ TableName: 'T' }, (err, data) => (err ? reject(err) : resolve(data.Items[0]))); });`,
        `first().then((one) => console.warn(one.tags.values));`,
      ].join('\n'),
    });
    assert.deepEqual(got, [
      'cb.js:4:v3-result-exported:data && data.Item',
      'cb.js:6:v3-result-exported:data.Items',
      'cb.js:10:v3-result-serialised:JSON.stringify(item)',
      'cb.js:12:v3-result-serialised:console.warn(one.tags.values)',
      'cb.js:12:v3-set-values:one.tags.values',
    ]);
    assert.match(findings[0]!.message, /^handed to callback out of the module: callers of handler now receive native Sets.*the Lambda runtime serialises this result/);
    assert.match(findings[1]!.message, /^handed to context\.succeed out of the module: callers of legacy now receive/);
  });

  it('follows lodash collection functions', () => {
    const { got } = check({
      '/p/l.js': [
        `const _ = require('lodash');`,
        `const AWS = require('aws-sdk');`,
        `const doc = new AWS.DynamoDB.DocumentClient();`,
        `module.exports.handler = async (ids) => {`,
        `  const resp = await doc.batchGet({ RequestItems: { U: { Keys: ids.map((id) => ({ id })) } } }).promise();`,
        `  const users = resp.Responses.U;`,
        `  const byId = _.keyBy(users, 'id');`,
        `  _.forEach(users, (u) => console.log(u.roles.values));`,
        `  return ids.map((id) => ({ data: _.find(users, { id }), again: byId[id] }));`,
        `};`,
      ].join('\n'),
    });
    assert.deepEqual(got, [
      'l.js:8:v3-result-serialised:console.log(u.roles.values)',
      'l.js:8:v3-set-values:u.roles.values',
      'l.js:9:v3-result-exported:ids.map((id) => ({ data: _.find(users, { id }), again: byId[id] }))',
    ]);
  });

  it('says nothing where no migrated value arrives', () => {
    const { got } = check({
      '/p/q.js': [
        `const AWS = require('aws-sdk');`,
        `const doc = new AWS.DynamoDB.DocumentClient();`,
        `async function f(x) {`,
        `  await doc.put({ TableName: 'T', Item: x }).promise();`,
        `  const r = await doc.get({ TableName: 'T', Key: { id: 1 } }).promise();`,
        `  console.log(JSON.stringify(x), r.Count, r.ConsumedCapacity);`,
        `  return x.tags.values;`,
        `}`,
        `f({});`,
      ].join('\n'),
    });
    assert.deepEqual(got, []);
  });
});

describe('returned values: the offered edits keep v2\'s result (real packages)', () => {
  const v2Doc = new AWS.DynamoDB.DocumentClient();
  const wire = { tags: { SS: ['a', 'b'] }, blob: { B: Buffer.from('hi') }, n: { N: '12' } };
  // What each SDK's DocumentClient hands back for `wire`: v2 Buffers, v3 Uint8Arrays (as the v3 client deserialises).
  const v2Item = AWS.DynamoDB.Converter.unmarshall(wire) as Record<string, unknown>;
  const v3Item = unmarshall({ ...wire, blob: { B: new Uint8Array(Buffer.from('hi')) } }, { wrapNumbers: Number }) as Record<string, unknown>;

  it('JSON.stringify with the offered replacer gives v2\'s JSON; without it sets become {}', () => {
    const replacer = eval(v2JsonReplacer) as (k: string, v: unknown) => unknown;
    assert.equal(JSON.stringify(v3Item, replacer), JSON.stringify(v2Item));
    assert.equal(JSON.stringify(v2Item), '{"tags":["a","b"],"blob":{"type":"Buffer","data":[104,105]},"n":12}');
    assert.equal(JSON.stringify(v3Item), '{"tags":{},"blob":{"0":104,"1":105},"n":12}');
    const { view, findings } = check({ '/p/j.js': `const AWS = require('aws-sdk');\nconst doc = new AWS.DynamoDB.DocumentClient();\ndoc.get({ TableName: 'T', Key: {} }).promise().then((r) => JSON.stringify(r.Item));\n` });
    const text = view.program.getSourceFile('/p/j.js')!.text;
    assert.match(applyEdits(text, findings[0]!.fix!.edits), /JSON\.stringify\(r\.Item, \(_key, value\) => \(value instanceof Set \? Array\.from\(value\)/);
  });

  it('Array.from(set), Buffer.from(bin), instanceof Uint8Array and Number(n) read v2 and v3 values alike', () => {
    assert.deepEqual(Array.from(v3Item.tags as Set<string>), (v2Item.tags as { values: string[] }).values);
    assert.equal(typeof (v3Item.tags as { values: unknown }).values, 'function');
    assert.equal((v3Item.tags as { type?: string }).type, undefined);
    assert.equal((v2Item.tags as { type?: string }).type, 'String');
    assert.equal(Buffer.from(v3Item.blob as Uint8Array).toString('base64'), (v2Item.blob as Buffer).toString('base64'));
    assert.equal((v3Item.blob as Uint8Array).toString(), '104,105');
    assert.equal(Buffer.isBuffer(v3Item.blob), false);
    assert.equal(v3Item.blob instanceof Uint8Array && v2Item.blob instanceof Uint8Array, true);
    const v2n = AWS.DynamoDB.Converter.unmarshall({ n: { N: '12' } }, { wrapNumbers: true }).n as { toNumber(): number };
    const v3n = unmarshall({ n: { N: '12' } }, { wrapNumbers: true }).n as unknown as { toNumber?: unknown };
    assert.equal(v3n.toNumber, undefined);
    assert.equal(Number(v3n), v2n.toNumber());
    assert.equal(JSON.stringify(v3n), '{"value":"12"}');
    assert.equal(v2Doc.createSet(['a']).values.length, 1);
  });

  it('stream records: v2 gave a Buffer of the base64 text, v3 the base64 string; Buffer.from keeps v2\'s bytes', () => {
    const image = { blob: { B: 'aGk=' } } as never;
    const v2 = AWS.DynamoDB.Converter.unmarshall(image).blob as Buffer;
    const v3 = unmarshall(image).blob as unknown as string;
    assert.equal(v3, 'aGk=');
    assert.equal(v2.toString('hex'), Buffer.from('aGk=').toString('hex'));
    assert.equal(Buffer.from(v3).toString('hex'), v2.toString('hex'));
    assert.notEqual(v3.toString(), v2.toString('base64'));
  });
});
