/**
 * Words and numbers the editor shows: CodeLens titles, percentages, category phrases.
 */
import type { DynamoCategory } from '../core/detect/types';
import type { CallSite, UserFunctionStat } from '../core/analysis/types';

/** `46.9%`: one decimal, `<0.1%` for tiny non-zero shares. */
export function formatPercent(percent: number): string {
  if (percent > 0 && percent < 0.05) return '<0.1%';
  return `${percent.toFixed(1)}%`;
}

/** Share of `total` in percent; 0 when total is 0. */
export function percentOf(weight: number, total: number): number {
  return total > 0 ? (weight / total) * 100 : 0;
}

/** What the category does, as a verb phrase after "DynamoDB". */
export function categoryPhrase(category: DynamoCategory): string {
  switch (category) {
    case 'protocol-unmarshal':
    case 'attribute-unmarshal':
      return 'unmarshal';
    case 'protocol-marshal':
    case 'attribute-marshal':
      return 'marshal';
    case 'connection-setup':
      return 'connection setup';
    case 'error-response':
      return 'error response';
    case 'retry-backoff':
      return 'retry';
  }
}

/** `DynamoDB unmarshal (aws-sdk-go v1 jsonrpc, reflection)`. */
export function describeCallSite(site: CallSite): string {
  return `DynamoDB ${categoryPhrase(site.dominant.category)} (${site.dominant.label}, ${site.dominant.mechanism})`;
}

/**
 * Title of a call-site lens: `46.9% CPU · 45.1% DynamoDB unmarshal (aws-sdk-go v1 jsonutil,
 * reflection)`, measured; an estimated share of unattributed marshalling follows as
 * `· ~7.6% estimated` (alone, `5.0% CPU · ~13.2% estimated DynamoDB unmarshal (…)`); a
 * function-level call site (line-0 profile, lens on the declaration) ends with
 * `· whole function (the profile has no lines)`. When the SDK has a known faster successor a
 * second lens, {@link MIGRATE_LENS_TITLE}, follows it on the same line (VS Code shows them as
 * `… reflection) | migrate ›`).
 */
export function callSiteLensTitle(site: CallSite, totalWeight: number): string {
  const cpu = `${formatPercent(percentOf(site.totalWeight, totalWeight))} CPU`;
  const measured = percentOf(site.dynamoWeight, totalWeight);
  const estimated = percentOf(site.estimatedWeight ?? 0, totalWeight);
  const level = site.precision === 'function' ? ' · whole function (the profile has no lines)' : '';
  if (measured < 0.05 && estimated >= 0.05) return `${cpu} · ~${formatPercent(estimated)} estimated ${describeCallSite(site)}${level}`;
  const estimate = estimated >= 0.05 ? ` · ~${formatPercent(estimated)} estimated` : '';
  return `${cpu} · ${formatPercent(measured)} ${describeCallSite(site)}${estimate}${level}`;
}

/** Title of the lens that offers the migration of a legacy call. */
export const MIGRATE_LENS_TITLE = 'migrate ›';

/** Title of a function-head lens: `GetUserActivity: 56.5% CPU · 50.2% DynamoDB in 2 call sites`. */
export function functionLensTitle(fn: UserFunctionStat, shortName: string, totalWeight: number): string {
  const sites = fn.callSiteLines.length;
  return `${shortName}: ${formatPercent(percentOf(fn.totalWeight, totalWeight))} CPU · ${formatPercent(percentOf(fn.dynamoWeight, totalWeight))} DynamoDB in ${sites} call site${sites === 1 ? '' : 's'}`;
}

/** Prefix of a lens whose line differs from the code that was profiled (its hover says what changed). */
export const CHANGED_PREFIX = '⚠ changed: ';

/**
 * Title of a comparison lens where attribution does not cover both sides: no per-line change,
 * the share of DynamoDB that no line measured before and after, and the overall change.
 * `…Unmeasured` are fractions 0–1 of each side's DynamoDB weight; `…Dynamo` percent of total.
 */
export function uncoveredComparisonTitle(beforeUnmeasured: number, afterUnmeasured: number, beforeDynamo: number, afterDynamo: number): string {
  const share = (f: number) => `${(f * 100).toFixed(0)}%`;
  return `no per-line change: ${share(beforeUnmeasured)} → ${share(afterUnmeasured)} of DynamoDB not measured on a line (DynamoDB ${formatPercent(beforeDynamo)} → ${formatPercent(afterDynamo)} overall)`;
}
