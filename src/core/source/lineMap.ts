/**
 * Where the lines of one version of a file are in another: a line-level diff (jsdiff's
 * `diffArrays`, Myers' algorithm) from the text a profile was recorded against to the text of
 * today. Only lines the diff keeps unchanged are mapped; an edited, moved or deleted line has no
 * counterpart (a lens is then hidden, never put on a neighbour).
 */
import { diffArrays } from 'diff';

/** 1-based line in `before` → 1-based line in `after`, or undefined when the line did not survive unchanged. */
export type LineMap = (line: number) => number | undefined;

/** Builds the {@link LineMap} from `before` to `after` (line ends `\n` or `\r\n`). */
export function mapLines(before: string, after: string): LineMap {
  const oldLines = before.split(/\r?\n/);
  const newLines = after.split(/\r?\n/);
  const mapped = new Int32Array(oldLines.length).fill(-1);
  let o = 0;
  let n = 0;
  for (const change of diffArrays(oldLines, newLines)) {
    const count = change.value.length;
    if (change.added) n += count;
    else if (change.removed) o += count;
    else for (let i = 0; i < count; i++) mapped[o++] = n++;
  }
  return (line) => {
    const to = line >= 1 && line <= mapped.length ? mapped[line - 1]! : -1;
    return to < 0 ? undefined : to + 1;
  };
}
