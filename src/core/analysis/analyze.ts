/**
 * analyzeProfile: one profile + one workspace root → where the CPU goes, and which lines of the
 * user's own code lead into DynamoDB marshalling.
 */
import { valueColumnWarning } from './valueColumnWarning';
import { DYNAMO_CATEGORIES, type DynamoCategory } from '../detect/types';
import { categoryOf, FRAME_RULES } from '../detect/rules';
import { matchesByBareName } from '../detect/classify';
import { MIGRATIONS } from '../detect/migrations';
import { SAMPLE_REPAIR, type Profile } from '../profile/model';
import { frameTableOf, sampleTableOf } from '../profile/columns/profileTables';
import { frameAt, type FrameTable } from '../profile/columns/frameTable';
import type { PathResolver } from '../paths/types';
import { attributeSamples, type AttributionResult, type CallSiteAccumulator } from './attribute';
import { buildFrameKeys, type FrameKeys } from './frameKeys';
import { matchOf } from './functionClasses';
import { functionStats } from './functionStats';
import { FlatCumCounter, type FlatCumTables } from './flatCum';
import { buildCoverage } from './coverage';
import type { SourceMapCoverage } from '../sourcemap/coverage';
import { recordedFiles } from './recordedFiles';
import type { SourceMapFiles } from '../sourcemap/sourceMapper';
import { functionLevelWarning, type FunctionLevelSummary } from './functionLevel';
import { callerShares, markThinWrappers } from './callerShares';
import type { DynamoOperation } from '../source/dynamoOperations';
import type { Analysis, CallSite, CategoryWeights, ChainFrame, MigrationSuggestion, TruncationSummary, UserFunctionStat } from './types';
import { prunedWarning } from '../fleet/truncation';
import type { SiteStats } from './siteStats';
import { SDK_FAMILIES } from './estimate';

export interface AnalyzeOptions {
  /** Maps recorded paths to the workspace; frames whose file resolves are the user's code. */
  readonly resolver: PathResolver;
  /** Longest typical chain to report per call site (frames); default 48. */
  readonly maxChainLength?: number;
  /** How many SDK functions to list; default 50. */
  readonly maxSdkFunctions?: number;
  /**
   * How many of the heaviest functions `Analysis.functions` keeps (plus the heaviest Go function
   * when none of them is one, see `functionStats.ts`); default all. A CLI printing the top rows
   * passes how many it prints.
   */
  readonly maxFunctions?: number;
  /**
   * True when `graftRecordedCallSites` (recordedCallSites.ts) ran on the profile: the last frame of a sample with a
   * recorder call-site label is its recorded call site (`prepare.ts` sets it).
   */
  readonly recordedCallSites?: boolean;
  /** Reads the user's source files (the call sites' operations, for estimates); estimates use only SDK frames without it. */
  readonly sources?: SourceMapFiles;
  /** Source-map coverage of the stage that mapped the profile (see `prepare.ts`), reported as is. */
  readonly sourceMaps?: SourceMapCoverage;
  /** Weight of samples whose recorded call site is in generated JavaScript missing from the workspace while its TypeScript source is there (`unplacedRecordedSites.ts`). */
  readonly unbuiltRecordedWeight?: number;
  /**
   * Line-0 frames of the user's code placed on their declarations (`functionLevel.ts`): call
   * sites on such frames are function-level; the summary is reported with a note.
   */
  readonly functionLevel?: { readonly summary: FunctionLevelSummary; readonly placedFrames: Uint8Array | undefined };
  /** Counted calls, retries, errors and handshakes per call site (`siteStats.ts`), reported as they are. */
  readonly siteStats?: readonly SiteStats[];
}

const RULES_BY_ID = new Map(FRAME_RULES.map((r) => [r.id, r]));

function toCategoryWeights(weights: Float64Array): CategoryWeights {
  const out: CategoryWeights = {};
  DYNAMO_CATEGORIES.forEach((c, i) => {
    if (weights[i]! > 0) out[c] = weights[i]!;
  });
  return out;
}

