/**
 * The decoder keeps function ids, string indices and line numbers in 32-bit columns while every
 * value fits, and widens a column to 64-bit floats at the first value that does not (uint64
 * function ids, negative int64 lines). A real Go profile restated with such values must still read
 * exactly as pprof-format reads it; the column itself widens keeping what it held.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { gunzipSync } from 'node:zlib';
import { Profile as PprofProfile } from 'pprof-format';
import { GrowableUint } from '../../../src/core/profile/columns/growable';
import { parseProfile } from '../../../src/core/profile/read';
import { fixture } from './helpers';
import { referenceParsePprof } from './pprofReference';

/** before-v1 with every third function id moved above 2^32 and every fifth line number made negative. */
function widePprof(path: string): Uint8Array {
  const profile = PprofProfile.decode(gunzipSync(fixture(path)));
  const moved = new Map<string, bigint>();
  profile.function.forEach((fn, i) => {
    const id = i % 3 === 0 ? (1n << 33n) + BigInt(fn.id) : BigInt(fn.id);
    moved.set(String(fn.id), id);
    fn.id = id;
  });
  profile.location.forEach((location) =>
    location.line.forEach((line, j) => {
      line.functionId = moved.get(String(line.functionId))!;
      if (j % 5 === 0) line.line = -BigInt(line.line);
    }),
  );
  return profile.encode();
}

describe('pprof decoder: 32-bit columns that widen', () => {
  it('a column stays 32-bit while values fit, and widens at 2^32 or a negative value keeping earlier values', () => {
    const narrow = new GrowableUint(2);
    for (const v of [0, 7, 2 ** 32 - 1]) narrow.push(v);
    assert.ok(narrow.finish() instanceof Uint32Array);
    assert.deepEqual(Array.from(narrow.finish()), [0, 7, 2 ** 32 - 1]);
    for (const big of [2 ** 32, -3, 2 ** 40 + 5]) {
      const column = new GrowableUint(2);
      for (const v of [1, 2, 3, big, 4]) column.push(v);
      const out = column.finish();
      assert.ok(out instanceof Float64Array, `widened at ${big}`);
      assert.deepEqual(Array.from(out), [1, 2, 3, big, 4]);
    }
  });

  it('reads before-v1 with function ids above 2^32 and negative lines as pprof-format does', () => {
    const bytes = widePprof('fixtures/go-adserver/profiles/before-v1.pb.gz');
    const ours = parseProfile(bytes, 'wide.pb');
    const reference = referenceParsePprof(bytes, 'wide.pb');
    assert.equal(ours.totalWeight, 16_400_000_000);
    assert.deepEqual(ours.frames, reference.frames);
    assert.deepEqual(
      ours.samples.map((s) => [Array.from(s.stack), s.weight]),
      reference.samples.map((s) => [Array.from(s.stack), s.weight]),
    );
  });
});
