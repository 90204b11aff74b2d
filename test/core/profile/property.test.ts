import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { gunzipSync } from 'node:zlib';
import fc from 'fast-check';
import { ProfileError } from '../../../src/core/profile/errors';
import type { Profile } from '../../../src/core/profile/model';
import { parseProfile } from '../../../src/core/profile/read';
import { fixture } from './helpers';

/** Parses and checks the only allowed outcomes: a consistent Profile, or a ProfileError. */
function profileOrProfileError(bytes: Uint8Array): void {
  let p: Profile;
  try {
    p = parseProfile(bytes, 'fuzz.bin');
  } catch (e) {
    if (!(e instanceof ProfileError)) throw e;
    assert.ok(e.message.startsWith('fuzz.bin: '));
    // the reader's own checks must catch it, not parseProfile's last-resort wrapper
    assert.doesNotMatch(e.detail, /^could not be read as a profile/, e.detail);
    return;
  }
  assert.ok(p.samples.length > 0);
  for (const s of p.samples) {
    assert.ok(Number.isFinite(s.weight) && s.weight > 0);
    for (const id of s.stack) assert.ok(id < p.frames.length);
  }
}

const goRaw = gunzipSync(fixture('fixtures/go-adserver/profiles/before-v1.pb.gz'));
const goGz = fixture('fixtures/third-party/pprof/google-pprof_sample.cpu.pb.gz');
const v8 = fixture('fixtures/third-party/v8/speedscope_chrome65_simple.cpuprofile');
const folded = fixture('fixtures/third-party/collapsed/speedscope_simple-with-invalids.txt');
const seeds = [goRaw, goGz, v8, folded];

describe('readers never throw anything but ProfileError (fast-check)', () => {
  it('random bytes', () => {
    fc.assert(fc.property(fc.uint8Array({ maxLength: 4096 }), profileOrProfileError), { numRuns: 400 });
  });

  it('random bytes behind a pprof tag, a gzip header or a JSON brace', () => {
    const prefixes = [Uint8Array.of(0x0a), Uint8Array.of(0x12), Uint8Array.of(0x1f, 0x8b, 0x08, 0x00), new TextEncoder().encode('{"nodes":')];
    fc.assert(
      fc.property(fc.constantFrom(...prefixes), fc.uint8Array({ maxLength: 2048 }), (prefix, rest) => {
        const bytes = new Uint8Array(prefix.length + rest.length);
        bytes.set(prefix);
        bytes.set(rest, prefix.length);
        profileOrProfileError(bytes);
      }),
      { numRuns: 400 },
    );
  });

  it('random JSON values', () => {
    fc.assert(fc.property(fc.json({ maxDepth: 4 }), (text) => profileOrProfileError(new TextEncoder().encode(text))), { numRuns: 300 });
  });

  it('real files truncated at any length', () => {
    fc.assert(
      fc.property(fc.constantFrom(...seeds), fc.double({ min: 0, max: 1, noNaN: true }), (bytes, at) => {
        profileOrProfileError(bytes.subarray(0, Math.floor(bytes.length * at)));
      }),
      { numRuns: 120 },
    );
  });

  it('real files with corrupted bytes', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...seeds),
        fc.array(fc.tuple(fc.double({ min: 0, max: 1, noNaN: true, maxExcluded: true }), fc.integer({ min: 0, max: 255 })), { minLength: 1, maxLength: 8 }),
        (bytes, edits) => {
          const copy = Uint8Array.from(bytes);
          for (const [where, value] of edits) copy[Math.floor(where * copy.length)] = value;
          profileOrProfileError(copy);
        },
      ),
      { numRuns: 150 },
    );
  });
});
