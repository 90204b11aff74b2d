// A profile recorded elsewhere (Lambda's /var/task) against a monorepo root: an ambiguous path
// lists its candidates with the exact --map for each, and recorded call sites in it get a warning.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { analyzeWithSources } from '../../../src/core/analysis/prepare';
import { CALL_SITE_LABEL, FUNCTION_LABEL } from '../../../src/core/analysis/recorderLabels';
import { createPathResolver } from '../../../src/core/paths/resolve';
import { createWorkspaceIndex } from '../../../src/core/paths/workspaceIndex';
import { pathCandidates, unresolvedAction } from '../../../src/core/paths/unresolvedAdvice';
import type { Profile } from '../../../src/core/profile/model';

const index = createWorkspaceIndex('/mono', ['svc-a/src/store.js', 'svc-b/src/store.js', 'tools/drive.js']);
const STORE = '/var/task/src/store.js';

describe('ambiguous paths: candidates and the --map that picks each', () => {
  it('gives each candidate its checked rule, and the one-line action', () => {
    const resolver = createPathResolver(index);
    const resolution = resolver.resolve(STORE);
    assert.deepEqual(resolution, { kind: 'unresolved', reason: 'ambiguous', candidates: ['svc-a/src/store.js', 'svc-b/src/store.js'] });
    const candidates = pathCandidates(STORE, resolution, resolver);
    assert.deepEqual(candidates, [
      { relativePath: 'svc-a/src/store.js', map: { from: '/var/task', to: 'svc-a' } },
      { relativePath: 'svc-b/src/store.js', map: { from: '/var/task', to: 'svc-b' } },
    ]);
    assert.equal(unresolvedAction(candidates), 'add --map /var/task=svc-a (→ svc-a/src/store.js) or --map /var/task=svc-b (→ svc-b/src/store.js)');
    assert.equal(createPathResolver(index, [candidates[0]!.map!]).resolve(STORE).kind, 'resolved', 'the printed rule resolves the path');
    assert.equal(unresolvedAction(undefined), 'add --map FROM=TO');
  });

  it('lists them in the coverage and warns that recorded call sites there cannot be placed', () => {
    const profile: Profile = {
      sourcePath: 'lambda.pb.gz', format: 'pprof', sampleType: { type: 'cpu', unit: 'nanoseconds' }, sampleTypes: [{ type: 'cpu', unit: 'nanoseconds' }],
      durationNs: undefined,
      frames: [
        { name: 'parse', file: '/mono/node_modules/aws-sdk/lib/json/parser.js', line: 1, inlined: false },
        { name: 'getProduct', file: STORE, line: 20, inlined: false },
        { name: 'main', file: '/mono/tools/drive.js', line: 33, inlined: false },
      ],
      samples: [{ stack: Uint32Array.from([0, 1, 2]), weight: 300, count: 3, labels: 0 }, { stack: Uint32Array.from([2]), weight: 700, count: 7 }],
      totalWeight: 1000, idleWeight: 0, warnings: [],
      labelSets: [{ [CALL_SITE_LABEL]: `${STORE}:22:57`, [FUNCTION_LABEL]: 'getProduct' }],
    };
    const { analysis } = analyzeWithSources(profile, { resolver: createPathResolver(index) });
    const unresolved = analysis.coverage.unresolved.find((u) => u.profileFile === STORE);
    assert.deepEqual(unresolved?.candidates?.map((c) => `${c.map?.from}=${c.map?.to}`), ['/var/task=svc-a', '/var/task=svc-b']);
    assert.ok(
      analysis.warnings.includes('recorded call sites in /var/task/src/store.js (line 22; 30.0% of the profile) cannot be placed: the path matches 2 workspace files; add --map /var/task=svc-a (→ svc-a/src/store.js) or --map /var/task=svc-b (→ svc-b/src/store.js). Until then their share goes to the nearest frame of your code above the call (or stays unattributed)'),
      analysis.warnings.join('\n'),
    );
  });
});
