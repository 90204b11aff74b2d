/**
 * Server tier: the bundled language server over stdio, real LSP, the real Go fixture profile
 * against a temporary copy of its sources.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  CodeLensRequest,
  DidChangeTextDocumentNotification,
  HoverRequest,
  LSPErrorCodes,
  ResponseError,
  CancellationTokenSource,
  type CodeLens,
} from 'vscode-languageserver-protocol';
import { ClearProfileRequest, GetReportRequest, LoadProfileRequest, ProfileChangedNotification, type ProfileSummary } from '../../src/shared/protocol';
import { LspSession, REPO, startOnFixtures } from './lspHarness';

const PROFILE = join(REPO, 'fixtures/go-adserver/profiles/before-v1.pb.gz');
const ADAPTER = 'internal/repository/ddbv1/adapter.go';

/** The lenses of adapter.go for before-v1.pb.gz at the default threshold (1 %), by 1-based line. */
const EXPECTED: [number, string][] = [
  [48, 'GetUserActivity: 56.5% CPU · 55.5% DynamoDB in 2 call sites'],
  [49, '51.6% CPU · 50.7% DynamoDB unmarshal (aws-sdk-go v1 jsonutil, reflection)'],
  [49, 'migrate ›'],
  [63, '4.8% CPU · 4.8% DynamoDB unmarshal (aws-sdk-go v1 dynamodbattribute, reflection)'],
  [63, 'migrate ›'],
  [70, 'GetTargetingModel: 28.8% CPU · 27.3% DynamoDB in 2 call sites'],
  [71, '26.1% CPU · 24.6% DynamoDB unmarshal (aws-sdk-go v1 jsonutil, reflection)'],
  [71, 'migrate ›'],
  [83, '2.7% CPU · 2.7% DynamoDB unmarshal (aws-sdk-go v1 dynamodbattribute, reflection)'],
  [83, 'migrate ›'],
  [90, 'RecordImpression: 2.9% CPU · 1.8% DynamoDB in 2 call sites'],
  [95, '2.5% CPU · 1.3% DynamoDB marshal (aws-sdk-go v1 jsonutil, reflection)'],
  [95, 'migrate ›'],
];

/** The profile's lenses (`▶ Benchmark` lenses are checked in benchmarkLenses.test.ts). */
function lines(lenses: CodeLens[] | null): [number, string][] {
  return (lenses ?? []).filter((l) => l.command?.command !== 'dynamoHotpath.runBenchmark').map((l) => [l.range.start.line + 1, l.command?.title ?? '']);
}

