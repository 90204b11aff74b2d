/**
 * The per-function rows of an analysis (`Analysis.functions`): flat and cum per function,
 * heaviest cum first, then heaviest flat, then first seen. Made from the counter's typed arrays;
 * an object is built only for a function that is returned.
 */
import type { FrameTable } from '../profile/columns/frameTable';
import type { FrameKeys } from './frameKeys';
import type { FlatCumTables } from './flatCum';
import type { FunctionStat } from './types';

/**
 * Every function with cum > 0, or with `max` the `max` heaviest of them plus, when none of those is
 * in a `.go` file, the heaviest one that is (appended last: `attributionText.ts` tells Go from Node
 * by it, as `profileWorker.ts` keeps it). Weights in the profile's unit.
 * A CLI prints 10 rows of 218,000 functions on the 50 MB synthetic, whose rows as objects held
 * ~20 MB of heap at the end of the analysis (perf-mem); the order is the one a stable sort by
 * (cum, flat) of every function in id order gives, so the first rows are the same either way.
 */
export function functionStats(frames: FrameTable, keys: FrameKeys, tables: FlatCumTables, max = Infinity): FunctionStat[] {
  const { functionCum: cum, functionFlat: flat } = tables;
  const heavier = (a: number, b: number) => cum[b]! - cum[a]! || flat[b]! - flat[a]! || a - b;
  const counted = function* () {
    for (let id = 0; id < keys.functionCount; id++) if (cum[id]! > 0) yield id;
  };
  // With a cap, the ids are streamed (the synthetic's 218,000 in an array: ~2 MB of heap at the analysis's end).
  const ids = max < keys.functionCount ? heaviest(counted, max, heavier, goFunctionOf(frames, keys)) : [...counted()].sort(heavier);
  return ids.map((id) => {
    const frame = keys.functionFrame[id]!;
    return { name: frames.strings[frames.nameId[frame]!]!, file: frames.strings[frames.fileId[frame]!]!, flat: flat[id]!, cum: cum[id]! };
  });
}

/**
 * The `max` first of `ids()` in `order`, sorted, then the first in `order` of those `isGo` tells
 * when none of them is (there is none beyond them when all fit).
 */
function heaviest(ids: () => Iterable<number>, max: number, order: (a: number, b: number) => number, isGo: (id: number) => boolean): number[] {
  const top = boundedSelect(ids(), max, order);
  if (top.some(isGo)) return top;
  let go = -1;
  for (const id of ids()) if (isGo(id) && (go < 0 || order(id, go) < 0)) go = id;
  return go < 0 ? top : [...top, go];
}

/** The `max` first of `ids` in `order`, sorted: a heap whose root is the last kept; O(n log max). */
function boundedSelect(ids: Iterable<number>, max: number, order: (a: number, b: number) => number): number[] {
  const heap: number[] = [];
  const later = (i: number, j: number) => order(heap[i]!, heap[j]!) > 0;
  const swap = (i: number, j: number) => ([heap[i], heap[j]] = [heap[j]!, heap[i]!]);
  for (const id of ids) {
    if (heap.length < max) {
      heap.push(id);
      for (let i = heap.length - 1; i > 0 && later(i, (i - 1) >> 1); i = (i - 1) >> 1) swap(i, (i - 1) >> 1);
    } else if (max > 0 && order(id, heap[0]!) < 0) {
      heap[0] = id;
      for (let i = 0; ; ) {
        const l = 2 * i + 1;
        const r = l + 1;
        let last = i;
        if (l < heap.length && later(l, last)) last = l;
        if (r < heap.length && later(r, last)) last = r;
        if (last === i) break;
        swap(i, last);
        i = last;
      }
    }
  }
  return heap.sort(order);
}

/** Whether function `id` is in a `.go` file, judged once per file. */
function goFunctionOf(frames: FrameTable, keys: FrameKeys): (id: number) => boolean {
  const byFile = new Map<number, boolean>();
  return (id) => {
    const file = frames.fileId[keys.functionFrame[id]!]!;
    let go = byFile.get(file);
    if (go === undefined) byFile.set(file, (go = frames.strings[file]!.endsWith('.go')));
    return go;
  };
}
