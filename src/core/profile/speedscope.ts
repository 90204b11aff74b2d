import { ProfileError } from './errors';
import { fileUrlToPath } from './fileUrl';
import { FrameInterner } from './frameInterner';
import { MAX_TREE_STACK_DEPTH } from './limits';
import type { Profile, ReadOptions, SampleType } from './model';
import { chooseColumn, nsPerUnit } from './pprofColumns';
import { SampleCollector } from './sampleCollector';
import { plural } from '../plural';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** True for speedscope's file format (`$schema` …/file-format-schema.json, or `shared.frames` + `profiles`). */
export function looksLikeSpeedscope(json: unknown): boolean {
  if (!isObject(json)) return false;
  if (typeof json.$schema === 'string' && json.$schema.includes('speedscope')) return true;
  return isObject(json.shared) && Array.isArray(json.shared.frames) && Array.isArray(json.profiles);
}

/**
 * The model column for a speedscope `unit`. A time unit gives `time`, not `cpu`: the format does
 * not say which clock its writer sampled (py-spy and rbspy sample wall time by default, a
 * converted Chrome profile is V8's wall time), so a comparison with a CPU profile gives shares only.
 */
function columnFor(unit: string): SampleType {
  if (nsPerUnit(unit) !== undefined) return { type: 'time', unit: 'nanoseconds' };
  if (unit === 'bytes') return { type: 'space', unit: 'bytes' };
  return { type: 'samples', unit: 'count' };
}

/**
 * Reads speedscope's JSON file format. `sampled` profiles map directly (stacks are written
 * root first, so they are reversed; `weights` in the profile's unit). `evented` profiles
 * (O/C events) are converted: the time between two consecutive events is charged to the
 * stack open during it. All profiles of the file (usually one per thread) are merged; ones
 * whose unit kind differs from the first are skipped with a warning. Time units are
 * converted to ns; frames keep `file` and `line` as written (speedscope's lines are 1-based).
 * @throws ProfileError `not-a-profile`, `bad-reference` (a frame index out of range),
 *   `no-samples`, `unknown-sample-type`.
 */
export function parseSpeedscope(json: unknown, sourcePath: string, options: ReadOptions = {}): Profile {
  if (!looksLikeSpeedscope(json) || !isObject(json) || !isObject(json.shared) || !Array.isArray(json.shared.frames) || !Array.isArray(json.profiles)) {
    throw new ProfileError(sourcePath, 'not-a-profile', 'this JSON is not a speedscope profile (no `shared.frames` and `profiles`)');
  }
  const rawFrames = json.shared.frames;
  const profiles = json.profiles.filter(isObject);
  if (profiles.length === 0) throw new ProfileError(sourcePath, 'no-samples', 'the speedscope file contains no profiles');
  const firstUnit = typeof profiles[0].unit === 'string' ? profiles[0].unit : 'none';
  const sampleType = columnFor(firstUnit);
  chooseColumn([sampleType], '', options.sampleType, sourcePath);

  const interner = new FrameInterner();
  const frameIds: (number | undefined)[] = new Array(rawFrames.length);
  const frameId = (index: unknown): number => {
    if (typeof index !== 'number' || !Number.isInteger(index) || index < 0 || index >= rawFrames.length) {
      throw new ProfileError(sourcePath, 'bad-reference', `a sample names frame ${String(index)}, but the file has ${rawFrames.length} frames`);
    }
    const cached = frameIds[index];
    if (cached !== undefined) return cached;
    const f = isObject(rawFrames[index]) ? (rawFrames[index] as Json) : {};
    const name = typeof f.name === 'string' && f.name !== '' ? f.name : '(anonymous)';
    const file = typeof f.file === 'string' ? fileUrlToPath(f.file) : '';
    const line = typeof f.line === 'number' && f.line > 0 ? Math.floor(f.line) : 0;
    const id = interner.intern(name, file, line, false);
    frameIds[index] = id;
    return id;
  };

  const collector = new SampleCollector();
  const warnings: string[] = [];
  let skipped = 0;
  let unmatchedCloses = 0;
  let durationNs = 0;
  for (const p of profiles) {
    const unit = typeof p.unit === 'string' ? p.unit : 'none';
    if (columnFor(unit).type !== sampleType.type) {
      skipped++;
      continue;
    }
    const scale = nsPerUnit(unit) ?? 1;
    if (typeof p.startValue === 'number' && typeof p.endValue === 'number') durationNs = Math.max(durationNs, (p.endValue - p.startValue) * scale);
    if (p.type === 'sampled') addSampled(p, scale, frameId, collector, sourcePath);
    else if (p.type === 'evented') unmatchedCloses += addEvented(p, scale, frameId, collector, sourcePath);
    else skipped++;
  }
  if (profiles.length > 1) warnings.push(`the file holds ${profiles.length} profiles; ${profiles.length - skipped} were merged`);
  if (unmatchedCloses > 0) warnings.push(`${plural(unmatchedCloses, 'close event')} named no frame open near the top of the stack and ${unmatchedCloses === 1 ? 'was' : 'were'} ignored (a speedscope evented file closes its innermost frame first)`);
  if (skipped > 0) warnings.push(`${plural(skipped, 'profile')} skipped (another unit than the first profile's "${firstUnit}", or an unknown type)`);
  return collector.finish({
    sourcePath,
    format: 'speedscope',
    sampleType,
    sampleTypes: [sampleType],
    durationNs: sampleType.unit === 'nanoseconds' && durationNs > 0 ? durationNs : undefined,
    frames: interner.frames,
    warnings,
  });
}

