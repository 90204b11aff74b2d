// What a step of a pattern program did, in a form where every difference that matters to a caller
// shows: class of each value (DynamoDBSet vs Set, Buffer vs Uint8Array, v2 vs v3 NumberValue),
// bytes of binaries, what was thrown (name and message) and what the table holds afterwards.
import type { AttributeValue } from '@aws-sdk/client-dynamodb';

/** A structural description of a value; equal descriptions mean a caller cannot tell the values apart. */
export function describe(value: unknown, seen = new Set<unknown>()): unknown {
  if (value === null || value === undefined || typeof value === 'boolean' || typeof value === 'string') return value;
  if (typeof value === 'number') return Number.isNaN(value) ? { number: 'NaN' } : value;
  if (typeof value === 'bigint') return { bigint: value.toString() };
  if (typeof value === 'function') return { function: value.name };
  if (typeof value !== 'object') return { [typeof value]: String(value) };
  if (seen.has(value)) return { cycle: true };
  seen.add(value);
  if (Buffer.isBuffer(value)) return { Buffer: value.toString('hex') };
  if (value instanceof Uint8Array) return { Uint8Array: Buffer.from(value).toString('hex') };
  if (value instanceof Set) return { Set: [...value].map((v) => describe(v, seen)) };
  if (value instanceof Map) return { Map: [...value].map(([k, v]) => [describe(k, seen), describe(v, seen)]) };
  if (Array.isArray(value)) return value.map((v) => describe(v, seen));
  const o = value as Record<string, unknown>;
  if (o.wrapperName === 'Set') return { DynamoDBSet: describe(o.values, seen), type: o.type };
  if (o.wrapperName === 'NumberValue') return { NumberValueV2: String(o.value) };
  if (o.constructor?.name === 'NumberValue') return { NumberValueV3: String(o.value) };
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(o).sort()) out[key] = key === '$metadata' ? 'present' : describe(o[key], seen);
  return out;
}

/** What a thrown value says to a catch block: its name/code and message. */
export function describeThrown(e: unknown): { name: string; message: string } {
  if (e instanceof Error) return { name: (e as { code?: string }).code ?? e.name, message: e.message };
  return { name: typeof e, message: String(e) };
}

/** A stored item as comparable JSON (binaries as base64, as on the wire). */
export function storedJson(items: Record<string, AttributeValue>[]): string {
  return JSON.stringify(items, (_k, v: unknown) => (v instanceof Uint8Array ? Buffer.from(v).toString('base64') : v));
}

/** 1-based line numbers of the stack frames that point into `fileName`. */
export function stackLines(e: unknown, fileName: string): number[] {
  const stack = e instanceof Error ? e.stack ?? '' : '';
  const lines: number[] = [];
  for (const m of stack.matchAll(/\(?((?:file:\/\/)?[^\s()]+):(\d+):\d+\)?/g)) {
    if (m[1]!.replace(/^file:\/\//, '') === fileName) lines.push(Number(m[2]));
  }
  return lines;
}
