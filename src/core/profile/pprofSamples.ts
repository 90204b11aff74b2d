/**
 * The sample pass of the pprof build: each sample's value count and location references checked,
 * its weight (ns or the sample type's unit) and count taken from the chosen columns, samples of
 * weight 0 (and negative ones) dropped. Kept apart from `buildPprofProfile` so that V8 compiles
 * this loop on its own (on-stack replacement of the whole build function compiled it twice).
 */
import { ProfileError } from './errors';
import { decodeUnits } from './columns/varintUnits';
import type { LabelSetInterner } from './labelSets';
import { estimatedTicks, type TickEstimate } from './pprofTicks';
import type { RawPprof } from './pprofWire';
import { SampleValueChecks } from './sampleValues';

/** Where the weight and count of a sample are read, and how they are scaled. */
export interface SampleColumns {
  /** Values per sample (the number of sample types). */
  readonly valueCount: number;
  /** Index of the weight column, and its factor to ns (1 when the unit is not a time). */
  readonly column: number;
  readonly nsScale: number;
  /** Index of the `samples`/`count` column, −1 when there is none. */
  readonly countColumn: number;
  /** The tick that estimates a count from a weight, when there is no count column. */
  readonly tick: TickEstimate | undefined;
}

/** The samples of positive weight, by their index in the file, with their weight, count and label set. */
export interface KeptSamples {
  readonly kept: number;
  /** `keep[i]`: index in the file of kept sample i (the first `kept` entries); undefined when every sample is kept. */
  readonly keep: Uint32Array | undefined;
  readonly weight: Float64Array;
  readonly count: Float64Array;
  /** Label set per kept sample (−1: none); undefined when the file has no string labels. */
  readonly labels: Int32Array | undefined;
  readonly totalWeight: number;
  /** Sum of the kept samples' counts. */
  readonly totalCount: number;
  /** What was odd about the values (zero, negative, inexact ones), for warnings and the no-samples message. */
  readonly checks: SampleValueChecks;
}

type StringAt = (index: number, what: string) => string;

function corrupt(sourcePath: string, what: string): ProfileError {
  return new ProfileError(sourcePath, 'truncated-protobuf', `the pprof data is truncated or corrupt: ${what}`);
}

/** A sample whose value count is not the number of sample types: well-formed protobuf, an inconsistent profile. */
function wrongValueCount(sourcePath: string, s: number, values: number, types: number): ProfileError {
  return new ProfileError(sourcePath, 'bad-reference', `sample ${s} has ${values} values but the profile declares ${types} sample types (one value per type): the writer is broken, and which value is which cannot be told`);
}

/**
 * Reads every sample of `raw` in file order. `defined` (1 per dense location index that a location
 * definition gives) is passed only when some index is not: indices are made by a definition or by
 * a sample's reference, so an undefined one is a sample's dangling reference, and only then is
 * every stack read to name the sample.
 * @throws ProfileError `bad-reference` naming the first sample whose value count is not
 *   `valueCount`, `truncated-protobuf` the first whose stack refers to an undefined location (in
 *   that order per sample).
 */
export function keptSamples(raw: RawPprof, columns: SampleColumns, str: StringAt, labelSets: LabelSetInterner, sourcePath: string, defined?: Uint8Array): KeptSamples {
  const samples = raw.samples;
  const { valueCount, column, nsScale, countColumn, tick } = columns;
  const n = samples.length;
  let keep: Uint32Array | undefined;
  const weight = new Float64Array(n);
  const count = new Float64Array(n);
  const labels = samples.labels ? new Int32Array(n) : undefined;
  let kept = 0;
  let totalWeight = 0;
  let totalCount = 0;
  const checks = new SampleValueChecks();
  const { valueStart, valueCount: perSample } = samples;
  for (let s = 0; s < n; s++) {
    const vs = valueStart ? valueStart[s]! : s * perSample;
    const values = valueStart ? valueStart[s + 1]! - vs : perSample;
    if (values !== valueCount) throw wrongValueCount(sourcePath, s, values, valueCount);
    if (defined) checkStack(raw, s, defined, sourcePath);
    const w = samples.values[vs + column]! * nsScale;
    const c = countColumn >= 0 ? samples.values[vs + countColumn]! : tick ? estimatedTicks(w, tick) : 1;
    const set = samples.labels ? labelSetOf(samples.labels, s, str, labelSets) : -1;
    if (!(w > 0) || !Number.isFinite(w)) {
      checks.dropped(w);
      keep ??= firstKept(kept, n);
      continue;
    }
    checks.kept(samples.values[vs + column]!, c);
    if (keep) keep[kept] = s;
    weight[kept] = w;
    count[kept] = c;
    if (labels) labels[kept] = set;
    kept++;
    totalWeight += w;
    totalCount += c;
  }
  return { kept, keep, weight, count, labels, totalWeight, totalCount, checks };
}

/** Room for the index of each kept sample, holding those of the first `kept` (samples 0…kept−1, none dropped before). */
function firstKept(kept: number, n: number): Uint32Array {
  const keep = new Uint32Array(n);
  for (let i = 0; i < kept; i++) keep[i] = i;
  return keep;
}

/** Throws when sample `s` refers to a location the file does not define. */
function checkStack(raw: RawPprof, s: number, defined: Uint8Array, sourcePath: string): void {
  const samples = raw.samples;
  const loc = raw.locations;
  const unitCount = samples.unitCount[s]!;
  const units = new Uint32Array(unitCount);
  decodeUnits(samples.chunks[samples.chunk[s]!]!, samples.start[s]!, unitCount, units);
  for (let k = 0; k < unitCount; k++) {
    if (!defined[units[k]!]) throw corrupt(sourcePath, `sample ${s} refers to location ${loc.ids[units[k]!]}, which the file does not define (a dangling reference)`);
  }
}

function labelSetOf(labels: NonNullable<RawPprof['samples']['labels']>, s: number, str: StringAt, sets: LabelSetInterner): number {
  const pairs: [string, string][] = [];
  for (let p = labels.start[s]!; p < labels.start[s + 1]!; p++) pairs.push([str(labels.pairs[2 * p]!, 'a sample label'), str(labels.pairs[2 * p + 1]!, 'a sample label')]);
  return sets.intern(pairs) ?? -1;
}
