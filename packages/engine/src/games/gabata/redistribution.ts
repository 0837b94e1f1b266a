/** Gabata's tally arithmetic between rounds (ADW-19, ADW-20, AKS-3P-05): holes owed, and who owns which. */
import { COUNTERS_PER_HOLE, HOLES } from './board.js';

/** Whether player `a` comes before `b` for an extra hole: a remainder of 2 first, then the larger total, then turn order. */
function before(totals: ArrayLike<number>, a: number, b: number): boolean {
  const ra = totals[a]! % COUNTERS_PER_HOLE === 2;
  const rb = totals[b]! % COUNTERS_PER_HOLE === 2;
  if (ra !== rb) return ra;
  if (totals[a] !== totals[b]) return totals[a]! > totals[b]!;
  return a < b;
}

/**
 * Holes each player is entitled to for the next round, written into `out` (1..players): one per
 * three counters; the pooled remainders make extra holes, given first to players with a
 * remainder of 2, then to the larger total, ties in turn order. With two players this is ADW-19
 * exactly. Allocates nothing (a playout ends rounds by the thousand).
 */
export function entitlementsInto(totals: ArrayLike<number>, active: ArrayLike<number>, players: number, out: Int32Array | number[]): void {
  out[0] = 0;
  let pool = 0;
  for (let p = 1; p <= players; p++) {
    out[p] = Math.floor(totals[p]! / COUNTERS_PER_HOLE);
    pool += totals[p]! % COUNTERS_PER_HOLE;
  }
  let extra = Math.floor(pool / COUNTERS_PER_HOLE);
  let given = 0; // bit p: player p has had his extra hole
  while (extra-- > 0) {
    let best = 0;
    for (let p = 1; p <= players; p++) {
      if (!active[p] || (given & (1 << p)) !== 0) continue;
      if (best === 0 || before(totals, p, best)) best = p;
    }
    if (best === 0) break;
    given |= 1 << best;
    out[best]!++;
  }
}

/** `entitlementsInto` as a new array: `[0, holes of player 1, ...]`. */
export function entitlements(totals: readonly number[], active: ArrayLike<number>, players: number): number[] {
  const e = new Array<number>(players + 1).fill(0);
  entitlementsInto(totals, active, players, e);
  return e;
}

/**
 * Owners of the 18 holes for the next round (ADW-20, AKS-3P-05), written into `owners`: a player
 * entitled to fewer holes than his original segment loses them from the start of the segment;
 * players entitled to more take those holes, gainers in turn order, losers in turn order and
 * segment order. `pool` is scratch room for the holes changing hands (18 entries).
 */
export function transferHolesInto(
  segments: readonly number[][],
  entitled: ArrayLike<number>,
  players: number,
  owners: Int8Array | Int32Array | number[],
  pool: Int32Array,
): void {
  for (let h = 0; h < HOLES; h++) owners[h] = 0;
  let n = 0;
  for (let p = 1; p <= players; p++) {
    const seg = segments[p]!;
    const lose = Math.max(0, seg.length - entitled[p]!);
    for (let i = 0; i < seg.length; i++) {
      if (i < lose) pool[n++] = seg[i]!;
      else owners[seg[i]!] = p;
    }
  }
  let k = 0;
  for (let p = 1; p <= players; p++) {
    const gain = Math.max(0, entitled[p]! - segments[p]!.length);
    for (let i = 0; i < gain; i++) owners[pool[k++]!] = p;
  }
}

/** `transferHolesInto` as a new array of the 18 owners. */
export function transferHoles(segments: readonly number[][], entitled: readonly number[], players: number): number[] {
  const owners = new Array<number>(HOLES).fill(0);
  transferHolesInto(segments, entitled, players, owners, new Int32Array(HOLES));
  return owners;
}