function buildChain(site: CallSiteAccumulator, frames: FrameTable, keys: FrameKeys, tables: FlatCumTables, attribution: AttributionResult, maxLength: number): ChainFrame[] {
  const ids = [site.frame, ...site.chain.heaviestPath(maxLength - 1)];
  return ids.map((id) => {
    const frame = frameAt(frames, id);
    const fn = keys.functionOf[id]!;
    return {
      name: frame.name,
      file: frame.file,
      line: frame.line,
      flat: tables.functionFlat[fn]!,
      cum: tables.functionCum[fn]!,
      role: matchOf(attribution.classes, fn) ? 'sdk' : attribution.isUser[id] ? 'user' : 'other',
    };
  });
}

/**
 * The rule and category with the most weight among the call site's own samples — measured, and
 * those whose call site or service was estimated (completed cut stacks); shares of others'
 * samples (the call-share estimate) only when it has none.
 */
function dominantOf(site: CallSiteAccumulator): CallSite['dominant'] {
  let bestKey = '';
  let best = -1;
  const byRule = new Map(site.byRule);
  for (const [key, weight] of site.direct?.byRule ?? []) byRule.set(key, (byRule.get(key) ?? 0) + weight);
  if (byRule.size === 0) for (const [key, weight] of site.estimate?.byRule ?? []) byRule.set(key, weight);
  for (const [key, weight] of byRule) {
    if (weight > best) [bestKey, best] = [key, weight];
  }
  const [ruleId, category] = bestKey.split('|') as [string, DynamoCategory];
  const rule = RULES_BY_ID.get(ruleId)!;
  return { category, sdk: rule.sdk, label: rule.label, mechanism: rule.mechanism, ...(rule.migration ? { migration: rule.migration } : {}) };
}

/** The call sites, heaviest first, each with its function id (`FrameKeys.functionOf` of its frame). */
function buildCallSites(frames: FrameTable, keys: FrameKeys, tables: FlatCumTables, attribution: AttributionResult, resolver: PathResolver, maxChain: number, placedFrames?: Uint8Array): Map<CallSite, number> {
  const sites: CallSite[] = [];
  const siteFunctions: number[] = [];
  for (const site of attribution.callSites.values()) {
    const frame = frameAt(frames, site.frame);
    const resolution = resolver.resolve(frame.file);
    if (resolution.kind !== 'resolved') continue;
    if (site.byRule.size === 0 && !site.estimate) continue;
    const line = keys.lineOf[site.frame]!;
    const fn = keys.functionOf[site.frame]!;
    sites.push({
      profileFile: frame.file,
      relativePath: resolution.relativePath,
      absolutePath: resolution.absolutePath,
      line: frame.line,
      ...(placedFrames?.[site.frame] || frame.line === 0 ? { precision: 'function' as const } : {}),
      functionName: frame.name,
      totalWeight: line >= 0 ? tables.lineCum[line]! : tables.functionCum[fn]!,
      totalCount: line >= 0 ? tables.lineCumCount[line]! : tables.functionCumCount[fn]!,
      dynamoWeight: site.dynamoWeight,
      dynamoCount: site.dynamoCount,
      ...(site.labelledWeight > 0 ? { labelledWeight: site.labelledWeight } : {}),
      ...(site.estimate && site.estimate.weight > 0 ? { estimatedWeight: site.estimate.weight } : {}),
      byCategory: toCategoryWeights(site.byCategory),
      reflectionWeight: site.reflectionWeight,
      dominant: dominantOf(site),
      chain: buildChain(site, frames, keys, tables, attribution, maxChain),
      ...(site.repairedWeight + site.sharedWeight > 0 ? { repair: { repairedWeight: site.repairedWeight, sharedWeight: site.sharedWeight } } : {}),
      ...callerShares(site, frames, keys, resolver),
      ...operationsOf(site),
      ...throughOf(site, frames, resolver),
    });
    siteFunctions.push(fn);
  }
  markThinWrappers(sites, siteFunctions, tables);
  const functionOfSite = new Map(sites.map((site, i) => [site, siteFunctions[i]!]));
  const credited = (c: CallSite) => c.dynamoWeight + (c.estimatedWeight ?? 0);
  sites.sort((a, b) => credited(b) - credited(a) || b.dynamoWeight - a.dynamoWeight || b.totalWeight - a.totalWeight);
  return new Map(sites.map((site) => [site, functionOfSite.get(site)!]));
}

