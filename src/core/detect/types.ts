/**
 * Vocabulary of the DynamoDB marshalling detector: what a frame rule says about a frame.
 */

/**
 * Where CPU goes in a DynamoDB client.
 * - `protocol-unmarshal` / `protocol-marshal`: wire JSON ⇄ SDK types (aws-sdk-go v1 `jsonutil`,
 *   v2 `awsAwsjson10_deserialize*`, JS v2 `lib/json/parser.js`, v3 schema serde).
 * - `attribute-unmarshal` / `attribute-marshal`: AttributeValue ⇄ the application's items
 *   (`dynamodbattribute`, `attributevalue`, v2 `Converter`, v3 `util-dynamodb`).
 * - `connection-setup`: TLS handshakes, a sign that connections are not reused (seed 002).
 */
export type DynamoCategory =
  | 'protocol-unmarshal'
  | 'protocol-marshal'
  | 'attribute-unmarshal'
  | 'attribute-marshal'
  | 'connection-setup';

export const DYNAMO_CATEGORIES: readonly DynamoCategory[] = [
  'protocol-unmarshal',
  'protocol-marshal',
  'attribute-unmarshal',
  'attribute-marshal',
  'connection-setup',
];

/** The SDK (or wrapper) a rule recognizes. */
export type SdkId =
  | 'aws-sdk-go-v1'
  | 'aws-sdk-go-v2'
  | 'guregu-dynamo-v1'
  | 'guregu-dynamo-v2'
  | 'aws-sdk-js-v2'
  | 'aws-sdk-js-v3'
  | 'go-crypto-tls'
  | 'node-tls';

/** Legacy = a generation with a known faster successor; current = the successor. */
export type SdkGeneration = 'legacy' | 'current';

/** How the code converts: per-field reflection, generated code, schema interpretation, or hand-written JS. */
export type Mechanism = 'reflection' | 'generated' | 'schema' | 'interpreted' | 'handshake';

/** What a matched frame is. */
export interface FrameClass {
  /** Stable id of the rule that matched (e.g. `go-v1-jsonutil`). */
  readonly ruleId: string;
  readonly sdk: SdkId;
  readonly generation: SdkGeneration;
  readonly category: DynamoCategory;
  readonly mechanism: Mechanism;
  /** Short human label, e.g. `aws-sdk-go v1 jsonrpc`. */
  readonly label: string;
  /** Id of the migration this frame suggests, if any (see `migrations.ts`). */
  readonly migration?: string;
}
