/**
 * Server tier: the Go migration's requests over real LSP on a copy of test/fixtures/go-getmod (a
 * guregu/dynamo v1 module whose go.mod has no aws-sdk-go-v2 module): MigrateGo names the go get
 * the rewrite needs and changes nothing; GoGet previews on a copy of go.mod (the diff's texts
 * come back, the module's go.mod is untouched), runs in the module only with apply, and refuses
 * arguments a migration would not name, and everything in an untrusted workspace. go get
 * resolves modules through the module proxy, as the user's does (CI has it).
 */
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, readFileSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { GoGetRequest, MigrateGoRequest } from '../../src/shared/protocol';
import { buildServer, LspSession, makeWorkDir, REPO } from './lspHarness';

const sessions: LspSession[] = [];
after(async () => {
  for (const s of sessions) await s.stop();
});

async function start(trusted: boolean): Promise<{ lsp: LspSession; root: string; uri: string }> {
  const workDir = makeWorkDir();
  const serverJs = await buildServer(workDir);
  // The bundle finds the Go helper's sources above itself, as in the installed extension.
  symlinkSync(join(REPO, 'gohelper'), join(workDir, 'gohelper'), 'dir');
  const root = join(workDir, 'getmod');
  cpSync(join(REPO, 'test/fixtures/go-getmod'), root, { recursive: true });
  const lsp = await LspSession.start(serverJs, root, workDir, { trusted });
  sessions.push(lsp);
  return { lsp, root, uri: pathToFileURL(join(root, 'app.go')).href };
}

describe('MigrateGo and GoGet requests', () => {
  it('migrates without touching go.mod, previews go get on a copy, runs it only with apply', async () => {
    const { lsp, root, uri } = await start(true);
    const goMod = readFileSync(join(root, 'go.mod'), 'utf8');
    const r = await lsp.connection.sendRequest(MigrateGoRequest, { uri });
    assert.equal(r.builds, true);
    assert.deepEqual(r.packages, [['example.com/getmod']]);
    assert.ok(r.files[0]!.after?.includes('"github.com/guregu/dynamo/v2"'));
    assert.deepEqual(r.goGet, ['github.com/aws/aws-sdk-go-v2/aws', 'github.com/aws/aws-sdk-go-v2/aws/ratelimit', 'github.com/aws/aws-sdk-go-v2/aws/retry', 'github.com/aws/aws-sdk-go-v2/config', 'github.com/guregu/dynamo/v2', 'github.com/guregu/dynamo@none', 'github.com/aws/aws-sdk-go@none']);
    assert.equal(readFileSync(join(root, 'go.mod'), 'utf8'), goMod);

    const preview = await lsp.connection.sendRequest(GoGetRequest, { uri, args: r.goGet, apply: false });
    assert.equal(preview.ok, true, preview.output);
    assert.equal(preview.applied, false);
    assert.equal(preview.goModBefore, goMod);
    assert.match(preview.goModAfter, /^\tgithub\.com\/guregu\/dynamo\/v2 v2\.\d+\.\d+/m);
    assert.doesNotMatch(preview.goModAfter, /github\.com\/guregu\/dynamo v1/);
    assert.ok(preview.goSumAdded > 0);
    assert.equal(readFileSync(join(root, 'go.mod'), 'utf8'), goMod);

    const done = await lsp.connection.sendRequest(GoGetRequest, { uri, args: r.goGet, apply: true });
    assert.equal(done.applied, true, done.output);
    assert.equal(readFileSync(join(root, 'go.mod'), 'utf8'), preview.goModAfter);
  });

  it('refuses go get arguments a migration would not name', async () => {
    const { lsp, uri } = await start(true);
    await assert.rejects(lsp.connection.sendRequest(GoGetRequest, { uri, args: ['github.com/evil/module'], apply: true }), /go get was not run: github\.com\/evil\/module is not a module the migration asks for/);
  });

  it('refuses both in an untrusted workspace', async () => {
    const { lsp, uri } = await start(false);
    await assert.rejects(lsp.connection.sendRequest(MigrateGoRequest, { uri }), /trust the workspace first/);
    await assert.rejects(lsp.connection.sendRequest(GoGetRequest, { uri, args: ['github.com/guregu/dynamo/v2'], apply: false }), /trust the workspace first/);
  });
});
