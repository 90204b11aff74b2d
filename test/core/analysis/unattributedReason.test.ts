// Why marshalling has no frame of the user's code above it (attributionText.ts): a workspace that
// holds none of the profile's own files says so, instead of blaming Go goroutines or Node callbacks.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { analyzeFile } from '../../../src/core/analysis/analyzeFile';
import { attributionShares, NOT_FOUND_REASON } from '../../../src/core/analysis/attributionText';

describe('the reason marshalling is not credited to the user', () => {
  it('is the workspace when none of the profile’s own files is in it, for a Go and a Node profile', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'dhp-noroot-'));
    try {
      for (const profile of ['fixtures/go-adserver/profiles/before-v1.pb.gz', 'fixtures/node-adserver/profiles/before-v2.pb.gz']) {
        const { analysis } = await analyzeFile(profile, { root: empty });
        const shares = attributionShares(analysis);
        assert.equal(analysis.coverage.resolvedWeight, 0, profile);
        assert.ok(analysis.coverage.candidateWeight > 0, profile);
        assert.equal(shares.measuredPercent, 0, profile);
        assert.equal(shares.unattributedReason, NOT_FOUND_REASON, profile);
      }
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });

  it('stays the SDK’s own reason when the sources are the root', async () => {
    const { analysis: node } = await analyzeFile('fixtures/node-adserver/profiles/before-v2.pb.gz', { root: 'fixtures/node-adserver' });
    assert.ok(node.coverage.resolvedWeight > 0);
    assert.equal(attributionShares(node).unattributedReason, 'the SDK parses responses in an async callback, where no frame of your code is on the stack');
    const { analysis: go } = await analyzeFile('fixtures/go-adserver/profiles/before-v1.pb.gz', { root: 'fixtures/go-adserver/src' });
    assert.ok(go.coverage.resolvedWeight > 0);
    assert.equal(attributionShares(go).measuredPercent.toFixed(1), '84.6');
    assert.equal(attributionShares(go).unattributedReason, undefined);
  });
});
