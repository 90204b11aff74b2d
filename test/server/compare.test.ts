/**
 * Server tier, Compare with Baseline: the bundled language server over stdio compares the Go
 * fixture's before-v1 (aws-sdk-go v1) with after-v2 (aws-sdk-go-v2) with their run records, and
 * the call-site lenses of the v2 adapter read before → after.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { CancellationTokenSource, CodeLensRequest, LSPErrorCodes, ResponseError, type CodeLens } from 'vscode-languageserver-protocol';
import { ClearComparisonRequest, ClearProfileRequest, CompareProfilesRequest, GetReportRequest, LoadProfileRequest, LoadProgressNotification } from '../../src/shared/protocol';
import { LspSession, REPO, startOnFixtures } from './lspHarness';

const PROFILES = join(REPO, 'fixtures/go-adserver/profiles');
const BEFORE = join(PROFILES, 'before-v1.pb.gz');
const AFTER = join(PROFILES, 'after-v2.pb.gz');
const ADAPTER = 'internal/repository/ddbv2/adapter.go';

/**
 * The call-site lenses of ddbv2/adapter.go once compared. after-v2's stacks are cut at Go's 64
 * frames: the repair completes them from other stacks, and what it credits to a line is an
 * estimate, so only 28 % of its DynamoDB weight is measured on a line (before-v1: 100 %). Per-line
 * changes would mostly compare an estimate with a measurement: every call-site lens says so instead
 * (issue 10, item 7; issue 24: one meaning of "measured"). Computed from the core's figures and pinned.
 */
const UNCOVERED = 'no per-line change: 0% → 72% of DynamoDB not measured on a line (DynamoDB 84.6% → 67.1% overall)';
const COMPARED: [number, string][] = [44, 58, 66, 78, 86, 90].map((line) => [line, UNCOVERED]);

function titles(lenses: CodeLens[] | null): [number, string][] {
  return (lenses ?? []).map((l) => [l.range.start.line + 1, l.command?.title ?? '']);
}

