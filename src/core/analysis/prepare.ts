/**
 * The stages between reading a profile and attributing it: repair of stacks cut at a depth
 * limit, recorded call sites grafted from `record` labels, then source maps (which map the
 * grafted call sites too), then positions that cannot be in a TypeScript file on disk (an
 * in-memory transform's) moved to their declarations, then line-0 frames of the user's code
 * placed on their declarations.
 * Both the CLI and the language server analyse through here.
 */
import type { Profile } from '../profile/model';
import { frameTableOf, replaceFramesOrFields } from '../profile/columns/profileTables';
import { functionsOfTable } from '../profile/columns/frameTable';
import { mapProfileSources } from '../sourcemap/mapProfileSources';
import { createSourceMapper, type SourceMapFiles } from '../sourcemap/sourceMapper';
import { diskFiles } from '../sourcemap/diskFiles';
import { staleBuildWarnings } from '../sourcemap/staleBuildWarnings';
import { analyzeProfile, type AnalyzeOptions } from './analyze';
import { repairTruncatedStacks } from './repair/repairTruncatedStacks';
import { graftRecordedCallSites } from './recordedCallSites';
import { placeFunctionLevelFrames } from './functionLevel';
import { unplaceImpossiblePositions } from './impossiblePositions';
import { unplacedRecordedSites } from './unplacedRecordedSites';
import { goPackageWarnings, resolveGoFilesByPackage } from '../paths/goPackageFiles';
import { nameAnonymousSdkFrames, unreadableSdkNote } from './anonymousSdkFrames';
import type { Analysis } from './types';
import { placeSiteStats, statsOfLabelSets, type RecordedSiteStats } from './siteStats';

export interface PrepareOptions extends AnalyzeOptions {
  /** Where generated files and their maps are read from; the local disk by default. */
  readonly files?: SourceMapFiles;
  /**
   * When the profile was recorded (ms since the epoch); by default the time its writer stamped on
   * it (`Profile.stampedMs`), else the modification time of `profile.sourcePath` when `files` can
   * tell it. Generated files or maps modified later are warned about.
   */
  readonly profileTimeMs?: number;
  /** Counts of call sites written beside the profile (a run record's `callSites`: the Go call labels), added to those recorded in its labels. */
  readonly recordedStats?: readonly RecordedSiteStats[];
  /**
   * False for a profile pooled from several (compare's replicates): equal label sets of two
   * processes were merged into one, so the caller passes each profile's counts in `recordedStats`
   * instead ({@link statsOfLabelSets}). Default true.
   */
  readonly statsFromLabels?: boolean;
}

/** `profile` with the AWS SDK v3 bundles' anonymous functions named ({@link nameAnonymousSdkFrames}), and a note when a bundle could not be read. */
function withSdkNames(profile: Profile, root: string, files: SourceMapFiles): Profile {
  const { profile: named, unreadable } = nameAnonymousSdkFrames(profile, root, files);
  const note = unreadableSdkNote(unreadable);
  return note ? replaceFramesOrFields(named, { fields: { warnings: [...named.warnings, note] } }) : named;
}

/**
 * Analyses `profile` against one workspace root after resolving Go files by the package of their
 * functions where their path does not resolve ({@link resolveGoFilesByPackage}), repairing its cut Go stacks
 * ({@link repairTruncatedStacks}) and mapping its generated JavaScript through source maps
 * ({@link mapProfileSources}) after naming the SDK v3 bundles' anonymous functions
 * ({@link nameAnonymousSdkFrames}), and placing frames of the user's code that have no line on their
 * function's declaration ({@link placeFunctionLevelFrames}); maps built from another version of a source, or
 * newer than the profile, are warned about ({@link staleBuildWarnings}). Returns the profile the analysis saw
 * (repaired stacks, frames in original sources) with the analysis. Synchronous: maps are read from `options.files`.
 */
export function analyzeWithSources(profile: Profile, options: PrepareOptions): { profile: Profile; analysis: Analysis } {
  const files = options.files ?? diskFiles;
  const byPackage = resolveGoFilesByPackage(functionsOfTable(frameTableOf(profile)), options.resolver);
  const resolver = byPackage.resolver;
  const unplaced = unplacedRecordedSites(profile, resolver);
  const notes = [...goPackageWarnings(byPackage.files), ...unplaced.warnings];
  const noted = notes.length > 0 ? replaceFramesOrFields(profile, { fields: { warnings: [...profile.warnings, ...notes] } }) : profile;
  const grafted = graftRecordedCallSites(repairTruncatedStacks(noted));
  const named = withSdkNames(grafted, resolver.index.root, files);
  const mapper = createSourceMapper(files);
  const profileTimeMs = options.profileTimeMs ?? profile.stampedMs ?? files.modifiedMs?.(profile.sourcePath);
  const mapped = mapProfileSources(named, resolver, mapper, { files, profilePath: profile.sourcePath, ...(profileTimeMs !== undefined ? { profileTimeMs } : {}) });
  const buildNotes = staleBuildWarnings(mapped.coverage, mapped.profile.totalWeight);
  const warned = buildNotes.length > 0 ? replaceFramesOrFields(mapped.profile, { fields: { warnings: [...mapped.profile.warnings, ...buildNotes] } }) : mapped.profile;
  const possible = unplaceImpossiblePositions(warned, resolver, files);
  const placed = placeFunctionLevelFrames(possible, resolver, files, mapper);
  const labelled = options.statsFromLabels === false ? { sites: [], problems: [] } : statsOfLabelSets(profile.labelSets);
  const recordedStats = [...labelled.sites, ...(options.recordedStats ?? [])];
  const siteStats = recordedStats.length > 0 ? placeSiteStats(recordedStats, resolver, mapper) : undefined;
  const analysis = analyzeProfile(labelled.problems.length > 0 ? replaceFramesOrFields(placed.profile, { fields: { warnings: [...placed.profile.warnings, ...labelled.problems] } }) : placed.profile, {
    ...options,
    ...(siteStats ? { siteStats } : {}),
    resolver,
    recordedCallSites: true,
    sources: files,
    ...(mapped.coverage.files.length > 0 ? { sourceMaps: mapped.coverage } : {}),
    ...(unplaced.unbuiltWeight > 0 ? { unbuiltRecordedWeight: unplaced.unbuiltWeight } : {}),
    ...(placed.summary ? { functionLevel: { summary: placed.summary, placedFrames: placed.placedFrames } } : {}),
  });
  return { profile: placed.profile, analysis };
}
