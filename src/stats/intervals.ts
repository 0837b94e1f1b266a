/**
 * The numbers of many matches, apart from how the matches were played: means with their Student
 * t intervals, the interval of a ratio of sums, quartiles, and the tally of wins by who moved
 * first. The simulations (sim/aggregate.ts) and the catalogue's measured figures
 * (catalogue/figures-measure.ts) compute with these, so a sweep's cells and the catalogue agree.
 * Imports nothing.
 */
/** A mean with its 95% interval over `n` values. */
export interface MeanInterval {
  n: number;
  mean: number;
  lo: number;
  hi: number;
  /** Sample standard deviation (0 with fewer than two values). */
  sd: number;
}

// Two-sided 97.5% quantiles of Student's t for 1..30 degrees of freedom.
const T975 = [
  12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.16, 2.145, 2.131, 2.12, 2.11, 2.101, 2.093, 2.086,
  2.08, 2.074, 2.069, 2.064, 2.06, 2.056, 2.052, 2.048, 2.045, 2.042,
];

/** The 0.975 quantile of Student's t with `df` degrees of freedom (table to 30, then the Cornish-Fisher series). */
export function t975(df: number): number {
  if (df < 1) return Number.POSITIVE_INFINITY;
  if (df <= 30) return T975[Math.floor(df) - 1]!;
  const z = 1.959964;
  return z + (z ** 3 + z) / (4 * df) + (5 * z ** 5 + 16 * z ** 3 + 3 * z) / (96 * df * df);
}

export function mean(xs: readonly number[]): number {
  let s = 0;
  for (const x of xs) s += x;
  return xs.length ? s / xs.length : 0;
}

/** Mean with its t interval. One value gives an interval of the value itself; none gives zeros. */
export function meanInterval(xs: readonly number[]): MeanInterval {
  const n = xs.length;
  const m = mean(xs);
  if (n < 2) return { n, mean: m, lo: m, hi: m, sd: 0 };
  let ss = 0;
  for (const x of xs) ss += (x - m) ** 2;
  const sd = Math.sqrt(ss / (n - 1));
  const half = (t975(n - 1) * sd) / Math.sqrt(n);
  return { n, mean: m, lo: m - half, hi: m + half, sd };
}

/**
 * The ratio of sums `sum(y) / sum(x)` over matches (e.g. legal moves per decision), with the t
 * interval of the ratio estimator: the spread of `y_i - R x_i` over the mean of x.
 */
export function ratioInterval(ys: readonly number[], xs: readonly number[]): MeanInterval {
  const n = xs.length;
  const sx = xs.reduce((s, x) => s + x, 0);
  const sy = ys.reduce((s, y) => s + y, 0);
  const r = sx > 0 ? sy / sx : 0;
  if (n < 2 || sx === 0) return { n, mean: r, lo: r, hi: r, sd: 0 };
  let ss = 0;
  for (let i = 0; i < n; i++) ss += (ys[i]! - r * xs[i]!) ** 2;
  const sd = Math.sqrt(ss / (n - 1));
  const half = (t975(n - 1) * sd) / Math.sqrt(n) / (sx / n);
  return { n, mean: r, lo: r - half, hi: r + half, sd };
}

/** Minimum, lower quartile, median, upper quartile, maximum (nearest rank at q * (n - 1)). */
export function quartiles(xs: readonly number[]): [number, number, number, number, number] {
  const s = [...xs].sort((a, b) => a - b);
  const at = (q: number): number => s[Math.min(s.length - 1, Math.round(q * (s.length - 1)))] ?? 0;
  return [at(0), at(0.25), at(0.5), at(0.75), at(1)];
}

/**
 * Matches tallied by who made the first turn (after any opening race): the catalogue's figures.
 * `firstMover` is 0 when nobody moved.
 */
export interface MoverTally {
  firstMoverWins: number;
  secondMoverWins: number;
  draws: number;
  unfinished: number;
}

export function moverTally(matches: readonly { winner: number; firstMover: number; over: boolean }[]): MoverTally {
  const t: MoverTally = { firstMoverWins: 0, secondMoverWins: 0, draws: 0, unfinished: 0 };
  for (const m of matches) {
    if (!m.over) t.unfinished++;
    else if (m.winner === 0) t.draws++;
    else if (m.winner === m.firstMover) t.firstMoverWins++;
    else t.secondMoverWins++;
  }
  return t;
}
