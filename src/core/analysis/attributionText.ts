/**
 * How the DynamoDB share splits by how it reached the user's lines — measured (a frame of the
 * user's code on the stack, or a recorder label), estimated, unattributed — in the same words
 * for the CLI, the hover, the status bar and the report.
 */
import type { Analysis } from './types';

/** The split of `Analysis.dynamoWeight` in percent of the profile total (0–100). */
export interface AttributionShares {
  readonly dynamoPercent: number;
  /** Credited to a line by measurement (stack or recorder label); includes `labelledPercent`. */
  readonly measuredPercent: number;
  /** Part of `measuredPercent` credited through recorder call-site labels. */
  readonly labelledPercent: number;
  /** Shared among call sites by `estimateMethod`. */
  readonly estimatedPercent: number;
  /** Credited to no call site at all. */
  readonly unattributedPercent: number;
  readonly estimateMethod?: string;
  /** Part of `estimatedPercent` shared among call sites by how often they call the SDK (the rest: cut stacks, service estimates). */
  readonly callSharePercent?: number;
  /** Why marshalling had no frame of the user's code above it; absent when all of it had one. */
  readonly unattributedReason?: string;
  /** Stacks cut by the profiler's depth limit and their repair, when any were cut. */
  readonly truncation?: { readonly depthLimit: number; readonly truncatedPercent: number; readonly repairedPercent: number; readonly stillCutPercent: number };
  /**
   * Part of `measuredPercent + estimatedPercent` on call sites that the editor shows no lens for
   * (their line changed since the profile, or their file is gone); set by the language server, absent when none.
   */
  readonly offLensPercent?: number;
}

const pct = (weight: number, total: number) => (total > 0 ? (weight / total) * 100 : 0);
const one = (percent: number) => `${percent.toFixed(1)}%`;

/** Reason given when the recorded call sites sit in generated files not built in the workspace (trial F19). */
export const UNBUILT_REASON = 'its recorded call sites are in generated JavaScript that is not in the workspace: build first, the source maps are needed';

/** The reason when none of the profile's own files is in the workspace (a wrong or missing `--root`, or paths to map). */
export const NOT_FOUND_REASON =
  "none of the profile's own source files was found in the workspace, so no frame counts as yours: point --root (in the editor, the workspace folder) at the sources, or map the recorded paths (--map, dynamoHotpath.pathMappings)";

/**
 * Why marshalling of this profile has no user frame above it: recorded call sites in files not
 * built here (when they hold at least half of what is not measured), none of the profile's own files
 * in the workspace, the Go depth limit, or Node async callbacks.
 */
export function unattributedReason(a: Analysis): string {
  const away = a.attribution.estimatedWeight + a.attribution.unattributedWeight;
  if ((a.unbuiltRecordedWeight ?? 0) >= away / 2 && away > 0) return UNBUILT_REASON;
  // No file of the program's own (neither runtime nor a dependency) is in the workspace: the
  // frames of the user's code are there, but were not recognised as such.
  if (a.coverage.candidateWeight > 0 && a.coverage.resolvedWeight === 0) return NOT_FOUND_REASON;
  // Go code (pprof, or folded stacks that keep Go's file names): goroutines, not async callbacks.
  if (!(a.truncation || a.functions.some((f) => f.file.endsWith('.go')))) {
    return 'the SDK parses responses in an async callback, where no frame of your code is on the stack';
  }
  const cut = a.truncation?.stillCutDynamoWeight ?? 0;
  const repaired = a.attribution.estimateParts?.repair ?? 0;
  if (cut <= 0 && repaired <= 0) return 'SDK goroutines have no frame of yours';
  const restored = repaired > 0 ? `${pct(repaired, a.totalWeight).toFixed(1)}% of the profile has its call site read off other stacks` : '';
  const stillCut = cut > 0 ? `${pct(cut, a.totalWeight).toFixed(1)}% of the profile stays cut after repair` : '';
  return `Go keeps only the ${a.truncation!.depthLimit} innermost frames of a stack: ${[restored, stillCut].filter((x) => x).join(', ')}; SDK goroutines have no frame of yours`;
}

/** The attribution split of an analysis, in percent of its total. */
export function attributionShares(a: Analysis): AttributionShares {
  const t = a.totalWeight;
  const s = a.attribution;
  return {
    dynamoPercent: pct(a.dynamoWeight, t),
    measuredPercent: pct(s.measuredWeight, t),
    labelledPercent: pct(s.labelledWeight, t),
    estimatedPercent: pct(s.estimatedWeight, t),
    unattributedPercent: pct(s.unattributedWeight, t),
    ...(s.estimateMethod ? { estimateMethod: s.estimateMethod } : {}),
    callSharePercent: pct(s.estimateParts?.calls ?? 0, t),
    ...(a.unattributedWeight > 0 || (s.estimateParts?.repair ?? 0) > 0 ? { unattributedReason: unattributedReason(a) } : {}),
    ...(a.truncation
      ? {
          truncation: {
            depthLimit: a.truncation.depthLimit,
            truncatedPercent: pct(a.truncation.truncatedWeight, t),
            repairedPercent: pct(a.truncation.repairedWeight, t),
            stillCutPercent: pct(a.truncation.stillCutWeight, t),
          },
        }
      : {}),
  };
}

