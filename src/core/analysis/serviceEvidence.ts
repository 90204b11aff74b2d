/**
 * Which AWS service shared protocol code worked for. aws-sdk-go v1 `jsonutil`, smithy-go's JSON
 * serde, aws-sdk v2's `lib/json` and the v3 schema serde serve every JSON-protocol service
 * (Kinesis, CloudWatch Logs, SQS, Step Functions…), so a sample in them is DynamoDB's only when
 * something says so:
 *
 * - a DynamoDB client, shape code or codec above the frame on the stack (Go `service/dynamodb`,
 *   `guregu/dynamo`; `@aws-sdk/client-dynamodb`, `@aws-sdk/dynamodb-codec`, aws-sdk v2
 *   `lib/dynamodb/`), or a `dynamo-hotpath record` label (the recorder labels DynamoDB requests only);
 * - another service's code above it (`service/kinesis`, `@aws-sdk/client-sqs`, v2 `lib/services/sqs.js`)
 *   says it is not; so does, in a recorded profile that labelled DynamoDB requests, the absence of a
 *   label; and, for the v3 schema serde, a member-level read or write with no DynamoDB codec above
 *   it (DynamoDB's codec overrides `_read`, `_write` and `writeValue`, so every member of a DynamoDB
 *   shape is read through a codec frame — checked on `@aws-sdk/dynamodb-codec` 3.973.60);
 * - where nothing on the stack tells (async response parsing of aws-sdk v2, stacks cut at a depth
 *   limit), the sample is split between DynamoDB and other services by {@link ServiceSplit}: an
 *   estimate, stated with its method.
 */
import { CONTEXT_LABEL } from '../profile/contextLabels';
import type { LabelSet } from '../profile/model';
import type { FrameRule } from '../detect/rules';
import { OPERATION_LABEL } from './recorderLabels';
import { SDK_FAMILIES } from './estimate';

/** Member-level functions of the v3 schema serde that DynamoDB's codec overrides. */
const V3_CODEC_OVERRIDES = /^(?:_read|_write|writeValue)$/;

/**
 * True for a frame of the v3 shared schema serde (its `protocols` submodule: the serde
 * submodule's stream `Collector` has a `_write` too) that DynamoDB's codec would sit above, were
 * it DynamoDB's.
 */
export function isSharedMemberSerde(rule: FrameRule, name: string, path: string): boolean {
  return rule.id === 'js-v3-schema-serde' && V3_CODEC_OVERRIDES.test(name) && path.includes('/protocols/');
}

/** True for a label set that `dynamo-hotpath record` gives the samples of a DynamoDB request. */
export function isDynamoRequestLabel(set: LabelSet): boolean {
  return set[CONTEXT_LABEL] !== undefined || set[OPERATION_LABEL] !== undefined;
}

/** Which evidence a DynamoDB fraction came from (see {@link ServiceSplit.fraction}). */
export type SplitTier = 'shared' | 'family' | 'dynamoOnly' | 'none';

/**
 * The DynamoDB fraction of shared protocol work whose stack does not tell its service, per SDK
 * family and side (request building, response parsing). Fed during the attribution pass with the
 * samples that do tell, then asked:
 * 1. `shared`: the same SDK's shared protocol samples of the same side whose stack tells — their
 *    DynamoDB weight over all of them;
 * 2. `family`: else every sample of the SDK (module loading excluded) whose stack shows a client —
 *    DynamoDB's share of them (aws-sdk v2 checks every DynamoDB response's CRC32 in
 *    `lib/services/dynamodb.js`, SQS's MD5 in `lib/services/sqs.js`: work that scales with the responses);
 * 3. `dynamoOnly`: else 1 when DynamoDB's own code ran (a DynamoDB client or its item conversion
 *    on some stack) and no other service's client is on any stack;
 * 4. `none`: else 0 — no DynamoDB client ran in the profile at all.
 */
export class ServiceSplit {
  private readonly shared = new Float64Array(SDK_FAMILIES.length * 4);
  private readonly family = new Float64Array(SDK_FAMILIES.length * 2);
  /** Set during the pass: DynamoDB's own code ran (outside module loading). */
  dynamoRan = false;
  /** Set during the pass: another service's client ran (outside module loading). */
  otherRan = false;

  /** Shared protocol `weight` of family `family` on side `response` whose stack says DynamoDB (`dynamo`) or another service. */
  addShared(family: number, response: boolean, dynamo: boolean, weight: number): void {
    this.shared[4 * family + (response ? 2 : 0) + (dynamo ? 0 : 1)]! += weight;
  }

  /** SDK work `weight` of family `family` whose stack shows DynamoDB's client (`dynamo`) or another service's. */
  addFamily(family: number, dynamo: boolean, weight: number): void {
    this.family[2 * family + (dynamo ? 0 : 1)]! += weight;
  }

  /** The DynamoDB fraction (0–1) for family `family`, side `response`, and the tier it came from. */
  fraction(family: number, response: boolean): { fraction: number; tier: SplitTier } {
    const at = 4 * family + (response ? 2 : 0);
    const [d, o] = [this.shared[at]!, this.shared[at + 1]!];
    if (d + o > 0) return { fraction: d / (d + o), tier: 'shared' };
    const [fd, fo] = [this.family[2 * family]!, this.family[2 * family + 1]!];
    if (fd + fo > 0) return { fraction: fd / (fd + fo), tier: 'family' };
    return this.dynamoRan && !this.otherRan ? { fraction: 1, tier: 'dynamoOnly' } : { fraction: 0, tier: 'none' };
  }
}

/**
 * The method sentence of a service split: what was split, and how; `percent` is the share of the
 * profile whose service the stack did not tell, `dynamoPercent` the part of it counted as DynamoDB.
 */
export function serviceSplitMethod(tiers: ReadonlySet<SplitTier>, percent: number, dynamoPercent: number): string {
  const how: string[] = [];
  if (tiers.has('shared')) how.push("in proportion to the same SDK's protocol work of the same side (request building or response parsing) whose stack shows the client");
  if (tiers.has('family')) how.push("in proportion to the SDK's work whose stack shows the client (DynamoDB's CRC32 check, SQS's MD5 check, a client's own code)");
  if (tiers.has('dynamoOnly')) how.push("as DynamoDB's: DynamoDB's own code ran and no other service's client is on any stack");
  if (tiers.has('none')) how.push('as no DynamoDB client ran (none is on any stack)');
  return (
    `shared AWS protocol code whose stack shows no client (${percent.toFixed(1)}% of the profile) is split between DynamoDB and other services ${how.join('; or ')}: ` +
    `${dynamoPercent.toFixed(1)}% counted as DynamoDB`
  );
}
