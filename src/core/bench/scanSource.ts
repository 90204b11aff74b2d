/**
 * Items from a live table (opt-in): one `Scan` with `Limit` through `@aws-sdk/client-dynamodb`,
 * using the caller's normal credential chain, profile and region, or an endpoint override for
 * DynamoDB Local or dynalite. Read-only: it sends exactly one Scan and nothing else; credentials are
 * resolved by the SDK and never read, logged or stored here.
 */
import { DynamoDBClient, ScanCommand, type AttributeValue } from '@aws-sdk/client-dynamodb';
import type { ItemSet, WireAttributeValue, WireItem } from './itemTypes';
import { ItemSourceError } from './itemSource';
import { redactUrlCredentials } from '../redact';
import { plural } from '../plural';

/** What to scan. */
export interface ScanSourceOptions {
  tableName: string;
  /** At most this many items (1..1000). */
  limit: number;
  region?: string;
  /** Named profile from the shared config/credentials files. */
  profile?: string;
  /** e.g. `http://127.0.0.1:8000` for DynamoDB Local / dynalite. */
  endpoint?: string;
  /** Explicit credentials (for local endpoints); omitted → the SDK's default chain. */
  credentials?: { accessKeyId: string; secretAccessKey: string; sessionToken?: string };
  /** Abort the request after this many ms (default 15 000). */
  timeoutMs?: number;
}

function toWire(value: AttributeValue): WireAttributeValue {
  if (value.S !== undefined) return { S: value.S };
  if (value.N !== undefined) return { N: value.N };
  if (value.B !== undefined) return { B: Buffer.from(value.B).toString('base64') };
  if (value.BOOL !== undefined) return { BOOL: value.BOOL };
  if (value.NULL !== undefined) return { NULL: true };
  if (value.SS !== undefined) return { SS: value.SS };
  if (value.NS !== undefined) return { NS: value.NS };
  if (value.BS !== undefined) return { BS: value.BS.map((b) => Buffer.from(b).toString('base64')) };
  if (value.L !== undefined) return { L: value.L.map(toWire) };
  if (value.M !== undefined) return { M: toWireItem(value.M) };
  throw new Error(`unsupported AttributeValue ${JSON.stringify(Object.keys(value))}`);
}

function toWireItem(map: Record<string, AttributeValue>): WireItem {
  const out: WireItem = {};
  for (const [k, v] of Object.entries(map)) out[k] = toWire(v);
  return out;
}

/** What to do about the SDK errors a first scan typically meets. */
function hint(e: Error): string {
  if (/region is missing/i.test(e.message)) return ' (give a region: --region R, the AWS_REGION variable, or a region in your AWS profile)';
  if (e.name === 'CredentialsProviderError') return ' (no credentials found: --profile P, AWS_PROFILE, or AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY)';
  return '';
}

/**
 * Scans up to `limit` items of `tableName`. Throws ItemSourceError (naming the table) for a bad
 * limit, an SDK/service error (e.g. ResourceNotFoundException, missing credentials), a timeout, or
 * an empty table.
 */
export async function scanItems(options: ScanSourceOptions): Promise<ItemSet> {
  const source = `table ${options.tableName}${options.endpoint ? ` at ${redactUrlCredentials(options.endpoint)}` : ''}`;
  if (!Number.isInteger(options.limit) || options.limit < 1 || options.limit > 1000) {
    throw new ItemSourceError(source, `scan limit must be an integer from 1 to 1000, got ${options.limit}`);
  }
  const client = new DynamoDBClient({
    region: options.region,
    profile: options.profile,
    endpoint: options.endpoint,
    credentials: options.credentials,
    maxAttempts: 2,
  });
  try {
    const out = await client.send(new ScanCommand({ TableName: options.tableName, Limit: options.limit }), {
      abortSignal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
    });
    const items = (out.Items ?? []).map(toWireItem);
    if (items.length === 0) throw new ItemSourceError(source, 'the scan returned no items');
    return { format: 'scan', label: `scan of ${options.tableName} (${plural(items.length, 'item')})`, items };
  } catch (err) {
    if (err instanceof ItemSourceError) throw err;
    const e = err as Error;
    throw new ItemSourceError(source, redactUrlCredentials(`scan failed: ${e.name}: ${e.message}${hint(e)}`));
  } finally {
    client.destroy();
  }
}
