/**
 * The async context of DynamoDB requests, kept in step with the profiler's current context so
 * that every sample taken while the SDK works on a request — in the call itself or in any later
 * callback or promise continuation — carries the request's labels. Two ways, by SDK:
 *
 * - {@link RequestContexts.within}: the context is set around synchronous work only. aws-sdk v2
 *   runs a request's whole life (signing, sending, reading and parsing the response, the
 *   DocumentClient's translation) in the listeners of its `AWS.Request`, so setting the context
 *   around each listener run is exact and costs the rest of the process nothing.
 * - {@link RequestContexts.call} / {@link RequestContexts.propagate}: an `AsyncLocalStorage`
 *   entered around the call, for v3, whose middleware continues in promise reactions. Node 20
 *   has no AsyncContextFrame, so the profiler cannot read the store by itself
 *   (`shared/notes/async-attribution.md`): an `async_hooks` `before` hook hands it the store of
 *   each callback about to run. The hook (and the store's own propagation hook) is enabled at the
 *   first such call, so a process that never uses v3 pays for neither.
 *
 * There is no `after` hook: every callback and promise reaction gets a `before`, so the context
 * left set after one only covers Node's own code until the next (the event loop, idle, GC), where
 * a label credits nothing — the analysis uses labels only on samples with DynamoDB frames.
 * Measured on the sample service (v3, 400 requests, 1,200 calls): 152,589 `before` calls, and
 * 63,320 profiler context switches without `after` against 297,960 with `after` clearing.
 */
import { AsyncLocalStorage, createHook } from 'node:async_hooks';
import { CALL_SITE_LABEL, CALLERS_LABEL, callersLabel, CLIENT_LABEL, FUNCTION_LABEL, OPERATION_LABEL, RECORDER_LABEL } from '../core/analysis/recorderLabels';
import type { CallerFrame } from './callSite';

/** One distinct (call site, its callers, operation, client): created once, shared by all its requests. */
export interface RequestContext {
  /** The sample labels of this context (see `recorderLabels.ts`). */
  readonly labels: Readonly<Record<string, string>>;
  /** Calls into the SDK made from this context so far. */
  calls: number;
}

/** Where the current context goes: the profiler (pprof contexts) or an interval log. */
export interface ContextSink {
  set(context: RequestContext | undefined): void;
}

/** The request contexts of one process. */
export class RequestContexts {
  private readonly store = new AsyncLocalStorage<RequestContext>();
  private readonly byKey = new Map<string, RequestContext>();
  private sink: ContextSink | undefined;
  private shown: RequestContext | undefined;
  /** Set by the first {@link propagate}: the hook runs from then on while a sink is attached. */
  private hookWanted = false;
  private readonly hook = createHook({ before: () => this.show(this.store.getStore()) });

  /** True once a call needed async propagation ({@link propagate}): the async hook is in use. */
  get propagating(): boolean {
    return this.hookWanted;
  }

  /** Every context made so far, in order of first use. */
  get all(): readonly RequestContext[] {
    return [...this.byKey.values()];
  }

  /** The context of a call from `caller` (undefined: no user frame found) for `operation` on `client`. */
  contextFor(caller: CallerFrame | undefined, operation: string, client: string): RequestContext {
    const site = caller ? `${caller.file}:${caller.line}:${caller.column}` : '';
    const callers = caller && caller.callers.length > 0 ? callersLabel(caller.callers) : '';
    const key = `${site}\u0000${callers}\u0000${operation}\u0000${client}`;
    let context = this.byKey.get(key);
    if (!context) {
      const labels: Record<string, string> = { [OPERATION_LABEL]: operation, [CLIENT_LABEL]: client, [RECORDER_LABEL]: __filename };
      if (caller) {
        labels[CALL_SITE_LABEL] = site;
        labels[FUNCTION_LABEL] = caller.functionName;
        if (callers) labels[CALLERS_LABEL] = callers;
      }
      context = { labels: Object.freeze(labels), calls: 0 };
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
   * Runs `fn` in `context`: the call and everything it starts asynchronously (callbacks, timers,
   * promise reactions) carry its labels. Enables the async hook on first use.
   */
  propagate<T>(context: RequestContext, fn: () => T): T {
    if (!this.hookWanted) {
      this.hookWanted = true;
      if (this.sink) this.hook.enable();
    }
    return this.store.run(context, () => this.within(context, fn));
  }

  /**
   * Calls `fn` (with `self` and `args`) with `context` current and restores the previous one:
   * synchronous work only, nothing it schedules inherits the context (aws-sdk v2's listeners).
   */
  within<T, A extends unknown[]>(context: RequestContext, fn: (this: unknown, ...args: A) => T, self?: unknown, args?: A): T {
    const outer = this.shown;
    this.show(context);
    try {
      return fn.apply(self, args ?? ([] as unknown as A));
    } finally {
      this.show(outer);
    }
  }

  /** Starts feeding `sink` with the current context. */
  attach(sink: ContextSink): void {
    this.sink = sink;
    if (this.hookWanted) this.hook.enable();
  }

  /** Stops feeding the sink (call before the profiler stops: a stopped profiler rejects contexts). */
  detach(): void {
    this.hook.disable();
    this.sink = undefined;
    this.shown = undefined;
  }

  private show(context: RequestContext | undefined): void {
    if (context === this.shown) return;
    this.shown = context;
    this.sink?.set(context);
  }
}
