/**
 * Server tier: a recorded profile of a service that reaches DynamoDB through a one-line helper
 * called from two handlers (test/fixtures/record-wrapper, aws-sdk v2 against dynalite) puts a
 * lens on each handler's call of the helper with its part of the helper line's share, and the
 * hovers of both say how the share splits; the report's call-site table carries the same parts.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { CodeLensRequest, HoverRequest, type MarkupContent } from 'vscode-languageserver-protocol';
import { GetReportRequest, LoadProfileRequest } from '../../src/shared/protocol';
import { type LspSession, REPO, startOnService } from './lspHarness';

const FIXTURE = join(REPO, 'test/fixtures/record-wrapper');

describe('language server: lenses on the callers of a helper', () => {
  let lsp: LspSession;
  let root: string;

  before(async () => {
    ({ lsp, root } = await startOnService(FIXTURE, ['handlers.js', 'db-v2.js']));
    await lsp.connection.sendRequest(LoadProfileRequest, { path: join(FIXTURE, 'profiles/wrapper-v2.pb.gz'), progressId: 'callers' });
  });

  after(async () => {
    await lsp?.stop();
  });

  const lensesOf = async (file: string) => {
    const lenses = (await lsp.connection.sendRequest(CodeLensRequest.type, { textDocument: { uri: pathToFileURL(join(root, file)).toString() } })) ?? [];
    return lenses.filter((l) => l.command?.command === 'dynamoHotpath.showReport').map((l) => [l.range.start.line + 1, l.command!.title]);
  };
  const hoverAt = async (file: string, line: number) => {
    const hover = await lsp.connection.sendRequest(HoverRequest.type, { textDocument: { uri: pathToFileURL(join(root, file)).toString() }, position: { line: line - 1, character: 4 } });
    return (hover?.contents as MarkupContent | undefined)?.value ?? '';
  };

  it('each handler line carries its part of the helper line, marked as a part of it', async () => {
    assert.deepEqual(await lensesOf('handlers.js'), [
      [5, "1.1% DynamoDB via db-v2.js:8 (query) · part of that line's 25.2%"],
      [10, "24.1% DynamoDB via db-v2.js:8 (query) · part of that line's 25.2%"],
    ]);
    // (line 1: the module's top level, where the SDK is loaded and the client made.)
    assert.deepEqual(await lensesOf('db-v2.js'), [
      [1, '12.0% CPU · 0.1% DynamoDB unmarshal (aws-sdk v2 DocumentClient, interpreted)'],
      [8, '43.9% CPU · 25.2% DynamoDB unmarshal (aws-sdk v2 JSON parser, interpreted)'],
    ]);
  });

  it('a thin wrapper with one caller (warmUp: all its SDK call) puts a lens on that caller too', async () => {
    assert.deepEqual((await lensesOf('main.js')).filter(([line]) => line === 19), [[19, "6.3% DynamoDB via main.js:13 (warmUp) · part of that line's 6.3%"]]);
  });

  it('the hovers split the helper line by caller', async () => {
    const helper = await hoverAt('db-v2.js', 8);
    assert.match(helper, /\*\*Called from\*\* \(parts of this line's 25\.2% measured\):\n- 24\.1% from handlers\.js:10 \(listOrders\)\n- 1\.1% from handlers\.js:5 \(listBadges\)/);
    const caller = await hoverAt('handlers.js', 10);
    assert.match(caller, /^\*\*DynamoDB Hot Path\*\* — 24\.1% DynamoDB via db-v2\.js:8 \(query\) · part of that line's 25\.2%/);
    assert.match(caller, /This line calls `query`, whose call into the SDK at db-v2\.js:8 \(query\) is the call site/);
  });

  it('the report lists the callers under the helper, parts summing with the no-caller part to its share', async () => {
    const report = await lsp.connection.sendRequest(GetReportRequest, {});
    const helper = report!.callSites.find((s) => s.id === 'db-v2.js:8')!;
    assert.deepEqual(helper.callers.map((c) => [c.relativePath, c.line, c.functionName, c.dynamoPercent.toFixed(1)]), [
      ['handlers.js', 10, 'listOrders', '24.1'],
      ['handlers.js', 5, 'listBadges', '1.1'],
    ]);
    assert.equal(helper.callers[0]!.absolutePath, join(root, 'handlers.js'));
    assert.ok(Math.abs(helper.callers.reduce((sum, c) => sum + c.dynamoPercent, helper.noCallerPercent) - helper.dynamoPercent) < 1e-9);
    // db-v2.js:1 (module top level) has one caller and is no thin wrapper: no caller rows, as in the CLI.
    assert.deepEqual(report!.callSites.find((s) => s.id === 'db-v2.js:1')!.callers, []);
  });
});
