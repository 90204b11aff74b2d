// The first pass over a raw pprof (pprofSizes.ts) counts exactly the records the decoder then
// reads, in any chunking, so that the decoder's columns are allocated once at their final length.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { gunzipSync } from 'node:zlib';
import { resolveLimits } from '../../../src/core/profile/limits';
import { countPprofSizes, PprofSizeCounter } from '../../../src/core/profile/pprofSizes';
import { decodePprof, PprofWireDecoder } from '../../../src/core/profile/pprofWire';
import { fixture } from './helpers';

const LARGE = gunzipSync(fixture('fixtures/third-party/pprof/google-pprof_large.cpu.pb.gz'));
const LIMITS = resolveLimits(undefined);

/** Feeds `bytes` to `consumer` in `chunk`-byte steps, as the file reader does. */
function pushInChunks(consumer: { push(bytes: Uint8Array, final: boolean): number }, bytes: Uint8Array, chunk: number): void {
  let from = 0;
  for (let to = Math.min(chunk, bytes.length); ; to = Math.min(to + chunk, bytes.length)) {
    const final = to === bytes.length;
    from += consumer.push(bytes.subarray(from, to), final);
    if (final) return;
  }
}

describe('pprof record counts (first pass)', () => {
  it('counts the samples, values, locations, lines, functions and strings the decoder reads', () => {
    const sizes = countPprofSizes(LARGE, LIMITS);
    const raw = decodePprof(LARGE, 'large.pb', LIMITS);
    assert.deepEqual(sizes, {
      samples: raw.samples.length,
      values: raw.samples.values.length,
      locations: raw.locations.defCount,
      lines: raw.locations.lineFunction.length,
      functions: raw.functions.length,
      strings: raw.strings.length,
    });
    assert.deepEqual([sizes.samples, sizes.locations, sizes.functions, sizes.strings], [20_430, 23_355, 23_038, 23_066]);
    const chunked = new PprofSizeCounter();
    pushInChunks(chunked, LARGE, 997);
    assert.deepEqual(chunked.sizes(LIMITS), sizes);
  });

  it('sizes every column once: the decoded columns are the arrays allocated, with no spare room', () => {
    const decoder = new PprofWireDecoder('large.pb', LIMITS, countPprofSizes(LARGE, LIMITS));
    pushInChunks(decoder, LARGE, 65_536);
    const raw = decoder.finish();
    for (const column of [raw.samples.start, raw.samples.values, raw.locations.address, raw.locations.lineNumber, raw.functions.name]) {
      assert.equal(column.byteLength, column.buffer.byteLength);
    }
    // Every sample has its two values: no per-sample start is kept.
    assert.equal(raw.samples.valueStart, undefined);
    assert.equal(raw.samples.valueCount, 2);
    assert.equal(raw.samples.values.length, 2 * 20_430);
  });

  it('caps the counts at the table limit and stops quietly at malformed framing', () => {
    const capped = countPprofSizes(LARGE, { ...LIMITS, maxTableEntries: 1000 });
    assert.deepEqual([capped.locations, capped.functions, capped.strings, capped.samples], [1001, 1001, 1001, 20_430]);
    const broken = Uint8Array.from(LARGE);
    broken[0] = 0x0f; // field 1, wire type 7: the count ends at byte 0
    assert.deepEqual(countPprofSizes(broken, LIMITS), { samples: 0, values: 0, locations: 0, lines: 0, functions: 0, strings: 0 });
    const cut = countPprofSizes(LARGE.subarray(0, LARGE.length >> 1), LIMITS);
    assert.ok(cut.samples > 0 && cut.samples <= 20_430 && cut.strings < 23_066, JSON.stringify(cut));
  });
});

describe('the line count inside a location', () => {
  /** A profile whose one location message is `body` (hand-framed), with a string table. */
  function withLocation(body: number[]): Uint8Array {
    const location = [0x22, body.length, ...body];
    const strings = [0x32, 0x00, 0x32, 0x01, 0x61];
    return Uint8Array.from([...location, ...strings]);
  }
  const line = [0x22, 0x04, 0x08, 0x01, 0x10, 0x07]; // Line{function_id: 1, line: 7}

  it('counts the line fields among fields of every wire type, a many-byte tag and a non-minimal length among them', () => {
    const body = [
      0x08, 0x05, // id: 5 (varint)
      ...line,
      0x19, 1, 2, 3, 4, 5, 6, 7, 8, // field 3, fixed64
      0xf5, 0x3e, 1, 2, 3, 4, // field 1006, fixed32 (two-byte tag)
      0x22, 0x84, 0x00, 0x08, 0x02, 0x10, 0x09, // a line whose length is written in two bytes
      0x28, 0x80, 0x80, 0x01, // is_folded: a three-byte varint
      ...line,
    ];
    assert.deepEqual(countPprofSizes(withLocation(body), LIMITS), { samples: 0, values: 0, locations: 1, lines: 3, functions: 0, strings: 2 });
  });

  it('counts the lines before a malformed field and none after it', () => {
    const truncatedLine = [...line, 0x22, 0x09, 0x08, 0x01];
    assert.equal(countPprofSizes(withLocation(truncatedLine), LIMITS).lines, 1);
    const badWire = [...line, 0x0f, ...line];
    assert.equal(countPprofSizes(withLocation(badWire), LIMITS).lines, 1);
  });
});
