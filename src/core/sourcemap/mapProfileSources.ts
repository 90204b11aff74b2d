/**
 * The source-map stage of the analysis: frames in compiled or bundled JavaScript of the
 * user's workspace are replaced by their original position (`dist/x.js:63` → `src/x.ts:41`),
 * so attribution, lenses and reports speak of the files the user edits.
 */
import { FrameInterner } from '../profile/frameInterner';
import type { Frame, Profile, Sample } from '../profile/model';
import type { PathResolver } from '../paths/types';
import type { CheckedSource, SourceMapCoverage, SourceMapFileStatus } from './coverage';
import type { SourceMapFiles, SourceMapper } from './sourceMapper';
import { createBuildSourceChecker } from './buildSources';
import { frameTableOf } from '../profile/columns/profileTables';

/** Extensions of generated JavaScript whose frames are looked up in a source map. */
const GENERATED = /\.(js|mjs|cjs|jsx)$/i;
/** Extensions of sources a compiler turns into JavaScript. */
const COMPILED_SOURCE = /\.(ts|tsx|mts|cts)$/i;

/** What {@link mapProfileSources} checks besides the maps. */
export interface SourceCheckOptions {
  /** Reads sources to compare with the maps' `sourcesContent`, and the generated files' modification times. */
  readonly files?: SourceMapFiles;
  /** When the profile was recorded (ms since the epoch): generated files or maps modified later are marked. */
  readonly profileTimeMs?: number;
  /** The profile file: when git tracks it unchanged, a build committed with it or before it is the profiled one. */
  readonly profilePath?: string;
}

/** Per generated file, while frames are mapped. */
interface FileEntry {
  generated: string;
  relativePath: string;
  status: SourceMapFileStatus;
  mapFile?: string;
  reason?: string;
  frames: number;
  unmappedFrames: number;
  generatedCodeFrames: number;
  lineCount: number;
  newerThanProfile: boolean;
  differing: Set<string>;
  movedFrames: number;
  staleFrames: number;
}

export interface MappedProfile {
  /** The profile with mapped frames; the input itself when no frame was mapped. */
  readonly profile: Profile;
  readonly coverage: SourceMapCoverage;
}

/** True when `name` is one V8 gives functions it cannot name. */
function isAnonymous(name: string): boolean {
  return name === '' || name === '(anonymous)' || name.startsWith('(anonymous:');
}

/**
 * The frame's name after mapping: the recorded one while the original line still contains it
 * (or the line cannot be read), else the map's name for that position (minified code).
 */
function mappedName(recorded: string, mapName: string | undefined, originalLine: string | undefined): string {
  if (mapName === undefined) return recorded;
  if (isAnonymous(recorded)) return mapName;
  if (originalLine === undefined) return recorded;
  const bare = recorded.slice(recorded.lastIndexOf('.') + 1);
  return containsWord(originalLine, bare) || !containsWord(originalLine, mapName) ? recorded : mapName;
}

/** `word` stands alone in `text` (not inside a longer identifier): minified `i` is not in `handleRequest`. */
function containsWord(text: string, word: string): boolean {
  for (let at = text.indexOf(word); at >= 0; at = text.indexOf(word, at + 1)) {
    const before = at > 0 ? text[at - 1]! : ' ';
    const after = text[at + word.length] ?? ' ';
    if (!/[\w$]/.test(before) && !/[\w$]/.test(after)) return true;
  }
  return false;
}

/**
 * True when a frame at a position its file's map does not cover is code the compiler or bundler
 * wrote (esbuild's `__require`/`__export` getters, tsc's `__awaiter`/`__decorate`, webpack's
 * runtime): a map covers every line of the user's sources. A module's top level (an anonymous
 * function at line 1, where tsc writes `"use strict"`) stays the user's, and so does a line past
 * the file's end (a profile of an older build: nothing tells what was there).
 */
function isGeneratedCode(frame: Frame, lineCount: number): boolean {
  return frame.line > 0 && frame.line <= lineCount && !(frame.line <= 1 && isAnonymous(frame.name));
}

/** Does the workspace hold a TypeScript file with the same stem (`dist/a/b.js` ↔ `src/a/b.ts`)? */
function hasCompiledSource(relativePath: string, stems: ReadonlySet<string>): boolean {
  const base = relativePath.slice(relativePath.lastIndexOf('/') + 1).replace(GENERATED, '');
  return stems.has(base);
}

/**
 * Maps the frames of `profile` whose file resolves to a generated JavaScript file of the
 * workspace through that file's source map ({@link SourceMapper}). Frames keep their recorded
 * position when the file has no map or the position has no mapping; their weight is counted in
 * {@link SourceMapCoverage}. With `check.files`, an original source whose `sourcesContent` differs
 * from the file on disk has its lines moved through a line diff to today's file; positions on lines
 * the edit changed stay on the JavaScript, counted (`buildSources.ts`). Samples keep every field but
 * their stack, so labels and repair marks survive. O(frames) map lookups, each map read once.
 */
