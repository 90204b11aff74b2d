/**
 * One loaded profile and what every workspace root made of it. A new load replaces the
 * session; settings changes re-analyse only the roots they affect.
 */
import { basename } from 'node:path';
import { stat } from 'node:fs/promises';
import type { Profile } from '../core/profile/model';
import { readProfileFile } from '../core/profile/read';
import { classifyFrame } from '../core/detect/classify';
import { attributionShares } from '../core/analysis/attributionText';
import type { FlameNode, ProfileSummary } from '../shared/protocol';
import { analyzeRoot, type RootAnalysis } from './analyzeRoot';
import { buildDynamoFlameTree } from './flameTree';
import { percentOf } from './format';
import { callSiteId, categoryPercents } from './report';
import { DEFAULT_SETTINGS, profileLimits, type HotpathSettings } from './settings';

/** A workspace root the server knows: URI and absolute path. */
export interface WorkspaceRoot {
  readonly uri: string;
  readonly path: string;
}

export interface ProfileSession {
  readonly profile: Profile;
  readonly profilePath: string;
  /** When the profile was written (its file's mtime, ms): sources changed later are stale. */
  readonly recordedMs: number;
  /** The `sampleType` setting the profile was read with. */
  readonly sampleTypeSetting: string | undefined;
  readonly roots: Map<string, RootAnalysis>;
}

/** Thrown between steps of a load when the client cancelled it. */
export class LoadCancelled extends Error {
  constructor() {
    super('Loading the profile was cancelled.');
  }
}

export interface LoadHooks {
  readonly isCancelled: () => boolean;
  readonly progress: (message: string, percent: number) => void;
  readonly settingsFor: (root: WorkspaceRoot) => Promise<HotpathSettings>;
}

/** Lets pending messages (such as `$/cancelRequest`) in between two heavy steps. */
function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/**
 * Reads the profile at `path` and analyses it against every root. The value column comes
 * from the `sampleType` setting of the root holding the profile (else the first root).
 * Throws the core's ProfileError for bad files and {@link LoadCancelled} when cancelled.
 */
export async function loadSession(path: string, roots: readonly WorkspaceRoot[], hooks: LoadHooks): Promise<ProfileSession> {
  const check = async () => {
    await yieldToEventLoop();
    if (hooks.isCancelled()) throw new LoadCancelled();
  };
  const owner = roots.find((r) => path.startsWith(r.path + '/')) ?? roots[0];
  const ownerSettings = owner ? await hooks.settingsFor(owner) : DEFAULT_SETTINGS;
  const sampleTypeSetting = ownerSettings.sampleType;
  hooks.progress(`Reading ${basename(path)}`, 5);
  const recordedMs = (await stat(path)).mtimeMs;
  const profile = await readProfileFile(path, { ...(sampleTypeSetting ? { sampleType: sampleTypeSetting } : {}), limits: profileLimits(ownerSettings) });
  await check();
  const session: ProfileSession = { profile, profilePath: path, recordedMs, sampleTypeSetting, roots: new Map() };
  let done = 0;
  for (const root of roots) {
    hooks.progress(`Mapping to ${basename(root.path)}`, 40 + (50 * done) / Math.max(1, roots.length));
    session.roots.set(root.uri, await analyzeRoot(profile, root.uri, root.path, await hooks.settingsFor(root), recordedMs));
    done++;
    await check();
  }
  hooks.progress('Done', 100);
  return session;
}

/**
 * The report's flame tree of one root, built on first use from the profile its analysis saw
 * (repaired, source-mapped: the same stacks and names as the lenses and the call-site table).
 */
export function rootFlame(root: RootAnalysis): FlameNode {
  root.flame ??= buildDynamoFlameTree(root.prepared, classifyFrame);
  return root.flame;
}

/** Call sites whose dominant category unmarshals (reads) or marshals (writes) items. */
function countReadsAndWrites(sites: readonly { dominant: { category: string } }[]): { reads: number; writes: number } {
  const is = (suffix: string) => sites.filter((s) => s.dominant.category.endsWith(suffix)).length;
  return { reads: is('-unmarshal'), writes: is('-marshal') };
}

/** What the status bar and the client need to know of a session. */
export function summarize(session: ProfileSession): ProfileSummary {
  const { profile } = session;
  const first = [...session.roots.values()][0];
  const hottestRoot = [...session.roots.values()].find((r) => r.analysis.callSites.length > 0);
  const hottest = hottestRoot?.analysis.callSites[0];
  const dynamoWeight = first?.analysis.dynamoWeight ?? 0;
  return {
    sourcePath: session.profilePath,
    name: basename(session.profilePath),
    format: profile.format,
    sampleType: `${profile.sampleType.type}/${profile.sampleType.unit}`,
    durationNs: profile.durationNs,
    totalWeight: profile.totalWeight,
    unit: profile.sampleType.unit,
    dynamoPercent: percentOf(dynamoWeight, profile.totalWeight),
    ...(first ? { attribution: attributionShares((hottestRoot ?? first).analysis) } : {}),
    roots: [...session.roots.values()].map((r) => ({
      rootUri: r.rootUri,
      callSiteCount: r.analysis.callSites.length,
      coveragePercent: r.analysis.coverage.percent,
    })),
    warnings: [...profile.warnings, ...(first?.analysis.warnings ?? [])],
    hottestCallSite: hottest ? { id: callSiteId(hottest), byCategory: categoryPercents(hottest.byCategory, profile.totalWeight) } : undefined,
    dynamoCallSites: countReadsAndWrites([...session.roots.values()].map((r) => r.analysis.callSites).find((sites) => sites.length > 0) ?? []),
  };
}
