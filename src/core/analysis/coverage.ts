/**
 * Path-mapping coverage: how much of the weight in non-dependency, non-runtime frames resolved
 * to a workspace file, and which recorded paths did not.
 */
import type { PathResolution, PathResolver } from '../paths/types';
import { pathCandidates } from '../paths/unresolvedAdvice';
import { compiledSourceOf } from './unplacedRecordedSites';
import type { PathCoverage } from './types';

/** Reasons that make a path no candidate for the user's code. */
const NOT_CANDIDATE = new Set(['no-file', 'dependency', 'runtime']);

/**
 * @param files per distinct recorded path: its resolution and the weight of samples through it
 *   (each sample counted once per path).
 * @param maxUnresolved how many unresolved paths to list (heaviest first); default 20.
 * @param resolver when given, ambiguous paths listed get their candidates and `--map` rules, and
 *   generated JavaScript missing here while its TypeScript source is in the workspace gets that source
 *   (`compiledSource`: build first, no `--map` helps).
 */
export function buildCoverage(
  files: Iterable<readonly [string, { readonly resolution: PathResolution; readonly weight: number }]>,
  maxUnresolved = 20,
  resolver?: PathResolver,
): PathCoverage {
  let candidateWeight = 0;
  let resolvedWeight = 0;
  const counts: Record<string, number> = {};
  const unresolved: PathCoverage['unresolved'][number][] = [];
  for (const [profileFile, { resolution, weight }] of files) {
    const kind = resolution.kind === 'resolved' ? 'resolved' : resolution.reason;
    counts[kind] = (counts[kind] ?? 0) + 1;
    if (NOT_CANDIDATE.has(kind)) continue;
    candidateWeight += weight;
    if (resolution.kind === 'resolved') resolvedWeight += weight;
    else unresolved.push({ profileFile, weight, resolution });
  }
  unresolved.sort((a, b) => b.weight - a.weight);
  return {
    candidateWeight,
    resolvedWeight,
    percent: candidateWeight > 0 ? (resolvedWeight / candidateWeight) * 100 : 100,
    unresolved: unresolved.slice(0, maxUnresolved).map((u) => {
      const candidates = resolver ? pathCandidates(u.profileFile, u.resolution, resolver) : [];
      const compiledSource = resolver && u.resolution.kind === 'unresolved' && u.resolution.reason === 'not-found' ? compiledSourceOf(u.profileFile, resolver) : undefined;
      return { ...u, ...(candidates.length > 0 ? { candidates } : {}), ...(compiledSource !== undefined ? { compiledSource } : {}) };
    }),
    counts,
  };
}
