/**
 * The reference pprof reader of the differential test: pprof-format decodes the protobuf (every
 * message into objects), then the model is built the straightforward way, one object per frame
 * and sample. It is the reader the product used before its own decoder (`src/core/profile/
 * pprofWire.ts`), kept here so that every fixture is read both ways and compared.
 */
import { Profile as PprofProfile } from 'pprof-format';
import { ProfileError } from '../../../src/core/profile/errors';
import { FrameInterner } from '../../../src/core/profile/frameInterner';
import type { LabelSet, Profile, Sample, SampleType } from '../../../src/core/profile/model';
import { chooseColumn, countColumn, nsPerUnit } from '../../../src/core/profile/pprofColumns';
import { functionIds } from '../../../src/core/profile/pprofFunctionIds';
import { functionFile, functionName, lineNumber } from '../../../src/core/profile/pprofFrames';
import { estimatedTicks, estimateTick, tickWarning } from '../../../src/core/profile/pprofTicks';
import { SampleValueChecks } from '../../../src/core/profile/sampleValues';

function int64(value: number | bigint): number {
  return typeof value === 'bigint' ? Number(BigInt.asIntN(64, value)) : value;
}

function hexAddress(address: number | bigint): string {
  return `0x${BigInt.asUintN(64, BigInt(address)).toString(16)}`;
}

function corrupt(sourcePath: string, what: string): ProfileError {
  return new ProfileError(sourcePath, 'truncated-protobuf', `the pprof data is truncated or corrupt: ${what}`);
}

/** Reads an uncompressed, well-framed pprof message with pprof-format; same rules as the product's reader. */
export function referenceParsePprof(bytes: Uint8Array, sourcePath: string, options: { sampleType?: string } = {}): Profile {
  const p = PprofProfile.decode(bytes);
  const strings = p.stringTable.strings;
  const str = (index: number | bigint, what: string): string => {
    const s = strings[int64(index)];
    if (s === undefined) throw corrupt(sourcePath, `${what} refers to string ${index}, but the string table has ${strings.length} entries (a dangling reference)`);
    return s;
  };
  const sampleTypes: SampleType[] = p.sampleType.map((t, i) => ({ type: str(t.type, `sample type ${i}`) || 'value', unit: str(t.unit, `sample type ${i}`) }));
  if (p.sample.length === 0) throw new ProfileError(sourcePath, 'no-samples', 'the profile has no samples');
  const defaultType = p.defaultSampleType ? str(p.defaultSampleType, 'default_sample_type') : '';
  const column = chooseColumn(sampleTypes, defaultType, options.sampleType, sourcePath);
  const chosen = sampleTypes[column]!;
  const nsScale = nsPerUnit(chosen.unit);
  const sampleType: SampleType = nsScale !== undefined ? { type: chosen.type, unit: 'nanoseconds' } : chosen;
  const countCol = countColumn(sampleTypes);

  const functions = new Map<number, { name: string; file: string; startLine: number }>();
  const ids = functionIds(p.function.map((f) => int64(f.id)));
  for (const [i, f] of p.function.entries()) {
    const what = `function ${ids.ids[i]}`;
    const file = str(f.filename, what);
    functions.set(ids.ids[i]!, { name: functionName(str(f.name, what), str(f.systemName, what), file), file: functionFile(file), startLine: int64(f.startLine) });
  }
  const periodUnitNs = p.periodType ? nsPerUnit(str(p.periodType.unit, 'period_type')) : undefined;
  const hasGoFiles = p.function.some((f) => str(f.filename, 'a function').endsWith('.go'));
  const tick = estimateTick({ countColumn: countCol, valueType: chosen.type, nsScale, periodNs: periodUnitNs === undefined ? undefined : int64(p.period) * periodUnitNs, hasGoFiles });
  const interner = new FrameInterner();
  const framesOfLocation = new Map<number, number[]>();
  let addressOnly = 0;
  for (const loc of p.location) {
    const n = loc.line.length;
    if (n === 0) {
      addressOnly++;
      framesOfLocation.set(int64(loc.id), [interner.intern(hexAddress(loc.address), '', 0, false)]);
      continue;
    }
    framesOfLocation.set(
      int64(loc.id),
      loc.line.map((line, j) => {
        const fn = functions.get(int64(line.functionId));
        if (!fn) throw corrupt(sourcePath, `location ${loc.id} refers to function ${line.functionId}`);
        return interner.intern(fn.name || hexAddress(loc.address), fn.file, lineNumber(int64(line.line), fn.startLine), j < n - 1);
      }),
    );
  }

  const labelSets: LabelSet[] = [];
  const labelIds = new Map<string, number>();
  const samples: Sample[] = [];
  let totalWeight = 0;
  let totalCount = 0;
  const checks = new SampleValueChecks();
  p.sample.forEach((sample, s) => {
    if (sample.value.length !== sampleTypes.length) throw corrupt(sourcePath, `sample ${s} has ${sample.value.length} values`);
    const stack: number[] = [];
    for (const id of sample.locationId) {
      const frames = framesOfLocation.get(int64(id));
      if (!frames) throw corrupt(sourcePath, `sample ${s} refers to location ${id}`);
      stack.push(...frames);
    }
    const pairs = sample.label.filter((l) => int64(l.str) !== 0).map((l) => [str(l.key, 'a sample label'), str(l.str, 'a sample label')] as [string, string]);
    let labels: number | undefined;
    if (pairs.length > 0) {
      const sorted = [...pairs].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
      const key = sorted.map(([k, v]) => `${k}\u0000${v}`).join('\u0001');
      labels = labelIds.get(key);
      if (labels === undefined) {
        labelIds.set(key, (labels = labelSets.length));
        labelSets.push(Object.freeze(Object.fromEntries(sorted)));
      }
    }
    const weight = int64(sample.value[column]!) * (nsScale ?? 1);
    if (!(weight > 0) || !Number.isFinite(weight)) {
      checks.dropped(weight);
      return;
    }
    const count = countCol >= 0 ? int64(sample.value[countCol]!) : tick ? estimatedTicks(weight, tick) : 1;
    checks.kept(int64(sample.value[column]!), count);
    totalCount += count;
    samples.push(labels === undefined ? { stack: Uint32Array.from(stack), weight, count } : { stack: Uint32Array.from(stack), weight, count, labels });
    totalWeight += weight;
  });
  const warnings: string[] = [];
  if (ids.byPosition) warnings.push(`every function id in the file is 0 (as Pyroscope's .NET profiler writes): functions are numbered by their position, which is how the locations refer to them`);
  if (tick) warnings.push(tickWarning(tick));
  if (addressOnly > 0) warnings.push(`${addressOnly} locations have addresses only (no function or line); they are shown as 0x… frames`);
  warnings.push(...checks.warnings(sampleType.type, totalWeight / (nsScale ?? 1), totalCount));
  const durationNs = int64(p.durationNanos);
  return {
    sourcePath,
    format: 'pprof',
    sampleType,
    sampleTypes,
    durationNs: durationNs > 0 ? durationNs : undefined,
    frames: interner.frames,
    samples,
    totalWeight,
    idleWeight: 0,
    ...(labelSets.length > 0 ? { labelSets } : {}),
    warnings,
  };
}
