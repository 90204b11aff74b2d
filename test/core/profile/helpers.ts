import { readFileSync } from 'node:fs';
import type { Frame, Profile } from '../../../src/core/profile/model';

/** Reads a fixture file (path relative to the repository root). */
export function fixture(path: string): Uint8Array {
  return readFileSync(path);
}

/** Sum of `count` over the samples (profiler ticks / pprof `samples` column). */
export function totalCount(p: Profile): number {
  return p.samples.reduce((a, s) => a + s.count, 0);
}

/** Flat weight: samples whose leaf frame matches. */
export function flatWeight(p: Profile, match: (f: Frame) => boolean): number {
  let w = 0;
  for (const s of p.samples) if (s.stack.length > 0 && match(p.frames[s.stack[0]])) w += s.weight;
  return w;
}

/** Cumulative weight: samples with at least one matching frame (each sample counted once). */
export function cumWeight(p: Profile, match: (f: Frame) => boolean): number {
  let w = 0;
  for (const s of p.samples) {
    for (const id of s.stack) {
      if (match(p.frames[id])) {
        w += s.weight;
        break;
      }
    }
  }
  return w;
}
