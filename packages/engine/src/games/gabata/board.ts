/** Gabata's board facts (SPEC §3-4): counters, holes, the aux slots of the ruleset, and each player's segment. */
import { OWNERS_3X6_2P, OWNERS_3X6_3P, TRACK_G } from '../../core/geometry.js';
import { LAP_CUSTOM } from '../../core/sow.js';

/** Bit p set once player p has begun a turn this round (capture gate `eachPlayersFirstTurn`). */
export const SLOT_STARTED_MASK = 0;
/** Bit h set once hole h has been emptied this round (capture gate `perHoleUntilEmptied`). */
export const SLOT_EMPTIED_MASK = 1;
/** 1 while the current turn is under the capture gate. */
export const SLOT_GATE_CLOSED = 2;
/**
 * Per-player slots are at BASE + p (p = 1..3), so a base is the slot before player 1's.
 * Holes player p still has to give up (`surplusHoleOrder = winnerChooses`): slots 3..5.
 */
export const LOSS_SLOTS_BASE = 2;
/** Holes player p may still take (`winnerChooses`): slots 6..8. */
export const GAIN_SLOTS_BASE = 5;
/** Each player's total at the end of the previous round (round starter): slots 9..11. */
export const LAST_TOTAL_SLOTS_BASE = 8;
export const AUX_NAMES: Record<string, number> = {
  startedMask: SLOT_STARTED_MASK,
  emptiedMask: SLOT_EMPTIED_MASK,
  gateClosed: SLOT_GATE_CLOSED,
  loss1: LOSS_SLOTS_BASE + 1,
  loss2: LOSS_SLOTS_BASE + 2,
  loss3: LOSS_SLOTS_BASE + 3,
  gain1: GAIN_SLOTS_BASE + 1,
  gain2: GAIN_SLOTS_BASE + 2,
  gain3: GAIN_SLOTS_BASE + 3,
  lastTotal1: LAST_TOTAL_SLOTS_BASE + 1,
  lastTotal2: LAST_TOTAL_SLOTS_BASE + 2,
  lastTotal3: LAST_TOTAL_SLOTS_BASE + 3,
};

export const COUNTERS_PER_HOLE = 3;
/** `afterLast` stop code: the turn ended in an empty ordinary hole (ADW-09), so the round goes on. */
export const LAP_EMPTY = LAP_CUSTOM;
/** Clauses cited on the kernel's lift / relay / drop events. */
export const SOW_RULES = { liftRule: 'ADW-07', relayRule: 'ADW-08', dropRule: 'ADW-05' } as const;
export const HOLES = 18;
export const TOTAL = HOLES * COUNTERS_PER_HOLE;

/** Each player's original holes in Track G order, starting from his leftmost main-row hole. */
export function ownerSegments(players: number): number[][] {
  const owners = players === 3 ? OWNERS_3X6_3P : OWNERS_3X6_2P;
  const n = TRACK_G.length;
  // A segment starts where the previous hole on the track belongs to someone else.
  let start = 0;
  while (owners[TRACK_G[start]!] === owners[TRACK_G[(start + n - 1) % n]!]) start++;
  const segs: number[][] = Array.from({ length: players + 1 }, () => []);
  for (let i = 0; i < n; i++) {
    const h = TRACK_G[(start + i) % n]!;
    segs[owners[h]!]!.push(h);
  }
  return segs;
}
