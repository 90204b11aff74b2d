/**
 * A tiny DynamoDB endpoint on 127.0.0.1 that replays recorded responses, so the whole SDK response
 * path (HTTP, JSON parse, CRC check, unmarshall) can be benchmarked without the network. It answers
 * by the `X-Amz-Target` header with DynamoDB's response headers: `Content-Type:
 * application/x-amz-json-1.0`, `x-amzn-RequestId`, and `x-amz-crc32` (the CRC-32 of the body, which
 * aws-sdk v2 verifies).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import { crc32 } from 'node:zlib';
import type { AddressInfo } from 'node:net';

/**
 * A running replay server. It never closes an idle keep-alive connection itself (the clients'
 * agents decide, and {@link ReplayServer.close} ends them all), so a request on a reused socket
 * cannot race the server's idle timer.
 */
export interface ReplayServer {
  /** `http://127.0.0.1:<port>`. */
  endpoint: string;
  /** Requests answered so far, by operation name (the part of X-Amz-Target after the dot). */
  readonly requestCounts: Record<string, number>;
  /** Stops listening and closes keep-alive connections. */
  close(): Promise<void>;
}

/** Response bodies by DynamoDB operation name, e.g. `{ Query: '{"Items":[…]}', PutItem: '{}' }`. */
export type ReplayBodies = Record<string, string | Uint8Array>;

/** Headers DynamoDB sends with a JSON body; `x-amz-crc32` is the unsigned CRC-32 of the exact bytes. */
export function dynamoResponseHeaders(body: Uint8Array): Record<string, string> {
  return {
    'content-type': 'application/x-amz-json-1.0',
    'content-length': String(body.byteLength),
    'x-amzn-requestid': randomUUID().replace(/-/g, '').toUpperCase(),
    'x-amz-crc32': String(crc32(body) >>> 0),
  };
}

/**
 * Starts a replay server on 127.0.0.1 (ephemeral port). A request for an operation with no body in
 * `bodies` gets DynamoDB's 400 `UnknownOperationException`. Rejects if the port cannot be bound.
 */
export async function startReplayServer(bodies: ReplayBodies): Promise<ReplayServer> {
  const encoded = new Map<string, Buffer>();
  for (const [op, body] of Object.entries(bodies)) encoded.set(op, typeof body === 'string' ? Buffer.from(body, 'utf8') : Buffer.from(body));
  const requestCounts: Record<string, number> = {};

  const handle = (req: IncomingMessage, res: ServerResponse): void => {
    req.resume();
    req.on('end', () => {
      const target = String(req.headers['x-amz-target'] ?? '');
      const op = target.slice(target.indexOf('.') + 1);
      requestCounts[op] = (requestCounts[op] ?? 0) + 1;
      let status = 200;
      let body = encoded.get(op);
      if (!body) {
        status = 400;
        body = Buffer.from(JSON.stringify({ __type: 'com.amazon.coral.service#UnknownOperationException', message: `replay server has no response for '${target}'` }));
      }
      res.writeHead(status, dynamoResponseHeaders(body));
      res.end(body);
    });
  };

  const server = createServer({ keepAlive: true }, handle);
  // Node closes a connection idle for keepAliveTimeout (+1 s) while the SDKs' agents keep it as
  // reusable. When the benchmark process stalls past that (a full GC, descheduled on a loaded
  // machine), the next request is written to the socket before the server's overdue timer closes
  // it unread, and the client gets `read ECONNRESET`. Only the client closes idle connections here.
  server.keepAliveTimeout = 0;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    requestCounts,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
