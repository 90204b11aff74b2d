import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { BenchCancelledError, BenchTimeoutError, BenchWorkerError, resolveWorker, runBenchmark } from '../../../src/core/bench/runner';
import { runBenchmarkProcesses } from '../../../src/core/bench/policy';
import { readItemsFile } from '../../../src/core/bench/itemSource';
import { findGoBinary, GO_NOT_FOUND } from '../../../src/core/bench/goSuite';
import type { BenchRequest, CaseResult } from '../../../src/core/bench/suiteTypes';
import type { BenchProgress } from '../../../src/core/bench/workerProtocol';

const SHORT = { budgetMsPerCase: 250, targetRmePercent: 2, minTimeMsPerCase: 100 };

function assertPlausible(c: CaseResult): void {
  assert.equal(c.error, undefined, `${c.id}: ${c.error}`);
  const s = c.summary!;
  assert.ok(s.n >= 2, `${c.id}: ${s.n} samples`);
  assert.ok(s.minNs > 0 && s.minNs <= s.medianNs && s.medianNs <= s.p99Ns && s.p99Ns <= s.maxNs, `${c.id}: order of statistics`);
  assert.ok(s.meanNs > 1_000 && s.meanNs < 1e9, `${c.id}: mean ${s.meanNs} ns per op`);
  assert.ok(Math.abs(s.opsPerSecond - 1e9 / s.meanNs) < 1e-6 * s.opsPerSecond);
  assert.ok(Number.isFinite(s.rmePercent) && s.rmePercent > 0);
  assert.equal(c.nsPerItem, s.medianNs / c.itemsPerOp);
  assert.ok(c.wallNsPerOp! > 0);
  assert.ok(c.bytesPerOp === undefined || c.bytesPerOp > 0, `${c.id}: bytes ${c.bytesPerOp}`);
  assert.ok(Number.isInteger(c.gcCount) && c.gcCount! >= 0);
}

