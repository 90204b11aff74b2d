/**
 * Real SDK clients pointed at a local endpoint (the replay server, dynalite, DynamoDB Local):
 * static dummy credentials, a fixed region, keep-alive HTTP agents and no retries, so a benchmark
 * measures one request per call and never touches the network beyond 127.0.0.1.
 */
import { Agent } from 'node:http';
import DynamoDBv2 from 'aws-sdk/clients/dynamodb';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, type TranslateConfig } from '@aws-sdk/lib-dynamodb';

/** Credentials the local endpoints accept; never real ones. */
export const LOCAL_CREDENTIALS = { accessKeyId: 'AKIDLOCALBENCH', secretAccessKey: 'local-bench-secret' };
export const LOCAL_REGION = 'us-east-1';

/**
 * The behaviour-preserving v3 options our migration quick-fix emits (notes/migration-semantics.md):
 * marshall like v2 (drop undefined, class instances as maps, imprecise numbers allowed) and
 * unmarshall numbers as JS numbers like v2. `allowImpreciseNumbers` and a function-valued
 * `wrapNumbers` need util-dynamodb ≥ 3.689.0.
 */
export const MIGRATION_MARSHALL_OPTIONS = {
  removeUndefinedValues: true,
  convertClassInstanceToMap: true,
  allowImpreciseNumbers: true,
} as const;
export const MIGRATION_UNMARSHALL_OPTIONS = { wrapNumbers: Number } as const;

/** A v2 `DocumentClient` for `endpoint` (keep-alive agent, no retries, CRC-32 checked as in production). */
export function createV2DocumentClient(endpoint: string, agent = new Agent({ keepAlive: true })): DynamoDBv2.DocumentClient {
  const service = new DynamoDBv2({
    endpoint,
    region: LOCAL_REGION,
    credentials: LOCAL_CREDENTIALS,
    maxRetries: 0,
    httpOptions: { agent },
  });
  return new DynamoDBv2.DocumentClient({ service });
}

/** A v3 low-level `DynamoDBClient` for `endpoint` (keep-alive agent, one attempt). */
export function createV3Client(endpoint: string, agent = new Agent({ keepAlive: true })): DynamoDBClient {
  return new DynamoDBClient({
    endpoint,
    region: LOCAL_REGION,
    credentials: LOCAL_CREDENTIALS,
    maxAttempts: 1,
    requestHandler: { httpAgent: agent },
  });
}

/** A v3 `DynamoDBDocumentClient` over {@link createV3Client}, with `translateConfig` (default options when omitted). */
export function createV3DocumentClient(endpoint: string, translateConfig?: TranslateConfig, agent?: Agent): DynamoDBDocumentClient {
  return DynamoDBDocumentClient.from(createV3Client(endpoint, agent), translateConfig);
}

/** The v2 Converter (static marshall/unmarshall), from the same lightweight client module. */
export const V2Converter = DynamoDBv2.Converter;
