/**
 * Turns wire-JSON items into what each SDK's converter receives or returns in production:
 * AttributeValue maps with `B`/`BS` decoded to bytes (as both SDKs' JSON parsers do), and the
 * native JS items each SDK's unmarshall produces (v2: DynamoDBSet, numbers; v3: Set, numbers or
 * BigInt), so every marshall case starts from its own SDK's natural input.
 */
import { unmarshall as unmarshallV3 } from '@aws-sdk/util-dynamodb';
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import type { WireAttributeValue, WireItem } from './itemTypes';
import { MIGRATION_UNMARSHALL_OPTIONS, V2Converter } from './sdkClients';

function decodeValue(value: WireAttributeValue): AttributeValue {
  if ('B' in value) return { B: Buffer.from(value.B, 'base64') };
  if ('BS' in value) return { BS: value.BS.map((b) => Buffer.from(b, 'base64')) };
  if ('L' in value) return { L: value.L.map(decodeValue) };
  if ('M' in value) return { M: toAttributeMap(value.M) };
  return value as AttributeValue;
}

/** A wire item as an SDK-parsed AttributeValue map (binary decoded from base64). */
export function toAttributeMap(item: WireItem): Record<string, AttributeValue> {
  const out: Record<string, AttributeValue> = {};
  for (const [k, v] of Object.entries(item)) out[k] = decodeValue(v);
  return out;
}

/** Items as v2 `Converter.unmarshall` returns them (the natural input of v2 `Converter.marshall`). */
export function toV2NativeItems(maps: readonly Record<string, AttributeValue>[]): Record<string, unknown>[] {
  return maps.map((m) => V2Converter.unmarshall(m as never));
}

/**
 * Items as v3 `unmarshall` returns them with default options; if the defaults reject a number
 * (e.g. 1.23e+40), with `wrapNumbers: Number` instead, as migrated code would.
 */
export function toV3NativeItems(maps: readonly Record<string, AttributeValue>[]): Record<string, unknown>[] {
  return maps.map((m) => {
    try {
      return unmarshallV3(m);
    } catch {
      return unmarshallV3(m, MIGRATION_UNMARSHALL_OPTIONS);
    }
  });
}
