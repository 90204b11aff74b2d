/**
 * The counted {@link CallStats} of a profile's call sites, placed in the workspace: from the
 * `ddb.stats` label of each recorded context (`dynamo-hotpath record`), and from the `callSites`
 * of a run record (the Go call labels write them). A recorded position in generated JavaScript
 * is mapped through its source map, as the profile's own frames are, so the counts land on the
 * line the analysis credits the CPU to. Contexts that differ only in their callers add up.
 */
import type { LabelSet } from '../profile/model';
import type { PathResolver } from '../paths/types';
import type { SourceMapper } from '../sourcemap/sourceMapper';
import { addCallStats, parseCallStats, STATS_LABEL, type CallStats } from './callStats';
import { CALL_SITE_LABEL, CLIENT_LABEL, FUNCTION_LABEL, OPERATION_LABEL, recordedCallSite } from './recorderLabels';

/** One call site's counts as written by a recorder: its labels' values. */
export interface RecordedSiteStats {
  /** `file:line:column` as recorded (column 0 when unknown, as Go records). */
  readonly callSite: string;
  readonly functionName?: string;
  readonly operation?: string;
  readonly client?: string;
  readonly stats: CallStats;
}

/** Counts of one call site, placed. */
export interface SiteStats {
  /** As recorded. */
  readonly profileFile: string;
  /** Where it lives in the workspace; absent when the recorded file does not resolve. */
  readonly relativePath?: string;
  /** 1-based line (after source mapping). */
  readonly line: number;
  readonly functionName: string;
  readonly operation: string;
  readonly client: string;
  readonly stats: CallStats;
}

/**
 * The recorded counts of `labelSets` (sets without a well-formed `ddb.stats` are left out; a
 * malformed one is named in `problems`).
 */
export function statsOfLabelSets(labelSets: readonly LabelSet[] | undefined): { sites: RecordedSiteStats[]; problems: string[] } {
  const sites: RecordedSiteStats[] = [];
  const problems: string[] = [];
  // A recorded context's full set is there twice once samples' ids are expanded to it (`contextLabels.ts`: the same object): once.
  const seen = new Set<LabelSet>();
  for (const labels of labelSets ?? []) {
    const text = labels[STATS_LABEL];
    if (text === undefined || seen.has(labels)) continue;
    seen.add(labels);
    const stats = parseCallStats(text);
    if (typeof stats === 'string') {
      problems.push(`the counts of recorded call site ${labels[CALL_SITE_LABEL] ?? '(none)'} cannot be read: ${stats}`);
      continue;
    }
    sites.push({
      callSite: labels[CALL_SITE_LABEL] ?? '',
      ...(labels[FUNCTION_LABEL] ? { functionName: labels[FUNCTION_LABEL] } : {}),
      ...(labels[OPERATION_LABEL] ? { operation: labels[OPERATION_LABEL] } : {}),
      ...(labels[CLIENT_LABEL] ? { client: labels[CLIENT_LABEL] } : {}),
      stats,
    });
  }
  return { sites, problems };
}

/**
 * Places recorded counts in the workspace of `resolver` and adds up those of one line, operation
 * and client; heaviest call count first. A site with no recorded position (no frame of the
 * user's code was found) keeps `profileFile` ''.
 */
export function placeSiteStats(recorded: readonly RecordedSiteStats[], resolver: PathResolver, mapper?: SourceMapper): SiteStats[] {
  const byKey = new Map<string, SiteStats>();
  for (const r of recorded) {
    const site = recordedCallSite({ [CALL_SITE_LABEL]: r.callSite });
    let line = site?.line ?? 0;
    let resolution = site ? resolver.resolve(site.file) : undefined;
    // Generated JavaScript of the workspace: its source map says the line of the source (`mapProfileSources` does the same for frames).
    const original = site && mapper && resolution?.kind === 'resolved' ? mapper.originalPosition(resolution.absolutePath, site.line, site.column) : undefined;
    if (original) {
      line = original.line;
      resolution = resolver.resolve(original.file);
    }
    const file = site?.file ?? '';
    const relativePath = resolution?.kind === 'resolved' ? resolution.relativePath : undefined;
    const operation = r.operation ?? 'unknown';
    const client = r.client ?? '';
    const key = `${relativePath ?? file}\u0000${line}\u0000${operation}\u0000${client}`;
    const known = byKey.get(key);
    byKey.set(key, {
      profileFile: site?.file ?? '',
      ...(relativePath !== undefined ? { relativePath } : {}),
      line,
      functionName: r.functionName ?? known?.functionName ?? '(anonymous)',
      operation,
      client,
      stats: known ? addCallStats(known.stats, r.stats) : r.stats,
    });
  }
  return [...byKey.values()].sort((a, b) => b.stats.calls - a.stats.calls);
}
