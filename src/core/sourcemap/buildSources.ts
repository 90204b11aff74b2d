/**
 * The build's own record of a source: a map's `sourcesContent` is the text the compiler read.
 * When it differs from the file on disk (a stale build, or a loader that handed the bundler
 * compiled JavaScript instead of the TypeScript map: webpack + ts-loader + `inlineSourceMap`),
 * the map's original lines are lines of that text, not of today's file; they reach today's file
 * through the same line diff the editor uses for git versions ({@link mapLines}).
 */
import { mapLines, type LineMap } from '../source/lineMap';
import type { PathResolver } from '../paths/types';
import type { SourceMapFiles, SourceMapper } from './sourceMapper';

/** How an original source named by one generated file's map relates to the file on disk. */
export type BuildSourceCheck =
  /** The map carries no `sourcesContent` for it, or the file is not in the workspace or cannot be read. */
  | { readonly kind: 'unchecked' }
  /** `sourcesContent` equals the file on disk (line ends aside): the map's lines are today's. */
  | { readonly kind: 'same'; readonly absolutePath: string; readonly relativePath: string }
  /** They differ: `lineMap` takes a line of the build's text to today's, undefined where the edit changed it. */
  | { readonly kind: 'differs'; readonly absolutePath: string; readonly relativePath: string; readonly lineMap: LineMap };

const UNCHECKED: BuildSourceCheck = { kind: 'unchecked' };

/** `\r\n` → `\n`, so a checkout with other line ends is not taken for an edit. */
const normalized = (text: string) => text.replace(/\r\n/g, '\n');

/** True when a map's `sourcesContent` is the text on disk (line ends aside): the build compiled today's file. */
export function isSameSourceText(built: string, onDisk: string): boolean {
  return normalized(built) === normalized(onDisk);
}

/**
 * A checker of `(generated file, original file)` pairs, each compared once: the map's
 * `sourcesContent` of `originalFile` (as {@link SourceMapper.originalPosition} names it) against
 * the workspace file it resolves to, read through `files`. One diff per differing pair
 * (Myers, O((N+M)·D) in lines).
 */
export function createBuildSourceChecker(mapper: SourceMapper, resolver: PathResolver, files: SourceMapFiles): (generatedFile: string, originalFile: string) => BuildSourceCheck {
  const checked = new Map<string, BuildSourceCheck>();
  return (generatedFile, originalFile) => {
    const key = `${generatedFile}\n${originalFile}`;
    let check = checked.get(key);
    if (check === undefined) {
      check = compare(mapper.sourceContentIn(generatedFile, originalFile), originalFile, resolver, files);
      checked.set(key, check);
    }
    return check;
  };
}

function compare(built: string | undefined, originalFile: string, resolver: PathResolver, files: SourceMapFiles): BuildSourceCheck {
  if (built === undefined) return UNCHECKED;
  const resolution = resolver.resolve(originalFile);
  if (resolution.kind !== 'resolved') return UNCHECKED;
  const onDisk = files.readText(resolution.absolutePath);
  if (onDisk === undefined) return UNCHECKED;
  const where = { absolutePath: resolution.absolutePath, relativePath: resolution.relativePath };
  if (isSameSourceText(built, onDisk)) return { kind: 'same', ...where };
  return { kind: 'differs', ...where, lineMap: mapLines(built, onDisk) };
}
