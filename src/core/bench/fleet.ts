/**
 * "What it means for your fleet": turns a per-item time difference into CPU cores and money, the
 * arithmetic that takes a profile from "245 pods" to "109 pods".
 * cores = Δ CPU time per item (s) × items per request × requests per second;
 * monthly cost = cores × cost per core-hour × 730 h (the mean month, 8,760 h / 12).
 */
import type { ComparisonResult, CaseResult } from './suiteTypes';

/** Hours in a mean month (8,760 / 12). */
export const HOURS_PER_MONTH = 730;

/** What the user enters (remembered per workspace). */
export interface FleetInputs {
  requestsPerSecond: number;
  itemsPerRequest: number;
  /** Price of one core for one hour, in the user's currency (e.g. 0.04). */
  costPerCoreHour: number;
}

/** Cores and monthly cost of a change; negative numbers are savings. Ranges come from the ratio interval. */
export interface FleetImpact {
  /** Δ CPU ns per item (new − old). */
  deltaNsPerItem: number;
  cores: number;
  monthlyCost: number;
  /** The same from the interval's bounds (lower ≤ upper), when the interval is bounded. */
  coresRange?: [number, number];
  monthlyCostRange?: [number, number];
  /** The formula with the numbers filled in, for display. */
  formula: string;
}

/** cores for a Δ ns per item: Δns × 1e-9 × items/request × requests/s. */
export function coresFor(deltaNsPerItem: number, inputs: FleetInputs): number {
  return deltaNsPerItem * 1e-9 * inputs.itemsPerRequest * inputs.requestsPerSecond;
}

/** Monthly cost of `cores` cores. */
export function monthlyCostFor(cores: number, inputs: FleetInputs): number {
  return cores * inputs.costPerCoreHour * HOURS_PER_MONTH;
}

/**
 * The fleet impact of `comparison`, whose older case is `older` (for its ns per item), or undefined
 * when the comparison has no estimate. Throws RangeError on negative or non-finite inputs.
 */
export function fleetImpact(comparison: ComparisonResult, older: CaseResult, inputs: FleetInputs): FleetImpact | undefined {
  for (const [k, v] of Object.entries(inputs)) {
    if (!Number.isFinite(v) || v < 0) throw new RangeError(`${k} must be a non-negative number, got ${v}`);
  }
  const e = comparison.estimate;
  if (!e || comparison.deltaNsPerItem === undefined || older.nsPerItem === undefined) return undefined;
  const delta = comparison.deltaNsPerItem;
  const cores = coresFor(delta, inputs);
  const impact: FleetImpact = {
    deltaNsPerItem: delta,
    cores,
    monthlyCost: monthlyCostFor(cores, inputs),
    formula:
      `${delta.toFixed(0)} ns/item × ${inputs.itemsPerRequest} items/request × ${inputs.requestsPerSecond} requests/s = ` +
      `${cores.toFixed(3)} cores; × ${inputs.costPerCoreHour}/core-hour × ${HOURS_PER_MONTH} h = ${monthlyCostFor(cores, inputs).toFixed(2)}/month`,
  };
  if (Number.isFinite(e.upper)) {
    const lo = coresFor(older.nsPerItem * (e.lower - 1), inputs);
    const hi = coresFor(older.nsPerItem * (e.upper - 1), inputs);
    impact.coresRange = [lo, hi];
    impact.monthlyCostRange = [monthlyCostFor(lo, inputs), monthlyCostFor(hi, inputs)];
  }
  return impact;
}
