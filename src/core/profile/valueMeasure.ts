/**
 * What a profile's value column measures, so that two profiles are compared in absolute terms
 * (CPU in profile, per request) only when their weights mean the same thing.
 *
 * Sources:
 * - V8 `.cpuprofile` / Chrome traces: CDP `Profiler.Profile.timeDeltas` are "time intervals between
 *   adjacent samples in microseconds" (Chrome DevTools Protocol, Profiler domain). V8's sampler
 *   (`SamplingEventsProcessor::Run` in `src/profiler/cpu-profiler.cc`) schedules each sample on
 *   `base::TimeTicks`, a monotonic wall clock, and interrupts the JS thread; a sample that waits
 *   for the thread to get a CPU is late, so the delta includes that wait. The weight is wall time
 *   of the sampled thread while it is not `(idle)` — measured on `fixtures/node-adserver`:
 *   9,506 µs per request in the `.cpuprofile` against 6,468 µs of process CPU (rusage).
 * - pprof `cpu/nanoseconds`: Go's runtime/pprof counts CPU time (SIGPROF on the process CPU
 *   timer, 10 ms a sample); @datadog/pprof with `collectCpuTime` measures the sampled thread's CPU
 *   clock per sample and adds the other threads' CPU as `Non JS threads activity`
 *   (`profile-serializer.js`). Both are process CPU time: `node-adserver/before-v2.pb.gz` has
 *   4,929 µs per request against 4,942 µs by rusage.
 * - pprof `wall/nanoseconds` (@datadog/pprof): hit count × the nominal sampling interval, `(idle)`
 *   valued 0 (`profile-serializer.js`) — the same thread as V8's, but not the measured delta.
 * - `samples`/`count` columns count samples; their time depends on each profiler's rate.
 */
import type { ProfileFormat, SampleType } from './model';
import { nsPerUnit } from './pprofColumns';

/** What one unit of weight means, with names for tables and messages. */
export interface ValueMeasure {
  /** Equal keys: absolute weights (and weight per request) are comparable. */
  readonly key: string;
  /** Short name for a table row: `CPU`, `Wall time`, `Samples`, or the column name. */
  readonly short: string;
  /** One phrase saying what the weight is and where it comes from. */
  readonly description: string;
}

const V8_FORMATS: ReadonlySet<ProfileFormat> = new Set(['v8-cpuprofile', 'chrome-trace']);

/**
 * What the weights of a profile of `format`, read through column `sampleType`, measure.
 * Unknown combinations are keyed by format and column, so they compare only with themselves.
 */
export function valueMeasure(format: ProfileFormat, sampleType: SampleType): ValueMeasure {
  const column = `${sampleType.type}/${sampleType.unit}`;
  const isTime = nsPerUnit(sampleType.unit) !== undefined;
  if (V8_FORMATS.has(format) && sampleType.type === 'wall' && isTime) {
    return { key: 'v8-wall', short: 'Wall time', description: `wall time of the sampled JS thread, the measured time between V8 samples (${format} ${column}), not CPU time` };
  }
  if (format === 'pprof' && sampleType.type === 'cpu' && isTime) {
    return { key: 'cpu-time', short: 'CPU', description: `CPU time (pprof ${column})` };
  }
  if (format === 'pprof' && sampleType.type === 'wall' && isTime) {
    return { key: 'pprof-wall', short: 'Wall time', description: `wall time valued at the nominal sampling interval per sample (pprof ${column})` };
  }
  if (format === 'speedscope' && sampleType.type === 'time' && isTime) {
    return { key: 'speedscope-time', short: 'Time', description: `sampled time whose clock (CPU or wall) the speedscope file does not state (${column})` };
  }
  if (/^samples?$/.test(sampleType.type)) {
    return { key: `samples:${format}`, short: 'Samples', description: `sample counts of a ${format} profile (their time depends on the profiler's sampling rate)` };
  }
  return { key: `${format}:${column}`, short: sampleType.type, description: `${format} ${column}` };
}

/** Whether two sides' absolute weights can be compared, and if not why, in a short and a long form. */
export type Comparability =
  | { readonly comparable: true }
  | { readonly comparable: false; readonly short: string; readonly reason: string };

/**
 * Whether weights of `before` and `after` measure the same thing (see the module comment for which
 * formats agree). Not comparable: `short` is e.g. `CPU vs wall time`, `reason` names both measures.
 */
export function comparability(before: ValueMeasure, after: ValueMeasure): Comparability {
  if (before.key === after.key) return { comparable: true };
  const short = before.short === after.short ? `${before.short.toLowerCase()} measured differently` : `${before.short} vs ${after.short.toLowerCase()}`;
  return { comparable: false, short, reason: `before is ${before.description}; after is ${after.description}` };
}
