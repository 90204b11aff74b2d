/**
 * A load-test run record: a small JSON file beside a profile saying how many requests the
 * recording served, e.g. the fixtures' `<profile>.json` sidecars. Fields read (others ignored):
 * - `requests` (count) — or `requests_per_s` (rate; × `duration_s` or the profile's duration);
 * - `duration_s` (seconds of the measured window);
 * - `window_start_monotonic_us` / `window_end_monotonic_us`: the measured window on the
 *   profiler's monotonic clock (µs), used to trim a V8 `.cpuprofile` that covers the whole
 *   process (start-up and warm-up included) to the window the requests were counted in;
 * - `callSites`: counts per DynamoDB call site (`[{ callSite: "file:line:col", function,
 *   operation, client, stats: {calls, attempts, retriedCalls, retries, errors, handshakes, …} }]`,
 *   `core/analysis/callStats.ts`), as the Go call labels write them.
 */
import { readFile } from 'node:fs/promises';
import type { RequestInput } from './requestCount';
import { parseCallStats } from '../analysis/callStats';
import type { RecordedSiteStats } from '../analysis/siteStats';

export interface RunRecord {
  readonly path: string;
  readonly requests?: number;
  readonly requestsPerS?: number;
  readonly durationS?: number;
  /** Measured window on the profiler's monotonic clock, µs. */
  readonly window?: { readonly startUs: number; readonly endUs: number };
  /** Counted calls, retries, errors and handshakes per call site. */
  readonly callSites?: readonly RecordedSiteStats[];
}

/** Thrown for a run record that cannot be used; `message` names the file. */
export class RunRecordError extends Error {
  override readonly name = 'RunRecordError';
  constructor(
    readonly file: string,
    detail: string,
  ) {
    super(`${file}: ${detail}`);
  }
}

/** The conventional place of a profile's run record: `<profile>.json`. */
export function runRecordPathFor(profilePath: string): string {
  return `${profilePath}.json`;
}

/**
 * Reads and checks a run record.
 * @throws RunRecordError when the file is missing, not JSON, or holds neither a positive
 *   `requests` nor a positive `requests_per_s`
 */
export async function readRunRecord(path: string): Promise<RunRecord> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (err) {
    throw new RunRecordError(path, `cannot read the run record (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new RunRecordError(path, 'the run record is not JSON');
  }
  return parseRunRecord(json, path);
}

/** Checks an already parsed run record (see {@link readRunRecord}). */
export function parseRunRecord(json: unknown, path: string): RunRecord {
  if (typeof json !== 'object' || json === null) throw new RunRecordError(path, 'the run record is not a JSON object');
  const o = json as Record<string, unknown>;
  const positive = (key: string): number | undefined => {
    const v = o[key];
    if (v === undefined || v === null) return undefined;
    if (typeof v !== 'number' || !Number.isFinite(v) || v <= 0) throw new RunRecordError(path, `'${key}' must be a positive number, got ${JSON.stringify(v)}`);
    return v;
  };
  const requests = positive('requests');
  const requestsPerS = positive('requests_per_s');
  const durationS = positive('duration_s');
  const callSites = o.callSites === undefined ? undefined : parseCallSites(o.callSites, path);
  if (requests === undefined && requestsPerS === undefined && callSites === undefined) throw new RunRecordError(path, "the run record has neither 'requests' nor 'requests_per_s' (nor 'callSites')");
  const startUs = positive('window_start_monotonic_us');
  const endUs = positive('window_end_monotonic_us');
  if ((startUs === undefined) !== (endUs === undefined)) throw new RunRecordError(path, 'the run record gives only one end of the window');
  if (startUs !== undefined && endUs !== undefined && endUs <= startUs) throw new RunRecordError(path, 'the window ends before it starts');
  return {
    path,
    ...(requests !== undefined ? { requests } : {}),
    ...(requestsPerS !== undefined ? { requestsPerS } : {}),
    ...(durationS !== undefined ? { durationS } : {}),
    ...(startUs !== undefined && endUs !== undefined ? { window: { startUs, endUs } } : {}),
    ...(callSites ? { callSites } : {}),
  };
}

/** The `callSites` of a run record. @throws RunRecordError naming the entry that is malformed. */
function parseCallSites(value: unknown, path: string): RecordedSiteStats[] {
  if (!Array.isArray(value)) throw new RunRecordError(path, "'callSites' must be an array");
  return value.map((entry: unknown, i) => {
    const e = (typeof entry === 'object' && entry !== null ? entry : {}) as Record<string, unknown>;
    if (typeof e.callSite !== 'string') throw new RunRecordError(path, `callSites[${i}] has no 'callSite' ("file:line:column")`);
    const stats = parseCallStats(e.stats ?? {});
    if (typeof stats === 'string') throw new RunRecordError(path, `callSites[${i}].stats: ${stats}`);
    const text = (key: string) => (typeof e[key] === 'string' && e[key] ? { [key === 'function' ? 'functionName' : key]: e[key] as string } : {});
    return { callSite: e.callSite, ...text('function'), ...text('operation'), ...text('client'), stats };
  });
}

/** The request count a run record gives, if it gives one. */
export function hasRequests(record: RunRecord): boolean {
  return record.requests !== undefined || record.requestsPerS !== undefined;
}

/** The request count a run record gives: its `requests`, else its rate × duration. */
export function requestInputOf(record: RunRecord): RequestInput {
  const name = record.path.replace(/^.*[\\/]/, '');
  if (record.requests !== undefined) return { kind: 'count', requests: record.requests, source: `${name}: requests` };
  return { kind: 'rate', perSecond: record.requestsPerS!, ...(record.durationS !== undefined ? { durationS: record.durationS } : {}), source: `${name}: requests_per_s` };
}
