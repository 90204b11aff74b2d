/**
 * The comparison as titled tables of strings (Metric | Before | After | Change, the seed's
 * layout), shared by the plain-text and Markdown renderers.
 */
import type { Comparison, CompareRow } from '../types';
import type { ChangeInterval } from '../replicates';
import { formatChange, formatCount, formatPerRequest, formatPoints, formatShare, formatWeight } from './numbers';
import { relativeChange } from '../rows';

export interface Section {
  readonly title: string;
  readonly header: readonly string[];
  readonly rows: readonly (readonly string[])[];
}

/** Below this many samples in either profile, every share is printed with its standard error (±pp). */
const SHORT_PROFILE_SAMPLES = 1000;

/** Rows with a share below this on both sides are left out of the per-path tables (text/Markdown only; JSON keeps all). */
const MIN_SHARE_SHOWN = 0.5;

/** Call-site rows holding at least this part of the larger DynamoDB share are shown even under {@link MIN_SHARE_SHOWN}. */
const CALL_SITE_PART_SHOWN = 0.05;

/**
 * `(3 more under 0.50% on both sides: 0.90% before, 0.70% after; --json lists every row)`; the sums
 * only for tables whose rows do not nest (call sites), not for cumulative function rows.
 */
function hiddenRowsNote(hidden: readonly CompareRow[], minShare: number, withSums: boolean): string {
  const sum = (side: 'before' | 'after') => hidden.reduce((total, r) => total + r[side].share, 0);
  const sums = withSums ? `: ${formatShare(sum('before'))} before, ${formatShare(sum('after'))} after` : '';
  return `(${hidden.length} more under ${formatShare(minShare)} on both sides${sums}; --json lists every row)`;
}

/**
 * Builds the sections: totals, categories, user functions, call sites, SDK functions, movers.
 * Change column: per request when both request counts are known, else of the absolute weight;
 * then the change of share in percentage points, marked `(n.s.)` when within sampling noise.
 */
export function comparisonSections(c: Comparison): Section[] {
  const { before, after } = c.totals;
  const unit = c.unit;
  const notComparable = c.absolute.comparable ? undefined : `not comparable: ${c.absolute.short}`;
  const change = (percent: number | null | undefined) => notComparable ?? formatChange(percent);
  const what = measureName(c);
  const totals: string[][] = [
    [`${what} in profile`, formatWeight(before.totalWeight, unit), formatWeight(after.totalWeight, unit), change(c.totals.changeWeightPercent)],
    ['Samples', formatCount(before.totalCount), formatCount(after.totalCount), ''],
  ];
  const r = c.replicates;
  const runs = replicatesSuffix(c);
  const cpuName = `${what} per request`;
  if (before.requests !== undefined && after.requests !== undefined) {
    totals.push(['Requests', formatCount(before.requests), formatCount(after.requests), formatChange(c.totals.changeRequestsPercent)]);
    totals.push(
      r
        ? [`${cpuName}${runs}`, formatPerRequest(r.cpuPerRequest.before, unit), formatPerRequest(r.cpuPerRequest.after, unit), intervalText(r.cpuPerRequest.change)]
        : [cpuName, formatPerRequest(before.perRequest!, unit), formatPerRequest(after.perRequest!, unit), change(c.totals.changePerRequestPercent)],
    );
  }
  totals.push([
    'DynamoDB marshalling share',
    `${formatShare(before.dynamoShare)} ±${before.dynamoShareStdErr.toFixed(1)}`,
    `${formatShare(after.dynamoShare)} ±${after.dynamoShareStdErr.toFixed(1)}`,
    `${formatPoints(c.totals.dynamoShareChangePoints)}${c.totals.dynamoShareSignificant ? '' : ' (n.s.)'}`,
  ]);
  if (before.attribution && after.attribution) {
    const part = (label: string, key: 'measuredShare' | 'estimatedShare' | 'unattributedShare') =>
      totals.push([`  ${label}`, formatShare(before.attribution![key]), formatShare(after.attribution![key]), formatPoints(after.attribution![key] - before.attribution![key])]);
    part('measured on your lines', 'measuredShare');
    part('estimated per call site', 'estimatedShare');
    part('unattributed', 'unattributedShare');
  }
  if (r?.dynamoPerRequest) {
    totals.push([`DynamoDB marshalling per request${runs}`, formatPerRequest(r.dynamoPerRequest.before, unit), formatPerRequest(r.dynamoPerRequest.after, unit), intervalText(r.dynamoPerRequest.change)]);
  } else if (before.dynamoPerRequest !== undefined && after.dynamoPerRequest !== undefined) {
    totals.push(['DynamoDB marshalling per request', formatPerRequest(before.dynamoPerRequest, unit), formatPerRequest(after.dynamoPerRequest, unit), change(c.totals.changeDynamoPerRequestPercent)]);
  }
  const sections: Section[] = [{ title: 'Totals', header: ['Metric', 'Before', 'After', 'Change'], rows: totals }];
  const withError = before.totalCount < SHORT_PROFILE_SAMPLES || after.totalCount < SHORT_PROFILE_SAMPLES;
  const table = (title: string, first: string, rows: readonly CompareRow[], minShare = MIN_SHARE_SHOWN, withSums = false) => {
    const isShown = (r: CompareRow) => Math.max(r.before.share, r.after.share) >= minShare;
    const shown = rows.filter(isShown);
    if (!shown.length) return;
    const cells = shown.map((r) => rowCells(r, unit, withError, c.absolute.comparable));
    if (shown.length < rows.length) cells.push([hiddenRowsNote(rows.filter((r) => !isShown(r)), minShare, withSums), '', '', '', '']);
    sections.push({ title, header: [first, 'Before', 'After', 'Change', 'Matched'], rows: cells });
  };
  table('DynamoDB categories (innermost categorised frame)', 'Category', c.categories, MIN_SHARE_SHOWN, true);
  table('User functions (cumulative)', 'Function', c.userFunctions);
  // A call site is worth a row when it holds a visible part of the DynamoDB share, however small that share is.
  const estimatedSites = c.callSites.some((r) => mostlyEstimated(r.before) || mostlyEstimated(r.after));
  table(`Call sites (DynamoDB marshalling credited to the line${estimatedSites ? '; ~ = mostly estimated, not measured on the line' : ''})`, 'Call site', c.callSites, Math.min(MIN_SHARE_SHOWN, CALL_SITE_PART_SHOWN * Math.max(before.dynamoShare, after.dynamoShare)), true);
  table('SDK functions (cumulative)', 'Function', c.sdkFunctions);
  table('Other functions whose self (flat) share changed significantly', 'Function', c.movers);
  const connections = connectionRows(c);
  if (connections.length > 0) sections.push({ title: 'Connections and throttling', header: ['Metric', 'Before', 'After', 'Change'], rows: connections });
  return sections;
}