describe('language server over stdio with the Go fixture', () => {
  let lsp: LspSession;
  let root: string;
  let adapterPath: string;
  let adapterUri: string;
  let version = 1;
  const summaries: (ProfileSummary | null)[] = [];

  const lenses = async () => lines(await lsp.connection.sendRequest(CodeLensRequest.type, { textDocument: { uri: adapterUri } }));
  const edit = async (text: string) => {
    await lsp.connection.sendNotification(DidChangeTextDocumentNotification.type, { textDocument: { uri: adapterUri, version: ++version }, contentChanges: [{ text }] });
  };

  before(async () => {
    const started = await startOnFixtures();
    lsp = started.lsp;
    root = started.roots[0]!;
    adapterPath = join(root, ADAPTER);
    lsp.connection.onNotification(ProfileChangedNotification, (s) => summaries.push(s));
    adapterUri = await lsp.open(adapterPath);
  });

  after(async () => {
    await lsp?.stop();
  });

  it('has no lenses before a profile is loaded', async () => {
    assert.deepEqual(await lenses(), []);
  });

  it('rejects a file that is not a profile with a message naming it', async () => {
    const bogus = join(root, 'go.mod');
    await assert.rejects(lsp.connection.sendRequest(LoadProfileRequest, { path: bogus, progressId: 'bad' }), (e: unknown) => {
      assert.ok(e instanceof ResponseError);
      assert.match(e.message, new RegExp(`^${bogus.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}: `));
      return true;
    });
  });

  it('stops a load that is cancelled', async () => {
    const source = new CancellationTokenSource();
    const pending = lsp.connection.sendRequest(LoadProfileRequest, { path: PROFILE, progressId: 'cancelled' }, source.token);
    source.cancel();
    await assert.rejects(pending, (e: unknown) => e instanceof ResponseError && e.code === LSPErrorCodes.RequestCancelled);
    assert.deepEqual(await lenses(), []);
  });

  it('loads before-v1.pb.gz with progress and reports 84.6% of CPU in DynamoDB marshalling', async () => {
    const progress: number[] = [];
    lsp.connection.onNotification('dynamoHotpath/loadProgress', (p: { progressId: string; percent: number }) => {
      if (p.progressId === 'load-1') progress.push(p.percent);
    });
    const summary = await lsp.connection.sendRequest(LoadProfileRequest, { path: PROFILE, progressId: 'load-1' });
    assert.equal(summary.name, 'before-v1.pb.gz');
    assert.equal(summary.sampleType, 'cpu/nanoseconds');
    assert.equal(summary.totalWeight, 16_400_000_000);
    assert.equal(summary.dynamoPercent.toFixed(1), '84.6');
    assert.equal(summary.roots.length, 1);
    assert.equal(summary.roots[0].callSiteCount, 6);
    assert.equal(progress.at(-1), 100);
    assert.equal(summaries.at(-1)?.name, 'before-v1.pb.gz');
  });

  it('puts the lenses on the exact lines of adapter.go with the exact titles', async () => {
    assert.deepEqual(await lenses(), EXPECTED);
  });

  it('gives the migrate lens the span of the call and the suggested migration', async () => {
    const all = (await lsp.connection.sendRequest(CodeLensRequest.type, { textDocument: { uri: adapterUri } })) ?? [];
    const migrate = all.find((l) => l.range.start.line === 48 && l.command?.title === 'migrate ›');
    assert.deepEqual(migrate?.command?.command, 'dynamoHotpath.migrateCallSite');
    assert.deepEqual(migrate?.command?.arguments, [
      { uri: adapterUri, startLine: 48, endLine: 57, migration: 'go-sdk-v2', rootUri: pathToFileURL(root).toString(), callSiteId: `${ADAPTER}:49` },
    ]);
  });

  it('explains the hottest line on hover: chain to the SDK frames with flat/cum and the category', async () => {
    const hover = await lsp.connection.sendRequest(HoverRequest.type, { textDocument: { uri: adapterUri }, position: { line: 48, character: 20 } });
    const value = (hover?.contents as { value: string }).value;
    assert.match(value, /51\.6% CPU · 50\.7% DynamoDB unmarshal/);
    assert.match(value, /\| user \| `github\.com\/example\/adserver\/internal\/repository\/ddbv1\.\(\*Adapter\)\.GetUserActivity` \| 0\.0% \| 56\.5% \|/);
    assert.match(value, /jsonutil/);
    assert.match(value, /\*protocol-unmarshal\*: Decoding the DynamoDB JSON response .*\(source: aws-sdk-go v1\.44 private\/protocol\/json\/jsonutil\/unmarshal\.go/);
    const none = await lsp.connection.sendRequest(HoverRequest.type, { textDocument: { uri: adapterUri }, position: { line: 50, character: 3 } });
    assert.equal(none, null);
  });

  it('moves the lenses with their code when lines are inserted above', async () => {
    const original = readFileSync(adapterPath, 'utf8');
    await edit(original.replace('// GetUserActivity queries', '// added 1\n// added 2\n// added 3\n// GetUserActivity queries'));
    assert.deepEqual(await lenses(), EXPECTED.map(([line, title]) => [line + 3, title]));
  });

  it('hides the lens of a deleted call and keeps the others in place', async () => {
    const original = readFileSync(adapterPath, 'utf8');
    await edit(original.replace('\tif err := dynamodbattribute.UnmarshalListOfMaps(out.Items, &acts); err != nil {\n\t\treturn nil, fmt.Errorf("ddbv1: unmarshal activity: %w", err)\n\t}\n', ''));
    const expected = EXPECTED.filter(([line]) => line !== 63).map(([line, title]): [number, string] => [line > 63 ? line - 3 : line, title]);
    assert.deepEqual(await lenses(), expected);
    await edit(original);
    assert.deepEqual(await lenses(), EXPECTED);
  });

  it('applies codeLens.minPercent and codeLens.enabled from the settings', async () => {
    await lsp.changeSettings({ codeLens: { minPercent: 10 } });
    assert.deepEqual(await lenses(), EXPECTED.filter(([line]) => [48, 49, 70, 71].includes(line)));
    await lsp.changeSettings({ codeLens: { enabled: false } });
    assert.deepEqual(await lenses(), []);
    await lsp.changeSettings({});
    assert.deepEqual(await lenses(), EXPECTED);
  });

  it('re-maps paths when a pathMappings rule changes', async () => {
    // A second copy of the adapter; a rule sends the recorded ddbv1 folder to it.
    mkdirSync(join(root, 'alt'), { recursive: true });
    copyFileSync(adapterPath, join(root, 'alt/adapter.go'));
    await lsp.changeSettings({ pathMappings: [{ from: '/home/dev/adserver/internal/repository/ddbv1', to: 'alt' }] });
    const report = await lsp.connection.sendRequest(GetReportRequest, {});
    assert.equal(report?.callSites[0].id, 'alt/adapter.go:49');
    assert.deepEqual(await lenses(), []);
    rmSync(join(root, 'alt'), { recursive: true });
    await lsp.changeSettings({});
    assert.deepEqual(await lenses(), EXPECTED);
  });

  it('keeps the previous mapping and tells the user when a pathMappings rule is invalid', async () => {
    const shown = lsp.nextShownMessage();
    await lsp.sendSettings({ pathMappings: [{ from: '/home/dev/adserver', to: '/etc' }] });
    await shown;
    assert.match(lsp.shownMessages.at(-1) ?? '', /^DynamoDB Hot Path: the new settings were not applied: .*\/etc/);
    assert.deepEqual(await lenses(), EXPECTED);
    await lsp.changeSettings({});
  });

  it('re-reads the profile with another value column when sampleType changes', async () => {
    await lsp.changeSettings({ sampleType: 'samples' });
    assert.equal(summaries.at(-1)?.sampleType, 'samples/count');
    assert.equal(summaries.at(-1)?.totalWeight, 1640);
    assert.deepEqual((await lenses()).find(([line]) => line === 49), EXPECTED[1]);
    await lsp.changeSettings({});
    assert.equal(summaries.at(-1)?.sampleType, 'cpu/nanoseconds');
  });

  it('builds the report: call-site table, coverage and the flame graph of marshalling stacks', async () => {
    const report = await lsp.connection.sendRequest(GetReportRequest, {});
    assert.ok(report);
    assert.deepEqual(report.callSites.map((c) => c.id), [
      `${ADAPTER}:49`, `${ADAPTER}:71`, `${ADAPTER}:63`, `${ADAPTER}:83`, `${ADAPTER}:95`, `${ADAPTER}:91`,
    ]);
    assert.equal(report.callSites[0].absolutePath, adapterPath);
    assert.equal(report.flame.name, 'all DynamoDB marshalling');
    // Every sample with a marshalling frame anywhere on its stack (the analysis' 84.6% charges
    // frames whose direction only the stack tells differently; the flame graph shows them all).
    assert.equal(Math.round((report.flame.value / report.summary.totalWeight) * 1000) / 10, 84.8);
    assert.ok(report.flame.children.length > 0);
    assert.equal(report.coverage.percent.toFixed(1), '100.0');
  });

  it('judges lenses by content, not by the clock: a file written again after the profile (a clone, a checkout) keeps them unmarked', async () => {
    const now = new Date();
    writeFileSync(adapterPath, readFileSync(adapterPath, 'utf8'));
    utimesSync(adapterPath, now, now);
    await lsp.connection.sendRequest(LoadProfileRequest, { path: PROFILE, progressId: 'again' });
    assert.deepEqual(await lenses(), EXPECTED);
    const past = new Date('2026-01-01T00:00:00Z');
    utimesSync(adapterPath, past, past);
  });

  it('removes every lens when the profile is cleared', async () => {
    await lsp.connection.sendRequest(ClearProfileRequest);
    assert.deepEqual(await lenses(), []);
    assert.equal(summaries.at(-1), null);
    assert.equal(await lsp.connection.sendRequest(GetReportRequest, {}), null);
  });
});
