// The analysis reads the sample columns the pprof reader builds (stacks of location units in shared
// chunks, repaired and grafted stacks as derived tables) and never turns them into sample objects
// on a Go profile. Differential: the same profile given as plain arrays (one object per sample,
// the tables rebuilt from them) gives the same analysis, on every Go and Node pprof fixture.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readProfileFile } from '../../../src/core/profile/read';
import type { Profile } from '../../../src/core/profile/model';
import { isColumnar, sampleArraysBuiltCount } from '../../../src/core/profile/columns/profileTables';
import { analyzeWithSources } from '../../../src/core/analysis/prepare';
import { scanWorkspace } from '../../../src/core/paths/scan';
import { createPathResolver } from '../../../src/core/paths/resolve';

const CASES = [
  { file: 'fixtures/go-adserver/profiles/before-v1.pb.gz', root: 'fixtures/go-adserver/src', go: true },
  { file: 'fixtures/go-adserver/profiles/after-v2.pb.gz', root: 'fixtures/go-adserver/src', go: true },
  { file: 'fixtures/go-adserver/profiles/after-v2-deep512.pb.gz', root: 'fixtures/go-adserver/src', go: true },
  { file: 'fixtures/third-party/pprof/google-pprof_large.cpu.pb.gz', root: 'fixtures/go-adserver/src', go: true },
  { file: 'fixtures/node-adserver/profiles/before-v2.pb.gz', root: 'fixtures/node-adserver/src', go: false },
];

/** The same profile as plain objects: frames and samples arrays, no columns of its own. */
function asArrays(profile: Profile): Profile {
  return { ...profile, frames: [...profile.frames], samples: profile.samples.map((s) => ({ ...s, stack: Uint32Array.from(s.stack) })) };
}

describe('analysis on sample columns', () => {
  for (const { file, root, go } of CASES) {
    it(`${file.split('/').pop()}: same analysis as from sample objects${go ? ', and no sample objects built' : ''}`, async () => {
      const resolver = createPathResolver(await scanWorkspace(root), []);
      const columnar = await readProfileFile(file);
      assert.ok(isColumnar(columnar));
      const before = sampleArraysBuiltCount();
      const fromColumns = analyzeWithSources(columnar, { resolver });
      if (go) assert.equal(sampleArraysBuiltCount(), before, 'the analysis of a Go profile built sample objects');
      const fromObjects = analyzeWithSources(asArrays(columnar), { resolver });
      assert.deepEqual(fromColumns.analysis, fromObjects.analysis);
      assert.ok(fromColumns.analysis.totalWeight > 0);
      if (file.includes('after-v2.pb.gz')) assert.ok(fromColumns.analysis.truncation!.repairedDynamoWeight > 0, 'the repair path ran');
    });
  }
});
