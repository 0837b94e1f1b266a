/**
 * stats/contrasts.ts: the distributions against known values, Welch's and Newcombe's intervals
 * against figures worked by hand and published ones, Holm's adjustment.
 */
import { describe, expect, it } from 'vitest';
import { holm, incompleteBeta, normalTwoSided, proportionDiff, tQuantile975, tTwoSided, welch } from '../src/stats/contrasts.js';

describe('distributions', () => {
  it("Student's t and the normal: two-sided p-values at tabled quantiles", () => {
    // t(0.975) for 10 degrees of freedom is 2.228 (any t table): p = 0.05 to the table's 4 digits.
    expect(tTwoSided(2.228, 10)).toBeCloseTo(0.05, 4);
    // One degree of freedom is Cauchy: P(|T| >= 1) = 1/2 exactly.
    expect(tTwoSided(1, 1)).toBeCloseTo(0.5, 8);
    expect(tTwoSided(0, 7)).toBeCloseTo(1, 12);
    expect(normalTwoSided(1.959963984540054)).toBeCloseTo(0.05, 8);
    // erfc(0.5 / sqrt 2) = 0.617075077 (2 (1 - Φ(0.5)), Φ(0.5) = 0.691462461).
    expect(normalTwoSided(0.5)).toBeCloseTo(0.617075077, 8);
    expect(normalTwoSided(3)).toBeCloseTo(0.002699796, 8);
    // I_x(1, 1) = x; I_x(a, b) = 1 - I_{1-x}(b, a).
    expect(incompleteBeta(0.3, 1, 1)).toBeCloseTo(0.3, 12);
    expect(incompleteBeta(0.2, 2.5, 4) + incompleteBeta(0.8, 4, 2.5)).toBeCloseTo(1, 12);
  });

  it("the 0.975 quantile of t, also for fractional degrees of freedom (Welch's)", () => {
    expect(tQuantile975(10)).toBeCloseTo(2.228139, 5);
    expect(tQuantile975(1)).toBeCloseTo(12.706205, 4);
    expect(tQuantile975(1e6)).toBeCloseTo(1.959966, 5);
    const q = tQuantile975(13.5);
    expect(q).toBeGreaterThan(tQuantile975(14));
    expect(q).toBeLessThan(tQuantile975(13));
  });
});

describe('contrasts', () => {
  it('Welch: a difference of means, worked by hand', () => {
    // se² = 1² + 0.5² = 1.25; ν = 1.25² / (1/9 + 0.0625/19) = 13.658...; t = 3 / √1.25 = 2.683.
    const c = welch({ n: 10, mean: 5, se: 1 }, { n: 20, mean: 2, se: 0.5 });
    const df = 1.5625 / (1 / 9 + 0.0625 / 19);
    expect(c.diff).toBe(3);
    expect(c.hi - c.diff).toBeCloseTo(tQuantile975(df) * Math.sqrt(1.25), 10);
    expect(c.diff - c.lo).toBeCloseTo(c.hi - c.diff, 10);
    expect(c.p).toBeCloseTo(tTwoSided(3 / Math.sqrt(1.25), df), 12);
    expect(c.p).toBeGreaterThan(0.01);
    expect(c.p).toBeLessThan(0.05);
    // No spread: the difference is exact.
    expect(welch({ n: 5, mean: 1, se: 0 }, { n: 5, mean: 1, se: 0 }).p).toBe(1);
    expect(welch({ n: 5, mean: 2, se: 0 }, { n: 5, mean: 1, se: 0 }).p).toBe(0);
  });

  it("Newcombe's hybrid score interval: the published examples (Newcombe 1998, method 10)", () => {
    // 56/70 - 48/80: 0.0524 to 0.3339; 9/10 - 3/10: 0.1705 to 0.8090.
    const a = proportionDiff(56, 70, 48, 80);
    expect(a.diff).toBeCloseTo(0.2, 12);
    expect(a.lo).toBeCloseTo(0.0524, 4);
    expect(a.hi).toBeCloseTo(0.3339, 4);
    const b = proportionDiff(9, 10, 3, 10);
    expect(b.lo).toBeCloseTo(0.1705, 4);
    expect(b.hi).toBeCloseTo(0.809, 4);
    // Pooled z test of 9/10 against 3/10: pooled 0.6, z = 0.6 / sqrt(0.6 · 0.4 · 0.2) = 2.7386.
    expect(b.p).toBeCloseTo(normalTwoSided(0.6 / Math.sqrt(0.24 * 0.2)), 12);
    expect(proportionDiff(5, 10, 5, 10).p).toBe(1);
  });

  it('Holm: the i-th smallest p times (m - i), non-decreasing, capped at 1, in the order given', () => {
    // Sorted 0.005, 0.01, 0.03, 0.04 -> 0.02, 0.03, 0.06, max(0.04, 0.06).
    const h = holm([0.01, 0.04, 0.03, 0.005]);
    expect(h.map((x) => Math.round(x * 1e9) / 1e9)).toEqual([0.03, 0.06, 0.06, 0.02]);
    expect(holm([0.5, 0.9])).toEqual([1, 1]);
    expect(holm([])).toEqual([]);
  });
});
