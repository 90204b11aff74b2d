import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { gunzipSync } from 'node:zlib';
import { Profile as PprofFormatProfile } from 'pprof-format';
import { ProfileError } from '../../../src/core/profile/errors';
import { parseProfile } from '../../../src/core/profile/read';
import { cumWeight, fixture, flatWeight, totalCount } from './helpers';

const S = 1e9;

describe('pprof reader: go-adserver before-v1 (Go runtime/pprof)', () => {
  const path = 'fixtures/go-adserver/profiles/before-v1.pb.gz';
  const p = parseProfile(fixture(path), path);

  it('chooses cpu/nanoseconds and matches the fixture README totals (16.40 s, 1640 samples, 1426 records)', () => {
    assert.equal(p.format, 'pprof');
    assert.deepEqual(p.sampleType, { type: 'cpu', unit: 'nanoseconds' });
    assert.deepEqual(p.sampleTypes, [
      { type: 'samples', unit: 'count' },
      { type: 'cpu', unit: 'nanoseconds' },
    ]);
    assert.equal(p.totalWeight, 16_400_000_000);
    assert.equal(totalCount(p), 1640);
    assert.equal(p.samples.length, 1426);
    assert.equal(p.durationNs, 20_248_609_212);
    assert.equal(p.idleWeight, 0);
  });

  it('matches go tool pprof -top: reflect.StructTag.Lookup flat 1.40 s, cum 2.50 s; runtime.mallocgc cum 3.83 s', () => {
    const lookup = (f: { name: string }) => f.name === 'reflect.StructTag.Lookup';
    assert.ok(Math.abs(flatWeight(p, lookup) - 1.4 * S) < 0.005 * S);
    assert.ok(Math.abs(cumWeight(p, lookup) - 2.5 * S) < 0.005 * S);
    assert.ok(Math.abs(cumWeight(p, (f) => f.name === 'runtime.mallocgc') - 3.83 * S) < 0.005 * S);
  });

  it('expands inlined Line entries: StructTag.Get (inlined) sits above unmarshalAny line 87, whose -list cum is 1.77 s', () => {
    const any87 = (f: { name: string; line: number }) =>
      f.name === 'github.com/aws/aws-sdk-go/private/protocol/json/jsonutil.unmarshaler.unmarshalAny' && f.line === 87;
    assert.ok(Math.abs(cumWeight(p, any87) - 1.77 * S) < 0.005 * S);
    let pairs = 0;
    for (const s of p.samples) {
      for (let k = 0; k + 1 < s.stack.length; k++) {
        const f = p.frames[s.stack[k]];
        if (f.name === 'reflect.StructTag.Get') {
          assert.equal(f.inlined, true);
          assert.equal(f.file, '/usr/lib/go-1.19/src/reflect/type.go');
          assert.equal(f.line, 1184);
          if (any87(p.frames[s.stack[k + 1]])) pairs++;
        }
      }
    }
    assert.ok(pairs > 0);
    assert.equal(p.frames.filter((f) => f.inlined).length, 129);
  });

  it('keeps build-machine paths and 1-based lines of the user code', () => {
    const adapter = p.frames.filter((f) => f.name.endsWith('ddbv1.(*Adapter).GetUserActivity'));
    assert.ok(adapter.some((f) => f.file === '/home/dev/adserver/internal/repository/ddbv1/adapter.go' && f.line === 49));
  });

  it('selects another column with options.sampleType and rejects unknown ones', () => {
    const bySamples = parseProfile(fixture(path), path, { sampleType: 'samples' });
    assert.deepEqual(bySamples.sampleType, { type: 'samples', unit: 'count' });
    assert.equal(bySamples.totalWeight, 1640);
    assert.throws(
      () => parseProfile(fixture(path), path, { sampleType: 'alloc_space' }),
      (e: unknown) => e instanceof ProfileError && e.code === 'unknown-sample-type' && /alloc_space/.test(e.message) && e.message.startsWith(path),
    );
  });
});

