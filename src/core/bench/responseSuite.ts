/**
 * Suite 2, the whole response path: the real v2 `DocumentClient.query` and the real v3
 * `DynamoDBDocumentClient` + `QueryCommand` read a recorded Query response from a replay server on
 * 127.0.0.1 (HTTP, body parse, CRC-32 check in v2, unmarshall); and the write path, `put` /
 * `PutCommand` (marshall, serialize, HTTP). The replay server runs in the same process, so its
 * (identical, small) cost is inside every case.
 */
import { Agent } from 'node:http';
import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { ItemSet } from './itemTypes';
import type { BenchCase, PreparedSuite } from './suiteTypes';
import { startReplayServer } from './replayServer';
import {
  createV2DocumentClient,
  createV3DocumentClient,
  MIGRATION_MARSHALL_OPTIONS,
  MIGRATION_UNMARSHALL_OPTIONS,
} from './sdkClients';
import { toAttributeMap, toV2NativeItems, toV3NativeItems } from './sdkForms';
import { plural } from '../plural';

/** A put op writes one item; successive ops cycle through at most this many of the set's items. */
export const MAX_PUT_ITEMS = 25;

const TABLE = 'bench-replay';
const QUERY = {
  TableName: TABLE,
  KeyConditionExpression: 'pk = :pk',
  ExpressionAttributeValues: { ':pk': 'USER#bench' },
};

/** The Query response body to replay: the recorded one when the items came from a response. */
export function queryResponseBody(set: ItemSet): string {
  return set.responseBody ?? JSON.stringify({ Count: set.items.length, Items: set.items, ScannedCount: set.items.length });
}

/** Starts the replay server and prepares six cases (query and put × v2, v3 defaults, v3 migration options). */
export async function prepareResponseSuite(set: ItemSet): Promise<PreparedSuite> {
  const server = await startReplayServer({ Query: queryResponseBody(set), PutItem: '{}' });
  const agent = new Agent({ keepAlive: true, maxSockets: 4 });
  const v2 = createV2DocumentClient(server.endpoint, agent);
  const v3 = createV3DocumentClient(server.endpoint, undefined, agent);
  const v3Migration = createV3DocumentClient(
    server.endpoint,
    { marshallOptions: MIGRATION_MARSHALL_OPTIONS, unmarshallOptions: MIGRATION_UNMARSHALL_OPTIONS },
    agent,
  );
  const maps = set.items.slice(0, MAX_PUT_ITEMS).map(toAttributeMap);
  const v2Items = toV2NativeItems(maps);
  const v3Items = toV3NativeItems(maps);
  const n = set.items.length;
  const putN = maps.length;
  let v2Next = 0;
  let v3Next = 0;
  let v3MigrationNext = 0;

  const cases: BenchCase[] = [
    { id: 'query-v2', label: 'v2 DocumentClient.query', sdk: 'v2', operation: 'query', options: 'default', itemsPerOp: n, fn: () => v2.query(QUERY).promise() },
    { id: 'query-v3', label: 'v3 DocumentClient QueryCommand (defaults)', sdk: 'v3', operation: 'query', options: 'default', itemsPerOp: n, fn: () => v3.send(new QueryCommand(QUERY)) },
    { id: 'query-v3-migration', label: 'v3 DocumentClient QueryCommand (migration options)', sdk: 'v3', operation: 'query', options: 'migration', itemsPerOp: n, fn: () => v3Migration.send(new QueryCommand(QUERY)) },
    {
      id: 'put-v2', label: 'v2 DocumentClient.put', sdk: 'v2', operation: 'put', options: 'default', itemsPerOp: 1,
      fn: () => v2.put({ TableName: TABLE, Item: v2Items[v2Next++ % putN]! }).promise(),
    },
    {
      id: 'put-v3', label: 'v3 DocumentClient PutCommand (defaults)', sdk: 'v3', operation: 'put', options: 'default', itemsPerOp: 1,
      fn: () => v3.send(new PutCommand({ TableName: TABLE, Item: v3Items[v3Next++ % putN]! })),
    },
    {
      id: 'put-v3-migration', label: 'v3 DocumentClient PutCommand (migration options)', sdk: 'v3', operation: 'put', options: 'migration', itemsPerOp: 1,
      fn: () => v3Migration.send(new PutCommand({ TableName: TABLE, Item: v3Items[v3MigrationNext++ % putN]! })),
    },
  ];
  return {
    id: 'response',
    title: 'Whole response path (replayed Query, PutItem)',
    note: `A query op reads one ${n}-item Query response from a replay server on 127.0.0.1 (same process, keep-alive); a put op writes one item with PutItem (cycling through ${plural(putN, 'item')}).`,
    cases,
    comparisons: [
      { newer: 'query-v3', older: 'query-v2', label: 'query: v3 defaults vs v2' },
      { newer: 'query-v3-migration', older: 'query-v2', label: 'query: v3 migration options vs v2' },
      { newer: 'put-v3', older: 'put-v2', label: 'put: v3 defaults vs v2' },
      { newer: 'put-v3-migration', older: 'put-v2', label: 'put: v3 migration options vs v2' },
    ],
    dispose: async () => {
      v3.destroy();
      v3Migration.destroy();
      agent.destroy();
      await server.close();
    },
  };
}
