/**
 * Positions in modules that a loader transformed in memory (tsx, ts-node, @swc/register, babel's
 * register hook): V8 reports them in the code it ran — tsx puts a whole `.ts` module on one or two
 * lines — while the file on disk is the source the user edits. Such loaders register a source map
 * for each module with Node (`process.setSourceMapsEnabled(true)`, so that stack traces read
 * right), and `node:module`'s `findSourceMap` returns it; its original source is the module's own
 * file. Positions of other modules (plain JavaScript, or `dist/*.js` whose maps lie on disk and are
 * read by the analysis) are left as they are.
 */
import { findSourceMap } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { UserFrame } from './callSite';

/** A module file name as V8 reports it (a path, or a `file:` URL for ES modules) → a path. */
function pathOf(name: string): string | undefined {
  if (!name.startsWith('file:')) return name;
  try {
    return fileURLToPath(name);
  } catch {
    return undefined;
  }
}

/**
 * `frame` with its line and column (1-based) in the source on disk when its module was
 * transformed in memory and Node holds the loader's source map for it (the map's original source
 * is the module's own file); otherwise `frame` itself. The file name is kept as V8 reported it.
 * Costs a map lookup: call once per distinct position. Never throws.
 */
export function sourcePositionOf<T extends UserFrame>(frame: T): T {
  try {
    const map = findSourceMap(frame.file);
    if (!map) return frame;
    const entry = map.findEntry(frame.line - 1, frame.column - 1) as Partial<{ originalSource: string; originalLine: number; originalColumn: number }>;
    if (typeof entry.originalLine !== 'number' || typeof entry.originalColumn !== 'number' || typeof entry.originalSource !== 'string') return frame;
    if (pathOf(entry.originalSource) !== pathOf(frame.file)) return frame;
    return { ...frame, line: entry.originalLine + 1, column: entry.originalColumn + 1 };
  } catch {
    return frame;
  }
}
