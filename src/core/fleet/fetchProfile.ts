/**
 * Fetches a merged profile from Pyroscope into a `.pb.gz` file, streaming: the response is
 * never held in memory, progress is reported as bytes arrive, and an AbortSignal cancels.
 *
 * Current servers answer `SelectMergeStacktraces` with `format = PROFILE_FORMAT_PPROF` (the
 * profile in response field 5 → 1); older ones ignore the format and send a flame graph only,
 * or do not know the method, and are asked `SelectMergeProfile` (the profile is the whole body),
 * as `profilecli` does (`queryPprofWithFallback`). `max_nodes` is negotiated up to the server's
 * cap (see `maxNodes.ts`).
 */
import { createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { connectUnary } from './connectCall';
import { displayUrl, type Endpoint } from './endpoint';
import { ExtractError, FieldExtractor } from './fieldExtractor';
import { FleetError } from './fleetError';
import { allowedMaxNodes, UNLIMITED_NODES_PROBE } from './maxNodes';
import { encodeSelectMergeProfile, encodeSelectMergeStacktraces, QUERIER_SERVICE, type ProfileQuery } from './querierMessages';

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
  /** How the fetch went (fallbacks, caps), one sentence each. */
  readonly notes: readonly string[];
}

/**
 * Runs the fetch.
 * @throws FleetError: HTTP/auth/network/timeout errors (naming the server and what to check),
 *   `no-data` when nothing matched the query in that range, `bad-response` for a malformed
 *   answer, `cancelled` when the signal fired (the partial file is removed)
 */
export async function fetchProfile(req: FetchRequest): Promise<FetchResult> {
  const notes: string[] = [];
  let maxNodes = req.maxNodes ?? UNLIMITED_NODES_PROBE;
  let serverMaxNodes: number | undefined;
  let method: FetchMethod = 'SelectMergeStacktraces';
  for (let attempt = 0; attempt < 4; attempt++) {
    try {
      const profileBytes = await download(req, method, maxNodes);
      if (profileBytes === undefined) {
        notes.push('the server does not return pprof from SelectMergeStacktraces (it predates PROFILE_FORMAT_PPROF); used SelectMergeProfile');
        method = 'SelectMergeProfile';
        continue;
      }
      if (profileBytes === 0) throw noData(req);
      return { outPath: req.outPath, method, maxNodes, ...(serverMaxNodes !== undefined ? { serverMaxNodes } : {}), profileBytes, notes };
    } catch (err) {
      if (!(err instanceof FleetError)) throw err;
      const allowed = req.maxNodes === undefined ? allowedMaxNodes(err) : undefined;
      if (allowed !== undefined && allowed < maxNodes) {
        serverMaxNodes = allowed;
        maxNodes = allowed;
        notes.push(`the server allows at most ${allowed} flame-graph nodes per query; asked for that many`);
        continue;
      }
      if (method === 'SelectMergeStacktraces' && err.kind === 'not-found') {
        notes.push('the server does not know SelectMergeStacktraces (HTTP 404); tried SelectMergeProfile');
        method = 'SelectMergeProfile';
        continue;
      }
      throw err;
    }
  }
  throw new FleetError('bad-response', `${displayUrl(req.endpoint.url)}: could not agree on a query the server accepts (${notes.join('; ')})`);
}

/** Downloads one answer into the output file; returns the profile's byte count, or undefined when the answer holds no pprof field. */
async function download(req: FetchRequest, method: FetchMethod, maxNodes: number): Promise<number | undefined> {
  const query = { ...req.query, maxNodes };
  const body = method === 'SelectMergeStacktraces' ? encodeSelectMergeStacktraces(query) : encodeSelectMergeProfile(query);
  const progress = (receivedBytes: number, totalBytes: number | undefined) => req.onProgress?.({ method, receivedBytes, totalBytes });
  const res = await connectUnary(req.endpoint, QUERIER_SERVICE, method, body, { ...(req.signal ? { signal: req.signal } : {}), onProgress: progress });
  const partial = `${req.outPath}.partial-${process.pid}`;
  const extractor = method === 'SelectMergeStacktraces' ? new FieldExtractor([5, 1]) : undefined;
  let profileBytes = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      profileBytes += chunk.length;
      done(null, chunk);
    },
  });
  const options = req.signal ? { signal: req.signal } : {};
  try {
    if (extractor) await pipeline(res.body, extractor, counter, createGzip(), createWriteStream(partial), options);
    else await pipeline(res.body, counter, createGzip(), createWriteStream(partial), options);
  } catch (err) {
    await rm(partial, { force: true });
    throw asFleetError(err, req, method);
  }
  if ((extractor && !extractor.found) || profileBytes === 0) {
    await rm(partial, { force: true });
    return extractor && !extractor.found ? undefined : 0;
  }
  await rename(partial, req.outPath);
  return profileBytes;
}

function asFleetError(err: unknown, req: FetchRequest, method: FetchMethod): unknown {
  const server = displayUrl(req.endpoint.url);
  if (err instanceof FleetError) return err;
  if ((err as Error).name === 'AbortError') return new FleetError('cancelled', `${method} from ${server} was cancelled`);
  if (err instanceof ExtractError) return new FleetError('bad-response', `${server}: the ${method} response is not a valid message (${err.message})`);
  const code = (err as NodeJS.ErrnoException).code;
  if (code && /^E[A-Z]+$/.test(code) && (err as NodeJS.ErrnoException).path) return new FleetError('bad-response', `cannot write ${req.outPath}: ${code}`);
  return err;
}

function noData(req: FetchRequest): FleetError {
  const q = req.query;
  return new FleetError(
    'no-data',
    `${displayUrl(req.endpoint.url)} has no ${q.profileTypeId} profiles matching ${q.labelSelector} between ${new Date(q.startMs).toISOString()} and ${new Date(q.endMs).toISOString()}. Check the label selector (e.g. {service_name="adserver"}) and the time range`,
  );
}
