/**
 * Every input shape users have holds the same three items and must read to exactly them: bare
 * DynamoDB JSON, Query/Scan, GetItem and BatchGetItem responses, DynamoDB Streams records (a Lambda
 * event and single records), full exports to S3 (DynamoDB JSON lines, gzipped or not, a folder
 * with its manifests; Amazon Ion text, gzipped), and incremental export lines. Ion lines follow
 * the developer guide's example (`Id:103.`, `PageCount:6d2`, `$dynamodb_SS::[…]`).
 */
import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { ItemSourceError, parseItems, readItemsFile } from '../../../src/core/bench/itemSource';
import type { WireItem } from '../../../src/core/bench/itemTypes';

const ITEMS: WireItem[] = [
  {
    pk: { S: 'USER#1' },
    n: { N: '600' },
    price: { N: '0.002' },
    ok: { BOOL: true },
    gone: { NULL: true },
    tags: { SS: ['a', 'b'] },
    scores: { NS: ['1', '2.5'] },
    pic: { B: 'aGVsbG8=' },
    l: { L: [{ S: 'x' }, { N: '1' }, { M: { k: { S: 'v' } } }] },
  },
  { pk: { S: 'USER#2' }, n: { N: '-1.5' }, m: { M: { deep: { M: { ok: { BOOL: false } } } } }, blobs: { BS: ['AQI='] } },
  { pk: { S: 'USER#3' }, n: { N: '103' } },
];

const ION_LINES = [
  '$ion_1_0 {Item:{pk:"USER#1",n:6d2,price:2d-3,ok:true,gone:null,tags:$dynamodb_SS::["a","b"],scores:$dynamodb_NS::[1.,25d-1],pic:{{aGVsbG8=}},l:["x",1.,{k:"v"}]}}',
  '$ion_1_0 {Item:{pk:"USER#2",n:-1.50,m:{deep:{ok:false}},blobs:$dynamodb_BS::[{{AQI=}}]}}',
  '$ion_1_0 {Item:{pk:"USER#3",n:103.}}',
];

const jsonLines = (docs: unknown[]) => docs.map((d) => JSON.stringify(d)).join('\n') + '\n';
const streamRecord = (item: WireItem, eventName = 'INSERT') => ({
  eventID: '1',
  eventName,
  eventVersion: '1.1',
  eventSource: 'aws:dynamodb',
  awsRegion: 'eu-west-1',
  dynamodb: { ApproximateCreationDateTime: 1700000000, Keys: { pk: item.pk }, NewImage: item, SequenceNumber: '1', SizeBytes: 90, StreamViewType: 'NEW_AND_OLD_IMAGES' },
});

let dir: string;
const file = (name: string, content: string | Buffer) => {
  const path = join(dir, name);
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, content);
  return path;
};

