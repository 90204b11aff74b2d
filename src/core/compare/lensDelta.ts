/**
 * The before → after text of a CodeLens on a call site, e.g. `46.9% → 2.6% DynamoDB (−94% per
 * request)`: the shares of each side's CPU, then the change the brackets name — per request when
 * both request counts are known, else the change of share (`share −94%`). A share can rise while
 * the CPU per request falls (the rest of the work shrank more): the words keep the two apart.
 */
import type { Comparison, CompareRow } from './types';

/**
 * Formats a share change for a lens.
 * @param beforeShare share before, percent of the before profile's total (0–100)
 * @param afterShare share after, percent of the after profile's total
 * @param options.changePercent the per-request change to show in brackets (when request counts are
 *   known); without it the relative change of the share, (after − before) / before × 100, marked `share`
 * @param options.significant false appends `, within noise`
 * @returns e.g. `46.9% → 2.6% DynamoDB (−94% per request)`, `… (share −94%)`; `new` in brackets when before is 0
 */
export function formatLensDelta(
  beforeShare: number,
  afterShare: number,
  options: { changePercent?: number | null; significant?: boolean; label?: string; notComparable?: string } = {},
): string {
  const perRequest = options.changePercent !== undefined && !options.notComparable;
  const change = perRequest ? options.changePercent! : beforeShare > 0 ? ((afterShare - beforeShare) / beforeShare) * 100 : null;
  const changeText = change === null ? 'new' : `${change > 0 ? '+' : change < 0 ? '\u2212' : ''}${Math.abs(change).toFixed(0)}%`;
  const noise = options.significant === false ? ', within noise' : '';
  // The shares are of each side's total; the change in brackets says what it is of.
  const share = options.notComparable
    ? `share ${changeText}${noise}; per request not comparable: ${options.notComparable}`
    : `${change === null ? changeText : perRequest ? `${changeText} per request` : `share ${changeText}`}${noise}`;
  return `${beforeShare.toFixed(1)}% \u2192 ${afterShare.toFixed(1)}% ${options.label ?? 'DynamoDB'} (${share})`;
}

/**
 * The lens text for a call-site row of a comparison: its DynamoDB share before and after, and
 * the per-request change when both request counts are known, else the change of share; when
 * `comparison` says the sides measure different things, the change of share marked so
 * (`50.7% → 31.1% DynamoDB (share −39%; per request not comparable: CPU vs wall time)`).
 */
export function lensTextForRow(row: CompareRow, comparison?: Comparison): string {
  const notComparable = comparison && !comparison.absolute.comparable ? comparison.absolute.short : undefined;
  return formatLensDelta(row.before.share, row.after.share, {
    ...(row.changePerRequestPercent !== undefined ? { changePercent: row.changePerRequestPercent } : {}),
    significant: row.significant,
    ...(notComparable ? { notComparable } : {}),
  });
}

/**
 * Finds the call-site row of the after profile at a workspace file and line (what the lens
 * provider has at hand), or undefined.
 * @param relativePath workspace-relative, `/`-separated
 * @param line 1-based
 */
export function callSiteRowAt(c: Comparison, relativePath: string, line: number): CompareRow | undefined {
  return c.callSites.find((r) => r.after.ref?.relativePath === relativePath && r.after.ref.line === line);
}
