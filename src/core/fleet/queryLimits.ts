/**
 * The query range limits of Pyroscope's query frontend (grafana/pyroscope
 * `pkg/validation/limits.go`, `validate.go` ValidateRangeRequest), on every call with a range:
 *
 * - `max_query_lookback` (default 7d): a range ending before now − lookback is answered empty, one
 *   starting before it has its start moved there, both without a word to the client.
 * - `max_query_length` (default 24h, checked after the lookback): a longer range is refused with
 *   HTTP 400 `invalid_argument` and "the query time range exceeds the limit (max_query_length,
 *   actual: 168h0m0s, limit: 1d)" (older releases: "(query length: …, limit: …)"), the limit
 *   written as a Prometheus duration.
 *
 * So a range is asked whole first; when it is refused, the limit the refusal names splits it.
 */
import { FleetError } from './fleetError';
import { formatDuration, isoTime } from './timeSpec';
import type { TimeRangeMs } from './querierMessages';

/** Pyroscope's default `max_query_lookback`. */
export const DEFAULT_MAX_QUERY_LOOKBACK_MS = 7 * 86400e3;
/**
 * How far past the lookback a range may start without a note: the editor's "Last 7 days" is
 * computed when chosen, and the fetch (after the other pickers) starts minutes later; the
 * minutes lost at the far end of a week are not worth a warning.
 */
const LOOKBACK_SLACK_MS = 10 * 60e3;

const TOO_LONG = /the query time range exceeds the limit \((?:max_query_length, actual|query length): [^,]*, limit: ([^)]+)\)/;

/** The max_query_length a refusal names, in ms; undefined when `err` is not that refusal or the limit cannot be read. */
export function queryLengthLimit(err: unknown): number | undefined {
  if (!(err instanceof FleetError) || err.kind !== 'bad-request' || !err.serverMessage) return undefined;
  const m = TOO_LONG.exec(err.serverMessage);
  const ms = m ? prometheusDuration(m[1]!.trim()) : undefined;
  return ms !== undefined && ms > 1 ? ms : undefined;
}

const PROMETHEUS_UNITS_MS: Record<string, number> = { y: 365 * 86400e3, w: 7 * 86400e3, d: 86400e3, h: 3600e3, m: 60e3, s: 1e3, ms: 1 };

/** A Prometheus `model.Duration` (`1d`, `12h`, `1h30m`, `2w`, `1y`: units in that order, largest first) in ms, or undefined. */
function prometheusDuration(text: string): number | undefined {
  if (!/^(\d+y)?(\d+w)?(\d+d)?(\d+h)?(\d+m)?(\d+s)?(\d+ms)?$/.test(text) || text === '') return undefined;
  let ms = 0;
  for (const [, n, unit] of text.matchAll(/(\d+)(ms|[ywdhms])/g)) ms += Number(n) * PROMETHEUS_UNITS_MS[unit!]!;
  return ms;
}

/** True when `err` is a max_query_length refusal, whether or not its limit could be read. */
export function isQueryLengthRefusal(err: unknown): boolean {
  return err instanceof FleetError && err.kind === 'bad-request' && TOO_LONG.test(err.serverMessage ?? '');
}

/**
 * `range` cut into consecutive pieces the server accepts: a piece may span the limit exactly (the
 * frontend refuses only `end − start > limit`), and as both ends of a Pyroscope range are
 * inclusive (ms, `InRange`), the next piece starts 1 ms after it, so that no profile counts twice.
 */
export function splitRange(range: TimeRangeMs, limitMs: number): TimeRangeMs[] {
  const pieces: TimeRangeMs[] = [];
  for (let start = range.startMs; start <= range.endMs; start += limitMs + 1) pieces.push({ startMs: start, endMs: Math.min(range.endMs, start + limitMs) });
  return pieces;
}

/**
 * The note for a range that starts before now − the default lookback, or undefined: a server with
 * Pyroscope's default answers nothing older, without saying so.
 */
export function lookbackNote(range: TimeRangeMs, nowMs: number): string | undefined {
  const limit = nowMs - DEFAULT_MAX_QUERY_LOOKBACK_MS;
  if (range.startMs >= limit - LOOKBACK_SLACK_MS) return undefined;
  const days = Math.round((nowMs - range.startMs) / 86400e3);
  const back = days >= 2 ? `${days} days back` : `${formatDuration(Math.round((nowMs - range.startMs) / 60e3) * 60e3)} back`;
  return `the range starts ${back}; Pyroscope keeps answering for 7 days back by default (max_query_lookback): a server with that default answers nothing older than ${isoTime(Math.floor(limit / 1000) * 1000)}, without saying so`;
}

/** Runs `query` over `range` whole, or, when the server refuses its length and names its limit, over pieces within it; returns the answers and the limit used (undefined: whole). */
export async function withinQueryLength<T>(range: TimeRangeMs, query: (piece: TimeRangeMs) => Promise<T>): Promise<{ answers: T[]; limitMs?: number }> {
  try {
    return { answers: [await query(range)] };
  } catch (err) {
    const limitMs = queryLengthLimit(err);
    if (limitMs === undefined) throw err;
    const answers: T[] = [];
    for (const piece of splitRange(range, limitMs)) answers.push(await query(piece));
    return { answers, limitMs };
  }
}
