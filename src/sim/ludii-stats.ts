/**
 * Ludii's statistics helpers, with their behaviour kept (split from ./ludii-metrics.ts, which
 * re-exports them): the `Stats` measure of main/math/statistics/Stats.java and the eleven
 * per-trial reductions of a value list of Evaluation/src/metrics/multiple/MultiMetricFramework.java
 * (github.com/Ludeme/Ludii at 845cda6f).
 */
/** Ludii's `MultiMetricValue`s (multiple/MultiMetricFramework.java) with the concept-name suffix each family uses. */
export const MULTI_VALUES = [
  'Average',
  'Median',
  'Max',
  'Min',
  'Variance',
  'ChangeAverage',
  'ChangeSign',
  'ChangeLineBestFit',
  'ChangeNumTimes',
  'MaxIncrease',
  'MaxDecrease',
] as const;
export type MultiValue = (typeof MULTI_VALUES)[number];

/**
 * Ludii's `Stats.measure()` (main/math/statistics/Stats.java lines 220-276): the mean, the sample
 * variance (n - 1; 0 below two samples), and min/max found with an `else if`, so a sample that
 * is a new minimum never updates the max (-Infinity when the samples strictly decrease).
 */
export function ludiiStats(xs: readonly number[]): { n: number; mean: number; varn: number; min: number; max: number } {
  const n = xs.length;
  if (n === 0) return { n, mean: 0, varn: 0, min: 0, max: 0 };
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  let sum = 0;
  for (const v of xs) {
    sum += v;
    if (v < min) min = v;
    else if (v > max) max = v;
  }
  const mean = sum / n;
  let varn = 0;
  if (n > 1) {
    for (const v of xs) varn += (v - mean) * (v - mean);
    varn /= n - 1;
  }
  return { n, mean, varn, min, max };
}

/** Java's integer division of two non-negative ints. */
export const intDiv = (a: number, b: number): number => Math.trunc(a / b);

/**
 * One trial's reduction of a value list, as multiple/MultiMetricFramework.java does it per trial
 * (lines 83-314; the final figure is the mean of these over trials).
 */
export function reduceList(v: MultiValue, xs: readonly number[]): number {
  const n = xs.length;
  switch (v) {
    case 'Average': {
      // Line 89-91: the sum of value / length, 0 for an empty list.
      let a = 0;
      for (const x of xs) a += x / n;
      return a;
    }
    case 'Median':
      // Lines 104-107: the upper median, and 0 below two values.
      return n > 1 ? [...xs].sort((a, b) => a - b)[Math.trunc(n / 2)]! : 0;
    case 'Max': {
      // Lines 120-122: starts from 0.
      let m = 0;
      for (const x of xs) m = Math.max(m, x);
      return m;
    }
    case 'Min': {
      // Lines 134-136: starts from 0, so a list of positive values gives 0.
      let m = 0;
      for (const x of xs) m = Math.min(m, x);
      return m;
    }
    case 'Variance': {
      // Lines 149-156: population variance, 0 below two values.
      if (n < 2) return 0;
      let a = 0;
      for (const x of xs) a += x / n;
      let s = 0;
      for (const x of xs) s += (x - a) ** 2 / n;
      return s;
    }
    case 'MaxIncrease':
    case 'MaxDecrease': {
      // Lines 164-206: the largest step up (down), from 0.
      let m = 0;
      if (n > 1) {
        let last = xs[0]!;
        for (const x of xs) {
          const c = x - last;
          m = v === 'MaxIncrease' ? Math.max(m, c) : Math.min(m, c);
          last = x;
        }
      }
      return m;
    }
    case 'ChangeLineBestFit': {
      // Lines 209-225 with main/math/LinearRegression.java: least-squares slope against 0..n-1.
      if (n < 2) return 0;
      const xbar = (n - 1) / 2;
      let ybar = 0;
      for (const y of xs) ybar += y;
      ybar /= n;
      let xx = 0;
      let xy = 0;
      for (let i = 0; i < n; i++) {
        xx += (i - xbar) * (i - xbar);
        xy += (i - xbar) * (xs[i]! - ybar);
      }
      return xy / xx;
    }
    case 'ChangeAverage':
      // Lines 242-248: (last - first) / (n - 1).
      return n > 1 ? (xs[n - 1]! - xs[0]!) / (n - 1) : 0;
    case 'ChangeSign': {
      // Lines 262-276: the sum of sign(step) / (n - 1).
      let m = 0;
      if (n > 1) {
        let last = xs[0]!;
        for (const x of xs) {
          m += Math.sign(x - last) / (n - 1);
          last = x;
        }
      }
      return m;
    }
    case 'ChangeNumTimes': {
      // Lines 291-308: each change of direction adds `1 / (n - 1)` in Java ints: 1 when n = 2, else 0.
      let m = 0;
      if (n > 1) {
        let dir = 0;
        let last = xs[0]!;
        for (const x of xs) {
          let d = 0;
          if (x > last) d = 1;
          if (x < last) d = -1;
          if (d !== 0 && dir !== d) m += intDiv(1, n - 1);
          dir = d;
          last = x;
        }
      }
      return m;
    }
  }
}
