import { ProfileError } from './errors';
import { FrameInterner } from './frameInterner';
import type { Profile, ReadOptions, SampleType } from './model';
import { chooseColumn, countColumn, nsPerUnit } from './pprofColumns';
import { functionFile, functionName, lineNumber } from './pprofFrames';
import { readSampleRecord, readVarint, walkFields, WIRE_LEN, WIRE_VARINT } from './protoWire';
import { SampleCollector } from './sampleCollector';

/** `perftools.profiles.Profile` field numbers (google/pprof `proto/profile.proto`). */
const F = {
  sampleType: 1,
  sample: 2,
  location: 4,
  function: 5,
  stringTable: 6,
  durationNanos: 10,
  defaultSampleType: 14,
} as const;

/**
 * The parts of a pprof message the reader needs, as flat arrays of numbers (string-table
 * indices unresolved) rather than one object per location, line and function.
 */
interface RawProfile {
  /** type, unit string indices per sample type, flattened. */
  sampleTypes: number[];
  /** start/end byte offsets of each Sample message, flattened. */
  sampleRanges: number[];
  locId: number[];
  locAddress: number[];
  /** index of the location's first entry in the line arrays; one extra entry at the end. */
  locLineStart: number[];
  lineFunction: number[];
  lineLine: number[];
  /** id, name, system_name, filename, start_line per function, flattened (5 per function). */
  functions: number[];
  strings: string[];
  durationNanos: number;
  defaultSampleType: number;
}

function decodeLocation(bytes: Uint8Array, start: number, end: number, raw: RawProfile): boolean {
  let id = 0;
  let address = 0;
  let ok = true;
  const problem = walkFields(bytes, start, end, (field, wireType, s, e) => {
    if (wireType === WIRE_VARINT) {
      if (field === 1) id = readVarint(bytes, s);
      else if (field === 3) address = readVarint(bytes, s);
    } else if (wireType === WIRE_LEN && field === 4) {
      let fn = 0;
      let line = 0;
      const lineProblem = walkFields(bytes, s, e, (lf, lw, ls) => {
        if (lw !== WIRE_VARINT) return;
        if (lf === 1) fn = readVarint(bytes, ls);
        else if (lf === 2) line = readVarint(bytes, ls);
      });
      if (lineProblem) ok = false;
      raw.lineFunction.push(fn);
      raw.lineLine.push(line);
    }
  });
  raw.locId.push(id);
  raw.locAddress.push(address);
  raw.locLineStart.push(raw.lineFunction.length);
  return ok && !problem;
}

function decodeFunction(bytes: Uint8Array, start: number, end: number, raw: RawProfile): boolean {
  const fields = [0, 0, 0, 0, 0];
  const problem = walkFields(bytes, start, end, (field, wireType, s) => {
    if (wireType === WIRE_VARINT && field >= 1 && field <= 5) fields[field - 1] = readVarint(bytes, s);
  });
  raw.functions.push(...fields);
  return !problem;
}

function decodeValueType(bytes: Uint8Array, start: number, end: number, raw: RawProfile): boolean {
  let type = 0;
  let unit = 0;
  const problem = walkFields(bytes, start, end, (field, wireType, s) => {
    if (wireType !== WIRE_VARINT) return;
    if (field === 1) type = readVarint(bytes, s);
    else if (field === 2) unit = readVarint(bytes, s);
  });
  raw.sampleTypes.push(type, unit);
  return !problem;
}

/**
 * Frames one uncompressed pprof message: walks the top level (to detect truncation, which
 * pprof-format does not) and decodes the few fields the model needs into flat arrays;
 * `Sample` records stay byte ranges until the column is chosen, so no object is created per
 * sample value or location id. Measured on this machine, the whole of `parsePprof` (decode
 * and model) takes about as long as pprof-format's `Profile.decode` alone on large.cpu and
 * half as long on a 5 MB synthetic profile, with far less garbage; pprof-format remains the
 * reference the tests compare against, and the encoder of `bench/syntheticPprof.ts`.
 */
