/**
 * "What it means for your fleet": a per-operation CPU difference times operations per request
 * times requests per second is CPU cores; cores over cores per pod is pods; cores times the price
 * of a core-hour times 730 h (the mean month, 8,760 h / 12) is money per month, in the user's
 * currency. The operation is what a benchmark case times: one item converted (conversion suite),
 * one Query call or one PutItem call (response suite), or one whole request (a before/after
 * profile comparison: CPU per request).
 */
import type { CaseResult, ComparisonResult } from './suiteTypes';
import type { Verdict } from './stats';

/** Hours in a mean month (8,760 / 12). */
export const HOURS_PER_MONTH = 730;

/** What one operation is. */
export type FleetUnit = 'item' | 'query' | 'put' | 'request';

/** The unit's name, singular and plural, as shown in formulas. */
export const UNIT_NAMES: Record<FleetUnit, [string, string]> = {
  item: ['item converted', 'items converted'],
  query: ['Query call', 'Query calls'],
  put: ['PutItem call', 'PutItem calls'],
  request: ['request', 'requests'],
};

/** What the user enters (remembered per workspace). */
export interface FleetInputs {
  requestsPerSecond: number;
  /** Operations per request, per unit (`request` is always 1). */
  perRequest: { item: number; query: number; put: number };
  /** Where each per-request figure came from, e.g. "2 call sites in the profile" (absent: typed in). */
  perRequestSource?: Partial<Record<'item' | 'query' | 'put', string>>;
  /** Cores of one pod or instance; 0 leaves pods out. */
  coresPerPod: number;
  /** Price of one core for one hour, in `currency`. */
  costPerCoreHour: number;
  /** ISO 4217 code, e.g. USD, EUR, KRW. */
  currency: string;
}

/** The fleet figures of one difference; negative numbers are savings. */
export interface FleetImpact {
  unit: FleetUnit;
  /** Δ CPU ns per operation (new − old). */
  deltaNsPerOp: number;
  opsPerRequest: number;
  cores: number;
  /** cores / coresPerPod, when coresPerPod > 0. */
  pods?: number;
  monthlyCost: number;
  currency: string;
  /** From the interval's bounds (lower ≤ upper), when the interval is bounded. */
  coresRange?: [number, number];
  monthlyCostRange?: [number, number];
  /** Whether the difference is real by its interval (faster/slower); otherwise only a point estimate. */
  verdict?: Verdict;
  /** The formula with its inputs filled in. */
  formula: string;
}

/** cores for a Δ of `deltaNsPerOp`: Δ ns × 1e-9 × operations per request × requests per second. */
export function coresFor(deltaNsPerOp: number, opsPerRequest: number, requestsPerSecond: number): number {
  return deltaNsPerOp * 1e-9 * opsPerRequest * requestsPerSecond;
}

/** Monthly cost of `cores` at `costPerCoreHour` (× 730 h). */
export function monthlyCostFor(cores: number, costPerCoreHour: number): number {
  return cores * costPerCoreHour * HOURS_PER_MONTH;
}

/** Money with its currency code: "USD 1,234.50" (Intl), or "1,234.50 XYZ" for an unknown code. */
export function formatMoney(amount: number, currency: string): string {
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency, currencyDisplay: 'code', maximumFractionDigits: 2 }).format(amount).replace(/\u00a0/g, ' ');
  } catch {
    return `${amount.toLocaleString('en-US', { maximumFractionDigits: 2, minimumFractionDigits: 2 })} ${currency}`;
  }
}

/** Throws RangeError naming the first input that is negative or not finite, or an empty currency. */
export function checkFleetInputs(inputs: FleetInputs): void {
  const numbers: [string, number][] = [
    ['requestsPerSecond', inputs.requestsPerSecond],
    ['perRequest.item', inputs.perRequest.item],
    ['perRequest.query', inputs.perRequest.query],
    ['perRequest.put', inputs.perRequest.put],
    ['coresPerPod', inputs.coresPerPod],
    ['costPerCoreHour', inputs.costPerCoreHour],
  ];
  for (const [k, v] of numbers) if (!Number.isFinite(v) || v < 0) throw new RangeError(`${k} must be a non-negative number, got ${v}`);
  if (!/^[A-Za-z]{3}$/.test(inputs.currency)) throw new RangeError(`currency must be a three-letter code such as USD, got '${inputs.currency}'`);
}

const num = (x: number, digits = 3) => Number(x.toPrecision(digits)).toLocaleString('en-US', { maximumFractionDigits: 6 });

function nsText(ns: number): string {
  const abs = Math.abs(ns);
  return abs >= 1e6 ? `${num(ns / 1e6, 4)} ms` : abs >= 1e3 ? `${num(ns / 1e3, 4)} µs` : `${num(ns, 4)} ns`;
}

