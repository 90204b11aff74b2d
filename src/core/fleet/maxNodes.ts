/**
 * Asking for as many flame-graph nodes as the server allows. Pyroscope merges every node beyond
 * `max_nodes` into one named `other` (`querier.max-flamegraph-nodes-default` 8192); a request
 * above the tenant's `querier.max-flamegraph-nodes-max` (default 1 048 576) is refused with
 * "max flamegraph nodes limit N is greater than allowed M" (pkg/validation/validate.go), and a
 * negative one with "max flamegraph nodes limit must be set (max allowed M)". So the client
 * asks for {@link UNLIMITED_NODES_PROBE} and, when refused, retries once with the M the server
 * named.
 */
import type { FleetError } from './fleetError';

/** Asked first: above any configured maximum, so the server either accepts it (no cap) or names its cap. */
export const UNLIMITED_NODES_PROBE = 2 ** 31 - 1;

/** The maximum a Pyroscope "max nodes" refusal names, or undefined when the error is about something else. */
export function allowedMaxNodes(err: FleetError): number | undefined {
  if (err.kind !== 'bad-request' || !err.serverMessage) return undefined;
  const m = /max flamegraph nodes limit (?:\d+ is greater than allowed|must be set \(max allowed) (\d+)/i.exec(err.serverMessage);
  if (!m) return undefined;
  const n = Number(m[1]);
  return Number.isSafeInteger(n) && n > 0 ? n : undefined;
}
