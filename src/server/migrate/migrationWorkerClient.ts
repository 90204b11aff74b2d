/**
 * The request thread's handle on the migration worker (`migrationWorker.ts`): started on the first
 * request (the first JavaScript/TypeScript document that uses aws-sdk), answers by promises in
 * request order, and a worker that dies (a crash, out of memory on a huge project) rejects its
 * pending requests and is started again by the next one — the language server stays up.
 */
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { AnalyseReply, AnalyseRequest } from './migrationWorkerMessages';

/** Where the bundled worker sits: next to the server bundle (dist/migrationWorker.js). */
export const MIGRATION_WORKER_SCRIPT = join(__dirname, 'migrationWorker.js');

export class MigrationWorkerClient {
  private worker: Worker | undefined;
  private readonly pending = new Map<number, { resolve: (r: AnalyseReply) => void; reject: (e: Error) => void }>();
  private nextId = 0;

  constructor(private readonly script = MIGRATION_WORKER_SCRIPT) {}

  /** Analyses `documents` in the worker; rejects when the worker failed or died meanwhile. */
  analyse(request: Omit<AnalyseRequest, 'id'>): Promise<AnalyseReply> {
    const worker = this.start();
    const id = ++this.nextId;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ ...request, id } satisfies AnalyseRequest);
    });
  }

  /** Stops the worker (its programs are freed); the next request starts a new one. */
  async stop(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    this.failAll(new Error('the migration worker was stopped'));
    await worker?.terminate();
  }

  private start(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(this.script);
    worker.unref();
    worker.on('message', (reply: AnalyseReply) => {
      const waiting = this.pending.get(reply.id);
      this.pending.delete(reply.id);
      if (!waiting) return;
      if (reply.error) waiting.reject(new Error(reply.error));
      else waiting.resolve(reply);
    });
    const died = (e: Error) => {
      if (this.worker !== worker) return;
      this.worker = undefined;
      this.failAll(e);
    };
    worker.on('error', (e) => died(new Error(`the migration worker failed: ${e.message}`)));
    worker.on('exit', (code) => died(new Error(`the migration worker exited (code ${code})`)));
    this.worker = worker;
    return worker;
  }

  private failAll(e: Error): void {
    const waiting = [...this.pending.values()];
    this.pending.clear();
    for (const w of waiting) w.reject(e);
  }
}