function frameProfile(bytes: Uint8Array, sourcePath: string): RawProfile {
  const raw: RawProfile = {
    sampleTypes: [],
    sampleRanges: [],
    locId: [],
    locAddress: [],
    locLineStart: [0],
    lineFunction: [],
    lineLine: [],
    functions: [],
    strings: [],
    durationNanos: 0,
    defaultSampleType: 0,
  };
  const utf8 = new TextDecoder('utf-8');
  let malformed = '';
  const problem = walkFields(bytes, 0, bytes.length, (field, wireType, start, end) => {
    if (wireType === WIRE_LEN) {
      switch (field) {
        case F.sample:
          raw.sampleRanges.push(start, end);
          return;
        case F.stringTable:
          raw.strings.push(utf8.decode(bytes.subarray(start, end)));
          return;
        case F.location:
          if (!decodeLocation(bytes, start, end, raw)) malformed ||= `location at byte ${start}`;
          return;
        case F.function:
          if (!decodeFunction(bytes, start, end, raw)) malformed ||= `function at byte ${start}`;
          return;
        case F.sampleType:
          if (!decodeValueType(bytes, start, end, raw)) malformed ||= `sample type at byte ${start}`;
          return;
      }
    } else if (wireType === WIRE_VARINT) {
      if (field === F.durationNanos) raw.durationNanos = readVarint(bytes, start);
      else if (field === F.defaultSampleType) raw.defaultSampleType = readVarint(bytes, start);
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
    throw new ProfileError(
      sourcePath,
      'not-a-profile',
      `not a valid pprof protobuf: invalid field (wire type ${problem.wireType}) at byte ${problem.offset}`,
    );
  }
  if (malformed) {
    throw new ProfileError(sourcePath, 'truncated-protobuf', `the pprof data is corrupt or truncated: malformed ${malformed}`);
  }
  return raw;
}

/**
 * Location id → index into the location arrays, or -1. Go numbers locations 1…N, so a dense
 * table is used when the ids allow it; other producers get a Map.
 */
function indexLocations(ids: readonly number[]): (id: number) => number {
  let max = 0;
  for (const id of ids) if (id > max) max = id;
  if (max <= 4 * ids.length + 1024 && ids.every((id) => Number.isInteger(id) && id >= 0)) {
    const dense = new Int32Array(max + 1).fill(-1);
    ids.forEach((id, i) => (dense[id] = i));
    return (id) => (id >= 0 && id <= max ? dense[id] : -1);
  }
  const map = new Map<number, number>();
  ids.forEach((id, i) => map.set(id, i));
  return (id) => map.get(id) ?? -1;
}

/** A location address as `0x…` (uint64; int64-wrapped values are turned back). */
function hexAddress(address: number): string {
  const unsigned = address >= 0 ? BigInt(address) : BigInt.asUintN(64, BigInt(Math.trunc(address)));
  return `0x${unsigned.toString(16)}`;
}

function dangling(sourcePath: string, what: string): ProfileError {
  return new ProfileError(
    sourcePath,
    'truncated-protobuf',
    `the pprof data is truncated or corrupt: ${what} (a dangling reference)`,
  );
}

/**
 * Reads an uncompressed pprof protobuf (`perftools.profiles.Profile`) into the model.
 *
 * - Value column: see {@link chooseColumn}; time columns are converted to ns.
 * - `count` of a record: the `samples`/`sample` count column when the file has one, else 1.
 * - Each location expands into one frame per `Line`, `line[0]` innermost and
 *   `inlined = true` for all but the last; address-only locations become `0x…` frames.
 * - Every string, function and location reference and every `value` length is validated.
 * @throws ProfileError `truncated-protobuf`, `not-a-profile`, `unsymbolized`, `no-samples`,
 *   `unknown-sample-type`.
 */
export function parsePprof(bytes: Uint8Array, sourcePath: string, options: ReadOptions = {}): Profile {
  const raw = frameProfile(bytes, sourcePath);
  const { strings } = raw;
  const str = (i: number, what: string): string => {
    const s = strings[i];
    if (s === undefined) throw dangling(sourcePath, `${what} refers to string ${i}, but the string table has ${strings.length} entries`);
    return s;
  };

  const sampleTypes: SampleType[] = [];
  for (let i = 0; i < raw.sampleTypes.length; i += 2) {
    const type = str(raw.sampleTypes[i], `sample type ${i / 2}`);
    const unit = str(raw.sampleTypes[i + 1], `sample type ${i / 2}`);
    sampleTypes.push({ type: type || 'value', unit });
  }
  const sampleCount = raw.sampleRanges.length / 2;
  if (sampleCount === 0) {
    throw new ProfileError(sourcePath, 'no-samples', 'the profile has no samples (nothing was recorded, e.g. an idle process or a profile stopped at once)');
  }
  if (sampleTypes.length === 0) {
    throw dangling(sourcePath, `the profile has ${sampleCount} samples but no sample types`);
  }
  const defaultType = raw.defaultSampleType ? str(raw.defaultSampleType, 'default_sample_type') : '';
  const column = chooseColumn(sampleTypes, defaultType, options.sampleType, sourcePath);
  const chosen = sampleTypes[column];
  const scale = nsPerUnit(chosen.unit) ?? 1;
  const sampleType: SampleType = nsPerUnit(chosen.unit) !== undefined ? { type: chosen.type, unit: 'nanoseconds' } : chosen;
  const countCol = countColumn(sampleTypes);

  const fnIndex = new Map<number, number>();
  const fnName: string[] = [];
  const fnFile: string[] = [];
  const fnStart: number[] = [];
  const fns = raw.functions;
  for (let k = 0; k < fns.length; k += 5) {
    const id = fns[k];
    const what = `function ${id}`;
    const file = str(fns[k + 3], what);
    fnIndex.set(id, fnName.length);
    fnName.push(functionName(str(fns[k + 1], what), str(fns[k + 2], what), file));
    fnFile.push(functionFile(file));
    fnStart.push(fns[k + 4]);
  }

  const locationCount = raw.locId.length;
  if (locationCount > 0 && raw.lineFunction.length === 0) {
    throw new ProfileError(
      sourcePath,
      'unsymbolized',
      `the profile is unsymbolized: its ${locationCount} locations have addresses only, no function names or lines; symbolize it first (e.g. \`go tool pprof -proto <binary> <profile> > symbolized.pb.gz\`)`,
    );
  }
  const locationIndex = indexLocations(raw.locId);

  // Every location expanded once into frame ids (inlined callees first): frameIds[frameStart[i] … frameStart[i+1]).
  const interner = new FrameInterner();
  const frameStart = new Int32Array(locationCount + 1);
  const frameIds = new Uint32Array(raw.lineFunction.length + locationCount);
  let addressOnly = 0;
  let used = 0;
  for (let i = 0; i < locationCount; i++) {
    frameStart[i] = used;
    const first = raw.locLineStart[i];
    const n = raw.locLineStart[i + 1] - first;
    if (n === 0) {
      addressOnly++;
      frameIds[used++] = interner.intern(hexAddress(raw.locAddress[i]), '', 0, false);
      continue;
    }
    for (let j = 0; j < n; j++) {
      const fnId = raw.lineFunction[first + j];
      const f = fnIndex.get(fnId);
      if (f === undefined) throw dangling(sourcePath, `location ${raw.locId[i]} refers to function ${fnId}, which the file does not define`);
      const name = fnName[f] || hexAddress(raw.locAddress[i]);
      frameIds[used++] = interner.intern(name, fnFile[f], lineNumber(raw.lineLine[first + j], fnStart[f]), j < n - 1);
    }
  }
  frameStart[locationCount] = used;

  const collector = new SampleCollector();
  const locationIds: number[] = [];
  const values: number[] = [];
  let stack = new Uint32Array(256);
  const ranges = raw.sampleRanges;
  for (let s = 0; s < sampleCount; s++) {
    if (!readSampleRecord(bytes, ranges[2 * s], ranges[2 * s + 1], locationIds, values)) {
      throw new ProfileError(sourcePath, 'truncated-protobuf', `the pprof data is corrupt or truncated: sample ${s} is malformed`);
    }
    if (values.length !== sampleTypes.length) {
      throw new ProfileError(
        sourcePath,
        'truncated-protobuf',
        `the pprof data is truncated or corrupt: sample ${s} has ${values.length} values but the profile declares ${sampleTypes.length} sample types`,
      );
    }
    let depth = 0;
    for (let k = 0; k < locationIds.length; k++) {
      const index = locationIndex(locationIds[k]);
      if (index < 0) throw dangling(sourcePath, `sample ${s} refers to location ${locationIds[k]}, which the file does not define`);
      const from = frameStart[index];
      const to = frameStart[index + 1];
      if (depth + (to - from) > stack.length) {
        const grown = new Uint32Array(2 * (depth + (to - from)));
        grown.set(stack);
        stack = grown;
      }
      for (let j = from; j < to; j++) stack[depth++] = frameIds[j];
    }
    collector.add(stack, depth, values[column] * scale, countCol >= 0 ? values[countCol] : 1);
  }

  const warnings: string[] = [];
  if (addressOnly > 0) warnings.push(`${addressOnly} locations have addresses only (no function or line); they are shown as 0x… frames`);
  return collector.finish({
    sourcePath,
    format: 'pprof',
    sampleType,
    sampleTypes,
    durationNs: raw.durationNanos > 0 ? raw.durationNanos : undefined,
    frames: interner.frames,
    warnings,
  });
}
