/**
 * Wraps the entry points of the AWS SDKs for JavaScript so that each DynamoDB request runs in
 * its {@link RequestContext}: aws-sdk v2 `AWS.Service#makeRequest` (where the caller is the
 * user's `query(…)`/`put(…)` line; the request made there keeps its context) and
 * `AWS.Request#callListeners` (every listener of the request's life runs through it, whether it
 * is sent by `send`, `promise`, a callback or later; a page that continues the request keeps its
 * context, see {@link continuedContext}), and v3 `Client#send` of `@smithy/core` /
 * `@smithy/smithy-client` (every `DynamoDBClient`, `DynamoDBDocumentClient`, `DynamoDBDocument`
 * call goes through it; its work continues in promise reactions, so the context propagates).
 *
 * Modules are patched when Node compiles them (`Module.prototype._compile`), so every copy of
 * the SDK in the dependency tree is covered, whatever requires it first. Under Node the v3
 * packages resolve to their CommonJS builds for `import` too (`@aws-sdk/client-dynamodb` has no
 * `exports` map; `@smithy/core` lists the `node` condition first), so ES-module apps are
 * covered as well. Code bundled into one file (esbuild, webpack) is not.
 */
import Module from 'node:module';
import { captureCaller } from './callSite';
import type { RequestContexts, RequestContext } from './requestContexts';
import { installSocketPatches } from './socketPatches';
import { OPERATION_LABEL } from '../core/analysis/recorderLabels';
import { UnprocessedItems } from './unprocessedItems';

const PATCHED = Symbol.for('dynamo-hotpath.record.patched');
const CONTEXT = Symbol.for('dynamo-hotpath.record.context');

const V2_CORE = /[\\/]aws-sdk[\\/]lib[\\/]core\.js$/;
const V3_CLIENT = /[\\/](@smithy[\\/]core[\\/]dist-cjs[\\/]submodules[\\/]client[\\/]index|@smithy[\\/]smithy-client[\\/]dist-cjs[\\/](index|client)|@aws-sdk[\\/]smithy-client[\\/]dist-cjs[\\/](index|client))\.js$/;

type AnyFunction = (this: unknown, ...args: unknown[]) => unknown;
interface Patchable {
  [key: string | symbol]: unknown;
}

/** `query` → `Query` (v2 operation names are lower camel case). */
function operationName(name: unknown): string {
  return typeof name === 'string' && name ? name[0]!.toUpperCase() + name.slice(1) : 'unknown';
}

/** `QueryCommand` → `Query`. */
function commandOperation(command: unknown): string {
  const name = (command as { constructor?: { name?: unknown } } | null)?.constructor?.name;
  return typeof name === 'string' && name.endsWith('Command') ? name.slice(0, -'Command'.length) : operationName(name);
}

function isPatched(fn: unknown): boolean {
  return typeof fn === 'function' && (fn as unknown as Patchable)[PATCHED] === true;
}

function markPatched<T extends AnyFunction>(fn: T): T {
  Object.defineProperty(fn, PATCHED, { value: true });
  return fn;
}

/**
 * Patches aws-sdk v2's `AWS` object (the exports of `aws-sdk/lib/core.js`); false when its shape
 * is not the expected one. `callListeners` is mixed into `AWS.Request.prototype` from
 * `AWS.SequentialExecutor`, so only requests are affected; it runs synchronous listeners and
 * resumes after each asynchronous one (credentials, the HTTP response), which covers all the
 * request's work without an async hook on every callback of the process (measured on the sample
 * service: 14 context switches per v2 call, no hook calls).
 */
