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

/** Recorded call sites that cannot be placed: one warning per file, and the weight of those in generated files not built here. */
export interface UnplacedRecordedSites {
  readonly warnings: string[];
  /** Weight of samples labelled with a call site in a generated `.js` that is missing while its TypeScript source is here (build first). */
  readonly unbuiltWeight: number;
}

/**
 * One warning per recorded call-site file that is `not-found` or `ambiguous` in `resolver`,
 * heaviest first: the weight of the samples labelled with a call site in it (the profile's
 * unit, as a share of `profile.totalWeight`), its distinct lines, and the action — "build first"
 * when the file is generated JavaScript whose TypeScript source the workspace holds
 * ({@link compiledSourceOf}). Empty for profiles without call-site labels. O(label sets + samples).
 */
export function unplacedRecordedSites(profile: Profile, resolver: PathResolver): UnplacedRecordedSites {
  const none = { warnings: [], unbuiltWeight: 0 };
  const sets = profile.labelSets;
  if (!sets || sets.length === 0) return none;
  const fileOfSet = sets.map((labels) => {
    const site = recordedCallSite(labels);
    if (!site) return undefined;
    const resolution = resolver.resolve(site.file);
    return resolution.kind === 'unresolved' && (resolution.reason === 'not-found' || resolution.reason === 'ambiguous') ? { file: site.file, line: site.line, resolution } : undefined;
  });
  if (fileOfSet.every((f) => f === undefined)) return none;
  const byFile = new Map<string, { weight: number; lines: Set<number>; resolution: (typeof fileOfSet)[number] & object }>();
  for (const sample of profile.samples) {
    const unplaced = sample.labels === undefined ? undefined : fileOfSet[sample.labels];
    if (!unplaced) continue;
    const entry = byFile.get(unplaced.file) ?? { weight: 0, lines: new Set<number>(), resolution: unplaced };
    entry.weight += sample.weight;
    entry.lines.add(unplaced.line);
    byFile.set(unplaced.file, entry);
  }
  let unbuiltWeight = 0;
  const warnings = [...byFile]
    .sort((a, b) => b[1].weight - a[1].weight)
    .map(([file, { weight, lines, resolution }]) => {
      const r = resolution.resolution;
      const source = r.kind === 'unresolved' && r.reason === 'not-found' ? compiledSourceOf(file, resolver) : undefined;
      if (source !== undefined) {
        unbuiltWeight += weight;
        return `recorded call sites in ${file} (${lines.size === 1 ? 'line' : 'lines'} ${[...lines].sort((x, y) => x - y).join(', ')}; ${formatPercent(weight, profile.totalWeight)} of the profile) cannot be placed: build first (the source maps are needed): ${file} ↔ ${source}. Until then their share goes to the nearest frame of your code above the call (or stays unattributed)`;
      }
      const why = r.kind === 'unresolved' && r.reason === 'ambiguous' ? `matches ${r.candidates?.length ?? 'several'} workspace files` : 'matches no workspace file';
      const action = unresolvedPathAction(file, r, pathCandidates(file, r, resolver));
      return `recorded call sites in ${file} (${lines.size === 1 ? 'line' : 'lines'} ${[...lines].sort((x, y) => x - y).join(', ')}; ${formatPercent(weight, profile.totalWeight)} of the profile) cannot be placed: the path ${why}; ${action}. Until then their share goes to the nearest frame of your code above the call (or stays unattributed)`;
    });
  return { warnings, unbuiltWeight };
}

/** Folders compilers write to; what follows them mirrors the source tree. */
const OUTPUT_FOLDER = /\/(?:dist|build|lib|out|\.build|output)\//g;
const TYPESCRIPT = /\.(ts|tsx|mts|cts)$/;

/**
 * The workspace's TypeScript file (relative path) that the generated JavaScript `file` was
 * compiled from, matched by the path after its last output folder (`/app/dist/store/x.js` ↔
 * `src/store/x.ts`, or `store/x.ts`); undefined when `file` is not `.js`/`.mjs`/`.cjs`, or when
 * none or more than one file matches.
 */
export function compiledSourceOf(file: string, resolver: PathResolver): string | undefined {
  if (!/\.(js|mjs|cjs)$/.test(file)) return undefined;
  const folders = [...file.matchAll(OUTPUT_FOLDER)];
  const last = folders[folders.length - 1];
  if (!last) return undefined;
  const stem = file.slice(last.index! + last[0].length).replace(/\.(js|mjs|cjs)$/, '');
  const found = resolver.index.files.filter((f) => TYPESCRIPT.test(f) && !f.endsWith('.d.ts') && (f.replace(TYPESCRIPT, '') === stem || f.replace(TYPESCRIPT, '').endsWith(`/${stem}`)));
  return found.length === 1 ? found[0] : undefined;
}
