/**
 * pprof reader: `perftools.profiles.Profile` decoded by pprof-format (≥ 2.3.2, which reads
 * Go's non-packed repeated fields right), then validated and normalized into the model.
 */
import { Function as PprofFunction, Location, Sample, ValueType } from 'pprof-format';
import { ProfileError } from './errors';
import { FrameInterner } from './frameInterner';
import { LabelSetInterner } from './labelSets';
import { resolveLimits, TableBudget } from './limits';
import type { Profile, ReadOptions, SampleType } from './model';
import { chooseColumn, countColumn, nsPerUnit } from './pprofColumns';
import { functionFile, functionName, lineNumber } from './pprofFrames';
import { readVarint, walkFields, WIRE_LEN, WIRE_VARINT } from './protoWire';
import { SampleCollector } from './sampleCollector';

/** pprof-format returns varints of 5+ bytes as bigint and never sign-corrects int64. */
function int64(value: number | bigint): number {
  return typeof value === 'bigint' ? Number(BigInt.asIntN(64, value)) : value;
}

/** A location address as `0x…` (uint64). */
function hexAddress(address: number | bigint): string {
  return `0x${BigInt.asUintN(64, BigInt(address)).toString(16)}`;
}

function corrupt(sourcePath: string, what: string): ProfileError {
  return new ProfileError(sourcePath, 'truncated-protobuf', `the pprof data is truncated or corrupt: ${what}`);
}

/** `perftools.profiles.Profile` field numbers (google/pprof `proto/profile.proto`). */
const FIELD = { sampleType: 1, sample: 2, location: 4, function: 5, stringTable: 6, durationNanos: 10, defaultSampleType: 14 } as const;

/** Tables decoded into objects, whose entries count against `maxTableEntries`, by field number. */
const TABLE_NAMES: Record<number, string> = { [FIELD.location]: 'locations', [FIELD.function]: 'functions', [FIELD.stringTable]: 'strings' };

/** The tables of a pprof message, decoded by pprof-format; samples kept as byte ranges. */
interface Tables {
  readonly sampleTypes: ValueType[];
  /** start, end offsets of each `Sample` message, flattened. */
  readonly sampleRanges: number[];
  readonly locations: Location[];
  readonly functions: PprofFunction[];
  readonly strings: string[];
  durationNanos: number;
  defaultSampleType: number;
}

/**
 * Walks the top-level fields (which also checks the framing: pprof-format accepts a cut-off
 * message without complaint, profile-formats.md §1.2) and decodes each table entry with
 * pprof-format's message decoders. Samples are only located here and decoded one at a time
 * later, so the decoded `Sample` objects never all exist at once.
 */
function decodeTables(bytes: Uint8Array, sourcePath: string, budget: TableBudget): Tables {
  const t: Tables = { sampleTypes: [], sampleRanges: [], locations: [], functions: [], strings: [], durationNanos: 0, defaultSampleType: 0 };
  const utf8 = new TextDecoder('utf-8');
  let failed: string | undefined;
  let overTable: string | undefined;
  const problem = walkFields(bytes, 0, bytes.length, (field, wireType, start, end) => {
    if (failed || overTable) return;
    const table = TABLE_NAMES[field];
    if (table && wireType === WIRE_LEN && !budget.add(table)) overTable = table;
    if (overTable) return;
    try {
      if (wireType === WIRE_LEN) {
        const body = bytes.subarray(start, end);
        if (field === FIELD.sample) t.sampleRanges.push(start, end);
        else if (field === FIELD.location) t.locations.push(Location.decode(body));
        else if (field === FIELD.function) t.functions.push(PprofFunction.decode(body));
        else if (field === FIELD.stringTable) t.strings.push(utf8.decode(body));
        else if (field === FIELD.sampleType) t.sampleTypes.push(ValueType.decode(body));
      } else if (wireType === WIRE_VARINT) {
        if (field === FIELD.durationNanos) t.durationNanos = readVarint(bytes, start);
        else if (field === FIELD.defaultSampleType) t.defaultSampleType = readVarint(bytes, start);
      }
    } catch (err) {
      failed = `field ${field} at byte ${start}: ${(err as Error).message}`;
    }
  });
  if (problem?.kind === 'truncated') {
    throw new ProfileError(
      sourcePath,
      'truncated-protobuf',
      `the pprof data is truncated: a field at byte ${problem.offset} runs past the end (${bytes.length} bytes); the file was probably cut off while being written or copied`,
    );
  }
  if (problem) {
    throw new ProfileError(sourcePath, 'not-a-profile', `not a valid pprof protobuf: invalid field (wire type ${problem.wireType}) at byte ${problem.offset}`);
  }
  if (overTable) throw budget.exceeded(sourcePath, overTable);
  if (failed) throw corrupt(sourcePath, `malformed ${failed}`);
  return t;
}

function decodeSample(bytes: Uint8Array, start: number, end: number, index: number, sourcePath: string): Sample {
  try {
    return Sample.decode(bytes.subarray(start, end));
  } catch (err) {
    throw corrupt(sourcePath, `sample ${index} is malformed (${(err as Error).message})`);
  }
}

/** The string labels of a sample (numeric ones such as timestamps are dropped), interned. */
function stringLabels(sample: Sample, str: (index: number | bigint, what: string) => string, sets: LabelSetInterner): number | undefined {
  const pairs: [string, string][] = [];
  for (const label of sample.label) {
    if (int64(label.str) === 0) continue;
    pairs.push([str(label.key, 'a sample label'), str(label.str, 'a sample label')]);
  }
  return sets.intern(pairs);
}

