/**
 * Server tier: a line-0 profile (the real before-v1 Go profile with every line set to 0, as
 * Pyroscope writes merged profiles) puts one function-level lens on each method's declaration,
 * says so in its title, and offers no `migrate ›` there (a declaration is not the SDK call).
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CodeLensRequest } from 'vscode-languageserver-protocol';
import { LoadProfileRequest } from '../../src/shared/protocol';
import { lineZeroPprof } from '../helpers/lineZeroProfile';
import { LspSession, REPO, startOnFixtures } from './lspHarness';

const ADAPTER = 'internal/repository/ddbv1/adapter.go';
const WHOLE = ' · whole function (the profile has no lines)';

describe('language server: lenses of a line-0 profile', () => {
  let lsp: LspSession;
  let profilePath: string;
  let adapterUri: string;

  before(async () => {
    const started = await startOnFixtures();
    lsp = started.lsp;
    profilePath = join(started.workDir, 'before-v1-line0.pb');
    writeFileSync(profilePath, lineZeroPprof(join(REPO, 'fixtures/go-adserver/profiles/before-v1.pb.gz')));
    adapterUri = await lsp.open(join(started.roots[0]!, ADAPTER));
  });

  after(async () => {
    await lsp?.stop();
  });

  it('puts each lens on the method declaration, marked whole function, without migrate ›', async () => {
    await lsp.connection.sendRequest(LoadProfileRequest, { path: profilePath, progressId: 'line0' });
    const lenses = (await lsp.connection.sendRequest(CodeLensRequest.type, { textDocument: { uri: adapterUri } })) ?? [];
    const shown = lenses.filter((l) => l.command?.command !== 'dynamoHotpath.runBenchmark').map((l) => [l.range.start.line + 1, l.command?.title ?? '']);
    assert.deepEqual(shown, [
      [48, `56.5% CPU · 55.5% DynamoDB unmarshal (aws-sdk-go v1 jsonutil, reflection)${WHOLE}`],
      [70, `28.8% CPU · 27.3% DynamoDB unmarshal (aws-sdk-go v1 jsonutil, reflection)${WHOLE}`],
      [90, `2.9% CPU · 1.8% DynamoDB marshal (aws-sdk-go v1 jsonutil, reflection)${WHOLE}`],
    ]);
  });
});