export function mapProfileSources(profile: Profile, resolver: PathResolver, mapper: SourceMapper, check: SourceCheckOptions = {}): MappedProfile {
  // Most profiles (Go, plain Node) have no generated file of the workspace: nothing to intern or remap.
  if (!hasWorkspaceJavaScript(profile, resolver)) return { profile, coverage: { mappedWeight: 0, missingWeight: 0, files: [] } };
  const stems = new Set(resolver.index.files.filter((f) => COMPILED_SOURCE.test(f)).map((f) => f.slice(f.lastIndexOf('/') + 1).replace(COMPILED_SOURCE, '')));
  const interner = new FrameInterner();
  const newId = new Uint32Array(profile.frames.length);
  const fileOfFrame = new Array<string | undefined>(profile.frames.length);
  const perFile = new Map<string, FileEntry>();
  const staleFrame = new Uint8Array(profile.frames.length);
  const checkSource = check.files ? createBuildSourceChecker(mapper, resolver, check.files) : undefined;
  const checked = new Map<string, CheckedSource>();
  let changed = false;
  const lineCache = new Map<string, string[] | undefined>();
  const profileCommitted = once(() => (check.profilePath === undefined ? undefined : check.files?.committedMs?.(check.profilePath)));
  const originalLine = (file: string, line: number): string | undefined => {
    if (!lineCache.has(file)) lineCache.set(file, mapper.sourceContent(file)?.split(/\r?\n/));
    return lineCache.get(file)?.[line - 1];
  };

  profile.frames.forEach((frame: Frame, id) => {
    const resolution = GENERATED.test(frame.file) ? resolver.resolve(frame.file) : undefined;
    if (resolution?.kind !== 'resolved') {
      newId[id] = interner.intern(frame.name, frame.file, frame.line, frame.inlined, frame.column ?? 0);
      return;
    }
    let entry = perFile.get(frame.file);
    if (!entry) {
      const found = mapper.mapOf(resolution.absolutePath);
      const status: SourceMapFileStatus = found.status === 'no-map' && !hasCompiledSource(resolution.relativePath, stems) ? 'plain-js' : found.status;
      const newerThanProfile = status === 'mapped' && isNewer([resolution.absolutePath, found.mapFile], check, profileCommitted);
      entry = { generated: resolution.absolutePath, relativePath: resolution.relativePath, status, mapFile: found.mapFile, reason: found.reason, frames: 0, unmappedFrames: 0, generatedCodeFrames: 0, lineCount: found.lineCount ?? 0, newerThanProfile, differing: new Set(), movedFrames: 0, staleFrames: 0 };
      perFile.set(frame.file, entry);
    }
    fileOfFrame[id] = frame.file;
    entry.frames++;
    const original = entry.status === 'mapped' ? mapper.originalPosition(entry.generated, frame.line, frame.column ?? 0) : undefined;
    if (!original) {
      if (entry.status === 'mapped' && isGeneratedCode(frame, entry.lineCount)) {
        entry.generatedCodeFrames++;
        newId[id] = interner.intern(frame.name, '', frame.line, frame.inlined, frame.column ?? 0);
        return;
      }
      if (entry.status === 'mapped' && frame.line > 0) entry.unmappedFrames++;
      newId[id] = interner.intern(frame.name, frame.file, frame.line, frame.inlined, frame.column ?? 0);
      return;
    }
    const name = mappedName(frame.name, original.name, originalLine(original.file, original.line));
    let line = original.line;
    const source = checkSource?.(entry.generated, original.file);
    if (source && source.kind !== 'unchecked') {
      const seen = checked.get(source.absolutePath);
      checked.set(source.absolutePath, {
        absolutePath: source.absolutePath,
        relativePath: source.relativePath,
        state: seen?.state === 'differs' || source.kind === 'differs' ? 'differs' : 'same',
        throughNewerBuild: (seen?.throughNewerBuild ?? false) || entry.newerThanProfile,
      });
    }
    if (source?.kind === 'differs') {
      entry.differing.add(source.relativePath);
      const today = source.lineMap(original.line);
      if (today === undefined) {
        // The build's line was changed or deleted since: no line of today's file holds it.
        entry.staleFrames++;
        staleFrame[id] = 1;
        newId[id] = interner.intern(frame.name, frame.file, frame.line, frame.inlined, frame.column ?? 0);
        return;
      }
      entry.movedFrames++;
      line = today;
    }
    changed = true;
    newId[id] = interner.intern(name, original.file, line, frame.inlined, original.column);
  });

  const coverage = buildSourceMapCoverage(profile, fileOfFrame, perFile, staleFrame, [...checked.values()]);
  if (!changed) return { profile, coverage };
  return { profile: { ...profile, frames: interner.frames, samples: remapStacks(profile.samples, newId) }, coverage };
}

/**
 * True when one of `paths` changed after the profile was recorded (false when either time is
 * unknown). A file modified later by its time but that git tracks unchanged is dated by the
 * commit that last changed it (a clone or checkout writes every file anew); that commit counts
 * as before the profile when it is no later than the profile file's own last commit (a build
 * committed with its profile is the profiled one).
 */
