/**
 * The words for other AWS services' protocol work (`Analysis.otherServices`), the same in the
 * CLI, the hover and the report.
 */
import type { Analysis } from './types';

const one = (weight: number, total: number) => `${total > 0 ? ((weight / total) * 100).toFixed(1) : '0.0'}%`;

/**
 * `AWS SDK protocol, other services (kinesis 4.1%, sqs 3.8%; 0.5% by estimate): not DynamoDB,
 * reported apart`, or undefined when there is none (below 0.05 % of the profile).
 */
export function otherServicesLine(a: Analysis): string | undefined {
  const o = a.otherServices;
  if (o.weight < a.totalWeight / 2000) return undefined;
  const named = o.byService.filter((s) => s.name !== '' && s.weight >= a.totalWeight / 2000).map((s) => `${s.name} ${one(s.weight, a.totalWeight)}`);
  const unnamed = o.weight - o.byService.filter((s) => s.name !== '').reduce((sum, s) => sum + s.weight, 0);
  const recordedOnly = unnamed - o.estimatedWeight;
  const parts = [
    ...named,
    ...(recordedOnly >= a.totalWeight / 2000 ? [`${one(recordedOnly, a.totalWeight)} with no DynamoDB label of \`record\``] : []),
  ];
  const estimate = o.estimatedWeight >= a.totalWeight / 2000 ? `${one(o.estimatedWeight, a.totalWeight)} by the service estimate: no client on the stack` : '';
  const detail = [parts.join(', '), estimate].filter((x) => x !== '').join('; ');
  return `AWS SDK protocol, other services${detail ? ` (${detail})` : ''}: not DynamoDB, reported apart`;
}
