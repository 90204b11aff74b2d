/**
 * Real servers on 127.0.0.1 for the connection and throttling tests:
 * - a throw-away certificate authority and server certificates made with openssl (installed by
 *   .ci/run), so clients verify a real chain as they do DynamoDB's;
 * - a TLS front: an HTTPS server that forwards every request to an HTTP target (dynalite, or the
 *   throttling stand-in) over kept-alive connections, and counts the TLS connections clients
 *   open to it — the ground truth the recordings' handshake counts are checked against;
 * - a throttling stand-in: forwards to dynalite, but past a write rate answers as a new on-demand
 *   table does (seed 003): `ThrottlingException`, HTTP 400, for PutItem/UpdateItem/DeleteItem,
 *   and for BatchWriteItem the items beyond the rate come back in `UnprocessedItems` (the whole
 *   batch refused with `ThrottlingException` when none fits), as DynamoDB's BatchWriteItem does.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer, request as httpRequest, Agent, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { constants } from 'node:crypto';
import { join } from 'node:path';

/** Files of a throw-away CA and a certificate for 127.0.0.1 signed by it. */
export interface TestCertificates {
  readonly dir: string;
  /** PEM of the CA: what a client must trust (NODE_EXTRA_CA_CERTS, Go `--ca`). */
  readonly caFile: string;
  readonly certFile: string;
  readonly keyFile: string;
  remove(): void;
}

