/**
 * The request thread's handle on one profile worker (`profileWorker.ts`): requests answered by
 * promises, progress passed on, and a worker that dies (out of memory, a crash) turned into an
 * error for every pending request instead of taking the language server down with it.
 */
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { ProfileError } from '../core/profile/errors';
import type { WorkerAnswers, WorkerReply, WorkerRequest } from './profileWorkerMessages';
import { workspaceTrusted } from '../core/exec/workspaceTrust';

/** Rejects the pending requests of a worker the server terminated (a cancelled or replaced load). */
export class WorkerTerminated extends Error {
  constructor() {
    super('The profile worker was stopped.');
  }
}

/** A failure whose message already names the input and what is wrong (the core's comparison errors, raised in the worker). */
export class WorkerUserError extends Error {}

/** A request as the caller writes it (the client adds the `id`). */
export type WorkerCall = WorkerRequest extends infer R ? (R extends WorkerRequest ? Omit<R, 'id' | 'trusted'> : never) : never;

interface Pending {
  readonly resolve: (value: unknown) => void;
  readonly reject: (error: Error) => void;
  readonly progress?: (message: string, percent: number) => void;
}

/** Where the bundled worker sits: next to the server bundle (dist/profileWorker.js). */
export const PROFILE_WORKER_SCRIPT = join(__dirname, 'profileWorker.js');

function workerDied(e: Error): Error {
  if ((e as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY') {
    return new Error('reading it ran out of memory (the profile worker was stopped; the language server and the profile loaded before are unaffected). Lower dynamoHotpath.limits.maxProfileMB to be told before reading such a file.');
  }
  return new Error(`the profile worker failed: ${e.message}`);
}

export class ProfileWorker {
  private readonly worker: Worker;
  private readonly pending = new Map<number, Pending>();
  private nextId = 0;
  private dead: Error | undefined;

  constructor(script = PROFILE_WORKER_SCRIPT) {
    this.worker = new Worker(script);
    this.worker.unref();
    this.worker.on('message', (reply: WorkerReply) => this.receive(reply));
    this.worker.on('error', (e) => this.failAll(workerDied(e)));
    this.worker.on('exit', (code) => this.failAll(new Error(`the profile worker exited (code ${code})`)));
  }

  /**
   * Sends one request, stamped with this thread's Workspace Trust (the worker runs git only when
   * it is set); resolves with its answer, rejects with the worker's error (a ProfileError rebuilt as one).
   */
  request<C extends WorkerCall>(request: C, progress?: Pending['progress']): Promise<WorkerAnswers[C['kind']]> {
    if (this.dead) return Promise.reject(this.dead);
    const id = ++this.nextId;
    return new Promise<WorkerAnswers[C['kind']]>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject, ...(progress ? { progress } : {}) });
      this.worker.postMessage({ ...request, id, trusted: workspaceTrusted() });
    });
  }

  /** True once the worker died or was terminated: every request rejects. */
  get isDead(): boolean {
    return this.dead !== undefined;
  }

  /** Stops the worker (its profile is dropped); pending requests reject with {@link WorkerTerminated}. */
  terminate(): void {
    this.failAll(new WorkerTerminated());
    void this.worker.terminate();
  }

  private receive(reply: WorkerReply): void {
    const pending = this.pending.get(reply.id);
    if (!pending) return;
    if (reply.kind === 'progress') return pending.progress?.(reply.message, reply.percent);
    this.pending.delete(reply.id);
    if (reply.kind === 'done') return pending.resolve(reply.value);
    const p = reply.profileError;
    const error = p ? new ProfileError(p.file, p.code, p.detail) : reply.userError ? new WorkerUserError(reply.message) : new Error(reply.message);
    if (!p && reply.stack) error.stack = reply.stack;
    pending.reject(error);
  }

  private failAll(error: Error): void {
    this.dead ??= error;
    for (const p of this.pending.values()) p.reject(this.dead);
    this.pending.clear();
  }
}
