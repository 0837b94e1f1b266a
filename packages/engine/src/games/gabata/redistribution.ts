/** Gabata's tally arithmetic between rounds (ADW-19, ADW-20, AKS-3P-05): holes owed, and who owns which. */
import { COUNTERS_PER_HOLE, HOLES } from './board.js';

/**
 * Holes each player is entitled to for the next round: one per three counters; the pooled
 * remainders make extra holes, given first to players with a remainder of 2, then to the larger
 * total, ties in turn order. With two players this is ADW-19 exactly.
 */
export function entitlements(totals: readonly number[], active: ArrayLike<number>, players: number): number[] {
  const e = new Array<number>(players + 1).fill(0);
  let pool = 0;
  for (let p = 1; p <= players; p++) {
    e[p] = Math.floor(totals[p]! / COUNTERS_PER_HOLE);
    pool += totals[p]! % COUNTERS_PER_HOLE;
  }
  const extra = Math.floor(pool / COUNTERS_PER_HOLE);
  const order = [];
  for (let p = 1; p <= players; p++) if (active[p]) order.push(p);
  order.sort((a, b) => {
    const ra = totals[a]! % COUNTERS_PER_HOLE === 2 ? 1 : 0;
    const rb = totals[b]! % COUNTERS_PER_HOLE === 2 ? 1 : 0;
    if (ra !== rb) return rb - ra;
    if (totals[a] !== totals[b]) return totals[b]! - totals[a]!;
    return a - b;
  });
  for (let i = 0; i < extra && i < order.length; i++) e[order[i]!]!++;
  return e;
}

/**
 * Owners of the 18 holes for the next round (ADW-20, AKS-3P-05): a player entitled to fewer
 * holes than his original segment loses them from the start of the segment; players entitled to
 * more take those holes, gainers in turn order, losers in turn order and segment order.
 */
export function transferHoles(segments: readonly number[][], entitled: readonly number[], players: number): number[] {
  const owners = new Array<number>(HOLES).fill(0);
  const pool: number[] = [];
  for (let p = 1; p <= players; p++) {
    const seg = segments[p]!;
    const lose = Math.max(0, seg.length - entitled[p]!);
    seg.forEach((h, i) => {
      if (i < lose) pool.push(h);
      else owners[h] = p;
    });
  }
  let k = 0;
  for (let p = 1; p <= players; p++) {
    const gain = Math.max(0, entitled[p]! - segments[p]!.length);
    for (let i = 0; i < gain; i++) owners[pool[k++]!] = p;
  }
  return owners;
}
