// pprof files are decoded as they are read (pprofStream.ts); what is not pprof, or fails to read or
// inflate, is read whole, so every result and message is the whole-buffer reader's.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { parseProfile, readProfileFile } from '../../../src/core/profile/read';
import { ProfileError } from '../../../src/core/profile/errors';

const LARGE = 'fixtures/third-party/pprof/google-pprof_large.cpu.pb.gz';
const MB = 1024 * 1024;
const dir = mkdtempSync(join(tmpdir(), 'dhp-stream-'));

function written(name: string, bytes: Uint8Array): string {
  const path = join(dir, name);
  writeFileSync(path, bytes);
  return path;
}

/** The error `parseProfile` gives for the file read whole. */
function wholeBufferError(path: string): ProfileError {
  try {
    parseProfile(readFileSync(path), path);
  } catch (e) {
    return e as ProfileError;
  }
  throw new Error(`${path} parsed without an error`);
}

describe('pprof read as a stream', () => {
  it('gives the profile the whole-buffer reader gives', async () => {
    const streamed = await readProfileFile(LARGE);
    const whole = parseProfile(readFileSync(LARGE), LARGE);
    assert.equal(streamed.samples.length, whole.samples.length);
    assert.equal(streamed.totalWeight, whole.totalWeight);
    assert.deepEqual(streamed.frames, whole.frames);
    assert.deepEqual(streamed.samples, whole.samples);
  });

  it('stops at the size limit while inflating, even when the gzip trailer understates the size', async () => {
    const lying = Buffer.from(readFileSync(LARGE));
    lying.writeUInt32LE(100, lying.length - 4); // ISIZE: 100 bytes
    const path = written('lying.pb.gz', lying);
    await assert.rejects(readProfileFile(path, { limits: { maxBytes: 2 * MB } }), (e: unknown) => e instanceof ProfileError && e.code === 'too-large' && /inflates to more than 2 MB/.test(e.message));
    await assert.rejects(readProfileFile(written('honest.pb.gz', readFileSync(LARGE)), { limits: { maxBytes: 2 * MB } }), /inflates to more than 2 MB/);
  });

  it('leaves gzipped JSON, cut-off gzip and cut-off pprof to the whole-buffer reader and its messages', async () => {
    const v8 = await readProfileFile(written('v8.cpuprofile.gz', gzipSync(readFileSync('fixtures/node-adserver/profiles/before-v2.cpuprofile'))));
    assert.equal(v8.format, 'v8-cpuprofile');
    const gz = readFileSync(LARGE);
    const cutGzip = written('cut.pb.gz', gz.subarray(0, gz.length >> 1));
    const expected = wholeBufferError(cutGzip);
    assert.equal(expected.code, 'truncated-gzip');
    await assert.rejects(readProfileFile(cutGzip), (e: unknown) => e instanceof ProfileError && e.message === expected.message);
    const raw = written('raw.pb', gunzipSync(gz).subarray(0, 100_000));
    const wholeError = wholeBufferError(raw);
    assert.equal(wholeError.code, 'truncated-protobuf');
    await assert.rejects(readProfileFile(raw), (e: unknown) => e instanceof ProfileError && e.message === wholeError.message);
  });
});
