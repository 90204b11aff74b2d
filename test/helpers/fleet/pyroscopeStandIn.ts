/**
 * STAND-IN for a Pyroscope querier (tests only; no Pyroscope binary can be installed here): a
 * real HTTP server on 127.0.0.1 speaking the Connect protocol with binary protobuf, written
 * from the public definitions (grafana/pyroscope `api/querier/v1/querier.proto`,
 * `api/types/v1/types.proto`). It serves real fixture profiles merged and pruned as Pyroscope
 * does (see standInProfile.ts), enforces `max_nodes` limits with Pyroscope's error texts,
 * the query range limits of its frontend (`max_query_length`, `max_query_lookback`:
 * pkg/validation/validate.go ValidateRangeRequest), checks basic/bearer auth and the tenant
 * header, and can play an older server.
 */
import { createServer, type IncomingMessage, type RequestListener, type Server, type ServerResponse } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import type { Profile } from 'pprof-format';
import type { Endpoint } from '../../../src/core/fleet/endpoint';
import { readVarint, walkFields } from '../../../src/core/profile/protoWire';
import { mergedProfile, readFixture } from './standInProfile';

/** A decoded query as the stand-in saw it. */
export interface SeenCall {
  readonly method: string;
  readonly headers: IncomingMessage['headers'];
  readonly fields: Readonly<Record<number, (string | number)[]>>;
  /** For profile queries: profile_typeID, label_selector, start, end (ms), max_nodes, format. */
  readonly query?: { profileTypeId: string; labelSelector: string; startMs: number; endMs: number; maxNodes?: number; format?: number };
}

export interface StandInOptions {
  /** Fixture path (or undefined: no data) for a query window. */
  readonly profileFor: (q: NonNullable<SeenCall['query']>) => string | undefined;
  readonly auth?: { kind: 'basic'; user: string; password: string } | { kind: 'bearer'; token: string };
  /** Required `X-Scope-OrgID`. */
  readonly tenant?: string;
  /** `querier.max-flamegraph-nodes-default` (used when max_nodes is 0 or absent); default 8192. */
  readonly maxNodesDefault?: number;
  /** `querier.max-flamegraph-nodes-max`; 0 = no cap; default 1 048 576. */
  readonly maxNodesMax?: number;
  /** `querier.max-flamegraph-nodes-on-select-merge-profile`: validate max_nodes on pprof answers too (Pyroscope's default: false, no pruning unless asked). */
  readonly enforceMaxNodesOnPprof?: boolean;
  /**
   * `legacy-format`: ignores `format` (answers a flame graph only); `no-stacktraces`: 404 for
   * SelectMergeStacktraces; `unimplemented`: 501 with Connect code `unimplemented` for it.
   */
  readonly legacy?: 'legacy-format' | 'no-stacktraces' | 'unimplemented';
  /**
   * The range limits of Pyroscope's query frontend (defaults there: 24 h and 7 d), applied to
   * every call with a time range as ValidateRangeRequest does: a range ending before now −
   * lookback is answered empty, one starting before it is clamped, then one longer than the
   * length is refused (HTTP 400, `invalid_argument`, Pyroscope's message).
   */
  readonly rangeLimits?: { readonly maxQueryLengthMs: number; readonly maxQueryLookbackMs: number };
  /** Answer every call with this status and Connect error body. */
  readonly failWith?: { status: number; code: string; message: string };
  /** Wait this long before answering (timeouts). */
  readonly delayMs?: number;
  /** gzip response bodies when the client accepts it. */
  readonly gzip?: boolean;
  /** Send the profile in chunks of this many bytes with `chunkDelayMs` between them (large responses, cancel). */
  readonly chunkBytes?: number;
  readonly chunkDelayMs?: number;
  readonly services?: readonly string[];
  /** Serve these pprof bytes as they are for every query (large-response benchmarks). */
  readonly rawProfile?: Uint8Array;
  /** Serve https with this key and certificate (PEM). */
  readonly tls?: { readonly key: string; readonly cert: string };
}

export interface PyroscopeStandIn {
  readonly url: string;
  readonly calls: SeenCall[];
  close(): Promise<void>;
}

