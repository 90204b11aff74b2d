// pprof files from writers that leave out what Go's runtime/pprof writes: Pyroscope's merged
// profiles (one cpu/nanoseconds column, no sample count, period 1e9) and Pyroscope's .NET profiler
// (every Function.id 0, locations referring to functions by position).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Function as PFunction, Line, Location, Profile as Pprof, Sample, StringTable, ValueType } from 'pprof-format';
import { parsePprof } from '../../../src/core/profile/pprof';
import { mergedProfile, readFixture } from '../../helpers/fleet/standInProfile';

describe('pprof from other writers', () => {
  it("estimates the ticks of a Pyroscope merged Go profile from Go's 100 Hz: before-v1 gives its 1,640 samples back", () => {
    const src = readFixture('fixtures/go-adserver/profiles/before-v1.pb.gz');
    const merged = mergedProfile(src, { sampleType: 'cpu', sampleUnit: 'nanoseconds', maxNodes: 0, timeMs: 0 });
    const profile = parsePprof(merged.bytes, 'merged.pb');
    assert.ok(profile.samples.length < 1640, `${profile.samples.length} records`);
    assert.equal(profile.samples.reduce((t, s) => t + s.count, 0), 1640);
    assert.ok(profile.warnings.includes("the profile has no sample-count column (as Pyroscope's merged profiles): sample counts are estimated as CPU time / 10 ms, Go's default CPU profiling rate of 100 Hz (the profile's period is not a sampling interval)"), profile.warnings.join('\n'));
  });

  it("takes the tick from the profile's period when it is a sampling interval (10 ms here), for any language", () => {
    const strings = new StringTable();
    const fn = new PFunction({ id: 1, name: strings.dedup('handleRequest'), filename: strings.dedup('/srv/app.js') });
    const bytes = new Pprof({
      sampleType: [new ValueType({ type: strings.dedup('cpu'), unit: strings.dedup('nanoseconds') })],
      periodType: new ValueType({ type: strings.dedup('cpu'), unit: strings.dedup('milliseconds') }),
      period: 10,
      function: [fn],
      location: [new Location({ id: 1, line: [new Line({ functionId: 1, line: 7 })] })],
      sample: [new Sample({ locationId: [1], value: [250_000_000] }), new Sample({ locationId: [1], value: [4_000_000] })],
      stringTable: strings,
    }).encode();
    const profile = parsePprof(bytes, 'node-merged.pb');
    assert.deepEqual(profile.samples.map((s) => s.count), [25, 1], '250 ms = 25 ticks; 4 ms is still one tick');
    assert.ok(profile.warnings.includes("the profile has no sample-count column (as Pyroscope's merged profiles): sample counts are estimated as CPU time / 10 ms, the profile's sampling period"), profile.warnings.join('\n'));
  });

  it("estimates nothing for time that is not sampled at a rate: a Go block profile's delay column keeps one count per record", () => {
    const strings = new StringTable();
    const fn = new PFunction({ id: 1, name: strings.dedup('sync.(*Mutex).Lock'), filename: strings.dedup('/usr/local/go/src/sync/mutex.go') });
    const bytes = new Pprof({
      sampleType: [new ValueType({ type: strings.dedup('contentions'), unit: strings.dedup('count') }), new ValueType({ type: strings.dedup('delay'), unit: strings.dedup('nanoseconds') })],
      periodType: new ValueType({ type: strings.dedup('contentions'), unit: strings.dedup('count') }),
      period: 1,
      function: [fn],
      location: [new Location({ id: 1, line: [new Line({ functionId: 1, line: 81 })] })],
      sample: [new Sample({ locationId: [1], value: [3, 900_000_000] })],
      stringTable: strings,
    }).encode();
    const profile = parsePprof(bytes, 'block.pb');
    assert.equal(profile.sampleType.type, 'delay');
    assert.deepEqual(profile.samples.map((s) => s.count), [1]);
    assert.ok(!profile.warnings.some((w) => w.includes('sample-count')), profile.warnings.join('\n'));
  });

  it('numbers functions by position when every Function.id is 0 (Pyroscope .NET), and still rejects a dangling reference', () => {
    const build = (functionRef: number) => {
      const strings = new StringTable();
      const fn = (name: string) => new PFunction({ id: 0, name: strings.dedup(name), filename: strings.dedup('WebApplication1') });
      return new Pprof({
        sampleType: [new ValueType({ type: strings.dedup('cpu'), unit: strings.dedup('nanoseconds') })],
        function: [fn('WebApplication1.Controllers!CpuController.fib'), fn('WebApplication1.Controllers!CpuController.Get')],
        location: [new Location({ id: 1, line: [new Line({ functionId: 1 })] }), new Location({ id: 2, line: [new Line({ functionId: functionRef })] })],
        sample: [new Sample({ locationId: [1, 2], value: [30_000_000] }), new Sample({ locationId: [2], value: [10_000_000] })],
        stringTable: strings,
      }).encode();
    };
    const profile = parsePprof(build(2), 'dotnet.pb');
    assert.deepEqual(Array.from(profile.samples[0]!.stack, (id) => profile.frames[id]!.name), ['WebApplication1.Controllers!CpuController.fib', 'WebApplication1.Controllers!CpuController.Get']);
    assert.ok(profile.warnings.some((w) => w.startsWith('every function id in the file is 0')));
    assert.deepEqual(profile.samples.map((s) => s.count), [1, 1], 'no Go code, no plausible period: records counted once');
    assert.throws(() => parsePprof(build(3), 'dotnet.pb'), /location 2 refers to function 3, which the file does not define/);
  });
});
