/**
 * The "Connections and throttling" lines of `analyze` (and the report): handshake CPU by side and
 * host, error and retry CPU, a row per call site with its counted calls, new connections,
 * retries, failures and unprocessed items, the per-request figures, and what to do.
 */
import { THROTTLING_CODES, throttledOf, totalOf, type CallStats } from './callStats';
import { droppedItemsOf, type ConnectionReport, type ConnectionSite } from './connections';
import { formatPercent, formatWeight, shortFunctionName } from './labels';
import { plural } from '../plural';

/** A call count of at least this many makes a site's ratios worth advice (fewer is noise). */
const MIN_CALLS_FOR_ADVICE = 10;
/** New connections per call at or above which a site churns. */
const CHURN_PER_CALL = 0.5;

function table(rows: readonly string[][]): string[] {
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => r[c]!.length)));
  return rows.map((r) => r.map((cell, c) => (c >= 2 ? cell.padStart(widths[c]!) : cell.padEnd(widths[c]!))).join('  ').trimEnd());
}

/** `orders.js:20`. */
export function connectionSiteName(site: ConnectionSite): string {
  return `${site.relativePath ?? (site.profileFile || '(no frame of your code)')}:${site.line}`;
}

/** `1 per 40 calls`, `1 per call`, `2.5 per call`. */
function ratePerCall(count: number, calls: number, noun = 'call'): string {
  if (count === 0 || calls === 0) return '0';
  const per = calls / count;
  if (per >= 1.05) return `1 per ${per >= 10 ? Math.round(per) : per.toFixed(1)} ${noun}s`;
  return `${(count / calls).toFixed(count / calls >= 10 ? 0 : 2)} per ${noun}`;
}

function byCode(counts: Readonly<Record<string, number>>): string {
  return Object.entries(counts)
    .sort((a, b) => b[1] - a[1])
    .map(([code, n]) => `${code} ${n}`)
    .join(', ');
}

function retriedCell(stats: CallStats): string {
  if (stats.retriedCalls === 0) return '—';
  return `${formatPercent(stats.retriedCalls, stats.calls)} (${byCode(stats.retries)})`;
}

function failedCell(stats: CallStats): string {
  const failed = totalOf(stats.errors);
  return failed === 0 ? '—' : `${formatPercent(failed, stats.calls)} (${byCode(stats.errors)})`;
}

function unprocessedCell(stats: CallStats): string {
  if (stats.unprocessedItems === 0) return '—';
  const dropped = droppedItemsOf(stats);
  return `${stats.unprocessedItems}, ${dropped} dropped`;
}

/** What to do about a site, from its counts; none when its counts are too few to tell. */
export function siteAdvice(site: ConnectionSite): string[] {
  const s = site.stats;
  if (!s || s.calls < MIN_CALLS_FOR_ADVICE) return [];
  const name = connectionSiteName(site);
  const out: string[] = [];
  if (s.handshakes / s.calls >= CHURN_PER_CALL) {
    out.push(`${name}: ${ratePerCall(s.handshakes, s.calls)} opens a new TLS connection (a full handshake each): keep connections alive and reuse one client (aws-sdk v2: an https.Agent with keepAlive; Go: one client, a transport with MaxIdleConnsPerHost ≥ your concurrency, no per-call timeout shorter than a handshake); \`dynamo-hotpath check\` points at the line`);
  }
  const throttled = throttledOf(s);
  if (throttled.errors > 0) {
    out.push(`${name}: ${plural(throttled.errors, 'call')} failed on throttling (${byCode(Object.fromEntries(Object.entries(s.errors).filter(([code]) => THROTTLING_CODES.has(code))))}): allow the SDK's default retries and treat ThrottlingException (on-demand tables, HTTP 400) like ProvisionedThroughputExceededException`);
  }
  const dropped = droppedItemsOf(s);
  if (dropped > 0) out.push(`${name}: ${plural(dropped, 'unprocessed item')} returned by ${site.operations.join('/')} and never sent again: resend UnprocessedItems / UnprocessedKeys with back-off until none is left`);
  return out;
}