/** `{ through }` of a call site recorded through a helper: its frames in the workspace, callee first; {} otherwise. */
function throughOf(site: CallSiteAccumulator, frames: FrameTable, resolver: PathResolver): Pick<CallSite, 'through'> {
  if (!site.through) return {};
  const through = site.through.map((id) => {
    const frame = frameAt(frames, id);
    const resolution = resolver.resolve(frame.file);
    return { relativePath: resolution.kind === 'resolved' ? resolution.relativePath : frame.file, line: frame.line, functionName: frame.name };
  });
  return { through };
}

/** `{ operations }` of a call site: its samples' operations, else its code's; {} when none. */
function operationsOf(site: CallSiteAccumulator): { operations?: readonly DynamoOperation[] } {
  const found = site.operations && site.operations.size > 0 ? site.operations : site.codeOperations;
  return found && found.size > 0 ? { operations: [...found].sort() } : {};
}

/** The lowest 1-based line among call sites, 0 when none is known. */
function lowestKnownLine(sites: readonly CallSite[]): number {
  const known = sites.map((s) => s.line).filter((l) => l > 0);
  return known.length > 0 ? Math.min(...known) : 0;
}

/** The call sites grouped by function (a function is a (file, name) pair: its id says both), in order of their heaviest site. */
function rollUpUserFunctions(functionOfSite: ReadonlyMap<CallSite, number>, tables: FlatCumTables): UserFunctionStat[] {
  const byFunction = new Map<number, CallSite[]>();
  for (const [site, fn] of functionOfSite) {
    let sites = byFunction.get(fn);
    if (!sites) byFunction.set(fn, (sites = []));
    sites.push(site);
  }
  const out: UserFunctionStat[] = [];
  for (const [fn, sites] of byFunction) {
    const weights = new Float64Array(DYNAMO_CATEGORIES.length);
    for (const site of sites) {
      DYNAMO_CATEGORIES.forEach((c, i) => (weights[i]! += site.byCategory[c] ?? 0));
    }
    const first = sites[0]!;
    out.push({
      functionName: first.functionName,
      profileFile: first.profileFile,
      relativePath: first.relativePath,
      absolutePath: first.absolutePath,
      line: lowestKnownLine(sites),
      totalWeight: tables.functionCum[fn]!,
      dynamoWeight: sites.reduce((sum, s) => sum + s.dynamoWeight, 0),
      byCategory: toCategoryWeights(weights),
      callSiteLines: sites.map((s) => s.line).sort((a, b) => a - b),
    });
  }
  return out.sort((a, b) => b.dynamoWeight - a.dynamoWeight);
}

function sdkFunctionStats(frames: FrameTable, keys: FrameKeys, tables: FlatCumTables, attribution: AttributionResult, max: number): Analysis['sdkFunctions'] {
  const out: Analysis['sdkFunctions'][number][] = [];
  // Function ids are numbered in order of their first frame: the order a scan of the frames meets them.
  for (let fn = 0; fn < keys.functionCount; fn++) {
    const match = matchOf(attribution.classes, fn);
    if (!match || tables.functionCum[fn] === 0) continue;
    const id = keys.functionFrame[fn]!;
    const direction = match.direction ?? match.rule.fallback;
    const category = categoryOf(match.rule, direction);
    const name = frames.strings[frames.nameId[id]!]!;
    const file = frames.strings[frames.fileId[id]!]!;
    out.push({ name, file, flat: tables.functionFlat[fn]!, cum: tables.functionCum[fn]!, ruleId: match.rule.id, category, sdk: match.rule.sdk });
  }
  return out.sort((a, b) => b.cum - a.cum).slice(0, max);
}

