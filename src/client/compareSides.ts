/**
 * The profiles of each side of Compare with Baseline as the user gave them (picked in dialogs or
 * named in the command's argument), turned into the server request's fields. No `vscode` here, so
 * the mapping and the request-count check are unit-tested.
 */
import type { CompareProfilesParams } from '../shared/protocol';
import { parseRequestInput, RequestCountError } from '../core/compare/requestCount';

/**
 * One profile of a side: its absolute path (absent: the loaded profile, only as the first of the
 * new side) and its request count as typed (`990`, `30.06M`, `49.35/s`; empty or absent: its run
 * record `<profile>.json` when present).
 */
export interface SideProfile {
  readonly path?: string;
  readonly requests?: string;
}

/** Input-box validation: undefined when `text` is empty or a request count the core reads, else why not. */
export function validateRequestCount(text: string): string | undefined {
  if (text.trim() === '') return undefined;
  try {
    parseRequestInput(text);
    return undefined;
  } catch (e) {
    return e instanceof RequestCountError ? e.message : String(e);
  }
}

/** `x`, `[x, y]` or nothing as a list (the command's argument takes one path or several). */
export function listOf<T>(x: T | readonly T[] | undefined): readonly T[] {
  return x === undefined ? [] : Array.isArray(x) ? (x as readonly T[]) : [x as T];
}

/**
 * The request's profile fields: the first baseline is `baselinePath`, the first new profile
 * `afterPath` (none: the loaded profile), the others `moreBaselines` / `moreAfters`; empty request
 * counts are left out (the server then reads the run record).
 * @throws RangeError when there is no baseline, a baseline has no path, or a new profile other than
 *   the first has none
 */
export function compareParamsOf(baselines: readonly SideProfile[], afters: readonly SideProfile[]): Omit<CompareProfilesParams, 'progressId'> {
  const [first, ...moreBaselines] = baselines;
  if (!first?.path) throw new RangeError('Compare with Baseline needs a baseline profile');
  const [after, ...moreAfters] = afters;
  const typed = (r: string | undefined) => (r !== undefined && r.trim() !== '' ? r : undefined);
  const replicate = (p: SideProfile, side: string) => {
    if (!p.path) throw new RangeError(`every ${side} profile but the loaded one needs a path`);
    const requests = typed(p.requests);
    return { path: p.path, ...(requests ? { requests } : {}) };
  };
  const baselineRequests = typed(first.requests);
  const afterRequests = typed(after?.requests);
  return {
    baselinePath: first.path,
    ...(baselineRequests ? { baselineRequests } : {}),
    ...(after?.path ? { afterPath: after.path } : {}),
    ...(afterRequests ? { afterRequests } : {}),
    ...(moreBaselines.length ? { moreBaselines: moreBaselines.map((p) => replicate(p, 'baseline')) } : {}),
    ...(moreAfters.length ? { moreAfters: moreAfters.map((p) => replicate(p, 'new')) } : {}),
  };
}

/** The file name of a path, for titles. */
export function fileName(path: string): string {
  return path.slice(Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\')) + 1);
}

/**
 * The command's argument, for tests and other extensions: the baseline profile or several runs of
 * the baseline build; the new profile(s) (the first is loaded, replacing the loaded one; absent: the
 * loaded profile); request counts as typed, one per profile in the same order. No dialog is shown
 * for what it gives.
 */
export interface CompareWithBaselineArgs {
  readonly baseline: string | readonly string[];
  readonly after?: string | readonly string[];
  /** As typed in the input box: `990`, `30.06M`, `49.35/s`; empty or absent = run record or shares. */
  readonly baselineRequests?: string | readonly string[];
  readonly afterRequests?: string | readonly string[];
}

/** The sides an argument names; `toPath` turns a path or `file:` URI string into a path. */
export function sidesOfArgs(a: CompareWithBaselineArgs, toPath: (x: string) => string): { baselines: SideProfile[]; afters: SideProfile[] } {
  const withCounts = (paths: readonly string[], counts: readonly string[]) => paths.map((p, i) => ({ path: toPath(p), ...(counts[i] !== undefined ? { requests: counts[i] } : {}) }));
  const afterCounts = listOf(a.afterRequests);
  const afterPaths = listOf(a.after);
  return {
    baselines: withCounts(listOf(a.baseline), listOf(a.baselineRequests)),
    afters: afterPaths.length ? withCounts(afterPaths, afterCounts) : [afterCounts[0] !== undefined ? { requests: afterCounts[0] } : {}],
  };
}
