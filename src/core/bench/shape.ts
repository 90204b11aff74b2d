/** Shape summary of an item set (counts, sizes, depth, type histogram). */
import type { ShapeSummary, WireAttributeValue, WireItem } from './itemTypes';
import { plural } from '../plural';

/**
 * Describes `items` (wire JSON): item count, mean bytes and attributes per item, nesting depth,
 * AttributeValue types by count, widest map and longest list/set. Returns zeros for no items.
 */
export function summarizeShape(items: readonly WireItem[]): ShapeSummary {
  const typeCounts: Record<string, number> = {};
  let bytes = 0;
  let attributes = 0;
  let maxDepth = 0;
  let maxMapKeys = 0;
  let maxListLength = 0;
  const visit = (value: WireAttributeValue, depth: number): void => {
    const type = Object.keys(value)[0]!;
    typeCounts[type] = (typeCounts[type] ?? 0) + 1;
    maxDepth = Math.max(maxDepth, depth);
    if ('M' in value) {
      maxMapKeys = Math.max(maxMapKeys, Object.keys(value.M).length);
      for (const v of Object.values(value.M)) visit(v, depth + 1);
    } else if ('L' in value) {
      maxListLength = Math.max(maxListLength, value.L.length);
      for (const v of value.L) visit(v, depth + 1);
    } else if ('SS' in value || 'NS' in value || 'BS' in value) {
      const list = (value as { SS?: string[]; NS?: string[]; BS?: string[] });
      maxListLength = Math.max(maxListLength, (list.SS ?? list.NS ?? list.BS ?? []).length);
    }
  };
  for (const item of items) {
    bytes += Buffer.byteLength(JSON.stringify(item));
    const keys = Object.keys(item);
    attributes += keys.length;
    maxMapKeys = Math.max(maxMapKeys, keys.length);
    for (const key of keys) visit(item[key]!, 1);
  }
  const n = items.length;
  return {
    itemCount: n,
    meanItemBytes: n ? bytes / n : 0,
    meanAttributes: n ? attributes / n : 0,
    maxDepth,
    typeCounts,
    maxMapKeys,
    maxListLength,
  };
}

/** One line for humans: "40 items, ~1.2 KB each, 17 attributes, depth 3, types S 520 · N 480 · M 160 …". */
export function describeShape(shape: ShapeSummary): string {
  const kb = shape.meanItemBytes >= 1024 ? `${(shape.meanItemBytes / 1024).toFixed(1)} KB` : `${Math.round(shape.meanItemBytes)} B`;
  const types = Object.entries(shape.typeCounts)
    .sort((a, b) => b[1] - a[1])
    .map(([t, c]) => `${t} ${c}`)
    .join(' · ');
  return (
    `${plural(shape.itemCount, 'item')}, ~${kb} each, ${plural(Number(shape.meanAttributes.toFixed(0)), 'attribute')}, depth ${shape.maxDepth}, ` +
    `widest map ${shape.maxMapKeys} keys, longest list ${shape.maxListLength}; types ${types}`
  );
}
