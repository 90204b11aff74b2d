/**
 * Connections and throttling of one analysis, for the CLI, the report and `compare`: the CPU of
 * TLS handshakes split by side and host (`attribute.ts`), of error answers and retries; per call
 * site the CPU of the handshakes its requests caused and what its calls did on the wire
 * ({@link SiteStats}); per request, when the request count is known, how many new connections
 * and throttled calls each request cost.
 *
 * Counts come only from recorders (`record`, the Go call labels): a CPU profile cannot count
 * handshakes or calls, so without them only CPU shares are given, never an invented count.
 */
import { addCallStats, NO_STATS, throttledOf, type CallStats } from './callStats';
import type { SiteStats } from './siteStats';
import type { Analysis } from './types';

/** One call site's connection and throttling figures. */
export interface ConnectionSite {
  /** Workspace-relative file; absent when the recorded file does not resolve (then `profileFile`). */
  readonly relativePath?: string;
  readonly profileFile: string;
  readonly line: number;
  readonly functionName: string;
  /** Operations counted at this line (`GetItem`, `BatchWriteItem`…), in order of calls. */
  readonly operations: readonly string[];
  /** Client classes counted at this line. */
  readonly clients: readonly string[];
  /** CPU of DynamoDB TLS handshakes credited to this line (profile unit). */
  readonly handshakeWeight: number;
  /** CPU decoding error answers, and in retry decisions, beneath this line. */
  readonly errorWeight: number;
  readonly retryWeight: number;
  /** What its calls did, when counted. */
  readonly stats?: CallStats;
}

/** Per-request figures: the totals divided by the request count. */
export interface PerRequest {
  readonly requests: number;
  /** Where the count came from (`990`, `run.json: requests`). */
  readonly source: string;
  /** CPU of DynamoDB handshakes per request, in the profile's unit. */
  readonly handshakeWeight: number;
  /** Counted new TLS connections per request; absent when nothing was counted. */
  readonly handshakes?: number;
  /** Counted throttled attempts (retried) and throttled calls that failed, per request. */
  readonly throttledRetries?: number;
  readonly throttledErrors?: number;
  /** Counted unprocessed batch items never sent again, per request. */
  readonly droppedItems?: number;
}

/** The whole section. Weights in the analysis's unit. */
export interface ConnectionReport {
  /** Outbound handshakes credited to DynamoDB (= `Analysis.connectionSetupWeight`). */
  readonly dynamoHandshakeWeight: number;
  /** Outbound (or unknown side) handshakes with no evidence of DynamoDB. */
  readonly otherHandshakeWeight: number;
  /** Handshakes of the process's own listeners. */
  readonly inboundHandshakeWeight: number;
  readonly errorWeight: number;
  readonly retryWeight: number;
  /** Call sites with handshake, error or retry CPU, or counts; most handshake CPU first, then most calls. */
  readonly sites: readonly ConnectionSite[];
  /** The sum of every counted call site; absent when nothing was counted. */
  readonly counted?: CallStats;
  readonly perRequest?: PerRequest;
}

const keyOf = (relativePath: string | undefined, profileFile: string, line: number) => `${relativePath ?? profileFile}\u0000${line}`;

/**
 * Builds the section from `analysis` (and its `siteStats`); `requests` (a resolved count) adds
 * the per-request figures.
 */
export function connectionReport(analysis: Analysis, requests?: { readonly requests: number; readonly source: string }): ConnectionReport {
  const sites = new Map<string, { site: Omit<ConnectionSite, 'operations' | 'clients' | 'stats'>; operations: string[]; clients: string[]; stats?: CallStats }>();
  for (const s of analysis.callSites) {
    const handshakeWeight = s.byCategory['connection-setup'] ?? 0;
    const errorWeight = s.byCategory['error-response'] ?? 0;
    const retryWeight = s.byCategory['retry-backoff'] ?? 0;
    if (handshakeWeight + errorWeight + retryWeight === 0) continue;
    sites.set(keyOf(s.relativePath, s.profileFile, s.line), { site: { relativePath: s.relativePath, profileFile: s.profileFile, line: s.line, functionName: s.functionName, handshakeWeight, errorWeight, retryWeight }, operations: [], clients: [] });
  }
  for (const st of analysis.siteStats ?? []) addCounted(sites, st);
  const list: ConnectionSite[] = [...sites.values()].map(({ site, operations, clients, stats }) => ({ ...site, operations, clients, ...(stats ? { stats } : {}) }));
  list.sort((a, b) => b.handshakeWeight - a.handshakeWeight || (b.stats?.calls ?? 0) - (a.stats?.calls ?? 0));
  const counted = analysis.siteStats?.length ? analysis.siteStats.reduce((sum, s) => addCallStats(sum, s.stats), NO_STATS) : undefined;
  const byCategory = analysis.byCategory;
  return {
    dynamoHandshakeWeight: analysis.connectionSetupWeight,
    otherHandshakeWeight: analysis.tlsUnknownHostWeight,
    inboundHandshakeWeight: analysis.tlsInboundWeight,
    errorWeight: byCategory['error-response'] ?? 0,
    retryWeight: byCategory['retry-backoff'] ?? 0,
    sites: list,
    ...(counted ? { counted } : {}),
    ...(requests ? { perRequest: perRequestOf(analysis.connectionSetupWeight, counted, requests) } : {}),
  };
}

function addCounted(sites: Map<string, { site: Omit<ConnectionSite, 'operations' | 'clients' | 'stats'>; operations: string[]; clients: string[]; stats?: CallStats }>, st: SiteStats): void {
  const key = keyOf(st.relativePath, st.profileFile, st.line);
  let entry = sites.get(key);
  if (!entry) {
    entry = { site: { ...(st.relativePath !== undefined ? { relativePath: st.relativePath } : {}), profileFile: st.profileFile, line: st.line, functionName: st.functionName, handshakeWeight: 0, errorWeight: 0, retryWeight: 0 }, operations: [], clients: [] };
    sites.set(key, entry);
  }
  if (!entry.operations.includes(st.operation)) entry.operations.push(st.operation);
  if (st.client && !entry.clients.includes(st.client)) entry.clients.push(st.client);
  entry.stats = entry.stats ? addCallStats(entry.stats, st.stats) : st.stats;
}

/** Unprocessed items never sent again. */
export function droppedItemsOf(stats: CallStats): number {
  return Math.max(0, stats.unprocessedItems - stats.unprocessedResent);
}

function perRequestOf(handshakeWeight: number, counted: CallStats | undefined, requests: { readonly requests: number; readonly source: string }): PerRequest {
  const n = requests.requests;
  const throttled = counted ? throttledOf(counted) : undefined;
  return {
    requests: n,
    source: requests.source,
    handshakeWeight: handshakeWeight / n,
    ...(counted ? { handshakes: counted.handshakes / n, throttledRetries: throttled!.retries / n, throttledErrors: throttled!.errors / n, droppedItems: droppedItemsOf(counted) / n } : {}),
  };
}
