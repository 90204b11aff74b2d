/**
 * Server tier: the report's flame graph is built from the profile the analysis saw. On the
 * aws-sdk-go-v2 sample (after-v2.pb.gz, 54.6 % of the CPU in stacks cut at 64 frames) the raw
 * stacks start at six and more mid-stack frames (smithy middleware…); repaired, every marshalling
 * stack starts at the goroutine's root, as the call-site table credits it.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { GetReportRequest, LoadProfileRequest } from '../../src/shared/protocol';
import { LspSession, REPO, startOnFixtures } from './lspHarness';

describe('language server: the report flame graph of the prepared profile', () => {
  let lsp: LspSession;
  before(async () => {
    ({ lsp } = await startOnFixtures());
  });
  after(async () => {
    await lsp?.stop();
  });

  it('after-v2: every marshalling stack under main.main.func2 once the cut stacks are repaired', async () => {
    await lsp.connection.sendRequest(LoadProfileRequest, { path: join(REPO, 'fixtures/go-adserver/profiles/after-v2.pb.gz'), progressId: 'flame' });
    const report = await lsp.connection.sendRequest(GetReportRequest, {});
    assert.ok(report);
    assert.deepEqual(report.flame.children.map((c) => c.name), ['main.main.func2']);
    assert.equal(Math.round(report.flame.value / 1e6), 10_580);
    assert.equal(Math.round(report.flame.children[0]!.value / 1e6), 10_580);
  });
});
