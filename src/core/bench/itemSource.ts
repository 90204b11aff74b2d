/**
 * Reads benchmark items from text: plain JSON items, DynamoDB-JSON items (`{"S": …}`), or a
 * recorded Query/Scan response (`{"Items": […]}`), one JSON document or JSON Lines. The format is
 * detected, never asked for.
 */
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import type { ItemSet, WireAttributeValue, WireItem } from './itemTypes';

/** Bad item input: names the source and what is wrong. */
export class ItemSourceError extends Error {
  override readonly name = 'ItemSourceError';
  constructor(readonly source: string, problem: string) {
    super(`${source}: ${problem}`);
  }
}

const SCALAR_CHECKS: Record<string, (v: unknown) => boolean> = {
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

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** True when `v` is one wire-JSON AttributeValue: exactly one type key with a value of that type. */
export function isWireAttributeValue(v: unknown): v is WireAttributeValue {
  if (!isPlainObject(v)) return false;
  const keys = Object.keys(v);
  if (keys.length !== 1) return false;
  const check = SCALAR_CHECKS[keys[0]!];
  return check !== undefined && check(v[keys[0]!]);
}

/** True when every attribute of a non-empty object is a wire AttributeValue. */
export function isWireItem(v: unknown): v is WireItem {
  return isPlainObject(v) && Object.keys(v).length > 0 && Object.values(v).every(isWireAttributeValue);
}

/** Marshals a plain JSON value the way JSON maps onto DynamoDB types (string→S, number→N, …). */
function jsonToWire(value: unknown, source: string, path: string): WireAttributeValue {
  if (typeof value === 'string') return { S: value };
  if (typeof value === 'number') return { N: String(value) };
  if (typeof value === 'boolean') return { BOOL: value };
  if (value === null) return { NULL: true };
  if (Array.isArray(value)) return { L: value.map((v, i) => jsonToWire(v, source, `${path}[${i}]`)) };
  if (isPlainObject(value)) return { M: jsonObjectToWire(value, source, path) };
  throw new ItemSourceError(source, `unsupported value at ${path}`);
}

function jsonObjectToWire(obj: Record<string, unknown>, source: string, path: string): WireItem {
  const out: WireItem = {};
  for (const [k, v] of Object.entries(obj)) out[k] = jsonToWire(v, source, path ? `${path}.${k}` : k);
  return out;
}

function parseDocuments(text: string, source: string): unknown[] {
  const trimmed = text.trim();
  if (!trimmed) throw new ItemSourceError(source, 'no items: the input is empty');
  try {
    return [JSON.parse(trimmed)];
  } catch (whole) {
    const lines = trimmed.split(/\r?\n/).filter((l) => l.trim());
    if (lines.length < 2) throw new ItemSourceError(source, `not valid JSON (${(whole as Error).message})`);
    return lines.map((line, i) => {
      try {
        return JSON.parse(line);
      } catch (err) {
        // Not JSON Lines either when even the first line fails: report the document's own error.
        if (i === 0) throw new ItemSourceError(source, `not valid JSON (${(whole as Error).message})`);
        throw new ItemSourceError(source, `line ${i + 1} is not valid JSON (${(err as Error).message})`);
      }
    });
  }
}

function toItemList(docs: unknown[], source: string): { items: unknown[]; response: boolean } {
  if (docs.length === 1) {
    const doc = docs[0];
    if (isPlainObject(doc) && Array.isArray(doc.Items)) return { items: doc.Items, response: true };
    if (isPlainObject(doc) && isPlainObject(doc.Item)) return { items: [doc.Item], response: false };
    if (Array.isArray(doc)) return { items: doc, response: false };
    if (isPlainObject(doc)) return { items: [doc], response: false };
    throw new ItemSourceError(source, 'expected an item, an array of items or a {"Items": [...]} response');
  }
  return { items: docs, response: false };
}

/**
 * Parses items from `text`; `source` names the input in errors and in the set's label.
 * Detection: `{"Items": [...]}` is a Query/Scan response (its body kept for replay when the items
 * are wire JSON), `{"Item": {...}}` a GetItem response, an array or JSON Lines a list of items, an
 * object one item. A list whose every item is wire JSON is DynamoDB JSON, otherwise plain JSON
 * (marshalled string→S, number→N, boolean→BOOL, null→NULL, array→L, object→M).
 * Throws ItemSourceError for empty input, invalid JSON, no items, or non-object items.
 */
export function parseItems(text: string, source: string): ItemSet {
  const { items, response } = toItemList(parseDocuments(text, source), source);
  if (items.length === 0) throw new ItemSourceError(source, 'no items found');
  items.forEach((item, i) => {
    if (!isPlainObject(item)) throw new ItemSourceError(source, `item ${i + 1} is not an object`);
  });
  if (items.every(isWireItem)) {
    return response
      ? { format: 'response', label: source, items, responseBody: text.trim() }
      : { format: 'dynamodb-json', label: source, items };
  }
  const wire = (items as Record<string, unknown>[]).map((item, i) => jsonObjectToWire(item, source, `item ${i + 1}`));
  return { format: 'json', label: source, items: wire };
}

/** Reads and parses an item file ({@link parseItems}); the label is the file's base name. */
export async function readItemsFile(path: string): Promise<ItemSet> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (err) {
    throw new ItemSourceError(path, `cannot read the file (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`);
  }
  const set = parseItems(text, path);
  return { ...set, label: basename(path) };
}