function truncationSummary(profile: Profile, attribution: AttributionResult): TruncationSummary | undefined {
  const t = profile.truncation;
  if (!t) return undefined;
  const d = attribution.dynamoByRepair;
  return {
    depthLimit: t.depthLimit,
    truncatedWeight: t.truncatedWeight,
    repairedWeight: t.repairedWeight,
    sharedWeight: t.sharedWeight,
    stillCutWeight: t.stillCutWeight,
    repairedDynamoWeight: d[SAMPLE_REPAIR.repaired]!,
    sharedDynamoWeight: d[SAMPLE_REPAIR.shared]!,
    stillCutDynamoWeight: d[SAMPLE_REPAIR.stillCut]!,
  };
}

/** The migrations that move aws-sdk v2 (JavaScript) clients to AWS SDK v3, which keeps connections alive. */
const V2_TO_V3 = new Set(['js-lib-dynamodb', 'js-util-dynamodb']);

function migrationSuggestions(attribution: AttributionResult): MigrationSuggestion[] {
  const sorted = [...attribution.byMigration]
    .map(([id, weight]) => ({ id, weight, title: MIGRATIONS[id]?.title ?? id, detail: MIGRATIONS[id]?.detail ?? '' }))
    .sort((a, b) => b.weight - a.weight);
  // The aws-sdk v2 clients' handshakes go with the move to v3 (keep-alive by default): said once, on the heaviest such move.
  const v2Handshakes = attribution.handshakesByFamily[SDK_FAMILIES.indexOf('aws-sdk-js-v2')]!;
  const first = sorted.findIndex((m) => V2_TO_V3.has(m.id));
  return sorted.map((m, i) => (i === first && v2Handshakes > 0 ? { ...m, connectionWeight: v2Handshakes } : m));
}

/**
 * Analyses a profile against one workspace root.
 *
 * Weights are in the profile's unit (ns for CPU time). Call sites are user frames (files that
 * resolve to the workspace) nearest above each marshalling subtree, or the call site a recorder
 * label names (`recordedCallSites.ts`); see `attribute.ts` for how a sample's category is
 * decided. Marshalling that reaches no call site is shared among call sites as an estimate
 * (`estimate.ts`), kept apart from measured weights. Pure and synchronous: O(total stack frames).
 */
