/**
 * The async context of DynamoDB requests: an `AsyncLocalStorage` entered around each call into
 * the SDK, and a hook that keeps the profiler's current context in step with it, so that every
 * sample taken while the SDK works on a request — in the call itself or in any later callback
 * or promise continuation it started — carries the request's labels.
 *
 * Node 20 has no AsyncContextFrame, so the profiler cannot read the store by itself
 * (`shared/notes/async-attribution.md`): an `async_hooks` `before` hook hands it the store of
 * the callback about to run, `after` clears it.
 */
import { AsyncLocalStorage, createHook } from 'node:async_hooks';
import { CALL_SITE_LABEL, CLIENT_LABEL, FUNCTION_LABEL, OPERATION_LABEL, RECORDER_LABEL } from '../core/analysis/recorderLabels';
import type { CallerFrame } from './callSite';

/** One distinct (call site, operation, client): created once, shared by all its requests. */
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
  private readonly hook = createHook({
    before: () => this.show(this.store.getStore()),
    after: () => this.show(undefined),
  });

  /** Every context made so far, in order of first use. */
  get all(): readonly RequestContext[] {
    return [...this.byKey.values()];
  }

  /** The context of a call from `caller` (undefined: no user frame found) for `operation` on `client`. */
  contextFor(caller: CallerFrame | undefined, operation: string, client: string): RequestContext {
    const site = caller ? `${caller.file}:${caller.line}:${caller.column}` : '';
    const key = `${site}\u0000${operation}\u0000${client}`;
    let context = this.byKey.get(key);
    if (!context) {
      const labels: Record<string, string> = { [OPERATION_LABEL]: operation, [CLIENT_LABEL]: client, [RECORDER_LABEL]: __filename };
      if (caller) {
        labels[CALL_SITE_LABEL] = site;
        labels[FUNCTION_LABEL] = caller.functionName;
      }
      context = { labels: Object.freeze(labels), calls: 0 };
      this.byKey.set(key, context);
    }
    return context;
  }

  /** Runs one call into the SDK in `context` ({@link run}) and counts it in `context.calls`. */
  call<T>(context: RequestContext, fn: () => T): T {
    context.calls++;
    return this.run(context, fn);
  }

  /**
   * Runs `fn` in `context`: the call and everything it starts asynchronously carry its labels.
   * Not counted: aws-sdk v2 sends a request it made earlier this way (`runTo`).
   */
  run<T>(context: RequestContext, fn: () => T): T {
    return this.store.run(context, () => {
      const outer = this.shown;
      this.show(context);
      try {
        return fn();
      } finally {
        this.show(outer);
      }
    });
  }

  /** Starts feeding `sink` with the current context. */
  attach(sink: ContextSink): void {
    this.sink = sink;
    this.hook.enable();
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
