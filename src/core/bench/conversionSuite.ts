/**
 * Suite 1, attribute conversion: v2 `AWS.DynamoDB.Converter.marshall/unmarshall` against v3
 * `@aws-sdk/util-dynamodb` `marshall/unmarshall`, with default options and with the quick-fix's
 * behaviour-preserving options. One op converts every item of the set once.
 */
import { marshall, unmarshall } from '@aws-sdk/util-dynamodb';
import type { ItemSet } from './itemTypes';
import type { BenchCase, PreparedSuite } from './suiteTypes';
import { MIGRATION_MARSHALL_OPTIONS, MIGRATION_UNMARSHALL_OPTIONS, V2Converter } from './sdkClients';
import { toAttributeMap, toV2NativeItems, toV3NativeItems } from './sdkForms';

/** Prepares the conversion suite's six cases and four comparisons (v3 vs v2, per operation and options). */
export function prepareConversionSuite(set: ItemSet): PreparedSuite {
  const maps = set.items.map(toAttributeMap);
  const v2Items = toV2NativeItems(maps);
  const v3Items = toV3NativeItems(maps);
  const n = set.items.length;
  let sink: unknown;
  const each = <T>(list: readonly T[], convert: (x: T) => unknown) => () => {
    for (let i = 0; i < list.length; i++) sink = convert(list[i]!);
    return sink;
  };
  const base = { itemsPerOp: n };
  const cases: BenchCase[] = [
    { ...base, id: 'unmarshall-v2', label: 'v2 Converter.unmarshall', sdk: 'v2', operation: 'unmarshall', options: 'default', fn: each(maps, (m) => V2Converter.unmarshall(m as never)) },
    { ...base, id: 'unmarshall-v3', label: 'v3 unmarshall (defaults)', sdk: 'v3', operation: 'unmarshall', options: 'default', fn: each(maps, (m) => unmarshall(m)) },
    { ...base, id: 'unmarshall-v3-migration', label: 'v3 unmarshall { wrapNumbers: Number }', sdk: 'v3', operation: 'unmarshall', options: 'migration', fn: each(maps, (m) => unmarshall(m, MIGRATION_UNMARSHALL_OPTIONS)) },
    { ...base, id: 'marshall-v2', label: 'v2 Converter.marshall', sdk: 'v2', operation: 'marshall', options: 'default', fn: each(v2Items, (x) => V2Converter.marshall(x)) },
    { ...base, id: 'marshall-v3', label: 'v3 marshall (defaults)', sdk: 'v3', operation: 'marshall', options: 'default', fn: each(v3Items, (x) => marshall(x)) },
    { ...base, id: 'marshall-v3-migration', label: 'v3 marshall (migration options)', sdk: 'v3', operation: 'marshall', options: 'migration', fn: each(v3Items, (x) => marshall(x, MIGRATION_MARSHALL_OPTIONS)) },
  ];
  return {
    id: 'conversion',
    title: 'Attribute conversion',
    note: `One op converts ${n === 1 ? 'the item' : `all ${n} items`} once. Marshall inputs are what each SDK's own unmarshall returns (v2: DynamoDBSet; v3: Set/BigInt). Migration options: marshall ${JSON.stringify(MIGRATION_MARSHALL_OPTIONS)}, unmarshall { wrapNumbers: Number }.`,
    cases,
    comparisons: [
      { newer: 'unmarshall-v3', older: 'unmarshall-v2', label: 'unmarshall: v3 defaults vs v2' },
      { newer: 'unmarshall-v3-migration', older: 'unmarshall-v2', label: 'unmarshall: v3 migration options vs v2' },
      { newer: 'marshall-v3', older: 'marshall-v2', label: 'marshall: v3 defaults vs v2' },
      { newer: 'marshall-v3-migration', older: 'marshall-v2', label: 'marshall: v3 migration options vs v2' },
    ],
    dispose: async () => undefined,
  };
}
