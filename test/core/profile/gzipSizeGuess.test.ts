// The column capacities a gzipped pprof starts with, guessed from its trailer's inflated size
// (pprofStream.ts): one record per 96 bytes, clamped; the decoder's tables do not depend on them.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { gunzipSync } from 'node:zlib';
import { resolveLimits } from '../../../src/core/profile/limits';
import { countPprofSizes } from '../../../src/core/profile/pprofSizes';
import { decodePprofFile, gzipSizeGuess } from '../../../src/core/profile/pprofStream';
import { decodePprof, PprofWireDecoder } from '../../../src/core/profile/pprofWire';
import { fixture } from './helpers';

const LARGE_PATH = 'fixtures/third-party/pprof/google-pprof_large.cpu.pb.gz';
const LIMITS = resolveLimits(undefined);

describe('column capacities of a gzipped pprof', () => {
  it('guesses one record per 96 inflated bytes, two values per sample, between 1,024 and 2^18', () => {
    const large = gunzipSync(fixture(LARGE_PATH));
    const guess = gzipSizeGuess(large.length);
    assert.deepEqual(guess, { samples: 25_546, values: 51_092, locations: 25_546, lines: 25_546, functions: 25_546, strings: 25_546 });
    const counted = countPprofSizes(large, LIMITS);
    for (const table of ['samples', 'locations', 'functions', 'strings'] as const) assert.ok(counted[table] <= guess[table], `${table}: ${counted[table]} fit in ${guess[table]}`);
    assert.equal(gzipSizeGuess(0).samples, 1024);
    assert.equal(gzipSizeGuess(2 ** 32 - 1).strings, 2 ** 18);
  });

  it('decodes the same tables as the whole-buffer decoder, whether the guess is too large or too small', async () => {
    const large = gunzipSync(fixture(LARGE_PATH));
    const whole = decodePprof(large, 'large.pb', LIMITS);
    const streamed = await decodePprofFile(LARGE_PATH, 'large.pb', LIMITS);
    assert.deepEqual(streamed, whole);
    const small = new PprofWireDecoder('large.pb', LIMITS, gzipSizeGuess(0));
    small.push(large, true);
    assert.deepEqual(small.finish(), whole);
  });
});
