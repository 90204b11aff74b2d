/**
 * From the raw pprof tables of {@link PprofWireDecoder} to the profile model, in columns:
 * references checked, the value column chosen, locations expanded into interned frames,
 * samples of weight 0 dropped. The rules are those of the pprof-format reader it replaces
 * (kept as the reference of the differential test): see {@link buildPprofProfile}.
 */
import { ProfileError } from './errors';
import { FrameTableBuilder } from './columns/frameTable';
import { GrowableU32 } from './columns/growable';
import { IdIndex } from './columns/idIndex';
import { columnarProfile } from './columns/profileTables';
import type { SampleTable } from './columns/sampleTable';
import { LabelSetInterner } from './labelSets';
import type { Profile, ReadOptions, SampleType } from './model';
import { chooseColumn, countColumn, nsPerUnit } from './pprofColumns';
import { functionIds } from './pprofFunctionIds';
import { functionFile, functionName, lineNumber } from './pprofFrames';
import { keptSamples } from './pprofSamples';
import { estimateTick, tickWarning } from './pprofTicks';
import type { RawPprof } from './pprofWire';
import { plural } from '../plural';

function corrupt(sourcePath: string, what: string): ProfileError {
  return new ProfileError(sourcePath, 'truncated-protobuf', `the pprof data is truncated or corrupt: ${what}`);
}

/** A location address as `0x…` (uint64). */
function hexAddress(raw: RawPprof, def: number): string {
  const big = raw.locations.bigAddress.get(def);
  return `0x${(big ?? BigInt.asUintN(64, BigInt(raw.locations.address[def]!))).toString(16)}`;
}

/**
 * Functions by id (the last definition of an id wins): canonical name and file ids, start line;
 * when every id is 0 (Pyroscope .NET), by 1-based position. Whether any function is in a `.go` file.
 */
function resolveFunctions(raw: RawPprof, str: (i: number, what: string) => string, frames: FrameTableBuilder) {
  const f = raw.functions;
  const ids = functionIds(Array.from(f.id));
  const index = new IdIndex(f.length);
  const nameId = new GrowableU32(f.length);
  const fileId = new GrowableU32(f.length);
  const empty = new Uint8Array(f.length);
  const startLine = new Float64Array(f.length);
  let hasGoFiles = false;
  // A file is shared by many functions: its canonical id (and whether it is Go) is found once per string-table entry.
  const fileIdOfString = new Int32Array(raw.strings.length).fill(-1);
  const strings = raw.strings;
  // The message naming the function is only made for a dangling reference (`str` throws it).
  const text = (index: number, d: number): string => strings[index] ?? str(index, `function ${ids.ids[d]}`);
  for (let d = 0; d < f.length; d++) {
    const file = text(f.filename[d]!, d);
    const name = functionName(text(f.name[d]!, d), text(f.systemName[d]!, d), file);
    const dense = index.getOrAdd(ids.ids[d]!);
    while (nameId.length <= dense) {
      nameId.push(0);
      fileId.push(0);
    }
    nameId.array[dense] = frames.stringId(name);
    const fileString = f.filename[d]!;
    let canonicalFile = fileIdOfString[fileString]!;
    if (canonicalFile < 0) {
      canonicalFile = fileIdOfString[fileString] = frames.stringId(functionFile(file));
      hasGoFiles ||= file.endsWith('.go');
    }
    fileId.array[dense] = canonicalFile;
    empty[dense] = name === '' ? 1 : 0;
    startLine[dense] = f.startLine[d]!;
  }
  return { index, nameId: nameId.array, fileId: fileId.array, empty, startLine, byPosition: ids.byPosition, hasGoFiles };
}

/**
 * Frames of every location definition, interned in file order: `frameStart[d] … frameStart[d+1]-1`
 * index `frames` (leaf first). Counts address-only locations.
 */
function locationFrames(raw: RawPprof, fns: ReturnType<typeof resolveFunctions>, frames: FrameTableBuilder, sourcePath: string) {
  const loc = raw.locations;
  const frameStart = new Uint32Array(loc.defCount + 1);
  const out = new GrowableU32(loc.lineFunction.length + 16);
  const noFile = frames.stringId('');
  let addressOnly = 0;
  let widest = 1;
  for (let d = 0; d < loc.defCount; d++) {
    frameStart[d] = out.length;
    const from = loc.lineStart[d]!;
    const n = loc.lineStart[d + 1]! - from;
    if (n === 0) {
      addressOnly++;
      out.push(frames.intern(frames.stringId(hexAddress(raw, d)), noFile, 0, 0, false));
      continue;
    }
    widest = Math.max(widest, n);
    for (let j = 0; j < n; j++) {
      const fnId = loc.lineFunction[from + j]!;
      const fn = fns.index.get(fnId);
      if (fn < 0) throw corrupt(sourcePath, `location ${loc.defId[d]} refers to function ${fnId}, which the file does not define (a dangling reference)`);
      const name = fns.empty[fn] ? frames.stringId(hexAddress(raw, d)) : fns.nameId[fn]!;
      out.push(frames.intern(name, fns.fileId[fn]!, lineNumber(loc.lineNumber[from + j]!, fns.startLine[fn]!), 0, j < n - 1));
    }
  }
  frameStart[loc.defCount] = out.length;
  return { frameStart, frames: out.finish(), addressOnly, widest };
}

