import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { Function as PprofFunction, Label, Line, Location, Profile as PprofProfile, Sample, StringTable, ValueType } from 'pprof-format';
import { parseProfile } from '../../../src/core/profile/read';

/** A two-function pprof written by pprof-format, with string and numeric sample labels. */
function labelledPprof(): Uint8Array {
  const strings = new StringTable();
  const fn = (id: number, name: string) => new PprofFunction({ id, name: strings.dedup(name), systemName: strings.dedup(name), filename: strings.dedup('/app/dist/repo.js') });
  const loc = (id: number, functionId: number, line: number) => new Location({ id, line: [new Line({ functionId, line })] });
  const label = (key: string, value: string) => new Label({ key: strings.dedup(key), str: strings.dedup(value) });
  const timestamp = (ns: number) => new Label({ key: strings.dedup('end_timestamp_ns'), num: ns });
  const site = label('ddb.call_site', '/app/dist/repo.js:12:27');
  const operation = label('ddb.operation', 'Query');
  const profile = new PprofProfile({
    sampleType: [new ValueType({ type: strings.dedup('sample'), unit: strings.dedup('count') }), new ValueType({ type: strings.dedup('cpu'), unit: strings.dedup('nanoseconds') })],
    function: [fn(1, 'parse'), fn(2, 'handler')],
    location: [loc(1, 1, 40), loc(2, 2, 10)],
    sample: [
      new Sample({ locationId: [1, 2], value: [1, 1_000_000], label: [site, operation, timestamp(5)] }),
      new Sample({ locationId: [1], value: [2, 2_000_000], label: [operation, site, timestamp(9)] }),
      new Sample({ locationId: [2], value: [3, 3_000_000] }),
      new Sample({ locationId: [1], value: [1, 4_000_000], label: [timestamp(11)] }),
    ],
    stringTable: strings,
  });
  return profile.encode();
}

describe('pprof reader: sample labels', () => {
  const p = parseProfile(labelledPprof(), 'labelled.pb');

  it('keeps string labels as one interned set per distinct combination, in any order', () => {
    assert.deepEqual(p.labelSets, [{ 'ddb.call_site': '/app/dist/repo.js:12:27', 'ddb.operation': 'Query' }]);
    assert.deepEqual(p.samples.map((s) => s.labels), [0, 0, undefined, undefined]);
  });

  it('drops numeric labels (timestamps): a sample with only those is unlabelled', () => {
    assert.equal(p.samples[3]!.weight, 4_000_000);
    assert.equal('labels' in p.samples[3]!, false);
  });

  it('leaves unlabelled profiles without labelSets', () => {
    const plain = parseProfile(readFileSync('fixtures/node-adserver/profiles/before-v2.pb.gz'), 'before-v2.pb.gz');
    assert.equal(plain.labelSets, undefined);
    assert.ok(plain.samples.every((s) => !('labels' in s)));
  });
});
