// Analysis.functions with and without a cap (functionStats.ts): the capped rows are the first rows of
// the full list, in the order a stable sort by (cum, flat) of every function object gave before
// (google-pprof_large has 22,981 ties), and a capped list keeps a Go function for the Go-or-Node wording.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readProfileFile } from '../../../src/core/profile/read';
import { frameTableOf } from '../../../src/core/profile/columns/profileTables';
import type { FrameTable } from '../../../src/core/profile/columns/frameTable';
import { buildFrameKeys, type FrameKeys } from '../../../src/core/analysis/frameKeys';
import { computeFlatCum, type FlatCumTables } from '../../../src/core/analysis/flatCum';
import { functionStats } from '../../../src/core/analysis/functionStats';
import { analyzeFile } from '../../../src/core/analysis/analyzeFile';

const LARGE = 'fixtures/third-party/pprof/google-pprof_large.cpu.pb.gz';

/** The rows as analyze.ts built them before the cap: an object per function, stable-sorted. */
function referenceRows(frames: FrameTable, keys: FrameKeys, tables: FlatCumTables) {
  const out: { name: string; file: string; flat: number; cum: number }[] = [];
  keys.functionFrame.forEach((frame, id) => {
    const cum = tables.functionCum[id]!;
    if (cum > 0) out.push({ name: frames.strings[frames.nameId[frame]!]!, file: frames.strings[frames.fileId[frame]!]!, flat: tables.functionFlat[id]!, cum });
  });
  return out.sort((a, b) => b.cum - a.cum || b.flat - a.flat);
}

describe('per-function rows of an analysis', () => {
  it('on google-pprof_large: all rows as before, and each cap gives the first rows', async () => {
    const profile = await readProfileFile(LARGE);
    const frames = frameTableOf(profile);
    const keys = buildFrameKeys(profile);
    const tables = computeFlatCum(profile, keys);
    const reference = referenceRows(frames, keys, tables);
    assert.equal(reference.length, 23_038);
    assert.deepEqual(functionStats(frames, keys, tables), reference);
    assert.deepEqual(functionStats(frames, keys, tables, 3), [
      { name: 'main.main', file: '/tmp/large/large.go', flat: 40_000_000, cum: 217_160_000_000 },
      { name: 'runtime.main', file: '/usr/lib/google-golang/src/runtime/proc.go', flat: 0, cum: 217_160_000_000 },
      { name: 'main.next', file: '/tmp/large/large.go', flat: 8_810_000_000, cum: 217_070_000_000 },
    ]);
    // No row asked for: the heaviest Go function still comes, for the Go-or-Node wording.
    assert.deepEqual(functionStats(frames, keys, tables, 0), reference.slice(0, 1));
    for (const max of [1, 10, 200, 9_999, 23_037, 23_038, 50_000]) {
      // The first rows are Go functions: nothing is appended.
      assert.deepEqual(functionStats(frames, keys, tables, max), reference.slice(0, max), `max ${max}`);
    }
  });

  it('appends the heaviest Go function when the capped rows have none; a Node profile gets none', async () => {
    const node = await analyzeFile('fixtures/node-adserver/profiles/before-v2.cpuprofile', { root: 'fixtures/node-adserver/src', maxFunctions: 2 });
    assert.deepEqual(node.analysis.functions.map((f) => [f.name, f.cum]), [['processTicksAndRejections', 15_904_932_000.00001], ['emit', 11_679_504_999.999994]]);
    // Four functions (name/file strings 0–7), one frame each; the two Go ones are the lightest.
    const frames: FrameTable = {
      length: 4,
      strings: ['a', 'a.js', 'b', 'b.js', 'c', 'c.go', 'd', 'd.go'],
      nameId: Uint32Array.of(0, 2, 4, 6),
      fileId: Uint32Array.of(1, 3, 5, 7),
      line: new Float64Array(4),
      column: new Uint32Array(4),
      inlined: new Uint8Array(4),
    };
    const keys = { functionOf: Uint32Array.of(0, 1, 2, 3), lineOf: Int32Array.of(-1, -1, -1, -1), functionCount: 4, lineCount: 0, functionFrame: Uint32Array.of(0, 1, 2, 3), functions: [], lines: [] };
    const tables = { functionFlat: Float64Array.of(1, 2, 1, 3), functionCum: Float64Array.of(9, 9, 5, 5), functionCumCount: new Float64Array(4), lineFlat: new Float64Array(0), lineCum: new Float64Array(0), lineCumCount: new Float64Array(0) };
    const rows = (max?: number) => functionStats(frames, keys, tables, max).map((f) => f.name);
    assert.deepEqual(rows(), ['b', 'a', 'd', 'c']);
    assert.deepEqual(rows(1), ['b', 'd']);
    assert.deepEqual(rows(0), ['d']);
    assert.deepEqual(rows(3), ['b', 'a', 'd']);
  });
});
