/**
 * Builds comparison rows from a before and an after weight: shares, standard errors, per-request
 * values, relative changes and the significance verdict.
 */
import { isSignificantShareChange, shareError } from './significance';
import type { CompareRow, MatchKind, RowRef, RowSide, RowStatus } from './types';
import type { DynamoCategory } from '../detect/types';

/** What a row needs to know about one side: its total weight, sample count and requests. */
export interface SideScale {
  readonly totalWeight: number;
  readonly totalCount: number;
  readonly requests?: number;
}

/** (after − before) / before × 100; null when before is 0 (nothing to compare against). */
export function relativeChange(before: number, after: number): number | null {
  if (before === 0) return after === 0 ? 0 : null;
  return ((after - before) / before) * 100;
}

/** One side of a row; `ref` undefined means the row is absent on this side. */
export function rowSide(weight: number, scale: SideScale, ref?: RowRef, estimatedWeight?: number): RowSide {
  const share = scale.totalWeight > 0 ? (weight / scale.totalWeight) * 100 : 0;
  const side: RowSide = { weight, share, shareStdErr: shareError(share, scale.totalCount) };
  return {
    ...(ref ? { ref } : {}),
    ...side,
    ...(estimatedWeight ? { estimatedWeight } : {}),
    ...(scale.requests !== undefined ? { perRequest: weight / scale.requests } : {}),
  };
}

/** Inputs of {@link makeRow}. */
export interface RowInput {
  readonly key: string;
  readonly label: string;
  readonly matchedBy?: MatchKind;
  readonly category?: DynamoCategory;
  readonly before?: { readonly weight: number; readonly ref?: RowRef; readonly estimatedWeight?: number };
  readonly after?: { readonly weight: number; readonly ref?: RowRef; readonly estimatedWeight?: number };
}

/**
 * A full row. A side given as undefined is absent (weight 0): the row is `vanished` or `appeared`
 * when that is beyond sampling noise, else `sparse`.
 * @param scales the two sides' totals; per-request change is set only when both know requests
 */
export function makeRow(input: RowInput, scales: { before: SideScale; after: SideScale }): CompareRow {
  const before = rowSide(input.before?.weight ?? 0, scales.before, input.before?.ref, input.before?.estimatedWeight);
  const after = rowSide(input.after?.weight ?? 0, scales.after, input.after?.ref, input.after?.estimatedWeight);
  const significant = isSignificantShareChange(before.share, before.shareStdErr, after.share, after.shareStdErr);
  const oneSided: RowStatus = input.before ? 'vanished' : 'appeared';
  const status: RowStatus = input.before && input.after ? 'matched' : significant ? oneSided : 'sparse';
  const perRequest =
    before.perRequest !== undefined && after.perRequest !== undefined
      ? { changePerRequestPercent: relativeChange(before.perRequest, after.perRequest) }
      : {};
  return {
    key: input.key,
    label: input.label,
    status,
    ...(input.matchedBy && status === 'matched' ? { matchedBy: input.matchedBy } : {}),
    ...(input.category ? { category: input.category } : {}),
    before,
    after,
    changeWeightPercent: relativeChange(before.weight, after.weight),
    ...perRequest,
    shareChangePoints: after.share - before.share,
    significant,
  };
}

/** Sorts rows heaviest first by the larger of the two shares (stable for equal ones). */
export function byWeightDesc(a: CompareRow, b: CompareRow): number {
  return Math.max(b.before.share, b.after.share) - Math.max(a.before.share, a.after.share);
}