/**
 * Handshake, error-answer and retry shares, and per request the handshake CPU and the counted new
 * connections, calls, throttled attempts and calls and dropped items; rows with nothing on
 * either side are left out.
 */
function connectionRows(c: Comparison): string[][] {
  const { before: b, after: a } = c.connections;
  const rows: string[][] = [];
  const share = (label: string, key: 'dynamoHandshakeShare' | 'otherHandshakeShare' | 'inboundHandshakeShare' | 'errorResponseShare' | 'retryShare') => {
    if (b[key] > 0 || a[key] > 0) rows.push([label, formatShare(b[key]), formatShare(a[key]), formatPoints(a[key] - b[key])]);
  };
  share('TLS handshakes of DynamoDB calls (share)', 'dynamoHandshakeShare');
  share('TLS handshakes to other or unknown hosts (share)', 'otherHandshakeShare');
  share('TLS handshakes of clients of this service (share; not churn)', 'inboundHandshakeShare');
  share('Decoding DynamoDB error answers (share)', 'errorResponseShare');
  share('Retry decisions and back-off (share)', 'retryShare');
  const bp = b.perRequest;
  const ap = a.perRequest;
  if (bp && ap) {
    if (bp.handshakeWeight > 0 || ap.handshakeWeight > 0) rows.push(['DynamoDB handshake CPU per request', formatPerRequest(bp.handshakeWeight, c.unit), formatPerRequest(ap.handshakeWeight, c.unit), formatChange(relativeChange(bp.handshakeWeight, ap.handshakeWeight))]);
    const counted = (label: string, key: 'calls' | 'handshakes' | 'throttledRetries' | 'throttledErrors' | 'droppedItems') => {
      const before = bp[key];
      const after = ap[key];
      if (before === undefined || after === undefined || (before === 0 && after === 0)) return;
      rows.push([label, perRequestCount(before), perRequestCount(after), formatChange(relativeChange(before, after))]);
    };
    counted('DynamoDB calls per request (counted)', 'calls');
    counted('New TLS connections per request (counted)', 'handshakes');
    counted('Throttled attempts retried per request', 'throttledRetries');
    counted('Calls failed on throttling per request', 'throttledErrors');
    counted('Unprocessed items dropped per request', 'droppedItems');
  }
  return rows;
}

