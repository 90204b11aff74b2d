import { ProfileError } from './errors';
import type { SampleType } from './model';

/** ns per unit for the time units pprof producers write (`profile.proto` leaves units free-form). */
const NS_PER_UNIT: Readonly<Record<string, number>> = {
  nanoseconds: 1,
  microseconds: 1e3,
  milliseconds: 1e6,
  seconds: 1e9,
};

/** How many ns one unit of `unit` is, or undefined when it is not a time unit. */
export function nsPerUnit(unit: string): number | undefined {
  return NS_PER_UNIT[unit];
}

/**
 * Picks the value column the way `go tool pprof` does (profile.proto: "the last one is the
 * default" unless `default_sample_type` names one), with one extension from the issue: a
 * `cpu` column, else a time-unit column, wins over "last" (the @datadog/pprof Node time
 * profile is `[sample/count, wall/nanoseconds, cpu/nanoseconds]` and has no default).
 * `override` is a type name (`cpu`, `wall`, `alloc_space`…) or `type/unit`.
 * @throws ProfileError `unknown-sample-type` when `override` names no column of the file.
 */
export function chooseColumn(
  types: readonly SampleType[],
  defaultType: string,
  override: string | undefined,
  sourcePath: string,
): number {
  if (override !== undefined) {
    const i = types.findIndex((t) => t.type === override || `${t.type}/${t.unit}` === override);
    if (i < 0) {
      const offered = types.map((t) => `${t.type}/${t.unit}`).join(', ') || 'none';
      throw new ProfileError(
        sourcePath,
        'unknown-sample-type',
        `the profile has no sample type "${override}"; it offers: ${offered}`,
      );
    }
    return i;
  }
  if (defaultType) {
    const i = types.findIndex((t) => t.type === defaultType);
    if (i >= 0) return i;
  }
  const cpu = types.findIndex((t) => t.type === 'cpu');
  if (cpu >= 0) return cpu;
  const time = types.findIndex((t) => nsPerUnit(t.unit) !== undefined);
  if (time >= 0) return time;
  return types.length - 1;
}

/**
 * The column that counts profiler samples (`samples/count` in Go, `sample/count` in
 * @datadog/pprof), or -1. Heap columns such as `alloc_objects/count` are not sample counts.
 */
export function countColumn(types: readonly SampleType[]): number {
  return types.findIndex((t) => (t.type === 'samples' || t.type === 'sample') && t.unit === 'count');
}
