/**
 * The v3 marshalling options that reproduce aws-sdk v2's Converter / DocumentClient output.
 * Each rule comes from the v2 → v3 table in the shared migration notes and is checked by
 * test/core/migrate/differential.test.ts against the real packages.
 */

/** The options v2's `Converter.*` and `DocumentClient` take (the only two that change output). */
export interface V2ConverterOptions {
  convertEmptyValues?: boolean;
  wrapNumbers?: boolean;
}

/** v3 `marshall`/`convertToAttr` options reproducing v2 `Converter.marshall/input(x, o)`. */
export interface V3MarshallOptions {
  removeUndefinedValues: true;
  convertClassInstanceToMap: true;
  allowImpreciseNumbers: true;
  convertEmptyValues?: true;
}

/** v3 `unmarshall`/`convertToNative` options reproducing v2 `Converter.unmarshall/output(m, o)`. */
export interface V3UnmarshallOptions {
  wrapNumbers: true | NumberConstructor;
}

/**
 * v2 dropped `undefined` members (→ removeUndefinedValues), wrote class instances and Dates as
 * maps of their enumerable properties (→ convertClassInstanceToMap) and wrote any JS number as `N`
 * (→ allowImpreciseNumbers, util-dynamodb ≥ 3.689.0); convertEmptyValues passes through.
 */
export function v3MarshallOptions(o: V2ConverterOptions = {}): V3MarshallOptions {
  const base: V3MarshallOptions = { removeUndefinedValues: true, convertClassInstanceToMap: true, allowImpreciseNumbers: true };
  return o.convertEmptyValues ? { ...base, convertEmptyValues: true } : base;
}

/**
 * v2 returned every `N` as `Number(value)` (imprecise past 2^53, never BigInt, never throwing):
 * `wrapNumbers: Number` does the same in v3 (util-dynamodb ≥ 3.689.0). With v2 `wrapNumbers: true`
 * v3's `true` wraps too, but in a different `NumberValue` class (a documented divergence).
 */
export function v3UnmarshallOptions(o: V2ConverterOptions = {}): V3UnmarshallOptions {
  return { wrapNumbers: o.wrapNumbers ? true : Number };
}

/** Option entries as source text: `[name, expressionText]`, in emission order. */
export type OptionEntries = Array<[string, string]>;

/** Source entries for {@link v3MarshallOptions}; `convertEmptyValues` may be an expression's text. */
export function marshallEntries(convertEmptyValues: string | undefined): OptionEntries {
  const entries: OptionEntries = Object.keys(v3MarshallOptions()).map((k) => [k, 'true']);
  if (convertEmptyValues !== undefined && convertEmptyValues !== 'false') entries.push(['convertEmptyValues', convertEmptyValues]);
  return entries;
}

/** Source entries for {@link v3UnmarshallOptions}; `wrapNumbers` may be an expression's text. */
export function unmarshallEntries(wrapNumbers: string | undefined): OptionEntries {
  if (wrapNumbers === undefined || wrapNumbers === 'false') return [['wrapNumbers', 'Number']];
  if (wrapNumbers === 'true') return [['wrapNumbers', 'true']];
  return [['wrapNumbers', `${wrapNumbers} ? true : Number`]];
}

/** `{ a: x, b: y }` on one line. */
export function renderObject(entries: OptionEntries): string {
  return `{ ${entries.map(([k, v]) => (k === v ? k : `${k}: ${v}`)).join(', ')} }`;
}
