/**
 * Measures a suite's cases inside the worker with tinybench.
 *
 * Clock: CPU time of the worker process, `process.cpuUsage()` user + system (µs resolution). On a
 * shared machine wall time mostly measures the neighbours (time spent descheduled); CPU time is
 * what a fleet pays for and stays stable under load. Wall time per op is reported beside it.
 * Batches: one sample times k ops, k chosen so a sample takes ≥ 1 ms of CPU (clock resolution
 * becomes ≤ 0.1 %); per-op values are sample / k. Interleaving: the cases of a suite run in
 * alternating rounds (~100 ms CPU each, the first with tinybench's warm-up) so slow drifts of the
 * machine hit all of them alike. A case stops when its RME is below the target after the minimum
 * time, or when its wall-time budget is spent.
 *
 * Allocation: with `--expose-gc`, force a full GC, read `process.memoryUsage().heapUsed`, run k ops,
 * read it again; delta / k is bytes allocated per op, kept only when no GC ran in that window
 * (checked with the 'gc' PerformanceObserver entries; otherwise k is halved and the window retried).
 * The median of up to three clean windows is reported; undefined when none was clean or gc is not
 * exposed. GC count and pause: 'gc' entries that started during the case's timed rounds.
 */
import { Bench } from 'tinybench';
import type { BenchCase, CaseResult, MeasureSettings } from './suiteTypes';
import { median, summarize } from './stats';
import type { GcMonitor } from './gcMonitor';

/** Progress of a case: samples so far and the current RME, percent. */
export interface CaseProgress {
  caseId: string;
  samples: number;
  rmePercent: number;
}

const ROUND_CPU_MS = 100;
const MIN_SAMPLE_CPU_MS = 1;
const CALIBRATION_CPU_MS = 30;
const ALLOCATION_WINDOW_BYTES = 4 * 1024 * 1024;

/** CPU time of this process in ms (user + system), the benchmark's clock. */
export function cpuNowMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

function forceGc(): boolean {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) return false;
  gc();
  return true;
}

async function runOps(fn: () => unknown, k: number): Promise<void> {
  for (let i = 0; i < k; i++) {
    const r = fn();
    if (r instanceof Promise) await r;
  }
}

/** A function running `fn` k times, synchronous when `fn` is (so tinybench times it without awaiting). */
function batch(fn: () => unknown, k: number, isAsync: boolean): () => unknown {
  if (k === 1) return fn;
  if (isAsync) return () => runOps(fn, k);
  return () => {
    let last: unknown;
    for (let i = 0; i < k; i++) last = fn();
    return last;
  };
}

async function allocationWindow(fn: () => unknown, k: number, gcs: GcMonitor): Promise<number | undefined> {
  forceGc();
  await gcs.settle();
  const t0 = gcs.now();
  const h0 = process.memoryUsage().heapUsed;
  await runOps(fn, k);
  const h1 = process.memoryUsage().heapUsed;
  const t1 = gcs.now();
  await gcs.settle();
  if (gcs.between(t0, t1).count > 0) return undefined;
  return Math.max(0, h1 - h0) / k;
}

/** Bytes allocated per op by the method in this module's doc comment; undefined when it cannot tell. */
export async function measureAllocation(fn: () => unknown, gcs: GcMonitor): Promise<number | undefined> {
  if (!forceGc()) return undefined;
  let k = 1;
  const clean: number[] = [];
  for (let attempt = 0; attempt < 10 && clean.length < 3; attempt++) {
    const perOp = await allocationWindow(fn, k, gcs);
    if (perOp === undefined) {
      k = Math.max(1, k >> 1);
      continue;
    }
    clean.push(perOp);
    if (clean.length === 1) k = Math.max(1, Math.min(64, Math.floor(ALLOCATION_WINDOW_BYTES / Math.max(perOp, 1))));
  }
  return clean.length ? median(clean) : undefined;
}

interface CaseState {
  c: BenchCase;
  fn: () => unknown;
  opsPerSample: number;
  samplesNs: number[];
  wallMs: number;
  opsTimed: number;
  rounds: number;
  gcCount: number;
  gcPauseMs: number;
  done: boolean;
  error?: string;
}

