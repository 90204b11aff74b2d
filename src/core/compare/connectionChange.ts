/**
 * Connections and throttling, before and after: the shares of handshake, error-answer and retry
 * CPU, and per request (when both request counts are known) the handshake CPU and the counted new
 * connections, DynamoDB calls, throttled attempts and calls and dropped batch items — the proof
 * that a keep-alive or retry fix worked, as the marshalling rows prove a migration.
 */
import { connectionReport, droppedItemsOf } from '../analysis/connections';
import { throttledOf } from '../analysis/callStats';
import type { Analysis } from '../analysis/types';
import type { ResolvedRequests } from './requestCount';

/** Counted totals of one side (`record`, the Go call labels), absent when nothing was counted. */
export interface CountedTotals {
  readonly calls: number;
  readonly handshakes: number;
  readonly throttledRetries: number;
  readonly throttledErrors: number;
  readonly droppedItems: number;
}

/** One side. Shares are percent of the side's total weight; per-request values in the unit, or counts per request. */
export interface ConnectionSide {
  readonly dynamoHandshakeShare: number;
  readonly otherHandshakeShare: number;
  readonly inboundHandshakeShare: number;
  readonly errorResponseShare: number;
  readonly retryShare: number;
  readonly counted?: CountedTotals;
  /** Present when the side's request count is known. */
  readonly perRequest?: { readonly handshakeWeight: number } & Partial<CountedTotals>;
}

export interface ConnectionComparison {
  readonly before: ConnectionSide;
  readonly after: ConnectionSide;
}

function sideOf(analysis: Analysis, requests: ResolvedRequests | undefined): ConnectionSide {
  const r = connectionReport(analysis, requests);
  const share = (w: number) => (analysis.totalWeight > 0 ? (w / analysis.totalWeight) * 100 : 0);
  const c = r.counted;
  const throttled = c ? throttledOf(c) : undefined;
  const counted: CountedTotals | undefined = c ? { calls: c.calls, handshakes: c.handshakes, throttledRetries: throttled!.retries, throttledErrors: throttled!.errors, droppedItems: droppedItemsOf(c) } : undefined;
  const n = requests?.requests;
  return {
    dynamoHandshakeShare: share(r.dynamoHandshakeWeight),
    otherHandshakeShare: share(r.otherHandshakeWeight),
    inboundHandshakeShare: share(r.inboundHandshakeWeight),
    errorResponseShare: share(r.errorWeight),
    retryShare: share(r.retryWeight),
    ...(counted ? { counted } : {}),
    ...(n ? { perRequest: { handshakeWeight: r.dynamoHandshakeWeight / n, ...(counted ? (Object.fromEntries(Object.entries(counted).map(([k, v]) => [k, v / n])) as unknown as CountedTotals) : {}) } } : {}),
  };
}

/** Both sides' connection figures. */
export function compareConnections(before: Analysis, after: Analysis, beforeRequests: ResolvedRequests | undefined, afterRequests: ResolvedRequests | undefined): ConnectionComparison {
  return { before: sideOf(before, beforeRequests), after: sideOf(after, afterRequests) };
}