export function analyzeProfile(profile: Profile, options: AnalyzeOptions): Analysis {
  const frames = frameTableOf(profile);
  const files = recordedFiles(frames, options.resolver);
  // Line totals are read at call sites only, and a call site is always a frame of the user's code.
  const keys = buildFrameKeys(profile, files.isUser);
  const counter = new FlatCumCounter(keys);
  const maxChain = options.maxChainLength ?? 48;
  const attribution = attributeSamples(profile, keys, options.resolver, options.recordedCallSites === true, options.sources, counter, files, maxChain - 1);
  const tables = counter.finish();
  const functionOfSite = buildCallSites(frames, keys, tables, attribution, options.resolver, maxChain, options.functionLevel?.placedFrames);
  const callSites = [...functionOfSite.keys()];
  const warnings = [...profile.warnings];
  const notCpu = valueColumnWarning(profile.sampleType);
  if (notCpu) warnings.push(notCpu);
  if (options.functionLevel) warnings.push(functionLevelWarning(options.functionLevel.summary));
  const pruned = prunedWarning(profile);
  if (pruned) warnings.push(pruned);
  if (attribution.classes.matchList.length === 0) {
    warnings.push(
      'the profile has no DynamoDB SDK frames (no aws-sdk-go, aws-sdk-go-v2, guregu/dynamo, aws-sdk or @aws-sdk DynamoDB code ran while it was recorded): DynamoDB marshalling is 0 % because nothing marshalled items, not because of the path mapping',
    );
  }
  const bare = bareNameMatches(frames, keys, attribution);
  if (bare.length > 0) {
    warnings.push(
      `${bare.length} SDK function${bare.length === 1 ? '' : 's'} with no file in the profile matched by name alone (${bare.slice(0, 4).join(', ')}${bare.length > 4 ? ', …' : ''}): only names that one DynamoDB package uses are matched this way, and code of yours with the same name would count too; protocol code with common names (read, _read, extractData) and anonymous functions (the v3 middlewares) are not matched without their file`,
    );
  }
  if (frames.length > 0 && frames.fileId.every((file) => frames.strings[file] === '')) {
    warnings.push('the profile records no file names (folded stacks?): DynamoDB shares are computed, but no call site can be mapped to your code');
  }
  return {
    sourcePath: profile.sourcePath,
    format: profile.format,
    sampleType: profile.sampleType,
    unit: profile.sampleType.unit,
    durationNs: profile.durationNs,
    totalWeight: profile.totalWeight,
    totalCount: totalCountOf(profile),
    dynamoWeight: attribution.dynamoWeight,
    dynamoCount: attribution.dynamoCount,
    anyFrameWeight: attribution.anyFrameWeight,
    unattributedWeight: attribution.unattributedWeight,
    attribution: {
      measuredWeight: attribution.measuredWeight,
      labelledWeight: attribution.labelledWeight,
      estimatedWeight: attribution.estimatedWeight,
      unattributedWeight: remainder(attribution.dynamoWeight - attribution.measuredWeight, attribution.estimatedWeight),
      ...(attribution.estimateMethod ? { estimateMethod: attribution.estimateMethod } : {}),
      ...(attribution.estimatedWeight > 0 ? { estimateParts: attribution.estimateParts } : {}),
    },
    otherServices: {
      weight: attribution.otherServicesWeight,
      estimatedWeight: attribution.otherServicesEstimatedWeight,
      byService: [...attribution.otherServices].map(([name, weight]) => ({ name, weight })).sort((a, b) => b.weight - a.weight),
    },
    byCategory: toCategoryWeights(attribution.byCategory),
    gcWeight: attribution.gcWeight,
    connectionSetupWeight: attribution.byCategory[DYNAMO_CATEGORIES.indexOf('connection-setup')]!,
    tlsUnknownHostWeight: attribution.tlsUnknownHostWeight,
    tlsInboundWeight: attribution.tlsInboundWeight,
    moduleLoadingWeight: attribution.moduleLoadingWeight,
    callSites,
    userFunctions: rollUpUserFunctions(functionOfSite, tables),
    functions: functionStats(frames, keys, tables, options.maxFunctions),
    coverage: buildCoverage(attribution.files, undefined, options.resolver),
    migrations: migrationSuggestions(attribution),
    sdkFunctions: sdkFunctionStats(frames, keys, tables, attribution, options.maxSdkFunctions ?? 50),
    ...(profile.truncation ? { truncation: truncationSummary(profile, attribution) } : {}),
    ...(options.sourceMaps ? { sourceMaps: options.sourceMaps } : {}),
    ...(options.unbuiltRecordedWeight ? { unbuiltRecordedWeight: options.unbuiltRecordedWeight } : {}),
    ...(options.functionLevel ? { functionLevel: options.functionLevel.summary } : {}),
    ...(options.siteStats ? { siteStats: options.siteStats } : {}),
    warnings,
  };
}

/** Names of the functions with no file that a rule matched by name (`FrameRule.jsBareNames`), heaviest first. */
function bareNameMatches(frames: FrameTable, keys: FrameKeys, attribution: AttributionResult): string[] {
  const names: string[] = [];
  for (let fn = 0; fn < keys.functionCount; fn++) {
    const id = keys.functionFrame[fn]!;
    if (frames.strings[frames.fileId[id]!] !== '' || !matchOf(attribution.classes, fn)?.rule.jsBareNames) continue;
    const name = frames.strings[frames.nameId[id]!]!;
    if (matchesByBareName(name)) names.push(name);
  }
  return [...new Set(names)];
}

/** Sum of the samples' counts, in sample order (the same float sum as a reduce over `profile.samples`). */
function totalCountOf(profile: Profile): number {
  const { count, length } = sampleTableOf(profile);
  let sum = 0;
  for (let i = 0; i < length; i++) sum += count[i]!;
  return sum;
}

/** `whole - part`, 0 when the difference is only the rounding of summing the part's shares (below a millionth of the whole). */
function remainder(whole: number, part: number): number {
  const left = whole - part;
  return left > whole * 1e-6 ? left : 0;
}
