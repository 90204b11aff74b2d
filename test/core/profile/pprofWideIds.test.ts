/**
 * The decoder reads location ids of one to four bytes inline and longer ones through the general
 * varint reader (int64 above 2^63 as negative numbers). A real Go profile restated with its
 * location ids spread over every varint width must still read exactly as pprof-format reads it.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { gunzipSync } from 'node:zlib';
import { Profile as PprofProfile } from 'pprof-format';
import { parseProfile } from '../../../src/core/profile/read';
import { fixture } from './helpers';
import { referenceParsePprof } from './pprofReference';

/** Bases that put an id at 1, 3, 4, 5, 8 and 10 varint bytes (the last: int64 −2^63 + n). */
const WIDTHS: readonly bigint[] = [0n, 1n << 14n, 1n << 21n, 1n << 28n, 1n << 49n, 1n << 63n];

function wideIdPprof(path: string): Uint8Array {
  const profile = PprofProfile.decode(gunzipSync(fixture(path)));
  const wide = new Map<string, bigint>();
  profile.location.forEach((location, i) => {
    const id = WIDTHS[i % WIDTHS.length]! + BigInt(location.id);
    wide.set(String(location.id), id);
    location.id = id;
  });
  for (const sample of profile.sample) sample.locationId = sample.locationId.map((id) => wide.get(String(id))!);
  return profile.encode();
}

describe('pprof decoder: location ids of every varint width', () => {
  it('reads before-v1 with ids of 1 to 10 bytes as pprof-format does (frames, stacks, weights)', () => {
    const bytes = wideIdPprof('fixtures/go-adserver/profiles/before-v1.pb.gz');
    const ours = parseProfile(bytes, 'wide.pb');
    const reference = referenceParsePprof(bytes, 'wide.pb');
    assert.equal(ours.samples.length, 1426);
    assert.equal(ours.totalWeight, 16_400_000_000);
    assert.deepEqual(ours.frames, reference.frames);
    assert.deepEqual(
      ours.samples.map((s) => [Array.from(s.stack), s.weight]),
      reference.samples.map((s) => [Array.from(s.stack), s.weight]),
    );
  });
});