function addSampled(p: Json, scale: number, frameId: (i: unknown) => number, collector: SampleCollector, sourcePath: string): void {
  const samples = Array.isArray(p.samples) ? p.samples : [];
  const weights = Array.isArray(p.weights) ? p.weights : undefined;
  if (weights && weights.length !== samples.length) {
    throw new ProfileError(sourcePath, 'bad-reference', `a sampled profile has ${samples.length} samples but ${weights.length} weights`);
  }
  const stack: number[] = [];
  for (let i = 0; i < samples.length; i++) {
    const s = samples[i];
    if (!Array.isArray(s)) continue;
    stack.length = 0;
    for (let k = s.length - 1; k >= 0; k--) stack.push(frameId(s[k]));
    const w = weights ? weights[i] : 1;
    const weight = typeof w === 'number' ? w * scale : 0;
    collector.add(stack, stack.length, weight, 1);
  }
}

/** How far below the top of the open stack a close event is looked for (a well-nested file closes the top). */
const CLOSE_SEARCH = 64;

/**
 * Charges each interval between two events to the stack open during it. A close event closes the
 * innermost open frame it names among the top {@link CLOSE_SEARCH}; one that names none of them
 * is ignored and counted in a warning. Stacks keep their innermost {@link MAX_TREE_STACK_DEPTH}
 * frames, so each event costs a bounded number of steps.
 */
function addEvented(p: Json, scale: number, frameId: (i: unknown) => number, collector: SampleCollector, sourcePath: string): number {
  const events = Array.isArray(p.events) ? p.events : [];
  const open: number[] = []; // root first
  const leafFirst: number[] = [];
  let unmatched = 0;
  let last = typeof p.startValue === 'number' ? p.startValue : undefined;
  for (const e of events) {
    if (!isObject(e)) continue;
    const at = typeof e.at === 'number' ? e.at : NaN;
    if (!Number.isFinite(at)) throw new ProfileError(sourcePath, 'not-a-profile', 'an evented profile has an event without a numeric `at`');
    if (open.length > 0 && last !== undefined && at > last) {
      leafFirst.length = 0;
      const bottom = Math.max(0, open.length - MAX_TREE_STACK_DEPTH);
      for (let k = open.length - 1; k >= bottom; k--) leafFirst.push(open[k]!);
      collector.add(leafFirst, leafFirst.length, (at - last) * scale, 1, undefined, bottom > 0);
    }
    last = last === undefined ? at : Math.max(last, at);
    const id = frameId(e.frame);
    if (e.type === 'O') open.push(id);
    else if (e.type === 'C') {
      const k = innermost(open, id);
      if (k < 0) unmatched++;
      else if (k === open.length - 1) open.pop();
      else open.splice(k, 1);
    }
  }
  return unmatched;
}

/** Index of the innermost `id` among the top {@link CLOSE_SEARCH} entries of `open`, or −1. */
function innermost(open: readonly number[], id: number): number {
  const stop = Math.max(0, open.length - CLOSE_SEARCH);
  for (let k = open.length - 1; k >= stop; k--) if (open[k] === id) return k;
  return -1;
}
