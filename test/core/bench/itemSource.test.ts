import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { ItemSourceError, parseItems, readItemsFile } from '../../../src/core/bench/itemSource';
import { describeShape, summarizeShape } from '../../../src/core/bench/shape';
import { generateItems, GENERATOR_SHAPES } from '../../../src/core/bench/generator';

const FIXTURE = 'fixtures/data/query-user-activity.json';

describe('item sources', () => {
  it('detects a recorded Query response and keeps its body for replay', async () => {
    const set = await readItemsFile(FIXTURE);
    assert.equal(set.format, 'response');
    assert.equal(set.label, 'query-user-activity.json');
    assert.equal(set.items.length, 40);
    assert.equal(set.responseBody, readFileSync(FIXTURE, 'utf8').trim());
    assert.deepEqual(set.items[0]!.pk, { S: 'USER#u-000042' });
  });

  it('summarizes the fixture shape (type counts match a grep of the file)', async () => {
    const shape = summarizeShape((await readItemsFile(FIXTURE)).items);
    // grep -o '{"S":' fixtures/data/query-user-activity.json | wc -l → 866, and so on
    assert.deepEqual(shape.typeCounts, { S: 866, N: 720, M: 280, BOOL: 80, L: 80, SS: 40, NULL: 14 });
    assert.equal(shape.itemCount, 40);
    assert.equal(shape.maxDepth, 3);
    assert.ok(shape.meanItemBytes > 1100 && shape.meanItemBytes < 1350, String(shape.meanItemBytes));
    assert.match(describeShape(shape), /^40 items, ~1\.\d KB each/);
  });

  it('reads DynamoDB-JSON items and plain JSON items', () => {
    const ddb = parseItems('[{"id":{"S":"a"},"n":{"N":"1"}},{"id":{"S":"b"},"tags":{"SS":["x"]}}]', 'ddb.json');
    assert.equal(ddb.format, 'dynamodb-json');
    assert.deepEqual(ddb.items[1], { id: { S: 'b' }, tags: { SS: ['x'] } });

    const plain = parseItems('[{"id":"a","n":1.5,"ok":true,"none":null,"l":[1,"x"],"m":{"k":"v"}}]', 'plain.json');
    assert.equal(plain.format, 'json');
    assert.deepEqual(plain.items[0], {
      id: { S: 'a' },
      n: { N: '1.5' },
      ok: { BOOL: true },
      none: { NULL: true },
      l: { L: [{ N: '1' }, { S: 'x' }] },
      m: { M: { k: { S: 'v' } } },
    });
  });

  it('reads JSON Lines and a GetItem response', () => {
    assert.equal(parseItems('{"a":1}\n{"a":2}\n', 'lines.jsonl').items.length, 2);
    const get = parseItems('{"Item":{"id":{"S":"x"}}}', 'get.json');
    assert.deepEqual(get.items, [{ id: { S: 'x' } }]);
  });

  it('treats an object whose values only look partly like AttributeValues as plain JSON', () => {
    const set = parseItems('{"S":"not a type wrapper","x":{"S":"y","extra":1}}', 'x.json');
    assert.equal(set.format, 'json');
    assert.deepEqual(set.items[0]!.x, { M: { S: { S: 'y' }, extra: { N: '1' } } });
  });

  it('rejects bad input with the source name and the problem', async () => {
    assert.throws(() => parseItems('   ', 'empty.json'), (e: unknown) => e instanceof ItemSourceError && e.message === 'empty.json: no items: the input is empty');
    assert.throws(() => parseItems('{"a":', 'broken.json'), /^ItemSourceError: broken.json: not valid JSON/);
    assert.throws(() => parseItems('{"Items":[]}', 'none.json'), /none.json: no items found/);
    assert.throws(() => parseItems('[1,2]', 'nums.json'), /nums.json: element 1 is not an object/);
    assert.throws(() => parseItems('{"a":1}\n{oops', 'l.jsonl'), /l.jsonl: line 2 is not valid JSON/);
    await assert.rejects(readItemsFile('fixtures/data/missing.json'), /fixtures\/data\/missing.json: cannot read the file \(ENOENT\)/);
  });
});

describe('item generator', () => {
  it('generates every shape, deterministically', () => {
    for (const shape of GENERATOR_SHAPES) {
      const a = generateItems({ shape, count: 3 });
      assert.equal(a.items.length, 3);
      assert.equal(a.format, 'generated');
      assert.deepEqual(generateItems({ shape, count: 3 }).items, a.items);
    }
    assert.notDeepEqual(generateItems({ shape: 'flat', count: 2, seed: 1 }).items, generateItems({ shape: 'flat', count: 2, seed: 2 }).items);
  });

  it('has the advertised shapes', () => {
    assert.equal(summarizeShape(generateItems({ shape: 'wide', count: 1 }).items).maxMapKeys, 1000);
    assert.equal(summarizeShape(generateItems({ shape: 'longList', count: 1 }).items).maxListLength, 500);
    assert.equal(summarizeShape(generateItems({ shape: 'nested', count: 1 }).items).maxDepth, 4);
    const flat = summarizeShape(generateItems({ shape: 'flat', count: 1 }).items);
    assert.equal(flat.maxDepth, 1);
    assert.equal(flat.meanAttributes, 12);
    const big = generateItems({ shape: 'largeNumbers', count: 1 }).items[0]!;
    assert.deepEqual(big.huge, { N: '1.23e+40' });
    assert.ok(Number((big.id64 as { N: string }).N) > Number.MAX_SAFE_INTEGER);
  });

  it('rejects bad counts and shapes', () => {
    assert.throws(() => generateItems({ shape: 'flat', count: 0 }), /item count must be an integer from 1 to 100000, got 0/);
    assert.throws(() => generateItems({ shape: 'round' as never, count: 1 }), /unknown item shape 'round'/);
  });
});