describe('pprof reader: other recorded profiles (fixture README figures)', () => {
  it('before-v1-trimpath: 17.04 s, 1704 samples, module-relative paths', () => {
    const path = 'fixtures/go-adserver/profiles/before-v1-trimpath.pb.gz';
    const p = parseProfile(fixture(path), path);
    assert.equal(p.totalWeight, 17_040_000_000);
    assert.equal(totalCount(p), 1704);
    assert.ok(p.frames.some((f) => f.file === 'github.com/example/adserver/internal/repository/ddbv1/adapter.go'));
  });

  it('after-v2: 14.75 s, 1475 samples', () => {
    const path = 'fixtures/go-adserver/profiles/after-v2.pb.gz';
    const p = parseProfile(fixture(path), path);
    assert.equal(p.totalWeight, 14_750_000_000);
    assert.equal(totalCount(p), 1475);
  });

  it('@datadog/pprof Node before-v2: no default type, so cpu (16.27 s) over wall; 12035 samples', () => {
    const path = 'fixtures/node-adserver/profiles/before-v2.pb.gz';
    const p = parseProfile(fixture(path), path);
    assert.deepEqual(p.sampleType, { type: 'cpu', unit: 'nanoseconds' });
    assert.equal(p.totalWeight, 16_266_290_588);
    const wall = parseProfile(fixture(path), path, { sampleType: 'wall' });
    assert.equal(wall.totalWeight, 14_865_598_000);
    assert.equal(parseProfile(fixture(path), path, { sampleType: 'sample' }).totalWeight, 12035);
    assert.ok(p.frames.some((f) => f.file === '/home/dev/node-adserver/dist/repository/v2-adapter.js' && f.name === 'getUserActivity'));
    assert.ok(p.frames.some((f) => f.name === 'Non JS threads activity' && f.file === ''));
  });

  it('@datadog/pprof Node after-v3: 13.02 s CPU', () => {
    const path = 'fixtures/node-adserver/profiles/after-v3.pb.gz';
    const p = parseProfile(fixture(path), path);
    assert.equal(p.totalWeight, 13_019_787_919);
    assert.equal(parseProfile(fixture(path), path, { sampleType: 'sample' }).totalWeight, 9313);
  });
});

describe('pprof reader agrees with pprof-format 2.3.2 on every pprof fixture', () => {
  const files = [
    'fixtures/go-adserver/profiles/before-v1.pb.gz',
    'fixtures/go-adserver/profiles/after-v2.pb.gz',
    'fixtures/node-adserver/profiles/before-v2.pb.gz',
    'fixtures/third-party/pprof/google-pprof_large.cpu.pb.gz',
    'fixtures/third-party/pprof/google-pprof_sample.cpu.pb.gz',
    'fixtures/third-party/pprof/parca_heap-aws-sdk-go_1644509299337903000.pb.gz',
    'fixtures/third-party/pprof/parca_profile-with-labels.pb.gz',
    'fixtures/third-party/pprof/parca_normalizer-empty-sampletype.pb.gz',
    'fixtures/third-party/pprof/pprof-format_non-packed-repeated.pb',
  ];
  for (const path of files) {
    it(path.split('/').pop()!, () => {
      let bytes = fixture(path);
      if (bytes[0] === 0x1f) bytes = gunzipSync(bytes);
      const reference = PprofFormatProfile.decode(bytes);
      const strings = reference.stringTable.strings;
      const linesPerLocation = new Map(reference.location.map((l) => [Number(l.id), Math.max(1, l.line.length)]));
      reference.sampleType.forEach((vt, column) => {
        const type = strings[Number(vt.type)] || 'value';
        const expected = reference.sample.reduce((a, s) => a + Number(s.value[column]), 0);
        const ours = parseProfile(fixture(path), path, { sampleType: type });
        const scale = ours.sampleType.unit === 'nanoseconds' && strings[Number(vt.unit)] !== 'nanoseconds' ? NaN : 1;
        assert.equal(ours.totalWeight, expected * scale, `column ${type}`);
        const depth = ours.samples.reduce((a, s) => a + s.stack.length, 0);
        const expectedDepth = reference.sample
          .filter((s) => Number(s.value[column]) > 0)
          .reduce((a, s) => a + s.locationId.reduce((d: number, id) => d + linesPerLocation.get(Number(id))!, 0), 0);
        assert.equal(depth, expectedDepth, `frames on stacks, column ${type}`);
      });
    });
  }
});
