/**
 * Fetches a merged profile from Pyroscope into a `.pb.gz` file, streaming: the response is
 * never held in memory, progress is reported as bytes arrive, and an AbortSignal cancels.
 *
 * Current servers answer `SelectMergeStacktraces` with `format = PROFILE_FORMAT_PPROF` (the
 * profile in response field 5 → 1); older ones ignore the format and send a flame graph only,
 * or do not know the method, and are asked `SelectMergeProfile` (the profile is the whole body),
 * as `profilecli` does (`queryPprofWithFallback`); so are servers answering 404 or 501
 * (`unimplemented`). `max_nodes` is negotiated up to the server's cap (see `maxNodes.ts`). A range
 * longer than the server's max_query_length is fetched in pieces and merged; the whole fetch has a
 * deadline besides the idle timeout (see {@link fetchProfile}).
 */
import { createWriteStream } from 'node:fs';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip, gunzipSync, gzipSync } from 'node:zlib';
import { Profile } from 'pprof-format';
import { connectUnary } from './connectCall';
import { displayUrl, type Endpoint } from './endpoint';
import { ExtractError, FieldExtractor } from './fieldExtractor';
import { FleetError } from './fleetError';
import { allowedMaxNodes, UNLIMITED_NODES_PROBE } from './maxNodes';
import { PprofMergeError, PprofMerger } from './mergePprof';
import { encodeSelectMergeProfile, encodeSelectMergeStacktraces, QUERIER_SERVICE, type ProfileQuery, type TimeRangeMs } from './querierMessages';
import { lookbackNote, withinQueryLength } from './queryLimits';
import { formatDuration } from './timeSpec';

export type FetchMethod = 'SelectMergeStacktraces' | 'SelectMergeProfile';

export interface FetchProgress {
  readonly method: FetchMethod;
  /** Response bytes received (as sent, compressed or not). */
  readonly receivedBytes: number;
  /** Response size when the server announced it. */
  readonly totalBytes: number | undefined;
}

export interface FetchRequest {
  readonly endpoint: Endpoint;
  readonly query: Omit<ProfileQuery, 'maxNodes'>;
  /** An explicit node limit; absent: as many as the server allows. */
  readonly maxNodes?: number;
  /** Where to write the gzipped pprof (replaced only once the download is complete). */
  readonly outPath: string;
  readonly signal?: AbortSignal;
  readonly onProgress?: (p: FetchProgress) => void;
}

export interface FetchResult {
  readonly outPath: string;
  readonly method: FetchMethod;
  /** `max_nodes` of the request that succeeded. */
  readonly maxNodes: number;
  /** The server's cap when it refused the first request and named one. */
  readonly serverMaxNodes?: number;
  /** Uncompressed pprof bytes. */
  readonly profileBytes: number;
  /** Time ranges asked: 1, or the whole range and the pieces it was split into. */
  readonly queries: number;
  /** How the fetch went (fallbacks, caps, pieces, the lookback), one sentence each. */
  readonly notes: readonly string[];
  /** The note of {@link notes} saying that the range reaches past Pyroscope's default lookback, when it does. */
  readonly lookbackNote?: string;
}

/** Time allowed for a whole fetch when the endpoint sets none (`Endpoint.deadlineMs`). */
export const DEFAULT_DEADLINE_MS = 10 * 60_000;

/** What the first answers taught about the server, kept for the next pieces. */
interface Negotiated {
  method: FetchMethod;
  maxNodes: number;
  serverMaxNodes?: number;
  readonly notes: string[];
}

/**
 * Runs the fetch. The range is asked whole; when the server refuses its length and names its
 * max_query_length, it is asked in pieces within it (`queryLimits.ts`) and the pieces' profiles
 * merged into one (`mergePprof.ts`). A range reaching past Pyroscope's default 7-day lookback is
 * noted. The whole fetch ends at the endpoint's deadline (`deadlineMs`), whatever the idle timeout.
 * @throws FleetError: HTTP/auth/network/timeout errors (naming the server and what to check),
 *   `timeout` when the deadline passes, `no-data` when nothing matched the query in that range
 *   (naming the lookback when the range reaches past it), `bad-response` for a malformed answer,
 *   `cancelled` when the signal fired (no file is left)
 */
