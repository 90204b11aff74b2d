/**
 * Comparison of two sets of profiles (replicate runs per side), in memory: the core that
 * `compare --before A [B…] --after C [D…]` and other callers (e.g. a deploy comparison fed by a
 * profiling service) use. Each side's profiles are pooled for the per-row tables
 * (mergeProfiles.ts); each profile with a request count gives its own CPU and DynamoDB marshalling
 * per request, and the change of their means gets an interval from the replicates (replicates.ts).
 */
import { analyzeWithSources } from '../analysis/prepare';
import type { Analysis } from '../analysis/types';
import type { PathResolver } from '../paths/types';
import type { Profile } from '../profile/model';
import { compareAnalyses, CompareError, type CompareOptions } from './compareAnalyses';
import { poolProfiles } from './mergeProfiles';
import { replicateTotals, type ReplicateValue } from './replicates';
import { RequestCountError, resolveRequests, type RequestInput, type ResolvedRequests } from './requestCount';
import type { Comparison } from './types';
import { statsOfLabelSets, type RecordedSiteStats } from '../analysis/siteStats';

/** One profile of a side and, optionally, how many requests it served. */
export interface ProfileReplicate {
  readonly profile: Profile;
  readonly requests?: RequestInput | ResolvedRequests;
  /** Counts of its call sites written beside it (a run record's `callSites`). */
  readonly recordedStats?: readonly RecordedSiteStats[];
}

export interface CompareSetsOptions extends CompareOptions {
  /** Maps the profiles' source paths to workspace files (`createPathResolver`). */
  readonly resolver: PathResolver;
}

/** Analyses of each profile and of the pooled side, with the resolved request counts. */
export interface AnalysedSide {
  readonly pooled: { readonly profile: Profile; readonly analysis: Analysis };
  readonly replicates: readonly { readonly profile: Profile; readonly analysis: Analysis; readonly requests?: ResolvedRequests }[];
}

function resolve(r: ProfileReplicate): ResolvedRequests | undefined {
  if (!r.requests) return undefined;
  return 'kind' in r.requests ? resolveRequests(r.requests, r.profile.durationNs) : r.requests;
}

function analyseSide(side: readonly ProfileReplicate[], label: string, resolver: PathResolver): AnalysedSide {
  if (side.length === 0) throw new CompareError(`the ${label} side has no profile`);
  const twice = side.find((r, i) => side.findIndex((o) => o.profile.sourcePath === r.profile.sourcePath) !== i);
  // A run given twice would count as two runs that agree exactly and narrow the interval.
  if (twice) throw new CompareError(`${twice.profile.sourcePath} is given twice on the ${label} side: each run counts once`);
  const replicates = side.map((r) => {
    const requests = resolve(r);
    return { profile: r.profile, analysis: analyzeWithSources(r.profile, { resolver, ...(r.recordedStats ? { recordedStats: r.recordedStats } : {}) }).analysis, ...(requests ? { requests } : {}) };
  });
  const pooledProfile = poolProfiles(side.map((r) => r.profile), side.length === 1 ? side[0]!.profile.sourcePath : `${side.length} ${label} profiles`);
  // The pool merges equal label sets of different processes: each profile's counts are added up here instead.
  const recordedStats = side.flatMap((r) => [...statsOfLabelSets(r.profile.labelSets).sites, ...(r.recordedStats ?? [])]);
  const pooled = { profile: pooledProfile, analysis: side.length === 1 ? replicates[0]!.analysis : analyzeWithSources(pooledProfile, { resolver, statsFromLabels: false, recordedStats }).analysis };
  return { pooled, replicates };
}

function valueOf(r: AnalysedSide['replicates'][number]): ReplicateValue {
  const n = r.requests!.requests;
  return {
    path: r.profile.sourcePath,
    requests: n,
    cpuPerRequest: r.analysis.totalWeight / n,
    dynamoPerRequest: r.analysis.dynamoWeight / n,
    samples: r.analysis.totalCount,
    dynamoSamples: r.analysis.dynamoCount,
  };
}

function pooledRequests(side: AnalysedSide): ResolvedRequests | undefined {
  if (side.replicates.some((r) => !r.requests)) return undefined;
  if (side.replicates.length === 1) return side.replicates[0]!.requests;
  return { requests: side.replicates.reduce((a, r) => a + r.requests!.requests, 0), source: side.replicates.map((r) => r.requests!.source).join(' + ') };
}

/** A side where some profiles have a request count and others not: per request needs them all. */
function partialCountNotes(side: AnalysedSide, label: string): string[] {
  const missing = side.replicates.filter((r) => !r.requests).map((r) => r.profile.sourcePath);
  if (missing.length === 0 || missing.length === side.replicates.length) return [];
  return [`${label}: no request count for ${missing.join(', ')} (typed or in a run record), so nothing is compared per request: every profile of a side needs one.`];
}

/**
 * Per request needs both sides' requests: a count on one side only is an error that names the missing side.
 * @throws RequestCountError
 */
function onlyOneSideCounted(b: AnalysedSide, a: AnalysedSide): void {
  const counted = (side: AnalysedSide) => side.replicates.some((r) => r.requests);
  for (const [given, missing] of [['before', 'after'], ['after', 'before']] as const) {
    const [g, m] = given === 'before' ? [b, a] : [a, b];
    if (counted(g) && !counted(m)) {
      throw new RequestCountError(`requests are known for the ${given} profile only: the ${missing} side's request count is missing (--requests-${missing}, or its run record), so nothing can be compared per request; give both or neither`);
    }
  }
}

/**
 * Compares the profiles of `before` with those of `after` (one or more per side).
 * @returns the comparison of the pooled sides (with `replicates` when every profile has a request
 *   count) and each side's analyses
 * @throws CompareError when a side is empty, names a profile twice or its profiles record different
 *   value columns, or the sides' units differ; RequestCountError for an unusable request count, or
 *   one counted on one side only
 */
export function compareProfileSets(
  before: readonly ProfileReplicate[],
  after: readonly ProfileReplicate[],
  options: CompareSetsOptions,
): { readonly comparison: Comparison; readonly before: AnalysedSide; readonly after: AnalysedSide } {
  const b = analyseSide(before, 'before', options.resolver);
  const a = analyseSide(after, 'after', options.resolver);
  const bReq = pooledRequests(b);
  const aReq = pooledRequests(a);
  onlyOneSideCounted(b, a);
  const comparison = compareAnalyses({ analysis: b.pooled.analysis, ...(bReq ? { requests: bReq } : {}) }, { analysis: a.pooled.analysis, ...(aReq ? { requests: aReq } : {}) }, options);
  // Per-request means of values that measure different things would have a meaningless interval.
  const replicates = bReq && aReq && comparison.absolute.comparable ? replicateTotals(b.replicates.map(valueOf), a.replicates.map(valueOf)) : undefined;
  const notes = [...partialCountNotes(b, 'before'), ...partialCountNotes(a, 'after'), ...comparison.notes, ...(replicates ? [replicates.note] : [])];
  return { comparison: { ...comparison, ...(replicates ? { replicates } : {}), notes }, before: b, after: a };
}
