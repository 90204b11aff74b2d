import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { runBenchmarkWithPolicy } from '../../../src/core/bench/policy';
import { resolveWorker } from '../../../src/core/bench/runner';
import { methodText } from '../../../src/core/bench/format';
import type { BenchRequest } from '../../../src/core/bench/suiteTypes';

const REQUEST: BenchRequest = { items: { kind: 'generate', spec: { shape: 'flat', count: 3 } }, suites: ['conversion'], settings: { budgetMsPerCase: 100, targetRmePercent: 5, minTimeMsPerCase: 50 } };

/**
 * The real worker behind a start script that makes the `failOn`-th start exit with code 3 before
 * reporting (a crash), counting starts in a file.
 */
function flakyWorker(dir: string, failOn: number) {
  const counter = join(dir, 'starts');
  const script = join(dir, 'flakyWorker.mjs');
  writeFileSync(
    script,
    `import { appendFileSync, readFileSync } from 'node:fs';\n` +
      `appendFileSync(${JSON.stringify(counter)}, 'x');\n` +
      `if (readFileSync(${JSON.stringify(counter)}, 'utf8').length === ${failOn}) process.exit(3);\n` +
      `await import(${JSON.stringify(pathToFileURL(resolve('src/core/bench/worker.ts')).href)});\n`,
  );
  return { path: script, execArgv: resolveWorker().execArgv };
}

describe('a worker process that fails after another reported', () => {
  it('is left out of the merge and named; the run still reports what the other process measured', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bench-flaky-'));
    try {
      const report = await runBenchmarkWithPolicy(REQUEST, { minProcesses: 2, maxProcesses: 2, timeBudgetMs: 600_000 }, { worker: flakyWorker(dir, 2) });
      assert.equal(report.processes ?? 1, 1);
      assert.deepEqual(report.failedProcesses, ['process 2: benchmark worker crashed: it exited with code 3 before reporting']);
      assert.equal(report.suites[0]!.cases.filter((c) => c.summary).length, 6);
      assert.match(methodText(report), /Left out \(failed\): process 2: benchmark worker crashed: it exited with code 3 before reporting\./);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a first process that fails fails the run with its error (nothing was measured)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bench-flaky-'));
    try {
      await assert.rejects(runBenchmarkWithPolicy(REQUEST, { minProcesses: 2, maxProcesses: 2, timeBudgetMs: 600_000 }, { worker: flakyWorker(dir, 1) }), /^BenchWorkerError: benchmark worker crashed: it exited with code 3 before reporting$/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