describe('every item shape reads to the same items', () => {
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'dhp-items-'));
  });

  const textShapes: [string, string, string][] = [
    ['bare DynamoDB JSON array', 'dynamodb-json', JSON.stringify(ITEMS)],
    ['bare DynamoDB JSON lines', 'dynamodb-json', jsonLines(ITEMS)],
    ['Query response', 'response', JSON.stringify({ Count: 3, Items: ITEMS, ScannedCount: 3, ConsumedCapacity: { TableName: 't', CapacityUnits: 0.5 } })],
    ['BatchGetItem response over two tables', 'batch-get', JSON.stringify({ Responses: { a: ITEMS.slice(0, 2), b: ITEMS.slice(2) }, UnprocessedKeys: {} })],
    ['DynamoDB export lines', 'item-wrapper', jsonLines(ITEMS.map((Item) => ({ Item })))],
    ['stream records (Lambda event)', 'stream', JSON.stringify({ Records: ITEMS.map((i) => streamRecord(i)) })],
    ['stream records, one per line', 'stream', jsonLines(ITEMS.map((i) => streamRecord(i, 'MODIFY')))],
    ['incremental export lines', 'incremental-export', jsonLines(ITEMS.map((NewImage) => ({ Metadata: { WriteTimestampMicros: { N: '1700000000000000' } }, Keys: { pk: NewImage.pk }, NewImage })))],
    ['Ion export text', 'export-ion', ION_LINES.join('\n') + '\n'],
  ];
  for (const [name, format, text] of textShapes) {
    it(name, () => {
      const set = parseItems(text, `${name}.txt`);
      assert.equal(set.format, format);
      assert.deepEqual(set.items, ITEMS);
    });
  }

  it('a one-line export and a GetItem response read alike, and as the item, not a wrapper', () => {
    const one = parseItems(JSON.stringify({ Item: ITEMS[0] }) + '\n', 'one-line.json');
    const many = parseItems(jsonLines(ITEMS.slice(0, 2).map((Item) => ({ Item }))), 'two-lines.json');
    assert.equal(one.format, many.format);
    assert.deepEqual(one.items, [ITEMS[0]]);
    assert.deepEqual(many.items, ITEMS.slice(0, 2));
  });

  it('a gzipped export file, a folder export with manifests, and a gzipped Ion export', async () => {
    const gz = await readItemsFile(file('export/one.json.gz', gzipSync(jsonLines(ITEMS.map((Item) => ({ Item }))))));
    assert.equal(gz.format, 'export-json');
    assert.deepEqual(gz.items, ITEMS);

    const root = join(dir, 'folder/AWSDynamoDB/01700000000000-abcd1234');
    file('folder/AWSDynamoDB/01700000000000-abcd1234/manifest-summary.json', JSON.stringify({ version: '2020-06-30', itemCount: 3, outputFormat: 'DYNAMODB_JSON' }));
    file('folder/AWSDynamoDB/01700000000000-abcd1234/manifest-files.json', jsonLines([{ itemCount: 2, dataFileS3Key: 'AWSDynamoDB/01700000000000-abcd1234/data/a.json.gz' }]));
    file('folder/AWSDynamoDB/01700000000000-abcd1234/manifest-summary.checksum', 'abc');
    file('folder/AWSDynamoDB/01700000000000-abcd1234/_started', '');
    file('folder/AWSDynamoDB/01700000000000-abcd1234/data/a.json.gz', gzipSync(jsonLines(ITEMS.slice(0, 2).map((Item) => ({ Item })))));
    file('folder/AWSDynamoDB/01700000000000-abcd1234/data/b.json.gz', gzipSync(jsonLines([{ Item: ITEMS[2] }])));
    file('folder/AWSDynamoDB/01700000000000-abcd1234/data/empty.json.gz', gzipSync(''));
    const folder = await readItemsFile(join(dir, 'folder'));
    assert.equal(folder.format, 'export-json');
    assert.deepEqual(folder.items, ITEMS);
    assert.equal(folder.label, 'folder/ (3 of 3 data files)');
    assert.deepEqual((await readItemsFile(root)).items, ITEMS);

    const ion = await readItemsFile(file('ion/data/x.ion.gz', gzipSync(ION_LINES.join('\n'))));
    assert.equal(ion.format, 'export-ion');
    assert.deepEqual(ion.items, ITEMS);
  });

  it('plain JSON items read the same bare, in a DocumentClient response, or wrapped', () => {
    const plain = [{ id: 'a', n: 1.5, tags: ['x'] }, { id: 'b', m: { k: null } }];
    const expected = [
      { id: { S: 'a' }, n: { N: '1.5' }, tags: { L: [{ S: 'x' }] } },
      { id: { S: 'b' }, m: { M: { k: { NULL: true } } } },
    ];
    for (const text of [JSON.stringify(plain), jsonLines(plain), JSON.stringify({ Items: plain, Count: 2 }), jsonLines(plain.map((Item) => ({ Item })))]) {
      const set = parseItems(text, 'plain.json');
      assert.equal(set.encoding, 'plain');
      assert.deepEqual(set.items, expected);
    }
  });

  it('keeps a removed record by its old image and says how many records carried no image', () => {
    const removed = { eventName: 'REMOVE', dynamodb: { Keys: { pk: ITEMS[2]!.pk }, OldImage: ITEMS[2] } };
    const keysOnly = { eventName: 'INSERT', dynamodb: { Keys: { pk: { S: 'USER#9' } }, StreamViewType: 'KEYS_ONLY' } };
    const set = parseItems(JSON.stringify({ Records: [streamRecord(ITEMS[0]!), removed, keysOnly] }), 'stream.json');
    assert.deepEqual(set.items, [ITEMS[0], ITEMS[2]]);
    assert.deepEqual(set.notes, ['1 record without a NewImage or OldImage (a KEYS_ONLY stream or a deletion) left out']);
    assert.throws(() => parseItems(JSON.stringify({ Records: [keysOnly] }), 'keys.json'), /keys.json: no items: none of the 1 DynamoDB Streams records \(\{"Records": \[…\]\}\)s carries a NewImage/);
  });

  it('refuses an ambiguous input with what it recognised where', async () => {
    const mixedKinds = jsonLines([{ Item: ITEMS[0] }, { Item: ITEMS[1] }, ITEMS[2]]);
    assert.throws(
      () => parseItems(mixedKinds, 'mixed.jsonl'),
      (e: unknown) => e instanceof ItemSourceError && e.message === 'mixed.jsonl: ambiguous input, it mixes lines 1–2: GetItem response or DynamoDB export line ({"Item": …}); lines 3: item. Give one kind per file.',
    );
    assert.throws(() => parseItems(JSON.stringify([ITEMS[0], { id: 'plain' }]), 'mixed.json'), /mixed.json: ambiguous input: items 1 are DynamoDB JSON \(\{"S": …\}\) but items 2 are plain JSON/);
    file('two-kinds/data/a.json', jsonLines([{ Item: ITEMS[0] }]));
    file('two-kinds/data/b.ion', ION_LINES[1]!);
    await assert.rejects(readItemsFile(join(dir, 'two-kinds')), /two-kinds: ambiguous input, its files hold different kinds \(a.json: item-wrapper, b.ion: export-ion\)/);
    await assert.rejects(readItemsFile(file('empty-folder/readme.txt', 'x').replace('/readme.txt', '')), /empty-folder: no data files in this folder/);
    assert.throws(() => parseItems('$ion_1_0 {Item:{when:2020-01-01T}}', 'ts.ion'), /ts.ion: value 1: Item.when: Ion timestamp has no DynamoDB type/);
    assert.throws(() => parseItems('$ion_1_0 {Item:{a:', 'cut.ion'), /cut.ion: not valid Ion text/);
    await assert.rejects(readItemsFile(file('bad.json.gz', Buffer.from([0x1f, 0x8b, 1, 2, 3]))), /bad.json.gz: not a readable gzip file/);
  });

  it('keeps a recorded Query response body for replay only when it is the whole input', () => {
    const body = JSON.stringify({ Count: 3, Items: ITEMS, ScannedCount: 3 });
    assert.equal(parseItems(body, 'q.json').responseBody, body);
    assert.equal(parseItems(`${body}\n${body}\n`, 'q2.jsonl').responseBody, undefined);
  });
});
