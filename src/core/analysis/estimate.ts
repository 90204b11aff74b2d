/**
 * Estimates for marshalling that no measurement credits to a call site (async continuations of
 * profiles recorded without `dynamo-hotpath record`, stacks cut by a depth limit). Each SDK's
 * unattributed weight is split by side — response parsing (unmarshal) or request building
 * (marshal) — and by the operation its stack names, when it names one; each part is shared
 * among the call sites of that SDK whose operation it can belong to (read from the code at the
 * call site and the SDK frames beneath it: item unmarshalling only to operations that return
 * items), in proportion to the weight measured beneath each of them while it calls the SDK (its
 * request side, a proxy for its number of calls). Shares are estimates, shown as such, and
 * never added to measured weights.
 */
import { DYNAMO_CATEGORIES, type SdkId } from '../detect/types';
import { returnsItems, type DynamoOperation } from '../source/dynamoOperations';
import type { CodeOperations } from '../source/operationsInCode';

/** The SDK families estimates are kept apart by (a wrapper counts as the SDK beneath it). */
export const SDK_FAMILIES = ['aws-sdk-js-v2', 'aws-sdk-js-v3', 'aws-sdk-go-v1', 'aws-sdk-go-v2'] as const;
/** How each family is named in the method text. */
const FAMILY_NAMES = ['aws-sdk v2', 'AWS SDK v3', 'aws-sdk-go v1', 'aws-sdk-go-v2'];
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
 * @param filePattern the file's {@link familyPatternOfFile}, when the caller has it already.
 */
export function familyIndexOfFrame(name: string, file: string, filePattern = familyPatternOfFile(file)): number {
  // The first pattern that the file or the name matches decides: the name only matters for patterns before the file's.
  for (let i = 0; i < filePattern; i++) if (FAMILY_PATTERNS[i]![0].test(name)) return FAMILY_PATTERNS[i]![1];
  return filePattern < FAMILY_PATTERNS.length ? FAMILY_PATTERNS[filePattern]![1] : -1;
}

/** The file half of {@link familyIndexOfFrame}: index of the first SDK pattern that `file` matches, or the number of patterns when none does. */
export function familyPatternOfFile(file: string): number {
  const i = FAMILY_PATTERNS.findIndex(([pattern]) => pattern.test(file));
  return i < 0 ? FAMILY_PATTERNS.length : i;
}

/** What an estimate gives one call site. */
export interface SiteEstimate {
  readonly weight: number;
  /** Per category, indexed like {@link DYNAMO_CATEGORIES}. */
  readonly byCategory: Float64Array;
  /** Per `ruleId|category`, for the call site's dominant SDK. */
  readonly byRule: Map<string, number>;
}

/** Unattributed marshalling of one SDK family, one side, one operation (or none named). */
interface Bucket {
  readonly family: number;
  readonly response: boolean;
  readonly operation: DynamoOperation | undefined;
  weight: number;
  readonly byCategory: Float64Array;
  readonly byRule: Map<string, number>;
}

/** What the shares were given by: call sites whose operation fits, call sites naming no operation, or all (nothing fit). */
export interface EstimateTiers {
  readonly fitting: number;
  readonly unnamed: number;
  readonly anySite: number;
}

/** The outcome of {@link UnattributedEstimator.share}. */
export interface EstimateShares {
  readonly sites: Map<number, SiteEstimate>;
  /** Unattributed weight no call site could take (an SDK whose calls have no frame of the user's code anywhere). */
  readonly leftoverWeight: number;
  /** Indexes into {@link SDK_FAMILIES} of the SDKs whose weight was shared. */
  readonly families: readonly number[];
  /** Weight shared per eligibility tier (same unit as the profile). */
  readonly tiers: EstimateTiers;
}

const IS_RESPONSE = DYNAMO_CATEGORIES.map((c) => c.endsWith('-unmarshal'));

/** Collects the inputs of the estimate during the attribution pass, then shares. */
export class UnattributedEstimator {
  private readonly requestSide = new Map<number, Float64Array>();
  private readonly frameOperations = new Map<number, Set<DynamoOperation>>();
  private readonly buckets = new Map<string, Bucket>();
  /** The same buckets by family·2 + response, then operation: found without building the string key per sample. */
  private readonly bucketIndex: Map<DynamoOperation | undefined, Bucket>[] = [];

  /** `weight` measured beneath call site `siteKey` in SDK family `family`; `operation` when an SDK frame under the site names it. */
  addRequestSide(siteKey: number, family: number, weight: number, operation?: DynamoOperation): void {
    let perFamily = this.requestSide.get(siteKey);
    if (!perFamily) this.requestSide.set(siteKey, (perFamily = new Float64Array(SDK_FAMILIES.length)));
    perFamily[family]! += weight;
    if (operation === undefined) return;
    let ops = this.frameOperations.get(siteKey);
    if (!ops) this.frameOperations.set(siteKey, (ops = new Set()));
    ops.add(operation);
  }

