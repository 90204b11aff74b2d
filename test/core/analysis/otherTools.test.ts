// Inputs from other tools, restated as small inputs: a profile with no DynamoDB SDK frames at all
// (google/pprof's sample CPU profile), and a monorepo service whose profile records paths relative
// to the repository root while the workspace is the service folder.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { analyzeFile } from '../../../src/core/analysis/analyzeFile';
import { createPathResolver } from '../../../src/core/paths/resolve';
import { createWorkspaceIndex } from '../../../src/core/paths/workspaceIndex';

describe('inputs from other tools', () => {
  it('says plainly that a profile has no DynamoDB SDK frames when that is why the share is 0', async () => {
    const { analysis: a } = await analyzeFile('fixtures/third-party/pprof/google-pprof_sample.cpu.pb.gz', { root: 'fixtures/go-adserver/src' });
    assert.equal(a.dynamoWeight, 0);
    assert.ok(a.warnings.some((w) => w.startsWith('the profile has no DynamoDB SDK frames')), a.warnings.join('\n'));
    const { analysis: go } = await analyzeFile('fixtures/go-adserver/profiles/after-v2.pb.gz', { root: 'fixtures/go-adserver/src' });
    assert.ok(!go.warnings.some((w) => w.startsWith('the profile has no DynamoDB SDK frames')));
  });

  it('never calls a monorepo service file runtime: services/api/internal/repo/repo.go finds internal/repo/repo.go', () => {
    const index = createWorkspaceIndex('/ws/api', ['go.mod', 'internal/repo/repo.go'], [{ dir: '', modulePath: 'github.com/acme/mono/services/api' }]);
    assert.deepEqual(createPathResolver(index).resolve('services/api/internal/repo/repo.go'), {
      kind: 'resolved',
      relativePath: 'internal/repo/repo.go',
      absolutePath: '/ws/api/internal/repo/repo.go',
      by: 'suffix',
    });
  });
});
