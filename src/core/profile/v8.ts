import { ProfileError } from './errors';
import { wallGapWarning } from './v8Gaps';
import { FrameInterner } from './frameInterner';
import type { Profile, ReadOptions } from './model';
import { chooseColumn } from './pprofColumns';
import { SampleCollector } from './sampleCollector';
import { labelV8Samples, V8_LABELS_KEY } from './v8Labels';
import { addV8Samples, V8_SAMPLE_TYPES, type V8Node, type V8Samples } from './v8Tree';

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const numberOr = (v: unknown, fallback: number): number => (typeof v === 'number' && Number.isFinite(v) ? v : fallback);
const stringOr = (v: unknown): string => (typeof v === 'string' ? v : '');

/** True for the CDP `Profiler.Profile` shape (`nodes` + `samples`) or the legacy `head` shape. */
export function looksLikeCpuProfile(json: unknown): boolean {
  return isObject(json) && ((Array.isArray(json.nodes) && Array.isArray(json.samples)) || (isObject(json.head) && Array.isArray(json.samples)));
}

/** Reads a V8 node's fields from a CDP node (`callFrame`) or a legacy node (fields inline). */
export function toV8Node(raw: unknown, parent: number | undefined, sourcePath: string): V8Node {
  if (!isObject(raw) || typeof raw.id !== 'number') {
    throw new ProfileError(sourcePath, 'not-a-profile', 'a profile node has no numeric `id`; this is not a V8 CPU profile');
  }
  const frame = isObject(raw.callFrame) ? raw.callFrame : raw;
  const ticks = Array.isArray(raw.positionTicks)
    ? raw.positionTicks.filter(isObject).map((t) => ({ line: numberOr(t.line, 0), ticks: numberOr(t.ticks, 0) }))
    : undefined;
  return {
    id: raw.id,
    parent: typeof raw.parent === 'number' ? raw.parent : parent,
    functionName: stringOr(frame.functionName),
    url: stringOr(frame.url),
    lineNumber: numberOr(frame.lineNumber, -1),
    columnNumber: numberOr(frame.columnNumber, -1),
    positionTicks: ticks,
  };
}

/** Parent ids from `children` lists (CDP nodes reference children; trace chunks, parents). */
export function parentsFromChildren(rawNodes: readonly unknown[]): Map<number, number> {
  const parents = new Map<number, number>();
  for (const n of rawNodes) {
    if (!isObject(n) || typeof n.id !== 'number' || !Array.isArray(n.children)) continue;
    for (const c of n.children) if (typeof c === 'number') parents.set(c, n.id);
  }
  return parents;
}

/**
 * Monotonic sample timestamps (µs) from a start time and signed deltas. The deltas are summed
 * as they are, so each timestamp is the recorded one; a sample whose recorded time lies before
 * its predecessor's (negative deltas, seen in Chrome traces and V8 profiles) gets the
 * predecessor's time, i.e. weight 0, and the samples after it are not shifted. Clamping each
 * delta to 0 instead would push every later sample late by the sum of the negative deltas.
 */
export function timestampsFromDeltas(startUs: number, deltas: readonly unknown[]): number[] {
  const out = new Array<number>(deltas.length);
  let recorded = startUs;
  let previous = -Infinity;
  for (let i = 0; i < deltas.length; i++) {
    recorded += numberOr(deltas[i], 0);
    previous = Math.max(previous, recorded);
    out[i] = previous;
  }
  return out;
}

function numbers(v: unknown, what: string, sourcePath: string): number[] {
  if (!Array.isArray(v) || !v.every((x) => typeof x === 'number')) {
    throw new ProfileError(sourcePath, 'not-a-profile', `\`${what}\` is not an array of numbers; this is not a V8 CPU profile`);
  }
  return v as number[];
}

function fromCdp(json: Json, sourcePath: string): { thread: V8Samples; durationNs: number | undefined } {
  const rawNodes = json.nodes as unknown[];
  const parents = parentsFromChildren(rawNodes);
  const nodes = rawNodes.map((n) => toV8Node(n, isObject(n) && typeof n.id === 'number' ? parents.get(n.id) : undefined, sourcePath));
  const samples = numbers(json.samples, 'samples', sourcePath);
  const start = numberOr(json.startTime, 0);
  const end = numberOr(json.endTime, start);
  let timestamps: number[];
  if (json.timeDeltas === undefined) {
    const step = samples.length > 0 ? Math.max(0, end - start) / samples.length : 0;
    timestamps = samples.map((_, i) => start + i * step);
  } else {
    const deltas = numbers(json.timeDeltas, 'timeDeltas', sourcePath);
    if (deltas.length !== samples.length) {
      throw new ProfileError(sourcePath, 'bad-reference', `the profile has ${samples.length} samples but ${deltas.length} timeDeltas`);
    }
    timestamps = timestampsFromDeltas(start, deltas);
  }
  const last = timestamps.length > 0 ? timestamps[timestamps.length - 1] : start;
  return {
    thread: { nodes, samples, timestampsUs: timestamps, endTimeUs: Math.max(end, last) },
    durationNs: end > start ? (end - start) * 1000 : undefined,
  };
}

