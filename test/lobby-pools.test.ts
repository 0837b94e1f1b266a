/**
 * Quick pairing, pure (src/server/lobby/pools.ts): the gap allowed widens with waiting time, never
 * a player with himself, never across a block (either way) or outside a player's own range, the
 * nearest pairs first, and the same pairs for the same entries, time and seed in any order.
 */
import { describe, expect, it } from 'vitest';
import { PAIRING_RULES, allowance, baseGap, pairWave, waitBonus, type PoolEntry } from '../src/server/lobby/pools.js';

const NOW = 1_000_000;

function entry(player: string, rating: number, opts: Partial<PoolEntry> = {}): PoolEntry {
  return { player, rating, deviation: 0, since: NOW, blocked: new Set(), ...opts };
}

const names = (pairs: { a: PoolEntry; b: PoolEntry }[]): string[] => pairs.map((p) => [p.a.player, p.b.player].sort().join('+')).sort();

describe('pairing waves', () => {
  it('pairs near ratings at once and far ones only after waiting', () => {
    const near = [entry('a', 1500), entry('b', 1560)];
    expect(names(pairWave(near, NOW))).toEqual(['a+b']);
    const far = [entry('a', 1500), entry('b', 1800)];
    expect(pairWave(far, NOW)).toEqual([]);
    // 300 apart: the base allows 100 at 1500; 50 s of waiting adds 200 for both.
    expect(pairWave(far, NOW + 40_000)).toEqual([]);
    expect(names(pairWave(far, NOW + 50_000))).toEqual(['a+b']);
  });

  it('widens by the one who has waited less (both must accept)', () => {
    const old = entry('old', 1500, { since: NOW - 120_000 });
    const fresh = entry('new', 1800);
    expect(pairWave([old, fresh], NOW)).toEqual([]);
    expect(allowance(old, fresh, NOW)).toBe(baseGap(1500));
    expect(waitBonus(NOW - 10 * 60_000, NOW)).toBe(PAIRING_RULES.maxBonus);
  });

  it('an uncertain rating is paired a little more widely', () => {
    const a = entry('a', 1500, { deviation: 350 });
    const b = entry('b', 1650, { deviation: 350 });
    expect(names(pairWave([a, b], NOW))).toEqual(['a+b']);
    expect(pairWave([{ ...a, deviation: 50 }, b], NOW)).toEqual([]);
  });

  it('never pairs a player with himself', () => {
    const twice = [entry('a', 1500), entry('a', 1500, { since: NOW - 1000 })];
    expect(pairWave(twice, NOW + 600_000)).toEqual([]);
    const three = [...twice, entry('b', 1500)];
    const pairs = pairWave(three, NOW);
    expect(pairs).toHaveLength(1);
    expect(names(pairs)).toEqual(['a+b']);
  });

  it('never pairs across a block, whoever blocked whom', () => {
    const a = entry('a', 1500, { blocked: new Set(['b']) });
    const b = entry('b', 1500);
    expect(pairWave([a, b], NOW + 600_000)).toEqual([]);
    expect(pairWave([entry('a', 1500), entry('b', 1500, { blocked: new Set(['a']) })], NOW)).toEqual([]);
    // With a third player, one of the two goes with the third, never a with b.
    const [pair, ...more] = names(pairWave([a, b, entry('c', 1510)], NOW));
    expect(more).toEqual([]);
    expect(['a+c', 'b+c']).toContain(pair);
  });

  it("respects each player's own rating range", () => {
    const a = entry('a', 1500, { range: { min: 1550, max: 2000 } });
    expect(pairWave([a, entry('b', 1520)], NOW + 600_000)).toEqual([]);
    expect(names(pairWave([a, entry('b', 1560)], NOW))).toEqual(['a+b']);
  });

  it('takes the nearest pairs first', () => {
    const xs = [entry('a', 1500), entry('b', 1505), entry('c', 1550), entry('d', 1552)];
    expect(names(pairWave(xs, NOW))).toEqual(['a+b', 'c+d']);
  });

  it('prefers those who have waited longer among equal gaps', () => {
    const xs = [entry('a', 1500), entry('b', 1500, { since: NOW - 60_000 }), entry('c', 1500, { since: NOW - 60_000 })];
    expect(names(pairWave(xs, NOW))).toEqual(['b+c']);
  });

  it('breaks ties the same way for the same seed, in any order of the entries', () => {
    const xs = Array.from({ length: 40 }, (_, i) => entry(`p${i}`, 1500));
    const first = names(pairWave(xs, NOW, 7));
    expect(first).toHaveLength(20);
    const shuffled = [...xs].reverse();
    shuffled.push(...shuffled.splice(0, 13));
    expect(names(pairWave(shuffled, NOW, 7))).toEqual(first);
    const seeds = new Set(Array.from({ length: 6 }, (_, s) => names(pairWave(xs, NOW, s)).join(',')));
    expect(seeds.size).toBeGreaterThan(1);
  });

  it('pairs a large pool quickly, each player at most once', () => {
    const xs = Array.from({ length: 10_000 }, (_, i) => entry(`p${i}`, 800 + ((i * 7919) % 1700), { since: NOW - (i % 90) * 1000 }));
    const t = performance.now();
    const pairs = pairWave(xs, NOW, 1);
    const ms = performance.now() - t;
    const seen = new Set<string>();
    for (const p of pairs) {
      expect(seen.has(p.a.player) || seen.has(p.b.player)).toBe(false);
      seen.add(p.a.player);
      seen.add(p.b.player);
      expect(p.gap).toBeLessThanOrEqual(allowance(p.a, p.b, NOW));
    }
    expect(pairs.length).toBeGreaterThan(4900);
    // Generous for a shared machine; the benchmark (scripts/bench-pairing.mjs) gives the figure.
    expect(ms).toBeLessThan(1000);
  });
});
