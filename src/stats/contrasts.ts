/**
 * Contrasts between two groups of independent matches: the difference of two means (Welch: each
 * group's own variance, Welch-Satterthwaite degrees of freedom) or of two proportions (Newcombe's
 * hybrid score interval, method 10 of Newcombe 1998, from the two Wilson intervals; the p-value of
 * the pooled two-proportion z test), each with its 95% interval and two-sided p-value, and Holm's
 * step-down adjustment of a family of p-values. Imports nothing.
 */

/** A difference `a - b` with its 95% interval and two-sided p-value (`pAdjusted` once a family is adjusted). */
export interface Contrast {
  diff: number;
  lo: number;
  hi: number;
  p: number;
}

// ---------------------------------------------------------------------------------------------
// Distributions.

/**
 * ln Γ(x) for x > 0: Stirling's series (terms to x⁻¹³, Bernoulli numbers B₂ₖ / (2k (2k - 1)))
 * once x is at least 15, the recurrence Γ(x) = Γ(x + 1) / x below; about 15 significant digits.
 */
function lnGamma(x: number): number {
  let shift = 0;
  while (x < 15) {
    shift += Math.log(x);
    x += 1;
  }
  const r = 1 / (x * x);
  const series = (1 / x) * (1 / 12 + r * (-1 / 360 + r * (1 / 1260 + r * (-1 / 1680 + r * (1 / 1188 + r * (-691 / 360360 + r / 156))))));
  return (x - 0.5) * Math.log(x) - x + 0.5 * Math.log(2 * Math.PI) + series - shift;
}

/** The continued fraction of the incomplete beta function (modified Lentz). */
function betaFraction(a: number, b: number, x: number): number {
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
    const del = d * c;
    h *= del;
    if (Math.abs(del - 1) < 1e-15) break;
  }
  return h;
}

/** The regularized incomplete beta function I_x(a, b). */
export function incompleteBeta(x: number, a: number, b: number): number {
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  const front = Math.exp(lnGamma(a + b) - lnGamma(a) - lnGamma(b) + a * Math.log(x) + b * Math.log(1 - x));
  return x < (a + 1) / (a + b + 2) ? (front * betaFraction(a, b, x)) / a : 1 - (front * betaFraction(b, a, 1 - x)) / b;
}

/** Two-sided p-value of Student's t statistic `t` with `df` degrees of freedom: P(|T| >= |t|). */
export function tTwoSided(t: number, df: number): number {
  if (!Number.isFinite(t)) return 0;
  if (df > 1e7) return normalTwoSided(t);
  return incompleteBeta(df / (df + t * t), df / 2, 0.5);
}

/** Two-sided p-value of a standard normal statistic: erfc(|z| / √2), as the limit of `tTwoSided`. */
export function normalTwoSided(z: number): number {
  if (!Number.isFinite(z)) return 0;
  // erfc(x) = Q(1/2, x²), the regularized upper incomplete gamma function, by its continued fraction
  // (x ≥ 1) or its series (x < 1).
  const x = Math.abs(z) / Math.SQRT2;
  const a = 0.5;
  const x2 = x * x;
  if (x2 === 0) return 1;
  const lnFront = -x2 + a * Math.log(x2) - lnGamma(a);
  if (x2 < a + 1) {
    let sum = 1 / a;
    let term = sum;
    for (let n = 1; n < 500; n++) {
      term *= x2 / (a + n);
      sum += term;
      if (Math.abs(term) < Math.abs(sum) * 1e-16) break;
    }
    return 1 - sum * Math.exp(lnFront);
  }
  const tiny = 1e-300;
  let b = x2 + 1 - a;
  let c = 1 / tiny;
  let d = 1 / b;
  let h = d;
  for (let i = 1; i < 500; i++) {
    const an = -i * (i - a);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < tiny) d = tiny;
    c = b + an / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    const del = d * c;
    h *= del;
    if (Math.abs(del - 1) < 1e-16) break;
  }
  return Math.exp(lnFront) * h;
}

