/**
 * What the comparison of the Go replicate fixtures says in words (trial finding F8): sample counts
 * as whole numbers, and an SDK middleware row whose cumulative weight holds the work beneath it
 * says so instead of reading as "serialisation costs 60 %".
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { compareFileSets, type CompareFileSide } from '../../../src/core/compare/compareFiles';
import { readRunRecord } from '../../../src/core/compare/runRecord';

const DIR = 'fixtures/go-adserver/profiles/replicates';
const side = async (...names: string[]): Promise<CompareFileSide[]> =>
  Promise.all(names.map(async (n) => ({ path: `${DIR}/${n}.pb.gz`, runRecord: await readRunRecord(`${DIR}/${n}.pb.gz.json`) })));

describe('comparison wording on the Go replicates (v1 r1+r2 → v2 r1+r2)', async () => {
  const { comparison } = await compareFileSets(await side('before-v1-r1', 'before-v1-r2'), await side('after-v2-r1', 'after-v2-r2'), { root: 'fixtures/go-adserver/src' });
  const row = (label: RegExp) => comparison.sdkFunctions.find((r) => label.test(r.label))!;

  it('counts samples as whole numbers in the notes', () => {
    assert.ok(comparison.notes.includes('The after profile has only 611 samples: a 50 % share is uncertain by ±2.0 pp (one standard error).'), comparison.notes.join('\n'));
  });

  it('marks a middleware row holding more than all the work of its category as cumulative, with its self share', () => {
    const serialize = row(/\(\*awsAwsjson10_serializeOpQuery\)\.HandleSerialize$/);
    assert.equal(serialize.status, 'appeared');
    assert.equal(serialize.after.share.toFixed(2), '60.38');
    assert.equal(serialize.note, 'cumulative: more than all marshal work (2.31% → 0.33%), so it holds other SDK work beneath it; self — → 0.00%');
  });

  it('leaves rows within their category as they are', () => {
    assert.equal(row(/HandleDeserialize$/).note, undefined);
    assert.equal(row(/^jsonutil\.UnmarshalJSON$/).note, undefined);
  });
});
