/**
 * Glicko-2 (src/server/ratings/glicko2.ts) against Glickman's own worked example ("Example of the
 * Glicko-2 system", 2013): a player of 1500, RD 200, volatility 0.06 meets 1400/30, 1550/100 and
 * 1700/300, winning the first and losing the others, with τ = 0.5: 1464.06, 151.52, 0.05999.
 */
import { describe, expect, it } from 'vitest';
import { MAX_DEVIATION, MIN_DEVIATION, START, afterIdle, provisional, rateGame, update } from '../src/server/ratings/glicko2.js';

describe('Glicko-2', () => {
  it("reproduces Glickman's worked example to the published digits", () => {
    const r = update(
      { rating: 1500, deviation: 200, volatility: 0.06 },
      [
        { opponent: { rating: 1400, deviation: 30, volatility: 0.06 }, score: 1 },
        { opponent: { rating: 1550, deviation: 100, volatility: 0.06 }, score: 0 },
        { opponent: { rating: 1700, deviation: 300, volatility: 0.06 }, score: 0 },
      ],
      0.5,
    );
    // The paper works on the Glicko-2 scale and rounds there: μ' = -0.2069, φ' = 0.8722, σ' = 0.05999
    // (0.059996 unrounded), which it converts to 1464.06 and 151.52. Unrounded, the rating is 1464.0507.
    expect(((r.rating - 1500) / 173.7178).toFixed(4)).toBe('-0.2069');
    expect((r.deviation / 173.7178).toFixed(4)).toBe('0.8722');
    expect(Math.abs(r.volatility - 0.05999)).toBeLessThan(0.00001);
    expect(Math.abs(r.rating - 1464.06)).toBeLessThan(0.01);
    expect(r.deviation.toFixed(2)).toBe('151.52');
  });

  it("a period without games only widens the deviation, up to a newcomer's", () => {
    const r = update({ rating: 1600, deviation: 100, volatility: 0.06 }, []);
    expect(r.rating).toBe(1600);
    expect(r.deviation).toBeGreaterThan(100);
    expect(afterIdle({ ...START, deviation: 340 }, 10_000).deviation).toBe(MAX_DEVIATION);
    expect(afterIdle({ ...START, deviation: 60 }, 6).deviation).toBe(60);
  });

  it('one game: the winner gains what the loser loses, in proportion to their deviations; a draw of equals moves nobody', () => {
    const [a, b] = rateGame(START, START, 1);
    expect(a.rating).toBeGreaterThan(1500);
    expect(b.rating).toBeLessThan(1500);
    expect(a.rating - 1500).toBeCloseTo(1500 - b.rating, 6);
    const [c, d] = rateGame(START, START, 0.5);
    expect(c.rating).toBeCloseTo(1500, 9);
    expect(d.rating).toBeCloseTo(1500, 9);
    // A sure player moves less than an unsure one.
    const [sure, unsure] = rateGame({ ...START, deviation: 60 }, START, 0);
    expect(1500 - sure.rating).toBeLessThan(unsure.rating - 1500);
  });

  it('a newcomer is provisional until enough games bring the deviation down; never below the floor', () => {
    let a = START;
    let b = START;
    expect(provisional(a)).toBe(true);
    for (let i = 0; i < 400; i++) [a, b] = rateGame(a, b, i % 2);
    expect(provisional(a)).toBe(false);
    expect(a.deviation).toBeGreaterThanOrEqual(MIN_DEVIATION);
  });
});
