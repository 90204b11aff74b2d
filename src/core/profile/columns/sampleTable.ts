/**
 * Samples as columns. A stack is a run of *units* in a shared chunk of a {@link StackStore}
 * (pprof: location indices, expanded to their frames on reading; other readers: frame ids),
 * plus optional frames appended at the root end (stages that complete cut stacks or graft
 * recorded call sites) and an optional frame-id map (source maps). Stages derive new tables
 * that share the store, so a 50 MB profile's 13 million stack entries exist once.
 */
import type { Sample } from '../model';
import { readVarintUnits, varintDepth } from './varintUnits';

/** Where stacks live. Chunks are never copied once filled; a stack never spans two chunks. */
export interface StackStore {
  /**
   * A unit per element (`Uint32Array`), or with `varint` each unit an unsigned LEB128 varint in
   * `Uint8Array` chunks and a sample's `start` a byte offset. The pprof reader packs its dense
   * location indices this way: the first-seen locations (the shared upper frames) get the small
   * indices, so the 50 MB synthetic's 13.5 M units take 16.7 MB instead of 54 MB.
   */
  readonly chunks: readonly Uint32Array[] | readonly Uint8Array[];
  readonly varint?: boolean;
  /** Unit → frames (a pprof location, with its inlined calls). Absent: a unit is a frame id. */
  readonly expansion?: UnitExpansion;
}

/**
 * Unit → frames, leaf first. `unitFrame[u] ≥ 0`: unit u is that one frame (a location without
 * inlined calls: most of them); else its frames are `multiFrames[multiStart[k]] …
 * multiFrames[multiStart[k+1] − 1]` with k = −1 − unitFrame[u] (none for a location that no
 * definition gives). One number per single-frame unit: the 50 MB synthetic's 650,000 locations
 * take 2.6 MB here, where a start per unit and a frame per unit took 5.5 MB, and a stack walk
 * reads one array per such unit.
 */
export interface UnitExpansion {
  readonly unitFrame: Int32Array;
  readonly multiStart: Uint32Array;
  readonly multiFrames: Uint32Array;
  /** Most frames of one unit. */
  readonly widest: number;
}

/** Number of frames unit `u` of `expansion` stands for. */
export function unitFrameCount(expansion: UnitExpansion, u: number): number {
  const f = expansion.unitFrame[u]!;
  return f >= 0 ? 1 : expansion.multiStart[-f]! - expansion.multiStart[-1 - f]!;
}

/** Frames added at the root end of some samples' stacks (final frame ids, leaf-most first). */
export interface StackSuffixes {
  /** Per sample: start in `frames`, or −1 for none. */
  readonly start: Int32Array;
  /** Per sample: number of frames. */
  readonly length: Uint32Array;
  readonly frames: Uint32Array;
}

/** The samples of a profile; sample index = position. Weights and counts as in {@link Sample}. */
export interface SampleTable {
  readonly length: number;
  readonly weight: Float64Array;
  readonly count: Float64Array;
  /** Per sample: index into `Profile.labelSets`, −1 unlabelled; absent when no sample has labels. */
  readonly labels?: Int32Array;
  readonly store: StackStore;
  /** Per sample: chunk of `store`, first unit in it, number of units. */
  readonly chunk: Uint16Array;
  readonly start: Uint32Array;
  readonly unitCount: Uint32Array;
  /** Frame id → frame id, applied to the frames of the units (not to suffixes). */
  readonly frameMap?: Uint32Array;
  readonly suffixes?: StackSuffixes;
}

/** A reusable buffer for one stack at a time; `ids` grows as needed. */
export class StackBuffer {
  ids = new Uint32Array(256);

  /** Makes `ids` hold at least `n` frames (contents are not kept). */
  ensure(n: number): Uint32Array {
    if (n > this.ids.length) this.ids = new Uint32Array(Math.max(n, 2 * this.ids.length));
    return this.ids;
  }
}

/** Number of frames in sample `i`'s stack. */
export function stackDepth(table: SampleTable, i: number): number {
  const { expansion, varint } = table.store;
  let depth = table.unitCount[i]!;
  if (expansion) {
    const chunk = table.store.chunks[table.chunk[i]!]!;
    const from = table.start[i]!;
    if (varint) depth = varintDepth(chunk, from, depth, expansion);
    else {
      depth = 0;
      for (let k = from; k < from + table.unitCount[i]!; k++) depth += unitFrameCount(expansion, chunk[k]!);
    }
  }
  const s = table.suffixes;
  return s && s.start[i]! >= 0 ? depth + s.length[i]! : depth;
}

/**
 * The deepest stack of `table` (frames), 0 when it has no samples. With `enough`, the search
 * stops at the first stack deeper than that and returns its depth (a caller that only asks
 * whether the deepest stack is in some range needs no more).
 */
export function maxStackDepth(table: SampleTable, enough = Infinity): number {
  const { chunks, expansion, varint } = table.store;
  let max = 0;
  if (!varint || !expansion || table.suffixes) {
    for (let i = 0; i < table.length && max <= enough; i++) max = Math.max(max, stackDepth(table, i));
    return max;
  }
  // The pprof reader's layout: one call per sample, without stackDepth's property reads. A unit
  // expands to `widest` frames at most, so a sample of few units cannot beat the deepest so far
  // and is not read (on the 50 MB synthetic, about half of them).
  const { unitCount } = table;
  const widest = expansion.widest;
  for (let i = 0; i < table.length && max <= enough; i++) {
    const units = unitCount[i]!;
    if (units * widest > max) max = Math.max(max, varintDepth(chunks[table.chunk[i]!]!, table.start[i]!, units, expansion));
  }
  return max;
}

