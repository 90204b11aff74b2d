// A first verdict while the run refines it (issue 28): under a process policy, the merged report of
// the processes so far is handed out, marked interim, after every process that another follows;
// the final report carries no mark and rests on every process.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { runBenchmarkWithPolicy } from '../../../src/core/bench/policy';
import type { BenchReport, BenchRequest } from '../../../src/core/bench/suiteTypes';

const REQUEST: BenchRequest = { items: { kind: 'generate', spec: { shape: 'flat', count: 3 } }, suites: ['conversion'], settings: { budgetMsPerCase: 60, targetRmePercent: 5, minTimeMsPerCase: 30 } };

describe('interim reports under a process policy', () => {
  it('one after each process that another follows, with what it rests on; none after the last', async () => {
    const interims: { at: number; report: BenchReport }[] = [];
    const t0 = Date.now();
    const final = await runBenchmarkWithPolicy(REQUEST, { minProcesses: 2, maxProcesses: 2, timeBudgetMs: 600_000 }, { onInterim: (report) => interims.push({ at: Date.now() - t0, report }) });
    assert.deepEqual(interims.map((i) => i.report.interim), ['1 process of at least 2; more are running to narrow it']);
    assert.deepEqual(interims.map((i) => i.report.processes ?? 1), [1]);
    // Each interim already holds the comparisons a verdict needs.
    for (const { report } of interims) assert.equal(report.suites[0]!.comparisons.filter((c) => c.estimate).length, 4);
    assert.equal(final.interim, undefined);
    assert.equal(final.processes, 2);
    assert.ok(interims[0]!.at < Date.now() - t0, 'the first verdict came before the end');
  });
});
