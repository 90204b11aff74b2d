/**
 * Sample counts of pprof profiles that have no count column. Pyroscope's merged profiles keep one
 * value column (`cpu/nanoseconds`) and merge equal stacks, so one record stands for many profiler
 * ticks; counting records understates the samples behind the compare tables' ± noise.
 */

/** How long one profiler tick lasts, and where that figure comes from. */
export interface TickEstimate {
  /** Nanoseconds of CPU per tick. */
  readonly tickNs: number;
  readonly source: 'period' | 'go-default';
  /** The sampled time the counts stand for: `cpu` or `wall`. */
  readonly clock: 'cpu' | 'wall';
}

/** 100 Hz: Go's `runtime/pprof` CPU sampling rate (`SetCPUProfileRate` default, `pprof.StartCPUProfile`). */
const GO_DEFAULT_TICK_NS = 10_000_000;
/** Periods outside 10 kHz … 10 Hz are not a CPU sampling interval (Pyroscope writes 1e9, .NET writes 1). */
const PLAUSIBLE_TICK_NS = { min: 100_000, max: 100_000_000 } as const;

/**
 * The tick to divide a record's time by, when the profile has no count column and its chosen
 * column is sampled time: `cpu` (or `wall`) with a time unit (`nsScale` defined). The tick is the
 * profile's `period` when it is time and a plausible sampling interval, else — for `cpu` only —
 * Go's default 10 ms when the profile holds Go code (`hasGoFiles`), else undefined (records are
 * then counted as one sample each). Other time columns (a block profile's `delay`, a JFR lock
 * profile's) are not sampled at a rate and get no estimate.
 */
export function estimateTick(options: { countColumn: number; valueType: string; nsScale: number | undefined; periodNs: number | undefined; hasGoFiles: boolean }): TickEstimate | undefined {
  const clock = options.valueType;
  if (options.countColumn >= 0 || options.nsScale === undefined || (clock !== 'cpu' && clock !== 'wall')) return undefined;
  const p = options.periodNs;
  if (p !== undefined && p >= PLAUSIBLE_TICK_NS.min && p <= PLAUSIBLE_TICK_NS.max) return { tickNs: p, source: 'period', clock };
  return clock === 'cpu' && options.hasGoFiles ? { tickNs: GO_DEFAULT_TICK_NS, source: 'go-default', clock } : undefined;
}

/** Ticks behind a record of `weightNs`: at least 1 for any record with time. */
export function estimatedTicks(weightNs: number, tick: TickEstimate): number {
  return weightNs > 0 ? Math.max(1, Math.round(weightNs / tick.tickNs)) : 1;
}

/** The warning that says the counts are estimates, and how. */
export function tickWarning(tick: TickEstimate): string {
  const ms = tick.tickNs / 1e6;
  const from = tick.source === 'period' ? "the profile's sampling period" : "Go's default CPU profiling rate of 100 Hz (the profile's period is not a sampling interval)";
  return `the profile has no sample-count column (as Pyroscope's merged profiles): sample counts are estimated as ${tick.clock === 'cpu' ? 'CPU' : 'wall'} time / ${ms} ms, ${from}`;
}