/** Dense location index → its frames (`StackStore.expansion`); stacks stay as the decoder packed them. */
function expandLocations(loc: RawPprof['locations'], expanded: ReturnType<typeof locationFrames>): { start: Uint32Array; frames: Uint32Array } {
  const dense = loc.ids.length;
  const start = new Uint32Array(dense + 1);
  const frames = new GrowableU32(Math.max(dense, expanded.frames.length) + 16);
  for (let u = 0; u < dense; u++) {
    const def = loc.definition[u]!;
    start[u] = frames.length;
    if (def >= 0) for (let k = expanded.frameStart[def]!; k < expanded.frameStart[def + 1]!; k++) frames.push(expanded.frames[k]!);
  }
  start[dense] = frames.length;
  return { start, frames: frames.finish() };
}

/**
 * Builds the profile from decoded tables.
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

  const frames = new FrameTableBuilder(raw.locations.lineFunction.length + 16, raw.functions.length + 16);
  const fns = resolveFunctions(raw, str, frames);
  const loc = raw.locations;
  if (loc.defCount > 0 && loc.lineStart[loc.defCount] === 0) {
    throw new ProfileError(
      sourcePath,
      'unsymbolized',
      `the profile is unsymbolized: its ${loc.defCount} locations have addresses only, no function names or lines; symbolize it first (e.g. \`go tool pprof -proto <binary> <profile> > symbolized.pb.gz\`)`,
    );
  }
  const expanded = locationFrames(raw, fns, frames, sourcePath);
  const periodNsPerUnit = raw.periodType ? nsPerUnit(str(raw.periodType[1], 'period_type')) : undefined;
  const tick = estimateTick({ countColumn: countCol, valueType: chosen.type, nsScale: nsPerUnit(chosen.unit), periodNs: periodNsPerUnit === undefined ? undefined : raw.period * periodNsPerUnit, hasGoFiles: fns.hasGoFiles });

  const expansion = expandLocations(loc, expanded);
  const labelSets = new LabelSetInterner();
  const { kept, keep, weight, count, labels, totalWeight, zeroWeights, badWeights } = keptSamples(
    raw,
    { valueCount: sampleTypes.length, column, nsScale, countColumn: countCol, tick },
    str,
    labelSets,
    sourcePath,
  );
  const n = samples.length;

  const warnings: string[] = [];
  if (fns.byPosition) warnings.push(`every function id in the file is 0 (as Pyroscope's .NET profiler writes): functions are numbered by their position, which is how the locations refer to them`);
  if (tick) warnings.push(tickWarning(tick));
  if (expanded.addressOnly > 0) warnings.push(`${expanded.addressOnly} locations have addresses only (no function or line); they are shown as 0x… frames`);
  if (badWeights > 0) warnings.push(`${plural(badWeights, 'sample')} with a negative or invalid ${sampleType.type} value were ignored`);
  if (kept === 0) {
    const why = zeroWeights + badWeights > 0 ? `all ${zeroWeights + badWeights} samples have zero ${sampleType.type} (${sampleType.unit || 'value'})` : 'it contains no samples';
    throw new ProfileError(sourcePath, 'no-samples', `the profile has no samples: ${why}`);
  }
  const all = kept === n;
  const pick = <T extends Uint16Array | Uint32Array>(column: T): T => {
    if (all) return column;
    const out = new (column.constructor as { new (n: number): T })(kept);
    for (let i = 0; i < kept; i++) out[i] = column[keep[i]!]!;
    return out;
  };
  const table: SampleTable = {
    length: kept,
    weight: weight.subarray(0, kept),
    count: count.subarray(0, kept),
    ...(labels && labelSets.sets.length > 0 ? { labels: labels.subarray(0, kept) } : {}),
    store: { chunks: samples.chunks, varint: true, expansion: { ...expansion, widest: expanded.widest } },
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
    frames.finish(),
    table,
  );
}