export function patchAwsSdkV2(AWS: unknown, contexts: RequestContexts, unprocessed = new UnprocessedItems()): boolean {
  const service = (AWS as { Service?: { prototype?: Patchable } })?.Service?.prototype;
  const request = (AWS as { Request?: { prototype?: Patchable } })?.Request?.prototype;
  if (!service || !request || typeof service.makeRequest !== 'function' || typeof request.callListeners !== 'function') return false;
  if (isPatched(service.makeRequest)) return true;
  const makeRequest = service.makeRequest as AnyFunction;
  const callListeners = request.callListeners as AnyFunction;
  // The request whose listeners are running (its callback or `eachPage` handler included).
  let running: Patchable | undefined;
  service.makeRequest = markPatched(function makeRequestInContext(this: unknown, ...args: unknown[]) {
    if ((this as { serviceIdentifier?: unknown }).serviceIdentifier !== 'dynamodb') return makeRequest.apply(this, args);
    const continued = continuedContext(running, args);
    const caller = continued ? undefined : captureCaller(makeRequestInContext);
    const operation = operationName(args[0]);
    const context = continued ?? contexts.contextFor(caller, operation, caller?.viaDocumentClient ? 'DocumentClient' : 'DynamoDB', 'aws-sdk-js-v2');
    context.calls++;
    unprocessed.sending(operation, args[1]);
    // With a callback, makeRequest sends at once: its synchronous part runs in the context here,
    // the rest in listeners, which find the context on the request.
    const made = contexts.within(context, makeRequest, this, args);
    if (made && typeof made === 'object') {
      Object.defineProperty(made, CONTEXT, { value: context, configurable: true });
      countOutcomes(made as V2Request, context, operation, unprocessed);
    }
    return made;
  });
  request.callListeners = markPatched(function callListenersInContext(this: unknown, ...args: unknown[]) {
    const context = (this as Patchable)[CONTEXT] as RequestContext | undefined;
    if (!context) return callListeners.apply(this, args);
    const outer = running;
    running = this as Patchable;
    try {
      return contexts.within(context, callListeners, this, args);
    } finally {
      running = outer;
    }
  });
  return true;
}

/**
 * The context of `running` when the request being made continues it: same operation on the same
 * table, made while its listeners run — the next page of `eachPage` or `nextPage()` (the SDK's,
 * or the DocumentClient's own, called from the user's `done()`), or user code paging on by hand
 * from the callback (the same SDK call line anyway). Otherwise undefined: a new call site.
 */
function continuedContext(running: Patchable | undefined, args: readonly unknown[]): RequestContext | undefined {
  const context = running?.[CONTEXT] as RequestContext | undefined;
  if (!context || (running as { operation?: unknown }).operation !== args[0]) return undefined;
  const table = (params: unknown) => (params as { TableName?: unknown } | undefined)?.TableName;
  return table((running as { params?: unknown }).params) === table(args[1]) ? context : undefined;
}

interface V2Response {
  error?: { code?: unknown; name?: unknown; retryable?: unknown } | null;
  retryCount?: number;
  maxRetries?: number;
  data?: unknown;
}
interface V2Request {
  on?: (event: string, listener: (response: V2Response) => void) => unknown;
}

const codeOf = (error: { code?: unknown; name?: unknown } | null | undefined): string => (typeof error?.code === 'string' && error.code) || (typeof error?.name === 'string' && error.name) || 'Error';

/**
 * Counts an aws-sdk v2 request's attempts and outcome for `context`: the `retry` event follows
 * every failed attempt (after the SDK's RETRY_CHECK listener has decided, so `retryable` and the
 * retry count say whether it will be retried); `complete` comes once, with the retries made.
 */
function countOutcomes(request: V2Request, context: RequestContext, operation: string, unprocessed: UnprocessedItems): void {
  if (typeof request.on !== 'function') return;
  request.on('retry', (response) => {
    const error = response.error;
    if (error && error.retryable === true && (response.retryCount ?? 0) < (response.maxRetries ?? 0)) context.counter.retried(codeOf(error));
  });
  request.on('complete', (response) => {
    context.counter.callEnded((response.retryCount ?? 0) + 1, response.error ? codeOf(response.error) : undefined);
    if (!response.error) unprocessed.answered(context, operation, response.data);
  });
}

/** One v3 call on its way through the middleware stack (kept on the stack's execution context). */
interface V3Call {
  readonly context: RequestContext;
  /** Error code of each failed attempt, in order. */
  readonly failed: string[];
  attempts: number;
}
const V3_CALL = Symbol('dynamo-hotpath.record.call');
const STACK_COUNTED = Symbol.for('dynamo-hotpath.record.stackCounted');

type Next = (args: { input?: unknown }) => Promise<{ output?: unknown }>;
interface MiddlewareStack {
  add(middleware: (next: Next, context: Record<string | symbol, unknown>) => Next, options: Record<string, unknown>): void;
}

/**
 * Adds to a v3 client's middleware stack (once per stack: a DocumentClient shares its client's)
 * a call counter outside everything (initialize, high priority: it sees lib-dynamodb's item form)
 * and an attempt counter inside the retry middleware (finalizeRequest, low priority), which meet
 * on the call's execution context. Failed attempts before the last were retried; the last one of
 * a failed call is its final error. A call made outside any recorded context is not counted.
 */
