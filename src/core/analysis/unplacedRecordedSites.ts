/**
 * Recorded call sites (`ddb.call_site` labels of `dynamo-hotpath record`) whose file does not
 * resolve to the workspace: their measured share cannot reach the recorded line and goes to the
 * nearest frame of the user's code further up (often a load driver), or stays unattributed. The
 * analysis says so, with the `--map` that places them.
 */
import type { Profile } from '../profile/model';
import type { PathResolver } from '../paths/types';
import { pathCandidates, unresolvedPathAction } from '../paths/unresolvedAdvice';
import { recordedCallSite } from './recorderLabels';
import { formatPercent } from './labels';

/**
 * One warning per recorded call-site file that is `not-found` or `ambiguous` in `resolver`,
 * heaviest first: the weight of the samples labelled with a call site in it (the profile's
 * unit, as a share of `profile.totalWeight`), its distinct lines, and the action. `[]` for
 * profiles without call-site labels. O(label sets + samples).
 */
export function unplacedRecordedSiteWarnings(profile: Profile, resolver: PathResolver): string[] {
  const sets = profile.labelSets;
  if (!sets || sets.length === 0) return [];
  const fileOfSet = sets.map((labels) => {
    const site = recordedCallSite(labels);
    if (!site) return undefined;
    const resolution = resolver.resolve(site.file);
    return resolution.kind === 'unresolved' && (resolution.reason === 'not-found' || resolution.reason === 'ambiguous') ? { file: site.file, line: site.line, resolution } : undefined;
  });
  if (fileOfSet.every((f) => f === undefined)) return [];
  const byFile = new Map<string, { weight: number; lines: Set<number>; resolution: (typeof fileOfSet)[number] & object }>();
  for (const sample of profile.samples) {
    const unplaced = sample.labels === undefined ? undefined : fileOfSet[sample.labels];
    if (!unplaced) continue;
    const entry = byFile.get(unplaced.file) ?? { weight: 0, lines: new Set<number>(), resolution: unplaced };
    entry.weight += sample.weight;
    entry.lines.add(unplaced.line);
    byFile.set(unplaced.file, entry);
  }
  return [...byFile]
    .sort((a, b) => b[1].weight - a[1].weight)
    .map(([file, { weight, lines, resolution }]) => {
      const r = resolution.resolution;
      const why = r.kind === 'unresolved' && r.reason === 'ambiguous' ? `matches ${r.candidates?.length ?? 'several'} workspace files` : 'matches no workspace file';
      const action = unresolvedPathAction(file, r, pathCandidates(file, r, resolver));
      return `recorded call sites in ${file} (${lines.size === 1 ? 'line' : 'lines'} ${[...lines].sort((x, y) => x - y).join(', ')}; ${formatPercent(weight, profile.totalWeight)} of the profile) cannot be placed: the path ${why}; ${action}. Until then their share goes to the nearest frame of your code above the call (or stays unattributed)`;
    });
}