export async function fetchProfile(req: FetchRequest): Promise<FetchResult> {
  const deadlineMs = req.endpoint.deadlineMs ?? DEFAULT_DEADLINE_MS;
  const deadline = AbortSignal.timeout(deadlineMs);
  const signal = req.signal ? AbortSignal.any([req.signal, deadline]) : deadline;
  const state: Negotiated = { method: 'SelectMergeStacktraces', maxNodes: req.maxNodes ?? UNLIMITED_NODES_PROBE, notes: [] };
  const range = { startMs: req.query.startMs, endMs: req.query.endMs };
  const lookback = lookbackNote(range, Date.now());
  const pieceFiles: string[] = [];
  try {
    const { answers, limitMs } = await withinQueryLength(range, async (window) => {
      const whole = window === range;
      const path = whole ? req.outPath : `${req.outPath}.window-${pieceFiles.length}-${process.pid}`;
      if (!whole) pieceFiles.push(path);
      return { path, bytes: await fetchWindow(req, window, path, state, signal) };
    });
    const notes = [...state.notes, ...(lookback ? [lookback] : [])];
    const found = answers.filter((a) => a.bytes > 0);
    if (found.length === 0) throw noData(req, lookback);
    let profileBytes = found[0]!.bytes;
    if (limitMs !== undefined) {
      notes.push(`the server refused a range of ${spanText(range.endMs - range.startMs)}: its max_query_length is ${formatDuration(limitMs)}; fetched as ${answers.length} queries of at most ${formatDuration(limitMs)} and merged`);
      if (found.length < answers.length) notes.push(`${answers.length - found.length} of the ${answers.length} queries found no profile`);
      profileBytes = await mergeInto(found.map((a) => a.path), req.outPath, signal);
    }
    const method = state.method;
    return { outPath: req.outPath, method, maxNodes: state.maxNodes, ...(state.serverMaxNodes !== undefined ? { serverMaxNodes: state.serverMaxNodes } : {}), profileBytes, queries: answers.length + (limitMs !== undefined ? 1 : 0), notes, ...(lookback ? { lookbackNote: lookback } : {}) };
  } catch (err) {
    if (deadline.aborted && !req.signal?.aborted) {
      await rm(req.outPath, { force: true }).catch(() => undefined);
      throw new FleetError('timeout', `${displayUrl(req.endpoint.url)} did not finish the fetch within ${deadlineText(deadlineMs)} (the overall deadline; --deadline on the command line). The server may be overloaded or answering slowly: try a shorter time range`);
    }
    throw err;
  } finally {
    await Promise.all(pieceFiles.map((f) => rm(f, { force: true })));
  }
}

/** One window into `outPath`: the method and node limit negotiated as the answers require (kept in `state`); returns the pprof bytes, 0 for none. */
async function fetchWindow(req: FetchRequest, window: TimeRangeMs, outPath: string, state: Negotiated, signal: AbortSignal): Promise<number> {
  for (let attempt = 0; attempt < 4; attempt++) {
    try {
      const profileBytes = await download(req, window, outPath, state.method, state.maxNodes, signal);
      if (profileBytes === undefined) {
        state.notes.push('the server does not return pprof from SelectMergeStacktraces (it predates PROFILE_FORMAT_PPROF); used SelectMergeProfile');
        state.method = 'SelectMergeProfile';
        continue;
      }
      return profileBytes;
    } catch (err) {
      if (!(err instanceof FleetError)) throw err;
      const allowed = req.maxNodes === undefined ? allowedMaxNodes(err) : undefined;
      if (allowed !== undefined && allowed < state.maxNodes) {
        state.serverMaxNodes = allowed;
        state.maxNodes = allowed;
        if (state.method === 'SelectMergeStacktraces') {
          // A server that validates max_nodes here either predates the pprof format (it would build a
          // flame graph of that many nodes first) or enforces the cap on pprof too; SelectMergeProfile
          // answers both with the pprof at once.
          state.method = 'SelectMergeProfile';
          state.notes.push(`the server allows at most ${allowed} flame-graph nodes per query; asked SelectMergeProfile for that many (an older server would first have built a flame graph of that size)`);
        } else state.notes.push(`the server allows at most ${allowed} flame-graph nodes per query; asked for that many`);
        continue;
      }
      if (state.method === 'SelectMergeStacktraces' && (err.kind === 'not-found' || isUnimplemented(err))) {
        state.notes.push(err.kind === 'not-found' ? 'the server does not know SelectMergeStacktraces (HTTP 404); tried SelectMergeProfile' : `the server does not implement SelectMergeStacktraces (HTTP ${err.status ?? 501}); tried SelectMergeProfile`);
        state.method = 'SelectMergeProfile';
        continue;
      }
      throw err;
    }
  }
  throw new FleetError('bad-response', `${displayUrl(req.endpoint.url)}: could not agree on a query the server accepts (${state.notes.join('; ')})`);
}

