/**
 * Server tier: profiles are read in the server's profile worker. A load replaced by another while
 * the worker reads it stops (the worker restarts) and the later load is carried out; the profile
 * shown before a cancelled load keeps its lenses, and its report is still built (the restarted
 * worker reads it again) with the same flame graph as the one built in-process.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { CancellationTokenSource, CodeLensRequest, LSPErrorCodes, ResponseError } from 'vscode-languageserver-protocol';
import { GetReportRequest, LoadProfileRequest, LoadProgressNotification } from '../../src/shared/protocol';
import { readProfileFile } from '../../src/core/profile/read';
import { classifyFrame } from '../../src/core/detect/classify';
import { analyzeRoot } from '../../src/server/analyzeRoot';
import { buildDynamoFlameTree } from '../../src/server/flameTree';
import { DEFAULT_SETTINGS } from '../../src/server/settings';
import { LspSession, REPO, startOnFixtures } from './lspHarness';

const SMALL = join(REPO, 'fixtures/go-adserver/profiles/before-v1.pb.gz');
const LARGE = join(REPO, 'fixtures/third-party/pprof/google-pprof_large.cpu.pb.gz');
const ADAPTER = 'internal/repository/ddbv1/adapter.go';
const isCancelled = (e: unknown) => e instanceof ResponseError && e.code === LSPErrorCodes.RequestCancelled;

describe('language server: loads in the profile worker', () => {
  let lsp: LspSession;
  let root: string;
  const reading = new Map<string, () => void>();

  before(async () => {
    const started = await startOnFixtures();
    lsp = started.lsp;
    root = started.roots[0]!;
    lsp.connection.onNotification(LoadProgressNotification, (p) => reading.get(p.progressId)?.());
  });
  after(async () => {
    await lsp?.stop();
  });

  /** Resolves once the server announced reading for `progressId` (the worker is then asked to load). */
  const readingStarted = (progressId: string) => new Promise<void>((r) => reading.set(progressId, r));
  const lensLines = async () =>
    ((await lsp.connection.sendRequest(CodeLensRequest.type, { textDocument: { uri: pathToFileURL(join(root, ADAPTER)).toString() } })) ?? []).map((l) => l.range.start.line + 1);

  it('stops a load that another load replaces while the worker reads it, and carries out the later one', async () => {
    const started = readingStarted('large');
    const first = lsp.connection.sendRequest(LoadProfileRequest, { path: LARGE, progressId: 'large' }).then(() => 'loaded', (e: unknown) => e);
    await started;
    const second = await lsp.connection.sendRequest(LoadProfileRequest, { path: SMALL, progressId: 'small' });
    assert.ok(isCancelled(await first));
    assert.equal(second.name, 'before-v1.pb.gz');
    assert.equal(second.dynamoPercent.toFixed(1), '84.6');
    assert.deepEqual([...new Set(await lensLines())], [48, 49, 63, 70, 71, 83, 90, 95]);
  });

  it('keeps the loaded profile through a cancelled load: same lenses, and its report built again by the restarted worker', async () => {
    const before = await lensLines();
    const source = new CancellationTokenSource();
    const started = readingStarted('cancelled');
    const pending = lsp.connection.sendRequest(LoadProfileRequest, { path: LARGE, progressId: 'cancelled' }, source.token).then(() => 'loaded', (e: unknown) => e);
    await started;
    await new Promise((r) => setTimeout(r, 50));
    source.cancel();
    assert.ok(isCancelled(await pending));
    assert.deepEqual(await lensLines(), before);

    const report = await lsp.connection.sendRequest(GetReportRequest, {});
    assert.ok(report);
    assert.equal(report.summary.name, 'before-v1.pb.gz');
    const { prepared } = await analyzeRoot(await readProfileFile(SMALL), pathToFileURL(root).toString(), root, DEFAULT_SETTINGS, Date.now());
    assert.deepEqual(report.flame, buildDynamoFlameTree(prepared, classifyFrame));
  });
});
