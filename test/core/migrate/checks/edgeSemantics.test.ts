// Item 5 measured against dynalite on 127.0.0.1 with the real SDKs (aws-sdk 2.1693.0, lib-dynamodb
// 3.1169.0): what v2 and the migrated v3 code store or throw for sets, binaries and missing images,
// and that the checks report each difference at its call. dynalite re-implements DynamoDB's
// validation; where it could differ from the service, the AWS documentation is cited in the module.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import AWS from 'aws-sdk';
import { DynamoDB } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocument } from '@aws-sdk/lib-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { checkSetValidation } from '../../../../src/core/migrate/checks/edges/setValidation';
import { checkTypedArrays } from '../../../../src/core/migrate/checks/edges/typedArrays';
import { migrateSource } from '../../../../src/core/migrate/migrateSource';
import { applyEdits } from '../../../../src/core/migrate/textEdits';
import { v3MarshallOptions } from '../../../../src/core/migrate/v3Options';
import { localCredentials, startDynalite, type LocalDynamo } from '../../../helpers/dynalite';
import { env, rows, viewOf } from './programView';

type Outcome = string;

describe('edge semantics against dynalite', () => {
  let db: LocalDynamo;
  let n = 0;
  const clients = (convertEmptyValues = false) => ({
    v2: new AWS.DynamoDB.DocumentClient({ endpoint: db.endpoint, region: 'us-east-1', credentials: localCredentials, maxRetries: 0, convertEmptyValues }),
    v3: DynamoDBDocument.from(new DynamoDB({ endpoint: db.endpoint, region: 'us-east-1', credentials: localCredentials, maxAttempts: 1 }), {
      marshallOptions: v3MarshallOptions({ convertEmptyValues }),
      unmarshallOptions: { wrapNumbers: Number },
    }),
  });
  /** Writes `value` as attribute `s` with each SDK; returns what happened and what was stored. */
  const write = async (v2Value: () => unknown, v3Value: () => unknown, convertEmptyValues = false): Promise<{ v2: Outcome; v3: Outcome }> => {
    const { v2, v3 } = clients(convertEmptyValues);
    const id = `case-${n++}`;
    const stored = async (who: string) => JSON.stringify((await db.scan('Edges')).find((i) => i.id?.S === `${id}-${who}`)?.s ?? null, (_k, v: unknown) => (v instanceof Uint8Array ? Buffer.from(v).toString('hex') : v));
    let a: Outcome;
    let b: Outcome;
    try {
      await v2.put({ TableName: 'Edges', Item: { id: `${id}-v2`, s: v2Value() } }).promise();
      a = `stored ${await stored('v2')}`;
    } catch (e) {
      a = `threw ${(e as { code?: string }).code}`;
    }
    try {
      await v3.put({ TableName: 'Edges', Item: { id: `${id}-v3`, s: v3Value() } });
      b = `stored ${await stored('v3')}`;
    } catch (e) {
      b = `threw ${(e as Error).name}: ${(e as Error).message}`;
    }
    v3.destroy();
    return { v2: a, v3: b };
  };
  const doc = new AWS.DynamoDB.DocumentClient();

  before(async () => {
    db = await startDynalite();
    await db.createTable('Edges');
  });
  after(() => db.close());

  it('sets: v2 createSet vs v3 new Set, case by case', async () => {
    const both = (list: unknown, ce = false) => write(() => doc.createSet(list as string[]), () => new Set(list as string[]), ce);
    assert.deepEqual(await both([]), { v2: 'threw InvalidSetType', v3: 'threw Error: Pass a non-empty set, or options.convertEmptyValues=true.' });
    assert.deepEqual(await both([], true), { v2: 'threw InvalidSetType', v3: 'stored {"NULL":true}' });
    assert.deepEqual(await both(['a', 'a']), { v2: 'threw ValidationException', v3: 'stored {"SS":["a"]}' });
    assert.deepEqual(await both(['a', 1]), { v2: 'threw InvalidParameterType', v3: 'stored {"SS":["a","1"]}' });
    assert.deepEqual(await both(['a', null]), { v2: 'stored {"SS":["a"]}', v3: "threw TypeError: Cannot read properties of null (reading 'toString')" });
    assert.deepEqual(await both(['a', undefined]), { v2: 'stored {"SS":["a"]}', v3: 'stored {"SS":["a"]}' });
    assert.deepEqual(await both(['b', 'a']), { v2: 'stored {"SS":["b","a"]}', v3: 'stored {"SS":["b","a"]}' });
    // A single value: v2 wraps it, new Set('abc') iterates it; the migration wraps literals.
    assert.deepEqual(await write(() => doc.createSet('abc' as never), () => new Set(['abc'])), { v2: 'stored {"SS":["abc"]}', v3: 'stored {"SS":["abc"]}' });
    assert.deepEqual(await write(() => doc.createSet('abc' as never), () => new Set('abc')), { v2: 'stored {"SS":["abc"]}', v3: 'stored {"SS":["a","b","c"]}' });
  });

  it('sets: each changed case is reported at its createSet call; a literal single value is wrapped by the fix', () => {
    const src = [
      `const AWS = require('aws-sdk');`,
      `const doc = new AWS.DynamoDB.DocumentClient();`,
      `exports.f = (tags) => [`,
      `  doc.createSet([]),`,
      `  doc.createSet(['a', 'a']),`,
      `  doc.createSet(['a', 1]),`,
      `  doc.createSet(['a', null]),`,
      `  doc.createSet(['b', 'a']),`,
      `  doc.createSet('abc'),`,
      `  doc.createSet(tags),`,
      `];`,
    ].join('\n');
    const view = viewOf({ '/p/s.js': src });
    const findings = checkSetValidation(view);
    assert.deepEqual(rows(view, findings).map((r) => r.split(':').slice(1, 3).join(':')), ['4:v3-set-validation', '5:v3-set-validation', '6:v3-set-validation', '7:v3-set-validation', '10:v3-set-validation']);
    assert.match(findings[0]!.message, /v2 threw InvalidSetType here/);
    assert.match(findings[1]!.message, /duplicate member "a": v2 sent it twice and DynamoDB rejected the write/);
    assert.match(findings[2]!.message, /InvalidParameterType/);
    assert.match(findings[3]!.message, /v3 marshall throws TypeError/);
    assert.match(findings[4]!.message, /a single value \(not an array\) was one member in v2/);
    assert.equal(applyEdits(src, findings[4]!.fix!.edits).split('\n')[9], '  doc.createSet(Array.isArray(tags) ? tags : [tags]),');
    const fixed = applyEdits(src, migrateSource(src, 's.js', env).fixAll);
    assert.match(fixed, /new Set\(\['abc'\]\),/);
    assert.match(fixed, /new Set\(\['b', 'a'\]\),/);
  });

  it('empty strings inside sets: v2 with convertEmptyValues dropped them, v3 keeps them and DynamoDB stores them', async () => {
    const both = (list: string[]) => write(() => doc.createSet(list), () => new Set(list), true);
    assert.deepEqual(await both(['', 'a']), { v2: 'stored {"SS":["a"]}', v3: 'stored {"SS":["","a"]}' });
    assert.deepEqual(await both(['']), { v2: 'stored {"NULL":true}', v3: 'stored {"SS":[""]}' });
    const plain = await write(() => doc.createSet(['', 'a']), () => new Set(['', 'a']));
    assert.deepEqual(plain, { v2: 'stored {"SS":["","a"]}', v3: 'stored {"SS":["","a"]}' });
    const note = migrateSource(`const AWS = require('aws-sdk');\nconst d = new AWS.DynamoDB.DocumentClient({ convertEmptyValues: true });\nd.put({ TableName: 'T', Item: {} }, () => {});\n`, 'e.js', env)
      .findings.find((f) => f.code === 'v3-empty-set-values')!;
    assert.match(note.message, /DynamoDB stores them/);
    assert.doesNotMatch(note.message, /rejects/);
  });

  it('binaries: typed arrays and ArrayBuffer, stored by v2, rejected or emptied by v3; Buffer.from keeps v2\'s bytes', async () => {
    const i16 = () => new Int16Array([258, 1]);
    assert.deepEqual(await write(i16, i16), { v2: 'stored {"B":"0201"}', v3: 'threw TypeError: s.charCodeAt is not a function' });
    assert.deepEqual(await write(i16, () => Buffer.from(i16())), { v2: 'stored {"B":"0201"}', v3: 'stored {"B":"0201"}' });
    const ab = () => new Uint8Array([104, 105]).buffer;
    assert.deepEqual(await write(ab, ab), { v2: 'stored {"B":"6869"}', v3: 'stored {"B":""}' });
    assert.deepEqual(await write(ab, () => Buffer.from(ab())), { v2: 'stored {"B":"6869"}', v3: 'stored {"B":"6869"}' });
    const src = [
      `const AWS = require('aws-sdk');`,
      `const doc = new AWS.DynamoDB.DocumentClient();`,
      `const samples = new Float32Array(4);`,
      `exports.f = (png) => doc.put({ TableName: 'T', Item: { samples, raw: png.buffer, ok: Buffer.from('x'), fine: new Uint8Array(2) } }).promise();`,
    ].join('\n');
    const view = viewOf({ '/p/b.js': src });
    const findings = checkTypedArrays(view);
    assert.deepEqual(rows(view, findings), ['b.js:4:v3-binary-typed-array:samples', 'b.js:4:v3-binary-typed-array:png.buffer']);
    assert.deepEqual(findings.map((f) => f.severity), ['warning', 'error']);
    assert.match(applyEdits(src, findings[1]!.fix!.edits), /raw: Buffer\.from\(png\.buffer\)/);
  });

  it('missing images: v2 unmarshall(undefined|null) gave {}, v3 throws; the fix\'s `?? {}` gives {} again', () => {
    for (const missing of [undefined, null]) {
      assert.deepEqual(AWS.DynamoDB.Converter.unmarshall(missing as never), {});
      assert.throws(() => unmarshall(missing as never));
      assert.deepEqual(unmarshall((missing ?? {}) as never, { wrapNumbers: Number }), {});
    }
    const src = `const AWS = require('aws-sdk');\nexports.handler = async (e) => e.Records.map((r) => AWS.DynamoDB.Converter.unmarshall(r.dynamodb.OldImage));\n`;
    const fixed = applyEdits(src, migrateSource(src, 'h.js', env).fixAll);
    assert.match(fixed, /unmarshall\(r\.dynamodb\.OldImage \?\? \{\}, \{ wrapNumbers: Number \}\)/);
    const mixed = `const AWS = require('aws-sdk');\nexports.f = (a, b) => AWS.DynamoDB.Converter.unmarshall(a || b);\n`;
    assert.match(applyEdits(mixed, migrateSource(mixed, 'm.js', env).fixAll), /unmarshall\(\(a \|\| b\) \?\? \{\}, \{ wrapNumbers: Number \}\)/);
    assert.deepEqual(AWS.DynamoDB.Converter.output({ M: undefined } as never), {});
    const output = `const AWS = require('aws-sdk');\nexports.f = (r) => AWS.DynamoDB.Converter.output({ M: r.dynamodb.NewImage });\n`;
    assert.match(applyEdits(output, migrateSource(output, 'o.js', env).fixAll), /convertToNative\(\{ M: r\.dynamodb\.NewImage \?\? \{\} \}, \{ wrapNumbers: Number \}\)/);
    const literal = `const AWS = require('aws-sdk');\nexports.f = () => AWS.DynamoDB.Converter.unmarshall({ a: { S: 'x' } });\n`;
    assert.match(applyEdits(literal, migrateSource(literal, 'l.js', env).fixAll), /unmarshall\(\{ a: \{ S: 'x' \} \}, \{ wrapNumbers: Number \}\)/);
  });
});
