/**
 * The async context of DynamoDB requests, kept in step with the profiler's current context so
 * that every sample taken while the SDK works on a request — in the call itself or in any later
 * promise continuation — carries the request's labels. Two ways, by SDK:
 *
 * - {@link RequestContexts.within}: the context is set around synchronous work only. aws-sdk v2
 *   runs a request's whole life (signing, sending, reading and parsing the response, the
 *   DocumentClient's translation) in the listeners of its `AWS.Request`, so setting the context
 *   around each listener run is exact and costs the rest of the process nothing.
 * - {@link RequestContexts.call} / {@link RequestContexts.propagate}: for v3, whose middleware
 *   continues in promise reactions. V8's promise hooks (`v8.promiseHooks`, no `async_hooks`):
 *   a promise created while a context is current keeps it (`init`), the reaction about to run
 *   hands its promise's context to the profiler (`before`), and `after` ends it for the code that
 *   follows. Node 20 has no AsyncContextFrame, so the profiler cannot read an
 *   `AsyncLocalStorage` by itself (`shared/notes/async-attribution.md`), and Node's own
 *   `async_hooks` + `AsyncLocalStorage` cost a resource lookup, async ids and a hook dispatch per
 *   promise and per callback. The hooks are installed at the first such call, so a process that
 *   never uses v3 pays nothing.
 *
 * Callbacks that are not promise reactions (timers, sockets, `process.nextTick`) run with no
 * current context for propagation, and the profiler keeps the last context it was given: v3's
 * own work on a response (deserializing, lib-dynamodb's translation) runs in promise reactions.
 * There is no profiler update after a reaction: the next reaction's `before` sets it, so the
 * context left set covers only Node's own code until then (the event loop, idle, GC), where a
 * label credits nothing — the analysis uses labels only on samples with DynamoDB frames.
 */
import { promiseHooks } from 'node:v8';
import { basename } from 'node:path';
import { CALL_SITE_LABEL, CALLERS_LABEL, callersLabel, CLIENT_LABEL, CONTEXT_LABEL, FUNCTION_LABEL, OPERATION_LABEL, RECORDER_LABEL, SDK_LABEL } from '../core/analysis/recorderLabels';
import type { CallerFrame } from './callSite';
import { sourcePositionOf } from './memorySourceMaps';
import { CallCounter } from './callCounter';

const CONTEXT = Symbol('dynamo-hotpath.record.promiseContext');

/** A promise created while a request context was current. */
interface Carrier {
  [CONTEXT]?: RequestContext;
}

/** One distinct (call site, its callers, operation, client): created once, shared by all its requests. */
export interface RequestContext {
  /** The sample labels of this context (see `recorderLabels.ts`), {@link CONTEXT_LABEL} included. */
  readonly labels: Readonly<Record<string, string>>;
  /**
   * `{ [CONTEXT_LABEL]: id }`: the one label a pprof sample carries; the id (unique in the
   * process, readable: `3 Query v3-adapter.js:69`) leads to {@link labels}.
   */
  readonly idLabel: Readonly<Record<string, string>>;
  /** Calls into the SDK made from this context so far. */
  calls: number;
  /** What those calls did on the wire (attempts, retries, errors, handshakes, unprocessed items). */
  readonly counter: CallCounter;
}

/** Where the current context goes: the profiler (pprof contexts) or an interval log. */
export interface ContextSink {
  set(context: RequestContext | undefined): void;
}

/** The request contexts of one process. */
export class RequestContexts {
  private readonly byKey = new Map<string, RequestContext>();
  private sink: ContextSink | undefined;
  private shown: RequestContext | undefined;
  /** The context of the code running now, inherited by the promises it creates. */
  private current: RequestContext | undefined;
  /** The context of the code running now, by either way ({@link within} or a promise reaction); none between them. */
  private runningNow: RequestContext | undefined;
  /** Set by the first {@link propagate}: the hooks run from then on while a sink is attached. */
  private hookWanted = false;
  private stopHooks: (() => void) | undefined;

  /** True once a call needed async propagation ({@link propagate}): the promise hooks are in use. */
  get propagating(): boolean {
    return this.hookWanted;
  }

  /**
   * The request context of the code running now: set around synchronous SDK work ({@link within})
   * and for promise reactions of a propagated call, none in other callbacks. Unlike the
   * profiler's context, which stays on the last one until the next is set, this is never stale:
   * the socket patch asks it which request opens a connection.
   */
  get running(): RequestContext | undefined {
    return this.runningNow;
  }

