/**
 * Maps positions in generated JavaScript (tsc, esbuild, webpack output) to the original
 * sources through their source maps, with `@jridgewell/trace-mapping`. One map per generated
 * file, looked up once and cached.
 */
import { FlattenMap, GREATEST_LOWER_BOUND, LEAST_UPPER_BOUND, originalPositionFor, sourceContentFor, type TraceMap } from '@jridgewell/trace-mapping';
import { mapReferenceOf, type MapReference } from './mapReference';
import { sourcePathOf } from './sourcePath';

/** What the mapper found for one generated file. */
export type MapStatus =
  /** A map was read; positions are mapped. */
  | 'mapped'
  /** No `sourceMappingURL` comment and no `<file>.map` beside it. */
  | 'no-map'
  /** The comment names a map file that cannot be read. */
  | 'map-unreadable'
  /** The map (file or data URL) is not a valid source map. */
  | 'map-invalid'
  /** The generated file itself cannot be read. */
  | 'file-unreadable';

export interface GeneratedFileMap {
  readonly status: MapStatus;
  /** The map file read, absent for inline maps. */
  readonly mapFile?: string;
  /** Why the status is not `mapped`, for messages. */
  readonly reason?: string;
  readonly map?: TraceMap;
  /** Lines of the generated file, when it was read and mapped. */
  readonly lineCount?: number;
}

/** An original position: `file` as the map names it (absolute, or relative for webpack), 1-based line and column. */
export interface OriginalPosition {
  readonly file: string;
  readonly line: number;
  readonly column: number;
  /** The map's `names` entry at or just before the position, if any. */
  readonly name?: string;
}

/** File access the mapper needs; injected so the server can read open editor buffers too. */
export interface SourceMapFiles {
  /** The file's text, or undefined when it cannot be read. */
  readText(absolutePath: string): string | undefined;
  exists(absolutePath: string): boolean;
  /** Last modification, ms since the epoch; undefined when unknown (then no file is taken for newer than a profile). */
  modifiedMs?(absolutePath: string): number | undefined;
  /**
   * For a file git tracks, unchanged since its last commit: that commit's time (ms since the
   * epoch), which dates its content better than a modification time a clone or checkout reset;
   * undefined otherwise (the disk's is `gitCommittedMs`).
   */
  committedMs?(absolutePath: string): number | undefined;
}

export interface SourceMapper {
  /** The map of a generated file (absolute path), cached. */
  mapOf(generatedFile: string): GeneratedFileMap;
  /**
   * The original position of 1-based `line` and 1-based `column` in `generatedFile`; undefined
   * when the file has no map or the position no mapping. Column 0 = unknown (pprof frames carry
   * a line only): the first mapping at or after the line's first non-blank character.
   */
  originalPosition(generatedFile: string, line: number, column: number): OriginalPosition | undefined;
  /** The map's `sourcesContent` for an original file the mapper returned, if the map carries it. */
  sourceContent(originalFile: string): string | undefined;
  /** The `sourcesContent` of `originalFile` in the map of `generatedFile` (two builds may embed two versions of one source). */
  sourceContentIn(generatedFile: string, originalFile: string): string | undefined;
}

function load(reference: MapReference | undefined, generatedFile: string, files: SourceMapFiles): GeneratedFileMap {
  if (reference === undefined) return { status: 'no-map', reason: 'no sourceMappingURL comment and no .map file beside it' };
  if (reference.kind === 'bad-data-url') return { status: 'map-invalid', reason: `its inline map cannot be decoded (${reference.reason})` };
  const mapFile = reference.kind === 'file' ? reference.path : undefined;
  const json = reference.kind === 'inline' ? reference.json : files.readText(reference.path);
  if (json === undefined) return { status: 'map-unreadable', mapFile, reason: `its map ${reference.kind === 'file' ? reference.path : ''} cannot be read` };
  try {
    const map = FlattenMap(JSON.parse(json), mapFile ?? generatedFile);
    return { status: 'mapped', mapFile, map };
  } catch (err) {
    return { status: 'map-invalid', mapFile, reason: `its map is not a valid source map (${(err as Error).message})` };
  }
}

