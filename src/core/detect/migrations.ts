/**
 * The migrations frame rules suggest (`FrameRule.migration`), with the evidence behind each.
 */

export interface MigrationInfo {
  readonly id: string;
  readonly title: string;
  readonly detail: string;
}

export const MIGRATIONS: Readonly<Record<string, MigrationInfo>> = {
  'go-sdk-v2': {
    id: 'go-sdk-v2',
    title: 'Move from aws-sdk-go v1 to aws-sdk-go-v2 (guregu/dynamo → guregu/dynamo/v2)',
    detail:
      'v1 decodes responses by reflection over struct tags (jsonutil, reflect.StructTag.Lookup); v2 uses generated deserializers. A production Go ad server that made this move cut CPU per request by 59 % and its peak pods from 245 to 109.',
  },
  'go-attributevalue': {
    id: 'go-attributevalue',
    title: 'Replace dynamodbattribute with aws-sdk-go-v2 feature/dynamodb/attributevalue',
    detail:
      'Same API shape; v2 reads only `dynamodbav` tags and writes empty strings as S:"" (not NULL) — check those before switching.',
  },
  'go-guregu-dynamo-v2': {
    id: 'go-guregu-dynamo-v2',
    title: 'Upgrade github.com/guregu/dynamo to github.com/guregu/dynamo/v2',
    detail:
      'v2 runs on aws-sdk-go-v2; methods take ctx first (AllWithContext(ctx,&x) → All(ctx,&x)). guregu/dynamo ≥ 1.22 already caches type information on SDK v1.',
  },
  'js-util-dynamodb': {
    id: 'js-util-dynamodb',
    title: 'Replace AWS.DynamoDB.Converter with @aws-sdk/util-dynamodb marshall/unmarshall',
    detail:
      'v3 marshall is typically faster, v3 unmarshall can be slower (aws-sdk-js-v3 #4151): run the benchmark on your items before migrating.',
  },
  'js-lib-dynamodb': {
    id: 'js-lib-dynamodb',
    title: 'Replace AWS.DynamoDB.DocumentClient with @aws-sdk/lib-dynamodb DynamoDBDocument',
    detail:
      'Keep behaviour with marshallOptions { removeUndefinedValues, convertClassInstanceToMap, allowImpreciseNumbers } and unmarshallOptions { wrapNumbers: Number }.',
  },
  'reuse-connections': {
    id: 'reuse-connections',
    title: 'Reuse connections: keep-alive and a larger idle pool',
    detail:
      'CPU in TLS handshakes means connections are being opened again and again: `dynamo-hotpath check` finds the cause in the code (keep-alive off, a client per request, an idle pool smaller than the calls in flight, a timeout shorter than a handshake); the Connections section credits the handshakes to call sites.',
  },
};
