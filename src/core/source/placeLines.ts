/**
 * Places lines a profile recorded in a text that may have changed since, by what they contain
 * rather than where they were: each target names the function it lies in and a test of what its
 * line does (calls the frames its chain names, `callsOnLine.ts`); the lines of that function that
 * pass the test are its candidates, and the targets of one file are matched to candidates all
 * together, in their recorded order, moving as little as possible. A target with no candidate
 * within {@link PLACE_WINDOW} lines of where it is expected stays unplaced: a lens is hidden,
 * never put on a line that does something else.
 */
import { headPatterns, isHead } from './functionHeads';

/** One recorded line to place. */
export interface LineTarget {
  /** 1-based line where it is expected in the text searched: the recorded line, or where a diff carried its neighbours. */
  readonly expectedLine: number;
  /** Short name of the function holding it (`functionHeads.ts`'s shortFunctionName); undefined: anywhere near. */
  readonly functionName: string | undefined;
  /** True when a line (untrimmed) does what the profile recorded there, wherever it is now. */
  readonly fits: (lineText: string) => boolean;
  /** A looser test, enough on the expected line itself (nothing moved there): e.g. any DynamoDB call. */
  readonly fitsInPlace?: (lineText: string) => boolean;
}

/** How far (in lines) from its expected line a target is looked for. */
export const PLACE_WINDOW = 300;
/** Lines after a head searched for the `{` that opens the body (parameter lists, return types). */
const MAX_HEAD_LINES = 40;
const GO_TOP_LEVEL = /^func\b/;

/**
 * 0-based last line of the body of the function declared on 0-based `head`: the line at the head's
 * indentation that starts with `}` after the line ending in `{` that opens the body; the line
 * before the next Go top-level `func`, or the last line, when no such brace is found.
 */
export function functionBodyEnd(lines: readonly string[], head: number): number {
  const indent = /^\s*/.exec(lines[head] ?? '')![0];
  let open = -1;
  for (let i = head; i < Math.min(lines.length, head + MAX_HEAD_LINES); i++) {
    if (i > head && GO_TOP_LEVEL.test(lines[i]!)) break;
    if (/\{\s*(\/\/.*)?$/.test(lines[i]!)) {
      open = i;
      break;
    }
  }
  if (open >= 0) {
    for (let i = open + 1; i < lines.length; i++) {
      const text = lines[i]!;
      if (text.startsWith(indent) && /^[}]/.test(text.slice(indent.length))) return i;
    }
  }
  for (let i = head + 1; i < lines.length; i++) if (GO_TOP_LEVEL.test(lines[i]!)) return i - 1;
  return lines.length - 1;
}

/** 0-based [first, last] line ranges of the functions named `name` in `lines`. */
function functionRanges(lines: readonly string[], name: string, cache: Map<string, [number, number][]>): [number, number][] {
  let ranges = cache.get(name);
  if (!ranges) {
    const patterns = headPatterns(name);
    ranges = [];
    for (let i = 0; i < lines.length; i++) if (lines[i]!.includes(name) && isHead(lines[i]!, patterns)) ranges.push([i, functionBodyEnd(lines, i)]);
    cache.set(name, ranges);
  }
  return ranges;
}

/** 0-based candidate lines of `target`, ascending: in its function, within the window, allowed, passing its test. */
function candidates(lines: readonly string[], target: LineTarget, allowed: ((index: number) => boolean) | undefined, cache: Map<string, [number, number][]>): number[] {
  const expected = target.expectedLine - 1;
  const low = Math.max(0, expected - PLACE_WINDOW);
  const high = Math.min(lines.length - 1, expected + PLACE_WINDOW);
  const ranges = target.functionName === undefined ? [[low, high] as [number, number]] : functionRanges(lines, target.functionName, cache);
  const out = new Set<number>();
  for (const [first, last] of ranges) {
    for (let i = Math.max(first, low); i <= Math.min(last, high); i++) if ((!allowed || allowed(i)) && target.fits(lines[i]!)) out.add(i);
  }
  if (expected < lines.length && (!allowed || allowed(expected)) && target.fitsInPlace?.(lines[expected]!)) out.add(expected);
  return [...out].sort((a, b) => a - b);
}

/**
 * 1-based line of each target in `lines` (same order as `targets`), or undefined where none fits.
 * Targets keep their recorded order (sorted by `expectedLine`, ties in the given order) and never
 * share a line; among such assignments the one with the least total distance from the expected
 * lines wins, leaving a target out costing {@link PLACE_WINDOW}. `allowed` (0-based line) limits
 * the lines that may be used, e.g. to lines a diff says are new. O(targets × candidate lines).
 */
export function placeLines(lines: readonly string[], targets: readonly LineTarget[], allowed?: (index: number) => boolean): (number | undefined)[] {
  const order = targets.map((_, i) => i).sort((a, b) => targets[a]!.expectedLine - targets[b]!.expectedLine || a - b);
  const cache = new Map<string, [number, number][]>();
  const fitting = order.map((t) => new Set(candidates(lines, targets[t]!, allowed, cache)));
  const pool = [...new Set(fitting.flatMap((s) => [...s]))].sort((a, b) => a - b);
  const n = order.length;
  const m = pool.length;
  // cost[i][k]: least cost of the first i targets over the first k pool lines; step records the move.
  const width = m + 1;
  const cost = new Float64Array((n + 1) * width);
  const step = new Uint8Array((n + 1) * width); // 0 start, 1 target left out, 2 line skipped, 3 matched
  for (let i = 1; i <= n; i++) {
    cost[i * width] = cost[(i - 1) * width]! + PLACE_WINDOW;
    step[i * width] = 1;
  }
  for (let k = 1; k <= m; k++) step[k] = 2;
  for (let i = 1; i <= n; i++) {
    const expected = targets[order[i - 1]!]!.expectedLine - 1;
    for (let k = 1; k <= m; k++) {
      let best = cost[(i - 1) * width + k]! + PLACE_WINDOW;
      let move = 1;
      const skip = cost[i * width + k - 1]!;
      if (skip < best) {
        best = skip;
        move = 2;
      }
      if (fitting[i - 1]!.has(pool[k - 1]!)) {
        const match = cost[(i - 1) * width + k - 1]! + Math.abs(pool[k - 1]! - expected);
        if (match < best) {
          best = match;
          move = 3;
        }
      }
      cost[i * width + k] = best;
      step[i * width + k] = move;
    }
  }
  const placed: (number | undefined)[] = new Array(targets.length).fill(undefined);
  for (let i = n, k = m; i > 0; ) {
    const move = step[i * width + k];
    if (move === 3) placed[order[i - 1]!] = pool[k - 1]! + 1;
    if (move === 1 || move === 3) i--;
    if (move === 2 || move === 3) k--;
  }
  return placed;
}
