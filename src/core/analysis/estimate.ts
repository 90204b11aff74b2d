/**
 * Estimates for marshalling that no measurement credits to a call site (async continuations of
 * profiles recorded without `dynamo-hotpath record`, stacks cut by a depth limit): each SDK's
 * unattributed weight is shared among the call sites that call that SDK, in proportion to the
 * weight measured beneath each of them while it calls it (its request side). Shares are
 * estimates, shown as such, and never added to measured weights.
 */
import { DYNAMO_CATEGORIES, type SdkId } from '../detect/types';

/** Estimate method, as every output states it. */
export const ESTIMATE_METHOD =
  'marshalling with no frame of your code above it is shared among the call sites that call the same SDK (aws-sdk v2, AWS SDK v3, aws-sdk-go v1, aws-sdk-go-v2), in proportion to the CPU measured beneath each call site while it runs that SDK';

/** The SDK families estimates are kept apart by (a wrapper counts as the SDK beneath it). */
export const SDK_FAMILIES = ['aws-sdk-js-v2', 'aws-sdk-js-v3', 'aws-sdk-go-v1', 'aws-sdk-go-v2'] as const;
export type SdkFamily = (typeof SDK_FAMILIES)[number];

const FAMILY_OF_SDK: Readonly<Partial<Record<SdkId, number>>> = {
  'aws-sdk-js-v2': 0,
  'aws-sdk-js-v3': 1,
  'aws-sdk-go-v1': 2,
  'guregu-dynamo-v1': 2,
  'aws-sdk-go-v2': 3,
  'guregu-dynamo-v2': 3,
};

/** Index into {@link SDK_FAMILIES} of a rule's SDK; -1 for TLS and other non-DynamoDB code. */
export function familyIndexOfSdk(sdk: SdkId): number {
  return FAMILY_OF_SDK[sdk] ?? -1;
}

const FAMILY_PATTERNS: readonly [RegExp, number][] = [
  [/[\\/]node_modules[\\/]aws-sdk[\\/]/, 0],
  [/[\\/]node_modules[\\/]@(aws-sdk|smithy)[\\/]/, 1],
  [/github\.com\/aws\/aws-sdk-go-v2\/|github\.com\/guregu\/dynamo\/v2\//, 3],
  [/github\.com\/aws\/aws-sdk-go\/|github\.com\/guregu\/dynamo\//, 2],
];

/**
 * Index into {@link SDK_FAMILIES} of the SDK a frame's code belongs to, from its file
 * (`node_modules/aws-sdk/…`, `node_modules/@smithy/…`) or, for Go, its package path in the
 * function name or file; -1 when it is no SDK's.
 */
export function familyIndexOfFrame(name: string, file: string): number {
  for (const [pattern, family] of FAMILY_PATTERNS) if (pattern.test(file) || pattern.test(name)) return family;
  return -1;
}

/** What an estimate gives one call site. */
export interface SiteEstimate {
  readonly weight: number;
  /** Per category, indexed like {@link DYNAMO_CATEGORIES}. */
  readonly byCategory: Float64Array;
  /** Per `ruleId|category`, for the call site's dominant SDK. */
  readonly byRule: Map<string, number>;
}

/** Collects the inputs of the estimate during the attribution pass, then shares. */
export class UnattributedEstimator {
  private readonly requestSide = new Map<number, Float64Array>();
  private readonly unattributed = SDK_FAMILIES.map(() => ({ weight: 0, byCategory: new Float64Array(DYNAMO_CATEGORIES.length), byRule: new Map<string, number>() }));

  /** `weight` measured beneath call site `siteKey` in SDK family `family`. */
  addRequestSide(siteKey: number, family: number, weight: number): void {
    let perFamily = this.requestSide.get(siteKey);
    if (!perFamily) this.requestSide.set(siteKey, (perFamily = new Float64Array(SDK_FAMILIES.length)));
    perFamily[family]! += weight;
  }

  /** Marshalling `weight` of SDK family `family` that reached no call site. */
  addUnattributed(family: number, categoryIndex: number, ruleKey: string, weight: number): void {
    const u = this.unattributed[family]!;
    u.weight += weight;
    u.byCategory[categoryIndex]! += weight;
    u.byRule.set(ruleKey, (u.byRule.get(ruleKey) ?? 0) + weight);
  }

  /**
   * The shares per call site key, and the unattributed weight no call site could take (an SDK
   * whose calls have no frame of the user's code anywhere).
   */
  share(): { readonly sites: Map<number, SiteEstimate>; readonly leftoverWeight: number } {
    const sites = new Map<number, SiteEstimate>();
    let leftoverWeight = 0;
    this.unattributed.forEach((u, family) => {
      if (u.weight <= 0) return;
      let total = 0;
      for (const perFamily of this.requestSide.values()) total += perFamily[family]!;
      if (total <= 0) {
        leftoverWeight += u.weight;
        return;
      }
      for (const [key, perFamily] of this.requestSide) {
        const fraction = perFamily[family]! / total;
        if (fraction <= 0) continue;
        let site = sites.get(key);
        if (!site) sites.set(key, (site = { weight: 0, byCategory: new Float64Array(DYNAMO_CATEGORIES.length), byRule: new Map() }));
        (site as { weight: number }).weight += u.weight * fraction;
        u.byCategory.forEach((w, c) => (site!.byCategory[c]! += w * fraction));
        for (const [rule, w] of u.byRule) site.byRule.set(rule, (site.byRule.get(rule) ?? 0) + w * fraction);
      }
    });
    return { sites, leftoverWeight };
  }
}
