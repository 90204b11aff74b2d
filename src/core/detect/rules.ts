/**
 * The catalogue of DynamoDB marshalling frame rules, kept as data.
 *
 * A rule matches a frame by Go function-name prefix (Go names carry the package import path,
 * which survives `-trimpath`, vendoring and module-cache layouts) or by a path fragment of a
 * JavaScript file (`node_modules/<package>/…`, which survives npm, pnpm and yarn layouts).
 * Each rule says which SDK and generation it recognizes, what the frame does (category) and how
 * (mechanism), and which migration it suggests.
 *
 * Direction (marshal vs unmarshal) often depends on the function: `directions` lists name
 * patterns checked in order; when none matches, the frames above it on the stack are asked
 * (see `classify.ts`), and `fallback` decides last.
 *
 * A rule marked `shared` matches protocol code that every service of its SDK runs (aws-sdk-go v1
 * `jsonutil`, smithy-go's JSON serde, aws-sdk v2 `lib/json`, the v3 schema serde): its frames are
 * DynamoDB's only when the stack shows a DynamoDB client above them or a `record` label says so
 * (`analysis/serviceEvidence.ts`).
 */
import type { DynamoCategory, FrameClass, Mechanism, SdkGeneration, SdkId } from './types';

/** Marshal/unmarshal half of a category family. */
export type Direction = 'marshal' | 'unmarshal';

/** What a rule's frames do (see {@link FrameRule.family}). */
export type RuleFamily = 'protocol' | 'attribute' | 'connection' | 'error' | 'retry';

export interface FrameRule {
  readonly id: string;
  readonly sdk: SdkId;
  readonly generation: SdkGeneration;
  /**
   * `protocol` = wire JSON ⇄ SDK types; `attribute` = AttributeValue ⇄ items; `connection` = TLS;
   * `error` = decoding an error answer (marshalling frames beneath it count as error work too, see
   * `attribute.ts`); `retry` = retry decisions and back-off.
   */
  readonly family: RuleFamily;
  readonly mechanism: Mechanism;
  readonly label: string;
  readonly migration?: string;
  /** Go: the function name starts with one of these. */
  readonly goNamePrefixes?: readonly string[];
  /** Go: the function name must not start with these (e.g. `github.com/guregu/dynamo/v2.` for v1). */
  readonly goNameExcludes?: readonly string[];
  /** JavaScript: the normalized file path contains one of these fragments. */
  readonly jsPathFragments?: readonly string[];
  /** JavaScript: restrict to these function names (exact), when the file also holds unrelated code. */
  readonly jsNames?: RegExp;
  /**
   * JavaScript frames with no file (folded stacks of bare V8 names): the function names, exact,
   * that only this rule's package uses (`convertToAttr`, not `marshall`, which aws-sdk v2's
   * Converter has too). The analysis states when it matched frames this way.
   */
  readonly jsBareNames?: RegExp;
  /** Only frames whose function name matches (after prefix/path matching) belong to the rule. */
  readonly nameFilter?: RegExp;
  /** Frames whose function name matches do not belong to the rule (utilities the package also hosts). */
  readonly nameExclude?: RegExp;
  /**
   * Utilities the package shares with other SDK code: a sample decided by a frame whose path
   * matches `utility`, entered from a caller (the nearest frame above that is neither this rule's
   * nor transparent) whose path matches `caller`, is that caller's work, not (un)marshalling.
   */
  readonly callerExclude?: { readonly utility: RegExp; readonly caller: RegExp };
  /** Name patterns deciding the direction, checked in order. */
  readonly directions?: readonly (readonly [RegExp, Direction])[];
  readonly fallback: Direction;
  /**
   * True when the matched code serves every service of the SDK (Kinesis, CloudWatch Logs, SQS…
   * speak the same JSON protocol): a frame counts as DynamoDB only with evidence of the service.
   */
  readonly shared?: true;
  /** Where the pattern comes from. */
  readonly source: string;
}

const UNMARSHAL_WORDS: readonly (readonly [RegExp, Direction])[] = [
  [/unmarshal|Unmarshal|decode|Decode|deserial|Deserial|[Pp]arse|extractData|extractError|Output|_read|read[A-Z]|^read$|\.read$/, 'unmarshal'],
  [/marshal|Marshal|encode|Encode|serial|Serial|[Bb]uild|Input|write|Write/, 'marshal'],
];

