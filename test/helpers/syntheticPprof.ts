/**
 * Small pprof profiles built in a test with pprof-format (the library @datadog/pprof writes
 * with): stacks of named frames, a CPU value per sample, string labels. For shapes that a real
 * recording gives only by chance (a handshake on a labelled dial goroutine and one of the
 * process's own listener in one profile); real recordings are in the service tests.
 */
import { gzipSync } from 'node:zlib';
import { Function as PFunction, Label, Line, Location, Profile, Sample, StringTable, ValueType } from 'pprof-format';

/** One frame: function name, file, line. */
export type SyntheticFrame = readonly [name: string, file: string, line: number];

export interface SyntheticSample {
  /** Leaf first. */
  readonly stack: readonly SyntheticFrame[];
  /** CPU nanoseconds. */
  readonly cpuNs: number;
  readonly labels?: Readonly<Record<string, string>>;
}

/** A gzipped pprof (`samples/count`, `cpu/nanoseconds`) of `samples`. */
export function syntheticPprof(samples: readonly SyntheticSample[]): Uint8Array {
  const strings = new StringTable();
  const functions = new Map<string, PFunction>();
  const locations = new Map<string, Location>();
  const locationOf = ([name, file, line]: SyntheticFrame): Location => {
    const fkey = `${name}\0${file}`;
    let fn = functions.get(fkey);
    if (!fn) functions.set(fkey, (fn = new PFunction({ id: functions.size + 1, name: strings.dedup(name), systemName: strings.dedup(name), filename: strings.dedup(file) })));
    const lkey = `${fkey}\0${line}`;
    let loc = locations.get(lkey);
    if (!loc) locations.set(lkey, (loc = new Location({ id: locations.size + 1, line: [new Line({ functionId: fn.id, line })] })));
    return loc;
  };
  const sample = samples.map(
    (s) =>
      new Sample({
        locationId: s.stack.map((f) => locationOf(f).id),
        value: [1, s.cpuNs],
        label: Object.entries(s.labels ?? {}).map(([k, v]) => new Label({ key: strings.dedup(k), str: strings.dedup(v) })),
      }),
  );
  const profile = new Profile({
    sampleType: [new ValueType({ type: strings.dedup('samples'), unit: strings.dedup('count') }), new ValueType({ type: strings.dedup('cpu'), unit: strings.dedup('nanoseconds') })],
    sample,
    location: [...locations.values()],
    function: [...functions.values()],
    stringTable: strings,
    periodType: new ValueType({ type: strings.dedup('cpu'), unit: strings.dedup('nanoseconds') }),
    period: 10_000_000,
    durationNanos: 1_000_000_000,
  });
  return gzipSync(profile.encode());
}