/** Field numbers of the request messages (from querier.proto / types.proto). */
const QUERY_FIELDS = { profileTypeId: 1, labelSelector: 2, start: 3, end: 4, maxNodes: 5, format: 6 } as const;

export async function startPyroscopeStandIn(options: StandInOptions): Promise<PyroscopeStandIn> {
  const calls: SeenCall[] = [];
  const fixtures = new Map<string, Profile>();
  const listener: RequestListener = (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      setTimeout(() => handle(req, res, Buffer.concat(chunks)), options.delayMs ?? 0);
    });
  };
  const server: Server = options.tls ? createTlsServer({ key: options.tls.key, cert: options.tls.cert }, listener) : createServer(listener);

  function handle(req: IncomingMessage, res: ServerResponse, body: Buffer): void {
    const method = (req.url ?? '').replace(/^.*\/querier\.v1\.QuerierService\//, '');
    const fields = decodeFields(body);
    const isQuery = method === 'SelectMergeStacktraces' || method === 'SelectMergeProfile';
    const query = isQuery ? queryOf(fields) : undefined;
    calls.push({ method, headers: req.headers, fields, ...(query ? { query } : {}) });
    if (!(req.url ?? '').includes('/querier.v1.QuerierService/')) return notFound(res);
    if (options.failWith) return connectError(res, options.failWith.status, options.failWith.code, options.failWith.message);
    if (req.method !== 'POST' || req.headers['content-type'] !== 'application/proto') return connectError(res, 415, 'unknown', 'stand-in expects application/proto');
    if (!authorized(req)) return connectError(res, 401, 'unauthenticated', 'invalid credentials');
    if (options.tenant && req.headers['x-scope-orgid'] !== options.tenant) return connectError(res, 401, 'unauthenticated', 'no org id');
    const range = rangeOf(method, fields);
    // The query as served: its start clamped by the lookback (the recorded call keeps what was asked).
    let served = query;
    if (range && options.rangeLimits) {
      const checked = checkRange(range, options.rangeLimits);
      if (checked === 'too-long') return connectError(res, 400, 'invalid_argument', tooLongMessage(range, options.rangeLimits));
      if (checked === 'empty') return send(req, res, emptyAnswer(method, query));
      if (query) served = { ...query, startMs: range.startMs };
    }
    switch (method) {
      case 'ProfileTypes':
        return send(req, res, profileTypesResponse());
      case 'LabelNames':
        return send(req, res, namesResponse(['__name__', 'pod', 'service_name']));
      case 'LabelValues':
        return send(req, res, namesResponse(String(fields[1]?.[0] ?? '') === 'service_name' ? [...(options.services ?? ['adserver'])] : []));
      case 'SelectMergeStacktraces':
        if (options.legacy === 'no-stacktraces') return notFound(res);
        if (options.legacy === 'unimplemented') return connectError(res, 501, 'unimplemented', 'querier.v1.QuerierService.SelectMergeStacktraces is not implemented');
        return answerQuery(req, res, served!, options.legacy === 'legacy-format' ? 'flamegraph' : query!.format === 4 ? 'pprof-in-field-5' : 'flamegraph');
      case 'SelectMergeProfile':
        return answerQuery(req, res, served!, 'profile');
      default:
        return connectError(res, 404, 'unimplemented', `${method} is not implemented`);
    }
  }

  function authorized(req: IncomingMessage): boolean {
    const a = options.auth;
    if (!a) return true;
    const header = req.headers.authorization ?? '';
    if (a.kind === 'bearer') return header === `Bearer ${a.token}`;
    return header === `Basic ${Buffer.from(`${a.user}:${a.password}`).toString('base64')}`;
  }

  function answerQuery(req: IncomingMessage, res: ServerResponse, q: NonNullable<SeenCall['query']>, shape: 'pprof-in-field-5' | 'profile' | 'flamegraph'): void {
    const max = options.maxNodesMax ?? 1 << 20;
    let maxNodes = q.maxNodes ?? 0;
    if (shape !== 'flamegraph' && !options.enforceMaxNodesOnPprof) {
      // served as asked: 0 or absent means no pruning
    } else if (maxNodes === 0) maxNodes = options.maxNodesDefault ?? 8192;
    else if (max !== 0 && maxNodes > max) return connectError(res, 400, 'invalid_argument', `max flamegraph nodes limit ${maxNodes} is greater than allowed ${max}`);
    else if (max !== 0 && maxNodes < 0) return connectError(res, 400, 'invalid_argument', `max flamegraph nodes limit must be set (max allowed ${max})`);
    if (shape === 'flamegraph') return send(req, res, lenField(1, lenField(1, Buffer.from('total'))));
    const path = options.rawProfile ? undefined : options.profileFor(q);
    let profile = options.rawProfile ? Buffer.from(options.rawProfile.buffer, options.rawProfile.byteOffset, options.rawProfile.byteLength) : Buffer.alloc(0);
    if (path) {
      if (!fixtures.has(path)) fixtures.set(path, readFixture(path));
      const [sampleType, sampleUnit] = q.profileTypeId.split(':').slice(1, 3) as [string, string];
      profile = Buffer.from(mergedProfile(fixtures.get(path)!, { sampleType, sampleUnit, maxNodes, timeMs: q.startMs }).bytes);
    }
    return send(req, res, shape === 'profile' ? profile : lenField(5, lenField(1, profile)));
  }

  function send(req: IncomingMessage, res: ServerResponse, payload: Buffer): void {
    const gzip = options.gzip && /gzip/.test(String(req.headers['accept-encoding'] ?? ''));
    const data = gzip ? gzipSync(payload) : payload;
    res.writeHead(200, { 'Content-Type': 'application/proto', 'Content-Length': String(data.length), ...(gzip ? { 'Content-Encoding': 'gzip' } : {}) });
    const size = options.chunkBytes;
    if (!size) return void res.end(data);
    let offset = 0;
    const next = () => {
      if (res.destroyed) return;
      if (offset >= data.length) return void res.end();
      res.write(data.subarray(offset, offset + size));
      offset += size;
      setTimeout(next, options.chunkDelayMs ?? 0);
    };
    next();
  }

  function profileTypesResponse(): Buffer {
    const type = (id: string) => {
      const [name, sampleType, sampleUnit, periodType, periodUnit] = id.split(':') as [string, string, string, string, string];
      return lenField(1, Buffer.concat([lenField(1, Buffer.from(id)), lenField(2, Buffer.from(name)), lenField(4, Buffer.from(sampleType)), lenField(5, Buffer.from(sampleUnit)), lenField(6, Buffer.from(periodType)), lenField(7, Buffer.from(periodUnit))]));
    };
    return Buffer.concat([type('process_cpu:cpu:nanoseconds:cpu:nanoseconds'), type('memory:alloc_space:bytes:space:bytes')]);
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `${options.tls ? 'https' : 'http'}://127.0.0.1:${port}`,
    calls,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Where each method carries its range (ms): field numbers of start and end (querier.proto, types.proto). */
const RANGE_FIELDS: Record<string, [number, number]> = { SelectMergeStacktraces: [3, 4], SelectMergeProfile: [3, 4], ProfileTypes: [1, 2], LabelNames: [2, 3], LabelValues: [3, 4] };

function rangeOf(method: string, fields: Record<number, (string | number)[]>): { startMs: number; endMs: number } | undefined {
  const at = RANGE_FIELDS[method];
  if (!at) return undefined;
  return { startMs: Number(fields[at[0]]?.[0] ?? 0), endMs: Number(fields[at[1]]?.[0] ?? 0) };
}

/** ValidateRangeRequest's order: lookback first (empty, or the start clamped in place), then the length. */
function checkRange(range: { startMs: number; endMs: number }, limits: NonNullable<StandInOptions['rangeLimits']>): 'ok' | 'empty' | 'too-long' {
  const minStart = Date.now() - limits.maxQueryLookbackMs;
  if (range.endMs < minStart) return 'empty';
  if (range.startMs < minStart) range.startMs = minStart;
  return range.endMs - range.startMs > limits.maxQueryLengthMs ? 'too-long' : 'ok';
}

/** Pyroscope's QueryTooLongErrorMsg: the length as Go's time.Duration prints it, the limit as Prometheus' model.Duration. */
function tooLongMessage(range: { startMs: number; endMs: number }, limits: NonNullable<StandInOptions['rangeLimits']>): string {
  const ms = range.endMs - range.startMs;
  const goDuration = `${Math.floor(ms / 3600e3)}h${Math.floor((ms % 3600e3) / 60e3)}m${(ms % 60e3) / 1e3}s`;
  const day = 86400e3;
  const limit = limits.maxQueryLengthMs % (7 * day) === 0 ? `${limits.maxQueryLengthMs / (7 * day)}w` : limits.maxQueryLengthMs % day === 0 ? `${limits.maxQueryLengthMs / day}d` : `${limits.maxQueryLengthMs / 3600e3}h`;
  return `the query time range exceeds the limit (max_query_length, actual: ${goDuration}, limit: ${limit})`;
}

/** What the frontend answers for a range wholly before the lookback: an empty profile, or no names. */
function emptyAnswer(method: string, query: SeenCall['query']): Buffer {
  if (method === 'SelectMergeStacktraces' && query?.format === 4) return lenField(5, lenField(1, Buffer.alloc(0)));
  return Buffer.alloc(0);
}

function queryOf(fields: Record<number, (string | number)[]>): NonNullable<SeenCall['query']> {
  const n = (f: number) => (fields[f]?.[0] as number | undefined) ?? 0;
  return {
    profileTypeId: String(fields[QUERY_FIELDS.profileTypeId]?.[0] ?? ''),
    labelSelector: String(fields[QUERY_FIELDS.labelSelector]?.[0] ?? ''),
    startMs: n(QUERY_FIELDS.start),
    endMs: n(QUERY_FIELDS.end),
    ...(fields[QUERY_FIELDS.maxNodes] ? { maxNodes: n(QUERY_FIELDS.maxNodes) } : {}),
    ...(fields[QUERY_FIELDS.format] ? { format: n(QUERY_FIELDS.format) } : {}),
  };
}

/** Top-level fields: varints as numbers, length-delimited ones as UTF-8 strings. */
function decodeFields(body: Buffer): Record<number, (string | number)[]> {
  const out: Record<number, (string | number)[]> = {};
  walkFields(body, 0, body.length, (field, wire, start, end) => {
    (out[field] ??= []).push(wire === 0 ? readVarint(body, start) : body.subarray(start, end).toString('utf8'));
  });
  return out;
}

function lenField(field: number, payload: Buffer): Buffer {
  return Buffer.concat([varint(field * 8 + 2), varint(payload.length), payload]);
}

function varint(n: number): Buffer {
  const bytes: number[] = [];
  while (n >= 0x80) {
    bytes.push((n % 0x80) | 0x80);
    n = Math.floor(n / 0x80);
  }
  bytes.push(n);
  return Buffer.from(bytes);
}

function namesResponse(names: readonly string[]): Buffer {
  return Buffer.concat(names.map((n) => lenField(1, Buffer.from(n))));
}

function connectError(res: ServerResponse, status: number, code: string, message: string): void {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify({ code, message }));
}

function notFound(res: ServerResponse): void {
  res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' });
  res.end('404 page not found\n');
}

/** The go-adserver fixture the stand-in serves by default in the fetch tests. */
export const ADSERVER_BEFORE = 'fixtures/go-adserver/profiles/before-v1.pb.gz';

/** Runs `body` against a stand-in serving {@link ADSERVER_BEFORE} (with `options`), with an endpoint to it (no auth, 5 s timeout); closes the stand-in after. */
export async function withStandIn<T>(options: Partial<StandInOptions>, body: (s: PyroscopeStandIn, endpoint: Endpoint) => Promise<T>): Promise<T> {
  const s = await startPyroscopeStandIn({ profileFor: () => ADSERVER_BEFORE, ...options });
  try {
    return await body(s, { url: s.url, auth: { kind: 'none' }, timeoutMs: 5000 });
  } finally {
    await s.close();
  }
}
