import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mergeReports, poolSummaries } from '../../../src/core/bench/merge';
import { summarize } from '../../../src/core/bench/stats';
import { compareMedians } from '../../../src/core/bench/robust';
import { partialFailureNote, suiteToMarkdown } from '../../../src/core/bench/format';
import type { BenchReport, CaseResult } from '../../../src/core/bench/suiteTypes';

const close = (a: number, b: number) => assert.ok(Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(b)), `${a} ≉ ${b}`);

describe('merging worker processes', () => {
  it('pools n, mean and sd exactly', () => {
    const a = [1, 2, 3, 4];
    const b = [10, 12, 14];
    const pooled = poolSummaries([summarize(a), summarize(b)]);
    const direct = summarize([...a, ...b]);
    assert.equal(pooled.n, 7);
    close(pooled.meanNs, direct.meanNs);
    close(pooled.sdNs, direct.sdNs);
    close(pooled.rmePercent, direct.rmePercent);
    assert.equal(pooled.minNs, 1);
    assert.equal(pooled.maxNs, 14);
  });

  const kase = (id: string, samples: number[]): CaseResult => {
    const summary = summarize(samples);
    return { id, label: id, sdk: id.endsWith('v2') ? 'v2' : 'v3', operation: 'marshall', options: 'default', itemsPerOp: 10, summary, nsPerItem: summary.meanNs / 10, bytesPerOp: 1000, gcCount: 1, gcPauseMs: 0.5 };
  };
  const report = (v2: number[], v3: number[]): BenchReport =>
    ({
      startedAt: '2026-11-29T00:00:00.000Z',
      durationMs: 1000,
      itemSource: { format: 'generated', label: 'x' },
      shape: {} as never,
      settings: { budgetMsPerCase: 100, targetRmePercent: 2, minTimeMsPerCase: 50 },
      environment: { loadAverageEnd: 1 } as never,
      suites: [
        { id: 'conversion', title: 'c', note: '', cases: [kase('m-v2', v2), kase('m-v3', v3)], comparisons: [{ label: 'm', newer: 'm-v3', older: 'm-v2', estimate: compareMedians(summarize(v3), summarize(v2)) }] },
        { id: 'go', title: 'g', note: '', cases: [], comparisons: [], skipped: 'Go not found' },
      ],
    }) as BenchReport;

  it('calls processes that contradict each other beyond their own intervals unstable, with no direction', () => {
    // Each process is very precise on its own, but the processes disagree: v3/v2 = 0.5, 1.0, 1.5.
    const merged = mergeReports([report([100, 100.1, 99.9], [50, 50.1, 49.9]), report([100, 100.1, 99.9], [100, 100.1, 99.9]), report([100, 100.1, 99.9], [150, 150.1, 149.9])]);
    assert.equal(merged.processes, 3);
    assert.equal(merged.durationMs, 3000);
    const [v2, v3] = merged.suites[0]!.cases;
    assert.deepEqual(v3!.processMeansNs, [50, 100, 150]);
    close(v3!.summary!.meanNs, 100);
    assert.equal(v2!.gcCount, 3);
    assert.deepEqual(v3!.processMediansNs, [50, 100, 150]);
    const cmp = merged.suites[0]!.comparisons[0]!;
    close(cmp.estimate!.ratio, Math.cbrt(0.5 * 1 * 1.5));
    assert.equal(cmp.estimate!.verdict, 'unstable');
    assert.equal(cmp.estimate!.method, 'process-medians');
    assert.deepEqual(cmp.estimate!.processes!.map((p) => p.ratio), [0.5, 1, 1.5]);
    close(cmp.deltaNsPerItem!, 10 * (cmp.estimate!.ratio - 1));
    assert.equal(merged.suites[1]!.skipped, 'Go not found');
  });

  it('processes that agree give the t interval over their median ratios (df = processes − 1)', () => {
    const merged = mergeReports([report([100, 101, 99, 100], [50, 51, 49, 50]), report([100, 102, 98, 100], [55, 56, 54, 55]), report([100, 101, 99, 100], [52, 53, 51, 52])]);
    const e = merged.suites[0]!.comparisons[0]!.estimate!;
    const logs = [0.5, 0.55, 0.52].map(Math.log);
    const m = logs.reduce((a, b) => a + b) / 3;
    const sd = Math.sqrt(logs.reduce((a, x) => a + (x - m) ** 2, 0) / 2);
    close(e.ratio, Math.exp(m));
    close(e.upper, Math.exp(m + (4.302652729911275 * sd) / Math.sqrt(3)));
    assert.equal(e.df, 2);
    assert.equal(e.verdict, 'faster');
  });

  it('a case that failed in one process is merged from the others, with that process’s error kept and shown', () => {
    const failed = report([100, 101, 99, 100], [50, 51, 49, 50]);
    const [, v3] = failed.suites[0]!.cases;
    failed.suites[0]!.cases[1] = { ...v3!, summary: undefined, nsPerItem: undefined, error: 'failed in timing round 3: read ECONNRESET' };
    delete failed.suites[0]!.comparisons[0]!.estimate;
    const merged = mergeReports([report([100, 101, 99, 100], [50, 51, 49, 50]), failed, report([100, 102, 98, 100], [55, 56, 54, 55])]);
    const [v2m, v3m] = merged.suites[0]!.cases;
    assert.equal(v3m!.error, undefined);
    assert.deepEqual(v3m!.processErrors, ['failed in timing round 3: read ECONNRESET']);
    assert.deepEqual(v3m!.processMediansNs, [50, 55]);
    assert.equal(v3m!.summary!.n, 8);
    assert.equal(v2m!.processErrors, undefined);
    assert.equal(v2m!.summary!.n, 12);
    const e = merged.suites[0]!.comparisons[0]!.estimate!;
    assert.equal(e.df, 1);
    assert.deepEqual(e.processes!.map((p) => p.ratio), [0.5, 0.55]);
    assert.equal(partialFailureNote(v3m!), 'measured in 2 of 3 processes; failed in 1: failed in timing round 3: read ECONNRESET');
    assert.ok(suiteToMarkdown(merged.suites[0]!).includes('| m-v3 (measured in 2 of 3 processes; failed in 1: failed in timing round 3: read ECONNRESET) | '));
  });

  it('a case that failed in every process stays failed with the first error, and its comparison is not measured', () => {
    const broken = () => {
      const r = report([1, 2], [3, 4]);
      r.suites[0]!.cases[1] = { ...r.suites[0]!.cases[1]!, summary: undefined, error: 'failed before timing: read ECONNRESET' };
      delete r.suites[0]!.comparisons[0]!.estimate;
      return r;
    };
    const merged = mergeReports([broken(), broken()]);
    assert.equal(merged.suites[0]!.cases[1]!.error, 'failed before timing: read ECONNRESET');
    assert.equal(merged.suites[0]!.comparisons[0]!.estimate, undefined);
    assert.match(suiteToMarkdown(merged.suites[0]!), /\| m-v3 \| failed: failed before timing: read ECONNRESET \|/);
  });

  it('one process is returned as it is; mismatched reports are refused', () => {
    const one = report([1, 2], [3, 4]);
    assert.equal(mergeReports([one]), one);
    const other = report([1, 2], [3, 4]);
    other.suites[0]!.cases[1] = kase('other', [1, 2]);
    assert.throws(() => mergeReports([one, other]), /reports differ: case m-v3 of conversion is missing in a run/);
  });
});
