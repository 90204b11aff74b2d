/**
 * What one document is: a bare item, or a container DynamoDB or an SDK writes items into. The
 * shapes and their field names come from the DynamoDB API reference (Query/Scan, GetItem,
 * BatchGetItem outputs; DynamoDB Streams `Record`/`StreamRecord`) and the developer guide's
 * export-to-S3 output format (full export: one `{"Item": …}` per line; incremental export:
 * `{"Metadata", "Keys", "NewImage", "OldImage"}` per line).
 */
import { isPlainObject } from './wire';

/** Container kinds, in the words shown to users. */
export const CONTAINER_NAMES = {
  item: 'item',
  'query-response': 'Query/Scan response',
  'item-wrapper': 'GetItem response or DynamoDB export line ({"Item": …})',
  'batch-get-response': 'BatchGetItem response',
  'stream-records': 'DynamoDB Streams records ({"Records": […]})',
  'stream-record': 'DynamoDB Streams record',
  'incremental-export': 'DynamoDB incremental export line',
} as const;
export type ContainerKind = keyof typeof CONTAINER_NAMES;

/** A document's kind and the items it holds; `skipped` counts records without an image. */
export interface Contained {
  kind: ContainerKind;
  items: unknown[];
  skipped: number;
}

const QUERY_KEYS = new Set(['Items', 'Count', 'ScannedCount', 'LastEvaluatedKey', 'ConsumedCapacity', '$metadata']);
const GET_KEYS = new Set(['Item', 'ConsumedCapacity', '$metadata']);
const BATCH_KEYS = new Set(['Responses', 'UnprocessedKeys', 'ConsumedCapacity', '$metadata']);
const STREAM_BATCH_KEYS = new Set(['Records', 'NextShardIterator', '$metadata']);
const INCREMENTAL_KEYS = new Set(['Metadata', 'Keys', 'NewImage', 'OldImage']);

const keysWithin = (o: Record<string, unknown>, allowed: Set<string>) => Object.keys(o).every((k) => allowed.has(k));

function isStreamRecord(v: unknown): v is { dynamodb: Record<string, unknown> } {
  return isPlainObject(v) && isPlainObject(v.dynamodb) && (typeof v.eventName === 'string' || typeof v.eventSource === 'string' || isPlainObject(v.dynamodb.Keys));
}

/** The item an image-carrying record stands for: its new image, else its old one (a REMOVE). */
function imageOf(record: Record<string, unknown>): unknown {
  return isPlainObject(record.NewImage) ? record.NewImage : isPlainObject(record.OldImage) ? record.OldImage : undefined;
}

function fromRecords(records: Record<string, unknown>[], kind: ContainerKind): Contained {
  const images = records.map(imageOf);
  const items = images.filter((x) => x !== undefined);
  return { kind, items, skipped: images.length - items.length };
}

/**
 * Classifies a document. Containers are recognised only when all their top-level keys belong to
 * the shape (so an item that merely has an attribute called `Items` stays an item). Returns the
 * kind and the items inside (not yet checked to be objects).
 */
export function classifyDocument(doc: unknown): Contained {
  if (!isPlainObject(doc)) return { kind: 'item', items: [doc], skipped: 0 };
  if (Array.isArray(doc.Items) && keysWithin(doc, QUERY_KEYS)) return { kind: 'query-response', items: doc.Items, skipped: 0 };
  if (isPlainObject(doc.Item) && keysWithin(doc, GET_KEYS)) return { kind: 'item-wrapper', items: [doc.Item], skipped: 0 };
  if (isPlainObject(doc.Responses) && keysWithin(doc, BATCH_KEYS) && Object.values(doc.Responses).every(Array.isArray)) {
    return { kind: 'batch-get-response', items: Object.values(doc.Responses).flat(), skipped: 0 };
  }
  if (Array.isArray(doc.Records) && keysWithin(doc, STREAM_BATCH_KEYS) && doc.Records.every(isStreamRecord)) {
    return fromRecords(doc.Records.map((r) => r.dynamodb), 'stream-records');
  }
  if (isStreamRecord(doc)) return fromRecords([doc.dynamodb], 'stream-record');
  if (isPlainObject(doc.Keys) && keysWithin(doc, INCREMENTAL_KEYS) && ('NewImage' in doc || 'OldImage' in doc || 'Metadata' in doc)) {
    return fromRecords([doc], 'incremental-export');
  }
  return { kind: 'item', items: [doc], skipped: 0 };
}
