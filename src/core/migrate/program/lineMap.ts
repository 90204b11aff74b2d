import { diffArrays } from 'diff';

/**
 * Maps each 0-based line of `after` to the 0-based line of `before` it comes from (a line diff):
 * lines that replace removed lines map to those, in order; a line only inserted maps to the
 * original line it was inserted before (or the last one).
 */
export function lineMapper(before: string, after: string): (afterLine: number) => number {
  const map: number[] = [];
  let line = 0;
  let removed: { start: number; count: number } | undefined;
  const beforeLines = before.split('\n');
  for (const part of diffArrays(beforeLines, after.split('\n'))) {
    if (part.removed) {
      removed = { start: line, count: part.value.length };
      line += part.value.length;
      continue;
    }
    for (let i = 0; i < part.value.length; i++) {
      if (!part.added) map.push(line++);
      else if (removed) map.push(removed.start + Math.min(i, removed.count - 1));
      else map.push(Math.min(line, beforeLines.length - 1));
    }
    removed = undefined;
  }
  return (l) => map[Math.min(l, map.length - 1)] ?? 0;
}
