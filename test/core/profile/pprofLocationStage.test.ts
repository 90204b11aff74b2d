/**
 * The frame stage of the pprof build (pprofLocations.ts): frames are interned in the file's
 * location order and written straight into the expansion of each dense location index; the
 * build drops the decoded function table before `onTablesDropped` (a collection there frees it)
 * and the location tables before it returns. A real Go profile restated with its location table reversed (dense
 * order ≠ definition order), ids redefined, address-only locations and empty function names of
 * every address width must still read exactly as pprof-format reads it.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { gunzipSync } from 'node:zlib';
import { Function as PFunction, Line, Location, Profile as PprofProfile } from 'pprof-format';
import { frameTableOf } from '../../../src/core/profile/columns/profileTables';
import { resolveLimits } from '../../../src/core/profile/limits';
import { buildPprofProfile } from '../../../src/core/profile/pprofBuild';
import { decodePprof } from '../../../src/core/profile/pprofWire';
import { parseProfile } from '../../../src/core/profile/read';
import { fixture } from './helpers';
import { referenceParsePprof } from './pprofReference';

/** Addresses of 32 bits, of 41 bits (a 64-bit column), and of 61 bits (above 2^49: exact through BigInt). */
const ADDRESSES: readonly bigint[] = [0x4011a0n, (1n << 40n) + 0x1234n, (1n << 60n) + 0xbeefn];

function restated(path: string): Uint8Array {
  const profile = PprofProfile.decode(gunzipSync(fixture(path)));
  const locations = [...profile.location].reverse();
  locations.forEach((location, i) => {
    location.address = ADDRESSES[i % 3]! + BigInt(i);
    if (i % 11 === 0) location.line = [];
  });
  // Location 1 and 2 are defined twice: the earlier definitions (other lines) are overridden by the last.
  const early = [1, 2].map((id) => new Location({ id, address: 0x99n, line: [new Line({ functionId: profile.function[0]!.id, line: 4242 })] }));
  profile.location = [...early, ...locations];
  // A function without a name: its frames are named by their location's address.
  const nameless = new PFunction({ id: 999_999, name: 0, systemName: 0, filename: profile.function[0]!.filename });
  profile.function.push(nameless);
  locations[5]!.line = [new Line({ functionId: nameless.id, line: 7 })];
  return profile.encode();
}

describe('pprof build: the frame stage', () => {
  it('reads before-v1 with its locations reversed, redefined, address-only and nameless as pprof-format does', () => {
    const bytes = restated('fixtures/go-adserver/profiles/before-v1.pb.gz');
    const ours = parseProfile(bytes, 'restated.pb');
    const reference = referenceParsePprof(bytes, 'restated.pb');
    assert.deepEqual(ours.frames, reference.frames);
    assert.deepEqual(
      ours.samples.map((s) => [Array.from(s.stack), s.weight]),
      reference.samples.map((s) => [Array.from(s.stack), s.weight]),
    );
    assert.deepEqual(ours.warnings, reference.warnings);
    const names = new Set(ours.frames.map((f) => f.name));
    // Address-only locations 0, 22 and 11 (one per width), and the nameless function's location 5.
    const hex = (address: bigint) => `0x${address.toString(16)}`;
    for (const name of [hex(0x4011a0n), hex((1n << 40n) + 0x1234n + 22n), hex((1n << 60n) + 0xbeefn + 11n), hex((1n << 60n) + 0xbeefn + 5n)]) assert.ok(names.has(name), name);
    const overridden = ours.frames.findIndex((f) => f.line === 4242);
    assert.ok(overridden >= 0, 'an overridden definition is interned');
    assert.ok(!ours.samples.some((s) => s.stack.includes(overridden)), 'but expands into no stack');
  });

  it('finds functions numbered 1…n by position without an index, and names a reference past them or to 0', () => {
    const profile = PprofProfile.decode(gunzipSync(fixture('fixtures/go-adserver/profiles/before-v1.pb.gz')));
    assert.ok(profile.function.every((fn, i) => Number(fn.id) === i + 1), 'Go numbers its functions 1…n');
    const location = profile.location[3]!;
    for (const missing of [profile.function.length + 1, 0]) {
      location.line[0]!.functionId = missing;
      assert.throws(() => parseProfile(profile.encode(), 'seq.pb'), {
        message: `seq.pb: the pprof data is truncated or corrupt: location ${location.id} refers to function ${missing}, which the file does not define (a dangling reference)`,
      });
    }
  });

  it("writes the frames' name and line columns over the decoder's line columns when every location has a line", () => {
    const read = (bytes: Uint8Array) => {
      const raw = decodePprof(bytes, 'p.pb', resolveLimits(undefined));
      const lines = { nameId: raw.locations.lineFunction.buffer, line: raw.locations.lineNumber.buffer };
      const profile = buildPprofProfile(raw, 'p.pb');
      const table = frameTableOf(profile);
      return { profile, shared: table.nameId.buffer === lines.nameId && table.line.buffer === lines.line };
    };
    const plain = gunzipSync(fixture('fixtures/third-party/pprof/google-pprof_large.cpu.pb.gz'));
    const withLines = read(plain);
    assert.equal(withLines.shared, true);
    assert.deepEqual(withLines.profile.frames, referenceParsePprof(plain, 'p.pb').frames);
    assert.equal(read(restated('fixtures/go-adserver/profiles/before-v1.pb.gz')).shared, false, 'address-only locations: new columns');
  });

  it('drops the function table before onTablesDropped and the location tables before the build returns, keeping the sample columns', () => {
    // A child with gc(): each WeakRef is made in an earlier job than the collection, so only the build's own references can keep its target.
    const script = `const { gunzipSync } = require('node:zlib');
      const { readFileSync } = require('node:fs');
      const { decodePprof } = require('./src/core/profile/pprofWire.ts');
      const { buildPprofProfile } = require('./src/core/profile/pprofBuild.ts');
      const { resolveLimits } = require('./src/core/profile/limits.ts');
      const raw = decodePprof(gunzipSync(readFileSync('fixtures/third-party/pprof/google-pprof_large.cpu.pb.gz')), 'large.pb', resolveLimits(undefined));
      const refs = Object.entries({
        functionNames: raw.functions.name, functionFiles: raw.functions.filename, lineFunction: raw.locations.lineFunction,
        lineNumber: raw.locations.lineNumber, lineStart: raw.locations.lineStart, address: raw.locations.address,
        ids: raw.locations.ids, defDense: raw.locations.defDense, values: raw.samples.values, stackChunk: raw.samples.chunks[0],
      }).map(([name, table]) => [name, new WeakRef(table)]);
      const alive = () => refs.filter(([, ref]) => ref.deref() !== undefined).map(([name]) => name);
      setTimeout(() => {
        let atHook;
        const profile = buildPprofProfile(raw, 'large.pb', { onTablesDropped: () => { gc(); atHook = alive(); } });
        setTimeout(() => {
          gc();
          process.stdout.write(JSON.stringify({ atHook, afterBuild: alive(), samples: profile.samples.length }));
        }, 0);
      }, 0);`;
    const child = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', '-e', script], { encoding: 'utf8' });
    assert.equal(child.status, 0, child.stderr);
    // At the hook only the function table is gone; after the build every location column is (the frame
    // table keeps its own views of the line columns' memory, see the test above); values and chunks are the samples'.
    assert.deepEqual(JSON.parse(child.stdout), {
      atHook: ['lineFunction', 'lineNumber', 'lineStart', 'address', 'ids', 'defDense', 'values', 'stackChunk'],
      afterBuild: ['values', 'stackChunk'],
      samples: 20_430,
    });
  });
});
