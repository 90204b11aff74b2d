/**
 * A pprof file read in chunks, through gunzip when it is gzipped, straight into the wire
 * decoder: neither the file nor its inflated bytes are ever held whole (a 52 MB raw profile
 * peaked 52 MB higher read as one buffer). The chunks go through one reusable {@link ByteWindow}.
 * A raw file is read twice: a first pass counts the records ({@link PprofSizeCounter}) so that
 * the decoder allocates each column once. Only pprof is streamed; any other content, and any
 * read or gzip failure, is left to the whole-buffer reader, whose messages stay the only ones.
 */
import { createReadStream } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { createGunzip } from 'node:zlib';
import type { Readable } from 'node:stream';
import { ByteWindow } from './byteWindow';
import { detectFormat } from './detectFormat';
import { ProfileError } from './errors';
import { tooLarge, type ProfileLimits } from './limits';
import { PprofSizeCounter, type PprofSizes } from './pprofSizes';
import { PprofWireDecoder, type RawPprof } from './pprofWire';

/** Bytes `detectFormat` reads to tell text from binary; the head is classified once it has them. */
const HEAD_BYTES = 4096;
const READ_CHUNK = 1 << 20;

/** Why the stream was left to the whole-buffer reader. */
class NotStreamed extends Error {}

/** What the chunks are fed to: `push` returns how many bytes it used (see `PprofWireDecoder.push`). */
interface Consumer {
  push(bytes: Uint8Array, final: boolean): number;
}

/** Appends the stream's next bytes to the window; returns how many (0 at the end). */
type Fill = (window: ByteWindow) => Promise<number>;

/**
 * Decodes the pprof file at `path` as it is read (inflated on the way when it starts with the
 * gzip magic bytes). Returns undefined when the content is not pprof (JSON, text, gzip inside
 * gzip…) or the file or its gzip data cannot be read: the caller then reads it whole.
 * `chunkBytes`: bytes per read (tests use tiny chunks to split every field).
 * @throws ProfileError `too-large` when the inflated bytes pass `limits.maxBytes`; the decoder's
 *   errors (`truncated-protobuf`, `not-a-profile`, `too-large` for a table) naming `sourcePath`.
 */
export async function decodePprofFile(path: string, sourcePath: string, limits: ProfileLimits, chunkBytes = READ_CHUNK): Promise<RawPprof | undefined> {
  let gzipped: boolean;
  let trailerSize: number;
  try {
    const head = await gzipHead(path);
    // The trailer's size (mod 2^32) says the file inflates past the limit: the whole-buffer gunzip refuses that in a fraction of a second, where decoding until the limit would take seconds.
    if (head.gzipped && head.trailerSize > limits.maxBytes) return undefined;
    gzipped = head.gzipped;
    trailerSize = head.trailerSize;
  } catch {
    return undefined;
  }
  try {
    return gzipped ? await decodeGzipFile(path, sourcePath, limits, chunkBytes, gzipSizeGuess(trailerSize)) : await decodeRawFile(path, sourcePath, limits, chunkBytes);
  } catch (err) {
    if (err instanceof ProfileError) throw err;
    return undefined;
  }
}

/** Two passes over the file: record counts, then the decoder with its columns sized from them. */
async function decodeRawFile(path: string, sourcePath: string, limits: ProfileLimits, chunkBytes: number): Promise<RawPprof> {
  const counter = new PprofSizeCounter();
  await withFile(path, (handle) => feed(readInto(handle, chunkBytes), counter, sourcePath, limits, chunkBytes));
  const decoder = new PprofWireDecoder(sourcePath, limits, counter.sizes(limits));
  await withFile(path, (handle) => feed(readInto(handle, chunkBytes), decoder, sourcePath, limits, chunkBytes));
  return decoder.finish();
}

/**
 * Starting column capacities for a gzipped profile that inflates to `inflated` bytes (its
 * trailer's ISIZE): one record per 96 bytes in each table (google-pprof_large: a sample per
 * 120 bytes, a location, function and string per 105), two values per sample, each between
 * 1,024 and 2^18. A wrong guess costs only doublings (too small) or spare room (too large).
 */
export function gzipSizeGuess(inflated: number): PprofSizes {
  const n = Math.min(1 << 18, Math.max(1024, Math.floor(inflated / 96)));
  return { samples: n, values: 2 * n, locations: n, lines: n, functions: n, strings: n };
}

async function decodeGzipFile(path: string, sourcePath: string, limits: ProfileLimits, chunkBytes: number, sizes: PprofSizes): Promise<RawPprof> {
  const file = createReadStream(path, { highWaterMark: chunkBytes });
  const gunzip = createGunzip({ chunkSize: Math.max(64, chunkBytes) });
  file.on('error', (err) => gunzip.destroy(err));
  try {
    const decoder = new PprofWireDecoder(sourcePath, limits, sizes);
    await feed(appendFrom(file.pipe(gunzip)), decoder, sourcePath, limits, chunkBytes);
    return decoder.finish();
  } finally {
    file.destroy();
    gunzip.destroy();
  }
}

async function withFile<T>(path: string, use: (handle: FileHandle) => Promise<T>): Promise<T> {
  const handle = await open(path, 'r');
  try {
    return await use(handle);
  } finally {
    await handle.close();
  }
}

/** Reads the file's next `chunkBytes` straight into the window. */
function readInto(handle: FileHandle, chunkBytes: number): Fill {
  return async (window) => {
    const { bytesRead } = await handle.read(window.room(chunkBytes), 0, chunkBytes, null);
    window.added(bytesRead);
    return bytesRead;
  };
}

/** Copies the stream's next chunk into the window. */
function appendFrom(stream: Readable): Fill {
  const chunks = (stream as AsyncIterable<Buffer>)[Symbol.asyncIterator]();
  return async (window) => {
    for (;;) {
      const next = await chunks.next();
      if (next.done) return 0;
      if (next.value.length === 0) continue;
      window.append(next.value);
      return next.value.length;
    }
  };
}

/**
 * Feeds the stream to `consumer` through one window, checking the size limit as bytes arrive.
 * @throws NotStreamed when the head is not pprof; ProfileError `too-large` over `limits.maxBytes`.
 */
async function feed(fill: Fill, consumer: Consumer, sourcePath: string, limits: ProfileLimits, chunkBytes: number): Promise<void> {
  const window = new ByteWindow(2 * Math.max(chunkBytes, HEAD_BYTES));
  let classified = false;
  let total = 0;
  for (;;) {
    const added = await fill(window);
    total += added;
    if (total > limits.maxBytes) throw tooLarge(sourcePath, 'it inflates to more than', limits);
    const final = added === 0;
    if (!classified) {
      if (!final && window.length < HEAD_BYTES) continue;
      if (detectFormat(window.view()) !== 'pprof') throw new NotStreamed();
      classified = true;
    }
    const used = consumer.push(window.view(), final);
    if (final) return;
    window.consume(used);
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
