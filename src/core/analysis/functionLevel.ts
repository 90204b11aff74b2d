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
import type { SourceMapFiles, SourceMapper } from '../sourcemap/sourceMapper';

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

/** Where one function of one recorded file was placed: its line (and the original file when mapped), or why not, or `helper`. */
type Placement = { readonly file?: string; readonly line: number; readonly column?: number; readonly relativePath: string } | { readonly unplaced: UnplacedFunction } | 'helper';

/** tsc's and esbuild's helpers in generated JavaScript (`__awaiter`, `__decorate`, `__require`): never the user's functions. */
const COMPILER_HELPER = /^__[A-Za-z]/;

/**
 * Places every frame of the user's code (file resolves through `resolver`) whose line is 0 on its
 * function's declaration ({@link findDeclaration}), reading sources through `files`. In generated
 * JavaScript with a source map (`mapper`), the declaration found there is mapped to the original
 * source (`dist/a.js:15` → `src/a.ts:25`); a declaration on a line the map does not cover, or a
 * compiler helper the search does not find (`__decorate`), is compiler code: its frame loses
 * its file (not the user's code) and is not counted. Frames keep every other field; samples are unchanged.
 */
export function placeFunctionLevelFrames(profile: Profile, resolver: PathResolver, files: SourceMapFiles, mapper?: SourceMapper): FunctionLevelResult {
  const texts = new Map<string, string | undefined>();
  const placements = new Map<string, Placement>();
  let frames: Frame[] | undefined;
  let placedFrames: Uint8Array | undefined;
  const table = frameTableOf(profile);
  for (let id = 0; id < table.length; id++) {
    if (table.line[id]! > 0 || table.strings[table.fileId[id]!] === '') continue;
    const frame = frameAt(table, id);
    const resolution = resolver.resolve(frame.file);
    if (resolution.kind !== 'resolved') continue;
    const key = `${frame.name}\u0000${frame.file}`;
    let placement = placements.get(key);
    if (!placement) {
      if (!texts.has(resolution.absolutePath)) texts.set(resolution.absolutePath, files.readText(resolution.absolutePath));
      const text = texts.get(resolution.absolutePath);
      placement = text === undefined ? { unplaced: { functionName: frame.name, relativePath: resolution.relativePath, reason: 'unreadable' } } : placementOf(frame.name, text, resolution, resolver, mapper);
      placements.set(key, placement);
    }
    if (placement !== 'helper' && 'unplaced' in placement) continue;
    frames ??= [...profile.frames];
    if (placement === 'helper') {
      frames[id] = { ...frames[id]!, file: '' };
      continue;
    }
    placedFrames ??= new Uint8Array(table.length);
    frames[id] = { ...frames[id]!, line: placement.line, ...(placement.file ? { file: placement.file } : {}), ...(placement.column ? { column: placement.column } : {}) };
    placedFrames[id] = 1;
  }
  const counted = [...placements.values()].filter((p) => p !== 'helper');
  if (counted.length === 0 && !frames) return { profile, placedFrames: undefined, summary: undefined };
  const unplaced = counted.flatMap((p) => ('unplaced' in p ? [p.unplaced] : []));
  return {
    profile: frames ? replaceFramesOrFields(profile, { frames }) : profile,
    placedFrames,
    summary: counted.length > 0 ? { functions: counted.length, placed: counted.length - unplaced.length, unplaced } : undefined,
  };
}

/** Where function `name` of the resolved file with `text` is declared, mapped to its original source when the file has a source map. */
function placementOf(name: string, text: string, resolution: { absolutePath: string; relativePath: string }, resolver: PathResolver, mapper: SourceMapper | undefined): Placement {
  const search: DeclarationSearch = findDeclaration(text, name);
  const mapped = mapper !== undefined && /\.[cm]?jsx?$/i.test(resolution.absolutePath) && mapper.mapOf(resolution.absolutePath).status === 'mapped';
  if (search.line === undefined) {
    if (mapped && COMPILER_HELPER.test(name)) return 'helper';
    return { unplaced: { functionName: name, relativePath: resolution.relativePath, reason: search.reason, ...(search.candidates ? { candidates: search.candidates } : {}) } };
  }
  if (!mapped) return { line: search.line, relativePath: resolution.relativePath };
  const original = mapper.originalPosition(resolution.absolutePath, search.line, 0);
  if (!original) return 'helper';
  const target = resolver.resolve(original.file);
  return { file: original.file, line: original.line, column: original.column, relativePath: target.kind === 'resolved' ? target.relativePath : original.file };
}

/** The analysis note for a profile whose user frames had no line (see {@link placeFunctionLevelFrames}). */
export function functionLevelWarning(summary: FunctionLevelSummary): string {
  const missing = summary.unplaced.slice(0, 3).map((u) => `${u.functionName} in ${u.relativePath} (${u.reason === 'ambiguous' ? `declared on lines ${u.candidates?.join(', ')}` : u.reason.replace('-', ' ')})`);
  return (
    `the profile records no line numbers for your code (line 0, as Pyroscope and some eBPF agents write): call sites are function-level, each on its function's declaration found in the source by name (${summary.placed} of ${summary.functions} found)` +
    (missing.length > 0 ? `; not placed: ${missing.join('; ')}${summary.unplaced.length > 3 ? ` and ${summary.unplaced.length - 3} more` : ''}` : '')
  );
}
