/**
 * Counts of what one call site's DynamoDB requests did on the wire — calls, attempts, retries and
 * why, final errors, new TLS connections, unprocessed batch items — as `dynamo-hotpath record`
 * counts them in a Node process (`src/record/`) and the Go call labels (`snippets/go/ddblabels`)
 * count them in a Go one. A CPU profile cannot count events; these are counted where they
 * happen, and travel with the profile: as the `ddb.stats` label of a recorded context, or in the
 * `callSites` of a run record beside the profile.
 */

/** The label of a recorded context holding its {@link CallStats} as JSON. */
export const STATS_LABEL = 'ddb.stats';

/** What one call site's requests did. All counts ≥ 0. */
export interface CallStats {
  /** Calls into the SDK (one per API call; each page of a paginated call is one). */
  readonly calls: number;
  /** HTTP attempts those calls made (≥ calls for calls that reached the wire). */
  readonly attempts: number;
  /** Calls that needed at least one retry. */
  readonly retriedCalls: number;
  /** Retried attempts by the error code that failed them (`ThrottlingException`: 40). */
  readonly retries: Readonly<Record<string, number>>;
  /** Calls that failed in the end, by error code. */
  readonly errors: Readonly<Record<string, number>>;
  /** Full TLS handshakes of connections opened for these calls (new connections). */
  readonly handshakes: number;
  /** Handshakes that resumed a TLS session (cheaper; DynamoDB resumes none across its hosts). */
  readonly resumedHandshakes: number;
  /** Items (BatchWriteItem) or keys (BatchGetItem) returned as unprocessed. */
  readonly unprocessedItems: number;
  /** Of those, how many a later batch call of the same process sent again. */
  readonly unprocessedResent: number;
}

/** Counts with nothing in them. */
export const NO_STATS: CallStats = Object.freeze({ calls: 0, attempts: 0, retriedCalls: 0, retries: {}, errors: {}, handshakes: 0, resumedHandshakes: 0, unprocessedItems: 0, unprocessedResent: 0 });

const COUNT_FIELDS = ['calls', 'attempts', 'retriedCalls', 'handshakes', 'resumedHandshakes', 'unprocessedItems', 'unprocessedResent'] as const;

const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v >= 0;

function countsByCode(value: unknown): Record<string, number> | undefined {
  if (value === undefined) return {};
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const out: Record<string, number> = {};
  for (const [code, n] of Object.entries(value)) {
    if (!isCount(n)) return undefined;
    if (n > 0) out[code] = n;
  }
  return out;
}

/**
 * Reads counts written by a recorder (an object, or its JSON text). Missing fields count 0.
 * @returns the counts, or a sentence saying what is wrong (a field that is not a count ≥ 0).
 */
export function parseCallStats(value: unknown): CallStats | string {
  let o = value;
  if (typeof o === 'string') {
    try {
      o = JSON.parse(o);
    } catch {
      return 'the counts are not JSON';
    }
  }
  if (typeof o !== 'object' || o === null || Array.isArray(o)) return 'the counts are not an object';
  const fields = o as Record<string, unknown>;
  const counts: Record<string, number> = {};
  for (const key of COUNT_FIELDS) {
    const v = fields[key] ?? 0;
    if (!isCount(v)) return `'${key}' must be a count ≥ 0, got ${JSON.stringify(v)}`;
    counts[key] = v;
  }
  const retries = countsByCode(fields.retries);
  if (!retries) return "'retries' must map error codes to counts";
  const errors = countsByCode(fields.errors);
  if (!errors) return "'errors' must map error codes to counts";
  return { ...(counts as Omit<CallStats, 'retries' | 'errors'>), retries, errors };
}

function addCodes(a: Readonly<Record<string, number>>, b: Readonly<Record<string, number>>): Record<string, number> {
  const out = { ...a };
  for (const [code, n] of Object.entries(b)) out[code] = (out[code] ?? 0) + n;
  return out;
}

/** The sum of two sets of counts. */
export function addCallStats(a: CallStats, b: CallStats): CallStats {
  const counts = Object.fromEntries(COUNT_FIELDS.map((k) => [k, a[k] + b[k]])) as Omit<CallStats, 'retries' | 'errors'>;
  return { ...counts, retries: addCodes(a.retries, b.retries), errors: addCodes(a.errors, b.errors) };
}

/** Sum over codes. */
export function totalOf(byCode: Readonly<Record<string, number>>): number {
  let sum = 0;
  for (const n of Object.values(byCode)) sum += n;
  return sum;
}

/**
 * Error codes DynamoDB answers when it refuses work for capacity: `ThrottlingException` (on-demand
 * tables, HTTP 400: seed 003), `ProvisionedThroughputExceededException` (provisioned capacity),
 * `RequestLimitExceeded` (account limit), and the SDKs' own client-side refusal to retry.
 */
export const THROTTLING_CODES: ReadonlySet<string> = new Set(['ThrottlingException', 'ProvisionedThroughputExceededException', 'RequestLimitExceeded', 'Throttling', 'TooManyRequestsException']);

/** Retried attempts and failed calls whose code is a throttling one. */
export function throttledOf(stats: CallStats): { readonly retries: number; readonly errors: number } {
  let retries = 0;
  let errors = 0;
  for (const [code, n] of Object.entries(stats.retries)) if (THROTTLING_CODES.has(code)) retries += n;
  for (const [code, n] of Object.entries(stats.errors)) if (THROTTLING_CODES.has(code)) errors += n;
  return { retries, errors };
}
