/**
 * From the raw pprof tables of {@link PprofWireDecoder} to the profile model, in columns:
 * references checked, the value column chosen, locations expanded into interned frames,
 * samples of weight 0 dropped. The rules are those of the pprof-format reader it replaces
 * (kept as the reference of the differential test): see {@link buildPprofProfile}.
 */
import { ProfileError } from './errors';
import { columnarProfile } from './columns/profileTables';
import type { SampleTable } from './columns/sampleTable';
import { LabelSetInterner } from './labelSets';
import type { Profile, ReadOptions, SampleType } from './model';
import { chooseColumn, countColumn, nsPerUnit } from './pprofColumns';
import { buildFrames } from './pprofLocations';
import { keptSamples } from './pprofSamples';
import { estimateTick, tickWarning } from './pprofTicks';
import type { RawPprof } from './pprofWire';

function corrupt(sourcePath: string, what: string): ProfileError {
  return new ProfileError(sourcePath, 'truncated-protobuf', `the pprof data is truncated or corrupt: ${what}`);
}

/**
 * Builds the profile from decoded tables. It takes `raw` over: the function table is replaced by
 * an empty one once the functions are resolved (then `options.onTablesDropped` is called), and
 * the location tables once the frames are built.
 *
 * - Value column: `chooseColumn` (default_sample_type, else cpu, else a time column, else the
 *   last); time columns are converted to ns. `count`: the `samples`/`sample` count column, else
 *   CPU time / tick when a tick can be told (`pprofTicks.ts`, with a warning), else 1.
 * - Function ids all 0 (Pyroscope .NET): functions numbered by position (`pprofFunctionIds.ts`).
 * - Each location expands into one frame per `Line`, `line[0]` innermost and `inlined` for all
 *   but the last; address-only locations become `0x…` frames. Equal frames share one id.
 * - String sample labels become interned label sets (`Sample.labels`); numeric ones are dropped.
 * - Samples of weight 0 are dropped; negative weights too, with a warning.
 * - Every string, function and location reference and every `value` length is checked.
 * @throws ProfileError `truncated-protobuf`, `unsymbolized`, `no-samples`, `unknown-sample-type`.
 */
export function buildPprofProfile(raw: RawPprof, sourcePath: string, options: ReadOptions = {}): Profile {
  const strings = raw.strings;
  const str = (index: number, what: string): string => {
    const s = strings[index];
    if (s === undefined) throw corrupt(sourcePath, `${what} refers to string ${index}, but the string table has ${strings.length} entries (a dangling reference)`);
    return s;
  };
  const sampleTypes: SampleType[] = raw.sampleTypes.map(([type, unit], i) => ({ type: str(type, `sample type ${i}`) || 'value', unit: str(unit, `sample type ${i}`) }));
  const samples = raw.samples;
  if (samples.length === 0) {
    throw new ProfileError(sourcePath, 'no-samples', 'the profile has no samples (nothing was recorded, e.g. an idle process or a profile stopped at once)');
  }
  if (sampleTypes.length === 0) throw corrupt(sourcePath, `the profile has ${samples.length} samples but no sample types`);
  const defaultType = raw.defaultSampleType ? str(raw.defaultSampleType, 'default_sample_type') : '';
  const column = chooseColumn(sampleTypes, defaultType, options.sampleType, sourcePath);
  const chosen = sampleTypes[column]!;
  const nsScale = nsPerUnit(chosen.unit) ?? 1;
  const sampleType: SampleType = nsPerUnit(chosen.unit) !== undefined ? { type: chosen.type, unit: 'nanoseconds' } : chosen;
  const countCol = countColumn(sampleTypes);

  const located = buildFrames(raw, str, sourcePath, options.onTablesDropped);
  const periodNsPerUnit = raw.periodType ? nsPerUnit(str(raw.periodType[1], 'period_type')) : undefined;
  const tick = estimateTick({ countColumn: countCol, valueType: chosen.type, nsScale: nsPerUnit(chosen.unit), periodNs: periodNsPerUnit === undefined ? undefined : raw.period * periodNsPerUnit, hasGoFiles: located.hasGoFiles });

  const labelSets = new LabelSetInterner();
  const { kept, keep, weight, count, labels, totalWeight, totalCount, checks } = keptSamples(
    raw,
    { valueCount: sampleTypes.length, column, nsScale, countColumn: countCol, tick },
    str,
    labelSets,
    sourcePath,
    located.defined,
  );

  const warnings: string[] = [];
  if (located.byPosition) warnings.push(`every function id in the file is 0 (as Pyroscope's .NET profiler writes): functions are numbered by their position, which is how the locations refer to them`);
  if (tick) warnings.push(tickWarning(tick));
  if (located.addressOnly > 0) warnings.push(`${located.addressOnly} locations have addresses only (no function or line); they are shown as 0x… frames`);
  if (kept === 0) throw new ProfileError(sourcePath, 'no-samples', `the profile has no samples: ${checks.noSamplesDetail(sampleType.type, sampleType.unit)}`);
  warnings.push(...checks.warnings(sampleType.type, totalWeight / nsScale, totalCount));
  const pick = <T extends Uint16Array | Uint32Array>(column: T): T => {
    if (!keep) return column;
    const out = new (column.constructor as { new (n: number): T })(kept);
    for (let i = 0; i < kept; i++) out[i] = column[keep[i]!]!;
    return out;
  };
  const table: SampleTable = {
    length: kept,
    weight: weight.subarray(0, kept),
    count: count.subarray(0, kept),
    ...(labels && labelSets.sets.length > 0 ? { labels: labels.subarray(0, kept) } : {}),
    store: { chunks: samples.chunks, varint: true, expansion: located.expansion },
    chunk: pick(samples.chunk),
    start: pick(samples.start),
    unitCount: pick(samples.unitCount),
  };
  const durationNs = raw.durationNanos;
  return columnarProfile(
    {
      sourcePath,
      format: 'pprof',
      sampleType,
      sampleTypes,
      durationNs: durationNs > 0 ? durationNs : undefined,
      ...(raw.timeNanos > 0 ? { stampedMs: raw.timeNanos / 1e6 } : {}),
      totalWeight,
      idleWeight: 0,
      ...(labelSets.sets.length > 0 ? { labelSets: labelSets.sets } : {}),
      warnings,
    },
    located.frames.finish(),
    table,
  );
}

