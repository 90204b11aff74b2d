/**
 * One HTTP request to a fleet endpoint with Node's own http/https: proxy and CA handling,
 * an idle timeout, cancellation through an AbortSignal, gzip decoding and byte progress.
 * The response body is a stream, so a large profile never has to be held in memory.
 */
import { request as httpRequest, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { PassThrough, Transform, type Readable } from 'node:stream';
import { checkServerIdentity, type PeerCertificate } from 'node:tls';
import { createGunzip } from 'node:zlib';
import { displayUrl, type Endpoint } from './endpoint';
import { FleetError } from './fleetError';
import { proxyAgent, proxyFor } from './proxy';
import { trustedCas } from './trust';

export interface HttpCall {
  readonly endpoint: Endpoint;
  readonly method: 'GET' | 'POST';
  readonly url: URL;
  readonly headers: Record<string, string>;
  readonly body?: Uint8Array;
  /** What is being asked, for messages (`SelectMergeStacktraces`). */
  readonly what: string;
  readonly signal?: AbortSignal;
  /** Bytes received so far (as sent, before gunzip) and the total when the server said it. */
  readonly onProgress?: (received: number, total: number | undefined) => void;
}

export interface HttpResponse {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  /** The decoded (gunzipped) body. Errors on it are {@link FleetError}s. */
  readonly body: Readable;
}

const DEFAULT_TIMEOUT_MS = 60_000;

/**
 * Sends the request and resolves once the response headers arrived.
 * @throws FleetError `cancelled` (signal aborted), `timeout` (no progress for the endpoint's
 *   timeout), `tls` (certificate problems), `network` (DNS, refused, reset)
 */
export function sendHttp(call: HttpCall): Promise<HttpResponse> {
  const { endpoint, url } = call;
  const server = displayUrl(endpoint.url);
  const timeoutMs = endpoint.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const proxy = proxyFor(url, endpoint.proxy);
  // Through a CONNECT tunnel https-proxy-agent drops the host from the TLS options, so the
  // certificate is checked against the target's host name explicitly (IP literals included).
  const identity = proxy ? { checkServerIdentity: (_host: string, cert: PeerCertificate) => checkServerIdentity(url.hostname.replace(/^\[|\]$/g, ''), cert) } : {};
  const tls = url.protocol === 'https:' ? { ca: trustedCas(endpoint.extraCaPem), rejectUnauthorized: endpoint.rejectUnauthorized !== false, ...identity } : {};
  const agent = proxy ? proxyAgent(url, proxy, tls) : undefined;
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  const headers = { ...call.headers, 'Accept-Encoding': 'gzip', ...(call.body ? { 'Content-Length': String(call.body.length) } : {}) };

  return new Promise<HttpResponse>((resolve, reject) => {
    if (call.signal?.aborted) return reject(cancelled(server, call.what));
    let settled = false;
    const req = send(url, { method: call.method, headers, ...tls, ...(agent ? { agent } : {}) });
    const fail = (err: FleetError) => {
      if (!settled) {
        settled = true;
        reject(err);
      }
      req.destroy(err);
    };
    const onAbort = () => fail(cancelled(server, call.what));
    call.signal?.addEventListener('abort', onAbort, { once: true });
    req.setTimeout(timeoutMs, () => fail(new FleetError('timeout', `${server} did not answer ${call.what} within ${Math.round(timeoutMs / 1000)} s. Check that the server is reachable from here (VPN, proxy${proxy ? ` ${displayUrl(proxy)}` : ''}), or try a shorter time range`)));
    req.on('error', (err) => fail(err instanceof FleetError ? err : networkError(err as NodeJS.ErrnoException, server, call.what, proxy)));
    req.on('response', (res) => {
      settled = true;
      const body = decodedBody(res, call, server);
      res.on('close', () => call.signal?.removeEventListener('abort', onAbort));
      resolve({ status: res.statusCode ?? 0, headers: res.headers, body });
    });
    req.end(call.body ? Buffer.from(call.body) : undefined);
  });
}

function decodedBody(res: IncomingMessage, call: HttpCall, server: string): Readable {
  const lengthHeader = Number(res.headers['content-length']);
  const total = Number.isFinite(lengthHeader) && lengthHeader >= 0 ? lengthHeader : undefined;
  let received = 0;
  call.onProgress?.(0, total);
  const counter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      received += chunk.length;
      call.onProgress?.(received, total);
      done(null, chunk);
    },
  });
  const out = new PassThrough();
  const forward = (err: Error) => out.destroy(err instanceof FleetError ? err : new FleetError('network', `${server}: the ${call.what} response broke off after ${received} bytes (${err.message})`));
  res.on('error', forward);
  counter.on('error', forward);
  res.on('aborted', () => forward(new Error('connection closed')));
  res.pipe(counter);
  const encoding = String(res.headers['content-encoding'] ?? '').toLowerCase();
  if (encoding === 'gzip') {
    const gunzip = createGunzip();
    gunzip.on('error', (err) => forward(new FleetError('bad-response', `${server}: the gzip-encoded ${call.what} response is corrupt (${err.message})`)));
    counter.pipe(gunzip).pipe(out);
  } else {
    counter.pipe(out);
  }
  return out;
}

function cancelled(server: string, what: string): FleetError {
  return new FleetError('cancelled', `${what} from ${server} was cancelled`);
}

const TLS_CODES = /CERT|SELF_SIGNED|UNABLE_TO_(GET|VERIFY)|ERR_TLS|EPROTO|SSL/;

function networkError(err: NodeJS.ErrnoException, server: string, what: string, proxy: string | undefined): FleetError {
  const code = err.code ?? '';
  const via = proxy ? ` through the proxy ${displayUrl(proxy)}` : '';
  if (TLS_CODES.test(code) || TLS_CODES.test(err.message)) {
    return new FleetError('tls', `${server}: the TLS connection failed${via} (${code || err.message}). If the server uses a private CA, pass its certificate (CLI --cacert FILE, NODE_EXTRA_CA_CERTS, or the dynamoHotpath.pyroscope.caFile setting)`);
  }
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return new FleetError('network', `${server}: the host name does not resolve (${code})${via}. Check the URL and your DNS/VPN`);
  if (code === 'ECONNREFUSED') return new FleetError('network', `${server}: connection refused${proxy ? ` by the proxy ${displayUrl(proxy)}` : ''}. Check the URL and port, and that the server is running`);
  return new FleetError('network', `${server}: ${what} failed${via} (${code || err.message})`);
}

/** Reads a whole (small) response body; large profiles are streamed instead. */
export async function readAll(body: Readable, limitBytes = 64 << 20): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += (chunk as Buffer).length;
    if (size > limitBytes) throw new FleetError('bad-response', `the response is larger than ${limitBytes} bytes`);
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}
