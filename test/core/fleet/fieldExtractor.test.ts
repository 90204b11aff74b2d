// Streaming extraction of SelectMergeStacktracesResponse.pprof.profile (field 5 → 1).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { FieldExtractor } from '../../../src/core/fleet/fieldExtractor';
import { ProtoWriter } from '../../../src/core/fleet/protoWriter';

async function extract(message: Uint8Array, chunkSize: number): Promise<{ out: Buffer; found: boolean }> {
  const chunks: Buffer[] = [];
  for (let i = 0; i < message.length; i += chunkSize) chunks.push(Buffer.from(message.subarray(i, i + chunkSize)));
  const extractor = new FieldExtractor([5, 1]);
  const out: Buffer[] = [];
  await pipeline(Readable.from(chunks), extractor, async function* (source) {
    for await (const c of source) out.push(c as Buffer);
  });
  return { out: Buffer.concat(out), found: extractor.found };
}

describe('FieldExtractor', () => {
  const profile = Buffer.from(Array.from({ length: 300 }, (_, i) => i % 251));
  const pprof = new ProtoWriter().varint(2, 7).bytes(1, profile).finish();
  const response = new ProtoWriter().bytes(1, Buffer.from('flamegraph')).varint(4, 1).bytes(5, pprof).string(3, 'dot').finish();

  it('passes the profile bytes through whatever the chunking, skipping the other fields', async () => {
    for (const size of [1, 2, 7, 64, response.length]) {
      const { out, found } = await extract(response, size);
      assert.equal(found, true);
      assert.deepEqual(out, profile, `chunk size ${size}`);
    }
  });

  it('reports an answer without the field (an older server sending a flame graph)', async () => {
    const { out, found } = await extract(new ProtoWriter().bytes(1, Buffer.from('flamegraph')).finish(), 3);
    assert.equal(found, false);
    assert.equal(out.length, 0);
  });

  it('fails on a response cut off inside the profile', async () => {
    await assert.rejects(extract(response.subarray(0, response.length - 10), 16), /cut off/);
  });
});