/** Makes a CA and a server certificate for IP 127.0.0.1 / localhost (EC P-256, 1 day). */
export function makeCertificates(): TestCertificates {
  const dir = mkdtempSync(join(tmpdir(), 'dhp-tls-'));
  const at = (name: string) => join(dir, name);
  const openssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] });
  openssl('req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-keyout', 'ca.key', '-out', 'ca.pem', '-days', '1', '-subj', '/CN=dynamo-hotpath test CA');
  openssl('req', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-keyout', 'server.key', '-out', 'server.csr', '-subj', '/CN=127.0.0.1');
  writeFileSync(at('ext.cnf'), 'subjectAltName=IP:127.0.0.1,DNS:localhost\n');
  openssl('x509', '-req', '-in', 'server.csr', '-CA', 'ca.pem', '-CAkey', 'ca.key', '-CAcreateserial', '-out', 'server.pem', '-days', '1', '-extfile', 'ext.cnf');
  return { dir, caFile: at('ca.pem'), certFile: at('server.pem'), keyFile: at('server.key'), remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** A running server and what it counted. */
export interface RunningFront {
  readonly url: string;
  /** TLS connections clients completed a handshake on (new connections). */
  readonly handshakes: () => number;
  /** Requests forwarded. */
  readonly requests: () => number;
  close(): Promise<void>;
}

function listen(server: Server): Promise<number> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
}

function closeServer(server: Server): Promise<void> {
  server.closeAllConnections?.();
  return new Promise((resolve) => server.close(() => resolve()));
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** Forwards a request (its headers and `body`) to `target`; answers with the target's answer. */
function forward(target: URL, agent: Agent, req: IncomingMessage, body: Buffer, res: ServerResponse): void {
  const out = httpRequest({ host: target.hostname, port: target.port, path: req.url, method: req.method, headers: { ...req.headers, host: target.host, 'content-length': String(body.length) }, agent }, (answer) => {
    res.writeHead(answer.statusCode ?? 502, answer.headers);
    answer.pipe(res);
  });
  out.on('error', (err) => {
    res.writeHead(502);
    res.end(String(err));
  });
  out.end(body);
}

/** Starts an HTTPS front on 127.0.0.1 forwarding to `target` (an http:// URL). */
export async function startTlsFront(target: string, certs: TestCertificates): Promise<RunningFront> {
  const to = new URL(target);
  const agent = new Agent({ keepAlive: true });
  let handshakes = 0;
  let requests = 0;
  // No session resumption, as DynamoDB across its hosts (seed 002): each new connection is a full handshake.
  const server = createHttpsServer({ key: readFileSync(certs.keyFile), cert: readFileSync(certs.certFile), secureOptions: constants.SSL_OP_NO_TICKET, sessionTimeout: 0 }, (req, res) => {
    requests++;
    void readBody(req).then((body) => forward(to, agent, req, body, res));
  });
  server.on('secureConnection', () => handshakes++);
  const port = await listen(server);
  return {
    url: `https://127.0.0.1:${port}`,
    handshakes: () => handshakes,
    requests: () => requests,
    close: async () => {
      agent.destroy();
      await closeServer(server);
    },
  };
}

/** What the throttling stand-in counted. */
export interface ThrottleCounts {
  /** Writes (items) passed on to the target. */
  accepted: number;
  /** Single writes answered with ThrottlingException. */
  throttledCalls: number;
  /** Batch items answered as unprocessed. */
  unprocessedItems: number;
}

export interface RunningThrottle {
  readonly url: string;
  readonly counts: ThrottleCounts;
  close(): Promise<void>;
}

const SINGLE_WRITES = new Set(['PutItem', 'UpdateItem', 'DeleteItem']);

/**
 * Starts the throttling stand-in on 127.0.0.1 in front of `target` (dynalite): writes to the
 * `tables` named (all when none) pass while a token bucket refilled at `writesPerSecond`, holding
 * at most `burst` tokens (default: one second's worth), has tokens; each item of a batch takes one.
 */
export async function startThrottlingStandIn(target: string, writesPerSecond: number, tables?: readonly string[], burst = writesPerSecond): Promise<RunningThrottle> {
  const to = new URL(target);
  const agent = new Agent({ keepAlive: true });
  const counts: ThrottleCounts = { accepted: 0, throttledCalls: 0, unprocessedItems: 0 };
  let tokens = burst;
  let last = Date.now();
  const take = (wanted: number): number => {
    const now = Date.now();
    tokens = Math.min(burst, tokens + ((now - last) / 1000) * writesPerSecond);
    last = now;
    const granted = Math.min(wanted, Math.floor(tokens));
    tokens -= granted;
    return granted;
  };
  const throttled = (res: ServerResponse) => {
    res.writeHead(400, { 'content-type': 'application/x-amz-json-1.0', 'x-amzn-errortype': 'ThrottlingException' });
    res.end(JSON.stringify({ __type: 'com.amazon.coral.availability#ThrottlingException', message: 'Throughput exceeds the current capacity of your table or index. DynamoDB is automatically scaling your table or index so please try again shortly.' }));
  };
  const server = createHttpServer((req, res) => {
    void readBody(req).then((body) => {
      const operation = String(req.headers['x-amz-target'] ?? '').replace(/^DynamoDB_\d+\./, '');
      const parsed = operation === 'BatchWriteItem' || SINGLE_WRITES.has(operation) ? (JSON.parse(body.toString('utf8')) as { TableName?: string; RequestItems?: Record<string, unknown[]> }) : {};
      const named = parsed.TableName !== undefined ? [parsed.TableName] : Object.keys(parsed.RequestItems ?? {});
      if (tables && !named.some((t) => tables.includes(t))) return forward(to, agent, req, body, res);
      if (SINGLE_WRITES.has(operation)) {
        if (take(1) === 0) {
          counts.throttledCalls++;
          return throttled(res);
        }
        counts.accepted++;
        return forward(to, agent, req, body, res);
      }
      if (operation !== 'BatchWriteItem') return forward(to, agent, req, body, res);
      const input = parsed as { RequestItems: Record<string, unknown[]> };
      const all = Object.entries(input.RequestItems).flatMap(([table, writes]) => writes.map((w) => [table, w] as const));
      const granted = take(all.length);
      if (granted === 0) {
        counts.throttledCalls++;
        return throttled(res);
      }
      counts.accepted += granted;
      counts.unprocessedItems += all.length - granted;
      const group = (entries: (readonly [string, unknown])[]) => {
        const out: Record<string, unknown[]> = {};
        for (const [table, write] of entries) (out[table] ??= []).push(write);
        return out;
      };
      const passed = Buffer.from(JSON.stringify({ ...input, RequestItems: group(all.slice(0, granted)) }));
      const unprocessed = group(all.slice(granted));
      // Forward the items that fit, then answer with the target's answer plus the rest as unprocessed.
      const out = httpRequest({ host: to.hostname, port: to.port, path: req.url, method: 'POST', headers: { ...req.headers, host: to.host, 'content-length': String(passed.length) }, agent }, (answer) => {
        void readBody(answer).then((answerBody) => {
          const parsed = JSON.parse(answerBody.toString('utf8') || '{}') as Record<string, unknown>;
          if (answer.statusCode === 200) parsed.UnprocessedItems = unprocessed;
          const text = JSON.stringify(parsed);
          res.writeHead(answer.statusCode ?? 502, { 'content-type': 'application/x-amz-json-1.0', 'content-length': Buffer.byteLength(text) });
          res.end(text);
        });
      });
      out.end(passed);
    });
  });
  const port = await listen(server);
  return {
    url: `http://127.0.0.1:${port}`,
    counts,
    close: async () => {
      agent.destroy();
      await closeServer(server);
    },
  };
}
