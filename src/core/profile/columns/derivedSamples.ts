/**
 * Builds a sample table derived from another one: rows copied from the source (their stacks
 * stay in the source's chunks, not copied), rows whose whole stack is new, and frames appended
 * at the root end of a row. What the stages that change stacks (repair of cut Go stacks,
 * grafted call sites) write instead of new sample objects; only the new frames take memory.
 */
import { GrowableF64, GrowableI32, GrowableU16, GrowableU32 } from './growable';
import type { SampleTable } from './sampleTable';

export class DerivedSampleTable {
  private readonly weight = new GrowableF64();
  private readonly count = new GrowableF64();
  private readonly labels: GrowableI32 | undefined;
  private readonly chunk = new GrowableU16();
  private readonly start = new GrowableU32();
  private readonly unitCount = new GrowableU32();
  private readonly suffixStart = new GrowableI32();
  private readonly suffixLength = new GrowableU32();
  private readonly suffixFrames = new GrowableU32();

  constructor(private readonly source: SampleTable) {
    this.labels = source.labels ? new GrowableI32() : undefined;
  }

  /** Adds source row `i` as it is, with `weight`/`count` (default: the row's own; same unit). */
  keep(i: number, weight = this.source.weight[i]!, count = this.source.count[i]!): void {
    const { source } = this;
    this.row(i, weight, count, source.chunk[i]!, source.start[i]!, source.unitCount[i]!);
    const suffixes = source.suffixes;
    if (suffixes && suffixes.start[i]! >= 0) {
      const from = suffixes.start[i]!;
      this.append(suffixes.frames.subarray(from, from + suffixes.length[i]!));
    }
  }

  /** Adds a row with source row `i`'s labels and a stack of `frames` (final frame ids, leaf first). */
  replace(i: number, frames: ArrayLike<number>, weight: number, count: number): void {
    this.row(i, weight, count, 0, 0, 0);
    this.append(frames);
  }

  /** Appends `frames` (final frame ids) at the root end of the row added last. */
  append(frames: ArrayLike<number>): void {
    const last = this.suffixStart.length - 1;
    if (frames.length === 0) return;
    if (this.suffixStart.array[last]! < 0) this.suffixStart.array[last] = this.suffixFrames.length;
    this.suffixLength.array[last] += frames.length;
    for (let k = 0; k < frames.length; k++) this.suffixFrames.push(frames[k]!);
  }

  /** The table: the source's store and frame map, suffixes only when some row has one. */
  finish(): SampleTable {
    const { source } = this;
    const anySuffix = this.suffixFrames.length > 0;
    const labels = this.labels?.finish();
    return {
      length: this.weight.length,
      weight: this.weight.finish(),
      count: this.count.finish(),
      ...(labels ? { labels } : {}),
      store: source.store,
      chunk: this.chunk.finish(),
      start: this.start.finish(),
      unitCount: this.unitCount.finish(),
      ...(source.frameMap ? { frameMap: source.frameMap } : {}),
      ...(anySuffix ? { suffixes: { start: this.suffixStart.finish(), length: this.suffixLength.finish(), frames: this.suffixFrames.finish() } } : {}),
    };
  }

  private row(i: number, weight: number, count: number, chunk: number, start: number, units: number): void {
    this.weight.push(weight);
    this.count.push(count);
    this.labels?.push(this.source.labels![i]!);
    this.chunk.push(chunk);
    this.start.push(start);
    this.unitCount.push(units);
    this.suffixStart.push(-1);
    this.suffixLength.push(0);
  }
}
