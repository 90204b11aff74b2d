/**
 * `compare --fleet-rate R`: what the change in CPU per request means for a fleet serving R
 * requests (fleet.ts, the seed's arithmetic: 2.149 → 0.876 ms per request at 70 M requests per
 * hour ≈ −24.75 cores), with the formula and, from the replicate interval, a range.
 */
import { fleetFromCpuPerRequest, formatMoney, type FleetInputs } from '../core/bench/fleet';
import { parseRequestInput, RequestCountError } from '../core/compare/requestCount';
import type { Comparison } from '../core/compare/types';
import { CliUsageError } from './usage';

/** The help lines of the fleet options. */
export function fleetOptionsHelp(): string {
  return `
fleet (needs request counts):
  --fleet-rate R        the fleet's request rate: 19444/s, 70M/h, 1.2M/min
  --cores-per-pod N     also give the change in pods (default: cores only)
  --cost-per-core-hour X  price of one core for an hour (default 0: no cost line)
  --currency CODE       ISO 4217 code of that price (default USD)
`;
}

function nonNegative(name: string, text: string | undefined): number {
  if (text === undefined) return 0;
  const n = Number(text);
  if (!Number.isFinite(n) || n < 0) throw new CliUsageError(`--${name} must be a non-negative number, got '${text}'`);
  return n;
}

/** Fleet inputs from the options, or undefined without --fleet-rate. Throws CliUsageError. */
export function parseFleetOptions(values: Record<string, unknown>): FleetInputs | undefined {
  const rate = values['fleet-rate'] as string | undefined;
  if (rate === undefined) return undefined;
  let perSecond: number;
  try {
    const input = parseRequestInput(rate);
    if (input.kind !== 'rate') throw new RequestCountError(`'${rate}' is a count, not a rate`);
    perSecond = input.perSecond;
  } catch (err) {
    if (err instanceof RequestCountError) throw new CliUsageError(`--fleet-rate: ${err.message} (expected e.g. 19444/s or 70M/h)`);
    throw err;
  }
  const currency = ((values.currency as string | undefined) ?? 'USD').toUpperCase();
  if (!/^[A-Z]{3}$/.test(currency)) throw new CliUsageError(`--currency must be a three-letter code such as USD, got '${values.currency}'`);
  return {
    requestsPerSecond: perSecond,
    perRequest: { item: 0, query: 0, put: 0 },
    coresPerPod: nonNegative('cores-per-pod', values['cores-per-pod'] as string | undefined),
    costPerCoreHour: nonNegative('cost-per-core-hour', values['cost-per-core-hour'] as string | undefined),
    currency,
  };
}

/** The fleet lines for `c`: the formula with the means (and the interval's range), or why there are none. */
export function fleetLines(c: Comparison, inputs: FleetInputs): string[] {
  if (!c.absolute.comparable) return [`no fleet estimate: CPU per request is not comparable between the sides (${c.absolute.reason})`];
  if (c.absolute.after.name !== 'CPU') return [`no fleet estimate: it needs CPU time, and the profiles record ${c.absolute.after.description}`];
  const r = c.replicates;
  const before = r?.cpuPerRequest.before ?? c.totals.before.perRequest;
  const after = r?.cpuPerRequest.after ?? c.totals.after.perRequest;
  if (before === undefined || after === undefined || c.unit !== 'nanoseconds') return ['no fleet estimate: it needs CPU time profiles with request counts on both sides'];
  const change = r?.cpuPerRequest.change;
  const range: [number, number] | undefined = change ? [before * (change.lowerPercent / 100), before * (change.upperPercent / 100)] : undefined;
  const impact = fleetFromCpuPerRequest(before, after, inputs, range);
  const lines = [impact.formula];
  if (impact.coresRange && change) {
    const what = change.method === 'sampling' ? 'sampling interval only (run-to-run variation unknown)' : `${Math.round(change.confidence * 100)} % interval over the replicates`;
    lines.push(`range: ${impact.coresRange[0].toFixed(2)} to ${impact.coresRange[1].toFixed(2)} cores (${what})`);
  }
  if (inputs.costPerCoreHour > 0 && impact.monthlyCostRange) lines.push(`cost range: ${formatMoney(impact.monthlyCostRange[0], inputs.currency)} to ${formatMoney(impact.monthlyCostRange[1], inputs.currency)} per month`);
  return lines;
}