  /** Every context made so far, in order of first use. */
  get all(): readonly RequestContext[] {
    return [...this.byKey.values()];
  }

  /**
   * The context of a call from `caller` (undefined: no user frame found) for `operation` on
   * `client`. Its labels give the call site and callers in the source on disk: positions in
   * modules transformed in memory (tsx, ts-node…) are mapped through the loader's source maps
   * when the context is made (`memorySourceMaps.ts`).
   */
  contextFor(caller: CallerFrame | undefined, operation: string, client: string, sdk: 'aws-sdk-js-v2' | 'aws-sdk-js-v3'): RequestContext {
    const site = caller ? `${caller.file}:${caller.line}:${caller.column}` : '';
    const callers = caller && caller.callers.length > 0 ? callersLabel(caller.callers) : '';
    const key = `${site}\u0000${callers}\u0000${operation}\u0000${client}\u0000${sdk}`;
    let context = this.byKey.get(key);
    if (!context) {
      // Labels in the source on disk (in-memory transforms mapped); the key stays in V8's positions, cheap to build per call.
      const at = caller && sourcePositionOf(caller);
      const id = `${this.byKey.size} ${operation} ${at ? `${basename(at.file)}:${at.line}` : '(no user frame)'}`;
      const labels: Record<string, string> = { [CONTEXT_LABEL]: id, [OPERATION_LABEL]: operation, [CLIENT_LABEL]: client, [SDK_LABEL]: sdk, [RECORDER_LABEL]: __filename };
      if (at) {
        labels[CALL_SITE_LABEL] = `${at.file}:${at.line}:${at.column}`;
        labels[FUNCTION_LABEL] = at.functionName;
        if (callers) labels[CALLERS_LABEL] = callersLabel(at.callers.map(sourcePositionOf));
      }
      context = { labels: Object.freeze(labels), idLabel: Object.freeze({ [CONTEXT_LABEL]: id }), calls: 0, counter: new CallCounter() };
      this.byKey.set(key, context);
    }
    return context;
  }

  /** Runs one call into the SDK in `context` ({@link propagate}) and counts it in `context.calls`. */
  call<T>(context: RequestContext, fn: () => T): T {
    context.calls++;
    return this.propagate(context, fn);
  }

  /**
   * Runs `fn` in `context`: the call and the promise reactions of everything it starts (its
   * promises, theirs, and so on) carry its labels; plain callbacks (timers, sockets) do not. Installs the promise hooks on first use.
   */
  propagate<T>(context: RequestContext, fn: () => T): T {
    if (!this.hookWanted) {
      this.hookWanted = true;
      if (this.sink) this.startHooks();
    }
    const outer = this.current;
    this.current = context;
    try {
      return this.within(context, fn);
    } finally {
      this.current = outer;
    }
  }

  /**
   * Calls `fn` (with `self` and `args`) with `context` current and restores the previous one:
   * synchronous work only, nothing it schedules inherits the context (aws-sdk v2's listeners).
   */
  within<T, A extends unknown[]>(context: RequestContext, fn: (this: unknown, ...args: A) => T, self?: unknown, args?: A): T {
    const outer = this.shown;
    const outerRunning = this.runningNow;
    this.show(context);
    this.runningNow = context;
    try {
      return fn.apply(self, args ?? ([] as unknown as A));
    } finally {
      this.show(outer);
      this.runningNow = outerRunning;
    }
  }

  /** Starts feeding `sink` with the current context. */
  attach(sink: ContextSink): void {
    this.sink = sink;
    if (this.hookWanted) this.startHooks();
  }

  /** Stops feeding the sink (call before the profiler stops: a stopped profiler rejects contexts). */
  detach(): void {
    this.stopHooks?.();
    this.stopHooks = undefined;
    this.sink = undefined;
    this.shown = undefined;
  }

  private startHooks(): void {
    if (this.stopHooks) return;
    this.stopHooks = <() => void>promiseHooks.createHook({
      init: (promise) => {
        if (this.current !== undefined) (promise as unknown as Carrier)[CONTEXT] = this.current;
      },
      before: (promise) => {
        const context = (promise as unknown as Carrier)[CONTEXT];
        this.current = context;
        this.runningNow = context;
        this.show(context);
      },
      after: () => {
        this.current = undefined;
        this.runningNow = undefined;
      },
    });
  }

  private show(context: RequestContext | undefined): void {
    if (context === this.shown) return;
    this.shown = context;
    this.sink?.set(context);
  }
}