function isNewer(paths: readonly (string | undefined)[], check: SourceCheckOptions, profileCommitted: () => number | undefined): boolean {
  const { files, profileTimeMs } = check;
  if (profileTimeMs === undefined || !files?.modifiedMs) return false;
  return paths.some((path) => {
    if (path === undefined || (files.modifiedMs!(path) ?? 0) <= profileTimeMs) return false;
    const committed = files.committedMs?.(path);
    return committed === undefined || committed > Math.max(profileTimeMs, profileCommitted() ?? 0);
  });
}

/** `compute`'s result, computed on the first call only. */
function once<T>(compute: () => T): () => T {
  let done = false;
  let value: T;
  return () => {
    if (!done) {
      value = compute();
      done = true;
    }
    return value;
  };
}

/** True when a frame's file is generated JavaScript that resolves into the workspace (each file resolved once). */
function hasWorkspaceJavaScript(profile: Profile, resolver: PathResolver): boolean {
  const { strings, fileId, length } = frameTableOf(profile);
  const seen = new Uint8Array(strings.length);
  for (let id = 0; id < length; id++) {
    const file = fileId[id]!;
    if (seen[file]) continue;
    seen[file] = 1;
    if (GENERATED.test(strings[file]!) && resolver.resolve(strings[file]!).kind === 'resolved') return true;
  }
  return false;
}

/** The samples with every frame id replaced through `newId`; stacks share one buffer. */
function remapStacks(samples: readonly Sample[], newId: Uint32Array): Sample[] {
  const pool = new Uint32Array(samples.reduce((n, s) => n + s.stack.length, 0));
  let used = 0;
  return samples.map((sample) => {
    const start = used;
    for (const id of sample.stack) pool[used++] = newId[id]!;
    return { ...sample, stack: pool.subarray(start, used) };
  });
}

const MAPPED = 1;
const MISSING = 2;

function buildSourceMapCoverage(
  profile: Profile,
  fileOfFrame: readonly (string | undefined)[],
  perFile: ReadonlyMap<string, FileEntry>,
  staleFrame: Uint8Array,
  checkedSources: readonly CheckedSource[],
): SourceMapCoverage {
  // Per file, and for all mapped / all missing files together: the weight of samples through them, once per sample
  // (`lastSample` marks the sample that last counted a file); a sample through several generated files counts once.
  const fileIds = new Map([...perFile.keys()].map((file, i) => [file, i]));
  const fileOf = Int32Array.from(fileOfFrame, (file) => (file === undefined ? -1 : fileIds.get(file)!));
  const kindOf = Uint8Array.from(perFile.values(), (e) => (e.status === 'mapped' ? MAPPED : e.status === 'plain-js' ? 0 : MISSING));
  const fileWeight = new Float64Array(fileIds.size);
  const fileStaleWeight = new Float64Array(fileIds.size);
  const lastSample = new Int32Array(fileIds.size).fill(-1);
  const lastStale = new Int32Array(fileIds.size).fill(-1);
  let mappedWeight = 0;
  let missingWeight = 0;
  let staleWeight = 0;
  profile.samples.forEach((sample, s) => {
    let through = 0;
    let stale = false;
    for (const id of sample.stack) {
      const file = fileOf[id]!;
      if (file < 0) continue;
      if (staleFrame[id] && lastStale[file] !== s) {
        lastStale[file] = s;
        fileStaleWeight[file] += sample.weight;
        stale = true;
      }
      if (lastSample[file] === s) continue;
      lastSample[file] = s;
      fileWeight[file] += sample.weight;
      through |= kindOf[file]!;
    }
    if (through & MAPPED) mappedWeight += sample.weight;
    if (through & MISSING) missingWeight += sample.weight;
    if (stale) staleWeight += sample.weight;
  });
  const files = [...perFile].map(([profileFile, e]) => {
    const i = fileIds.get(profileFile)!;
    const weight = fileWeight[i]!;
    return {
      profileFile,
      generatedFile: e.relativePath,
      status: e.status,
      weight,
      frames: e.frames,
      unmappedFrames: e.unmappedFrames,
      ...(e.generatedCodeFrames > 0 ? { generatedCodeFrames: e.generatedCodeFrames } : {}),
      ...(e.mapFile ? { mapFile: e.mapFile } : {}),
      ...(e.reason && e.status !== 'mapped' ? { reason: e.reason } : {}),
      ...(e.newerThanProfile ? { newerThanProfile: true } : {}),
      ...(e.differing.size > 0 ? { builtFrom: { sources: [...e.differing].sort(), movedFrames: e.movedFrames, staleFrames: e.staleFrames, staleWeight: fileStaleWeight[i]! } } : {}),
    };
  });
  files.sort((a, b) => b.weight - a.weight);
  return { mappedWeight, missingWeight, ...(staleWeight > 0 ? { staleWeight } : {}), files, ...(checkedSources.length > 0 ? { checkedSources } : {}) };
}
