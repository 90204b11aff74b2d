/**
 * One sentence per DynamoDB category saying what the CPU is spent on, with where the fact
 * comes from, for hovers and the report.
 */
import type { DynamoCategory } from '../core/detect/types';

export interface CategoryFact {
  readonly sentence: string;
  /** Where the statement can be checked. */
  readonly source: string;
}

export const CATEGORY_FACTS: Readonly<Record<DynamoCategory, CategoryFact>> = {
  'protocol-unmarshal': {
    sentence: 'Decoding the DynamoDB JSON response into the SDK\'s own types (maps of AttributeValue); aws-sdk-go v1 walks the output structs by reflection, reading struct tags field by field, where aws-sdk-go-v2 runs generated code.',
    source: 'aws-sdk-go v1.44 private/protocol/json/jsonutil/unmarshal.go; aws-sdk-go-v2 service/dynamodb/deserializers.go',
  },
  'protocol-marshal': {
    sentence: 'Encoding the request (keys, items, expression values) into DynamoDB\'s JSON wire format before it is signed and sent.',
    source: 'aws-sdk-go v1.44 private/protocol/json/jsonutil/build.go; aws-sdk-go-v2 service/dynamodb/serializers.go',
  },
  'attribute-unmarshal': {
    sentence: 'Converting AttributeValue maps into the application\'s items (structs or plain objects), e.g. dynamodbattribute.UnmarshalListOfMaps or DynamoDB.Converter.unmarshall.',
    source: 'aws-sdk-go v1.44 service/dynamodb/dynamodbattribute/decode.go; aws-sdk JS v2 lib/dynamodb/converter.js',
  },
  'attribute-marshal': {
    sentence: 'Converting the application\'s items into AttributeValue maps before a write, e.g. dynamodbattribute.MarshalMap or the DocumentClient\'s translator.',
    source: 'aws-sdk-go v1.44 service/dynamodb/dynamodbattribute/encode.go; aws-sdk JS v2 lib/dynamodb/translator.js',
  },
  'connection-setup': {
    sentence: 'TLS handshakes to the DynamoDB endpoint; a steady share in a long profile means connections are not being reused (keep-alive off or a client per request).',
    source: 'Go crypto/tls (*Conn).Handshake; Node tls.connect',
  },
  'error-response': {
    sentence: 'Decoding error answers: requests DynamoDB refused (ThrottlingException on on-demand tables, HTTP 400; ProvisionedThroughputExceededException; failed conditions). A steady share means many calls are refused and retried; record the service to count them per call site.',
    source: 'aws-sdk-go v1 private/protocol/jsonrpc/unmarshal_error.go; aws-sdk JS v2 lib/protocol/json.js extractError; AWS SDK v3 de_CommandError; on-demand throttling (ThrottlingException as HTTP 400)',
  },
  'retry-backoff': {
    sentence: 'The SDK deciding whether and when to retry a refused request (retry quota, back-off delay); the wait itself takes no CPU.',
    source: 'aws-sdk-go v1 aws/client/default_retryer.go; aws-sdk-go-v2 aws/retry; @smithy/middleware-retry',
  },
};