/**
 * The section's lines (no header when there is nothing to say: no handshake, error or retry CPU
 * and no counts). `total` and `unit` are the analysis's.
 */
export function connectionLines(report: ConnectionReport, total: number, unit: string): string[] {
  const anyCpu = report.dynamoHandshakeWeight + report.otherHandshakeWeight + report.inboundHandshakeWeight + report.errorWeight + report.retryWeight > 0;
  if (!anyCpu && !report.counted) return [];
  const pct = (w: number) => formatPercent(w, total).padStart(6);
  const out = ['', 'Connections and throttling:'];
  if (report.dynamoHandshakeWeight > 0) out.push(`  ${pct(report.dynamoHandshakeWeight)}  TLS handshakes of DynamoDB calls: new connections (churn when steady), credited to the call sites below`);
  if (report.otherHandshakeWeight > 0) out.push(`  ${pct(report.otherHandshakeWeight)}  TLS handshakes to other or unknown hosts (no DynamoDB client on the stack, no recorded call site; not counted as DynamoDB)`);
  if (report.inboundHandshakeWeight > 0) out.push(`  ${pct(report.inboundHandshakeWeight)}  TLS handshakes of clients connecting to this service (its own listener: not churn, not DynamoDB)`);
  if (report.errorWeight > 0) out.push(`  ${pct(report.errorWeight)}  decoding DynamoDB error answers (refused requests: throttling, failed conditions)`);
  if (report.retryWeight > 0) out.push(`  ${pct(report.retryWeight)}  the SDK's retry decisions and back-off`);
  const rows = [['call site', 'function', 'calls', 'new TLS connections', 'handshake CPU', 'retried', 'failed', 'unprocessed']];
  for (const site of report.sites) {
    const s = site.stats;
    rows.push([
      connectionSiteName(site),
      shortFunctionName(site.functionName),
      s ? String(s.calls) : '—',
      s ? `${s.handshakes} (${ratePerCall(s.handshakes, s.calls)})` : '—',
      formatPercent(site.handshakeWeight, total),
      s ? retriedCell(s) : '—',
      s ? failedCell(s) : '—',
      s ? unprocessedCell(s) : '—',
    ]);
  }
  if (report.sites.length > 0) out.push(...table(rows).map((l) => `  ${l}`));
  if (!report.counted && report.sites.some((s) => s.handshakeWeight > 0)) {
    out.push('  (calls and connections are counted when the service is recorded: `dynamo-hotpath record` for Node, the Go call labels for Go — `dynamo-hotpath labels go`)');
  }
  const r = report.perRequest;
  if (r) {
    const parts = [`handshake CPU ${formatWeight(r.handshakeWeight, unit)}`];
    if (r.handshakes !== undefined) parts.unshift(r.handshakes > 0 ? `${r.handshakes.toFixed(2)} new TLS connections (≈ 1 per ${(1 / r.handshakes).toFixed(1)} requests)` : '0 new TLS connections');
    if (r.throttledRetries !== undefined) parts.push(`${r.throttledRetries.toFixed(2)} throttled attempts retried`, `${r.throttledErrors!.toFixed(2)} calls failed on throttling`, `${r.droppedItems!.toFixed(2)} unprocessed items dropped`);
    out.push(`  per request (${Math.round(r.requests).toLocaleString('en-US')} requests, ${r.source}): ${parts.join(' · ')}`);
  }
  for (const advice of report.sites.flatMap(siteAdvice)) out.push(`  → ${advice}`);
  if (report.otherHandshakeWeight > 0 && report.dynamoHandshakeWeight === 0 && !report.counted) {
    out.push('  → to tell whether those handshakes are DynamoDB\'s: record the service (`dynamo-hotpath record`, Node) or label its DynamoDB calls (`dynamo-hotpath labels go`, Go: the dial goroutine inherits the labels)');
  }
  return out;
}