async function prepareState(c: BenchCase): Promise<CaseState> {
  const state: CaseState = { c, fn: c.fn, opsPerSample: 1, samplesNs: [], wallMs: 0, opsTimed: 0, rounds: 0, gcCount: 0, gcPauseMs: 0, done: false };
  try {
    const first = c.fn();
    const isAsync = first instanceof Promise;
    if (isAsync) await first;
    // Warm the code for ~30 ms of CPU, then time as many ops again to size the batch.
    let warmOps = 0;
    const w0 = cpuNowMs();
    while (cpuNowMs() - w0 < CALIBRATION_CPU_MS && warmOps < 10_000) {
      await runOps(c.fn, 1);
      warmOps++;
    }
    const t0 = cpuNowMs();
    await runOps(c.fn, warmOps);
    const perOpMs = Math.max((cpuNowMs() - t0) / warmOps, 1e-4);
    state.opsPerSample = Math.max(1, Math.min(10_000, Math.ceil(MIN_SAMPLE_CPU_MS / perOpMs)));
    state.fn = batch(c.fn, state.opsPerSample, isAsync);
  } catch (err) {
    failCase(state, 'failed before timing', err);
  }
  return state;
}

/** Marks `s` failed with `when` and the error's message; its other rounds are not run. */
function failCase(s: CaseState, when: string, err: unknown): void {
  s.error = `${when}: ${err instanceof Error ? err.message : String(err)}`;
  s.done = true;
}

async function runRound(s: CaseState, settings: MeasureSettings, gcs: GcMonitor): Promise<void> {
  const bench = new Bench({
    now: cpuNowMs,
    time: ROUND_CPU_MS,
    iterations: 2,
    warmup: s.rounds === 0,
    warmupTime: Math.min(200, settings.budgetMsPerCase / 4),
    warmupIterations: 2,
    retainSamples: true,
    throws: true,
  });
  bench.add(s.c.id, s.fn);
  const t0 = gcs.now();
  const [task] = await bench.run();
  const t1 = gcs.now();
  s.rounds++;
  const result = task!.result;
  if (result.state !== 'completed') {
    s.error = result.state === 'errored' ? result.error.message : `benchmark ${result.state}`;
    s.done = true;
    return;
  }
  const samples = result.latency.samples ?? [];
  for (const ms of samples) s.samplesNs.push((ms * 1e6) / s.opsPerSample);
  s.opsTimed += samples.length * s.opsPerSample;
  s.wallMs += t1 - t0;
  await gcs.settle();
  const gc = gcs.between(t0, t1);
  s.gcCount += gc.count;
  s.gcPauseMs += gc.pauseMs;
  const summary = summarize(s.samplesNs);
  const precise = summary.n >= 2 && summary.rmePercent < settings.targetRmePercent && s.wallMs >= settings.minTimeMsPerCase;
  s.done = precise || s.wallMs >= settings.budgetMsPerCase;
}

/**
 * Measures `cases` interleaved (see the module comment) and returns one result per case, in order.
 * A case whose op throws (on these items, or a request that fails mid-run) gets `error` — when it
 * failed and the message — instead of timings; the other cases still run and are reported.
 * `onProgress` is called after every round.
 */
export async function measureCases(
  cases: readonly BenchCase[],
  settings: MeasureSettings,
  gcs: GcMonitor,
  onProgress: (p: CaseProgress) => void,
): Promise<CaseResult[]> {
  const states: CaseState[] = [];
  for (const c of cases) states.push(await prepareState(c));
  forceGc();
  while (states.some((s) => !s.done)) {
    for (const s of states) {
      if (s.done) continue;
      try {
        await runRound(s, settings, gcs);
      } catch (err) {
        failCase(s, `failed in timing round ${s.rounds + 1}`, err);
        continue;
      }
      if (s.samplesNs.length) {
        const summary = summarize(s.samplesNs);
        onProgress({ caseId: s.c.id, samples: summary.n, rmePercent: summary.rmePercent });
      }
    }
  }
  const results: CaseResult[] = [];
  for (const s of states) {
    const { id, label, sdk, operation, options, itemsPerOp } = s.c;
    const base = { id, label, sdk, operation, options, itemsPerOp };
    if (s.error !== undefined || s.samplesNs.length === 0) {
      results.push({ ...base, error: s.error ?? 'no samples' });
      continue;
    }
    let bytesPerOp: number | undefined;
    try {
      bytesPerOp = await measureAllocation(s.c.fn, gcs);
    } catch (err) {
      failCase(s, 'failed while measuring allocation', err);
      results.push({ ...base, error: s.error! });
      continue;
    }
    const summary = summarize(s.samplesNs);
    results.push({
      ...base,
      summary,
      nsPerItem: summary.medianNs / itemsPerOp,
      wallNsPerOp: (s.wallMs * 1e6) / s.opsTimed,
      opsPerSample: s.opsPerSample,
      bytesPerOp,
      gcCount: s.gcCount,
      gcPauseMs: s.gcPauseMs,
    });
  }
  return results;
}
