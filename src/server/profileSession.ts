/**
 * One loaded profile and what every workspace root made of it. The profile itself lives in a
 * worker thread (`profileWorker.ts`); the session holds what requests read. A new load replaces
 * the session (and stops the old worker); settings changes re-analyse only the roots they affect.
 */
import { basename } from 'node:path';
import { stat } from 'node:fs/promises';
import type { FlameNode, ProfileSummary } from '../shared/protocol';
import type { RootAnalysis } from './analyzeRoot';
import { percentOf } from './format';
import { callSiteId, categoryPercents } from './report';
import { DEFAULT_SETTINGS, profileLimits, type HotpathSettings } from './settings';
import type { CompareCall, ComparisonView, DiffFlameAnswer, LoadCall, ProfileFacts } from './profileWorkerMessages';
import { PROFILE_WORKER_SCRIPT, WorkerTerminated } from './profileWorkerClient';
import { ProfileEngine } from './profileEngine';
import { rootAttributionShares } from './lensShares';
import { shareOfCallSite } from '../core/bench/profileContext';

/** A workspace root the server knows: URI and absolute path. */
export interface WorkspaceRoot {
  readonly uri: string;
  readonly path: string;
}

export interface ProfileSession {
  readonly profile: ProfileFacts;
  readonly profilePath: string;
  /** When the profile was written (its file's mtime, ms): sources changed later are stale. */
  readonly recordedMs: number;
  /** The `sampleType` setting the profile was read with. */
  readonly sampleTypeSetting: string | undefined;
  readonly roots: Map<string, RootAnalysis>;
  /** How the worker loads this session (again, after a restart): its number, file and roots with their current settings. */
  load: LoadCall;
  /** Flame graphs asked for, per root URI (built once each in the worker). */
  readonly flames: Map<string, Promise<FlameNode>>;
}

/** The worker every session's profile lives in (`profileEngine.ts`). */
const engine = new ProfileEngine(PROFILE_WORKER_SCRIPT);

/** Thrown when the client cancelled a load. */
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

/**
 * Reads the profile at `path` in the profile worker and analyses it against every root there. The
 * value column comes from the `sampleType` setting of the root holding the profile (else the first
 * root). The request thread stays free meanwhile; a cancelled load stops at once (the worker is
 * restarted). Throws the core's ProfileError for bad files, {@link LoadCancelled} when cancelled,
 * and an Error when the worker died (out of memory: the language server and the loaded profile stay).
 */
export async function loadSession(path: string, roots: readonly WorkspaceRoot[], hooks: LoadHooks): Promise<ProfileSession> {
  const owner = roots.find((r) => path.startsWith(r.path + '/')) ?? roots[0];
  const ownerSettings = owner ? await hooks.settingsFor(owner) : DEFAULT_SETTINGS;
  const sampleTypeSetting = ownerSettings.sampleType;
  hooks.progress(`Reading ${basename(path)}`, 5);
  const recordedMs = (await stat(path)).mtimeMs;
  const withSettings = await Promise.all(roots.map(async (r) => ({ uri: r.uri, path: r.path, settings: await hooks.settingsFor(r) })));
  const load: LoadCall = {
    kind: 'load',
    session: engine.newSession(),
    path,
    ...(sampleTypeSetting ? { sampleType: sampleTypeSetting } : {}),
    maxBytes: profileLimits(ownerSettings).maxBytes!,
    recordedMs,
    roots: withSettings,
  };
  try {
    const { facts, roots: analysed } = await engine.load(load, hooks.isCancelled, hooks.progress);
    hooks.progress('Done', 100);
    return { profile: facts, profilePath: path, recordedMs, sampleTypeSetting, roots: new Map(analysed.map((r) => [r.rootUri, r])), load, flames: new Map() };
  } catch (e) {
    if (e instanceof WorkerTerminated) throw new LoadCancelled();
    throw e;
  }
}

/** Frees the profile of a session that is no longer shown (replaced, cleared, or loaded for nothing). */
export function releaseSession(session: ProfileSession): void {
  engine.drop(session.load.session);
}

/** Starts the profile worker ahead of the first load (it then finds its code loaded). */
export function warmProfileWorker(): void {
  engine.warm();
}

/**
 * Runs a comparison in the profile worker, held there under `session` (its after side) until the
 * session is released. Throws {@link LoadCancelled} when cancelled, and the core's errors for bad input.
 */
export async function compareInWorker(session: ProfileSession, call: Omit<CompareCall, 'session'>, isCancelled: () => boolean): Promise<{ call: CompareCall; view: ComparisonView }> {
  const full = { ...call, session: session.load.session };
  try {
    return { call: full, view: await engine.compare(full, isCancelled) };
  } catch (e) {
    if (e instanceof WorkerTerminated) throw new LoadCancelled();
    throw e;
  }
}

/** The differential flame tree of a comparison made by {@link compareInWorker}, built in the worker. */
export function comparisonDiffFlame(call: CompareCall): Promise<DiffFlameAnswer> {
  return engine.diffFlame(call);
}

/** Re-analyses one root of the loaded profile (settings or workspace folders changed) in the worker. */
export async function reanalyzeRoot(session: ProfileSession, root: WorkspaceRoot, settings: HotpathSettings): Promise<RootAnalysis> {
  session.flames.delete(root.uri);
  const withSettings = { uri: root.uri, path: root.path, settings };
  session.load = { ...session.load, roots: [...session.load.roots.filter((r) => r.uri !== root.uri), withSettings] };
  return engine.ask(session.load, { kind: 'analyzeRoot', root: withSettings });
}

/** Forgets a root removed from the workspace (the worker keeps its analysis until the session is released). */
export function forgetRoot(session: ProfileSession, rootUri: string): void {
  session.roots.delete(rootUri);
  session.flames.delete(rootUri);
  session.load = { ...session.load, roots: session.load.roots.filter((r) => r.uri !== rootUri) };
}

/**
 * The report's flame tree of one root, built once in the worker from the profile its analysis saw
 * (repaired, source-mapped: the same stacks and names as the lenses and the call-site table).
 */
export function rootFlame(session: ProfileSession, rootUri: string): Promise<FlameNode> {
  let flame = session.flames.get(rootUri);
  if (!flame) {
    session.flames.set(rootUri, (flame = engine.ask(session.load, { kind: 'flame', uri: rootUri })));
    flame.catch(() => session.flames.delete(rootUri));
  }
  return flame;
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
    ...(first ? { attribution: rootAttributionShares(hottestRoot ?? first) } : {}),
    roots: [...session.roots.values()].map((r) => ({
      rootUri: r.rootUri,
      callSiteCount: r.analysis.callSites.length,
      coveragePercent: r.analysis.coverage.percent,
    })),
    warnings: [...profile.warnings, ...(first?.analysis.warnings ?? [])],
    hottestCallSite: hottest ? { id: callSiteId(hottest), byCategory: categoryPercents(hottest.byCategory, profile.totalWeight), share: shareOfCallSite(hottest, profile.totalWeight) } : undefined,
    dynamoCallSites: countReadsAndWrites([...session.roots.values()].map((r) => r.analysis.callSites).find((sites) => sites.length > 0) ?? []),
  };
}
