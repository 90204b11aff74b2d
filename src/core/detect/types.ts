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
 * - `error-response`: decoding error answers (`ThrottlingException`, `ConditionalCheckFailedException`…):
 *   a steady share means requests are refused, typically throttled (seed 003).
 * - `retry-backoff`: the SDK's retry decisions and back-off (retry quota, delay computation).
 * The last three are DynamoDB client work but not marshalling: they are counted apart
 * ({@link MARSHALLING_CATEGORIES}).
 */
export type DynamoCategory =
  | 'protocol-unmarshal'
  | 'protocol-marshal'
  | 'attribute-unmarshal'
  | 'attribute-marshal'
  | 'connection-setup'
  | 'error-response'
  | 'retry-backoff';

export const DYNAMO_CATEGORIES: readonly DynamoCategory[] = [
  'protocol-unmarshal',
  'protocol-marshal',
  'attribute-unmarshal',
  'attribute-marshal',
  'connection-setup',
  'error-response',
  'retry-backoff',
];

/** The categories that are (un)marshalling: the DynamoDB marshalling share sums these only. */
export const MARSHALLING_CATEGORIES: ReadonlySet<DynamoCategory> = new Set(['protocol-unmarshal', 'protocol-marshal', 'attribute-unmarshal', 'attribute-marshal']);

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
export type Mechanism = 'reflection' | 'generated' | 'schema' | 'interpreted' | 'handshake' | 'error-path';

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