/**
 * Reads an uncompressed pprof protobuf into the model.
 *
 * - Value column: see `chooseColumn` (default_sample_type, else cpu, else a time column,
 *   else the last); time columns are converted to ns.
 * - `count` of a record: the `samples`/`sample` count column when the file has one, else 1.
 * - Each location expands into one frame per `Line`, `line[0]` innermost and
 *   `inlined = true` for all but the last; address-only locations become `0x…` frames.
 * - String sample labels are kept as interned label sets (`Sample.labels`); numeric ones are not.
 * - Every string, function and location reference and every `value` length is validated.
 * @throws ProfileError `truncated-protobuf`, `not-a-profile`, `unsymbolized`, `no-samples`,
 *   `unknown-sample-type`.
 */
export function parsePprof(bytes: Uint8Array, sourcePath: string, options: ReadOptions = {}): Profile {
  const p = decodeTables(bytes, sourcePath, new TableBudget(resolveLimits(options.limits)));
  const strings = p.strings;
  const str = (index: number | bigint, what: string): string => {
    const s = strings[int64(index)];
    if (s === undefined) throw corrupt(sourcePath, `${what} refers to string ${index}, but the string table has ${strings.length} entries (a dangling reference)`);
    return s;
  };

  const sampleTypes: SampleType[] = p.sampleTypes.map((t, i) => ({ type: str(t.type, `sample type ${i}`) || 'value', unit: str(t.unit, `sample type ${i}`) }));
  const sampleCount = p.sampleRanges.length / 2;
  if (sampleCount === 0) {
    throw new ProfileError(sourcePath, 'no-samples', 'the profile has no samples (nothing was recorded, e.g. an idle process or a profile stopped at once)');
  }
  if (sampleTypes.length === 0) throw corrupt(sourcePath, `the profile has ${sampleCount} samples but no sample types`);
  const defaultType = p.defaultSampleType ? str(p.defaultSampleType, 'default_sample_type') : '';
  const column = chooseColumn(sampleTypes, defaultType, options.sampleType, sourcePath);
  const chosen = sampleTypes[column]!;
  const nsScale = nsPerUnit(chosen.unit);
  const sampleType: SampleType = nsScale !== undefined ? { type: chosen.type, unit: 'nanoseconds' } : chosen;
  const countCol = countColumn(sampleTypes);

  const functions = new Map<number, { name: string; file: string; startLine: number }>();
  for (const f of p.functions) {
    const what = `function ${f.id}`;
    const file = str(f.filename, what);
    functions.set(int64(f.id), { name: functionName(str(f.name, what), str(f.systemName, what), file), file: functionFile(file), startLine: int64(f.startLine) });
  }
  if (p.locations.length > 0 && p.locations.every((l) => l.line.length === 0)) {
    throw new ProfileError(
      sourcePath,
      'unsymbolized',
      `the profile is unsymbolized: its ${p.locations.length} locations have addresses only, no function names or lines; symbolize it first (e.g. \`go tool pprof -proto <binary> <profile> > symbolized.pb.gz\`)`,
    );
  }

  const interner = new FrameInterner();
  const framesOfLocation = new Map<number, Uint32Array>();
  let addressOnly = 0;
  for (const loc of p.locations) {
    const n = loc.line.length;
    if (n === 0) {
      addressOnly++;
      framesOfLocation.set(int64(loc.id), Uint32Array.of(interner.intern(hexAddress(loc.address), '', 0, false)));
      continue;
    }
    const ids = new Uint32Array(n);
    loc.line.forEach((line, j) => {
      const fn = functions.get(int64(line.functionId));
      if (!fn) throw corrupt(sourcePath, `location ${loc.id} refers to function ${line.functionId}, which the file does not define (a dangling reference)`);
      ids[j] = interner.intern(fn.name || hexAddress(loc.address), fn.file, lineNumber(int64(line.line), fn.startLine), j < n - 1);
    });
    framesOfLocation.set(int64(loc.id), ids);
  }

  const collector = new SampleCollector();
  const labelSets = new LabelSetInterner();
  let stack = new Uint32Array(256);
  for (let s = 0; s < sampleCount; s++) {
    const sample = decodeSample(bytes, p.sampleRanges[2 * s]!, p.sampleRanges[2 * s + 1]!, s, sourcePath);
    if (sample.value.length !== sampleTypes.length) {
      throw corrupt(sourcePath, `sample ${s} has ${sample.value.length} values but the profile declares ${sampleTypes.length} sample types`);
    }
    let depth = 0;
    for (const locationId of sample.locationId) {
      const ids = framesOfLocation.get(int64(locationId));
      if (!ids) throw corrupt(sourcePath, `sample ${s} refers to location ${locationId}, which the file does not define (a dangling reference)`);
      if (depth + ids.length > stack.length) {
        const grown = new Uint32Array(2 * (depth + ids.length));
        grown.set(stack);
        stack = grown;
      }
      stack.set(ids, depth);
      depth += ids.length;
    }
    const weight = int64(sample.value[column]!) * (nsScale ?? 1);
    const labels = sample.label.length > 0 ? stringLabels(sample, str, labelSets) : undefined;
    collector.add(stack, depth, weight, countCol >= 0 ? int64(sample.value[countCol]!) : 1, labels);
  }

  const warnings: string[] = [];
  if (addressOnly > 0) warnings.push(`${addressOnly} locations have addresses only (no function or line); they are shown as 0x… frames`);
  const durationNs = int64(p.durationNanos);
  return collector.finish({ sourcePath, format: 'pprof', sampleType, sampleTypes, durationNs: durationNs > 0 ? durationNs : undefined, frames: interner.frames, warnings, labelSets: labelSets.sets });
}
