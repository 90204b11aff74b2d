/**
 * DynamoDB's wire JSON ("DynamoDB JSON"): recognising AttributeValues and items, and marshalling
 * plain JSON onto it the way JSON maps onto DynamoDB types (string→S, number→N, boolean→BOOL,
 * null→NULL, array→L, object→M).
 */
import type { WireAttributeValue, WireItem } from '../itemTypes';

/** True for a non-null, non-array object. */
export function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

const VALUE_CHECKS: Record<string, (v: unknown) => boolean> = {
  S: (v) => typeof v === 'string',
  N: (v) => typeof v === 'string',
  B: (v) => typeof v === 'string',
  BOOL: (v) => typeof v === 'boolean',
  NULL: (v) => v === true,
  SS: (v) => Array.isArray(v) && v.every((x) => typeof x === 'string'),
  NS: (v) => Array.isArray(v) && v.every((x) => typeof x === 'string'),
  BS: (v) => Array.isArray(v) && v.every((x) => typeof x === 'string'),
  L: (v) => Array.isArray(v) && v.every(isWireAttributeValue),
  M: (v) => isPlainObject(v) && Object.values(v).every(isWireAttributeValue),
};

/** True when `v` is one wire-JSON AttributeValue: exactly one type key with a value of that type. */
export function isWireAttributeValue(v: unknown): v is WireAttributeValue {
  if (!isPlainObject(v)) return false;
  const keys = Object.keys(v);
  if (keys.length !== 1) return false;
  const check = VALUE_CHECKS[keys[0]!];
  return check !== undefined && check(v[keys[0]!]);
}

/** True when every attribute of a non-empty object is a wire AttributeValue. */
export function isWireItem(v: unknown): v is WireItem {
  return isPlainObject(v) && Object.keys(v).length > 0 && Object.values(v).every(isWireAttributeValue);
}

/** Thrown by {@link plainToWire} for a value JSON cannot hold; `path` says where. */
export class PlainValueError extends Error {
  constructor(readonly path: string) {
    super(`unsupported value at ${path}`);
  }
}

function valueToWire(value: unknown, path: string): WireAttributeValue {
  if (typeof value === 'string') return { S: value };
  if (typeof value === 'number') return { N: String(value) };
  if (typeof value === 'boolean') return { BOOL: value };
  if (value === null) return { NULL: true };
  if (Array.isArray(value)) return { L: value.map((v, i) => valueToWire(v, `${path}[${i}]`)) };
  if (isPlainObject(value)) return { M: plainToWire(value, path) };
  throw new PlainValueError(path);
}

/**
 * Marshals a plain JSON object into a wire item (string→S, number→N, boolean→BOOL, null→NULL,
 * array→L, object→M). `path` prefixes attribute names in errors. Throws PlainValueError.
 */
export function plainToWire(obj: Record<string, unknown>, path = ''): WireItem {
  const out: WireItem = {};
  for (const [k, v] of Object.entries(obj)) out[k] = valueToWire(v, path ? `${path}.${k}` : k);
  return out;
}
