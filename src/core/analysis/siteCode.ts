/**
 * The code at a call site, for estimates: which DynamoDB operations the statement (or the
 * function, for a V8 frame at its declaration) that a user frame points at runs.
 */
import type { FrameTable } from '../profile/columns/frameTable';
import type { PathResolver } from '../paths/types';
import type { SourceMapFiles } from '../sourcemap/sourceMapper';
import { codeStartingAt, operationsInCode, type CodeOperations } from '../source/operationsInCode';

/**
 * A reader of the operations at user frames: `frame` → the operations its line's statement or
 * function body calls; undefined when the frame has no line, its file does not resolve to the
 * workspace or cannot be read through `sources`. Each file is read once.
 */
export function codeOperationsReader(frames: FrameTable, resolver: PathResolver, sources: SourceMapFiles | undefined): (frame: number) => CodeOperations | undefined {
  const texts = new Map<string, string | undefined>();
  return (id) => {
    if (!sources || !(id < frames.length) || !(frames.line[id]! > 0)) return undefined;
    const line = frames.line[id]!;
    const resolution = resolver.resolve(frames.strings[frames.fileId[id]!]!);
    if (resolution.kind !== 'resolved') return undefined;
    if (!texts.has(resolution.absolutePath)) texts.set(resolution.absolutePath, sources.readText(resolution.absolutePath));
    const text = texts.get(resolution.absolutePath);
    return text === undefined ? undefined : operationsInCode(codeStartingAt(text, line));
  };
}
