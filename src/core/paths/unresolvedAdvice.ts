/**
 * What to do about a profile path that did not resolve: for an ambiguous path, each candidate
 * workspace file with the exact `--map FROM=TO` that picks it (as Go files placed by package
 * already get, `goPackageFiles.ts`).
 */
import { existsSync } from 'node:fs';
import { isAbsolute } from 'node:path';
import { mapFlag, mapRuleFor } from './mapRuleFor';
import type { PathMappingRule, PathResolution, PathResolver } from './types';

/** A workspace file an ambiguous profile path may be, and the rule that picks it (absent when no prefix rule can). */
export interface PathCandidate {
  readonly relativePath: string;
  readonly map?: PathMappingRule;
}

/** At most this many candidates are checked and listed per path. */
const MAX_CANDIDATES = 5;

/** The candidates of an `ambiguous` resolution with their rules, in the resolver's order; `[]` for any other resolution. */
export function pathCandidates(profilePath: string, resolution: PathResolution, resolver: PathResolver): PathCandidate[] {
  if (resolution.kind !== 'unresolved' || resolution.reason !== 'ambiguous') return [];
  return (resolution.candidates ?? []).slice(0, MAX_CANDIDATES).map((relativePath) => {
    const map = mapRuleFor(profilePath, relativePath, resolver);
    return { relativePath, ...(map ? { map } : {}) };
  });
}

/**
 * The action for an unresolved path, one line: `add --map /var/task=svc-a (→ svc-a/src/a.js) or
 * --map /var/task=svc-b (→ svc-b/src/a.js)` for an ambiguous path with candidates, else the generic `add --map FROM=TO`.
 */
export function unresolvedAction(candidates: readonly PathCandidate[] | undefined, totalCandidates?: number): string {
  const ruled = (candidates ?? []).filter((c) => c.map);
  if (ruled.length === 0) return candidates && candidates.length > 0 ? `matches ${candidates.map((c) => c.relativePath).join(', ')}: add --map FROM=TO` : 'add --map FROM=TO';
  const more = (totalCandidates ?? ruled.length) > ruled.length ? ` (${totalCandidates} candidates)` : '';
  return `add ${ruled.map((c) => `${mapFlag(c.map!)} (→ ${c.relativePath})`).join(' or ')}${more}`;
}

/**
 * The action for one unresolved profile path: a `not-found` absolute path that exists on this
 * machine lies outside the analysed root, which no `--map` fixes (trial6 F14: a load driver beside
 * the project); generated JavaScript not built here (`compiledSource`: its TypeScript source) needs a
 * build, not a `--map` (trial7 N6); any other path gets `unresolvedAction`. Reads the file system (one `existsSync`).
 */
export function unresolvedPathAction(profileFile: string, resolution: PathResolution, candidates: readonly PathCandidate[] | undefined, compiledSource?: string): string {
  if (resolution.kind !== 'unresolved') return '';
  if (compiledSource !== undefined) return `build first (the source maps are needed): ${profileFile} ↔ ${compiledSource}`;
  if (resolution.reason === 'not-found' && isAbsolute(profileFile) && existsSync(profileFile)) {
    return 'the file exists outside the analysed root: analyse with a root that contains it, or ignore it if it is not your code';
  }
  return unresolvedAction(candidates, resolution.candidates?.length);
}
