// Differential tests against the real SDKs: for every v2 option set the Converter fix handles,
// v2 `Converter.marshall(x, o)` must equal v3 `marshall(x', v3MarshallOptions(o))` — where x' is x
// after the fix's own source rewrite (`createSet(v)` → `new Set(v)`) — and v2 `unmarshall(m, o)`
// must equal v3 `unmarshall(m, v3UnmarshallOptions(o))`. The generators stay inside the behaviour
// the fix promises; each documented divergence is asserted on its own below, together with the
// warning the fix emits for it.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import AWS from 'aws-sdk';
import { convertToAttr, convertToNative, marshall, unmarshall } from '@aws-sdk/util-dynamodb';
import { v3MarshallOptions, v3UnmarshallOptions, type V2ConverterOptions } from '../../../src/core/migrate/v3Options';
import { migrateSource } from '../../../src/core/migrate/migrateSource';
import { build, comparable, hasEmptySetMember, item, leaf, withoutHoles } from './itemArbitraries';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const JsonBuilder = require('aws-sdk/lib/json/builder') as new () => { build(params: unknown, shape: unknown): string };
const Converter = AWS.DynamoDB.Converter;
const v2Doc = new AWS.DynamoDB.DocumentClient({ region: 'us-east-1' });
const itemShape = (new AWS.DynamoDB({ region: 'us-east-1' }) as unknown as {
  api: { operations: { putItem: { input: { members: { Item: unknown } } } } };
}).api.operations.putItem.input.members.Item;
const env = { utilDynamodbVersion: '3.996.9', libDynamodbVersion: '3.1169.0' };

/** The JSON aws-sdk v2 puts on the wire for an `Item` (its own JSON builder and API shape). */
function wire(item: unknown): string {
  return new JsonBuilder().build(item, itemShape);
}

const optionSets: V2ConverterOptions[] = [{}, { convertEmptyValues: true }, { convertEmptyValues: false }, { wrapNumbers: true }];

describe('differential: v2 Converter.marshall vs v3 marshall with the fix options', () => {
  for (const o of optionSets) {
    it(`marshall with v2 options ${JSON.stringify(o)}`, () => {
      fc.assert(
        fc.property(item, (x) => {
          fc.pre(!hasEmptySetMember(x));
          const v2 = Converter.marshall(build(x, 'v2') as object, o);
          const v3 = marshall(build(x, 'v3') as Record<string, unknown>, v3MarshallOptions(o));
          assert.deepEqual(v3, withoutHoles(v2));
          assert.equal(wire(v3), wire(v2));
        }),
        { numRuns: 300 },
      );
    });
    it(`input with v2 options ${JSON.stringify(o)}`, () => {
      fc.assert(
        fc.property(fc.oneof(item, leaf.filter((v) => v !== undefined)), (x) => {
          const v2 = Converter.input(build(x, 'v2'), o);
          const v3 = convertToAttr(build(x, 'v3'), v3MarshallOptions(o));
          assert.deepEqual(v3, withoutHoles(v2));
        }),
        { numRuns: 200 },
      );
    });
  }
});

describe('differential: v2 Converter.unmarshall vs v3 unmarshall with the fix options', () => {
  for (const o of optionSets) {
    it(`unmarshall with v2 options ${JSON.stringify(o)}`, () => {
      fc.assert(
        fc.property(item, (x) => {
          fc.pre(!hasEmptySetMember(x));
          // What DynamoDB hands back: the written item without v2's list holes.
          const m = withoutHoles(Converter.marshall(build(x, 'v2') as object)) as AWS.DynamoDB.AttributeMap;
          const v2 = Converter.unmarshall(m, o);
          const v3 = unmarshall(m as never, v3UnmarshallOptions(o) as never);
          assert.deepEqual(comparable(v3, 'v3'), comparable(v2, 'v2'));
        }),
        { numRuns: 300 },
      );
    });
  }
});

/** Codes of the findings `migrateSource` reports for a one-file snippet. */
function codesFor(source: string): string[] {
  return migrateSource(source, 'snippet.ts', env).findings.map((f) => f.code);
}

