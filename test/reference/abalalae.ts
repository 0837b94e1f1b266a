/**
 * A reference model of one Abalala'e main-phase turn, written from SPEC.md §2.4, §5 and §8 with
 * plain arrays; see harness.ts. The race (ABA-04..07) and the redistribution (ABA-16..18) are
 * not modelled: the engine's own tests cover them.
 *
 * A turn: any own hole with counters (ABA-09), sown along the mover's track (ABA-03); a lap
 * ending in an occupied hole is relayed (ABA-10); in an empty opponent hole the turn ends
 * (ABA-11); in an empty own hole the facing holes are captured (ABA-12) and the capturing counter
 * steps on one hole as the last counter of a lap (ABA-13), or, with nothing facing, the turn ends
 * (ABA-14). At the end of the turn a side without counters ends the round, the other player
 * taking what is left on the board (ABA-15). Perpetual starts are no moves (§8.1).
 */
import type { Game } from '../../packages/engine/src/core/game.js';
import { MOVE_PASS } from '../../packages/engine/src/core/game.js';
import { PHASE_PLAY, type State } from '../../packages/engine/src/core/state.js';
import type { RefOutcome, Reference } from './harness.js';

/** SPEC §2.4. */
export const TRACK_A = [
  [],
  [0, 1, 2, 3, 4, 5, 11, 10, 9, 8, 7, 6, 12, 13, 14, 15, 16, 17],
  [17, 16, 15, 14, 13, 12, 6, 7, 8, 9, 10, 11, 5, 4, 3, 2, 1, 0],
];
/** SPEC §2.2: P1 owns his near row and the right half of the centre row. */
const OWNER = [1, 1, 1, 1, 1, 1, 2, 2, 2, 1, 1, 1, 2, 2, 2, 2, 2, 2];
const MAX_LAPS = 10_000;

/** SPEC §5.1: the opponent's holes in the column of an own hole. */
export function facing(mover: number, h: number): number[] {
  if (mover === 1) {
    if (h <= 2) return [h + 6, h + 12];
    if (h <= 5) return [h + 12];
    return [h + 6]; // 9, 10, 11
  }
  if (h >= 15) return [h - 6, h - 12];
  if (h >= 12) return [h - 12];
  return [h - 6]; // 6, 7, 8
}

export interface AbalalaePos {
  counts: number[];
  captured: number[];
  reserve: number[];
  mover: number;
  skipOrigin: boolean;
}

export function coversAbalalae(game: Game): boolean {
  return game.options['perpetualMove'] === 'illegal';
}

function step(mover: number, h: number): number {
  const t = TRACK_A[mover]!;
  return t[(t.indexOf(h) + 1) % 18]!;
}

/** Sows the turn from `start`; null when it never ends. */
function sow(p: AbalalaePos, start: number): { counts: number[]; captured: number[] } | null {
  const counts = p.counts.slice();
  const captured = p.captured.slice();
  const mover = p.mover;
  const seen = new Set<string>();
  let from = start;
  for (let lap = 0; lap < MAX_LAPS; lap++) {
    const key = `${from}|${counts.join(',')}`;
    if (seen.has(key)) return null;
    seen.add(key);
    let hand = counts[from]!;
    counts[from] = 0;
    let at = from;
    while (hand > 0) {
      at = step(mover, at);
      if (p.skipOrigin && at === from) continue;
      counts[at]!++;
      hand--;
    }
    // The last counter of a lap (or the counter that carries on after a capture, ABA-13).
    for (;;) {
      if (counts[at]! > 1) break; // ABA-10: relay from `at`
      if (OWNER[at] !== mover) return { counts, captured }; // ABA-11
      const prey = facing(mover, at).reduce((a, h) => a + counts[h]!, 0);
      if (prey === 0) return { counts, captured }; // ABA-14
      for (const h of facing(mover, at)) counts[h] = 0; // ABA-12
      captured[mover] = captured[mover]! + prey;
      // ABA-13: the single counter steps on to the next hole of the track.
      counts[at] = 0;
      at = step(mover, at);
      counts[at]!++;
    }
    from = at;
  }
  return null;
}

const side = (counts: readonly number[], player: number): number => counts.reduce((a, c, h) => a + (OWNER[h] === player ? c : 0), 0);

export const abalalaeReference: Reference<AbalalaePos> = {
  name: 'abalalae',

  from(game: Game, s: State): AbalalaePos | null {
    if (s.phase !== PHASE_PLAY) return null;
    return {
      counts: [...s.counts],
      captured: [...s.captured],
      reserve: [...s.reserve],
      mover: s.toMove,
      skipOrigin: game.options['skipOriginOnLongLaps'] === true,
    };
  },

  moves(p: AbalalaePos): number[] {
    const out: number[] = [];
    for (let h = 0; h < 18; h++) if (OWNER[h] === p.mover && p.counts[h]! > 0 && sow(p, h) !== null) out.push(h); // ABA-09, §8.1
    return out.length > 0 ? out : [MOVE_PASS];
  },

  play(p: AbalalaePos, move: number): RefOutcome {
    const r = move === MOVE_PASS ? { counts: p.counts.slice(), captured: p.captured.slice() } : sow(p, move)!;
    const other = 3 - p.mover;
    // ABA-15, checked at the end of the turn.
    const empty = [0, side(r.counts, 1), side(r.counts, 2)].map((x, i) => i > 0 && x === 0);
    if (empty[1] || empty[2]) {
      const onBoard = r.counts.reduce((a, c) => a + c, 0);
      const totals = [0, r.captured[1]! + p.reserve[1]!, r.captured[2]! + p.reserve[2]!];
      const taker = empty[1] ? 2 : 1;
      totals[taker] = totals[taker]! + onBoard;
      return { phase: 'roundEnd', counts: r.counts, marks: new Array(18).fill(0), captured: r.captured, toMove: 0, totals };
    }
    return { phase: 'play', counts: r.counts, marks: new Array(18).fill(0), captured: r.captured, toMove: other };
  },
};
