import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readProfileFile } from '../../../src/core/profile/read';
import { ProfileError } from '../../../src/core/profile/errors';
import { buildFrameKeys } from '../../../src/core/analysis/frameKeys';
import { computeFlatCum } from '../../../src/core/analysis/flatCum';

const FILES = [
  'fixtures/go-adserver/profiles/before-v1.pb.gz',
  'fixtures/go-adserver/profiles/after-v2.pb.gz',
  'fixtures/node-adserver/profiles/before-v2.cpuprofile',
  'fixtures/node-adserver/profiles/after-v3.pb.gz',
  'fixtures/third-party/pprof/google-pprof_large.cpu.pb.gz',
  'fixtures/third-party/pprof/google-pprof_sample.cpu.pb.gz',
  'fixtures/third-party/pprof/parca_profile-with-labels.pb.gz',
  'fixtures/third-party/pprof/parca_heap-aws-sdk-go_1644509299337903000.pb.gz',
  'fixtures/third-party/v8/speedscope_chrome65_sucrase.cpuprofile',
  'fixtures/third-party/v8/speedscope_chrome116_trace-with-ProfileChunk.json',
  'fixtures/third-party/collapsed/speedscope_simple-with-invalids.txt',
];

describe('cumulative weight never exceeds the total, recursion included', () => {
  for (const file of FILES) {
    it(file.split('/').pop()!, async () => {
      let profile;
      try {
        profile = await readProfileFile(file);
      } catch (err) {
        assert.fail(err instanceof ProfileError ? err.message : String(err));
      }
      const tables = computeFlatCum(profile, buildFrameKeys(profile));
      const maxCum = Math.max(...tables.functionCum, ...tables.lineCum);
      assert.ok(maxCum > 0);
      assert.ok(maxCum <= profile.totalWeight * (1 + 1e-12), `max cum ${maxCum} > total ${profile.totalWeight}`);
      const flatSum = tables.functionFlat.reduce((a, b) => a + b, 0);
      assert.ok(Math.abs(flatSum - profile.totalWeight) <= profile.totalWeight * 1e-9, 'flat sums to the total');
    });
  }
});
