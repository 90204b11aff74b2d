/**
 * A pprof file read in chunks, through gunzip when it is gzipped, straight into the wire
 * decoder: neither the file nor its inflated bytes are ever held whole (a 52 MB raw profile
 * peaked 52 MB higher read as one buffer). Only pprof is streamed; any other content, and any
 * read or gzip failure, is left to the whole-buffer reader, whose messages stay the only ones.
 */
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { createGunzip } from 'node:zlib';
import type { Readable } from 'node:stream';
import { detectFormat } from './detectFormat';
import { ProfileError } from './errors';
import { tooLarge, type ProfileLimits } from './limits';
import { PprofWireDecoder, type RawPprof } from './pprofWire';

/** Bytes `detectFormat` reads to tell text from binary; the head is classified once it has them. */
const HEAD_BYTES = 4096;
const READ_CHUNK = 1 << 20;

/** Why the stream was left to the whole-buffer reader. */
class NotStreamed extends Error {}

/**
 * Decodes the pprof file at `path` as it is read (inflated on the way when it starts with the
 * gzip magic bytes). Returns undefined when the content is not pprof (JSON, text, gzip inside
 * gzip…) or the file or its gzip data cannot be read: the caller then reads it whole.
 * @throws ProfileError `too-large` when the inflated bytes pass `limits.maxBytes`; the decoder's
 *   errors (`truncated-protobuf`, `not-a-profile`, `too-large` for a table) naming `sourcePath`.
 */
export async function decodePprofFile(path: string, sourcePath: string, limits: ProfileLimits): Promise<RawPprof | undefined> {
  let gzipped: boolean;
  try {
    const head = await gzipHead(path);
    // The trailer's size (mod 2^32) says the file inflates past the limit: the whole-buffer gunzip refuses that in a fraction of a second, where decoding until the limit would take seconds.
    if (head.gzipped && head.trailerSize > limits.maxBytes) return undefined;
    gzipped = head.gzipped;
  } catch {
    return undefined;
  }
  const file = createReadStream(path, { highWaterMark: READ_CHUNK });
  const gunzip = gzipped ? createGunzip({ chunkSize: READ_CHUNK }) : undefined;
  if (gunzip) file.on('error', (err) => gunzip.destroy(err));
  const stream: Readable = gunzip ? file.pipe(gunzip) : file;
  try {
    return await decodeStream(stream, sourcePath, limits);
  } catch (err) {
    if (err instanceof ProfileError) throw err;
    return undefined;
  } finally {
    file.destroy();
    gunzip?.destroy();
  }
}

/** Whether the file starts with the gzip magic bytes, and the inflated size its last member's trailer states (ISIZE, mod 2^32). */
async function gzipHead(path: string): Promise<{ gzipped: boolean; trailerSize: number }> {
  const handle = await open(path, 'r');
  try {
    const head = new Uint8Array(2);
    const { bytesRead } = await handle.read(head, 0, 2, 0);
    const gzipped = bytesRead === 2 && head[0] === 0x1f && head[1] === 0x8b;
    const { size } = await handle.stat();
    if (!gzipped || size < 18) return { gzipped, trailerSize: 0 };
    const trailer = Buffer.alloc(4);
    await handle.read(trailer, 0, 4, size - 4);
    return { gzipped, trailerSize: trailer.readUInt32LE(0) };
  } finally {
    await handle.close();
  }
}

async function decodeStream(stream: Readable, sourcePath: string, limits: ProfileLimits): Promise<RawPprof> {
  const decoder = new PprofWireDecoder(sourcePath, limits);
  let pending: Uint8Array = new Uint8Array(0);
  let classified = false;
  let total = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    total += chunk.length;
    if (total > limits.maxBytes) throw tooLarge(sourcePath, 'it inflates to more than', limits);
    pending = pending.length === 0 ? chunk : concat(pending, chunk);
    if (!classified) {
      if (pending.length < HEAD_BYTES) continue;
      if (detectFormat(pending) !== 'pprof') throw new NotStreamed();
      classified = true;
    }
    const used = decoder.push(pending, false);
    pending = used === pending.length ? new Uint8Array(0) : pending.slice(used);
  }
  if (!classified && detectFormat(pending) !== 'pprof') throw new NotStreamed();
  decoder.push(pending, true);
  return decoder.finish();
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}
