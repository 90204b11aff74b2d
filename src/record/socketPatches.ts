/**
 * Tags each client TLS socket with the DynamoDB request that opened it, so that its handshake is
 * counted for that request's call site and the CPU of its handshake callbacks carries the
 * request's labels. Node runs the client's certificate checks (`onConnectSecure`:
 * `getPeerCertificate`, `checkServerIdentity`) in `TLSSocket.prototype._finishInit`, called from
 * the native handshake callback with no frame of the request on the stack: without the tag those
 * samples carry no label and read as a handshake to an unknown host.
 *
 * `TLSSocket.prototype._init` runs inside the socket's constructor, synchronously within
 * `tls.connect` — inside the request that opens the connection (aws-sdk v2 sends from a request
 * listener, v3's node HTTP handler from a promise reaction of the call). Server sockets
 * (`isServer`) are never tagged: they are the service's own listener.
 */
import * as tls from 'node:tls';
import type { RequestContext, RequestContexts } from './requestContexts';

const SOCKET_CONTEXT = Symbol('dynamo-hotpath.record.socketContext');
const PATCHED = Symbol.for('dynamo-hotpath.record.socketPatched');

type AnyFunction = (this: unknown, ...args: unknown[]) => unknown;
interface TaggedSocket {
  [SOCKET_CONTEXT]?: RequestContext;
  _tlsOptions?: { isServer?: boolean };
  isSessionReused?: () => boolean;
}

/**
 * Patches `tls.TLSSocket.prototype` once per process; false when Node's TLSSocket lacks the
 * internals relied on (`_init`, `_finishInit`), and then nothing is patched.
 */
export function installSocketPatches(contexts: RequestContexts): boolean {
  const proto = tls.TLSSocket.prototype as unknown as Record<string | symbol, unknown>;
  if (proto[PATCHED]) return true;
  const init = proto._init;
  const finishInit = proto._finishInit;
  if (typeof init !== 'function' || typeof finishInit !== 'function') return false;
  Object.defineProperty(proto, PATCHED, { value: true });
  proto._init = function initTagged(this: TaggedSocket, ...args: unknown[]) {
    const result = (init as AnyFunction).apply(this, args);
    const context = contexts.running;
    if (context && !this._tlsOptions?.isServer) this[SOCKET_CONTEXT] = context;
    return result;
  };
  proto._finishInit = function finishInitInContext(this: TaggedSocket, ...args: unknown[]) {
    const context = this[SOCKET_CONTEXT];
    if (!context) return (finishInit as AnyFunction).apply(this, args);
    if (this.isSessionReused?.()) context.counter.resumedHandshakes++;
    else context.counter.handshakes++;
    return contexts.within(context, finishInit as AnyFunction, this, args);
  };
  return true;
}
