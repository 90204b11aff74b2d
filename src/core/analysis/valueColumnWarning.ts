/**
 * The warning that a profile's value column is not CPU time, so that its shares are not of CPU.
 */
import type { SampleType } from '../profile/model';

/** Value columns that are CPU time, or a count or time that stands for it (sampled stacks, wall time of a sampled thread). */
const CPU_LIKE = /^(cpu|wall|samples?|time|value)$/;
/**
 * Time columns that are time spent waiting, not running: Go's block and mutex profiles write
 * `contentions/count` and `delay/nanoseconds` (runtime/pprof). Named, because a nanosecond unit
 * alone says nothing of CPU.
 */
const WAITING_TIME = /^delay$/;

/** The warning for a value column that is not CPU time, or undefined when it is (or stands for it). */
export function valueColumnWarning(sampleType: SampleType): string | undefined {
  const { type, unit } = sampleType;
  if (WAITING_TIME.test(type)) {
    return `the profile's value column is ${type}/${unit}: time spent waiting (a Go block or mutex profile), not CPU time: the shares are of waiting time`;
  }
  if (CPU_LIKE.test(type) || unit === 'nanoseconds') return undefined;
  return `the profile's value column is ${type}/${unit}, not CPU time: the shares are of ${type}`;
}
