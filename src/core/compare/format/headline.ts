/**
 * The few lines that say what a comparison found, for a notification, the report's heading and an
 * agent's summary.
 */
import type { Comparison } from '../types';
import { formatPerRequest, formatPoints } from './numbers';
import { intervalText, replicatesSuffix } from './sections';

/**
 * With request counts on both sides, CPU and DynamoDB marshalling per request with the interval
 * the report's totals give (over the replicates, or the sampling interval and "run-to-run
 * variation unknown" with one profile per side), as the CLI prints them; then why absolute values
 * are not comparable, when they are not; then the DynamoDB share's change.
 */
export function comparisonHeadline(c: Comparison): string[] {
  const { before, after } = c.totals;
  const lines: string[] = [];
  const r = c.replicates;
  if (r) {
    const runs = replicatesSuffix(c);
    const line = (name: string, x: typeof r.cpuPerRequest) => `${name}${runs} ${formatPerRequest(x.before, c.unit)} → ${formatPerRequest(x.after, c.unit)}: ${intervalText(x.change)}`;
    lines.push(line(`${c.absolute.after.name} per request`, r.cpuPerRequest));
    if (r.dynamoPerRequest) lines.push(line('DynamoDB marshalling per request', r.dynamoPerRequest));
  }
  if (!c.absolute.comparable) lines.push(`Per request and absolute values not comparable: ${c.absolute.reason}`);
  const of = c.absolute.comparable && c.absolute.after.name === 'CPU' ? 'CPU' : 'each profile';
  lines.push(`DynamoDB marshalling ${before.dynamoShare.toFixed(1)}% → ${after.dynamoShare.toFixed(1)}% of ${of} (${formatPoints(c.totals.dynamoShareChangePoints)}${c.totals.dynamoShareSignificant ? '' : ', within noise'})`);
  return lines;
}
