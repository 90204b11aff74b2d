/**
 * Amazon Ion text as DynamoDB writes it in an export to S3 (format ION): one top-level value per
 * line, `$ion_1_0 {Item:{…}}`. Parsed with ion-js; each value becomes a JS object whose `Item` (or
 * other struct field) holds wire-JSON AttributeValues. Type mapping from the DynamoDB developer
 * guide ("Amazon S3 import formats", Ion): string→S, decimal (and int/float)→N, bool→BOOL,
 * null→NULL, blob→B, list annotated `$dynamodb_SS`/`$dynamodb_NS`/`$dynamodb_BS`→SS/NS/BS,
 * other list→L, struct→M.
 */
import { dom, loadAll } from 'ion-js';
import type { WireAttributeValue, WireItem } from '../itemTypes';

/** Bad Ion input: what and where (a field path such as `line 3: Item.tags[2]`). */
export class IonItemError extends Error {}

/** True when the text starts like an Ion text stream: the `$ion_1_0` version marker. */
export function looksLikeIon(text: string): boolean {
  return /^\s*\$ion_1_0\b/.test(text);
}

/**
 * A decimal as DynamoDB prints a number: plain digits, no exponent, no trailing fractional zeros
 * (`6d2` → "600", `2d-3` → "0.002", `-0.00` → "0").
 */
export function decimalText(coefficient: bigint, exponent: number): string {
  const negative = coefficient < 0n;
  let digits = (negative ? -coefficient : coefficient).toString();
  let text: string;
  if (exponent >= 0) text = digits === '0' ? '0' : digits + '0'.repeat(exponent);
  else {
    const scale = -exponent;
    digits = digits.padStart(scale + 1, '0');
    const whole = digits.slice(0, digits.length - scale);
    const fraction = digits.slice(digits.length - scale).replace(/0+$/, '');
    text = fraction ? `${whole}.${fraction}` : whole;
  }
  return negative && /[1-9]/.test(text) ? `-${text}` : text;
}

function numberText(v: dom.Value, path: string): string {
  switch (v.getType().name) {
    case 'decimal': {
      const d = v.decimalValue()!;
      const text = decimalText(d.getCoefficient(), d.getExponent());
      return d.isNegative() && text !== '0' && !text.startsWith('-') ? `-${text}` : text;
    }
    case 'int':
      return v.bigIntValue()!.toString();
    case 'float': {
      const n = v.numberValue()!;
      if (!Number.isFinite(n)) throw new IonItemError(`${path}: ${n} is not a DynamoDB number`);
      return String(n);
    }
    default:
      throw new IonItemError(`${path}: expected a number in a $dynamodb_NS set, found ${v.getType().name}`);
  }
}

const SETS: Record<string, 'SS' | 'NS' | 'BS'> = { $dynamodb_SS: 'SS', $dynamodb_NS: 'NS', $dynamodb_BS: 'BS' };

function blobText(v: dom.Value): string {
  return Buffer.from(v.uInt8ArrayValue()!).toString('base64');
}

function setOf(kind: 'SS' | 'NS' | 'BS', v: dom.Value, path: string): WireAttributeValue {
  const elements = v.elements().map((e, i) => {
    const at = `${path}[${i}]`;
    if (kind === 'NS') return numberText(e, at);
    if (kind === 'BS') {
      if (e.getType().name !== 'blob') throw new IonItemError(`${at}: expected a blob in a $dynamodb_BS set, found ${e.getType().name}`);
      return blobText(e);
    }
    if (e.getType().name !== 'string') throw new IonItemError(`${at}: expected a string in a $dynamodb_SS set, found ${e.getType().name}`);
    return e.stringValue()!;
  });
  return { [kind]: elements } as WireAttributeValue;
}

function toWire(v: dom.Value, path: string): WireAttributeValue {
  if (v.isNull()) return { NULL: true };
  const type = v.getType().name;
  switch (type) {
    case 'string':
      return { S: v.stringValue()! };
    case 'bool':
      return { BOOL: v.booleanValue()! };
    case 'decimal':
    case 'int':
    case 'float':
      return { N: numberText(v, path) };
    case 'blob':
      return { B: blobText(v) };
    case 'list': {
      const set = v.getAnnotations().map((a) => SETS[a]).find(Boolean);
      if (set) return setOf(set, v, path);
      return { L: v.elements().map((e, i) => toWire(e, `${path}[${i}]`)) };
    }
    case 'struct':
      return { M: structToWire(v, path) };
    default:
      throw new IonItemError(`${path}: Ion ${type} has no DynamoDB type (DynamoDB exports write string, decimal, bool, null, blob, list and struct)`);
  }
}

function structToWire(v: dom.Value, path: string): WireItem {
  const out: WireItem = {};
  for (const name of v.fieldNames()) out[name] = toWire(v.get(name)!, path ? `${path}.${name}` : name);
  return out;
}

/**
 * Parses an Ion text stream into documents: each top-level struct becomes an object whose fields
 * that are structs hold wire items (`{Item: WireItem}` for an export line); other top-level
 * fields are kept as wire AttributeValues. Throws IonItemError naming the value (1-based) and
 * field for a parse error, a top-level value that is not a struct, or an Ion type DynamoDB never
 * writes.
 */
export function parseIonDocuments(text: string): Record<string, unknown>[] {
  let values: dom.Value[];
  try {
    values = loadAll(text);
  } catch (err) {
    throw new IonItemError(`not valid Ion text (${(err as Error).message})`);
  }
  return values.map((value, i) => {
    const at = `value ${i + 1}`;
    if (value.getType().name !== 'struct' || value.isNull()) throw new IonItemError(`${at}: expected a struct such as {Item:{…}}, found ${value.getType().name}`);
    const doc: Record<string, unknown> = {};
    for (const name of value.fieldNames()) {
      const field = value.get(name)!;
      doc[name] = field.getType().name === 'struct' && !field.isNull() ? structToWire(field, `${at}: ${name}`) : toWire(field, `${at}: ${name}`);
    }
    return doc;
  });
}
