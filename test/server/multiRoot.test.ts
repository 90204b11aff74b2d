/**
 * Server tier, multi-root: the Go and the Node fixture services as two workspace folders;
 * each root maps the profile's paths on its own.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { CodeLensRequest, DidChangeWorkspaceFoldersNotification } from 'vscode-languageserver-protocol';
import { GetReportRequest, LoadProfileRequest, ProfileChangedNotification, type ProfileSummary } from '../../src/shared/protocol';
import { LspSession, REPO, startOnFixtures } from './lspHarness';

describe('language server with two workspace folders (Go and Node fixtures)', () => {
  let lsp: LspSession;
  let goRoot: string;
  let nodeRoot: string;

  before(async () => {
    const started = await startOnFixtures(['go-adserver', 'node-adserver']);
    ({ lsp } = started);
    [goRoot, nodeRoot] = started.roots as [string, string];
  });

  after(async () => {
    await lsp?.stop();
  });

  /** Resolves with the next profile summary the server announces. */
  const nextSummary = () => new Promise<ProfileSummary | null>((resolve) => {
    const sub = lsp.connection.onNotification(ProfileChangedNotification, (s) => {
      sub.dispose();
      resolve(s);
    });
  });

  it('maps a Go profile into the Go root only', async () => {
    const summary = await lsp.connection.sendRequest(LoadProfileRequest, { path: join(REPO, 'fixtures/go-adserver/profiles/before-v1.pb.gz'), progressId: 'go' });
    assert.deepEqual(summary.roots.map((r) => r.callSiteCount), [6, 0]);
    const nodeReport = await lsp.connection.sendRequest(GetReportRequest, { rootUri: pathToFileURL(nodeRoot).toString() });
    assert.equal(nodeReport?.callSites.length, 0);
  });

  it('puts the lenses of a V8 profile of the Node service on its adapter, one figures lens per line', async () => {
    const summary = await lsp.connection.sendRequest(LoadProfileRequest, { path: join(REPO, 'fixtures/node-adserver/profiles/before-v2.cpuprofile'), progressId: 'node' });
    assert.equal(summary.format, 'v8-cpuprofile');
    assert.equal(summary.roots[0].callSiteCount, 0);
    const report = await lsp.connection.sendRequest(GetReportRequest, { rootUri: pathToFileURL(nodeRoot).toString() });
    assert.ok(report && report.callSites.length > 0);
    const hottest = report.callSites.find((c) => c.functionName === 'getTargetingModel')!;
    assert.match(hottest.relativePath, /v2-adapter\.(js|ts)$/);
    // A plain --cpu-prof profile: the async response parsing is shared among call sites as an estimate, and the summary adds up.
    const shares = report.summary.attribution!;
    assert.ok(Math.abs(shares.measuredPercent + shares.estimatedPercent + shares.unattributedPercent - report.summary.dynamoPercent) < 1e-9);
    assert.ok(shares.estimatedPercent > 30, `estimated ${shares.estimatedPercent}`);
    assert.ok(hottest.estimatedPercent > 1, `estimated at getTargetingModel ${hottest.estimatedPercent}`);
    // Sources unchanged since the profile: every call site has its lens, nothing is said apart.
    assert.equal(shares.offLensPercent, undefined);
    assert.match(hottest.description, /^DynamoDB unmarshal \(aws-sdk v2 DynamoDB\.Converter/);
    const uri = await lsp.open(hottest.absolutePath);
    // The profile's lenses (`▶ Benchmark` lenses are checked in benchmarkLenses.test.ts).
    const lenses = ((await lsp.connection.sendRequest(CodeLensRequest.type, { textDocument: { uri } })) ?? []).filter((l) => l.command?.command !== 'dynamoHotpath.runBenchmark');
    const titles = lenses.map((l) => [l.range.start.line + 1, l.command?.title]);
    const expected = `${hottest.totalPercent.toFixed(1)}% CPU · ${hottest.dynamoPercent.toFixed(1)}% ${hottest.description} · ~${hottest.estimatedPercent.toFixed(1)}% estimated`;
    assert.deepEqual(titles.filter(([line]) => line === hottest.line), [[hottest.line, expected], [hottest.line, 'migrate ›']]);
    const figureLines = titles.filter(([, title]) => title !== 'migrate ›').map(([line]) => line);
    assert.deepEqual(figureLines, [...new Set(figureLines)], 'one figures lens per line');
  });

  it('follows workspace folders being removed and added, mapping a new folder at once', async () => {
    const node = { uri: pathToFileURL(nodeRoot).toString(), name: 'root1' };
    let announced = nextSummary();
    await lsp.connection.sendNotification(DidChangeWorkspaceFoldersNotification.type, { event: { added: [], removed: [node] } });
    assert.deepEqual((await announced)?.roots.map((r) => r.rootUri), [pathToFileURL(goRoot).toString()]);
    announced = nextSummary();
    await lsp.connection.sendNotification(DidChangeWorkspaceFoldersNotification.type, { event: { added: [node], removed: [] } });
    const summary = await announced;
    assert.equal(summary?.roots.length, 2);
    assert.ok((summary?.roots.find((r) => r.rootUri === node.uri)?.callSiteCount ?? 0) > 0);
  });
});
