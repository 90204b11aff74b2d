import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ProfileError, type ProfileErrorCode } from '../../../src/core/profile/errors';
import type { Profile } from '../../../src/core/profile/model';
import { parseProfile } from '../../../src/core/profile/read';
import { fixture, totalCount } from './helpers';

const ROOT = 'fixtures/third-party';

/**
 * Every profile under fixtures/third-party/ (figures from its README.md, or counted by hand
 * from the JSON/text) and what the reader must make of it.
 */
const expectations: Record<string, ((p: Profile) => void) | ProfileErrorCode> = {
  'pprof/google-pprof_sample.cpu.pb.gz': (p) => {
    assert.equal(p.samples.length, 76);
    assert.equal(totalCount(p), 176);
    assert.equal(p.totalWeight, 1_760_000_000);
    assert.equal(p.durationNs, 2_002_012_950);
    assert.ok(p.frames.some((f) => f.name === 'runtime.(*bmap).overflow'));
    assert.ok(p.frames.some((f) => f.inlined));
  },
  'pprof/google-pprof_large.cpu.pb.gz': (p) => {
    assert.equal(p.samples.length, 20_430);
    assert.equal(totalCount(p), 24_029);
    assert.equal(p.totalWeight, 240_290_000_000);
    assert.equal(new Set(p.frames.map((f) => f.name)).size, 23_038);
    assert.equal(Math.max(...p.samples.map((s) => s.stack.length)), 62);
  },
  'pprof/google-pprof_gobench.legacy-go-cpu': 'legacy-go-profile',
  'pprof/parca_profile-with-labels.pb.gz': (p) => {
    assert.deepEqual(p.sampleType, { type: 'samples', unit: 'count' });
    assert.equal(p.samples.length, 439);
    assert.equal(p.totalWeight, 462);
    assert.ok(p.frames.some((f) => f.file === 'github.com/dgraph-io/badger/v4@v4.1.0/table/iterator.go'));
    assert.ok(p.frames.some((f) => f.file === '' && f.name === 'release_pages'));
    // line <= 0 falls back to start_line (0 here), never negative
    assert.ok(p.frames.every((f) => f.line >= 0));
  },
  'pprof/parca_heap-aws-sdk-go_1644509299337903000.pb.gz': (p) => {
    // no default_sample_type, no cpu or time column: the last column, as pprof does
    assert.deepEqual(p.sampleType, { type: 'inuse_space', unit: 'bytes' });
    assert.equal(p.sampleTypes.length, 4);
    assert.equal(p.totalWeight, 143_698_391);
    assert.ok(p.frames.some((f) => f.name === 'github.com/aws/aws-sdk-go/aws/endpoints.init'));
  },
  'pprof/parca_normal-cpu.stripped.pb.gz': 'unsymbolized',
  'pprof/parca_normalizer-empty-sampletype.pb.gz': (p) => {
    assert.deepEqual(p.sampleType, { type: 'value', unit: '' });
    assert.equal(p.samples.length, 39);
    assert.equal(p.totalWeight, 53);
  },
  'pprof/pprof-format_non-packed-repeated.pb': (p) => {
    // Go writes ≤2 values non-packed: both must be read
    assert.deepEqual(p.sampleTypes.map((t) => t.type), ['samples', 'cpu']);
    assert.equal(p.totalWeight, 10_000_000);
    assert.equal(totalCount(p), 1);
  },
  'v8/speedscope_chrome65_simple.cpuprofile': (p) => {
    assert.equal(p.format, 'v8-cpuprofile');
    assert.equal(totalCount(p), 29);
    assert.equal(p.totalWeight, 36_317_000); // endTime − first sample, in ns
    assert.equal(p.durationNs, 47_892_000);
  },
  'v8/speedscope_chrome65_sucrase.cpuprofile': (p) => {
    assert.equal(totalCount(p), 17_138); // samples.length, not Σ hitCount (17,837)
    assert.ok(Math.abs(p.totalWeight - 22_003_906_000) < 1);
    assert.ok(p.frames.some((f) => f.file === '/Users/alanpierce/code/sucrase/build/src/ImportProcessor.js'));
  },
  'v8/speedscope_node10_legacy-head-format.cpuprofile': (p) => {
    assert.equal(totalCount(p), 29);
    assert.deepEqual([...new Set(p.frames.map((f) => f.name))].sort(), ['(anonymous)', 'a', 'b', 'c', 'd']);
  },
  'v8/speedscope_chrome116_trace-with-ProfileChunk.json': (p) => {
    assert.equal(p.format, 'chrome-trace');
    assert.ok(p.idleWeight > p.totalWeight);
    assert.ok(p.frames.some((f) => f.file === '/Users/jlfwong/code/speedscope/sample/programs/javascript/simple.js'));
  },
  'collapsed/speedscope_simple-with-invalids.txt': (p) => {
    assert.equal(p.format, 'folded');
    assert.equal(p.totalWeight, 14);
    assert.equal(p.samples.length, 3);
    assert.deepEqual(p.warnings, ['1 invalid lines skipped (not `frame;…;frame COUNT`)']);
  },
  'speedscope/speedscope_0.6.0_two-sampled.speedscope.json': (p) => {
    assert.equal(p.format, 'speedscope');
    assert.equal(p.totalWeight, 28e9); // two profiles of 14 s, merged
  },
  'speedscope/speedscope_0.0.1_simple-evented.speedscope.json': (p) => {
    assert.equal(p.format, 'speedscope');
    assert.equal(p.totalWeight, 14);
  },
};

describe('every third-party profile loads with sensible totals or fails with its specific error', () => {
  const files = readdirSync(ROOT, { withFileTypes: true })
    .filter((d) => d.isDirectory() && d.name !== 'LICENSES')
    .flatMap((d) => readdirSync(join(ROOT, d.name)).map((f) => `${d.name}/${f}`));

  it('covers every file', () => {
    assert.deepEqual(files.sort(), Object.keys(expectations).sort());
  });

  for (const name of files) {
    it(name, () => {
      const path = join(ROOT, name);
      const expected = expectations[name];
      if (typeof expected === 'string') {
        assert.throws(
          () => parseProfile(fixture(path), path),
          (e: unknown) => e instanceof ProfileError && e.code === expected && e.message.startsWith(path),
        );
        return;
      }
      const p = parseProfile(fixture(path), path);
      assert.equal(p.sourcePath, path);
      assert.ok(p.samples.length > 0);
      assert.ok(p.samples.every((s) => s.weight > 0 && s.stack.every((id) => id < p.frames.length)));
      assert.ok(Math.abs(p.samples.reduce((a, s) => a + s.weight, 0) - p.totalWeight) <= 1e-6 * p.totalWeight);
      expected?.(p);
    });
  }

  it('rejects the licence texts as not a profile', () => {
    const path = join(ROOT, 'LICENSES/google-pprof.LICENSE');
    assert.throws(() => parseProfile(fixture(path), path), (e: unknown) => e instanceof ProfileError && e.code === 'not-a-profile');
  });
});
