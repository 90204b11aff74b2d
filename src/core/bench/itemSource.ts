/**
 * Reads benchmark items from text, a file (gzipped or not) or a folder of export files. The
 * shapes recognised — bare items (plain or DynamoDB JSON), Query/Scan, GetItem and BatchGetItem
 * responses, DynamoDB Streams records, full and incremental exports to S3 in DynamoDB JSON or
 * Amazon Ion — are detected, never asked for, and detected the same way for one item or many.
 */
import { basename } from 'node:path';
import type { ItemSet } from './itemTypes';
import { assembleItems, AssembleError, formatOf } from './items/assemble';
import { DocumentError, splitDocuments } from './items/documents';
import { readItemInput, type InputText } from './items/readInput';

export { isWireAttributeValue, isWireItem } from './items/wire';

/** Bad item input: names the source and what is wrong. */
export class ItemSourceError extends Error {
  override readonly name = 'ItemSourceError';
  constructor(readonly source: string, problem: string) {
    super(`${source}: ${problem}`);
  }
}

function withSource<T>(source: string, run: () => T): T {
  try {
    return run();
  } catch (err) {
    if (err instanceof DocumentError || err instanceof AssembleError) throw new ItemSourceError(source, err.message);
    throw err;
  }
}

function skippedNote(skipped: number): string[] {
  return skipped ? [`${skipped} record${skipped === 1 ? '' : 's'} without a NewImage or OldImage (a KEYS_ONLY stream or a deletion) left out`] : [];
}

/**
 * Parses items from `text`; `source` names the input in errors and in the set's label. A Query
 * or Scan response of DynamoDB JSON keeps its body for byte-for-byte replay. Plain JSON is
 * marshalled string→S, number→N, boolean→BOOL, null→NULL, array→L, object→M.
 * Throws ItemSourceError for empty input, invalid JSON or Ion, no items, non-object items, or
 * an ambiguous input (documents of several kinds, or DynamoDB-JSON and plain items mixed).
 */
export function parseItems(text: string, source: string): ItemSet {
  return withSource(source, () => {
    const documents = splitDocuments(text);
    const a = assembleItems(documents);
    const set: ItemSet = { format: formatOf(a.kind, a.encoding), label: source, items: a.items, encoding: a.encoding };
    const notes = skippedNote(a.skipped);
    if (notes.length) set.notes = notes;
    if (set.format === 'response' && a.encoding === 'dynamodb-json' && documents.layout === 'document') set.responseBody = text.trim();
    return set;
  });
}

function fromInput(input: InputText): ItemSet {
  // An export writes an empty data file for each empty partition.
  const nonEmpty = input.files.filter((f) => input.files.length === 1 || f.text.trim()).map((f) => withSource(f.name, () => ({ file: f, documents: splitDocuments(f.text) })));
  return withSource(input.source, () => {
    const assembled = nonEmpty.map((p) => withSource(p.file.name, () => assembleItems(p.documents)));
    const kinds = new Set(assembled.map((a) => `${a.kind}/${a.encoding}`));
    if (kinds.size > 1) {
      const what = assembled.map((a, i) => `${basename(nonEmpty[i]!.file.name)}: ${formatOf(a.kind, a.encoding)}`);
      throw new AssembleError(`ambiguous input, its files hold different kinds (${what.join(', ')})`);
    }
    if (assembled.length === 0) throw new AssembleError('no items: every data file is empty');
    const first = assembled[0]!;
    let format = formatOf(first.kind, first.encoding);
    if (input.isExport && format === 'item-wrapper') format = 'export-json';
    const items = assembled.flatMap((a) => a.items);
    const limited = input.isExport ? items.slice(0, input.maxItems) : items;
    const notes = skippedNote(assembled.reduce((n, a) => n + a.skipped, 0));
    if (limited.length < items.length || input.truncated) notes.push(`the first ${limited.length} items are used (the input holds more)`);
    const set: ItemSet = { format, label: input.label, items: limited, encoding: first.encoding };
    if (notes.length) set.notes = notes;
    const only = input.files.length === 1 ? input.files[0]! : undefined;
    if (only && format === 'response' && first.encoding === 'dynamodb-json' && !only.compressed && nonEmpty[0]?.documents.layout === 'document') set.responseBody = only.text.trim();
    return set;
  });
}

/**
 * Reads and parses an item file or folder ({@link parseItems}; `.gz` files are gunzipped; a
 * folder is read as a DynamoDB export: the data files under it, manifests skipped). The label is
 * the base name. Of an export (a folder or a gzipped file) at most `maxItems` (default 1000) items
 * are kept, with a note. Throws ItemSourceError.
 */
export async function readItemsFile(path: string, maxItems = 1000): Promise<ItemSet> {
  let input: InputText;
  try {
    input = await readItemInput(path, maxItems);
  } catch (err) {
    if (err instanceof ItemSourceError) throw err;
    throw new ItemSourceError(path, (err as Error).message);
  }
  return fromInput(input);
}
