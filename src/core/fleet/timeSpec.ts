/**
 * Times and durations as users type them for fleet queries: ISO 8601 (`2026-03-14T10:30:00Z`,
 * with an offset, or without one = local time), Grafana-style relative times (`now`,
 * `now-1h`, `now-30m`, `now-7d`), Unix epoch seconds or milliseconds, and durations such as
 * `30m`, `1h30m`, `90s`.
 */

/** Thrown for a time or duration that cannot be read; the message quotes it and shows the forms. */
export class TimeSpecError extends Error {
  override readonly name = 'TimeSpecError';
}

const UNIT_MS: Record<string, number> = { ms: 1, s: 1e3, m: 60e3, min: 60e3, h: 3600e3, d: 86400e3, w: 7 * 86400e3 };

/**
 * A duration in ms: one or more `<number><unit>` parts (`ms`, `s`, `m`/`min`, `h`, `d`, `w`), or `0`.
 * @throws TimeSpecError for anything else, or a negative/NaN result
 */
export function parseDuration(text: string): number {
  const t = text.trim();
  if (t === '0') return 0;
  const parts = /^(?:\d+(?:\.\d+)?(?:ms|s|min|m|h|d|w))+$/.test(t) ? t.match(/\d+(?:\.\d+)?(?:ms|s|min|m|h|d|w)/g)! : undefined;
  if (!parts) throw new TimeSpecError(`'${text}' is not a duration (expected e.g. 30m, 1h30m, 90s, 7d)`);
  let ms = 0;
  for (const part of parts) {
    const m = /^(\d+(?:\.\d+)?)(ms|s|min|m|h|d|w)$/.exec(part)!;
    ms += Number(m[1]) * UNIT_MS[m[2]!]!;
  }
  return Math.round(ms);
}

/**
 * A point in time in ms since the epoch.
 * @param nowMs the reference for `now…` forms
 * @throws TimeSpecError naming the text and the accepted forms
 */
export function parseTime(text: string, nowMs: number = Date.now()): number {
  const t = text.trim();
  const relative = /^now(?:\s*([+-])\s*(.+))?$/i.exec(t);
  if (relative) {
    if (!relative[1]) return nowMs;
    const offset = parseRelativeOffset(relative[2]!, text);
    return relative[1] === '-' ? nowMs - offset : nowMs + offset;
  }
  if (/^\d{9,11}$/.test(t)) return Number(t) * 1000;
  if (/^\d{12,14}$/.test(t)) return Number(t);
  if (/^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?)?(Z|[+-]\d{2}:?\d{2})?$/i.test(t)) {
    const ms = Date.parse(t.replace(' ', 'T'));
    if (Number.isFinite(ms)) return ms;
  }
  throw new TimeSpecError(`'${text}' is not a time (expected ISO 8601 such as 2026-03-14T10:30:00Z, a relative time such as now-1h, or Unix seconds)`);
}

function parseRelativeOffset(text: string, original: string): number {
  try {
    return parseDuration(text);
  } catch {
    throw new TimeSpecError(`'${original}' is not a relative time (expected e.g. now-1h, now-30m, now-7d)`);
  }
}

/**
 * A `[from, to]` range from two time texts.
 * @throws TimeSpecError when either is unreadable or `from` is not before `to`
 */
export function parseRange(fromText: string, toText: string, nowMs: number = Date.now()): { startMs: number; endMs: number } {
  const startMs = parseTime(fromText, nowMs);
  const endMs = parseTime(toText, nowMs);
  if (!(startMs < endMs)) throw new TimeSpecError(`the range ${new Date(startMs).toISOString()} – ${new Date(endMs).toISOString()} is empty: --from must be before --to`);
  return { startMs, endMs };
}

/** `2026-03-14T09:50:00Z` (seconds precision unless ms are set), for messages and file names. */
export function isoTime(ms: number): string {
  return new Date(ms).toISOString().replace(/\.000Z$/, 'Z');
}

/** `30m`, `1h30m`, `90s`: the shortest spelling of a duration. */
export function formatDuration(ms: number): string {
  if (ms === 0) return '0';
  const parts: string[] = [];
  let rest = ms;
  for (const [unit, size] of [['d', 86400e3], ['h', 3600e3], ['m', 60e3], ['s', 1e3], ['ms', 1]] as const) {
    const n = Math.floor(rest / size);
    if (n > 0) parts.push(`${n}${unit}`);
    rest -= n * size;
  }
  return parts.join('');
}