/** Connect's `unimplemented` (HTTP 501 in the protocol's mapping; some proxies keep the code with another status). */
function isUnimplemented(err: FleetError): boolean {
  return err.status === 501 || err.connectCode === 'unimplemented';
}

/** Merges the gzipped pieces into `outPath` (written beside it, then renamed); returns the merged pprof's bytes. */
async function mergeInto(pieces: readonly string[], outPath: string, signal: AbortSignal): Promise<number> {
  const merger = new PprofMerger();
  for (const piece of pieces) {
    if (signal.aborted) throw new FleetError('cancelled', 'the fetch was cancelled');
    try {
      merger.add(Profile.decode(gunzipSync(await readFile(piece))));
    } catch (err) {
      if (err instanceof PprofMergeError) throw new FleetError('bad-response', `the pieces of the range cannot be merged: ${err.message}`);
      throw new FleetError('bad-response', `a piece of the range is not a valid pprof profile (${(err as Error).message})`);
    }
  }
  const bytes = merger.finish().encode();
  const partial = `${outPath}.partial-${process.pid}`;
  try {
    await writeFile(partial, gzipSync(bytes));
    await rename(partial, outPath);
  } catch (err) {
    await rm(partial, { force: true });
    throw new FleetError('bad-response', `cannot write ${outPath}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
  }
  return bytes.length;
}

/** `7 days`, or the short duration form below two days. */
function spanText(ms: number): string {
  const days = ms / 86400e3;
  return days >= 2 && Math.abs(days - Math.round(days)) < 0.01 ? `${Math.round(days)} days` : formatDuration(Math.round(ms / 1000) * 1000);
}

/** `1.5 s`, `10m`. */
function deadlineText(ms: number): string {
  return ms < 60_000 ? `${ms / 1000} s` : formatDuration(ms);
}

/** Downloads one answer into `outPath`; returns the profile's byte count, or undefined when the answer holds no pprof field. */
async function download(req: FetchRequest, window: TimeRangeMs, outPath: string, method: FetchMethod, maxNodes: number, signal: AbortSignal): Promise<number | undefined> {
  const query = { ...req.query, ...window, maxNodes };
  const body = method === 'SelectMergeStacktraces' ? encodeSelectMergeStacktraces(query) : encodeSelectMergeProfile(query);
  const progress = (receivedBytes: number, totalBytes: number | undefined) => req.onProgress?.({ method, receivedBytes, totalBytes });
  const res = await connectUnary(req.endpoint, QUERIER_SERVICE, method, body, { signal, onProgress: progress });
  const partial = `${outPath}.partial-${process.pid}`;
  const extractor = method === 'SelectMergeStacktraces' ? new FieldExtractor([5, 1]) : undefined;
  let profileBytes = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      profileBytes += chunk.length;
      done(null, chunk);
    },
  });
  const options = { signal };
  try {
    if (extractor) await pipeline(res.body, extractor, counter, createGzip(), createWriteStream(partial), options);
    else await pipeline(res.body, counter, createGzip(), createWriteStream(partial), options);
  } catch (err) {
    await rm(partial, { force: true });
    throw asFleetError(err, req, outPath, method);
  }
  if ((extractor && !extractor.found) || profileBytes === 0) {
    await rm(partial, { force: true });
    return extractor && !extractor.found ? undefined : 0;
  }
  await rename(partial, outPath);
  return profileBytes;
}

function asFleetError(err: unknown, req: FetchRequest, outPath: string, method: FetchMethod): unknown {
  const server = displayUrl(req.endpoint.url);
  if (err instanceof FleetError) return err;
  if ((err as Error).name === 'AbortError') return new FleetError('cancelled', `${method} from ${server} was cancelled`);
  if (err instanceof ExtractError) return new FleetError('bad-response', `${server}: the ${method} response is not a valid message (${err.message})`);
  const code = (err as NodeJS.ErrnoException).code;
  if (code && /^E[A-Z]+$/.test(code) && (err as NodeJS.ErrnoException).path) return new FleetError('bad-response', `cannot write ${outPath}: ${code}`);
  return err;
}

function noData(req: FetchRequest, lookback: string | undefined): FleetError {
  const q = req.query;
  return new FleetError(
    'no-data',
    `${displayUrl(req.endpoint.url)} has no ${q.profileTypeId} profiles matching ${q.labelSelector} between ${new Date(q.startMs).toISOString()} and ${new Date(q.endMs).toISOString()}. Check the label selector (e.g. {service_name="adserver"}) and the time range${lookback ? `; ${lookback}` : ''}`,
  );
}