describe('Compare with Baseline over stdio with the Go fixture', () => {
  let lsp: LspSession;
  let adapterUri: string;
  const lenses = async () => titles(await lsp.connection.sendRequest(CodeLensRequest.type, { textDocument: { uri: adapterUri } }));
  const deltaLenses = async () => (await lenses()).filter(([, t]) => t.includes('→'));

  before(async () => {
    const started = await startOnFixtures();
    lsp = started.lsp;
    adapterUri = await lsp.open(join(started.roots[0]!, ADAPTER));
  });

  after(async () => {
    await lsp?.stop();
  });

  it('fails with a clear message when no profile is loaded and no after profile is named', async () => {
    await assert.rejects(lsp.connection.sendRequest(CompareProfilesRequest, { baselinePath: BEFORE, progressId: 'p0' }), (e: ResponseError<unknown>) => {
      assert.match(e.message, /No profile is loaded/);
      return true;
    });
  });

  it('compares the loaded after-v2 with before-v1 and turns the call-site lenses into before → after', async () => {
    await lsp.connection.sendRequest(LoadProfileRequest, { path: AFTER, progressId: 'load' });
    const normal = await lenses();
    assert.ok(normal.some(([line, t]) => line === 44 && t === '32.6% CPU · 3.0% DynamoDB unmarshal (aws-sdk-go-v2 awsjson10 (generated), generated) · ~28.1% estimated'), JSON.stringify(normal));
    const progress: number[] = [];
    lsp.connection.onNotification(LoadProgressNotification, (p) => {
      if (p.progressId === 'cmp') progress.push(p.percent);
    });
    const refreshed = lsp.nextRefresh();
    const summary = await lsp.connection.sendRequest(CompareProfilesRequest, { baselinePath: BEFORE, progressId: 'cmp' });
    await refreshed;
    assert.deepEqual(progress, [55, 65, 100]);
    assert.equal(summary.normalization, 'per-request');
    assert.deepEqual(summary.requestSources, { before: 'before-v1.pb.gz.json: requests', after: 'after-v2.pb.gz.json: requests' });
    // Profile CPU / requests from the run records: 16.40 s / 990 and 14.75 s / 1585.
    // One profile per side: the sampling interval only, and run-to-run variation said to be unknown (as the CLI says it).
    assert.deepEqual(summary.headline.slice(0, 2), [
      'CPU per request 16.57 ms → 9.306 ms: -43.8% (sampling 95 % CI -47.6% to -39.7%; run-to-run variation unknown)',
      'DynamoDB marshalling per request 14.02 ms → 6.246 ms: -55.4% (sampling 95 % CI -58.9% to -51.7%; run-to-run variation unknown)',
    ]);
    assert.ok(summary.notes.some((n) => n.startsWith('One profile per side: run-to-run variation is unknown')), summary.notes.join('\n'));
    assert.deepEqual(await deltaLenses(), COMPARED);
    // Only call-site titles change: function lenses and action lenses (`migrate ›`, `▶ Benchmark`) stay as they were.
    const others = (ls: [number, string][]) => ls.filter(([, t]) => !/^(\d|no per-line change)/.test(t));
    assert.deepEqual(others(await lenses()), others(normal));
    assert.equal((await lenses()).length, normal.length);
  });

  it('adds the comparison tab data to the report: totals, matched rows, a differential flame tree', async () => {
    const report = await lsp.connection.sendRequest(GetReportRequest, {});
    const c = report?.comparison;
    assert.ok(c);
    const totals = c.sections.find((s) => s.title === 'Totals');
    assert.deepEqual(totals?.rows.find((r) => r[0] === 'Requests')?.slice(1), ['990', '1,585', '+60.1%']);
    const users = c.sections.find((s) => s.title.startsWith('User functions'));
    assert.deepEqual(users?.rows.find((r) => r[0].includes('GetUserActivity'))?.[4], 'name');
    assert.equal(c.diffFlame.name, 'all');
    assert.equal(c.diffFlame.value, c.afterTotalWeight);
    assert.ok(c.diffFlame.delta < 0, `after costs less than the scaled before: delta ${c.diffFlame.delta}`);
  });

  it('returns to the normal lenses on Clear Comparison, and drops the comparison on Clear Profile', async () => {
    await lsp.connection.sendRequest(ClearComparisonRequest);
    assert.deepEqual(await deltaLenses(), []);
    assert.equal((await lsp.connection.sendRequest(GetReportRequest, {}))?.comparison, undefined);
    await lsp.connection.sendRequest(CompareProfilesRequest, { baselinePath: BEFORE, progressId: 'again' });
    assert.equal((await deltaLenses()).length, COMPARED.length);
    await lsp.connection.sendRequest(ClearProfileRequest);
    await lsp.connection.sendRequest(LoadProfileRequest, { path: AFTER, progressId: 'reload' });
    assert.deepEqual(await deltaLenses(), []);
  });

  it('with no profile loaded, loads the named after profile and compares; typed counts win over run records', async () => {
    await lsp.connection.sendRequest(ClearProfileRequest);
    const summary = await lsp.connection.sendRequest(CompareProfilesRequest, {
      baselinePath: BEFORE,
      afterPath: AFTER,
      baselineRequests: '990',
      afterRequests: '1.585k',
      progressId: 'two',
    });
    assert.equal(summary.afterPath, AFTER);
    assert.deepEqual(summary.requestSources, { before: '990', after: '1.585k' });
    assert.deepEqual(await deltaLenses(), COMPARED);
  });

  it('compares two runs per side (run records): the interval over the runs in the headline and the report totals', async () => {
    const runs = join(PROFILES, 'replicates');
    const summary = await lsp.connection.sendRequest(CompareProfilesRequest, {
      baselinePath: join(runs, 'before-v1-r1.pb.gz'),
      moreBaselines: [{ path: join(runs, 'before-v1-r2.pb.gz') }],
      afterPath: join(runs, 'after-v2-r1.pb.gz'),
      moreAfters: [{ path: join(runs, 'after-v2-r2.pb.gz'), requests: '' }],
      progressId: 'replicates',
    });
    assert.deepEqual(summary.baselinePaths.map((p) => p.slice(runs.length + 1)), ['before-v1-r1.pb.gz', 'before-v1-r2.pb.gz']);
    assert.deepEqual(summary.afterPaths.map((p) => p.slice(runs.length + 1)), ['after-v2-r1.pb.gz', 'after-v2-r2.pb.gz']);
    // Ground truth of these builds (interleaved un-profiled runs, fixtures/.../ab-cpu-per-request.json): −49.4 %, inside the interval.
    assert.equal(summary.headline[0], 'CPU per request (mean of 2+2 profiles) 14.44 ms → 7.587 ms: -47.4% (95 % CI -66.8% to -16.9%, significant)');
    const report = await lsp.connection.sendRequest(GetReportRequest, {});
    const totals = report?.comparison?.sections.find((x) => x.title === 'Totals');
    assert.equal(totals?.rows.find((r) => r[0].startsWith('CPU per request'))?.[3], '-47.4% (95 % CI -66.8% to -16.9%, significant)');
  });

  it('stops a comparison that is cancelled and keeps the normal lenses', async () => {
    await lsp.connection.sendRequest(ClearComparisonRequest);
    const source = new CancellationTokenSource();
    const pending = lsp.connection.sendRequest(CompareProfilesRequest, { baselinePath: BEFORE, progressId: 'cancelled' }, source.token);
    source.cancel();
    await assert.rejects(pending, (e: unknown) => e instanceof ResponseError && e.code === LSPErrorCodes.RequestCancelled);
    assert.deepEqual(await deltaLenses(), []);
  });

  it('shows the core’s error raised in the profile worker as it is: a baseline given twice', async () => {
    await assert.rejects(
      lsp.connection.sendRequest(CompareProfilesRequest, { baselinePath: BEFORE, moreBaselines: [{ path: BEFORE }], progressId: 'twice' }),
      (e: ResponseError<unknown>) => {
        assert.equal(e.message, `${BEFORE} is given twice on the before side: each run counts once`);
        return true;
      },
    );
  });

  it('builds the comparison tab after a restart of the profile worker (a cancelled load): the new worker compares again', async () => {
    await lsp.connection.sendRequest(CompareProfilesRequest, { baselinePath: BEFORE, progressId: 'kept' });
    const shown = await lsp.connection.sendRequest(GetReportRequest, {});
    await lsp.connection.sendRequest(ClearComparisonRequest);
    // Compared again (held by the worker), its tab not built yet when the worker restarts.
    await lsp.connection.sendRequest(CompareProfilesRequest, { baselinePath: BEFORE, progressId: 'again-kept' });
    const source = new CancellationTokenSource();
    // The worker's own progress (mapping, after reading): the load is running there when cancelled.
    const started = new Promise<void>((r) => lsp.connection.onNotification(LoadProgressNotification, (p) => p.progressId === 'restart' && p.message.startsWith('Mapping') && r()));
    const pending = lsp.connection.sendRequest(LoadProfileRequest, { path: join(REPO, 'fixtures/third-party/pprof/google-pprof_large.cpu.pb.gz'), progressId: 'restart' }, source.token);
    await started;
    source.cancel();
    await assert.rejects(pending, (e: unknown) => e instanceof ResponseError && e.code === LSPErrorCodes.RequestCancelled);
    assert.equal((await deltaLenses()).length, COMPARED.length);
    const rebuilt = await lsp.connection.sendRequest(GetReportRequest, {});
    assert.ok(rebuilt?.comparison && shown?.comparison);
    assert.equal(rebuilt.comparison.diffFlame.value, shown.comparison.afterTotalWeight);
    assert.deepEqual(rebuilt.comparison.diffFlame, shown.comparison.diffFlame);
    assert.deepEqual(rebuilt.comparison.sections, shown.comparison.sections);
  });

  it('names the side and the text of a bad request count', async () => {
    await assert.rejects(
      lsp.connection.sendRequest(CompareProfilesRequest, { baselinePath: BEFORE, baselineRequests: 'lots', progressId: 'bad' }),
      (e: ResponseError<unknown>) => {
        assert.match(e.message, /^baseline requests: 'lots' is not a request count/);
        return true;
      },
    );
  });
});
