// A profile whose value column is not CPU time says so (analyze.ts, valueColumnWarning.ts): memory
// and counts by their unit, waiting time (Go block and mutex profiles: delay/nanoseconds) by its
// name, since its unit is the same as CPU time's.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Function as PFunction, Line, Location, Profile as Pprof, Sample, StringTable, ValueType } from 'pprof-format';
import { analyzeProfile } from '../../../src/core/analysis/analyze';
import { valueColumnWarning } from '../../../src/core/analysis/valueColumnWarning';
import { createPathResolver } from '../../../src/core/paths/resolve';
import { createWorkspaceIndex } from '../../../src/core/paths/workspaceIndex';
import { parsePprof } from '../../../src/core/profile/pprof';

/** A one-sample Go profile whose only value column is `type/unit`. */
function goProfile(type: string, unit: string): Uint8Array {
  const strings = new StringTable();
  const fn = new PFunction({ id: 1, name: strings.dedup('sync.(*Mutex).Lock'), filename: strings.dedup('/usr/local/go/src/sync/mutex.go') });
  return new Pprof({
    sampleType: [new ValueType({ type: strings.dedup(type), unit: strings.dedup(unit) })],
    function: [fn],
    location: [new Location({ id: 1, line: [new Line({ functionId: 1, line: 81 })] })],
    sample: [new Sample({ locationId: [1], value: [900_000_000] })],
    stringTable: strings,
  }).encode();
}

const resolver = createPathResolver(createWorkspaceIndex('/nonexistent', [], []), []);
const warningsOf = (type: string, unit: string) => analyzeProfile(parsePprof(goProfile(type, unit), `${type}.pb`), { resolver }).warnings.filter((w) => w.includes('value column'));

describe('the warning that the value column is not CPU time', () => {
  it("names a Go block or mutex profile's delay column as waiting time, though its unit is nanoseconds", () => {
    assert.deepEqual(warningsOf('delay', 'nanoseconds'), [
      "the profile's value column is delay/nanoseconds: time spent waiting (a Go block or mutex profile), not CPU time: the shares are of waiting time",
    ]);
  });

  it('names memory and count columns by their unit, and says nothing of CPU, wall or sample columns', () => {
    assert.deepEqual(warningsOf('inuse_space', 'bytes'), ["the profile's value column is inuse_space/bytes, not CPU time: the shares are of inuse_space"]);
    assert.deepEqual(warningsOf('contentions', 'count'), ["the profile's value column is contentions/count, not CPU time: the shares are of contentions"]);
    assert.deepEqual(warningsOf('cpu', 'nanoseconds'), []);
    assert.equal(valueColumnWarning({ type: 'wall', unit: 'nanoseconds' }), undefined);
    assert.equal(valueColumnWarning({ type: 'samples', unit: 'count' }), undefined);
  });
});
