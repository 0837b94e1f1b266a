/**
 * The animation's pure part: playing a move's event trace on the drawn board must end on the
 * engine's own position (counts, owners, marks, piles), for every ruleset, over seeded random
 * matches; and a race tick is one frame holding every racer's drop.
 */
import { describe, expect, it } from 'vitest';
import type { GameEvent } from '../src/core/events.js';
import { MAX_MOVES, MOVE_CONCEDE } from '../src/core/game.js';
import { Rng } from '../src/core/rng.js';
import { PHASE_OVER, PHASE_RACE } from '../src/core/state.js';
import { RULESETS } from '../src/games/index.js';
import { applyEvent, boardStateOf, frames } from '../src/web/animate.js';

describe('animation from the event trace', () => {
  for (const rs of RULESETS) {
    it(`${rs.info.id}: the events of every move, applied to the drawn board, give the engine's position`, () => {
      const g = rs.create({});
      if (!g.ok) throw g.error;
      const game = g.value;
      const buf = new Int32Array(MAX_MOVES);
      let checked = 0;
      for (let seed = 1; seed <= 6; seed++) {
        const rng = new Rng(seed);
        const s = game.newState(seed);
        for (let ply = 0; ply < 400 && s.phase !== PHASE_OVER; ply++) {
          const v = boardStateOf(s);
          const ev: GameEvent[] = [];
          if (s.phase === PHASE_RACE && s.toMove === 0) {
            const joint = [0];
            for (let p = 1; p <= s.players; p++) joint.push(buf[rng.int(game.legalMovesFor(s, p, buf))]!);
            game.applyJoint(s, joint, ev);
          } else {
            // Conceding ends a game at once: random play that concedes would test little.
            const moves = Array.from(buf.subarray(0, game.legalMoves(s, buf))).filter((m) => m !== MOVE_CONCEDE);
            game.apply(s, moves.length ? moves[rng.int(moves.length)]! : MOVE_CONCEDE, ev);
          }
          for (const e of ev) applyEvent(v, e);
          const want = boardStateOf(s);
          expect(v.counts, `${rs.info.id} seed ${seed} ply ${ply}`).toEqual(want.counts);
          expect(v.owners).toEqual(want.owners);
          expect(v.marks).toEqual(want.marks);
          expect(v.captured).toEqual(want.captured);
          expect(v.reserve).toEqual(want.reserve);
          checked++;
        }
      }
      expect(checked).toBeGreaterThan(100);
    });
  }

  it("a race tick is one frame with every racer's drop; other drops are a frame each", () => {
    const ev: GameEvent[] = [
      { type: 'raceStart', player: 1, hole: 0, count: 2 },
      { type: 'raceStart', player: 2, hole: 17, count: 2 },
      { type: 'raceTick', tick: 1, order: [1, 2] },
      { type: 'drop', player: 1, hole: 1, count: 4 },
      { type: 'drop', player: 2, hole: 16, count: 4 },
      { type: 'raceTick', tick: 2, order: [2, 1] },
      { type: 'drop', player: 2, hole: 15, count: 1 },
      { type: 'drop', player: 1, hole: 2, count: 1 },
      { type: 'raceEnd', winner: 2, loop: false },
      { type: 'lift', player: 2, hole: 6, count: 2 },
      { type: 'drop', player: 2, hole: 7, count: 1 },
      { type: 'drop', player: 2, hole: 8, count: 1 },
      { type: 'turnEnd', player: 2, reason: 'empty' },
    ];
    const f = frames(ev);
    const tick1 = f.find((x) => x[0]!.type === 'raceTick' && (x[0] as { tick: number }).tick === 1)!;
    expect(tick1.filter((e) => e.type === 'drop').map((e) => (e as { player: number }).player)).toEqual([1, 2]);
    const after = f.slice(f.findIndex((x) => x[0]!.type === 'raceEnd') + 1);
    expect(after.map((x) => x.filter((e) => e.type === 'drop' || e.type === 'lift').length)).toEqual([1, 1, 1, 0]);
    expect(f.flat()).toEqual(ev);
  });
});
