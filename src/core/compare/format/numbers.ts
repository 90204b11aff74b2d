/**
 * Number formatting for comparison tables: weights in the profile's unit, per-request costs,
 * shares and changes. CPU time (`nanoseconds`) is shown in s / ms / µs.
 */

/** A weight: `16.40 s`, `850 ms`, `930 µs` for nanoseconds; `1,234 bytes` etc. for other units. */
export function formatWeight(weight: number, unit: string): string {
  if (unit === 'nanoseconds') return formatDuration(weight);
  return `${formatCount(weight)} ${unit}`;
}

/** A duration given in ns, with three significant-ish digits: `16.40 s`, `16.57 ms`, `930 µs`, `0 s`. */
export function formatDuration(ns: number): string {
  const abs = Math.abs(ns);
  if (abs === 0) return '0 s';
  if (abs >= 1e12) return `${formatCount(ns / 1e9)} s`;
  if (abs >= 1e9) return `${(ns / 1e9).toFixed(2)} s`;
  if (abs >= 1e6) return `${(ns / 1e6).toFixed(abs >= 1e8 ? 0 : abs >= 1e7 ? 1 : 2)} ms`;
  if (abs >= 1e3) return `${(ns / 1e3).toFixed(abs >= 1e5 ? 0 : abs >= 1e4 ? 1 : 2)} µs`;
  return `${ns.toFixed(0)} ns`;
}

/**
 * A per-request cost with four significant digits, as the seed wrote it: `2.149 ms`, `0.876 ms`,
 * `16.57 ms`, `45.20 µs` for time; else `12.5 bytes/req`.
 */
export function formatPerRequest(weight: number, unit: string): string {
  if (unit !== 'nanoseconds') return `${formatCount(weight)} ${unit}/req`;
  const abs = Math.abs(weight);
  if (abs >= 1e9) return formatDuration(weight);
  if (abs >= 1e5) return `${(weight / 1e6).toFixed(abs >= 1e8 ? 1 : abs >= 1e7 ? 2 : 3)} ms`;
  if (abs >= 1) return `${(weight / 1e3).toFixed(abs >= 1e4 ? 2 : 3)} µs`;
  return `${weight.toFixed(2)} ns`;
}

/** Thousands-separated, rounded to an integer when ≥ 100, else 3 significant digits. */
export function formatCount(n: number): string {
  if (Math.abs(n) >= 100) return Math.round(n).toLocaleString('en-US');
  return Number(n.toPrecision(3)).toString();
}

/** A share in percent: `84.63%` (two decimals, as the seed's tables). */
export function formatShare(share: number): string {
  return `${share.toFixed(2)}%`;
}

/** A relative change: `-59.2%`, `+4.0%`, `0.0%`; `new` for null (nothing before). */
export function formatChange(percent: number | null | undefined): string {
  if (percent === null || percent === undefined) return 'new';
  const sign = percent > 0 ? '+' : percent < 0 ? '-' : '';
  return `${sign}${Math.abs(percent).toFixed(1)}%`;
}

/** A change in percentage points: `-13.1 pp`, `+1.8 pp`. */
export function formatPoints(points: number): string {
  const sign = points > 0 ? '+' : points < 0 ? '-' : '±';
  return `${sign}${Math.abs(points).toFixed(1)} pp`;
}
