import { ProfileError } from './errors';
import { fileUrlToPath } from './fileUrl';
import { FrameInterner } from './frameInterner';
import { MAX_TREE_STACK_DEPTH } from './limits';
import type { SampleType } from './model';
import { SampleCollector } from './sampleCollector';

/** One node of a V8 call tree, whatever file shape it came from. */
export interface V8Node {
  readonly id: number;
  /** Parent node id, or undefined for the root. */
  readonly parent: number | undefined;
  readonly functionName: string;
  readonly url: string;
  /** 0-based line of the function's start (`callFrame.lineNumber`); -1 when unknown. */
  readonly lineNumber: number;
  /** 0-based column of the function's start (`callFrame.columnNumber`); -1 when unknown. */
  readonly columnNumber?: number;
  /** Per-line self ticks of this node, 1-based lines. */
  readonly positionTicks?: readonly { readonly line: number; readonly ticks: number }[];
}

/** One sampled thread: its tree and its samples in time order. */
export interface V8Samples {
  readonly nodes: readonly V8Node[];
  /** Leaf node id per sample. */
  readonly samples: readonly number[];
  /** Timestamp of each sample in µs (monotonic; negative deltas already clamped). */
  readonly timestampsUs: readonly number[];
  /** End of the recording in µs; the last sample lasts until then. */
  readonly endTimeUs: number;
  /** Per-sample 1-based line of the leaf (Chrome traces), 0 = unknown. */
  readonly lines?: readonly number[];
  /** Per-sample label set index (recorded `.cpuprofile`, see `v8Labels.ts`); undefined = none. */
  readonly labels?: readonly (number | undefined)[];
}

/**
 * The value columns V8-based profiles offer: time (µs → ns) and ticks. The time is wall time of
 * the sampled thread, not CPU time (`valueMeasure.ts` gives the sources), hence `wall`, the name
 * @datadog/pprof gives the same profiler's time column.
 */
export const V8_SAMPLE_TYPES: readonly SampleType[] = [
  { type: 'wall', unit: 'nanoseconds' },
  { type: 'samples', unit: 'count' },
];

const LINE_SPAN = 2 ** 21;

/**
 * Adds the samples of one V8 thread to `collector`, interning frames in `interner`.
 *
 * Weight of sample i (ns) = (timestamp[i+1] − timestamp[i]) × 1000, the last sample lasting
 * until `endTimeUs`: the interval a sample stands for is the one that *follows* it, as in
 * Chrome DevTools' timeline; it is also how the fixture recorder computed "main-thread busy
 * time" (the sum over non-`(idle)` samples reproduces `window_main_thread_busy_seconds` in
 * `fixtures/node-adserver/profiles/*.cpuprofile.json` to the µs). With `byCount`, weight =
 * 1 per sample instead. `(idle)` samples go to `addIdle`; `(root)` is not a frame;
 * `(program)` and `(garbage collector)` are frames with file `''`.
 *
 * Frames: callers get their function's start line and column (`callFrame.lineNumber + 1`,
 * `columnNumber + 1`); the leaf gets the per-sample line when known (no column), else its
 * node's self time is split over `positionTicks` lines in proportion to the ticks (counts by
 * largest remainder); a leaf without either keeps its function's start. Samples with a label set
 * (`thread.labels`) are aggregated per (node, label set) and keep their set; their leaf line comes
 * from `positionTicks` only. A stack keeps at most {@link MAX_TREE_STACK_DEPTH} frames, the innermost.
 * @throws ProfileError `bad-reference` when a sample or parent names a missing node.
 */
