/**
 * Runs a benchmark in a separate Node process (fresh V8, `--expose-gc`), never in the caller's
 * process: the worker is forked, sent the request over IPC, and its progress and report relayed.
 * Cancellable through an AbortSignal (the child is killed with SIGKILL at once), bounded by a hard
 * time limit, and a child that dies before reporting becomes a {@link BenchWorkerError} with its
 * exit code, signal and last lines of stderr.
 */
import { fork } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BenchReport, BenchRequest } from './suiteTypes';
import type { BenchProgress, ParentToWorker, WorkerToParent } from './workerProtocol';

/** How to start the worker: the script and the Node flags it needs besides `--expose-gc`. */
export interface WorkerLocation {
  path: string;
  execArgv: string[];
}

/** Options of {@link runBenchmark}. */
export interface RunBenchmarkOptions {
  onProgress?: (progress: BenchProgress) => void;
  signal?: AbortSignal;
  /** Hard limit for the whole run, ms; default {@link estimateTimeLimitMs}. */
  timeLimitMs?: number;
  /** V8 old-space limit of the worker (`--max-old-space-size`), MB; default 1024. */
  heapLimitMb?: number;
  /** Where the worker is; default {@link resolveWorker}. */
  worker?: WorkerLocation;
  /**
   * Under a process policy (policy.ts): called with the merged report of the processes so far,
   * marked `interim`, each time one ends and another follows — a first verdict while the run refines it.
   */
  onInterim?: (report: BenchReport) => void;
}

/** The worker failed: it crashed, exited early, or reported an error. */
export class BenchWorkerError extends Error {
  override readonly name = 'BenchWorkerError';
}
/** The run was cancelled by the caller. */
export class BenchCancelledError extends Error {
  override readonly name = 'BenchCancelledError';
}
/** The run exceeded its hard time limit and was killed. */
export class BenchTimeoutError extends Error {
  override readonly name = 'BenchTimeoutError';
}

/**
 * Finds the worker: the bundle `benchWorker.js` beside this code (dist/), else the TypeScript source
 * `worker.ts` beside this file, run through tsx. Throws when neither exists.
 */
export function resolveWorker(baseDir = __dirname): WorkerLocation {
  const bundled = join(baseDir, 'benchWorker.js');
  if (existsSync(bundled)) return { path: bundled, execArgv: [] };
  const source = join(baseDir, 'worker.ts');
  // A variable, not a literal, so bundlers leave this development-only lookup alone.
  const tsx = 'tsx';
  if (existsSync(source)) return { path: source, execArgv: ['--import', pathToFileURL(require.resolve(tsx)).href] };
  throw new BenchWorkerError(`benchmark worker not found beside ${baseDir} (expected benchWorker.js or worker.ts)`);
}

/**
 * A generous hard limit for `request`: per case, the budget plus 5 s for warm-up, calibration and
 * allocation measurement (CPU-time loops that take many times longer in wall time on a machine
 * running ten times more work than it has cores), six cases per suite, plus 60 s to start the
 * process and prepare the suites.
 */
export function estimateTimeLimitMs(request: BenchRequest): number {
  const cases = request.suites.filter((s) => s !== 'go').length * 6;
  return 60_000 + cases * (request.settings.budgetMsPerCase + 5_000);
}

const STDERR_TAIL_BYTES = 4000;

/**
 * Runs `request` in a fresh worker process and resolves with its report. Rejects with
 * BenchCancelledError (signal aborted), BenchTimeoutError (hard limit), or BenchWorkerError (crash,
 * early exit, or an error the worker reported — its message is kept).
 */
export function runBenchmark(request: BenchRequest, options: RunBenchmarkOptions = {}): Promise<BenchReport> {
  const worker = options.worker ?? resolveWorker();
  const timeLimitMs = options.timeLimitMs ?? estimateTimeLimitMs(request);
  return new Promise<BenchReport>((resolve, reject) => {
    if (options.signal?.aborted) return reject(new BenchCancelledError('benchmark cancelled before it started'));
    const child = fork(worker.path, [], {
      execArgv: [...worker.execArgv, '--expose-gc', `--max-old-space-size=${options.heapLimitMb ?? 1024}`],
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
      env: { ...process.env, AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE: '1', AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true', NODE_OPTIONS: '' },
      serialization: 'advanced',
    });
    let stderr = '';
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-STDERR_TAIL_BYTES);
    });
    let outcome: { ok: true; report: BenchReport } | { ok: false; error: Error } | undefined;
    const finish = (o: NonNullable<typeof outcome>) => {
      if (!outcome) outcome = o;
    };
    const kill = () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    };
    const onAbort = () => {
      finish({ ok: false, error: new BenchCancelledError('benchmark cancelled') });
      kill();
    };
    options.signal?.addEventListener('abort', onAbort, { once: true });
    const timer = setTimeout(() => {
      finish({ ok: false, error: new BenchTimeoutError(`benchmark exceeded its time limit of ${Math.round(timeLimitMs / 1000)} s and was stopped`) });
      kill();
    }, timeLimitMs);

    child.on('message', (message: WorkerToParent) => {
      switch (message.type) {
        case 'ready':
          child.send({ type: 'run', request } satisfies ParentToWorker);
          break;
        case 'progress':
          if (!outcome) options.onProgress?.(message.progress);
          break;
        case 'result':
          finish({ ok: true, report: message.report });
          break;
        case 'error':
          finish({ ok: false, error: new BenchWorkerError(`benchmark failed: ${message.message}`) });
          break;
        default:
          finish({ ok: false, error: new BenchWorkerError(`benchmark worker sent an unknown message: ${JSON.stringify(message)}`) });
          kill();
      }
    });
    child.on('error', (err) => {
      finish({ ok: false, error: new BenchWorkerError(`benchmark worker could not run: ${err.message}`) });
      kill();
    });
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      if (!outcome) {
        const how = signal ? `was killed by ${signal}` : `exited with code ${code}`;
        finish({ ok: false, error: new BenchWorkerError(`benchmark worker crashed: it ${how} before reporting${crashSummary(stderr)}`) });
      }
      const o = outcome!;
      if (o.ok) resolve(o.report);
      else reject(o.error);
    });
  });
}

/**
 * The part of a dead worker's stderr worth showing: V8's fatal-error line when there is one (an
 * out-of-memory abort prints it first, then a native stack trace that says nothing to a user),
 * else the last 6 lines. Returns '' or `; its last output:\n…`.
 */
function crashSummary(stderr: string): string {
  const lines = stderr.trim().split('\n');
  const fatal = lines.filter((l) => /FATAL ERROR|heap out of memory|Fatal JavaScript/i.test(l));
  const shown = (fatal.length ? fatal : lines.slice(-6)).join('\n').trim();
  return shown ? `; its last output:\n${shown}` : '';
}