/**
 * One line: `measured on your lines 4.9% (0.0% through recorded call sites) · estimated 41.6% ·
 * unattributed 0.0%`; the three parts add up to the DynamoDB share.
 */
export function attributionLine(s: AttributionShares): string {
  const recorded = s.labelledPercent > 0 ? ` (${one(s.labelledPercent)} through recorded call sites)` : '';
  return `measured on your lines ${one(s.measuredPercent)}${recorded} · estimated ${one(s.estimatedPercent)} · unattributed ${one(s.unattributedPercent)}`;
}

/**
 * Sentences saying where the DynamoDB work not measured on a line went: why no frame of the
 * user's code was above it, how it was estimated, how to measure it instead. Empty when there was none.
 */
export function unattributedSentences(s: AttributionShares): string[] {
  const out: string[] = [];
  const away = s.estimatedPercent + s.unattributedPercent;
  // Below what any figure shows (one decimal): a recording that measured everything gets no paragraph.
  if (away < 0.05) return out;
  out.push(`${one(away)} of the profile is DynamoDB work not measured on a line of yours${s.unattributedReason ? ` (where no frame of your code is above it: ${s.unattributedReason})` : ''}.`);
  if (s.estimatedPercent > 0 && s.estimateMethod) out.push(`Estimated per call site (${one(s.estimatedPercent)}): ${s.estimateMethod}.`);
  // The proxy follows the number of calls, not the size of their responses (a one-item GetItem can outrank a 100-item Scan).
  if ((s.callSharePercent ?? s.estimatedPercent) > s.measuredPercent) out.push('Most of the share is estimated: the estimate follows how often each call site calls the SDK, not how large its items are, so call sites that read many or large items may rank lower than they cost.');
  if (s.unattributedPercent > 0) out.push(`${one(s.unattributedPercent)} stays unattributed: no call site of the same SDK was found to share it.`);
  if (s.unattributedReason?.startsWith('the SDK parses') && s.labelledPercent === 0) out.push('Record with `dynamo-hotpath record -- node app.js` to measure it per call site.');
  return out;
}

/**
 * `0.9% of the profile is credited to call sites on lines changed or removed since it was
 * recorded: no lens shows it …`, or undefined when every credited call site has its lens (below 0.05 %).
 */
export function offLensSentence(s: AttributionShares): string | undefined {
  if ((s.offLensPercent ?? 0) < 0.05) return undefined;
  return `${one(s.offLensPercent!)} of the profile is credited to call sites on lines changed or removed since it was recorded: no lens shows it (the report's call-site table lists them at their recorded lines).`;
}

/** `Go stacks cut at 64 frames: 48.0% of the profile; 45.0% repaired, 3.0% still cut`, or undefined. */
export function truncationLine(s: AttributionShares): string | undefined {
  const t = s.truncation;
  if (!t) return undefined;
  return `stacks cut at ${t.depthLimit} frames: ${one(t.truncatedPercent)} of the profile; ${one(t.repairedPercent)} repaired, ${one(t.stillCutPercent)} still cut`;
}

/** The status bar's short text: `DynamoDB 46.5%`, then `(41.6% est.)` / `(3.1% unattributed)` when some is not measured. */
export function statusBarText(s: AttributionShares): string {
  const parts: string[] = [];
  if (s.estimatedPercent >= 0.05) parts.push(`${one(s.estimatedPercent)} est.`);
  if (s.unattributedPercent >= 0.05) parts.push(`${one(s.unattributedPercent)} unattributed`);
  return `DynamoDB ${one(s.dynamoPercent)}${parts.length > 0 ? ` (${parts.join(', ')})` : ''}`;
}

/**
 * Share of the DynamoDB weight measured on a line (stack or recorder label), 0–1; 1 when there
 * is no DynamoDB weight. Per-call-site comparisons need it high on both sides: a line's change
 * is otherwise mostly a change in what could be measured.
 */
export function measuredFraction(a: Analysis): number {
  return a.dynamoWeight > 0 ? a.attribution.measuredWeight / a.dynamoWeight : 1;
}

/** Below this {@link measuredFraction} on either side, comparison lenses give no per-line change (the issue's 90 % goal). */
export const PER_LINE_COMPARISON_MIN_MEASURED = 0.9;
