/**
 * The round-stalemate guard of SPEC §8.3 is one rule for every ruleset (core/round.ts
 * `roundGuard`): a round holds at most `maxTurnsPerRound` turns. Each ruleset is played to the
 * cap and must stop at the same turn: after exactly `maxTurnsPerRound` turns, with `s.turn`
 * equal to the cap, never one turn sooner or later.
 */
import { describe, expect, it } from 'vitest';
import { unwrap } from '../core/errors.js';
import type { GameEvent } from '../core/events.js';
import { MAX_MOVES, MOVE_CONCEDE, MOVE_PASS, type Game } from '../core/game.js';
import { END_REASONS, PHASE_OVER, PHASE_RACE, type State } from '../core/state.js';
import { getRuleset } from './index.js';

const CAP = 10;

/** Options that keep each ruleset's first turns free of anything but the guard. */
const CASES: readonly [string, Record<string, unknown>][] = [
  ['gabata-adowa', {}],
  ['gabata-aksum', {}],
  ['abalalae', {}],
  ['selus', { concession: 'off' }],
  ['gifia', {}],
];

interface Played {
  /** Turns ended (a turnEnd or a pass event) before the match was over. */
  turns: number;
  s: State;
  game: Game;
  events: GameEvent[];
}

/** Plays the first legal move that is neither a pass nor a concession, until the match is over. */
function playToCap(id: string, options: Record<string, unknown>, cap: number, roundStalemate: 'draw' | 'ownerTakes'): Played {
  const game = unwrap(unwrap(getRuleset(id)).create({ ...options, maxTurnsPerRound: cap, roundStalemate }));
  const s = game.newState(3);
  const buf = new Int32Array(MAX_MOVES);
  const events: GameEvent[] = [];
  let turns = 0;
  for (let plies = 0; plies < 500 && s.phase !== PHASE_OVER && s.round === 1; plies++) {
    if (s.phase === PHASE_RACE && s.toMove === 0) {
      const joint = [0, 0, 0];
      for (let p = 1; p <= 2; p++) {
        game.legalMovesFor(s, p, buf);
        joint[p] = buf[0]!;
      }
      game.applyJoint(s, joint, events);
      continue;
    }
    const n = game.legalMoves(s, buf);
    let move = buf[0]!;
    for (let i = 0; i < n; i++) {
      if (buf[i] !== MOVE_PASS && buf[i] !== MOVE_CONCEDE) {
        move = buf[i]!;
        break;
      }
    }
    const before = events.length;
    game.apply(s, move, events);
    for (const e of events.slice(before)) if (e.type === 'turnEnd' || e.type === 'pass') turns++;
  }
  return { turns, s, game, events };
}

describe('SPEC §8.3 maxTurnsPerRound: one turn cap for every ruleset', () => {
  for (const [id, options] of CASES) {
    it(`${id}: the guard ends the round after exactly maxTurnsPerRound turns, s.turn = the cap`, () => {
      const { turns, s, events } = playToCap(id, options, CAP, 'draw');
      expect(s.phase).toBe(PHASE_OVER);
      expect(END_REASONS[s.endReason]).toBe('turnCap');
      expect(turns).toBe(CAP);
      expect(s.turn).toBe(CAP);
      expect(s.guardEnds).toBe(1);
      const end = events.find((e) => e.type === 'matchEnd');
      expect(end).toMatchObject({ type: 'matchEnd', winner: 0, reason: 'turnCap' });
      // Nothing is played after the guard has fired.
      expect(events.at(-1)).toBe(end);
    });

    it(`${id}: one turn more under a cap one higher (the cap, not the moves, ends the round)`, () => {
      const { turns, s } = playToCap(id, options, CAP + 1, 'draw');
      expect(END_REASONS[s.endReason]).toBe('turnCap');
      expect([turns, s.turn]).toEqual([CAP + 1, CAP + 1]);
    });
  }

  it('under roundStalemate = ownerTakes the guard ends the round at the same turn and the counters are conserved', () => {
    for (const [id, options] of CASES) {
      const { turns, s, game, events } = playToCap(id, options, CAP, 'ownerTakes');
      const roundEnd = events.find((e) => e.type === 'roundEnd' || e.type === 'matchEnd');
      expect(roundEnd, id).toMatchObject({ reason: 'turnCap' });
      expect(turns, id).toBe(CAP);
      expect(s.guardEnds, id).toBe(1);
      expect(s.total(), id).toBe(game.counterTotal);
    }
  });
});