/** Error answers and retries: before the marshalling rules, which would otherwise take the same files' error functions. */
const ERROR_AND_RETRY_RULES: readonly FrameRule[] = [
  {
    id: 'go-v1-error-response',
    sdk: 'aws-sdk-go-v1',
    generation: 'legacy',
    family: 'error',
    mechanism: 'error-path',
    label: 'aws-sdk-go v1 error response',
    goNamePrefixes: ['github.com/aws/aws-sdk-go/private/protocol/jsonrpc.(*UnmarshalTypedError)', 'github.com/aws/aws-sdk-go/private/protocol/jsonrpc.UnmarshalError', 'github.com/aws/aws-sdk-go/private/protocol.(*UnmarshalErrorHandler)'],
    fallback: 'unmarshal',
    source: 'aws-sdk-go v1.55 private/protocol/jsonrpc/unmarshal_error.go ((*UnmarshalTypedError).UnmarshalError)',
  },
  {
    id: 'go-v1-retry',
    sdk: 'aws-sdk-go-v1',
    generation: 'legacy',
    family: 'retry',
    mechanism: 'error-path',
    label: 'aws-sdk-go v1 retryer',
    goNamePrefixes: ['github.com/aws/aws-sdk-go/aws/client.DefaultRetryer.', 'github.com/aws/aws-sdk-go/aws/client.(*DefaultRetryer)', 'github.com/aws/aws-sdk-go/aws/request.(*Request).WillRetry', 'github.com/aws/aws-sdk-go/service/dynamodb.(*DynamoDB).retryRules'],
    fallback: 'unmarshal',
    source: 'aws-sdk-go v1.55 aws/client/default_retryer.go (ShouldRetry, RetryRules), aws/corehandlers AfterRetryHandler, service/dynamodb/customizations.go (retryRules: 10 retries, 50 ms base)',
  },
  {
    id: 'go-v2-error-response',
    sdk: 'aws-sdk-go-v2',
    generation: 'current',
    family: 'error',
    mechanism: 'error-path',
    label: 'aws-sdk-go-v2 error response',
    goNamePrefixes: ['github.com/aws/aws-sdk-go-v2/service/dynamodb.', 'github.com/aws/aws-sdk-go-v2/aws/protocol/restjson.GetErrorInfo'],
    nameFilter: /awsAwsjson10_deserialize(OpError|Error|Document\w*Exception)|restjson\.GetErrorInfo/,
    fallback: 'unmarshal',
    source: 'aws-sdk-go-v2 service/dynamodb deserializers.go (awsAwsjson10_deserializeOpError<Op>, awsAwsjson10_deserializeError<Exception>), aws/protocol/restjson (GetErrorInfo)',
  },
  {
    id: 'go-v2-retry',
    sdk: 'aws-sdk-go-v2',
    generation: 'current',
    family: 'retry',
    mechanism: 'error-path',
    label: 'aws-sdk-go-v2 retryer',
    goNamePrefixes: ['github.com/aws/aws-sdk-go-v2/aws/retry.', 'github.com/aws/aws-sdk-go-v2/aws/ratelimit.'],
    // The retry middleware's own plumbing runs on every request, retried or not: not an error path.
    goNameExcludes: [
      'github.com/aws/aws-sdk-go-v2/aws/retry.AddRetryMiddlewares',
      'github.com/aws/aws-sdk-go-v2/aws/retry.NewAttemptMiddleware',
      'github.com/aws/aws-sdk-go-v2/aws/retry.(*Attempt).',
      'github.com/aws/aws-sdk-go-v2/aws/retry.Attempt.',
      'github.com/aws/aws-sdk-go-v2/aws/retry.(*MetricsHeader).',
      'github.com/aws/aws-sdk-go-v2/aws/retry.MetricsHeader.',
      'github.com/aws/aws-sdk-go-v2/aws/retry.setRetryMetricsHeader',
      'github.com/aws/aws-sdk-go-v2/aws/retry.getRetryMetadata',
      'github.com/aws/aws-sdk-go-v2/aws/retry.setRetryMetadata',
      'github.com/aws/aws-sdk-go-v2/aws/retry.addAttemptResults',
      'github.com/aws/aws-sdk-go-v2/aws/retry.newAttemptMetrics',
      'github.com/aws/aws-sdk-go-v2/aws/retry.withOperationMetadata',
    ],
    fallback: 'unmarshal',
    source: 'aws-sdk-go-v2 aws/retry (Standard retryer, backoff, retry quota) and aws/ratelimit (token bucket); middleware.go\'s per-request plumbing (AddRetryMiddlewares, Attempt.HandleFinalize/handleAttempt, MetricsHeader, retry metadata) excluded',
  },
  {
    id: 'js-v2-error-response',
    sdk: 'aws-sdk-js-v2',
    generation: 'legacy',
    family: 'error',
    mechanism: 'error-path',
    label: 'aws-sdk v2 error response',
    jsPathFragments: ['/aws-sdk/lib/protocol/json.js'],
    nameFilter: /extractError/,
    fallback: 'unmarshal',
    source: 'aws-sdk v2 lib/protocol/json.js (extractError)',
  },
  {
    id: 'js-v2-retry',
    sdk: 'aws-sdk-js-v2',
    generation: 'legacy',
    family: 'retry',
    mechanism: 'error-path',
    label: 'aws-sdk v2 retry',
    jsPathFragments: ['/aws-sdk/lib/event_listeners.js', '/aws-sdk/lib/service.js', '/aws-sdk/lib/services/dynamodb.js'],
    nameFilter: /RETRY_CHECK|RESET_RETRY_STATE|FINALIZE_ERROR|retryDelays|retryableError|isThrottlingError|throttledError/,
    fallback: 'unmarshal',
    source: 'aws-sdk v2 lib/event_listeners.js (FINALIZE_ERROR, RETRY_CHECK, RESET_RETRY_STATE), lib/service.js (retryableError, throttledError), lib/services/dynamodb.js (retryDelays)',
  },
  {
    id: 'js-v3-error-response',
    sdk: 'aws-sdk-js-v3',
    generation: 'current',
    family: 'error',
    mechanism: 'error-path',
    label: 'AWS SDK v3 error response',
    jsPathFragments: ['/@aws-sdk/client-dynamodb/', '/@aws-sdk/core/dist-cjs/submodules/protocols/', '/@aws-sdk/core/dist-es/submodules/protocols/', '/@smithy/smithy-client/', '/@smithy/core/dist-cjs/submodules/protocols/', '/@smithy/core/dist-es/submodules/protocols/'],
    nameFilter: /^(de_CommandError|de_\w+ExceptionRes|throwDefaultError|withBaseException|decorateServiceException|loadRestJsonErrorCode|parseJsonErrorBody|handleError)$|ExceptionRes$/,
    fallback: 'unmarshal',
    source: '@aws-sdk/client-dynamodb protocols/Aws_json1_0 (de_CommandError, de_<Exception>Res), @aws-sdk/core protocols (loadRestJsonErrorCode, parseJsonErrorBody; AwsJson1_0Protocol.handleError in schema serde), @smithy/smithy-client (throwDefaultError, decorateServiceException)',
  },
  {
    id: 'js-v3-retry',
    sdk: 'aws-sdk-js-v3',
    generation: 'current',
    family: 'retry',
    mechanism: 'error-path',
    label: 'AWS SDK v3 retry',
    jsPathFragments: ['/@smithy/middleware-retry/', '/@smithy/util-retry/', '/@smithy/service-error-classification/'],
    fallback: 'unmarshal',
    source: '@smithy/middleware-retry (retryMiddleware, StandardRetryStrategy), @smithy/util-retry (retry token, backoff), @smithy/service-error-classification',
  },
];

