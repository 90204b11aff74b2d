/**
 * Items as the benchmark sees them: DynamoDB's wire JSON ("DynamoDB JSON", `{"S": "x"}`), the form
 * a Query response carries and the form every suite starts from.
 */

/** One AttributeValue in wire JSON. `B`/`BS` hold base64 text, `N`/`NS` decimal strings. */
export type WireAttributeValue =
  | { S: string }
  | { N: string }
  | { B: string }
  | { BOOL: boolean }
  | { NULL: true }
  | { SS: string[] }
  | { NS: string[] }
  | { BS: string[] }
  | { L: WireAttributeValue[] }
  | { M: WireItem };

/** An item (attribute map) in wire JSON. */
export type WireItem = { [attribute: string]: WireAttributeValue };

/** Where the items came from, as detected or chosen. */
export type ItemSourceFormat = 'json' | 'dynamodb-json' | 'response' | 'generated' | 'scan';

/** The items a benchmark runs on. */
export interface ItemSet {
  format: ItemSourceFormat;
  /** Human description: a file name, "generated: nested × 40", "scan of table T". */
  label: string;
  items: WireItem[];
  /** The recorded response body when the source was a Query/Scan response, replayed byte for byte. */
  responseBody?: string;
}

/** The shape of an item set, shown before a run so the user knows what is measured. */
export interface ShapeSummary {
  itemCount: number;
  /** Bytes of wire JSON (UTF-8) per item, mean over items. */
  meanItemBytes: number;
  /** Top-level attributes per item, mean. */
  meanAttributes: number;
  /** Deepest nesting of M/L (a flat item has depth 1). */
  maxDepth: number;
  /** Count of every AttributeValue by type over all items, nested ones included. */
  typeCounts: Record<string, number>;
  /** Largest number of keys in any M (or top-level item). */
  maxMapKeys: number;
  /** Longest L / set. */
  maxListLength: number;
}
