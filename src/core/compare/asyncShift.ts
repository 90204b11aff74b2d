/**
 * Between SDK versions CPU can leave the user's frames without being saved: aws-sdk v3 runs its
 * middleware and response parsing in promise continuations where no frame of the caller is on
 * the stack (see shared/notes/async-attribution.md), so a handler's cumulative CPU drops (−61 %
 * across v2 → v3 in the issue) while the same work reappears as unattributed marshalling. When the
 * unattributed share grew beyond sampling noise, rows of user code that shrank say so.
 */
import type { Analysis } from '../analysis/types';
import { isSignificantShareChange, shareError } from './significance';
import type { CompareRow } from './types';

/** Growth of the unattributed share below which nothing is said, percentage points. */
const MIN_SHIFT_POINTS = 1;

/**
 * The note for shrinking user rows, or undefined when the unattributed marshalling share did not
 * grow significantly (binomial rule of `significance.ts`) by at least 1 point.
 */
export function asyncShiftNote(before: Analysis, after: Analysis): string | undefined {
  const share = (x: Analysis) => (x.totalWeight > 0 ? (100 * x.unattributedWeight) / x.totalWeight : 0);
  const b = share(before);
  const a = share(after);
  if (a - b < MIN_SHIFT_POINTS || !isSignificantShareChange(b, shareError(b, before.totalCount), a, shareError(a, after.totalCount))) return undefined;
  return `part of this drop moved to stacks with no frame of your code (unattributed marshalling ${b.toFixed(1)}% → ${a.toFixed(1)}% of the profile: async continuations in Node, stacks cut at 64 frames in Go), so it is not all a saving`;
}

/** What a shrinking row says, pointing at the full note. */
export const SHRINK_ROW_NOTE = 'part of the drop moved to stacks without your code (see notes)';

/** `rows` with `note` on every matched row whose share fell. */
export function noteShrinkingRows(rows: readonly CompareRow[], note: string | undefined): CompareRow[] {
  if (!note) return [...rows];
  return rows.map((r) => (r.status === 'matched' && r.shareChangePoints < 0 ? { ...r, note: SHRINK_ROW_NOTE } : r));
}
