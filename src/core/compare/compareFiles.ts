/**
 * The compare job in one call: read the profile files of each side (trimming a V8 `.cpuprofile`
 * to its load window: a run record's, a given `--window`, or the span `record` labelled, `loadWindow.ts`), index the workspace root once,
 * analyse them and compare the sides (compareSets.ts: replicates per side are pooled for the
 * tables and give the interval of CPU per request).
 */
import { readFile } from 'node:fs/promises';
import type { Analysis } from '../analysis/types';
import { createPathResolver } from '../paths/resolve';
import { scanWorkspace } from '../paths/scan';
import type { PathMappingRule } from '../paths/types';
import type { Profile, ReadOptions } from '../profile/model';
import { parseProfile, readProfileFile } from '../profile/read';
import type { CompareOptions } from './compareAnalyses';
import { compareProfileSets } from './compareSets';
import type { RequestInput } from './requestCount';
import { hasRequests, requestInputOf, type RunRecord } from './runRecord';
import type { Comparison } from './types';
import { isCpuProfileText, parseCpuProfileJson, trimCpuProfileJson, WindowError } from './v8Window';
import { chooseWindow, windowNote, type RelativeWindow, type WindowChoice } from './loadWindow';

/** One profile to compare: its path and, optionally, its request count or run record. */
export interface CompareFileSide {
  readonly path: string;
  /** Explicit request count; wins over the run record's. */
  readonly requests?: RequestInput;
  /** Run record (requests, and a window for V8 `.cpuprofile`s). */
  readonly runRecord?: RunRecord;
  /** Load window of a V8 `.cpuprofile` in seconds from its start (`--window-before`), when no run record gives one. */
  readonly window?: RelativeWindow;
}

export interface CompareFilesOptions extends CompareOptions {
  readonly root: string;
  readonly mappings?: readonly PathMappingRule[];
  readonly sampleType?: string;
  /** What reading each profile may cost (core/profile/limits.ts). */
  readonly limits?: ReadOptions['limits'];
}

/** Everything a caller may want to show: both profiles and analyses, and the comparison. */
export interface FileComparison {
  readonly before: { readonly profile: Profile; readonly analysis: Analysis };
  readonly after: { readonly profile: Profile; readonly analysis: Analysis };
  readonly comparison: Comparison;
}

/**
 * Reads, analyses and compares two profiles ({@link compareFileSets} with one per side).
 * @throws as {@link compareFileSets}
 */
export async function compareFiles(before: CompareFileSide, after: CompareFileSide, options: CompareFilesOptions): Promise<FileComparison> {
  return compareFileSets([before], [after], options);
}

/**
 * Reads, analyses and compares one or more profiles per side. `before`/`after` of the result are
 * the pooled sides (the single profile when a side has one).
 * @throws ProfileError for an unreadable or malformed profile (names the file)
 * @throws WindowError when a run record's window holds no sample of its profile
 * @throws CompareError / RequestCountError as {@link compareProfileSets}
 */
export async function compareFileSets(before: readonly CompareFileSide[], after: readonly CompareFileSide[], options: CompareFilesOptions): Promise<FileComparison> {
  const readOptions: ReadOptions = { ...(options.sampleType ? { sampleType: options.sampleType } : {}), ...(options.limits ? { limits: options.limits } : {}) };
  const requestsOf = (side: CompareFileSide) => side.requests ?? (side.runRecord && hasRequests(side.runRecord) ? requestInputOf(side.runRecord) : undefined);
  const read = (s: CompareFileSide) => readSide(s, readOptions, requestsOf(s) !== undefined);
  const [b, a, index] = await Promise.all([Promise.all(before.map(read)), Promise.all(after.map(read)), scanWorkspace(options.root)]);
  const resolver = createPathResolver(index, [...(options.mappings ?? [])]);
  const replicates = (sides: readonly CompareFileSide[], read: readonly ReadSide[]) =>
    read.map(({ profile }, i) => ({ profile, ...(requestsOf(sides[i]!) ? { requests: requestsOf(sides[i]!)! } : {}), ...(sides[i]!.runRecord?.callSites ? { recordedStats: sides[i]!.runRecord!.callSites! } : {}) }));
  const result = compareProfileSets(replicates(before, b), replicates(after, a), { ...options, resolver });
  // Per request, a .cpuprofile divides the window it was trimmed to: say which one on each side that counts requests.
  const windowNotes = (label: 'before' | 'after', sides: readonly CompareFileSide[], read: readonly ReadSide[]) =>
    read.flatMap((r, i) => (r.window && requestsOf(sides[i]!) ? [windowNote(label, sides[i]!.path, r.window)] : []));
  const notes = [...windowNotes('before', before, b), ...windowNotes('after', after, a)];
  const comparison = notes.length > 0 ? { ...result.comparison, notes: [...notes, ...result.comparison.notes] } : result.comparison;
  return { before: result.before.pooled, after: result.after.pooled, comparison };
}

/** A profile read for a comparison, and for a V8 `.cpuprofile` the window it was trimmed to. */
interface ReadSide {
  readonly profile: Profile;
  readonly window?: WindowChoice;
}

/** Reads one profile; `counted`: its requests are known, so a `.cpuprofile` is trimmed to the span `record` labelled when nothing else gives a window. */
async function readSide(side: CompareFileSide, readOptions: ReadOptions, counted: boolean): Promise<ReadSide> {
  let text: string;
  try {
    text = (await readFile(side.path)).toString('utf8');
  } catch {
    return { profile: await readProfileFile(side.path, readOptions) }; // throws the reader's ProfileError for the file
  }
  // Only V8 profiles carry sample timestamps; pprof files from Go cover their window already.
  if (!isCpuProfileText(text)) {
    if (side.window) throw new WindowError(`${side.path}: a window applies to V8 .cpuprofile files only (their samples carry times); this profile is not one`);
    return { profile: await readProfileFile(side.path, readOptions) };
  }
  let json: Record<string, unknown>;
  try {
    json = parseCpuProfileJson(text, side.path);
  } catch (err) {
    // A Chrome trace names nodes and timeDeltas too: only a window asked for must find a .cpuprofile.
    if (side.runRecord?.window || side.window || !(err instanceof WindowError)) throw err;
    return { profile: parseProfile(new TextEncoder().encode(text), side.path, readOptions) };
  }
  const window = chooseWindow(json, side.runRecord?.window, side.window, counted);
  if (window.startUs === undefined) return { profile: parseProfile(new TextEncoder().encode(text), side.path, readOptions), window };
  const trimmed = trimCpuProfileJson(json, window.startUs, window.endUs!, side.path);
  return { profile: parseProfile(new TextEncoder().encode(trimmed.text), side.path, readOptions), window };
}