export const FRAME_RULES: readonly FrameRule[] = [
  ...ERROR_AND_RETRY_RULES,
  // ---- Go: aws-sdk-go v1 ------------------------------------------------------------------
  {
    id: 'go-v1-jsonutil',
    sdk: 'aws-sdk-go-v1',
    generation: 'legacy',
    family: 'protocol',
    mechanism: 'reflection',
    label: 'aws-sdk-go v1 jsonutil',
    migration: 'go-sdk-v2',
    goNamePrefixes: ['github.com/aws/aws-sdk-go/private/protocol/json/jsonutil.'],
    directions: [
      [/unmarshal|Unmarshal/, 'unmarshal'],
      [/build|Build|writeString|sortedValues/, 'marshal'],
    ],
    fallback: 'unmarshal',
    shared: true,
    source: 'aws-sdk-go v1 private/protocol/json/jsonutil (unmarshal.go: reflection over struct tags; build.go); seed 000 flame graph; every JSON-protocol client of v1.55.8 (Kinesis, CloudWatch Logs, SQS) runs it too',
  },
  {
    id: 'go-v1-jsonrpc',
    sdk: 'aws-sdk-go-v1',
    generation: 'legacy',
    family: 'protocol',
    mechanism: 'reflection',
    label: 'aws-sdk-go v1 jsonrpc',
    migration: 'go-sdk-v2',
    goNamePrefixes: ['github.com/aws/aws-sdk-go/private/protocol/jsonrpc.'],
    directions: [
      [/Unmarshal/, 'unmarshal'],
      [/Build/, 'marshal'],
    ],
    fallback: 'unmarshal',
    shared: true,
    source: 'aws-sdk-go v1 private/protocol/jsonrpc/jsonrpc.go (Build, Unmarshal, UnmarshalMeta, UnmarshalError); seed 000; shared by every JSON-RPC client',
  },
  {
    id: 'go-v1-dynamodbattribute',
    sdk: 'aws-sdk-go-v1',
    generation: 'legacy',
    family: 'attribute',
    mechanism: 'reflection',
    label: 'aws-sdk-go v1 dynamodbattribute',
    migration: 'go-attributevalue',
    goNamePrefixes: ['github.com/aws/aws-sdk-go/service/dynamodb/dynamodbattribute.'],
    directions: [
      [/Decoder|[Uu]nmarshal|decoderFieldByIndex|valueElem/, 'unmarshal'],
      [/Encoder|[Mm]arshal|encoderFieldByIndex/, 'marshal'],
    ],
    fallback: 'unmarshal',
    source: 'aws-sdk-go v1 service/dynamodb/dynamodbattribute (decode.go, encode.go, field.go)',
  },
  // ---- Go: guregu/dynamo (v1 sits on aws-sdk-go v1, v2 on aws-sdk-go-v2) --------------------
  {
    id: 'go-guregu-dynamo-v1',
    sdk: 'guregu-dynamo-v1',
    generation: 'legacy',
    family: 'attribute',
    mechanism: 'reflection',
    label: 'guregu/dynamo v1',
    migration: 'go-guregu-dynamo-v2',
    goNamePrefixes: ['github.com/guregu/dynamo.'],
    goNameExcludes: ['github.com/guregu/dynamo/v2.'],
    nameFilter: /[Uu]nmarshal|[Mm]arshal|[Dd]ecode|[Ee]ncode|typedef|fieldInfo|structInfo/,
    directions: [
      [/[Uu]nmarshal|[Dd]ecode/, 'unmarshal'],
      [/[Mm]arshal|[Ee]ncode/, 'marshal'],
    ],
    fallback: 'unmarshal',
    source: 'github.com/guregu/dynamo v1 (decode.go, encode.go, codec.go); seed 000: the wrapper over aws-sdk-go v1',
  },
  {
    id: 'go-guregu-dynamo-v2',
    sdk: 'guregu-dynamo-v2',
    generation: 'current',
    family: 'attribute',
    mechanism: 'reflection',
    label: 'guregu/dynamo v2',
    goNamePrefixes: ['github.com/guregu/dynamo/v2.'],
    nameFilter: /[Uu]nmarshal|[Mm]arshal|[Dd]ecode|[Ee]ncode|typedef|fieldInfo|structInfo/,
    directions: [
      [/[Uu]nmarshal|[Dd]ecode/, 'unmarshal'],
      [/[Mm]arshal|[Ee]ncode/, 'marshal'],
    ],
    fallback: 'unmarshal',
    source: 'github.com/guregu/dynamo/v2 (decode.go, encode.go, codec.go on aws-sdk-go-v2 types)',
  },
  // ---- Go: aws-sdk-go-v2 ---------------------------------------------------------------------
  {
    id: 'go-v2-awsjson10',
    sdk: 'aws-sdk-go-v2',
    generation: 'current',
    family: 'protocol',
    mechanism: 'generated',
    label: 'aws-sdk-go-v2 awsjson10 (generated)',
    goNamePrefixes: ['github.com/aws/aws-sdk-go-v2/service/dynamodb.'],
    nameFilter: /awsAwsjson10_(de)?serialize/,
    directions: [
      [/awsAwsjson10_deserialize/, 'unmarshal'],
      [/awsAwsjson10_serialize/, 'marshal'],
    ],
    fallback: 'unmarshal',
    source: 'aws-sdk-go-v2 service/dynamodb deserializers.go / serializers.go (generated awsAwsjson10_* functions, releases before v1.69.0)',
  },
  {
    id: 'go-v2-schema-serde',
    sdk: 'aws-sdk-go-v2',
    generation: 'current',
    family: 'protocol',
    mechanism: 'schema',
    label: 'aws-sdk-go-v2 schema serde (DynamoDB shapes)',
    goNamePrefixes: ['github.com/aws/aws-sdk-go-v2/service/dynamodb.', 'github.com/aws/aws-sdk-go-v2/service/dynamodb/types.'],
    nameFilter: /[Dd]eserialize|[Ss]erialize/,
    // Middleware steps (`(*ResolveEndpoint).HandleSerialize`, `(*deserializeResponseMiddleware).HandleDeserialize`)
    // wrap the whole request, HTTP round trip included; the protocol they call is matched on its own.
    nameExclude: /\)\.Handle[A-Z]\w*$/,
    directions: [
      [/[Dd]eserialize/, 'unmarshal'],
      [/[Ss]erialize/, 'marshal'],
    ],
    fallback: 'unmarshal',
    source: 'aws-sdk-go-v2 service/dynamodb ≥ v1.69.0 (2026-09-15, "Enable schema-based (de)serialization"): common_serde.go deserializeAttributeMap/serializeAttributeValue, types/common_serde.go, (*QueryOutput).Deserialize; checked on v1.74.1 from the module proxy',
  },
  {
    id: 'go-v2-smithy-json',
    sdk: 'aws-sdk-go-v2',
    generation: 'current',
    family: 'protocol',
    mechanism: 'generated',
    label: 'smithy-go JSON encoder',
    goNamePrefixes: ['github.com/aws/smithy-go/encoding/json.'],
    directions: [[/Decode|decode/, 'unmarshal']],
    fallback: 'marshal',
    shared: true,
    source: 'github.com/aws/smithy-go/encoding/json (Object/Value/Array encoder used by the generated serializers of every JSON service)',
  },
  {
    id: 'go-v2-smithy-schema-serde',
    sdk: 'aws-sdk-go-v2',
    generation: 'current',
    family: 'protocol',
    mechanism: 'schema',
    label: 'smithy-go schema serde',
    goNamePrefixes: [
      'github.com/aws/smithy-go/transport/http/protocol/',
      'github.com/aws/smithy-go/internal/serde.',
      'github.com/aws/smithy-go.Read',
      'github.com/aws/smithy-go.Write',
      'github.com/aws/smithy-go.(*Schema)',
    ],
    directions: [
      [/[Dd]eserializ|\.Read|[Pp]arse|[Uu]nquote|[Dd]ecode|\.peek|\.next/, 'unmarshal'],
      [/[Ss]erializ|\.Write|[Ee]ncode/, 'marshal'],
    ],
    fallback: 'unmarshal',
    shared: true,
    source: 'github.com/aws/smithy-go v1.28.9: transport/http/protocol/awsjson (Protocol.SerializeRequest/DeserializeResponse), protocol/internal/json (ShapeSerializer, ShapeDeserializer, parser), serde.go (ReadStruct/ReadList/ReadMap/ReadUnion), internal/serde; run by every schema-serde service (aws-sdk-go-v2 dynamodb ≥ v1.69.0, kinesis v1.58.0)',
  },
  {
    id: 'go-v2-attributevalue',
    sdk: 'aws-sdk-go-v2',
    generation: 'current',
    family: 'attribute',
    mechanism: 'reflection',
    label: 'aws-sdk-go-v2 attributevalue',
    goNamePrefixes: ['github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue.'],
    directions: [
      [/Decoder|[Uu]nmarshal|decoderFieldByIndex|Decode/, 'unmarshal'],
      [/Encoder|[Mm]arshal|encoderFieldByIndex|Encode|encodeFloat/, 'marshal'],
    ],
    fallback: 'unmarshal',
    source: 'aws-sdk-go-v2 feature/dynamodb/attributevalue (decode.go, encode.go)',
  },
  // ---- Go: TLS handshakes (connection churn, seed 002) ----------------------------------------
  {
    id: 'go-tls-handshake',
    sdk: 'go-crypto-tls',
    generation: 'current',
    family: 'connection',
    mechanism: 'handshake',
    label: 'Go crypto/tls handshake',
    migration: 'reuse-connections',
    goNamePrefixes: [
      'crypto/tls.(*Conn).HandshakeContext',
      'crypto/tls.(*Conn).handshakeContext',
      'crypto/tls.(*Conn).clientHandshake',
      'crypto/tls.(*Conn).Handshake',
      'crypto/tls.(*clientHandshakeState',
      'crypto/tls.(*clientHandshakeStateTLS13',
    ],
    fallback: 'marshal',
    source: 'Go crypto/tls handshake_client.go; seed 002 (TLS handshake latency from connection churn)',
  },
  // ---- JavaScript: aws-sdk v2 -------------------------------------------------------------------
  {
    id: 'js-v2-converter',
    sdk: 'aws-sdk-js-v2',
    generation: 'legacy',
    family: 'attribute',
    mechanism: 'interpreted',
    label: 'aws-sdk v2 DynamoDB.Converter',
    migration: 'js-util-dynamodb',
    jsPathFragments: ['/aws-sdk/lib/dynamodb/converter.js', '/aws-sdk/lib/dynamodb/set.js', '/aws-sdk/lib/dynamodb/types.js', '/aws-sdk/lib/dynamodb/numberValue.js'],
    directions: [
      [/convertOutput|unmarshall|output|convertNumber/, 'unmarshal'],
      // set.js (`Set`, `initialize`, `detectType`) serves both directions: convertOutput builds sets
      // from SS/NS/BS, createSet from the user's arrays; the caller on the stack decides.
      [/convertInput|marshall|input|format(Map|List|Set)|typeOf|isBinary/, 'marshal'],
    ],
    jsBareNames: /^(?:convertInput|convertOutput|marshallItem|formatList|formatMap|formatSet|filterEmptySetValues)$/,
    fallback: 'unmarshal',
    source: 'aws-sdk v2 lib/dynamodb/converter.js (input/output, marshall/unmarshall), set.js, types.js',
  },
  {
    id: 'js-v2-document-client',
    sdk: 'aws-sdk-js-v2',
    generation: 'legacy',
    family: 'attribute',
    mechanism: 'interpreted',
    label: 'aws-sdk v2 DocumentClient',
    migration: 'js-lib-dynamodb',
    jsPathFragments: ['/aws-sdk/lib/dynamodb/translator.js', '/aws-sdk/lib/dynamodb/document_client.js'],
    directions: [
      [/translateOutput|setupResponse/, 'unmarshal'],
      [/translateInput|createSet/, 'marshal'],
    ],
    jsBareNames: /^Translator\.\w+$|^DocumentClient\.(?:translateInput|translateOutput|setupRequest|setupResponse)$/,
    fallback: 'unmarshal',
    source: 'aws-sdk v2 lib/dynamodb/translator.js (translateInput/translateOutput) and document_client.js',
  },
  {
    id: 'js-v2-json-protocol',
    sdk: 'aws-sdk-js-v2',
    generation: 'legacy',
    family: 'protocol',
    mechanism: 'interpreted',
    label: 'aws-sdk v2 JSON protocol',
    migration: 'js-lib-dynamodb',
    jsPathFragments: ['/aws-sdk/lib/protocol/json.js'],
    directions: [
      [/extractData|extractError/, 'unmarshal'],
      [/buildRequest/, 'marshal'],
    ],
    fallback: 'unmarshal',
    shared: true,
    source: 'aws-sdk v2 lib/protocol/json.js (buildRequest / extractData)',
  },
  {
    id: 'js-v2-json-parser',
    sdk: 'aws-sdk-js-v2',
    generation: 'legacy',
    family: 'protocol',
    mechanism: 'interpreted',
    label: 'aws-sdk v2 JSON parser',
    migration: 'js-lib-dynamodb',
    jsPathFragments: ['/aws-sdk/lib/json/parser.js'],
    jsBareNames: /^JsonParser\.parse$/,
    fallback: 'unmarshal',
    shared: true,
    source: 'aws-sdk v2 lib/json/parser.js (JsonParser.parse → translateStructure/translateMap per attribute)',
  },
  {
    id: 'js-v2-json-builder',
    sdk: 'aws-sdk-js-v2',
    generation: 'legacy',
    family: 'protocol',
    mechanism: 'interpreted',
    label: 'aws-sdk v2 JSON builder',
    migration: 'js-lib-dynamodb',
    jsPathFragments: ['/aws-sdk/lib/json/builder.js'],
    jsBareNames: /^JsonBuilder\.build$/,
    fallback: 'marshal',
    shared: true,
    source: 'aws-sdk v2 lib/json/builder.js (JsonBuilder.build)',
  },
  // ---- JavaScript: AWS SDK v3 ---------------------------------------------------------------------
  {
    id: 'js-v3-util-dynamodb',
    sdk: 'aws-sdk-js-v3',
    generation: 'current',
    family: 'attribute',
    mechanism: 'interpreted',
    label: '@aws-sdk/util-dynamodb',
    jsPathFragments: ['/@aws-sdk/util-dynamodb/'],
    directions: [
      [/^unmarshall$|convertToNative|^convert(Number|String|Map|List|Binary)$/, 'unmarshal'],
      [/^marshall$|convertTo\w*Attr|convertToMapAttrFromEnumerableProps|isBinary/, 'marshal'],
    ],
    jsBareNames: /^convertTo(?:Attr|Native|ListAttr|SetAttr|MapAttrFromIterable|MapAttrFromEnumerableProps|NullAttr|BinaryAttr|StringAttr|BigIntAttr|NumberAttr)$/,
    fallback: 'unmarshal',
    source: '@aws-sdk/util-dynamodb (marshall → convertToAttr; unmarshall → convertToNative)',
  },
  {
    id: 'js-v3-lib-dynamodb',
    sdk: 'aws-sdk-js-v3',
    generation: 'current',
    family: 'attribute',
    mechanism: 'interpreted',
    label: '@aws-sdk/lib-dynamodb',
    jsPathFragments: ['/@aws-sdk/lib-dynamodb/'],
    // A command's constructor stores its input and makes the client's command: no item is converted.
    nameExclude: /^[A-Z]\w*Command$/,
    directions: [
      [/unmarshall/, 'unmarshal'],
      [/marshall/, 'marshal'],
      // The command's set-up on the request path (adds the DocumentMarshall/DocumentUnmarshall middleware).
      [/^(?:resolveMiddleware|addMarshallingMiddleware)$/, 'marshal'],
    ],
    jsBareNames: /^(?:marshallInput|unmarshallOutput|processKeysInObj|processAllKeysInObj)$/,
    fallback: 'unmarshal',
    source: '@aws-sdk/lib-dynamodb (marshallInput/unmarshallOutput, processObj/processKeysInObj; resolveMiddleware/addMarshallingMiddleware on the request path; not the commands\' constructors, e.g. dist-cjs/commands/QueryCommand.js of 3.435.0)',
  },
  {
    id: 'js-v3-client-dynamodb-serde',
    sdk: 'aws-sdk-js-v3',
    generation: 'current',
    family: 'protocol',
    mechanism: 'generated',
    label: '@aws-sdk/client-dynamodb de_/se_ (generated)',
    jsPathFragments: ['/@aws-sdk/client-dynamodb/'],
    nameFilter: /^(de|se)_/,
    directions: [
      [/^de_/, 'unmarshal'],
      [/^se_/, 'marshal'],
    ],
    fallback: 'unmarshal',
    source: '@aws-sdk/client-dynamodb protocols/Aws_json1_0 (de_*/se_* functions of releases before schema serde)',
  },
  {
    id: 'js-v3-dynamodb-codec',
    sdk: 'aws-sdk-js-v3',
    generation: 'current',
    family: 'protocol',
    mechanism: 'schema',
    label: '@aws-sdk/dynamodb-codec',
    jsPathFragments: ['/@aws-sdk/dynamodb-codec/'],
    directions: UNMARSHAL_WORDS,
    jsBareNames: /^(?:readAttributeValue|writeAttributeValue)$/,
    fallback: 'unmarshal',
    // Made with the client (DynamoDBClient's protocol settings), not per item.
    nameExclude: /^(?:create(?:Serializer|Deserializer)|[A-Z]\w*)$/,
    source: '@aws-sdk/dynamodb-codec (readAttributeValue/writeAttributeValue; schema-based serde in v3 ≥ 3.9xx; DynamoDBJsonShapeDeserializer2._read over the shared JsonShapeDeserializer2 in 3.973.60)',
  },
  {
    id: 'js-v3-schema-serde',
    sdk: 'aws-sdk-js-v3',
    generation: 'current',
    family: 'protocol',
    mechanism: 'schema',
    label: 'AWS SDK v3 schema serde',
    jsPathFragments: [
      '/@aws-sdk/core/dist-cjs/submodules/protocols/',
      '/@aws-sdk/core/dist-es/submodules/protocols/',
      '/@smithy/core/dist-cjs/submodules/protocols/',
      '/@smithy/core/dist-cjs/submodules/serde/',
      '/@smithy/core/dist-cjs/submodules/schema/',
      '/@smithy/core/dist-es/submodules/protocols/',
      '/@smithy/core/dist-es/submodules/serde/',
      '/@smithy/core/dist-es/submodules/schema/',
    ],
    // Hex, URI escaping, query strings and UUIDs live in these submodules too, but SigV4 signing
    // (@smithy/signature-v4 getSigningKey/createCanonicalRequest) and the invocation id call them: not (un)marshalling.
    // The serializer, deserializer, codec and protocol classes' constructors run when a client is made, not per item.
    nameExclude: /^(?:toHex|fromHex|hexEncode|escapeUri|escapeUriPath|buildQueryString|bindV4|v4|calculateBodyLength|[A-Z]\w*(?:Serializer|Deserializer|Codec|Protocol)\d*(?:_\d+)?)$/,
    // The serde submodule's UTF-8 and UUID helpers also serve SigV4 signing (getSignature → toUint8Array),
    // the retry middleware's invocation id and SQS's MD5 check (3.1178 recording).
    callerExclude: { utility: /\/submodules\/serde\//, caller: /@smithy\/signature-v4\/|\/submodules\/retry\/|@smithy\/middleware-retry\/|@aws-sdk\/middleware-sdk-sqs\// },
    directions: UNMARSHAL_WORDS,
    // The protocol's entry points, under which every read and write of a response or request runs.
    jsBareNames: /^(?:deserializeResponse|serializeRequest)$/,
    fallback: 'unmarshal',
    shared: true,
    source: '@smithy/core submodules protocols/serde/schema and @aws-sdk/core protocols (JsonShapeDeserializer.read → JSON.parse); excluded utilities seen under @smithy/signature-v4 in a 3.1169 recording',
  },
  // ---- Node: TLS handshakes -------------------------------------------------------------------------
  {
    id: 'node-tls-handshake',
    sdk: 'node-tls',
    generation: 'current',
    family: 'connection',
    mechanism: 'handshake',
    label: 'Node tls handshake',
    migration: 'reuse-connections',
    jsPathFragments: ['node:_tls_wrap', 'node:tls', 'node:_tls_common', 'node:internal/tls/', '_tls_wrap.js'],
    nameFilter: /handshake|Handshake|_start|_init|tlsConnect|onConnectSecure|_finishInit|loadSession|onnewsession|createSecureContext|configSecureContext|checkServerIdentity|^connect$/,
    fallback: 'marshal',
    source: 'Node lib/_tls_wrap.js (TLSSocket._start, onhandshakedone), lib/tls.js; seed 002',
  },
];

/** The category a rule gives a frame, once the direction is known. */
export function categoryOf(rule: FrameRule, direction: Direction): DynamoCategory {
  if (rule.family === 'connection') return 'connection-setup';
  if (rule.family === 'error') return 'error-response';
  if (rule.family === 'retry') return 'retry-backoff';
  // Constant strings, not a template: the attribution pass asks once per sample.
  if (rule.family === 'protocol') return direction === 'marshal' ? 'protocol-marshal' : 'protocol-unmarshal';
  return direction === 'marshal' ? 'attribute-marshal' : 'attribute-unmarshal';
}

/** Builds the public {@link FrameClass} for a rule and direction. */
export function frameClassOf(rule: FrameRule, direction: Direction): FrameClass {
  return {
    ruleId: rule.id,
    sdk: rule.sdk,
    generation: rule.generation,
    category: categoryOf(rule, direction),
    mechanism: rule.mechanism,
    label: rule.label,
    ...(rule.migration ? { migration: rule.migration } : {}),
  };
}
