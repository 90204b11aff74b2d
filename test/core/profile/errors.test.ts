import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { Function as PFunction, Line, Location, Profile as PprofProfile, Sample, StringTable, ValueType } from 'pprof-format';
import { ProfileError, type ProfileErrorCode } from '../../../src/core/profile/errors';
import { parseProfile, readProfileFile } from '../../../src/core/profile/read';
import { walkFields } from '../../../src/core/profile/protoWire';
import { fixture } from './helpers';

const GO_PROFILE = 'fixtures/go-adserver/profiles/before-v1.pb.gz';

function rejects(bytes: Uint8Array, name: string, code: ProfileErrorCode, detail?: RegExp): void {
  assert.throws(
    () => parseProfile(bytes, name),
    (e: unknown) => {
      assert.ok(e instanceof ProfileError, `expected a ProfileError, got ${String(e)}`);
      assert.equal(e.code, code, e.message);
      assert.equal(e.file, name);
      assert.ok(e.message.startsWith(`${name}: `), e.message);
      if (detail) assert.match(e.message, detail);
      return true;
    },
  );
}

/** A tiny Go-like CPU profile built with pprof-format's encoder. */
function handMadePprof(opts: { samples: { loc: number[]; value: number[] }[]; types?: number }): Uint8Array {
  const strings = new StringTable();
  const types = [
    new ValueType({ type: strings.dedup('samples'), unit: strings.dedup('count') }),
    new ValueType({ type: strings.dedup('cpu'), unit: strings.dedup('nanoseconds') }),
  ].slice(0, opts.types ?? 2);
  const fn = new PFunction({ id: 1, name: strings.dedup('main.work'), systemName: strings.dedup('main.work'), filename: strings.dedup('/src/main.go') });
  const loc = new Location({ id: 1, line: [new Line({ functionId: 1, line: 12 })] });
  const p = new PprofProfile({
    sampleType: types,
    sample: opts.samples.map((s) => new Sample({ locationId: s.loc, value: s.value })),
    location: [loc],
    function: [fn],
    stringTable: strings,
  });
  return p.encode();
}

describe('bad input: clear ProfileErrors that name the file', () => {
  it('empty file and whitespace-only file → empty-file', () => {
    rejects(new Uint8Array(0), 'cpu.pprof', 'empty-file', /empty \(0 bytes\)/);
    rejects(new TextEncoder().encode(' \n\t\n'), 'blank.txt', 'empty-file', /whitespace/);
  });

  it('a gzip cut in half → truncated-gzip', () => {
    const gz = fixture(GO_PROFILE);
    rejects(gz.subarray(0, gz.length >> 1), 'half.pb.gz', 'truncated-gzip', /truncated/);
  });

  it('raw protobuf cut inside a field → truncated-protobuf', () => {
    const raw = gunzipSync(fixture(GO_PROFILE));
    rejects(raw.subarray(0, Math.floor(raw.length * 0.6)), 'cut.pb', 'truncated-protobuf', /truncated/);
    rejects(gzipSync(raw.subarray(0, raw.length - 3)), 'cut.pb.gz', 'truncated-protobuf', /truncated/);
  });

  it('raw protobuf cut at a field boundary (strings lost) → truncated-protobuf naming the dangling reference', () => {
    const raw = gunzipSync(fixture(GO_PROFILE));
    let cut = 0;
    walkFields(raw, 0, raw.length, (field, _wire, _start, end) => {
      if (field === 4) cut = end; // after the last location: functions and strings are gone
    });
    assert.ok(cut > 0 && cut < raw.length);
    rejects(raw.subarray(0, cut), 'boundary.pb', 'truncated-protobuf', /dangling|refers to/);
  });

  it('a sample with fewer values than sample types → bad-reference (well-formed protobuf), an unknown location → truncated-protobuf', () => {
    rejects(handMadePprof({ samples: [{ loc: [1], value: [1] }] }), 'values.pb', 'bad-reference', /1 values but the profile declares 2 sample types/);
    rejects(handMadePprof({ samples: [{ loc: [7], value: [1, 10] }] }), 'loc.pb', 'truncated-protobuf', /location 7/);
  });

  it('a pprof with sample types but no samples → no-samples', () => {
    rejects(gzipSync(handMadePprof({ samples: [] })), 'idle.pb.gz', 'no-samples', /no samples/);
    rejects(handMadePprof({ samples: [{ loc: [1], value: [0, 0] }] }), 'zero.pb', 'no-samples', /zero cpu/);
  });

  it('a valid hand-made pprof loads (control for the cases above)', () => {
    const p = parseProfile(handMadePprof({ samples: [{ loc: [1], value: [2, 20] }] }), 'ok.pb');
    assert.equal(p.totalWeight, 20);
    assert.deepEqual(p.frames, [{ name: 'main.work', file: '/src/main.go', line: 12, inlined: false }]);
  });

  it('legacy Go profiles (binary CPU, text heap) → legacy-go-profile with the conversion command', () => {
    const path = 'fixtures/third-party/pprof/google-pprof_gobench.legacy-go-cpu';
    rejects(fixture(path), path, 'legacy-go-profile', /go tool pprof -proto/);
    rejects(new TextEncoder().encode('heap profile: 1: 2 [3: 4] @ heap/1048576\n'), 'heap.txt', 'legacy-go-profile');
  });

  it('unsymbolized profile → unsymbolized, saying addresses only', () => {
    const path = 'fixtures/third-party/pprof/parca_normal-cpu.stripped.pb.gz';
    rejects(fixture(path), path, 'unsymbolized', /addresses only/);
  });

  it('JSON that is not a profile → not-a-profile listing what it found', () => {
    rejects(new TextEncoder().encode('{"a":1}'), 'a.json', 'not-a-profile', /top-level keys: a/);
    rejects(new TextEncoder().encode('[1,2,3]'), 'arr.json', 'not-a-profile');
    rejects(new TextEncoder().encode('{"nodes": [}'), 'broken.cpuprofile', 'not-a-profile', /not valid JSON/);
    rejects(new TextEncoder().encode('{"traceEvents":[{"ph":"X","name":"Task","ts":1}]}'), 'trace.json', 'no-samples', /JavaScript samples/);
  });

  it('binary garbage → not-a-profile', () => {
    rejects(Uint8Array.from([0xff, 0xfe, 0x00, 0x01, 0x02]), 'junk.bin', 'not-a-profile');
  });

  it('readProfileFile: a missing file or a directory → unreadable naming the path', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'profile-read-'));
    await assert.rejects(readProfileFile(join(dir, 'missing.pb.gz')), (e: unknown) => {
      assert.ok(e instanceof ProfileError);
      assert.equal(e.code, 'unreadable');
      assert.match(e.message, /missing\.pb\.gz: cannot read the file: no such file/);
      return true;
    });
    await assert.rejects(readProfileFile(dir), (e: unknown) => e instanceof ProfileError && e.code === 'unreadable' && /directory/.test(e.message));
    const file = join(dir, 'profile.bin');
    writeFileSync(file, fixture(GO_PROFILE));
    const p = await readProfileFile(file); // the extension says nothing; the content does
    assert.equal(p.format, 'pprof');
    assert.equal(p.sourcePath, file);
  });
});
