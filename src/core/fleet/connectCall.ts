/**
 * Connect-protocol unary calls with binary protobuf bodies, the way Pyroscope's `profilecli`
 * calls the querier: `POST <base>/<service>/<Method>`, `Content-Type: application/proto`,
 * `Connect-Protocol-Version: 1`; errors come back as a non-200 status with a JSON body
 * `{code, message}` (connectrpc.com protocol spec).
 */
import type { Readable } from 'node:stream';
import { authHeaders, displayUrl, endpointUrl, type Endpoint } from './endpoint';
import { FleetError, statusError } from './fleetError';
import { readAll, sendHttp } from './httpCall';
import { shortDisplayText } from '../text/displayText';

export interface CallOptions {
  readonly signal?: AbortSignal;
  readonly onProgress?: (received: number, total: number | undefined) => void;
}

/** A successful call: the (gunzipped) protobuf body as a stream. */
export interface UnaryResponse {
  readonly body: Readable;
  readonly contentLength?: number;
}

const USER_AGENT = 'dynamo-hotpath (+Connect; binary protobuf)';

/**
 * Calls `<service>/<method>` and resolves with the response body stream once the status is 200.
 * @throws FleetError for HTTP errors (with what to check), a body that is not protobuf (a login
 *   page, a proxy's error page), network problems, timeouts and cancellation
 */
export async function connectUnary(endpoint: Endpoint, service: string, method: string, request: Uint8Array, options: CallOptions = {}): Promise<UnaryResponse> {
  const server = displayUrl(endpoint.url);
  const res = await sendHttp({
    endpoint,
    method: 'POST',
    url: endpointUrl(endpoint, `/${service}/${method}`),
    headers: { 'Content-Type': 'application/proto', 'Connect-Protocol-Version': '1', Accept: 'application/proto', 'User-Agent': USER_AGENT, ...authHeaders(endpoint) },
    body: request,
    what: method,
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.onProgress ? { onProgress: options.onProgress } : {}),
  });
  const contentType = String(res.headers['content-type'] ?? '');
  if (res.status !== 200) {
    const { message, code } = await errorDetail(res.body, contentType);
    throw statusError(res.status, server, method, message, code);
  }
  if (!/^application\/(proto|x-protobuf|octet-stream)/i.test(contentType)) {
    res.body.resume();
    throw new FleetError(
      'bad-response',
      `${server} answered ${method} with '${contentType || 'no content type'}', not a protobuf message: the URL does not lead to the Pyroscope API (a login page or another service?). Use the Pyroscope base URL, or a Grafana data-source proxy URL (…/api/datasources/proxy/uid/<uid>)`,
      res.status,
    );
  }
  const length = Number(res.headers['content-length']);
  return { body: res.body, ...(Number.isFinite(length) ? { contentLength: length } : {}) };
}

/** {@link connectUnary} for small answers (discovery calls): the whole body. */
export async function connectUnaryBytes(endpoint: Endpoint, service: string, method: string, request: Uint8Array, options: CallOptions = {}): Promise<Uint8Array> {
  const { body } = await connectUnary(endpoint, service, method, request, options);
  return readAll(body);
}

/** The server's error message, escaped and cut (`shortDisplayText`): Connect's JSON `{code, message}`, or the start of a text body. */
async function errorDetail(body: Readable, contentType: string): Promise<{ message?: string; code?: string }> {
  let text: string;
  try {
    text = Buffer.from(await readAll(body, 256 << 10)).toString('utf8');
  } catch {
    return {};
  }
  if (/json/i.test(contentType) || text.trimStart().startsWith('{')) {
    try {
      const json = JSON.parse(text) as { code?: unknown; message?: unknown };
      const code = typeof json.code === 'string' ? json.code : undefined;
      const message = typeof json.message === 'string' && json.message ? json.message : code;
      return { ...(message ? { message: shortDisplayText(message) } : {}), ...(code ? { code: shortDisplayText(code, 64) } : {}) };
    } catch {
      // fall through to plain text
    }
  }
  const plain = text.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim();
  return plain ? { message: shortDisplayText(plain) } : {};
}
