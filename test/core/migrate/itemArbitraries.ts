// Generators and comparisons shared by the differential tests (not a test file itself).
import fc from 'fast-check';
import AWS from 'aws-sdk';

const v2Doc = new AWS.DynamoDB.DocumentClient({ region: 'us-east-1' });

export class Point {
  constructor(public x: number, public y?: number) {}
  norm(): number {
    return Math.hypot(this.x, this.y ?? 0);
  }
}

/** A set as the source code builds it: v2 via `createSet`, v3 via the fix's `new Set`. */
export class SetSpec {
  constructor(readonly values: Array<string | number | Buffer>) {}
}

export const bigOrFractional = fc.oneof(
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer({ min: 1, max: 1000 }).map((k) => 2 ** 53 + 2 * k),
  fc.constantFrom(1.23e40, -9007199254740998, 0.1, -0, 5e-324),
);
export const leaf = fc.oneof(
  fc.string(),
  fc.constant(''),
  fc.integer(),
  bigOrFractional,
  fc.boolean(),
  fc.constant(null),
  fc.constant(undefined),
  fc.uint8Array({ maxLength: 6 }).map((u) => Buffer.from(u)),
  fc.constant(Buffer.alloc(0)),
  fc.date({ noInvalidDate: true }),
  fc.tuple(fc.integer(), fc.option(fc.integer(), { nil: undefined })).map(([x, y]) => new Point(x, y)),
  fc.uniqueArray(fc.string({ minLength: 1 }), { minLength: 1, maxLength: 4 }).map((v) => new SetSpec(v)),
  fc.uniqueArray(fc.oneof(fc.integer(), bigOrFractional), { minLength: 1, maxLength: 4, comparator: (a, b) => String(a) === String(b) }).map((v) => new SetSpec(v)),
  fc.uniqueArray(fc.uint8Array({ minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 3, comparator: (a, b) => Buffer.compare(a, b) === 0 })
    .map((v) => new SetSpec(v.map((u) => Buffer.from(u)))),
);
export const { item } = fc.letrec<{ value: unknown; item: Record<string, unknown> }>((tie) => ({
  value: fc.oneof({ depthSize: 'small', withCrossShrink: true }, leaf, tie('item'), fc.array(tie('value'), { maxLength: 4 })),
  item: fc.dictionary(fc.string({ maxLength: 6 }).filter((k) => k !== '__proto__'), tie('value'), { maxKeys: 5 }),
}));

/** Builds the concrete v2 or v3 input from a generated value. */
export function build(value: unknown, sdk: 'v2' | 'v3'): unknown {
  if (value instanceof SetSpec) return sdk === 'v2' ? v2Doc.createSet(value.values as string[]) : new Set(value.values);
  if (Array.isArray(value)) return value.map((v) => build(v, sdk));
  if (value && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, build(v, sdk)]));
  }
  return value;
}

/** v2 leaves `undefined` holes in `L` (its JSON builder drops them on the wire): drop them here too. */
export function withoutHoles(av: unknown): unknown {
  if (Array.isArray(av)) return av.filter((x) => x !== undefined).map(withoutHoles);
  if (av && typeof av === 'object' && !(av instanceof Uint8Array)) {
    return Object.fromEntries(Object.entries(av).map(([k, v]) => [k, withoutHoles(v)]));
  }
  return av;
}

/** Whether a generated value has a set with empty members or a set only empty after filtering. */
export function hasEmptySetMember(value: unknown): boolean {
  if (value instanceof SetSpec) return value.values.some((v) => typeof v !== 'number' && v.length === 0);
  if (Array.isArray(value)) return value.some(hasEmptySetMember);
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) return Object.values(value).some(hasEmptySetMember);
  return false;
}

/**
 * Maps the documented representation changes to one form: v2 DynamoDBSet and v3 Set → sorted
 * array of members; v2/v3 NumberValue (wrapNumbers: true) → its digit string.
 */
export function comparable(value: unknown, sdk: 'v2' | 'v3'): unknown {
  if (value && typeof value === 'object') {
    if (sdk === 'v2' && (value as { wrapperName?: string }).wrapperName === 'Set') {
      return { set: (value as { values: unknown[] }).values.map((v) => comparable(v, sdk)) };
    }
    if (value instanceof Set) return { set: [...value].map((v) => comparable(v, sdk)) };
    if (value.constructor?.name === 'NumberValue') return { number: String(value.toString()) };
    if (value instanceof Uint8Array) return value;
    if (Array.isArray(value)) return value.map((v) => comparable(v, sdk));
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, comparable(v, sdk)]));
  }
  return value;
}
