// Reference checks of the pprof build: a sample's stack is only read for dangling locations when
// some location index was never defined, and a function's strings are named only when missing.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Function as PFunction, Line, Location, Profile as Pprof, Sample, StringTable, ValueType } from 'pprof-format';
import { parsePprof } from '../../../src/core/profile/pprof';

type Spec = { samples: { locations: number[]; values: number[] }[]; functionNameIndex?: number };

function encode(spec: Spec): Uint8Array {
  const strings = new StringTable();
  const cpu = new ValueType({ type: strings.dedup('cpu'), unit: strings.dedup('nanoseconds') });
  const file = strings.dedup('/srv/handler.go');
  const fn = (id: number, name: string) => new PFunction({ id, name: strings.dedup(name), systemName: strings.dedup(name), filename: file });
  const functions = [fn(1, 'main.handle'), fn(2, 'main.marshal'), fn(7, 'main.unused')];
  if (spec.functionNameIndex !== undefined) functions[2]!.name = spec.functionNameIndex;
  return new Pprof({
    sampleType: [cpu],
    sample: spec.samples.map((s) => new Sample({ locationId: s.locations, value: s.values })),
    // Defined after the samples (as Go writes them); location 3 is defined but never sampled.
    location: [
      new Location({ id: 1, line: [new Line({ functionId: 1, line: 10 })] }),
      new Location({ id: 2, line: [new Line({ functionId: 2, line: 20 })] }),
      new Location({ id: 3, line: [new Line({ functionId: 7, line: 30 })] }),
    ],
    function: functions,
    stringTable: strings,
  }).encode();
}

describe('pprof references', () => {
  it('reads stacks whose locations are all defined, including one location no sample uses', () => {
    const profile = parsePprof(encode({ samples: [{ locations: [2, 1], values: [30] }, { locations: [1], values: [10] }] }), 'ok.pb');
    assert.deepEqual(
      profile.samples.map((s) => Array.from(s.stack, (id) => `${profile.frames[id]!.name}:${profile.frames[id]!.line}`)),
      [['main.marshal:20', 'main.handle:10'], ['main.handle:10']],
    );
    assert.deepEqual(profile.samples.map((s) => s.weight), [30, 10]);
  });

  it('drops samples of weight 0 or below anywhere, keeping the stacks of the others in order', () => {
    const samples = [
      { locations: [2, 1], values: [30] },
      { locations: [1], values: [0] },
      { locations: [2], values: [5] },
      { locations: [2, 1], values: [-4] },
      { locations: [1], values: [7] },
    ];
    const profile = parsePprof(encode({ samples }), 'dropped.pb');
    assert.deepEqual(
      profile.samples.map((s) => [Array.from(s.stack, (id) => profile.frames[id]!.name).join('<'), s.weight]),
      [['main.marshal<main.handle', 30], ['main.marshal', 5], ['main.handle', 7]],
    );
  });

  it('names the first sample that refers to an undefined location, even one of weight 0', () => {
    const samples = [
      { locations: [1], values: [10] },
      { locations: [2, 9], values: [0] },
      { locations: [8], values: [5] },
    ];
    assert.throws(() => parsePprof(encode({ samples }), 'dangling.pb'), {
      message: 'dangling.pb: the pprof data is truncated or corrupt: sample 1 refers to location 9, which the file does not define (a dangling reference)',
    });
  });

  it("checks a sample's value count before its locations", () => {
    const samples = [
      { locations: [1], values: [10] },
      { locations: [9], values: [3, 4] },
    ];
    assert.throws(() => parsePprof(encode({ samples }), 'values.pb'), /sample 1 has 2 values but the profile declares 1 sample types/);
  });

  it('names the function whose name is past the string table', () => {
    assert.throws(() => parsePprof(encode({ samples: [{ locations: [1], values: [10] }], functionNameIndex: 40 }), 'names.pb'), /function 7 refers to string 40, but the string table has \d+ entries/);
  });
});
