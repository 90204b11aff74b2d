/**
 * The frame table's narrow columns: `line` is 32-bit while every line fits and widens to 64-bit
 * floats otherwise; `column` exists only once a frame has one (pprof frames never do, so a pprof
 * profile carries no column of zeros), earlier frames reading 0.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { FrameTableBuilder, frameAt, framesOf, frameTableFromFrames } from '../../../src/core/profile/columns/frameTable';
import { frameTableOf } from '../../../src/core/profile/columns/profileTables';
import { FrameInterner } from '../../../src/core/profile/frameInterner';
import { parseProfile } from '../../../src/core/profile/read';
import { seededRandom } from '../../../src/core/seededRandom';
import { fixture } from './helpers';

describe('frame table columns', () => {
  it('a pprof profile has 32-bit lines and no column', () => {
    const table = frameTableOf(parseProfile(fixture('fixtures/go-adserver/profiles/before-v1.pb.gz'), 'before-v1.pb.gz'));
    assert.ok(table.line instanceof Uint32Array);
    assert.equal(table.column, undefined);
    assert.deepEqual(frameAt(table, 0), { name: table.strings[table.nameId[0]!], file: table.strings[table.fileId[0]!], line: table.line[0], inlined: table.inlined[0] === 1 });
  });

  it('makes the column at the first frame that has one, earlier frames 0, and interns by it', () => {
    const builder = new FrameTableBuilder(2);
    const name = builder.stringId('handle');
    const file = builder.stringId('/srv/app.js');
    assert.equal(builder.intern(name, file, 10, 0, false), 0);
    assert.equal(builder.intern(name, file, 11, 0, false), 1);
    assert.equal(builder.intern(name, file, 10, 7, false), 2);
    assert.equal(builder.intern(name, file, 10, 7, false), 2);
    assert.equal(builder.intern(name, file, 10, 0, false), 0);
    const table = builder.finish();
    assert.deepEqual(Array.from(table.column!), [0, 0, 7]);
    assert.deepEqual([frameAt(table, 0).column, frameAt(table, 2).column], [undefined, 7]);
  });

  it('widens the line column at a line that is not a uint32, keeping every line exact', () => {
    const frames = [1, 2 ** 32 - 1, -3, 2.5, 2 ** 40].map((line) => ({ name: 'f', file: 'a.js', line, inlined: false }));
    const table = frameTableFromFrames(frames);
    assert.ok(table.line instanceof Float64Array);
    assert.deepEqual(Array.from(table.line), [1, 2 ** 32 - 1, -3, 2.5, 2 ** 40]);
    assert.ok(frameTableFromFrames(frames.slice(0, 2)).line instanceof Uint32Array);
  });
});

describe('frame interning of a function with many lines', () => {
  it('gives the ids the object interner gives, before and after the function is chained per line', () => {
    const builder = new FrameTableBuilder(16);
    const reference = new FrameInterner();
    const file = builder.stringId('/srv/generated.go');
    const names = ['main.generated', 'main.small'].map((n) => builder.stringId(n));
    const random = seededRandom(7);
    for (let k = 0; k < 20_000; k++) {
      const fn = random() < 0.9 ? 0 : 1;
      const line = 1 + Math.floor(random() * (fn === 0 ? 3000 : 5));
      const column = random() < 0.2 ? 1 + Math.floor(random() * 3) : 0;
      const inlined = random() < 0.3;
      const id = builder.intern(names[fn]!, file, line, column, inlined);
      assert.equal(id, reference.intern(fn === 0 ? 'main.generated' : 'main.small', '/srv/generated.go', line, inlined, column), `call ${k}`);
    }
    const table = builder.finish();
    assert.equal(table.length, reference.frames.length);
    assert.deepEqual(framesOf(table), reference.frames);
    const functionIds = new Map<string, number>();
    const expectedFunctionOf = reference.frames.map((f) => functionIds.get(f.name) ?? (functionIds.set(f.name, functionIds.size), functionIds.size - 1));
    assert.deepEqual(Array.from(table.functionOf!), expectedFunctionOf);
  });
});
