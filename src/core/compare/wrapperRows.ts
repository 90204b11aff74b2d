/**
 * SDK function rows are cumulative: a frame's weight is everything beneath it. An SDK
 * middleware frame (aws-sdk-go-v2's `(*awsAwsjson10_serializeOpQuery).HandleSerialize`) calls
 * the rest of the request's middleware, so its weight holds the response's deserialisation too,
 * and a row reading "serializeOpQuery 60 %" was taken for "serialisation costs 60 %" (trial F8).
 * A row whose weight exceeds all the work of its own category on a side must hold other work:
 * it says so, with the category's share and the function's self share beside it.
 */
import type { Analysis } from '../analysis/types';
import { categoryShortLabel } from '../analysis/labels';
import type { CompareRow, RowSide } from './types';

/** Slack over the category's total before a row counts as holding other work (rounding, inlined frames). */
const TOLERANCE = 1.05;

const percent = (part: number, total: number) => `${(total > 0 ? (100 * part) / total : 0).toFixed(2)}%`;

/**
 * `rows` (SDK function rows, cumulative) with a note on each whose weight on either side exceeds
 * that side's total for the row's category: `cumulative, holds more than all protocol marshal
 * work (2.31% → 0.33%), i.e. the SDK work beneath it; self 0.00% → 0.02%`.
 */
export function noteWrapperRows(rows: readonly CompareRow[], before: Analysis, after: Analysis): CompareRow[] {
  return rows.map((r) => {
    const category = r.category;
    if (!category) return r;
    const exceeds = (side: RowSide, a: Analysis) => side.weight > (a.byCategory[category] ?? 0) * TOLERANCE;
    if (!exceeds(r.before, before) && !exceeds(r.after, after)) return r;
    const self = (side: RowSide, a: Analysis) => {
      const ref = side.ref;
      const fn = ref ? a.sdkFunctions.find((f) => f.name === ref.name && f.file === ref.file) : undefined;
      return fn ? percent(fn.flat, a.totalWeight) : '—';
    };
    const own = `${percent(before.byCategory[category] ?? 0, before.totalWeight)} → ${percent(after.byCategory[category] ?? 0, after.totalWeight)}`;
    const note = `cumulative: more than all ${categoryShortLabel(category)} work (${own}), so it holds other SDK work beneath it; self ${self(r.before, before)} → ${self(r.after, after)}`;
    return { ...r, note: r.note ? `${r.note}; ${note}` : note };
  });
}