/** Legacy `{head: nested tree, startTime, endTime (s), samples, timestamps (µs)}` (Node ≤ 10 tooling). */
function fromLegacyHead(json: Json, sourcePath: string): { thread: V8Samples; durationNs: number | undefined } {
  const nodes: V8Node[] = [];
  const pending: { raw: unknown; parent: number | undefined }[] = [{ raw: json.head, parent: undefined }];
  while (pending.length > 0) {
    const { raw, parent } = pending.pop()!;
    const node = toV8Node(raw, parent, sourcePath);
    nodes.push(node);
    const children = (raw as Json).children;
    if (Array.isArray(children)) for (const c of children) pending.push({ raw: c, parent: node.id });
  }
  const samples = numbers(json.samples, 'samples', sourcePath);
  const startS = numberOr(json.startTime, 0);
  const endS = numberOr(json.endTime, startS);
  let timestamps: number[];
  let startUs = startS * 1e6;
  if (Array.isArray(json.timestamps)) {
    timestamps = numbers(json.timestamps, 'timestamps', sourcePath);
    // Node 10 tooling writes one more timestamp than samples: the first is the start.
    if (timestamps.length === samples.length + 1) {
      startUs = timestamps[0];
      timestamps = timestamps.slice(1);
    }
    if (timestamps.length !== samples.length) {
      throw new ProfileError(sourcePath, 'bad-reference', `the profile has ${samples.length} samples but ${timestamps.length} timestamps`);
    }
    let prev = -Infinity;
    timestamps = timestamps.map((t) => (prev = Math.max(prev, t)));
  } else {
    const step = samples.length > 0 ? (Math.max(0, endS - startS) * 1e6) / samples.length : 0;
    timestamps = samples.map((_, i) => startUs + i * step);
  }
  const last = timestamps.length > 0 ? timestamps[timestamps.length - 1] : startUs;
  const endUs = Math.max(endS * 1e6, last);
  return {
    thread: { nodes, samples, timestampsUs: timestamps, endTimeUs: endUs },
    durationNs: endUs > startUs ? (endUs - startUs) * 1000 : undefined,
  };
}

/**
 * Reads a parsed V8 `.cpuprofile` (CDP `Profiler.Profile`: Node `--cpu-prof`, DevTools,
 * js-debug) or the legacy `head` format into the model. Columns: `wall/nanoseconds`
 * (wall time of the sampled thread, see {@link addV8Samples} for the per-sample weight) and `samples/count` (ticks).
 * Labelled intervals written by `record --format cpuprofile` become sample labels (`v8Labels.ts`).
 * `(idle)` time is in {@link Profile.idleWeight}; `durationNs` = (endTime − startTime).
 * @throws ProfileError `not-a-profile`, `bad-reference`, `no-samples`, `unknown-sample-type`.
 */
export function parseV8CpuProfile(json: unknown, sourcePath: string, options: ReadOptions = {}): Profile {
  if (!looksLikeCpuProfile(json)) {
    throw new ProfileError(sourcePath, 'not-a-profile', 'this JSON is not a V8 CPU profile (no `nodes` and `samples`)');
  }
  const obj = json as Json;
  const column = chooseColumn(V8_SAMPLE_TYPES, 'wall', options.sampleType, sourcePath);
  const { thread, durationNs } = Array.isArray(obj.nodes) ? fromCdp(obj, sourcePath) : fromLegacyHead(obj, sourcePath);
  const labelled = labelV8Samples(obj[V8_LABELS_KEY], thread.timestampsUs, sourcePath);
  const interner = new FrameInterner();
  const collector = new SampleCollector();
  addV8Samples(labelled ? { ...thread, labels: labelled.labels } : thread, interner, collector, column === 1, sourcePath);
  const gapWarning = column === 0 ? wallGapWarning(thread) : undefined;
  return collector.finish({
    ...(gapWarning ? { warnings: [gapWarning] } : {}),
    sourcePath,
    format: 'v8-cpuprofile',
    sampleType: V8_SAMPLE_TYPES[column],
    sampleTypes: V8_SAMPLE_TYPES,
    durationNs,
    frames: interner.frames,
    labelSets: labelled?.labelSets,
  });
}