export function addV8Samples(
  thread: V8Samples,
  interner: FrameInterner,
  collector: SampleCollector,
  byCount: boolean,
  sourcePath: string,
): void {
  const { nodes, samples, timestampsUs, endTimeUs, lines, labels } = thread;
  const indexById = new Map<number, number>();
  nodes.forEach((n, i) => indexById.set(n.id, i));
  const parentIndex = new Int32Array(nodes.length);
  for (let i = 0; i < nodes.length; i++) {
    const p = nodes[i].parent;
    const pi = p === undefined ? -1 : indexById.get(p);
    if (pi === undefined) throw new ProfileError(sourcePath, 'bad-reference', `node ${nodes[i].id} names parent ${p}, which is not in the profile`);
    parentIndex[i] = pi;
  }

  // Aggregate per (node, line): weight and tick count.
  const nodeWeight = new Float64Array(nodes.length);
  const nodeCount = new Float64Array(nodes.length);
  const lineAgg = new Map<number, [number, number]>();
  // Labelled samples (recorded profiles, which have no per-sample lines) per (node, label set).
  const labelAgg = new Map<number, [number, number]>();
  const labelSpan = nodes.length;
  for (let i = 0; i < samples.length; i++) {
    const index = indexById.get(samples[i]);
    if (index === undefined) throw new ProfileError(sourcePath, 'bad-reference', `sample ${i} names node ${samples[i]}, which is not in the profile`);
    const next = i + 1 < samples.length ? timestampsUs[i + 1] : endTimeUs;
    const w = byCount ? 1 : Math.max(0, next - timestampsUs[i]) * 1000;
    const line = lines?.[i] ?? 0;
    const label = labels?.[i];
    if (label !== undefined) addTo(labelAgg, label * labelSpan + index, w);
    else if (line > 0 && line < LINE_SPAN) addTo(lineAgg, index * LINE_SPAN + line, w);
    else {
      nodeWeight[index] += w;
      nodeCount[index] += 1;
    }
  }

  const callerFrame = new Int32Array(nodes.length).fill(-1);
  const kind = nodes.map((n) => (n.functionName === '(root)' && n.parent === undefined ? 'root' : n.functionName === '(idle)' ? 'idle' : 'frame'));
  const frameOf = (i: number, line?: number): number => {
    const n = nodes[i];
    const own = n.lineNumber >= 0 ? n.lineNumber + 1 : 0;
    if (line === undefined && callerFrame[i] >= 0) return callerFrame[i];
    const column = line === undefined && own > 0 && (n.columnNumber ?? -1) >= 0 ? n.columnNumber! + 1 : 0;
    const id = interner.intern(n.functionName || '(anonymous)', fileUrlToPath(n.url), line ?? own, false, column);
    if (line === undefined) callerFrame[i] = id;
    return id;
  };
  const stack: number[] = [];
  const emit = (index: number, leafLine: number | undefined, weight: number, count: number, label?: number): void => {
    if (kind[index] === 'idle') {
      collector.addIdle(weight);
      return;
    }
    stack.length = 0;
    let depth = 0;
    let i = index;
    for (; i >= 0 && depth <= nodes.length && stack.length < MAX_TREE_STACK_DEPTH; i = parentIndex[i], depth++) {
      if (kind[i] === 'root') continue;
      stack.push(i === index ? frameOf(i, leafLine) : frameOf(i));
    }
    const cut = i >= 0 && depth <= nodes.length && kind[i] !== 'root';
    collector.add(stack, stack.length, weight, count, label, cut);
  };

  const emitNode = (index: number, weight: number, count: number, label?: number): void => {
    const ticks = nodes[index].positionTicks?.filter((t) => t.line > 0 && t.ticks > 0) ?? [];
    if (ticks.length === 0 || kind[index] !== 'frame') {
      emit(index, undefined, weight, count, label);
      return;
    }
    const totalTicks = ticks.reduce((a, t) => a + t.ticks, 0);
    const counts = apportion(count, ticks.map((t) => t.ticks / totalTicks));
    ticks.forEach((t, k) => emit(index, t.line, byCount ? counts[k] : (weight * t.ticks) / totalTicks, counts[k], label));
  };
  for (let index = 0; index < nodes.length; index++) {
    if (nodeCount[index] > 0) emitNode(index, nodeWeight[index], nodeCount[index]);
  }
  for (const [key, [weight, count]] of labelAgg) emitNode(key % labelSpan, weight, count, Math.floor(key / labelSpan));
  for (const [key, [weight, count]] of lineAgg) {
    const index = Math.floor(key / LINE_SPAN);
    emit(index, key - index * LINE_SPAN, weight, count);
  }
}

/** Adds one sample of weight `w` to the `[weight, count]` aggregate under `key`. */
function addTo(aggregates: Map<number, [number, number]>, key: number, w: number): void {
  const agg = aggregates.get(key);
  if (agg) {
    agg[0] += w;
    agg[1] += 1;
  } else {
    aggregates.set(key, [w, 1]);
  }
}

/** Splits the integer `total` by `shares` (summing to 1) with the largest-remainder method. */
function apportion(total: number, shares: readonly number[]): number[] {
  const exact = shares.map((s) => s * total);
  const out = exact.map(Math.floor);
  let left = total - out.reduce((a, b) => a + b, 0);
  const order = exact.map((e, i) => [e - Math.floor(e), i] as const).sort((a, b) => b[0] - a[0]);
  for (let k = 0; left > 0 && k < order.length; k++, left--) out[order[k][1]]++;
  return out;
}
