/** Abalala'e's board (SPEC §5.1): the counters, tracks, layout order and facing holes. */
import { GEOMETRY_3X6_A, OWNERS_3X6_2P, TRACK_A_P1, TRACK_A_P2, trackByName } from '../../core/geometry.js';

export const ABALALAE_COUNTERS = 54;
export const HOLES = 18;
/** Safety net on rounds in one match (a cycle of rounds is conceivable, never seen in play). */
export const MAX_ROUNDS = 1000;

/** Each player's nine holes in the order of his track from his leftmost hole (ABA-16). */
export const LAYOUT_ORDER: readonly (readonly number[])[] = [[], TRACK_A_P1.slice(0, 9), TRACK_A_P2.slice(0, 9)];
export const LEFTMOST = [0, 0, 17];
export const NEXT: readonly (Int8Array | null)[] = [null, trackByName(GEOMETRY_3X6_A, 'A1').next, trackByName(GEOMETRY_3X6_A, 'A2').next];

/**
 * The opponent-owned holes in the column of each hole (SPEC §5.1): two in the owner's left half,
 * one in his right half. -1 = none.
 */
export const FACING_A = new Int8Array(HOLES).fill(-1);
export const FACING_B = new Int8Array(HOLES).fill(-1);
for (let h = 0; h < HOLES; h++) {
  const owner = OWNERS_3X6_2P[h]!;
  const col = h % 6;
  let k = 0;
  for (const q of [col, col + 6, col + 12]) {
    if (OWNERS_3X6_2P[q] !== owner) {
      if (k === 0) FACING_A[h] = q;
      else FACING_B[h] = q;
      k++;
    }
  }
}

/** The holes whose counters a last counter in `hole` captures (SPEC §5.1 `facing`). */
export function facingHoles(hole: number): number[] {
  const out: number[] = [];
  if (FACING_A[hole]! >= 0) out.push(FACING_A[hole]!);
  if (FACING_B[hole]! >= 0) out.push(FACING_B[hole]!);
  return out;
}
