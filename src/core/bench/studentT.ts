/**
 * Student's t distribution: the CDF through the regularized incomplete beta function and the
 * two-sided critical value by bisection on the CDF. Accurate to ~1e-10, far beyond what a
 * benchmark's margin of error needs. Formulas: Abramowitz & Stegun 26.7.1 (t CDF via I_x(a, b)),
 * the Lanczos approximation of ln Γ (g = 7, n = 9 coefficients), and Lentz's continued fraction for
 * I_x(a, b) (A&S 26.5.8).
 */

const LANCZOS = [
  0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059,
  12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
];

/** ln Γ(x) for x > 0 (Lanczos, g = 7). */
export function logGamma(x: number): number {
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
  const z = x - 1;
  let s = LANCZOS[0]!;
  for (let i = 1; i < LANCZOS.length; i++) s += LANCZOS[i]! / (z + i);
  const t = z + 7.5;
  return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(s);
}

function betaContinuedFraction(x: number, a: number, b: number): number {
  const tiny = 1e-300;
  let c = 1;
  let d = 1 - ((a + b) * x) / (a + 1);
  if (Math.abs(d) < tiny) d = tiny;
  d = 1 / d;
  let h = d;
  for (let m = 1; m <= 300; m++) {
    const m2 = 2 * m;
    let aa = (m * (b - m) * x) / ((a + m2 - 1) * (a + m2));
    d = 1 + aa * d;
    if (Math.abs(d) < tiny) d = tiny;
    c = 1 + aa / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    h *= d * c;
    aa = (-(a + m) * (a + b + m) * x) / ((a + m2) * (a + m2 + 1));
    d = 1 + aa * d;
    if (Math.abs(d) < tiny) d = tiny;
    c = 1 + aa / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    const delta = d * c;
    h *= delta;
    if (Math.abs(delta - 1) < 1e-14) break;
  }
  return h;
}

/** Regularized incomplete beta I_x(a, b) for 0 ≤ x ≤ 1, a, b > 0. */
export function incompleteBeta(x: number, a: number, b: number): number {
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  const lnFront = logGamma(a + b) - logGamma(a) - logGamma(b) + a * Math.log(x) + b * Math.log(1 - x);
  const front = Math.exp(lnFront);
  if (x < (a + 1) / (a + b + 2)) return (front * betaContinuedFraction(x, a, b)) / a;
  return 1 - (front * betaContinuedFraction(1 - x, b, a)) / b;
}

/** P(T ≤ t) for Student's t with `df` > 0 degrees of freedom (df may be fractional). */
export function studentTCdf(t: number, df: number): number {
  const tail = 0.5 * incompleteBeta(df / (df + t * t), df / 2, 0.5);
  return t >= 0 ? 1 - tail : tail;
}

/**
 * Two-sided critical value t* with P(|T| ≤ t*) = confidence, e.g. tCritical(9) ≈ 2.2622 for 95 %.
 * Fractional df is allowed (Welch–Satterthwaite); df < 1 is treated as 1. Throws RangeError for a
 * confidence outside (0, 1) or a non-positive/NaN df.
 */
export function tCritical(df: number, confidence = 0.95): number {
  if (!(confidence > 0 && confidence < 1)) throw new RangeError(`confidence ${confidence} outside (0, 1)`);
  if (!(df > 0)) throw new RangeError(`degrees of freedom must be positive, got ${df}`);
  const nu = Math.max(1, df);
  const target = 1 - (1 - confidence) / 2;
  let lo = 0;
  let hi = 1;
  while (studentTCdf(hi, nu) < target) hi *= 2;
  for (let i = 0; i < 200 && hi - lo > 1e-12 * hi; i++) {
    const mid = (lo + hi) / 2;
    if (studentTCdf(mid, nu) < target) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}
