/**
 * The main job in one call: read a profile file, index a workspace root, analyse.
 */
import { readProfileFile } from '../profile/read';
import { scanWorkspace } from '../paths/scan';
import { createPathResolver } from '../paths/resolve';
import type { PathMappingRule } from '../paths/types';
import type { Profile, ReadOptions } from '../profile/model';
import { analyzeWithSources } from './prepare';
import type { RecordedSiteStats } from './siteStats';
import type { Analysis } from './types';

export interface AnalyzeFileOptions {
  /** Workspace root the user's code lives in. */
  readonly root: string;
  /** User path-mapping rules, most specific first (the resolver sorts them). */
  readonly mappings?: readonly PathMappingRule[];
  /** Value column override (`cpu`, `wall`, `samples`…). */
  readonly sampleType?: string;
  /** What reading the profile may cost (core/profile/limits.ts). */
  readonly limits?: ReadOptions['limits'];
  /** How many of the heaviest functions the analysis keeps (`AnalyzeOptions.maxFunctions`); default all. */
  readonly maxFunctions?: number;
  /** Called once the profile is read and the root scanned, before the analysis (the CLI collects garbage there). */
  readonly afterRead?: () => void;
  /** Called during the read of a pprof file, once its decoded tables are dropped (`ReadOptions.onTablesDropped`). */
  readonly onTablesDropped?: () => void;
  /** Counts of call sites written beside the profile (a run record's `callSites`). */
  readonly recordedStats?: readonly RecordedSiteStats[];
}

/**
 * Reads `profilePath`, scans `options.root` and analyses the profile against it.
 *
 * @throws ProfileError for an unreadable or malformed profile (message names the file).
 */
export async function analyzeFile(profilePath: string, options: AnalyzeFileOptions): Promise<{ profile: Profile; analysis: Analysis }> {
  const [profile, index] = await Promise.all([
    readProfileFile(profilePath, {
      ...(options.sampleType ? { sampleType: options.sampleType } : {}),
      ...(options.limits ? { limits: options.limits } : {}),
      ...(options.onTablesDropped ? { onTablesDropped: options.onTablesDropped } : {}),
    }),
    scanWorkspace(options.root),
  ]);
  options.afterRead?.();
  const resolver = createPathResolver(index, [...(options.mappings ?? [])]);
  return analyzeWithSources(profile, { resolver, ...(options.maxFunctions !== undefined ? { maxFunctions: options.maxFunctions } : {}), ...(options.recordedStats ? { recordedStats: options.recordedStats } : {}) });
}
