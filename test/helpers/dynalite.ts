// dynalite (an in-memory DynamoDB implementation) on 127.0.0.1 for tests: one server per test
// file, tables created on demand, a low-level v3 client for setup and for Scans of what is stored.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CreateTableCommand, DeleteTableCommand, DescribeTableCommand, DynamoDBClient, ScanCommand, type AttributeValue } from '@aws-sdk/client-dynamodb';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const dynalite = require('dynalite') as (o: object) => Server;

/** Static credentials dynalite accepts (it checks the signature's shape, not the secret). */
export const localCredentials = { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY' };

export interface LocalDynamo {
  endpoint: string;
  client: DynamoDBClient;
  /** Creates a PAY_PER_REQUEST table keyed by string `hash` (and string `range` when given); resolves once it is ACTIVE. */
  createTable(name: string, hash?: string, range?: string): Promise<void>;
  /** Deletes a table; resolves once DescribeTable no longer finds it. */
  deleteTable(name: string): Promise<void>;
  /** Every stored item of a table (low-level AttributeValues), sorted by their JSON text. */
  scan(name: string): Promise<Record<string, AttributeValue>[]>;
  close(): Promise<void>;
}

/**
 * Starts dynalite on an ephemeral port of 127.0.0.1. Tables change state on a 0 ms timer, but dynalite
 * answers the CreateTable/DeleteTable request first and writes ACTIVE (or removes the table) after it:
 * on a loaded machine a PutItem right after CreateTable saw ResourceNotFoundException (a CI run). The
 * helper therefore polls DescribeTable until the change has landed (at most 10 s).
 */
export async function startDynalite(): Promise<LocalDynamo> {
  const server = dynalite({ createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const client = new DynamoDBClient({ endpoint, region: 'us-east-1', credentials: localCredentials, maxAttempts: 1 });
  const statusOf = async (name: string): Promise<string | undefined> => {
    try {
      return (await client.send(new DescribeTableCommand({ TableName: name }))).Table?.TableStatus;
    } catch (e) {
      if ((e as Error).name === 'ResourceNotFoundException') return undefined;
      throw e;
    }
  };
  const settle = async (name: string, done: (status: string | undefined) => boolean) => {
    const deadline = Date.now() + 10_000;
    let status = await statusOf(name);
    while (!done(status)) {
      if (Date.now() > deadline) throw new Error(`dynalite: table ${name} still ${status ?? 'absent'} after 10 s`);
      await new Promise((ok) => setTimeout(ok, 5));
      status = await statusOf(name);
    }
  };
  return {
    endpoint,
    client,
    async createTable(name, hash = 'id', range) {
      await client.send(new CreateTableCommand({
        TableName: name,
        AttributeDefinitions: [{ AttributeName: hash, AttributeType: 'S' }, ...(range ? [{ AttributeName: range, AttributeType: 'S' as const }] : [])],
        KeySchema: [{ AttributeName: hash, KeyType: 'HASH' }, ...(range ? [{ AttributeName: range, KeyType: 'RANGE' as const }] : [])],
        BillingMode: 'PAY_PER_REQUEST',
      }));
      await settle(name, (status) => status === 'ACTIVE');
    },
    async deleteTable(name) {
      await client.send(new DeleteTableCommand({ TableName: name }));
      await settle(name, (status) => status === undefined);
    },
    async scan(name) {
      const items: Record<string, AttributeValue>[] = [];
      let start: Record<string, AttributeValue> | undefined;
      do {
        const page = await client.send(new ScanCommand({ TableName: name, ExclusiveStartKey: start }));
        items.push(...(page.Items ?? []));
        start = page.LastEvaluatedKey;
      } while (start);
      const key = (i: unknown) => JSON.stringify(i, (_k, v: unknown) => (v instanceof Uint8Array ? Buffer.from(v).toString('base64') : v));
      return items.sort((a, b) => key(a).localeCompare(key(b)));
    },
    async close() {
      client.destroy();
      await new Promise((ok) => server.close(ok));
    },
  };
}
