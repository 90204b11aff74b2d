/**
 * The request thread's side of the profile worker: one long-lived worker (spawned on the first
 * load) that holds every session's profile. A load can only be stopped mid-parse by terminating
 * the worker, so cancelling one restarts the worker: the other requests it was running are sent
 * again to the new one, and sessions it held are loaded again there when next asked for
 * (their lenses never left the request thread).
 */
import type { CompareCall, LoadCall, WorkerAnswers } from './profileWorkerMessages';
import { ProfileWorker, WorkerTerminated, type WorkerCall } from './profileWorkerClient';

/** How often a pending request checks for cancellation (ms). */
const CANCEL_POLL_MS = 50;

/** A request to a held session, as the caller writes it. */
export type SessionCall = { readonly kind: 'analyzeRoot'; readonly root: LoadCall['roots'][number] } | { readonly kind: 'flame'; readonly uri: string };

export class ProfileEngine {
  private worker: ProfileWorker | undefined;
  /** Sessions the current worker holds. */
  private readonly held = new Set<number>();
  private nextSession = 0;

  constructor(private readonly script?: string) {}

  /** A fresh session number for a load. */
  newSession(): number {
    return ++this.nextSession;
  }

  /**
   * Loads a profile as `call.session`. Resolves with the facts and root analyses; rejects with
   * {@link WorkerTerminated} when `isCancelled` turned true (the worker is then restarted), with
   * the core's ProfileError for bad input, or with an Error when the worker died (out of memory).
   */
  async load(call: LoadCall, isCancelled: () => boolean, progress?: (message: string, percent: number) => void): Promise<WorkerAnswers['load']> {
    const answer = await this.cancellable(isCancelled, (w) => w.request(call, progress));
    this.held.add(call.session);
    return answer;
  }

  /** Asks the worker about session `reload.session`, loading it there again first when the worker no longer holds it. */
  async ask<C extends SessionCall>(reload: LoadCall, call: C): Promise<WorkerAnswers[C['kind']]> {
    for (;;) {
      if (!this.held.has(reload.session)) await this.load(reload, () => false);
      try {
        return (await this.current().request({ ...call, session: reload.session } as WorkerCall)) as WorkerAnswers[C['kind']];
      } catch (e) {
        // Restarted meanwhile (another load was cancelled): load the session again and ask again.
        if (!(e instanceof WorkerTerminated)) throw e;
      }
    }
  }

  /**
   * Runs Compare with Baseline in the worker (`workerComparisons.ts`). Rejects with
   * {@link WorkerTerminated} when `isCancelled` turned true (the worker is then restarted), with
   * a ProfileError or WorkerUserError for bad input, or with an Error when the worker died.
   */
  compare(call: CompareCall, isCancelled: () => boolean): Promise<WorkerAnswers['compare']> {
    return this.cancellable(isCancelled, (w) => w.request({ kind: 'compare', ...call }));
  }

  /** The differential flame tree of a comparison; the worker compares again first when it no longer holds it (restarted, or evicted). */
  diffFlame(call: CompareCall): Promise<WorkerAnswers['diffFlame']> {
    return this.cancellable(() => false, (w) => w.request({ kind: 'diffFlame', ...call }));
  }

  /** Spawns the worker now if there is none, so that the first load does not wait for it to start. */
  warm(): void {
    this.current();
  }

  /** Frees a session's profile in the worker. */
  drop(session: number): void {
    if (!this.held.delete(session) || !this.worker) return;
    this.worker.request({ kind: 'drop', session }).catch(() => undefined);
  }

  /** The worker, spawned when there is none or the last one died (its sessions are loaded again when asked for). */
  private current(): ProfileWorker {
    if (this.worker?.isDead) this.restart();
    return (this.worker ??= new ProfileWorker(this.script));
  }

  private restart(): void {
    const old = this.worker;
    this.worker = undefined;
    this.held.clear();
    old?.terminate();
  }

  /** Runs `send` on the current worker; restarts it when cancelled, sends again when another request's cancellation restarted it. */
  private async cancellable<T>(isCancelled: () => boolean, send: (worker: ProfileWorker) => Promise<T>): Promise<T> {
    for (;;) {
      if (isCancelled()) throw new WorkerTerminated();
      const worker = this.current();
      const poll = setInterval(() => {
        if (isCancelled() && this.worker === worker) this.restart();
      }, CANCEL_POLL_MS);
      try {
        return await send(worker);
      } catch (e) {
        if (!(e instanceof WorkerTerminated) || isCancelled()) throw e;
      } finally {
        clearInterval(poll);
      }
    }
  }
}