/** The 0.975 quantile of Student's t with `df` (not necessarily whole) degrees of freedom, by bisection of `tTwoSided`. */
export function tQuantile975(df: number): number {
  if (!(df > 0)) return Number.POSITIVE_INFINITY;
  let lo = 0;
  let hi = 1;
  while (tTwoSided(hi, df) > 0.05) hi *= 2;
  for (let i = 0; i < 200 && hi - lo > 1e-12 * hi; i++) {
    const mid = (lo + hi) / 2;
    if (tTwoSided(mid, df) > 0.05) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

// ---------------------------------------------------------------------------------------------
// Contrasts.

/** What a difference of means needs of each group: its mean, standard error and count. */
export interface MeanSummary {
  n: number;
  mean: number;
  /** Standard error of the mean (the sample standard deviation over √n). */
  se: number;
}

/**
 * Welch's difference of means `a - b`: interval `diff ± t(ν) · se` with
 * `se² = seA² + seB²` and ν = se⁴ / (seA⁴ / (nA - 1) + seB⁴ / (nB - 1)); p from Student's t with ν.
 * With no spread at all (both standard errors 0) the difference is exact: p is 1 for no difference, 0 otherwise.
 */
export function welch(a: MeanSummary, b: MeanSummary): Contrast {
  const diff = a.mean - b.mean;
  const va = a.se * a.se;
  const vb = b.se * b.se;
  const v = va + vb;
  if (a.n < 2 || b.n < 2) return { diff, lo: Number.NEGATIVE_INFINITY, hi: Number.POSITIVE_INFINITY, p: 1 };
  if (v === 0) return { diff, lo: diff, hi: diff, p: diff === 0 ? 1 : 0 };
  const df = (v * v) / ((va * va) / (a.n - 1) + (vb * vb) / (b.n - 1));
  const se = Math.sqrt(v);
  const half = tQuantile975(df) * se;
  return { diff, lo: diff - half, hi: diff + half, p: tTwoSided(diff / se, df) };
}

/** Wilson score interval (95%) of `k / n`. */
function wilson(k: number, n: number): [number, number] {
  if (n === 0) return [0, 1];
  const z = 1.959963984540054;
  const p = k / n;
  const z2 = z * z;
  const d = 1 + z2 / n;
  const centre = (p + z2 / (2 * n)) / d;
  const half = (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / d;
  return [Math.max(0, centre - half), Math.min(1, centre + half)];
}

/**
 * The difference of two proportions `ka / na - kb / nb` (k may be fractional: a score with shared
 * draws): Newcombe's hybrid score interval (from each proportion's Wilson interval) and the
 * two-sided p-value of the pooled z test (1 when neither group varies).
 */
export function proportionDiff(ka: number, na: number, kb: number, nb: number): Contrast {
  if (na === 0 || nb === 0) return { diff: 0, lo: -1, hi: 1, p: 1 };
  const pa = ka / na;
  const pb = kb / nb;
  const diff = pa - pb;
  const [la, ua] = wilson(ka, na);
  const [lb, ub] = wilson(kb, nb);
  const lo = diff - Math.sqrt((pa - la) ** 2 + (ub - pb) ** 2);
  const hi = diff + Math.sqrt((ua - pa) ** 2 + (pb - lb) ** 2);
  const pool = (ka + kb) / (na + nb);
  const se = Math.sqrt(pool * (1 - pool) * (1 / na + 1 / nb));
  const p = se === 0 ? (diff === 0 ? 1 : 0) : normalTwoSided(diff / se);
  return { diff, lo, hi, p };
}

/**
 * Holm's step-down adjustment of a family of p-values (same order out as in): the i-th smallest
 * is multiplied by (m - i), made non-decreasing in that order, and capped at 1.
 */
export function holm(ps: readonly number[]): number[] {
  const m = ps.length;
  const order = ps.map((p, i) => ({ p, i })).sort((x, y) => x.p - y.p || x.i - y.i);
  const out = new Array<number>(m);
  let running = 0;
  order.forEach(({ p, i }, rank) => {
    running = Math.max(running, Math.min(1, (m - rank) * p));
    out[i] = running;
  });
  return out;
}
