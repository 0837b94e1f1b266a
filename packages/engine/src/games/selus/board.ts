/** Selus's board (SPEC §6.1): the track, the segments, the aux slots, and the starts of SEL-08. */
import { GEOMETRY_3X6_G, TRACK_G, trackByName } from '../../core/geometry.js';
import { LAP_CUSTOM } from '../../core/sow.js';
import type { State } from '../../core/state.js';

// ---------------------------------------------------------------------------------------------
// Board facts

export const HOLES = 18;
export const START_COUNT = 3;
export const TOTAL = HOLES * START_COUNT;
export const TRACK = trackByName(GEOMETRY_3X6_G, 'G');
export const NEXT = TRACK.next;
/** Each player's stretch of Track G, in sowing order (SPEC §6.1): leftmost three first. */
export const SEGMENT: readonly (readonly number[])[] = [[], TRACK_G.slice(0, 9), TRACK_G.slice(9, 18)];
/** Index of a hole within its owner's segment (0..8): 0..2 = the three leftmost holes. */
export const SEGMENT_INDEX = new Int8Array(HOLES);
for (let p = 1; p <= 2; p++) for (const [i, h] of SEGMENT[p]!.entries()) SEGMENT_INDEX[h] = i;
/** The opponent's outer row as seen by each player (option `nedfZone`). */
export const OUTER_ROW_OF = new Int8Array(HOLES);
for (let h = 0; h < 6; h++) OUTER_ROW_OF[h] = 1;
for (let h = 12; h < 18; h++) OUTER_ROW_OF[h] = 2;

// ---------------------------------------------------------------------------------------------
// Aux slots (State.aux) used by this ruleset

/** Set by `skip` when the next drop must land whatever the hole holds (SEL-14's second hole). */
export const AUX_FORCE_DROP = 0;
/** Hole + 1 of a nedf decided during the current lap and marked when the lap ends; 0 = none. */
export const AUX_PENDING_NEDF = 1;
/** How the pending nedf is made: 1 = simple (SEL-12), 2 = two-counter method (SEL-14). */
export const AUX_PENDING_KIND = 2;
/** Nedfs decided in the current lap (SEL-15 allows one). */
export const AUX_LAP_NEDFS = 3;
/** Hole + 1 of player 1's / player 2's latest nedf (option `guardianScope = latestNedf`). */
export const AUX_LATEST_NEDF = 4; // + player - 1 -> slots 4, 5
/** Hole + 1 of each player's race start (records only). */
export const AUX_RACE_START = 6; // + player - 1 -> slots 6, 7

export const KIND_SIMPLE = 1;
export const KIND_TWO = 2;

/** `afterLast` codes beyond the kernel's: the lap's last counter reached a nedf / made one. */
export const LAP_INTO_NEDF = LAP_CUSTOM;
export const LAP_NEW_NEDF = LAP_CUSTOM + 1;

/** True when `h` is an ordinary hole of `mover`'s opponent holding exactly three: the skip rule's target. */
export function isOpponentThree(s: State, h: number, mover: number): boolean {
  return s.counts[h] === 3 && s.marks[h] === 0 && s.owners[h] !== mover;
}

export function ownsNedf(s: State, p: number): boolean {
  const m = s.marks;
  for (let h = 0; h < HOLES; h++) if (m[h] === p) return true;
  return false;
}

export function anyNedf(s: State): boolean {
  const m = s.marks;
  for (let h = 0; h < HOLES; h++) if (m[h] !== 0) return true;
  return false;
}

/**
 * The starting holes of `p` under SEL-08 (and SEL-09: never a nedf), in track order. Returns the
 * count written to `out` from `at`.
 */
export function legalStarts(s: State, p: number, out: Int32Array, at = 0): number {
  const c = s.counts;
  const seg = SEGMENT[p]!;
  let k = at;
  // (1) a hole with more than three must be played.
  for (let i = 0; i < 9; i++) {
    const h = seg[i]!;
    if (s.marks[h] === 0 && s.owners[h] === p && c[h]! > 3) out[k++] = h;
  }
  if (k > at) return k - at;
  // (2) the six "other" holes.
  let occupied = 0;
  let onlyTwosThrees = true;
  let closestTwo = -1;
  for (let i = 3; i < 9; i++) {
    const h = seg[i]!;
    if (s.marks[h] !== 0 || s.owners[h] !== p || c[h] === 0) continue;
    occupied++;
    if (c[h] !== 2 && c[h] !== 3) onlyTwosThrees = false;
    if (c[h] === 2) closestTwo = h;
  }
  if (occupied > 0) {
    if (onlyTwosThrees && closestTwo >= 0) {
      out[k++] = closestTwo;
      return 1;
    }
    for (let i = 3; i < 9; i++) {
      const h = seg[i]!;
      if (s.marks[h] === 0 && s.owners[h] === p && c[h]! > 0) out[k++] = h;
    }
    return k - at;
  }
  // (3) only the three leftmost holes: fewest counters first.
  for (let want = 1; want <= 3; want++) {
    for (let i = 0; i < 3; i++) {
      const h = seg[i]!;
      if (s.marks[h] === 0 && s.owners[h] === p && c[h] === want) out[k++] = h;
    }
    if (k > at) return k - at;
  }
  return 0;
}

/** Counters in `p`'s nedfs and in his ordinary holes. */
export function tally(s: State, p: number): { nedf: number; own: number } {
  let nedf = 0;
  let own = 0;
  for (let h = 0; h < HOLES; h++) {
    if (s.marks[h] === p) nedf += s.counts[h]!;
    else if (s.marks[h] === 0 && s.owners[h] === p) own += s.counts[h]!;
  }
  return { nedf, own };
}

/** Clears the flags the skip hook leaves for the rest of a lap (before and after a sowing). */
export function resetSowFlags(s: State): void {
  s.aux[AUX_FORCE_DROP] = 0;
  s.aux[AUX_PENDING_NEDF] = 0;
  s.aux[AUX_PENDING_KIND] = 0;
  s.aux[AUX_LAP_NEDFS] = 0;
}
