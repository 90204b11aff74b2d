/**
 * Runs a benchmark request in the current process: resolves the items, prepares each suite, measures
 * every case and compares the pairs. The worker calls it in a fresh child process; nothing else
 * should (timings on a busy extension host would be meaningless).
 */
import type { ItemSet } from './itemTypes';
import { generateItems } from './generator';
import { summarizeShape } from './shape';
import { compareMedians } from './robust';
import { captureEnvironment, finishEnvironment } from './environment';
import { GcMonitor } from './gcMonitor';
import { measureCases } from './measure';
import { prepareConversionSuite } from './conversionSuite';
import { prepareResponseSuite } from './responseSuite';
import { goSuiteUnavailable } from './goSuite';
import type { BenchReport, BenchRequest, CaseResult, ComparisonResult, PreparedSuite, SuiteResult } from './suiteTypes';
import type { BenchProgress } from './workerProtocol';

function resolveItems(request: BenchRequest): ItemSet {
  return request.items.kind === 'set' ? request.items.set : generateItems(request.items.spec);
}

function compare(cases: CaseResult[], spec: PreparedSuite['comparisons'][number]): ComparisonResult {
  const newer = cases.find((c) => c.id === spec.newer);
  const older = cases.find((c) => c.id === spec.older);
  const out: ComparisonResult = { label: spec.label, newer: spec.newer, older: spec.older };
  if (!newer?.summary || !older?.summary || newer.summary.n < 2 || older.summary.n < 2) return out;
  out.estimate = compareMedians(newer.summary, older.summary);
  out.deltaNsPerItem = newer.nsPerItem! - older.nsPerItem!;
  return out;
}

async function prepare(id: BenchRequest['suites'][number], set: ItemSet, request: BenchRequest): Promise<PreparedSuite | SuiteResult> {
  switch (id) {
    case 'conversion':
      return prepareConversionSuite(set);
    case 'response':
      return prepareResponseSuite(set);
    case 'go':
      // The Go suite runs from the parent (goCombined.ts), never in this worker.
      return goSuiteUnavailable(request.workspaceRoot);
  }
}

/** Runs `request` and returns the full report; progress is reported per timing round. */
export async function runBenchRequest(request: BenchRequest, onProgress: (p: BenchProgress) => void): Promise<BenchReport> {
  const started = Date.now();
  const environment = captureEnvironment();
  onProgress({ message: 'preparing items', caseIndex: 0, caseCount: 0 });
  const set = resolveItems(request);
  const shape = summarizeShape(set.items);
  const gcs = new GcMonitor();
  const prepared: (PreparedSuite | SuiteResult)[] = [];
  try {
    for (const id of request.suites) prepared.push(await prepare(id, set, request));
    const caseCount = prepared.reduce((n, s) => n + s.cases.length, 0);
    let caseIndex = 0;
    const suites: SuiteResult[] = [];
    for (const suite of prepared) {
      if (!('dispose' in suite)) {
        suites.push(suite);
        continue;
      }
      const labels = new Map(suite.cases.map((c, i) => [c.id, { label: c.label, index: caseIndex + i + 1 }]));
      onProgress({ message: `${suite.title}: starting`, suite: suite.id, caseIndex: caseIndex + 1, caseCount });
      const results: CaseResult[] = await measureCases(suite.cases, request.settings, gcs, (p) =>
        onProgress({
          message: `${suite.title}: ${labels.get(p.caseId)!.label}`,
          suite: suite.id,
          caseId: p.caseId,
          caseIndex: labels.get(p.caseId)!.index,
          caseCount,
          samples: p.samples,
          rmePercent: p.rmePercent,
        }),
      );
      caseIndex += suite.cases.length;
      suites.push({ id: suite.id, title: suite.title, note: suite.note, cases: results, comparisons: suite.comparisons.map((s) => compare(results, s)) });
    }
    return {
      startedAt: new Date(started).toISOString(),
      durationMs: Date.now() - started,
      itemSource: { format: set.format, label: set.label, ...(set.notes?.length ? { notes: set.notes } : {}) },
      shape,
      settings: request.settings,
      environment: finishEnvironment(environment),
      suites,
    };
  } finally {
    gcs.dispose();
    for (const s of prepared) if ('dispose' in s) await s.dispose();
  }
}
