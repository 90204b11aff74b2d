/**
 * The language server and hostile profiles: a gzip bomb and a profile over the
 * `dynamoHotpath.limits.maxProfileMB` setting are refused with a message naming the file, and the
 * server goes on answering (issue 13: an out-of-memory abort killed it).
 */
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { ResponseError } from 'vscode-languageserver-protocol';
import { LoadProfileRequest } from '../../src/shared/protocol';
import { LspSession, REPO, startOnFixtures } from './lspHarness';

const PROFILE = join(REPO, 'fixtures/go-adserver/profiles/before-v1.pb.gz');
const LARGE = join(REPO, 'fixtures/third-party/pprof/google-pprof_large.cpu.pb.gz');

describe('language server: profiles over the limits', () => {
  let lsp: LspSession;
  let dir: string;
  before(async () => {
    ({ lsp, workDir: dir } = await startOnFixtures());
  });
  after(() => lsp.stop());

  const refusal = (pattern: RegExp) => (e: unknown) => e instanceof ResponseError && pattern.test(e.message);

  it('refuses a gzip bomb with the limit in the message, then loads a real profile', async () => {
    const bomb = join(dir, 'bomb.pb.gz');
    writeFileSync(bomb, gzipSync(Buffer.alloc(160 * 1024 * 1024), { level: 1 }));
    await assert.rejects(lsp.connection.sendRequest(LoadProfileRequest, { path: bomb, progressId: 'bomb' }), refusal(new RegExp(`^${bomb.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}: it inflates to more than 128 MB, the limit for a profile`)));
    const summary = await lsp.connection.sendRequest(LoadProfileRequest, { path: PROFILE, progressId: 'after-bomb' });
    assert.equal(summary.dynamoPercent.toFixed(1), '84.6');
  });

  it('applies dynamoHotpath.limits.maxProfileMB', async () => {
    await lsp.sendSettings({ limits: { maxProfileMB: 2 } });
    await assert.rejects(lsp.connection.sendRequest(LoadProfileRequest, { path: LARGE, progressId: 'small-limit' }), refusal(/inflates to more than 2 MB/));
    await lsp.sendSettings({ limits: { maxProfileMB: 3 } });
    const summary = await lsp.connection.sendRequest(LoadProfileRequest, { path: LARGE, progressId: 'larger-limit' });
    assert.equal(summary.name, 'google-pprof_large.cpu.pb.gz');
  });
});
