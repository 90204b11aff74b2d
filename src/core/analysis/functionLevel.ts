/**
 * Profiles that record no line numbers (every line 0: Pyroscope merged profiles, some eBPF
 * agents, profiles stripped of line tables): each frame of the user's code is placed on its
 * function's declaration, found in the source by name, so call sites and lenses are
 * function-level instead of `repo.go:0`. A stage after source mapping (see `prepare.ts`).
 */
import type { Frame, Profile } from '../profile/model';
import { frameTableOf, replaceFramesOrFields } from '../profile/columns/profileTables';
import { frameAt } from '../profile/columns/frameTable';
import type { PathResolver } from '../paths/types';
import { findDeclaration, type DeclarationSearch } from '../source/functionHeads';
import type { SourceMapFiles } from '../sourcemap/sourceMapper';

/** A user function whose declaration could not be placed, and why. */
export interface UnplacedFunction {
  readonly functionName: string;
  readonly relativePath: string;
  readonly reason: 'anonymous' | 'not-found' | 'ambiguous' | 'unreadable';
  /** For `ambiguous`: the 1-based lines of the equally good declarations. */
  readonly candidates?: readonly number[];
}

/** What the stage did; absent from the analysis when no frame of the user's code had line 0. */
export interface FunctionLevelSummary {
  /** Distinct user functions (name + file) recorded with line 0. */
  readonly functions: number;
  /** Of those, placed on their declaration. */
  readonly placed: number;
  readonly unplaced: readonly UnplacedFunction[];
}

export interface FunctionLevelResult {
  /** The profile with placed frames' `line` set to the declaration; the input when nothing changed. */
  readonly profile: Profile;
  /** Per frame id: 1 when the frame's line is a declaration placed here (function-level precision). */
  readonly placedFrames: Uint8Array | undefined;
  readonly summary: FunctionLevelSummary | undefined;
}

/**
 * Places every frame of the user's code (file resolves through `resolver`) whose line is 0 on its
 * function's declaration ({@link findDeclaration}), reading sources through `files`. Frames
 * keep their name, file and every other field; samples are unchanged.
 */
export function placeFunctionLevelFrames(profile: Profile, resolver: PathResolver, files: SourceMapFiles): FunctionLevelResult {
  const texts = new Map<string, string | undefined>();
  const searches = new Map<string, { search: DeclarationSearch | 'unreadable'; relativePath: string }>();
  let frames: Frame[] | undefined;
  let placedFrames: Uint8Array | undefined;
  const table = frameTableOf(profile);
  for (let id = 0; id < table.length; id++) {
    if (table.line[id]! > 0 || table.strings[table.fileId[id]!] === '') continue;
    const frame = frameAt(table, id);
    const resolution = resolver.resolve(frame.file);
    if (resolution.kind !== 'resolved') continue;
    const key = `${frame.name}\u0000${frame.file}`;
    let entry = searches.get(key);
    if (!entry) {
      if (!texts.has(resolution.absolutePath)) texts.set(resolution.absolutePath, files.readText(resolution.absolutePath));
      const text = texts.get(resolution.absolutePath);
      entry = { search: text === undefined ? 'unreadable' : findDeclaration(text, frame.name), relativePath: resolution.relativePath };
      searches.set(key, entry);
    }
    if (entry.search === 'unreadable' || entry.search.line === undefined) continue;
    frames ??= [...profile.frames];
    placedFrames ??= new Uint8Array(table.length);
    frames[id] = { ...frames[id]!, line: entry.search.line };
    placedFrames[id] = 1;
  }
  if (searches.size === 0) return { profile, placedFrames: undefined, summary: undefined };
  const unplaced: UnplacedFunction[] = [];
  let placed = 0;
  for (const [key, { search, relativePath }] of searches) {
    const functionName = key.slice(0, key.indexOf('\u0000'));
    if (search === 'unreadable') unplaced.push({ functionName, relativePath, reason: 'unreadable' });
    else if (search.line !== undefined) placed++;
    else unplaced.push({ functionName, relativePath, reason: search.reason, ...(search.candidates ? { candidates: search.candidates } : {}) });
  }
  return {
    profile: frames ? replaceFramesOrFields(profile, { frames }) : profile,
    placedFrames,
    summary: { functions: searches.size, placed, unplaced },
  };
}

/** The analysis note for a profile whose user frames had no line (see {@link placeFunctionLevelFrames}). */
export function functionLevelWarning(summary: FunctionLevelSummary): string {
  const missing = summary.unplaced.slice(0, 3).map((u) => `${u.functionName} in ${u.relativePath} (${u.reason === 'ambiguous' ? `declared on lines ${u.candidates?.join(', ')}` : u.reason.replace('-', ' ')})`);
  return (
    `the profile records no line numbers for your code (line 0, as Pyroscope and some eBPF agents write): call sites are function-level, each on its function's declaration found in the source by name (${summary.placed} of ${summary.functions} found)` +
    (missing.length > 0 ? `; not placed: ${missing.join('; ')}${summary.unplaced.length > 3 ? ` and ${summary.unplaced.length - 3} more` : ''}` : '')
  );
}