/**
 * Writes sample `i`'s stack (frame ids, leaf first) into `buffer.ids` and returns its depth.
 * The buffer is overwritten by the next call: copy what must be kept.
 */
export function readStack(table: SampleTable, i: number, buffer: StackBuffer): number {
  const chunk = table.store.chunks[table.chunk[i]!]!;
  const from = table.start[i]!;
  const n = table.unitCount[i]!;
  const { expansion } = table.store;
  const map = table.frameMap;
  const suffixes = table.suffixes;
  const extra = suffixes && suffixes.start[i]! >= 0 ? suffixes.length[i]! : 0;
  const ids = buffer.ensure(n * (expansion ? expansion.widest : 1) + extra);
  let depth = 0;
  if (table.store.varint) {
    depth = readVarintUnits(chunk, from, n, expansion, map, ids);
  } else if (!expansion) {
    if (map) for (let k = 0; k < n; k++) ids[k] = map[chunk[from + k]!]!;
    else for (let k = 0; k < n; k++) ids[k] = chunk[from + k]!;
    depth = n;
  } else {
    const { unitFrame, multiStart, multiFrames } = expansion;
    for (let k = 0; k < n; k++) {
      const only = unitFrame[chunk[from + k]!]!;
      if (only >= 0) {
        ids[depth++] = map ? map[only]! : only;
        continue;
      }
      const b = multiStart[-only]!;
      for (let f = multiStart[-1 - only]!; f < b; f++) ids[depth++] = map ? map[multiFrames[f]!]! : multiFrames[f]!;
    }
  }
  if (extra > 0) {
    const at = suffixes!.start[i]!;
    for (let k = 0; k < extra; k++) ids[depth++] = suffixes!.frames[at + k]!;
  }
  return depth;
}

/**
 * Calls `visit(stack, i)` for every sample in order, `stack` its frame ids leaf first: a view of
 * one reused buffer, valid only during the call (copy what must be kept). No per-sample object
 * outlives its call, so a pass over 13 M stack entries allocates one buffer.
 */
export function forEachStack(table: SampleTable, visit: (stack: Uint32Array, i: number) => void): void {
  const buffer = new StackBuffer();
  // One view per depth, made once: a new view per sample was 540,000 short-lived objects on the 50 MB synthetic.
  let views: Uint32Array[] = [];
  let viewsOf = buffer.ids;
  for (let i = 0; i < table.length; i++) {
    const depth = readStack(table, i, buffer);
    if (buffer.ids !== viewsOf) {
      views = [];
      viewsOf = buffer.ids;
    }
    visit((views[depth] ??= viewsOf.subarray(0, depth)), i);
  }
}

/** Every sample's stack (frame ids, leaf first) as views of one shared pool, for code that needs random access. */
export function stacksOf(table: SampleTable): Uint32Array[] {
  const buffer = new StackBuffer();
  let total = 0;
  for (let i = 0; i < table.length; i++) total += stackDepth(table, i);
  const pool = new Uint32Array(total);
  const out = new Array<Uint32Array>(table.length);
  let used = 0;
  for (let i = 0; i < table.length; i++) {
    const depth = readStack(table, i, buffer);
    pool.set(buffer.ids.subarray(0, depth), used);
    out[i] = pool.subarray(used, used + depth);
    used += depth;
  }
  return out;
}

/** Every sample of `table` as objects (stacks in one shared buffer), for code that wants arrays. */
export function samplesOf(table: SampleTable): Sample[] {
  return stacksOf(table).map((stack, i) => {
    const labels = table.labels?.[i] ?? -1;
    return labels >= 0 ? { stack, weight: table.weight[i]!, count: table.count[i]!, labels } : { stack, weight: table.weight[i]!, count: table.count[i]! };
  });
}

/** The table of existing sample objects: their stacks copied into one chunk of frame ids. */
export function sampleTableFromSamples(samples: readonly Sample[]): SampleTable {
  let total = 0;
  let labelled = false;
  for (const s of samples) {
    total += s.stack.length;
    if (s.labels !== undefined) labelled = true;
  }
  const units = new Uint32Array(total);
  const start = new Uint32Array(samples.length);
  const lengths = new Uint32Array(samples.length);
  const weight = new Float64Array(samples.length);
  const count = new Float64Array(samples.length);
  const labels = labelled ? new Int32Array(samples.length).fill(-1) : undefined;
  let used = 0;
  samples.forEach((s, i) => {
    units.set(s.stack, used);
    start[i] = used;
    lengths[i] = s.stack.length;
    used += s.stack.length;
    weight[i] = s.weight;
    count[i] = s.count;
    if (labels && s.labels !== undefined) labels[i] = s.labels;
  });
  return { length: samples.length, weight, count, ...(labels ? { labels } : {}), store: { chunks: [units] }, chunk: new Uint16Array(samples.length), start, unitCount: lengths };
}
