/**
 * From documents to the benchmark's items: every document must be of one kind (a file of Query
 * responses, of `{"Item": …}` lines, of bare items…), whatever the number of documents, and the
 * items must all be DynamoDB JSON or all plain JSON. Anything else is refused with what was
 * recognised where, never guessed.
 */
import type { ItemEncoding, ItemSourceFormat, WireItem } from '../itemTypes';
import { CONTAINER_NAMES, classifyDocument, type ContainerKind } from './containers';
import { documentName, type Documents } from './documents';
import { isPlainObject, isWireItem, plainToWire, PlainValueError } from './wire';

/** Items read from documents, before the source's name and label are attached. */
export interface AssembledItems {
  kind: ContainerKind;
  encoding: ItemEncoding;
  items: WireItem[];
  /** Records (streams, incremental export) that carried no image and were left out. */
  skipped: number;
}

/** Input that cannot be read as items: the problem in words (the caller names the source). */
export class AssembleError extends Error {}

/** "1–3, 5" for 0-based indexes [0, 1, 2, 4], shown 1-based. */
function ranges(indexes: number[]): string {
  const parts: string[] = [];
  for (let i = 0; i < indexes.length; ) {
    let j = i;
    while (j + 1 < indexes.length && indexes[j + 1] === indexes[j]! + 1) j++;
    parts.push(i === j ? `${indexes[i]! + 1}` : `${indexes[i]! + 1}–${indexes[j]! + 1}`);
    i = j + 1;
  }
  return parts.length > 6 ? `${parts.slice(0, 6).join(', ')}, …` : parts.join(', ');
}

function groupBy<T>(values: readonly T[]): Map<T, number[]> {
  const out = new Map<T, number[]>();
  values.forEach((v, i) => out.set(v, [...(out.get(v) ?? []), i]));
  return out;
}

const LAYOUT_PLURAL = { lines: 'lines', array: 'elements', ion: 'values', document: 'documents' } as const;

/**
 * Reads the items of `documents`. Throws AssembleError when documents of different kinds are
 * mixed, no item is found, an item is not an object, or DynamoDB-JSON and plain items are mixed.
 */
export function assembleItems(documents: Documents): AssembledItems {
  const contained = documents.docs.map(classifyDocument);
  const kinds = groupBy(contained.map((c) => c.kind));
  if (kinds.size > 1) {
    const what = [...kinds].map(([kind, at]) => `${LAYOUT_PLURAL[documents.layout]} ${ranges(at)}: ${CONTAINER_NAMES[kind]}`);
    throw new AssembleError(`ambiguous input, it mixes ${what.join('; ')}. Give one kind per file.`);
  }
  const kind = contained[0]?.kind ?? 'item';
  const raw = contained.flatMap((c) => c.items);
  const skipped = contained.reduce((n, c) => n + c.skipped, 0);
  if (raw.length === 0) {
    throw new AssembleError(skipped ? `no items: none of the ${skipped} ${CONTAINER_NAMES[kind]}s carries a NewImage or OldImage` : 'no items found');
  }
  raw.forEach((item, i) => {
    if (!isPlainObject(item)) {
      const where = kind === 'item' && documents.layout !== 'document' ? documentName(documents.layout, i) : `item ${i + 1}`;
      throw new AssembleError(`${where} is not an object`);
    }
  });
  const objects = raw as Record<string, unknown>[];
  if (documents.encoding === 'ion') return { kind, encoding: 'ion', items: objects as WireItem[], skipped };
  const wire = groupBy(objects.map((o) => (Object.keys(o).length === 0 ? 'empty' : isWireItem(o) ? 'wire' : 'plain')));
  if (wire.has('wire') && wire.has('plain')) {
    throw new AssembleError(`ambiguous input: items ${ranges(wire.get('wire')!)} are DynamoDB JSON ({"S": …}) but items ${ranges(wire.get('plain')!)} are plain JSON. Give one kind per file.`);
  }
  if (wire.has('wire')) return { kind, encoding: 'dynamodb-json', items: objects as WireItem[], skipped };
  try {
    return { kind, encoding: 'plain', items: objects.map((o, i) => plainToWire(o, `item ${i + 1}`)), skipped };
  } catch (err) {
    if (err instanceof PlainValueError) throw new AssembleError(err.message);
    throw err;
  }
}

/** The source format a kind and encoding amount to (bare items keep their encoding's name). */
export function formatOf(kind: ContainerKind, encoding: ItemEncoding): ItemSourceFormat {
  switch (kind) {
    case 'item':
      return encoding === 'plain' ? 'json' : 'dynamodb-json';
    case 'query-response':
      return 'response';
    case 'item-wrapper':
      return encoding === 'ion' ? 'export-ion' : 'item-wrapper';
    case 'batch-get-response':
      return 'batch-get';
    case 'stream-record':
    case 'stream-records':
      return 'stream';
    case 'incremental-export':
      return 'incremental-export';
  }
}