/**
 * The fleet figures for a CPU difference of `deltaNsPerOp` per `unit`, with an optional interval
 * of the difference `[lowNs, highNs]`. Throws RangeError for bad inputs ({@link checkFleetInputs}).
 */
export function fleetFromDelta(unit: FleetUnit, deltaNsPerOp: number, inputs: FleetInputs, range?: [number, number], verdict?: Verdict): FleetImpact {
  checkFleetInputs(inputs);
  const ops = unit === 'request' ? 1 : inputs.perRequest[unit];
  const cores = coresFor(deltaNsPerOp, ops, inputs.requestsPerSecond);
  const monthlyCost = monthlyCostFor(cores, inputs.costPerCoreHour);
  const [one, many] = UNIT_NAMES[unit];
  const pods = inputs.coresPerPod > 0 ? cores / inputs.coresPerPod : undefined;
  const formula =
    `${nsText(deltaNsPerOp)} per ${one}` +
    (unit === 'request' ? '' : ` × ${num(ops)} ${ops === 1 ? one : many} per request`) +
    ` × ${num(inputs.requestsPerSecond, 6)} requests/s = ${num(cores)} cores` +
    (pods !== undefined ? ` (${num(pods)} pods of ${num(inputs.coresPerPod)} cores)` : '') +
    `; × ${formatMoney(inputs.costPerCoreHour, inputs.currency)} per core-hour × ${HOURS_PER_MONTH} h = ${formatMoney(monthlyCost, inputs.currency)} per month`;
  const impact: FleetImpact = { unit, deltaNsPerOp, opsPerRequest: ops, cores, monthlyCost, currency: inputs.currency, formula, ...(pods !== undefined ? { pods } : {}), ...(verdict ? { verdict } : {}) };
  if (range && range.every(Number.isFinite)) {
    const coresRange = range.map((d) => coresFor(d, ops, inputs.requestsPerSecond)).sort((a, b) => a - b) as [number, number];
    impact.coresRange = coresRange;
    impact.monthlyCostRange = coresRange.map((c) => monthlyCostFor(c, inputs.costPerCoreHour)) as [number, number];
  }
  return impact;
}

/** The unit a benchmark case times: marshall/unmarshall → item, query → Query call, put → PutItem call. */
export function unitOfCase(c: Pick<CaseResult, 'operation'>): FleetUnit {
  return c.operation === 'query' ? 'query' : c.operation === 'put' ? 'put' : 'item';
}

/**
 * The fleet figures of a benchmark comparison whose older case is `older`: Δ per operation =
 * older median per operation × (ratio − 1), and the interval's bounds in place of the ratio for
 * the range. Undefined when the comparison has no estimate. Throws RangeError for bad inputs.
 */
export function fleetImpact(comparison: ComparisonResult, older: CaseResult, inputs: FleetInputs): FleetImpact | undefined {
  const e = comparison.estimate;
  if (!e || !older.summary) return undefined;
  const unit = unitOfCase(older);
  const perOp = unit === 'item' ? older.summary.medianNs / older.itemsPerOp : older.summary.medianNs;
  const range: [number, number] | undefined = Number.isFinite(e.upper) ? [perOp * (e.lower - 1), perOp * (e.upper - 1)] : undefined;
  return fleetFromDelta(unit, perOp * (e.ratio - 1), inputs, range, e.verdict);
}

/**
 * A before/after CPU per request (ns) at a request rate: the seed's arithmetic (2.149 ms → 0.876 ms
 * per request at 70 M requests per hour is −1.273 ms × 19,444 requests/s ≈ −24.75 cores).
 */
export function fleetFromCpuPerRequest(beforeNs: number, afterNs: number, inputs: FleetInputs, range?: [number, number]): FleetImpact {
  return fleetFromDelta('request', afterNs - beforeNs, inputs, range);
}

/** Inputs until the user enters their own; old saved inputs (`itemsPerRequest`) are carried over. */
export function normalizeFleetInputs(raw: unknown, defaults: FleetInputs): FleetInputs {
  const o = (raw ?? {}) as Partial<FleetInputs> & { itemsPerRequest?: number };
  const n = (v: unknown, d: number) => (typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : d);
  return {
    requestsPerSecond: n(o.requestsPerSecond, defaults.requestsPerSecond),
    perRequest: {
      item: n(o.perRequest?.item ?? o.itemsPerRequest, defaults.perRequest.item),
      query: n(o.perRequest?.query, defaults.perRequest.query),
      put: n(o.perRequest?.put, defaults.perRequest.put),
    },
    ...(o.perRequestSource ? { perRequestSource: o.perRequestSource } : {}),
    coresPerPod: n(o.coresPerPod, defaults.coresPerPod),
    costPerCoreHour: n(o.costPerCoreHour, defaults.costPerCoreHour),
    currency: typeof o.currency === 'string' && /^[A-Za-z]{3}$/.test(o.currency) ? o.currency.toUpperCase() : defaults.currency,
  };
}
