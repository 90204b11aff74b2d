// The analysis reads the frame columns: a Go profile's frames are never turned into objects, and
// the function and line keys interned in typed arrays (PairIndex) are the ones a Map per
// (file, name) and (file, line) gives, in the same order.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readProfileFile } from '../../../src/core/profile/read';
import { frameArraysBuiltCount } from '../../../src/core/profile/columns/profileTables';
import { PairIndex } from '../../../src/core/profile/columns/pairIndex';
import { analyzeWithSources } from '../../../src/core/analysis/prepare';
import { buildFrameKeys } from '../../../src/core/analysis/frameKeys';
import { scanWorkspace } from '../../../src/core/paths/scan';
import { createPathResolver } from '../../../src/core/paths/resolve';

const GO_CASES = [
  { file: 'fixtures/go-adserver/profiles/before-v1.pb.gz', root: 'fixtures/go-adserver/src' },
  { file: 'fixtures/go-adserver/profiles/after-v2.pb.gz', root: 'fixtures/go-adserver/src' },
  { file: 'fixtures/third-party/pprof/google-pprof_large.cpu.pb.gz', root: 'fixtures/go-adserver/src' },
];

describe('analysis on frame columns', () => {
  for (const { file, root } of GO_CASES) {
    it(`${file.split('/').pop()}: no frame objects built, call sites found`, async () => {
      const resolver = createPathResolver(await scanWorkspace(root), []);
      const profile = await readProfileFile(file);
      const before = frameArraysBuiltCount();
      const { analysis } = analyzeWithSources(profile, { resolver });
      assert.equal(frameArraysBuiltCount(), before, 'the analysis of a Go profile built frame objects');
      if (!file.includes('google-pprof')) assert.ok(analysis.callSites.length > 0 && analysis.callSites[0]!.chain.length > 1);
      assert.ok(analysis.functions.length > 0);
    });
  }

  for (const file of ['fixtures/go-adserver/profiles/before-v1.pb.gz', 'fixtures/node-adserver/profiles/before-v2.pb.gz']) {
    it(`${file.split('/').pop()}: function and line ids as a Map per key gives them, in frame order`, async () => {
      const profile = await readProfileFile(file);
      const keys = buildFrameKeys(profile);
      const functions = new Map<string, number>();
      const lines = new Map<string, number>();
      profile.frames.forEach((f, id) => {
        const fn = `${f.file}\u0000${f.name}`;
        if (!functions.has(fn)) functions.set(fn, functions.size);
        assert.equal(keys.functionOf[id], functions.get(fn));
        if (f.line <= 0) return assert.equal(keys.lineOf[id], -1);
        const ln = `${f.file}\u0000${f.line}`;
        if (!lines.has(ln)) lines.set(ln, lines.size);
        assert.equal(keys.lineOf[id], lines.get(ln));
      });
      assert.equal(keys.functionCount, functions.size);
      assert.equal(keys.lineCount, lines.size);
      assert.deepEqual(keys.functions.map((f) => `${f.file}\u0000${f.name}`), [...functions.keys()]);
      assert.deepEqual(keys.lines.map((l) => `${l.file}\u0000${l.line}`), [...lines.keys()]);
    });
  }
});

describe('PairIndex', () => {
  it('gives ids in order of first sight, equal pairs the same id, across many rehashes', () => {
    const index = new PairIndex();
    const pairs: [number, number][] = [];
    for (let i = 0; i < 5000; i++) pairs.push([i % 97, Math.floor(i / 97)]);
    pairs.forEach(([a, b], i) => assert.equal(index.idOf(a, b), i));
    pairs.forEach(([a, b], i) => assert.equal(index.idOf(a, b), i));
    assert.equal(index.size, 5000);
  });

  it('tells apart pairs that hash alike: uint32 above 2^31, doubles beyond int32, fractions', () => {
    const index = new PairIndex();
    const pairs: [number, number][] = [
      [2 ** 32 - 1, 1],
      [2 ** 31 - 1, 1],
      [1, 2 ** 32 + 1],
      [1, 1],
      [1, 1.5],
      [1, 2 ** 40 + 1],
      [0, 0],
    ];
    const ids = pairs.map(([a, b]) => index.idOf(a, b));
    assert.deepEqual(ids, [0, 1, 2, 3, 4, 5, 6]);
    assert.deepEqual(pairs.map(([a, b]) => index.idOf(a, b)), ids);
  });
});