/** A count per request: `1.000`, `0.0250`, `0`. */
function perRequestCount(n: number): string {
  return n === 0 ? '0' : n >= 1 ? n.toFixed(3) : n.toPrecision(3);
}

/** ` (mean of 2+2 profiles)` when a side has several profiles, else ''. */
export function replicatesSuffix(c: Comparison): string {
  const r = c.replicates;
  return r && (r.before.length > 1 || r.after.length > 1) ? ` (mean of ${r.before.length}+${r.after.length} profiles)` : '';
}

/**
 * A change with its interval: `-46.2% (95 % CI -61.0% to -25.9%, significant)`, `… not
 * significant`, or with one profile per side `… (sampling only: run-to-run variation unknown)`.
 */
export function intervalText(c: ChangeInterval): string {
  const ci = `${Math.round(c.confidence * 100)} % CI ${formatChange(c.lowerPercent)} to ${formatChange(c.upperPercent)}`;
  if (c.method === 'sampling') return `${formatChange(c.changePercent)} (sampling ${ci}; run-to-run variation unknown)`;
  return `${formatChange(c.changePercent)} (${ci}, ${c.significant ? 'significant' : 'no significant change'})`;
}

const STATUS_TEXT: Record<CompareRow['status'], string | undefined> = { matched: undefined, vanished: 'vanished', appeared: 'appeared', sparse: 'one side only, too few samples to tell' };

/** What the weights are, for the totals' row names: `CPU`, `Wall time`, or `CPU / wall time` when the sides differ. */
function measureName(c: Comparison): string {
  const { before, after } = c.absolute;
  return before.name === after.name ? before.name : `${before.name} / ${after.name.toLowerCase()}`;
}

/** True when at least half of a call-site side's weight is estimated rather than measured on the line. */
function mostlyEstimated(side: CompareRow['before']): boolean {
  return (side.estimatedWeight ?? 0) >= 0.5 * side.weight && side.weight > 0;
}

function rowCells(r: CompareRow, unit: string, withError: boolean, absolute: boolean): string[] {
  const error = (side: CompareRow['before']) => (withError ? ` ±${side.shareStdErr.toFixed(1)}` : '');
  const cell = (side: CompareRow['before'], present: boolean) => (present ? `${mostlyEstimated(side) ? '~' : ''}${formatWeight(side.weight, unit)} / ${formatShare(side.share)}${error(side)}` : '—');
  const relative = absolute ? (r.changePerRequestPercent !== undefined ? `${formatChange(r.changePerRequestPercent)} per request` : formatChange(r.changeWeightPercent)) : 'not comparable';
  const change = STATUS_TEXT[r.status] ?? relative;
  const points = `${formatPoints(r.shareChangePoints)}${r.significant ? '' : ' (n.s.)'}`;
  const note = r.note ? `; ${r.note}` : r.reason ? `; ${r.reason}` : '';
  return [r.label, cell(r.before, r.before.weight > 0 || r.status === 'matched'), cell(r.after, r.after.weight > 0 || r.status === 'matched'), `${change}, ${points}${note}`, r.matchedBy ?? ''];
}

/** The one-line heading: which files, and how the change column is normalized. */
export function comparisonHeading(c: Comparison): string {
  const how = !c.absolute.comparable
    ? `shares only: absolute and per-request values are not comparable, ${c.absolute.short}`
    : c.normalization === 'per-request'
      ? 'changes per request'
      : 'changes of absolute weight (no request counts: traffic may differ)';
  const side = (x: 'before' | 'after') => c.replicates && c.replicates[x].length > 1 ? `${c.replicates[x].length} profiles (${c.replicates[x].map((v) => v.path).join(', ')})` : c.totals[x].sourcePath;
  return `Comparing ${side('before')} → ${side('after')} (${how})`;
}

/**
 * "What matched how", one line per table (`user functions: 2 name, 1 vanished`), then the SDKs
 * whose frames vanished or appeared (`SDK frames vanished: aws-sdk-go-v1; appeared: aws-sdk-go-v2`).
 */
export function matchLines(c: Comparison): string[] {
  const lines = (Object.entries(c.matchSummary) as [string, Record<string, number>][]).map(([table, counts]) => {
    const parts = Object.entries(counts).map(([k, n]) => `${n} ${k}`);
    return `${table.replace(/([A-Z])/g, ' $1').toLowerCase()}: ${parts.length ? parts.join(', ') : 'none'}`;
  });
  const { vanished, appeared } = c.sdkChanges;
  if (vanished.length || appeared.length) {
    lines.push(`SDK frames vanished: ${vanished.length ? vanished.join(', ') : 'none'}; appeared: ${appeared.length ? appeared.join(', ') : 'none'}`);
  }
  return lines;
}
