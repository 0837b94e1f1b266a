/**
 * Abalala'e positions through the position notation: every position of seeded random matches
 * (race fields, winnings set aside, later rounds included) survives text and JSON round trips,
 * and play goes on identically from the parsed copy.
 */
import { describe, expect, it } from 'vitest';
import { unwrap } from '../packages/engine/src/core/errors.js';
import { MAX_MOVES } from '../packages/engine/src/core/game.js';
import { Rng } from '../packages/engine/src/core/rng.js';
import { PHASE_OVER } from '../packages/engine/src/core/state.js';
import { abalalae } from '../packages/engine/src/games/abalalae.js';
import { diffStates, makePosition, parseAnyPosition, parsePosition, positionToJSON } from '../packages/engine/src/notation/position.js';

describe("Abalala'e position notation", () => {
  for (const options of [{ rounds: 4 }, { raceCaptures: true, winningsCountLater: false, rounds: 3 }]) {
    it(`parse(make(x)) = x for every position of 20 random matches, options ${JSON.stringify(options)}`, () => {
      const game = unwrap(abalalae.create(options));
      const buf = new Int32Array(MAX_MOVES);
      let checked = 0;
      let withReserve = 0;
      for (let seed = 1; seed <= 20; seed++) {
        const s = game.newState(seed);
        const rng = new Rng(seed);
        for (let ply = 0; ply < 400; ply++) {
          const text = makePosition(game, s);
          const back = unwrap(parsePosition(text));
          expect(back.game.ruleset.info.id).toBe('abalalae');
          expect(diffStates(back.state, s)).toBeNull();
          const json = unwrap(parseAnyPosition(JSON.stringify(positionToJSON(game, s))));
          expect(diffStates(json.state, s)).toBeNull();
          expect(back.game.validate(back.state).ok).toBe(true);
          checked++;
          if (s.reserve[1]! + s.reserve[2]! > 0) withReserve++;
          if (s.phase === PHASE_OVER) break;
          const m = buf[rng.int(game.legalMoves(s, buf))]!;
          game.apply(s, m);
          back.game.apply(back.state, m);
          expect(diffStates(back.state, s)).toBeNull();
        }
      }
      expect(checked).toBeGreaterThan(1000);
      expect(withReserve).toBeGreaterThan(0);
    });
  }

  it('the race is visible in the position: winner, ticks, cursors and finishing order', () => {
    const game = unwrap(abalalae.create());
    const s = game.newState(1);
    const j = positionToJSON(game, s);
    expect(j.race.winner).toBe(s.raceWinner);
    expect(j.race.winner).toBeGreaterThan(0);
    expect(j.race.tick).toBe(s.raceTick);
    expect([...j.race.done].sort()).toEqual([1, 2]);
    expect(j.toMove).toBe(j.race.winner);
  });
});