  /** Marshalling `weight` of SDK family `family` that reached no call site; `operation` when a frame of its stack names it. */
  addUnattributed(family: number, categoryIndex: number, ruleKey: string, weight: number, operation?: DynamoOperation): void {
    const response = IS_RESPONSE[categoryIndex]!;
    const index = (this.bucketIndex[2 * family + (response ? 1 : 0)] ??= new Map());
    let b = index.get(operation);
    if (!b) {
      b = { family, response, operation, weight: 0, byCategory: new Float64Array(DYNAMO_CATEGORIES.length), byRule: new Map() };
      index.set(operation, b);
      this.buckets.set(`${family}|${response}|${operation ?? ''}`, b);
    }
    b.weight += weight;
    b.byCategory[categoryIndex]! += weight;
    b.byRule.set(ruleKey, (b.byRule.get(ruleKey) ?? 0) + weight);
  }

  /** Keys of the call sites that ran SDK work (the only ones estimates can go to). */
  siteKeys(): Iterable<number> {
    return this.requestSide.keys();
  }

  /**
   * The shares per call site key. `codeOperations(siteKey)` gives what the code at a call site
   * calls (undefined when it cannot be read); with the SDK frames' evidence it decides which
   * call sites a bucket may go to, by tiers: the sites whose operation fits (the bucket's own
   * operation; for response parsing an operation that returns items; for request building any
   * operation), else the sites that name no operation, else every site of the SDK.
   */
  share(codeOperations: (siteKey: number) => CodeOperations | undefined): EstimateShares {
    const sites = new Map<number, SiteEstimate>();
    const tiers = { fitting: 0, unnamed: 0, anySite: 0 };
    const families = new Set<number>();
    let leftoverWeight = 0;
    const evidence = new Map<number, { operations: ReadonlySet<DynamoOperation>; withReturnValues: boolean }>();
    for (const key of this.requestSide.keys()) {
      const code = codeOperations(key);
      const frames = this.frameOperations.get(key);
      const operations = new Set([...(code?.operations ?? []), ...(frames ?? [])]);
      evidence.set(key, { operations, withReturnValues: code?.withReturnValues ?? false });
    }
    for (const b of this.buckets.values()) {
      const fits = (key: number) => {
        const { operations, withReturnValues } = evidence.get(key)!;
        if (b.operation !== undefined) return operations.has(b.operation);
        if (!b.response) return operations.size > 0;
        for (const op of operations) if (returnsItems(op, withReturnValues)) return true;
        return false;
      };
      const tierTests: [keyof EstimateTiers, (key: number) => boolean][] = [
        ['fitting', fits],
        ['unnamed', (key) => evidence.get(key)!.operations.size === 0],
        ['anySite', () => true],
      ];
      let shared = false;
      for (const [tier, test] of tierTests) {
        const weights = new Map<number, number>();
        let total = 0;
        for (const [key, perFamily] of this.requestSide) {
          const w = perFamily[b.family]!;
          if (w > 0 && test(key)) (weights.set(key, w), (total += w));
        }
        if (total <= 0) continue;
        for (const [key, w] of weights) addShare(sites, key, b, w / total);
        tiers[tier] += b.weight;
        families.add(b.family);
        shared = true;
        break;
      }
      if (!shared) leftoverWeight += b.weight;
    }
    return { sites, leftoverWeight, families: [...families].sort(), tiers };
  }
}

function addShare(sites: Map<number, SiteEstimate>, key: number, b: Bucket, fraction: number): void {
  let site = sites.get(key);
  if (!site) sites.set(key, (site = { weight: 0, byCategory: new Float64Array(DYNAMO_CATEGORIES.length), byRule: new Map() }));
  (site as { weight: number }).weight += b.weight * fraction;
  b.byCategory.forEach((w, c) => (site.byCategory[c]! += w * fraction));
  for (const [rule, w] of b.byRule) site.byRule.set(rule, (site.byRule.get(rule) ?? 0) + w * fraction);
}

/**
 * The estimate method, as every output states it, naming only the SDKs whose weight was
 * estimated and saying when a part went to call sites whose operation did not fit.
 */
export function estimateMethod(shares: Pick<EstimateShares, 'families' | 'tiers'>): string {
  const sdks = shares.families.map((f) => FAMILY_NAMES[f]).join(', ');
  const total = shares.tiers.fitting + shares.tiers.unnamed + shares.tiers.anySite;
  const loose = total > 0 ? (shares.tiers.unnamed + shares.tiers.anySite) / total : 0;
  const caveat =
    loose >= 0.0005
      ? `; ${(loose * 100).toFixed(1)}% of it found no call site whose code names a fitting operation and went to call sites naming none, or to all of that SDK's`
      : '';
  return (
    `marshalling with no frame of your code above it is shared among the call sites that call the same SDK (${sdks}) and run an operation it can belong to — ` +
    'response parsing only among operations that return items (Query, Scan, GetItem, BatchGetItem, TransactGetItems, PartiQL statements, a write with ReturnValues), request building among any that send one; ' +
    'the operation is read from the code at the call site or the SDK frames beneath it — in proportion to the CPU measured beneath each call site while it runs that SDK (a proxy for its number of calls)' +
    caveat
  );
}
