import { describe, it, after } from 'node:test';
import assert from 'node:assert/strict';
import { runInNewContext } from 'node:vm';
import { setFlagsFromString } from 'node:v8';
import { measureCases } from '../../../src/core/bench/measure';
import { GcMonitor } from '../../../src/core/bench/gcMonitor';
import type { BenchCase } from '../../../src/core/bench/suiteTypes';

const SETTINGS = { budgetMsPerCase: 300, targetRmePercent: 2, minTimeMsPerCase: 50 };

function work(): number {
  let x = 0;
  for (let i = 0; i < 2000; i++) x += Math.sqrt(i);
  return x;
}

const steady = (id: string): BenchCase => ({ id, label: id, sdk: 'v2', operation: 'query', options: 'default', itemsPerOp: 1, fn: async () => work() });

/** An async op that fails with `read ECONNRESET` once `shouldFail` says so, like a reset keep-alive socket. */
function resetAfter(id: string, shouldFail: () => boolean): BenchCase {
  return {
    id, label: id, sdk: 'v3', operation: 'query', options: 'default', itemsPerOp: 1,
    fn: async () => {
      if (shouldFail()) throw Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' });
      return work();
    },
  };
}

/**
 * Runs `body` with V8's gc exposed as `globalThis.gc` and counted. measureCases forces one GC
 * after calibrating every case and before the first timing round, then one before each
 * allocation window (after the last round), so the count tells which phase an op runs in.
 */
async function withCountedGc<T>(body: (forcedGcs: () => number) => Promise<T>): Promise<T> {
  setFlagsFromString('--expose-gc');
  const v8gc = runInNewContext('gc') as () => void;
  let count = 0;
  (globalThis as { gc?: () => void }).gc = () => {
    count++;
    v8gc();
  };
  try {
    return await body(() => count);
  } finally {
    delete (globalThis as { gc?: () => void }).gc;
  }
}

describe('one case failing is that case’s failure, not the run’s', () => {
  const gcs = new GcMonitor();
  after(() => gcs.dispose());

  it('a request error in a timing round fails that case only; the cases around it are measured', async () => {
    const results = await withCountedGc((forcedGcs) => measureCases([steady('before'), resetAfter('flaky', () => forcedGcs() === 1), steady('after')], SETTINGS, gcs, () => {}));
    assert.deepEqual(results.map((r) => r.id), ['before', 'flaky', 'after']);
    assert.equal(results[1]!.error, 'failed in timing round 1: read ECONNRESET');
    assert.equal(results[1]!.summary, undefined);
    for (const r of [results[0]!, results[2]!]) {
      assert.equal(r.error, undefined);
      assert.ok(r.summary!.n >= 2, `${r.id}: ${r.summary?.n} samples`);
      assert.ok(r.bytesPerOp !== undefined && r.bytesPerOp >= 0, `${r.id}: allocation measured`);
    }
  });

  it('a failure on the first call says so before any timing', async () => {
    const [r] = await measureCases([resetAfter('dead', () => true)], SETTINGS, gcs, () => {});
    assert.equal(r!.error, 'failed before timing: read ECONNRESET');
  });

  it('a failure while measuring allocation (after every round) fails that case with when it happened', async () => {
    const results = await withCountedGc((forcedGcs) => measureCases([steady('ok'), resetAfter('late', () => forcedGcs() >= 2)], SETTINGS, gcs, () => {}));
    assert.equal(results[1]!.error, 'failed while measuring allocation: read ECONNRESET');
    assert.equal(results[0]!.error, undefined);
    assert.ok(results[0]!.summary!.n >= 2);
  });
});
