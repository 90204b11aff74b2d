/**
 * Merges the pprof profiles Pyroscope returned for consecutive pieces of one time range into one
 * profile, as one query over the whole range would have returned it: strings, mappings, functions
 * and locations deduplicated by content (each piece numbers its own), samples with the same stack
 * and labels summed, value columns kept (every piece must have the same ones), `time_nanos` the
 * earliest and `duration_nanos` up to the latest end. pprof-format reads and writes the messages.
 */
import { Function as PFunction, Label, Line, Location, Mapping, Profile, Sample, StringTable, ValueType } from 'pprof-format';
import { mergeIdenticalSamples } from '../../record/mergeSamples';

const num = (v: number | bigint): number => Number(v);

/** Thrown when the pieces cannot be one profile (their value columns differ). */
export class PprofMergeError extends Error {
  override readonly name = 'PprofMergeError';
}

/** Accumulates pieces with {@link PprofMerger.add}; {@link PprofMerger.finish} returns the merged profile. */
export class PprofMerger {
  private readonly strings = new StringTable();
  private readonly out = new Profile({ stringTable: this.strings });
  private readonly mappings = new Map<string, number>();
  private readonly functions = new Map<string, number>();
  private readonly locations = new Map<string, number>();
  private columns: string | undefined;
  private start = Infinity;
  private end = -Infinity;

  /** Adds one piece. @throws PprofMergeError when its value columns are not those of the first piece */
  add(piece: Profile): void {
    const s = (index: number | bigint): number => this.strings.dedup(piece.stringTable.strings[num(index)] ?? '');
    const columns = piece.sampleType.map((t) => `${piece.stringTable.strings[num(t.type)]}/${piece.stringTable.strings[num(t.unit)]}`).join(',');
    if (this.columns === undefined) {
      this.columns = columns;
      this.out.sampleType = piece.sampleType.map((t) => new ValueType({ type: s(t.type), unit: s(t.unit) }));
      if (piece.periodType) this.out.periodType = new ValueType({ type: s(piece.periodType.type), unit: s(piece.periodType.unit) });
      this.out.period = piece.period;
      if (num(piece.defaultSampleType)) this.out.defaultSampleType = s(piece.defaultSampleType);
    } else if (columns !== this.columns) {
      throw new PprofMergeError(`the pieces have different value columns (${this.columns} and ${columns})`);
    }
    const timeNs = num(piece.timeNanos);
    if (timeNs > 0) {
      this.start = Math.min(this.start, timeNs);
      this.end = Math.max(this.end, timeNs + num(piece.durationNanos));
    }

    const mappingId = new Map<number, number>();
    for (const m of piece.mapping) {
      const fields = { memoryStart: m.memoryStart, memoryLimit: m.memoryLimit, fileOffset: m.fileOffset, filename: s(m.filename), buildId: s(m.buildId), hasFunctions: m.hasFunctions, hasFilenames: m.hasFilenames, hasLineNumbers: m.hasLineNumbers, hasInlineFrames: m.hasInlineFrames };
      mappingId.set(num(m.id), this.idOf(this.mappings, JSON.stringify(fields, bigints), () => this.out.mapping.push(new Mapping({ id: this.out.mapping.length + 1, ...fields })) && this.out.mapping.length));
    }
    const functionId = new Map<number, number>();
    for (const f of piece.function) {
      const fields = { name: s(f.name), systemName: s(f.systemName), filename: s(f.filename), startLine: num(f.startLine) };
      functionId.set(num(f.id), this.idOf(this.functions, `${fields.name},${fields.systemName},${fields.filename},${fields.startLine}`, () => this.out.function.push(new PFunction({ id: this.out.function.length + 1, ...fields })) && this.out.function.length));
    }
    const locationId = new Map<number, number>();
    for (const l of piece.location) {
      const lines = l.line.map((x) => ({ functionId: functionId.get(num(x.functionId)) ?? 0, line: num(x.line), column: num(x.column) }));
      const mapping = mappingId.get(num(l.mappingId)) ?? 0;
      const key = `${mapping},${String(l.address)},${l.isFolded ? 1 : 0},${lines.map((x) => `${x.functionId}:${x.line}:${x.column}`).join(';')}`;
      locationId.set(num(l.id), this.idOf(this.locations, key, () => this.out.location.push(new Location({ id: this.out.location.length + 1, mappingId: mapping, address: l.address, isFolded: l.isFolded, line: lines.map((x) => new Line(x)) })) && this.out.location.length));
    }
    for (const sample of piece.sample) {
      this.out.sample.push(
        new Sample({
          locationId: sample.locationId.map((id) => locationId.get(num(id)) ?? 0),
          value: [...sample.value],
          label: sample.label.map((x) => new Label({ key: s(x.key), str: num(x.str) ? s(x.str) : 0, num: x.num, numUnit: num(x.numUnit) ? s(x.numUnit) : 0 })),
        }),
      );
    }
  }

  /** The merged profile (samples with equal stacks and labels summed). */
  finish(): Profile {
    mergeIdenticalSamples(this.out);
    if (Number.isFinite(this.start)) {
      this.out.timeNanos = BigInt(this.start);
      this.out.durationNanos = BigInt(Math.max(0, this.end - this.start));
    }
    return this.out;
  }

  private idOf(ids: Map<string, number>, key: string, add: () => number): number {
    let id = ids.get(key);
    if (id === undefined) ids.set(key, (id = add()));
    return id;
  }
}

function bigints(_key: string, value: unknown): unknown {
  return typeof value === 'bigint' ? value.toString() : value;
}
