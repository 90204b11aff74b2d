/**
 * Sample values in the decoder: one column, 32-bit while every value fits and 64-bit floats from
 * the first one that does not (values above 2^32, negative int64); no per-sample start while every
 * sample has as many values as the first, one made (earlier samples filled in) at the first that
 * has not. The build reads both layouts the same way and names the first sample whose value count
 * is not the number of sample types.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { resolveLimits } from '../../../src/core/profile/limits';
import { parsePprof } from '../../../src/core/profile/pprof';
import { decodePprof } from '../../../src/core/profile/pprofWire';
import { oneLocationPprof } from './oneLocationPprof';

const encode = oneLocationPprof;

const decode = (bytes: Uint8Array) => decodePprof(bytes, 'v.pb', resolveLimits(undefined));

describe('pprof sample values', () => {
  it('keeps 32-bit values without per-sample starts when every sample has the same number of values', () => {
    const bytes = encode([[1, 10_000_000], [2, 20_000_000], [1, 4_294_967_295]]);
    const raw = decode(bytes);
    assert.ok(raw.samples.values instanceof Uint32Array);
    assert.deepEqual([raw.samples.valueCount, raw.samples.valueStart], [2, undefined]);
    const profile = parsePprof(bytes, 'v.pb');
    assert.deepEqual(profile.samples.map((s) => [s.weight, s.count]), [[10_000_000, 1], [20_000_000, 2], [4_294_967_295, 1]]);
  });

  it('widens at a value above 2^32 or a negative one, keeping every value exact', () => {
    const bytes = encode([[1, 10], [3, 2n ** 33n + 7n], [1, -5n], [2, 3]]);
    const raw = decode(bytes);
    assert.ok(raw.samples.values instanceof Float64Array);
    assert.deepEqual(Array.from(raw.samples.values), [1, 10, 3, 2 ** 33 + 7, 1, -5, 2, 3]);
    const profile = parsePprof(bytes, 'v.pb');
    assert.deepEqual(profile.samples.map((s) => [s.weight, s.count]), [[10, 1], [2 ** 33 + 7, 3], [3, 2]]);
    assert.ok(profile.warnings.includes('1 sample with a negative or invalid cpu value were ignored'), profile.warnings.join('\n'));
  });

  it('makes per-sample starts at the first sample with another number of values, and the build names it', () => {
    const bytes = encode([[1, 10], [2, 20], [7], [1, 2, 3]]);
    const raw = decode(bytes);
    assert.deepEqual(Array.from(raw.samples.valueStart!), [0, 2, 4, 5, 8]);
    assert.throws(() => parsePprof(bytes, 'v.pb'), { message: 'v.pb: sample 2 has 1 values but the profile declares 2 sample types (one value per type): the writer is broken, and which value is which cannot be told' });
  });

  it('names sample 0 when every sample has the same, wrong, number of values', () => {
    const bytes = encode([[10], [20]]);
    assert.deepEqual([decode(bytes).samples.valueCount, decode(bytes).samples.valueStart], [1, undefined]);
    assert.throws(() => parsePprof(bytes, 'v.pb'), { message: 'v.pb: sample 0 has 1 values but the profile declares 2 sample types (one value per type): the writer is broken, and which value is which cannot be told' });
  });
});
