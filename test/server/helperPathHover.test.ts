/**
 * Server tier: a call through a promisify-style helper, recorded with `record` against dynalite
 * (test/fixtures/record-promisify): the lenses sit on the business lines past the helper
 * (feed.js:4 loadFeed, feed.js:9 loadBadges), none inside it, and each hover names the helper as
 * the path the call took.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { CodeLensRequest, HoverRequest, type MarkupContent } from 'vscode-languageserver-protocol';
import { LoadProfileRequest } from '../../src/shared/protocol';
import { type LspSession, REPO, startOnService } from './lspHarness';

const FIXTURE = join(REPO, 'test/fixtures/record-promisify');

describe('language server: the business line past a helper', () => {
  let lsp: LspSession;
  let root: string;

  before(async () => {
    ({ lsp, root } = await startOnService(FIXTURE, ['feed.js', 'util.js']));
    await lsp.connection.sendRequest(LoadProfileRequest, { path: join(FIXTURE, 'profiles/promisify-v2.pb.gz'), progressId: 'helper' });
  });

  after(async () => {
    await lsp?.stop();
  });

  const lensesOf = async (file: string) => {
    const lenses = (await lsp.connection.sendRequest(CodeLensRequest.type, { textDocument: { uri: pathToFileURL(join(root, file)).toString() } })) ?? [];
    return lenses.filter((l) => l.command?.command === 'dynamoHotpath.showReport').map((l) => [l.range.start.line + 1, l.command!.title] as const);
  };

  it('puts the lenses on the business lines, none inside the helper', async () => {
    assert.deepEqual((await lensesOf('feed.js')).map(([line, title]) => [line, title.replace(/ DynamoDB .*/, '')]), [
      [3, 'loadFeed: 27.0% CPU · 15.4%'],
      [4, '25.9% CPU · 15.4%'],
      [8, 'loadBadges: 11.9% CPU · 1.7%'],
      [9, '10.7% CPU · 1.7%'],
    ]);
    assert.deepEqual(await lensesOf('util.js'), []);
  });

  it('the hover names the helper the calls went through', async () => {
    const hover = await lsp.connection.sendRequest(HoverRequest.type, { textDocument: { uri: pathToFileURL(join(root, 'feed.js')).toString() }, position: { line: 3, character: 4 } });
    const text = (hover?.contents as MarkupContent | undefined)?.value ?? '';
    assert.match(text, /\*\*Through\*\* util\.js:3 \(call\) → util\.js:4: the recorded calls of this line passed through that helper before the SDK/);
  });
});