/**
 * A mapper over `files`. Index maps (`sections`) are flattened; `sourceRoot` is applied and
 * sources are resolved against the map's folder (see {@link sourcePathOf} for webpack URLs).
 * Lookups use the greatest lower bound at the column (V8 gives a function's `(` column, inside
 * the segment of the declaration). When the column is unknown, the first mapping at or after the
 * line's indentation: esbuild starts each line with a segment that continues the previous line
 * (a method's line at column 0 maps to the member before it, often its `};`).
 */
export function createSourceMapper(files: SourceMapFiles): SourceMapper {
  const maps = new Map<string, GeneratedFileMap>();
  const indents = new Map<string, Uint32Array>();
  const contents = new Map<string, { map: TraceMap; source: string }>();
  const contentsByGenerated = new Map<string, { map: TraceMap; source: string }>();

  function mapOf(generatedFile: string): GeneratedFileMap {
    let entry = maps.get(generatedFile);
    if (entry === undefined) {
      const text = files.readText(generatedFile);
      entry = text === undefined ? { status: 'file-unreadable', reason: 'the file cannot be read' } : load(mapReferenceOf(generatedFile, text, files.exists), generatedFile, files);
      if (text !== undefined && entry.status === 'mapped') {
        indents.set(generatedFile, indentsOf(text));
        entry = { ...entry, lineCount: indents.get(generatedFile)!.length };
      }
      maps.set(generatedFile, entry);
    }
    return entry;
  }

  function originalPosition(generatedFile: string, line: number, column: number): OriginalPosition | undefined {
    const { map } = mapOf(generatedFile);
    if (!map || line <= 0) return undefined;
    const needle = { line, column: Math.max(0, column - 1) };
    let hit = column > 0 ? originalPositionFor(map, { ...needle, bias: GREATEST_LOWER_BOUND }) : originalPositionFor(map, { line, column: indents.get(generatedFile)?.[line - 1] ?? 0, bias: LEAST_UPPER_BOUND });
    if (hit.source === null) hit = originalPositionFor(map, { ...needle, bias: LEAST_UPPER_BOUND });
    if (hit.source === null) return undefined;
    const file = sourcePathOf(hit.source);
    if (file === '') return undefined;
    if (!contents.has(file)) contents.set(file, { map, source: hit.source });
    const pair = `${generatedFile}\n${file}`;
    if (!contentsByGenerated.has(pair)) contentsByGenerated.set(pair, { map, source: hit.source });
    let name = hit.name ?? undefined;
    if (name === undefined && column > 1) {
      const before = originalPositionFor(map, { line, column: column - 2, bias: GREATEST_LOWER_BOUND });
      if (before.source === hit.source && before.line === hit.line) name = before.name ?? undefined;
    }
    return { file, line: hit.line, column: hit.column + 1, ...(name ? { name } : {}) };
  }

  function sourceContent(originalFile: string): string | undefined {
    const entry = contents.get(originalFile);
    return entry ? (sourceContentFor(entry.map, entry.source) ?? undefined) : undefined;
  }

  function sourceContentIn(generatedFile: string, originalFile: string): string | undefined {
    const entry = contentsByGenerated.get(`${generatedFile}\n${originalFile}`);
    return entry ? (sourceContentFor(entry.map, entry.source) ?? undefined) : undefined;
  }

  return { mapOf, originalPosition, sourceContent, sourceContentIn };
}

/** Per 0-based line of `text`, the 0-based column of its first character that is not a space or tab. */
function indentsOf(text: string): Uint32Array {
  const lines = text.split('\n');
  const indents = new Uint32Array(lines.length);
  lines.forEach((line, i) => {
    let at = 0;
    while (line.charCodeAt(at) === 32 || line.charCodeAt(at) === 9) at++;
    indents[i] = at;
  });
  return indents;
}
