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

/**
 * Where the items came from, as detected or chosen: bare items (`json` = plain JSON,
 * `dynamodb-json` = wire JSON), a Query/Scan `response`, `item-wrapper` documents (`{"Item": …}`:
 * a GetItem response or the lines of a DynamoDB export to S3), a `batch-get` response, `stream`
 * records, `incremental-export` lines, a full `export-json` / `export-ion` (a gzipped export file
 * or folder, or Ion text), `generated`, or a `scan` of a live table.
 */
export type ItemSourceFormat =
  | 'json'
  | 'dynamodb-json'
  | 'response'
  | 'item-wrapper'
  | 'batch-get'
  | 'stream'
  | 'incremental-export'
  | 'export-json'
  | 'export-ion'
  | 'generated'
  | 'scan';

/** How the items were written in the input: plain JSON, DynamoDB JSON, or Amazon Ion. */
export type ItemEncoding = 'plain' | 'dynamodb-json' | 'ion';

/** The items a benchmark runs on. */
export interface ItemSet {
  format: ItemSourceFormat;
  /** Human description: a file name, "generated: nested × 40", "scan of table T". */
  label: string;
  items: WireItem[];
  /** How the input wrote them (absent for generated and scanned items). */
  encoding?: ItemEncoding;
  /** Input notes, e.g. stream records without an image that were left out. */
  notes?: string[];
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
