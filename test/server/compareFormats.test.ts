/**
 * Server tier, Compare with Baseline across profile formats: a @datadog/pprof profile (CPU time)
 * against a `node --cpu-prof` profile (wall time of the JS thread) of the Node fixture service.
 * Only shares are comparable: the summary, its headline and the report's totals say so.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { CompareProfilesRequest, GetReportRequest, LoadProfileRequest } from '../../src/shared/protocol';
import { buildServer, copyGoSources, LspSession, makeWorkDir, REPO } from './lspHarness';

const PROFILES = join(REPO, 'fixtures/node-adserver/profiles');

describe('Compare with Baseline: a pprof baseline against a .cpuprofile', () => {
  let lsp: LspSession;

  before(async () => {
    const workDir = makeWorkDir();
    const serverJs = await buildServer(workDir);
    const root = copyGoSources(workDir, 'node-adserver');
    lsp = await LspSession.start(serverJs, root, workDir);
  });

  after(async () => {
    await lsp?.stop();
  });

  it('compares shares only and says why in the summary, the headline and the report totals', async () => {
    await lsp.connection.sendRequest(LoadProfileRequest, { path: join(PROFILES, 'after-v3.cpuprofile'), progressId: 'load' });
    const summary = await lsp.connection.sendRequest(CompareProfilesRequest, { baselinePath: join(PROFILES, 'before-v2.pb.gz'), progressId: 'cmp' });
    assert.equal(summary.normalization, 'share');
    assert.equal(summary.notComparable, 'CPU vs wall time');
    assert.deepEqual(summary.requestSources, { before: 'before-v2.pb.gz.json: requests', after: 'after-v3.cpuprofile.json: requests' });
    assert.match(summary.headline[0]!, /^Per request and absolute values not comparable: before is CPU time \(pprof cpu\/nanoseconds\); after is wall time of the sampled JS thread/);
    assert.equal(summary.headline[1], 'DynamoDB marshalling 52.2% → 43.6% of each profile (-8.6 pp)');
    const report = await lsp.connection.sendRequest(GetReportRequest, {});
    const totals = report?.comparison?.sections.find((s) => s.title === 'Totals');
    assert.deepEqual(totals?.rows.find((r) => r[0] === 'CPU / wall time per request'), ['CPU / wall time per request', '4.929 ms', '5.047 ms', 'not comparable: CPU vs wall time']);
  });
});
