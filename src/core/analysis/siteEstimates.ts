/**
 * The estimated part of a call site's DynamoDB weight, kept apart from what was measured on it:
 * shares of marshalling no frame of the user's code reached (`estimate.ts`), cut stacks completed
 * from other stacks (`repair/`), and shared protocol work whose service the stack did not tell
 * (`serviceEvidence.ts`).
 */
import { DYNAMO_CATEGORIES } from '../detect/types';
import type { SiteEstimate } from './estimate';

/** A mutable {@link SiteEstimate}. */
export interface SiteEstimateAccumulator extends SiteEstimate {
  weight: number;
}

/** An empty estimate. */
export function emptyEstimate(): SiteEstimateAccumulator {
  return { weight: 0, byCategory: new Float64Array(DYNAMO_CATEGORIES.length), byRule: new Map() };
}

/** Adds `weight` of category `categoryIndex` (rule key `ruleKey`) to `estimate`. */
export function addToEstimate(estimate: SiteEstimateAccumulator, categoryIndex: number, ruleKey: string, weight: number): void {
  estimate.weight += weight;
  estimate.byCategory[categoryIndex]! += weight;
  estimate.byRule.set(ruleKey, (estimate.byRule.get(ruleKey) ?? 0) + weight);
}

/** Adds all of `from` to `into`. */
export function mergeEstimate(into: SiteEstimateAccumulator, from: SiteEstimate): void {
  into.weight += from.weight;
  from.byCategory.forEach((w, c) => (into.byCategory[c]! += w));
  for (const [rule, w] of from.byRule) into.byRule.set(rule, (into.byRule.get(rule) ?? 0) + w);
}
