/**
 * The load window a V8 `.cpuprofile`'s CPU per request is computed over. `node --cpu-prof` and
 * `dynamo-hotpath record --format cpuprofile` record the whole process — start-up, module loading,
 * warm-up, exit — while a load test counts the requests of its measured window only. The window
 * comes from, first to last: the profile's run record (`window_start/end_monotonic_us`), a window
 * the user gives (`--window-before 3..15`: seconds from the recording's start), or the span of the
 * DynamoDB requests `record` labelled (the first request's start to the last one's end, from the
 * profile's `dynamoHotpathLabels` intervals); else the whole recording is divided, and said so.
 */
import { V8_LABELS_KEY } from '../profile/v8Labels';
import { WindowError } from './v8Window';

/** A window given in seconds from the start of the recording. */
export interface RelativeWindow {
  readonly startS: number;
  readonly endS: number;
}

/** Which window a side's per-request figures use, in words for the comparison's notes. */
export interface WindowChoice {
  /** `run record`, `--window`, `record marks`, or `whole recording`. */
  readonly source: 'run record' | '--window' | 'record marks' | 'whole recording';
  /** Window on the profile's monotonic clock, µs; absent for the whole recording. */
  readonly startUs?: number;
  readonly endUs?: number;
  /** Seconds the whole recording spans. */
  readonly recordedS: number;
}

/**
 * Reads `START..END` (seconds from the start of the recording, decimals allowed, END > START ≥ 0).
 * @throws WindowError naming the option and the text
 */
export function parseRelativeWindow(text: string, option: string): RelativeWindow {
  const m = /^\s*(\d+(?:\.\d+)?)\s*\.\.\s*(\d+(?:\.\d+)?)\s*$/.exec(text);
  if (!m) throw new WindowError(`${option}: '${text}' is not a window (expected START..END in seconds from the start of the recording, e.g. 3..15)`);
  const [startS, endS] = [Number(m[1]), Number(m[2])];
  if (!(endS > startS)) throw new WindowError(`${option}: the window ${text} ends before it starts`);
  return { startS, endS };
}

/** The span of the DynamoDB requests `record` labelled in a `.cpuprofile`, µs on its clock; undefined without labels. */
export function recordMarksWindow(json: Record<string, unknown>): { startUs: number; endUs: number } | undefined {
  const labels = json[V8_LABELS_KEY] as { intervals?: unknown } | undefined;
  const intervals = Array.isArray(labels?.intervals) ? (labels!.intervals as unknown[]) : [];
  let startUs = Infinity;
  let endUs = -Infinity;
  for (let i = 0; i + 2 < intervals.length; i += 3) {
    const [s, e] = [intervals[i], intervals[i + 1]];
    if (typeof s !== 'number' || typeof e !== 'number') continue;
    startUs = Math.min(startUs, s);
    endUs = Math.max(endUs, e);
  }
  return endUs > startUs ? { startUs, endUs } : undefined;
}

/**
 * The window for a `.cpuprofile`'s JSON: the run record's, else `given` (relative to `startTime`),
 * else — when requests are counted (`counted`) — the record marks', else the whole recording.
 */
export function chooseWindow(json: Record<string, unknown>, runRecord: { startUs: number; endUs: number } | undefined, given: RelativeWindow | undefined, counted: boolean): WindowChoice {
  const start = typeof json.startTime === 'number' ? json.startTime : 0;
  const recordedS = typeof json.endTime === 'number' ? (json.endTime - start) / 1e6 : 0;
  if (runRecord) return { source: 'run record', ...runRecord, recordedS };
  if (given) return { source: '--window', startUs: start + given.startS * 1e6, endUs: start + given.endS * 1e6, recordedS };
  const marks = counted ? recordMarksWindow(json) : undefined;
  if (marks) return { source: 'record marks', ...marks, recordedS };
  return { source: 'whole recording', recordedS };
}

/** The note a comparison carries for a side whose requests were counted: which window the per-request figures divide. */
export function windowNote(side: 'before' | 'after', path: string, w: WindowChoice): string {
  const of = `${w.recordedS.toFixed(1)} s recorded`;
  if (w.source === 'whole recording') {
    return (
      `${side} (${path}): per request over the whole recording (${of}: start-up, warm-up and exit included) — no load window is known; ` +
      `give --window-${side} START..END (seconds from the start), a run record with window_start_monotonic_us/window_end_monotonic_us, or record with \`dynamo-hotpath record\``
    );
  }
  const seconds = ((w.endUs! - w.startUs!) / 1e6).toFixed(1);
  const from = w.source === 'run record' ? 'its run record' : w.source === '--window' ? `--window-${side}` : "the span of the DynamoDB requests `record` labelled (first request to last)";
  return `${side} (${path}): per request over the load window from ${from}: ${seconds} s of the ${of}`;
}