describe('benchmark runner (child process)', () => {
  it('runs every suite on a small item set with a short budget: complete, plausible results', async () => {
    const progress: BenchProgress[] = [];
    const report = await runBenchmark(
      { items: { kind: 'generate', spec: { shape: 'nested', count: 5 } }, suites: ['conversion', 'response', 'go'], settings: SHORT },
      { onProgress: (p) => progress.push(p) },
    );
    assert.equal(report.itemSource.label, 'generated: nested × 5');
    assert.equal(report.shape.itemCount, 5);
    assert.equal(report.environment.gcExposed, true);
    assert.ok(report.environment.execArgv.includes('--expose-gc'));
    assert.equal(report.environment.sdkVersions['aws-sdk'], '2.1693.0');
    assert.equal(report.environment.sdkVersions['@aws-sdk/util-dynamodb'], '3.996.9');
    assert.deepEqual(report.suites.map((s) => s.id), ['conversion', 'response', 'go']);

    const [conversion, response, go] = report.suites;
    assert.deepEqual(conversion!.cases.map((c) => c.id), ['unmarshall-v2', 'unmarshall-v3', 'unmarshall-v3-migration', 'marshall-v2', 'marshall-v3', 'marshall-v3-migration']);
    assert.deepEqual(response!.cases.map((c) => c.id), ['query-v2', 'query-v3', 'query-v3-migration', 'put-v2', 'put-v3', 'put-v3-migration']);
    for (const c of [...conversion!.cases, ...response!.cases]) assertPlausible(c);
    for (const c of conversion!.cases) assert.ok(c.bytesPerOp! > 0, `${c.id} allocates`);
    for (const cmp of [...conversion!.comparisons, ...response!.comparisons]) {
      const e = cmp.estimate!;
      assert.ok(e.lower <= e.ratio && e.ratio <= e.upper, `${cmp.label}: ${e.lower} ≤ ${e.ratio} ≤ ${e.upper}`);
      assert.ok(['faster', 'slower', 'no significant difference', 'unstable'].includes(e.verdict));
      assert.equal(typeof cmp.deltaNsPerItem, 'number');
    }
    assert.equal(go!.cases.length, 0);
    if (!findGoBinary()) assert.equal(go!.skipped, GO_NOT_FOUND);
    else assert.ok(go!.skipped);

    assert.equal(progress[0]!.message, 'preparing items');
    const last = progress.at(-1)!;
    assert.equal(last.caseCount, 12);
    assert.ok(progress.some((p) => p.caseId === 'put-v3-migration' && p.samples! >= 1));
  });

  it('v3 marshall is faster than v2 Converter.marshall on the fixture items (interval entirely below 1)', async () => {
    const set = await readItemsFile('fixtures/data/query-user-activity.json');
    const report = await runBenchmark({ items: { kind: 'set', set }, suites: ['conversion'], settings: { budgetMsPerCase: 1500, targetRmePercent: 2, minTimeMsPerCase: 300 } });
    const cmp = report.suites[0]!.comparisons.find((c) => c.label === 'marshall: v3 defaults vs v2')!;
    assert.equal(cmp.estimate!.verdict, 'faster', JSON.stringify(cmp.estimate));
    assert.ok(cmp.estimate!.upper < 0.8, `upper bound ${cmp.estimate!.upper}`);
  });

  it('repeats in fresh processes and combines the per-process median ratios', async () => {
    const progress: BenchProgress[] = [];
    const report = await runBenchmarkProcesses({ items: { kind: 'generate', spec: { shape: 'flat', count: 5 } }, suites: ['conversion'], settings: SHORT }, 2, { onProgress: (p) => progress.push(p) });
    assert.equal(report.processes, 2);
    for (const c of report.suites[0]!.cases) {
      assertPlausible(c);
      assert.equal(c.processMeansNs!.length, 2);
      assert.equal(c.processMediansNs!.length, 2);
    }
    assert.ok(progress.some((p) => p.message.startsWith('run 2/2: ') && p.caseCount === 6 && p.caseIndex === 6));
    assert.ok(report.suites[0]!.comparisons.every((c) => c.estimate?.method === 'process-medians' && c.estimate.df === 1 && c.estimate.processes!.length === 2));
    assert.equal(report.stoppedBecause?.startsWith('every comparison settled') || report.stoppedBecause?.startsWith('the maximum of 2 processes'), true, report.stoppedBecause);
  });

  it('reports an item set a case cannot handle as that case’s error, the others still run', async () => {
    const report = await runBenchmark({ items: { kind: 'generate', spec: { shape: 'largeNumbers', count: 3 } }, suites: ['conversion'], settings: SHORT });
    const byId = new Map(report.suites[0]!.cases.map((c) => [c.id, c]));
    assert.match(byId.get('unmarshall-v3')!.error!, /1\.23e\+40|precision|imprecise|Number/i);
    assert.equal(byId.get('unmarshall-v3')!.summary, undefined);
    assertPlausible(byId.get('unmarshall-v3-migration')!);
    assertPlausible(byId.get('marshall-v2')!);
    assert.equal(report.suites[0]!.comparisons.find((c) => c.newer === 'unmarshall-v3')!.estimate, undefined);
  });

  it('cancellation stops the child within a second', async () => {
    const controller = new AbortController();
    let abortedAt = 0;
    const run = runBenchmark(
      { items: { kind: 'generate', spec: { shape: 'flat', count: 20 } }, suites: ['conversion'], settings: { budgetMsPerCase: 60_000, targetRmePercent: 0.0001, minTimeMsPerCase: 60_000 } },
      {
        signal: controller.signal,
        onProgress: (p) => {
          if (p.samples && !abortedAt) {
            abortedAt = performance.now();
            controller.abort();
          }
        },
      },
    );
    await assert.rejects(run, BenchCancelledError);
    const stoppedMs = performance.now() - abortedAt;
    assert.ok(abortedAt > 0);
    assert.ok(stoppedMs < 1000, `child stopped ${stoppedMs} ms after cancel`);
  });

  it('a hard time limit kills a run that takes too long', async () => {
    const started = performance.now();
    await assert.rejects(
      runBenchmark({ items: { kind: 'generate', spec: { shape: 'flat', count: 20 } }, suites: ['conversion'], settings: { budgetMsPerCase: 60_000, targetRmePercent: 0.0001, minTimeMsPerCase: 60_000 } }, { timeLimitMs: 4000 }),
      (e: unknown) => e instanceof BenchTimeoutError && e.message === 'benchmark exceeded its time limit of 4 s and was stopped',
    );
    assert.ok(performance.now() - started < 6000);
  });

  it('a crashing child (out of memory) yields a clear error', async () => {
    await assert.rejects(
      runBenchmark({ items: { kind: 'generate', spec: { shape: 'wide', count: 20_000 } }, suites: ['conversion'], settings: SHORT }, { heapLimitMb: 64 }),
      (e: unknown) => {
        assert.ok(e instanceof BenchWorkerError);
        assert.match(e.message, /^benchmark worker crashed: it (was killed by SIG\w+|exited with code \d+) before reporting/);
        assert.match(e.message, /heap/i);
        return true;
      },
    );
  });

  it('an error inside the worker comes back with its message', async () => {
    await assert.rejects(
      runBenchmark({ items: { kind: 'generate', spec: { shape: 'flat', count: 0 } }, suites: ['conversion'], settings: SHORT }),
      (e: unknown) => e instanceof BenchWorkerError && e.message === 'benchmark failed: item count must be an integer from 1 to 100000, got 0',
    );
  });

  it('runs the esbuild bundle of the worker as well as the TypeScript source', async () => {
    assert.match(resolveWorker().path, /src\/core\/bench\/worker\.ts$/);
    const dir = mkdtempSync(join(tmpdir(), 'bench-worker-'));
    try {
      await build({ entryPoints: ['src/core/bench/worker.ts'], outfile: join(dir, 'benchWorker.js'), bundle: true, platform: 'node', target: 'node20', format: 'cjs', logLevel: 'error' });
      const worker = resolveWorker(dir);
      assert.deepEqual(worker, { path: join(dir, 'benchWorker.js'), execArgv: [] });
      const request: BenchRequest = { items: { kind: 'generate', spec: { shape: 'flat', count: 4 } }, suites: ['conversion'], settings: SHORT };
      const report = await runBenchmark(request, { worker });
      assert.equal(report.suites[0]!.cases.length, 6);
      for (const c of report.suites[0]!.cases) assertPlausible(c);
      assert.equal(report.environment.sdkVersions['@aws-sdk/lib-dynamodb'], '3.1169.0');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