describe('documented divergences: asserted one by one, each with the warning the fix leaves', () => {
  const o = v3MarshallOptions();
  it('v2 wrapNumbers: true → v3 NumberValue, same digits, different class; the fix warns', () => {
    const m = { n: { N: '9007199254740993.5' } };
    const v2 = Converter.unmarshall(m, { wrapNumbers: true }).n as { toString(): string; constructor: { name: string } };
    const v3 = unmarshall(m, v3UnmarshallOptions({ wrapNumbers: true }) as never).n as { toString(): string; value: string };
    assert.equal(v2.toString(), '9007199254740993.5');
    assert.equal(v3.value, '9007199254740993.5');
    assert.notEqual(JSON.stringify(v3), JSON.stringify(v2));
    assert.ok(codesFor(`import AWS from 'aws-sdk';\nAWS.DynamoDB.Converter.unmarshall(m, { wrapNumbers: true });`).includes('v3-wrap-numbers-class'));
  });
  it('sets: v2 DynamoDBSet (.values) → v3 native Set; the fix warns where the file reads .values', () => {
    const v2 = Converter.unmarshall({ s: { SS: ['a', 'b'] } }).s as { values: string[] };
    const v3 = unmarshall({ s: { SS: ['a', 'b'] } }, { wrapNumbers: Number }).s as Set<string>;
    assert.deepEqual(v2.values, [...v3]);
    assert.equal(JSON.stringify(v2), '["a","b"]');
    assert.equal(JSON.stringify(v3), '{}');
    const src = `import AWS from 'aws-sdk';\nconst tags = AWS.DynamoDB.Converter.unmarshall(m).tags;\nconsole.log(tags.values);`;
    assert.ok(codesFor(src).includes('v3-set-values'));
  });
  it('createSet with empty members and convertEmptyValues: v2 filters them, v3 keeps them; the fix warns', () => {
    const v2 = Converter.marshall({ s: v2Doc.createSet(['', 'x']) }, { convertEmptyValues: true });
    const v3 = marshall({ s: new Set(['', 'x']) }, v3MarshallOptions({ convertEmptyValues: true }));
    assert.deepEqual(v2, { s: { SS: ['x'] } });
    assert.deepEqual(v3, { s: { SS: ['', 'x'] } });
    assert.ok(codesFor(`import AWS from 'aws-sdk';\nAWS.DynamoDB.Converter.marshall(x, { convertEmptyValues: true });`).includes('v3-empty-set-values'));
  });
  it('NaN and Infinity: v2 writes N "NaN" (the service rejects it), v3 throws with any options', () => {
    assert.deepEqual(Converter.marshall({ a: NaN }), { a: { N: 'NaN' } });
    assert.throws(() => marshall({ a: NaN }, o), /NaN is not allowed/);
    assert.throws(() => marshall({ a: Infinity }, o), /Infinity is not allowed/);
    assert.deepEqual(codesFor(`import AWS from 'aws-sdk';\nAWS.DynamoDB.Converter.marshall({ a: NaN, b: Infinity });`).filter((c) => c === 'v3-changed-input'), ['v3-changed-input', 'v3-changed-input']);
  });
  it('BigInt, native Map and Set: v2 wrote them wrongly, v3 writes them right', () => {
    assert.deepEqual(Converter.marshall({ a: 123n, m: new Map([['k', 1]]), s: new Set(['x']) }), { a: { M: {} }, m: { M: {} }, s: {} });
    assert.deepEqual(marshall({ a: 123n, m: new Map([['k', 1]]), s: new Set(['x']) }, o), {
      a: { N: '123' }, m: { M: { k: { N: '1' } } }, s: { SS: ['x'] },
    });
    const src = `import AWS from 'aws-sdk';\nAWS.DynamoDB.Converter.marshall({ a: 123n, m: new Map([['k', 1]]), s: new Set(['x']) });`;
    assert.equal(codesFor(src).filter((c) => c === 'v3-changed-input').length, 3);
  });
  it('a v2 NumberValue given to v3 marshall becomes a map (silent corruption), not an N', () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const NumberValue = require('aws-sdk/lib/dynamodb/numberValue') as new (v: string) => object;
    assert.deepEqual(Converter.marshall({ n: new NumberValue('12345678901234567890') }), { n: { N: '12345678901234567890' } });
    assert.deepEqual(marshall({ n: new NumberValue('12345678901234567890') }, o), {
      n: { M: { wrapperName: { S: 'NumberValue' }, value: { S: '12345678901234567890' } } },
    });
  });
  it('input/output of undefined: v2 returns undefined, v3 throws; the fix emits a guard', () => {
    assert.equal(Converter.input(undefined), undefined);
    assert.throws(() => convertToAttr(undefined, o));
    assert.equal(Converter.output(undefined as never), undefined);
    assert.throws(() => convertToNative(undefined as never, { wrapNumbers: Number }));
    const src = `import AWS from 'aws-sdk';\nexport const f = (v?: string) => AWS.DynamoDB.Converter.input(v);`;
    const r = migrateSource(src, 'snippet.ts', env);
    assert.match(r.findings[0]!.fix!.edits.map((e) => e.newText).join(''), /v === undefined \? undefined : convertToAttr\(v, /);
  });
  it('found here, not in the notes: empty SS/NS from the wire — v2 throws, v3 returns an empty Set', () => {
    assert.throws(() => Converter.unmarshall({ a: { SS: [] } }), /Sets can contain/);
    assert.deepEqual(unmarshall({ a: { SS: [] } }, { wrapNumbers: Number }), { a: new Set() });
  });
  it('found here, not in the notes: top-level input of a function — v2 undefined, v3 throws', () => {
    assert.equal(Converter.input(() => 1), undefined);
    assert.throws(() => convertToAttr(() => 1, o), /Unsupported type/);
  });
  it('malformed BOOL "false" and empty AttributeValue (never sent by DynamoDB)', () => {
    assert.deepEqual(Converter.unmarshall({ a: { BOOL: 'false' } as never }), { a: false });
    assert.deepEqual(unmarshall({ a: { BOOL: 'false' } as never }, { wrapNumbers: Number }), { a: true });
    assert.deepEqual(Converter.unmarshall({ a: {} }), { a: undefined });
    assert.throws(() => unmarshall({ a: {} as never }, { wrapNumbers: Number }), /No value defined/);
  });
});