function addCountingMiddleware(stack: unknown, contexts: RequestContexts, unprocessed: UnprocessedItems): void {
  const s = stack as (MiddlewareStack & Patchable) | undefined;
  if (!s || typeof s.add !== 'function' || s[STACK_COUNTED]) return;
  Object.defineProperty(s, STACK_COUNTED, { value: true });
  s.add(
    (next, execution) => async (args) => {
      const context = contexts.running;
      if (!context) return next(args);
      const operation = context.labels[OPERATION_LABEL] ?? '';
      unprocessed.sending(operation, args.input);
      const call: V3Call = { context, failed: [], attempts: 0 };
      execution[V3_CALL] = call;
      try {
        const result = await next(args);
        for (const code of call.failed) context.counter.retried(code);
        context.counter.callEnded(Math.max(call.attempts, 1), undefined);
        unprocessed.answered(context, operation, result.output);
        return result;
      } catch (err) {
        for (const code of call.failed.slice(0, -1)) context.counter.retried(code);
        context.counter.callEnded(call.attempts, codeOf(err as { name?: unknown }));
        throw err;
      }
    },
    { step: 'initialize', priority: 'high', name: 'dynamoHotpathCalls' },
  );
  s.add(
    (next, execution) => async (args) => {
      const call = execution[V3_CALL] as V3Call | undefined;
      if (!call) return next(args);
      call.attempts++;
      try {
        return await next(args);
      } catch (err) {
        call.failed.push(codeOf(err as { name?: unknown }));
        throw err;
      }
    },
    { step: 'finalizeRequest', priority: 'low', name: 'dynamoHotpathAttempts' },
  );
}

/** Patches a v3 `Client` class's `send`; false when it has none. */
export function patchSmithyClient(Client: unknown, contexts: RequestContexts, unprocessed = new UnprocessedItems()): boolean {
  const proto = (Client as { prototype?: Patchable } | undefined)?.prototype;
  if (!proto || typeof proto.send !== 'function') return false;
  if (isPatched(proto.send)) return true;
  const send = proto.send as AnyFunction;
  proto.send = markPatched(function sendInContext(this: unknown, ...args: unknown[]) {
    const config = (this as { config?: { serviceId?: unknown } }).config;
    if (config?.serviceId !== 'DynamoDB') return send.apply(this, args);
    const caller = captureCaller(sendInContext);
    const client = (this as { constructor?: { name?: unknown } }).constructor?.name;
    const context = contexts.contextFor(caller, commandOperation(args[0]), typeof client === 'string' && client ? client : 'Client', 'aws-sdk-js-v3');
    addCountingMiddleware((this as { middlewareStack?: unknown }).middlewareStack, contexts, unprocessed);
    return contexts.call(context, () => send.apply(this, args));
  });
  return true;
}

/** What {@link installSdkPatches} has patched so far (for the record summary). */
export interface PatchState {
  readonly patched: Set<string>;
}

/**
 * Installs the compile hook: from now on, aws-sdk v2's core and v3's `Client` are patched as
 * soon as Node compiles them. Returns what was patched (filled in as modules load).
 */
export function installSdkPatches(contexts: RequestContexts): PatchState {
  const state: PatchState = { patched: new Set() };
  const unprocessed = new UnprocessedItems();
  if (installSocketPatches(contexts)) state.patched.add('node:tls TLSSocket');
  const proto = (Module as unknown as { prototype: Patchable }).prototype;
  const compile = proto._compile as AnyFunction;
  if (isPatched(compile)) return state;
  proto._compile = markPatched(function compileAndPatch(this: unknown, ...args: unknown[]) {
    const result = compile.apply(this, args);
    const filename = args[1];
    if (typeof filename === 'string' && (V2_CORE.test(filename) || V3_CLIENT.test(filename))) {
      const exports = (this as { exports?: unknown }).exports;
      const ok = V2_CORE.test(filename) ? patchAwsSdkV2(exports, contexts, unprocessed) : patchSmithyClient((exports as { Client?: unknown } | undefined)?.Client, contexts, unprocessed);
      if (ok) state.patched.add(filename);
    }
    return result;
  });
  return state;
}
