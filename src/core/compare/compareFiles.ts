/**
 * The compare job in one call: read the profile files of each side (trimming a V8 `.cpuprofile`
 * to its run's measured window when a run record gives one), index the workspace root once,
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
import { isCpuProfileText, trimCpuProfile } from './v8Window';

/** One profile to compare: its path and, optionally, its request count or run record. */
export interface CompareFileSide {
  readonly path: string;
  /** Explicit request count; wins over the run record's. */
  readonly requests?: RequestInput;
  /** Run record (requests, and a window for V8 `.cpuprofile`s). */
  readonly runRecord?: RunRecord;
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
  const [b, a, index] = await Promise.all([Promise.all(before.map((s) => readSide(s, readOptions))), Promise.all(after.map((s) => readSide(s, readOptions))), scanWorkspace(options.root)]);
  const resolver = createPathResolver(index, [...(options.mappings ?? [])]);
  const requestsOf = (side: CompareFileSide) => side.requests ?? (side.runRecord && hasRequests(side.runRecord) ? requestInputOf(side.runRecord) : undefined);
  const replicates = (sides: readonly CompareFileSide[], profiles: Profile[]) =>
    profiles.map((profile, i) => ({ profile, ...(requestsOf(sides[i]!) ? { requests: requestsOf(sides[i]!)! } : {}), ...(sides[i]!.runRecord?.callSites ? { recordedStats: sides[i]!.runRecord!.callSites! } : {}) }));
  const result = compareProfileSets(replicates(before, b), replicates(after, a), { ...options, resolver });
  return { before: result.before.pooled, after: result.after.pooled, comparison: result.comparison };
}

async function readSide(side: CompareFileSide, readOptions: ReadOptions): Promise<Profile> {
  const window = side.runRecord?.window;
  if (!window) return readProfileFile(side.path, readOptions);
  let text: string;
  try {
    text = (await readFile(side.path)).toString('utf8');
  } catch {
    return readProfileFile(side.path, readOptions); // throws the reader's ProfileError for the file
  }
  // Only V8 profiles carry sample timestamps; pprof files from Go cover their window already.
  if (!isCpuProfileText(text)) return readProfileFile(side.path, readOptions);
  const trimmed = trimCpuProfile(text, window.startUs, window.endUs, side.path);
  return parseProfile(new TextEncoder().encode(trimmed.text), side.path, readOptions);
}
