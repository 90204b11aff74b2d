/**
 * The caller breakdown of call sites (`CallSite.callers`, `CallSite.thinWrapper`), built from
 * what the attribution pass accumulated per call site (`attribute.ts`).
 */
import { isExactLine } from './exactLine';
import type { Frame } from '../profile/model';
import { frameAt, type FrameTable } from '../profile/columns/frameTable';
import type { PathResolver } from '../paths/types';
import type { CallSiteAccumulator } from './attribute';
import type { FrameKeys } from './frameKeys';
import type { FlatCumTables } from './flatCum';
import type { CallerShare, CallSite } from './types';

/**
 * A call site's `callers` and `noCallerWeight` (see {@link CallSite.callers}); nothing when no
 * caller resolved to the workspace. A caller seen only as a stack frame (a V8 frame carries its
 * function's head line) of a function that also has recorded callers (exact call lines) is
 * folded into those, in proportion to their weights: the same calls, seen without a label.
 */
export function callerShares(site: CallSiteAccumulator, frames: FrameTable, keys: FrameKeys, resolver: PathResolver): Pick<CallSite, 'callers' | 'noCallerWeight'> {
  const shares = [...site.callers.values()].map((c) => ({ ...c }));
  const recorded = shares.filter((share) => share.recorded);
  const kept = shares.filter((share) => {
    const exact = share.recorded ? [] : recorded.filter((r) => sameFunction(frameAt(frames, r.frame), keys.functionOf[r.frame]!, frameAt(frames, share.frame), keys.functionOf[share.frame]!));
    if (exact.length === 0) return true;
    const sum = exact.reduce((total, e) => total + e.dynamoWeight, 0);
    for (const e of exact) {
      e.dynamoWeight += (share.dynamoWeight * e.dynamoWeight) / sum;
      e.dynamoCount += (share.dynamoCount * e.dynamoWeight) / sum;
    }
    return false;
  });
  const callers: CallerShare[] = [];
  for (const share of kept) {
    const frame = frameAt(frames, share.frame);
    const resolution = resolver.resolve(frame.file);
    if (resolution.kind !== 'resolved') continue;
    callers.push({ profileFile: frame.file, relativePath: resolution.relativePath, absolutePath: resolution.absolutePath, line: frame.line, functionName: frame.name, dynamoWeight: share.dynamoWeight, dynamoCount: share.dynamoCount });
  }
  if (callers.length === 0) return {};
  callers.sort((a, b) => b.dynamoWeight - a.dynamoWeight || a.relativePath.localeCompare(b.relativePath) || a.line - b.line);
  const through = callers.reduce((sum, c) => sum + c.dynamoWeight, 0);
  const rest = site.dynamoWeight - through;
  return { callers, noCallerWeight: rest > site.dynamoWeight * 1e-9 ? rest : 0 };
}

/**
 * True when recorded caller frame `exact` lies in the function of stack frame `seen`: the same
 * function, or both anonymous in one file with the recorded line at or below the frame's (V8 names
 * an anonymous function `(anonymous)` in a stack trace, @datadog/pprof `(anonymous:L#5:C#24)`).
 */
function sameFunction(exact: Frame, exactFn: number, seen: Frame, seenFn: number): boolean {
  if (exactFn === seenFn) return true;
  const anonymous = (f: Frame) => f.name.startsWith('(anonymous');
  return anonymous(exact) && anonymous(seen) && exact.file === seen.file && exact.line >= seen.line;
}

/** Share of a function's cumulative weight its only call site's line must hold for the function to be a thin wrapper. */
const THIN_WRAPPER_SHARE = 0.9;

/**
 * Sets {@link CallSite.thinWrapper} on the call sites that are all their function does (in place).
 * `functionOf[i]` is the function id (`FrameKeys`) of `sites[i]`.
 */
export function markThinWrappers(sites: CallSite[], functionOf: readonly number[], tables: FlatCumTables): void {
  const sitesOf = new Map<number, number>();
  for (const fn of functionOf) sitesOf.set(fn, (sitesOf.get(fn) ?? 0) + 1);
  sites.forEach((site, i) => {
    const fn = functionOf[i]!;
    // A module's top level (an anonymous function at its first line) runs once at require: no wrapper.
    const moduleScope = site.line <= 1 && site.functionName.startsWith('(anonymous');
    if (sitesOf.get(fn) !== 1 || site.precision === 'function' || moduleScope) return;
    // V8 (.cpuprofile, Node pprof) gives a frame its function's first line: only a recorded line tells what the function does beyond the call.
    if (isExactLine(site) && site.totalWeight >= THIN_WRAPPER_SHARE * tables.functionCum[fn]!) sites[i] = { ...site, thinWrapper: true };
  });
}
