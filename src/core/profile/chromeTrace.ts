import { ProfileError } from './errors';
import { FrameInterner } from './frameInterner';
import type { Profile, ReadOptions } from './model';
import { chooseColumn } from './pprofColumns';
import { SampleCollector } from './sampleCollector';
import { looksLikeCpuProfile, parentsFromChildren, parseV8CpuProfile, timestampsFromDeltas, toV8Node } from './v8';
import { addV8Samples, V8_SAMPLE_TYPES, type V8Node } from './v8Tree';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The trace's event list: `{traceEvents: […]}` or a bare array, else undefined. */
function traceEvents(json: unknown): unknown[] | undefined {
  if (Array.isArray(json)) return json;
  if (isObject(json) && Array.isArray(json.traceEvents)) return json.traceEvents;
  return undefined;
}

const PROFILE_EVENTS = new Set(['Profile', 'ProfileChunk', 'CpuProfile']);

/** True when the JSON is a Chrome trace holding CPU profile events. */
export function looksLikeChromeTrace(json: unknown): boolean {
  const events = traceEvents(json);
  return events !== undefined && events.some((e) => isObject(e) && typeof e.name === 'string' && PROFILE_EVENTS.has(e.name));
}

/** True when the JSON is a trace (has `traceEvents`, or is an array of `ph` events) without CPU samples. */
export function looksLikeTraceWithoutProfile(json: unknown): boolean {
  const events = traceEvents(json);
  return events !== undefined && events.length > 0 && events.slice(0, 20).some((e) => isObject(e) && typeof e.ph === 'string');
}

interface Thread {
  startUs: number;
  endUs: number | undefined;
  rawNodes: unknown[];
  samples: number[];
  deltas: unknown[];
  lines: number[];
  hasLines: boolean;
}

/**
 * Reads a Chrome/DevTools Performance-panel trace (`{traceEvents, metadata}` or a bare event
 * array) that carries V8 CPU samples: a `Profile` event (start time) followed by
 * `ProfileChunk` events with the same `id` and `pid` (nodes referencing `parent`, samples,
 * `timeDeltas`, optional per-sample 1-based `lines`), or an older single `CpuProfile`
 * event. Chunks are concatenated per (pid, id); several profiled threads are merged into
 * one profile (with a warning). Weights as in {@link parseV8CpuProfile}.
 * @throws ProfileError `not-a-profile` (a trace without CPU samples: record with the
 *   "JavaScript samples"/CPU profiler category on), `bad-reference`, `no-samples`,
 *   `unknown-sample-type`.
 */
export function parseChromeTrace(json: unknown, sourcePath: string, options: ReadOptions = {}): Profile {
  const events = traceEvents(json) ?? [];
  const legacy = events.find((e): e is Json => isObject(e) && e.name === 'CpuProfile');
  const threads = new Map<string, Thread>();
  for (const e of events) {
    if (!isObject(e) || (e.name !== 'Profile' && e.name !== 'ProfileChunk')) continue;
    const key = `${String(e.pid)}\u0000${String(e.id)}`;
    const data = isObject(e.args) && isObject(e.args.data) ? e.args.data : {};
    let thread = threads.get(key);
    if (!thread) {
      thread = { startUs: NaN, endUs: undefined, rawNodes: [], samples: [], deltas: [], lines: [], hasLines: false };
      threads.set(key, thread);
    }
    if (typeof data.startTime === 'number') thread.startUs = data.startTime;
    if (typeof data.endTime === 'number') thread.endUs = data.endTime;
    const cpu = isObject(data.cpuProfile) ? data.cpuProfile : undefined;
    if (!cpu) continue;
    // One push per node: a spread passes every node as an argument, which overflows the stack past ~100,000.
    if (Array.isArray(cpu.nodes)) for (const node of cpu.nodes) thread.rawNodes.push(node);
    const samples = Array.isArray(cpu.samples) ? cpu.samples.filter((s): s is number => typeof s === 'number') : [];
    const deltas = Array.isArray(data.timeDeltas) ? data.timeDeltas : Array.isArray(cpu.timeDeltas) ? cpu.timeDeltas : [];
    const lines = Array.isArray(data.lines) ? data.lines : Array.isArray(cpu.lines) ? cpu.lines : undefined;
    for (let i = 0; i < samples.length; i++) {
      thread.samples.push(samples[i]);
      thread.deltas.push(deltas[i] ?? 0);
      const line = lines?.[i];
      thread.lines.push(typeof line === 'number' ? line : 0);
    }
    if (lines) thread.hasLines = true;
  }
  const sampled = [...threads.values()].filter((t) => t.samples.length > 0);
  if (sampled.length === 0 && legacy && isObject(legacy.args) && isObject(legacy.args.data) && looksLikeCpuProfile(legacy.args.data.cpuProfile)) {
    const profile = parseV8CpuProfile(legacy.args.data.cpuProfile, sourcePath, options);
    return { ...profile, format: 'chrome-trace' };
  }
  if (sampled.length === 0) {
    throw new ProfileError(
      sourcePath,
      'no-samples',
      'the trace has no CPU samples (record it with the "JavaScript samples" / v8.cpu_profiler category enabled)',
    );
  }

  const column = chooseColumn(V8_SAMPLE_TYPES, 'wall', options.sampleType, sourcePath);
  const interner = new FrameInterner();
  const collector = new SampleCollector();
  let durationUs = 0;
  for (const t of sampled) {
    const parents = parentsFromChildren(t.rawNodes);
    const seen = new Set<number>();
    const nodes: V8Node[] = [];
    for (const raw of t.rawNodes) {
      const node = toV8Node(raw, isObject(raw) && typeof raw.id === 'number' ? parents.get(raw.id) : undefined, sourcePath);
      if (!seen.has(node.id)) nodes.push(node);
      seen.add(node.id);
    }
    const start = Number.isFinite(t.startUs) ? t.startUs : 0;
    const timestampsUs = timestampsFromDeltas(start, t.deltas);
    const last = timestampsUs[timestampsUs.length - 1];
    const endTimeUs = t.endUs !== undefined && t.endUs >= last ? t.endUs : last;
    durationUs += endTimeUs - start;
    addV8Samples(
      { nodes, samples: t.samples, timestampsUs, endTimeUs, lines: t.hasLines ? t.lines : undefined },
      interner,
      collector,
      column === 1,
      sourcePath,
    );
  }
  const warnings = sampled.length > 1 ? [`the trace holds ${sampled.length} profiled threads; their samples are merged`] : [];
  return collector.finish({
    sourcePath,
    format: 'chrome-trace',
    sampleType: V8_SAMPLE_TYPES[column],
    sampleTypes: V8_SAMPLE_TYPES,
    durationNs: sampled.length === 1 && durationUs > 0 ? durationUs * 1000 : undefined,
    frames: interner.frames,
    warnings,
  });
}
