/**
 * Compare with Baseline inside the profile worker: the core comparison (`compareFileSets`) and
 * the report's differential flame tree (`buildDiffTree`) run here, off the request thread, which
 * gets only a {@link ComparisonView}. The worker keeps the last {@link MAX_COMPARISONS}
 * comparisons per (baseline, after) pair — files, their sizes and mtimes, request counts and
 * options — under the after session that asked for them, until that session is dropped.
 */
import { stat } from 'node:fs/promises';
import { buildDiffTree, compareFileSets, renamesFromComparison, type FileComparison } from '../core/compare/index';
import { measuredFraction } from '../core/analysis/attributionText';
import type { Analysis } from '../core/analysis/types';
import type { DiffFlameNode } from '../shared/protocol';
import { classifyFrame } from '../core/detect/classify';
import type { Profile } from '../core/profile/model';
import type { CompareCall, ComparisonView, DiffFlameAnswer, SideFigures } from './profileWorkerMessages';

/**
 * Comparisons held at once. Each holds both sides' profiles until its diff tree is built (a
 * 40 MB pprof takes several hundred MB in memory), then only the tree and the tables.
 */
export const MAX_COMPARISONS = 2;

interface HeldComparison {
  session: number;
  readonly view: ComparisonView;
  /** The profiles, kept until the diff tree is built from them. */
  result: FileComparison | undefined;
  diff: DiffFlameAnswer | undefined;
}

/** Most recently used last. */
const held = new Map<string, HeldComparison>();

/** The cache key of a call: every input of the comparison, with each file's size and mtime (a profile written again is compared again). */
async function keyOf(call: CompareCall): Promise<string> {
  const files = await Promise.all(
    [...call.before, ...call.after].map(async (side) => {
      const s = await stat(side.path).catch(() => undefined);
      return s ? `${s.size}@${s.mtimeMs}` : 'missing';
    }),
  );
  return JSON.stringify([call.before, call.after, call.options, files]);
}

function figuresOf(analysis: Analysis): SideFigures {
  return { measuredFraction: measuredFraction(analysis), dynamoWeight: analysis.dynamoWeight, totalWeight: analysis.totalWeight };
}

function keep(key: string, entry: HeldComparison): void {
  held.delete(key);
  held.set(key, entry);
  while (held.size > MAX_COMPARISONS) held.delete(held.keys().next().value!);
}

async function comparisonFor(call: CompareCall): Promise<[string, HeldComparison]> {
  const key = await keyOf(call);
  const found = held.get(key);
  if (found) {
    found.session = call.session;
    keep(key, found);
    return [key, found];
  }
  const result = await compareFileSets(call.before, call.after, call.options);
  const entry: HeldComparison = {
    session: call.session,
    view: { comparison: result.comparison, before: figuresOf(result.before.analysis), after: figuresOf(result.after.analysis) },
    result,
    diff: undefined,
  };
  keep(key, entry);
  return [key, entry];
}

/**
 * Compares the call's sides (or finds the comparison held for the same inputs).
 * @throws as `compareFileSets`: ProfileError, WindowError, CompareError, RequestCountError
 */
export async function compareInWorker(call: CompareCall): Promise<ComparisonView> {
  return (await comparisonFor(call))[1].view;
}

/**
 * The differential flame tree of the call's comparison (compared again first when it is no longer
 * held), built once; the profiles are released once it is built. Before is scaled by the ratio
 * of request counts when both are known (per-request comparison), else by the ratio of totals.
 */
export async function diffFlameInWorker(call: CompareCall): Promise<DiffFlameAnswer> {
  const [, entry] = await comparisonFor(call);
  if (entry.diff) return entry.diff;
  const { before, after, comparison } = entry.result!;
  const { totals } = comparison;
  const beforeScale = totals.before.requests !== undefined && totals.after.requests !== undefined ? totals.after.requests / totals.before.requests : undefined;
  const diffFlame = buildDiffTree(before.profile, after.profile, { ...(beforeScale !== undefined ? { beforeScale } : {}), rename: renamesFromComparison(comparison) }) as DiffFlameNode;
  markDynamoFrames(diffFlame, new Set([...dynamoFrameNames(before.profile), ...dynamoFrameNames(after.profile)]));
  entry.diff = { diffFlame, afterTotalWeight: after.profile.totalWeight };
  entry.result = undefined;
  return entry.diff;
}

/** Names of the frames the detector classifies as DynamoDB marshalling (connection setup aside). */
function dynamoFrameNames(profile: Profile): Set<string> {
  const names = new Set<string>();
  for (const frame of profile.frames) {
    const c = classifyFrame(frame);
    if (c && c.category !== 'connection-setup') names.add(frame.name);
  }
  return names;
}

/** Sets `dynamo` on the nodes of `node`'s tree named in `names` (the report's "DynamoDB frames only" view keeps those). */
function markDynamoFrames(node: DiffFlameNode, names: ReadonlySet<string>): void {
  if (names.has(node.name)) (node as { dynamo?: true }).dynamo = true;
  for (const child of node.children) markDynamoFrames(child, names);
}

/** Forgets the comparisons held for `session` (the after profile is no longer loaded). */
export function dropComparisons(session: number): void {
  for (const [key, entry] of held) if (entry.session === session) held.delete(key);
}
