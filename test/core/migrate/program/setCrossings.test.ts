// A set made on one side of the migration never reaches a writer on the other: a migrated
// createSet makes a native Set (v2 writers store it as {} or NULL), a v2 createSet a DynamoDBSet
// (v3 refuses it). The migrated end is blocked, with both ends named.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { migrateVirtual } from './virtualProject';

const errors = (lines: string[]) => lines.filter((l) => / error /.test(l));
const stored = `v2 writes a native Set as {} (the write fails with a ValidationException) or, with convertEmptyValues, as NULL: the set is lost`;

describe('createSet of a migrated client, written by a client that stays on v2', () => {
  // The clarkie/dynogels shape: a serializer's own DocumentClient only makes sets; the table's
  // DocumentClient (options the tool cannot read) writes the items built with them.
  const files = {
    'serializer.js': `const AWS = require('aws-sdk');\nconst doc = new AWS.DynamoDB.DocumentClient();\nexports.set = (v) => doc.createSet(Array.isArray(v) ? v : [v]);\n`,
    'table.js': `const AWS = require('aws-sdk');\nconst ser = require('./serializer');\nconst doc = new AWS.DynamoDB.DocumentClient(driverOptions());\nexports.put = (item) => doc.put({ TableName: 't', Item: { ...item, tags: ser.set(item.tags) } }).promise();\n`,
    'audit.js': `const AWS = require('aws-sdk');\nconst doc = new AWS.DynamoDB.DocumentClient();\nconst tags = doc.createSet(['audit']);\nexports.log = (id) => doc.put({ TableName: 'audit', Item: { id, tags } }).promise();\n`,
  };
  const m = migrateVirtual(files);
  it('blocks the maker when the tool loses the set and a v2 writer in a connected module remains', () => {
    assert.equal(m.after['serializer.js'], files['serializer.js']);
    assert.ok(errors(m.lines).includes(
      `serializer.js:3 error v2-not-migrated DocumentClient created at serializer.js:2 is not migrated: its createSet at serializer.js:3 would make a native Set that the tool cannot follow from serializer.js:3 to the client writing it, and the DocumentClient created at table.js:3 stays on aws-sdk v2 (its options (driverOptions()) are computed: the tool cannot see their keys): ${stored}`,
    ), m.lines.join('\n'));
    // The serializer's client writes nothing itself: no set of another maker is said to reach it.
    assert.deepEqual(m.lines.filter((l) => l.includes('may receive')), []);
  });
  it('migrates a module no import connects to the v2 writer, whose set lands in its own client', () => {
    assert.match(m.after['audit.js']!, /^const tags = new Set\(\['audit'\]\);$/m);
    assert.deepEqual(errors(m.lines).filter((l) => l.startsWith('audit.js')), []);
  });
  it('counts a v2 DocumentClient whose writes the tool cannot see (client[method](…)) as a writer', () => {
    const p = migrateVirtual({
      'serializer.js': files['serializer.js'],
      'table.js': `const AWS = require('aws-sdk');\nconst ser = require('./serializer');\nconst doc = new AWS.DynamoDB.DocumentClient();\nexports.send = (method, params) => doc[method](params).promise();\nexports.item = (tags) => ({ tags: ser.set(tags) });\n`,
    });
    assert.equal(p.after['serializer.js'], files['serializer.js']);
    assert.match(errors(p.lines).join('\n'), /serializer\.js:3 error v2-not-migrated DocumentClient created at serializer\.js:2 is not migrated: its createSet at serializer\.js:3 would make a native Set that the tool cannot follow from serializer\.js:3 to the client writing it, and the DocumentClient created at table\.js:3 stays on aws-sdk v2 \(doc\[method\] is aws-sdk v2 only/);
  });
  it('names the v2 writer a set provably lands in', () => {
    const p = migrateVirtual({
      'db.js': `const AWS = require('aws-sdk');\nexports.doc = new AWS.DynamoDB.DocumentClient();\nexports.legacy = new AWS.DynamoDB.DocumentClient(legacyOptions());\n`,
      'tags.js': `const { doc, legacy } = require('./db');\nconst tags = doc.createSet(['a']);\nexports.save = (id) => legacy.put({ TableName: 't', Item: { id, tags } }).promise();\n`,
    });
    assert.ok(errors(p.lines).includes(
      `tags.js:2 error v2-not-migrated DocumentClient created at db.js:2 is not migrated: its createSet at tags.js:2 would make a native Set that the DocumentClient created at db.js:3 writes, and that client stays on aws-sdk v2 (its options (legacyOptions()) are computed: the tool cannot see their keys): ${stored}`,
    ), p.lines.join('\n'));
    assert.equal(p.result.fixAll.size, 0);
  });
});

describe('createSet of a client that stays on v2, written by a migrated client', () => {
  it('blocks the migrated writer: v3 refuses a DynamoDBSet', () => {
    const m = migrateVirtual({
      'db.js': `const AWS = require('aws-sdk');\nexports.doc = new AWS.DynamoDB.DocumentClient();\nexports.legacy = new AWS.DynamoDB.DocumentClient(legacyOptions());\n`,
      'tags.js': `const { doc, legacy } = require('./db');\nexports.save = (id) => doc.put({ TableName: 't', Item: { id, tags: legacy.createSet(['a']) } }).promise();\n`,
    });
    assert.ok(errors(m.lines).includes(
      'db.js:2 error v2-not-migrated DocumentClient created at db.js:2 is not migrated: it receives the DynamoDBSet made by createSet at tags.js:2 of the DocumentClient created at db.js:3, which stays on aws-sdk v2: v3 cannot write a v2 DynamoDBSet (marshall throws on its class); its 1 v2 call stays unchanged (tags.js:2)',
    ), m.lines.join('\n'));
    assert.equal(m.result.fixAll.size, 0);
  });
});
