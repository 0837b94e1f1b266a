/**
 * Selus property tests: counters conserved, nedfs never sown from (SEL-09), nedfs permanent
 * (SEL-17), clone independence, replay equality, and every seeded random game ending with a score
 * (SEL-18, SEL-19) under several option sets, the ludii preset included.
 */
import { describe, expect, it } from 'vitest';
import { unwrap } from '../packages/engine/src/core/errors.js';
import type { GameEvent } from '../packages/engine/src/core/events.js';
import { MAX_MOVES, MOVE_CONCEDE, type Game } from '../packages/engine/src/core/game.js';
import { describeState, randomPlaythrough } from '../packages/engine/src/core/debug.js';
import { Rng } from '../packages/engine/src/core/rng.js';
import { END_REASONS, PHASE_OVER, PHASE_RACE, type State } from '../packages/engine/src/core/state.js';
import { selus } from '../packages/engine/src/games/selus.js';

const OPTION_SETS: Record<string, unknown>[] = [
  {},
  { concession: 'off' },
  { concession: 'scored' },
  { preset: 'ludii' },
  {
    concession: 'off',
    nedfFirstScope: 'global',
    nedfZone: 'opponentOuterRow',
    twoCounterSecondHole: 'opponentOnly',
    guardianScope: 'latestNedf',
  },
  { concession: 'off', selusRaceStart: 'closestToOpponent', raceSkip: false, selusScoring: 'nedfOnly', skipOriginOnLongLaps: true },
  { concession: 'off', openingMode: 'random', perpetualMove: 'endTurnAtRepeat', roundStalemate: 'draw' },
];

const buf = new Int32Array(MAX_MOVES);
const cand = new Int32Array(MAX_MOVES);

/** One random decision (joint at the race); returns the trace of what it did. */
function step(game: Game, s: State, rng: Rng): GameEvent[] {
  const trace: GameEvent[] = [];
  if (s.phase === PHASE_RACE) {
    const joint = [0, 0, 0];
    for (let p = 1; p <= 2; p++) joint[p] = buf[rng.int(game.legalMovesFor(s, p, buf))]!;
    game.applyJoint(s, joint, trace);
    return trace;
  }
  const n = game.legalMoves(s, buf);
  // Plain checks in the hot loop (expect() per ply would dominate the run time).
  if (n <= 0) throw new Error(`no legal move at ${describeState(game, s)}`);
  const m = buf[rng.int(n)]!;
  if (!game.apply(s, m, trace)) throw new Error(`legal move ${m} rejected`);
  return trace;
}

describe('Selus properties', () => {
  it('SEL-18/SEL-19 every seeded random game ends with a score (2000 games per option set)', () => {
    for (const opts of OPTION_SETS) {
      const game = unwrap(selus.create(opts));
      let decided = 0;
      const unscored: number[] = [];
      const wrongWinner: number[] = [];
      for (let seed = 1; seed <= 2000; seed++) {
        const rng = new Rng(seed);
        const s = game.newState(seed);
        let plies = 0;
        let last: GameEvent[] = [];
        while (s.phase !== PHASE_OVER && plies++ < 5000) last = step(game, s, rng);
        const out = new Float64Array(3);
        game.returns(s, out);
        const scored =
          s.phase === PHASE_OVER && s.winner >= 0 && END_REASONS[s.endReason] !== 'none' && Math.abs(out[1]! + out[2]! - 1) < 1e-9;
        if (!scored) unscored.push(seed);
        const conceder = last.find((e) => e.type === 'concede')?.player ?? 0;
        if (conceder > 0 && game.options['concession'] === 'resign') {
          // SEL-18 under resign: the conceding player loses, whatever the counts.
          if (s.winner !== 3 - conceder) wrongWinner.push(seed);
        } else if (opts['preset'] !== 'ludii' && s.winner > 0 && s.scores[s.winner]! <= s.scores[3 - s.winner]!) wrongWinner.push(seed);
        if (s.winner > 0) decided++;
      }
      expect(unscored).toEqual([]);
      expect(wrongWinner).toEqual([]);
      expect(decided).toBeGreaterThan(1000);
    }
  });

  it('SEL-01 conservation and SEL-09 nedfs never sown from, move by move', () => {
    let sownNedfs = 0;
    let badTotals = 0;
    let lostMarks = 0;
    let lifts = 0;
    for (const opts of OPTION_SETS) {
      const game = unwrap(selus.create(opts));
      for (let seed = 1; seed <= 200; seed++) {
        const rng = new Rng(seed * 31);
        const s = game.newState(seed);
        let plies = 0;
        while (s.phase !== PHASE_OVER && plies++ < 5000) {
          const before = Int8Array.from(s.marks);
          const trace = step(game, s, rng);
          const marked = Int8Array.from(before);
          for (const e of trace) {
            if (e.type === 'mark') marked[e.hole] = e.player;
            if ((e.type === 'lift' || e.type === 'relay') && marked[e.hole] !== 0) sownNedfs++;
          }
          if (s.total() !== 54) badTotals++;
          const v = game.validate(s);
          if (!v.ok) throw v.error;
          // SEL-17: marks are never undone.
          for (let h = 0; h < 18; h++) if (before[h] && s.marks[h] !== before[h]) lostMarks++;
          if (trace.some((e) => e.type === 'lift')) lifts++;
        }
      }
    }
    expect({ sownNedfs, badTotals, lostMarks }).toEqual({ sownNedfs: 0, badTotals: 0, lostMarks: 0 });
    expect(lifts).toBeGreaterThan(10_000);
  });

  it('legal moves are candidates, apply accepts them all, and candidates left out are perpetual', () => {
    const game = unwrap(selus.create({ concession: 'off' }));
    for (let seed = 1; seed <= 100; seed++) {
      const rng = new Rng(seed);
      const s = game.newState(seed);
      let plies = 0;
      while (s.phase !== PHASE_OVER && plies++ < 5000) {
        if (s.phase !== PHASE_RACE) {
          const n = game.legalMoves(s, buf);
          const c = game.candidateMoves(s, cand);
          const cs = [...cand.subarray(0, c)];
          for (let i = 0; i < n; i++) if (buf[i]! < 1000) expect(cs).toContain(buf[i]);
          const ls = [...buf.subarray(0, n)];
          for (const m of cs) {
            if (!ls.includes(m)) expect(game.apply(s.clone(), m)).toBe(false);
          }
        }
        step(game, s, rng);
      }
    }
  });

  it('clone independence and replay equality', () => {
    const game = unwrap(selus.create({}));
    const s = game.newState(5);
    game.applyJoint(s, [0, 9, 8]);
    const snapshot = describeState(game, s);
    const aux = Array.from(s.aux);
    const c = s.clone();
    const rng = new Rng(1);
    while (c.phase !== PHASE_OVER) step(game, c, rng);
    expect(describeState(game, s)).toBe(snapshot);
    expect(Array.from(s.aux)).toEqual(aux);
    expect(c.phase).toBe(PHASE_OVER);
    // copyFrom makes an equal state that then evolves alike.
    const d = game.newState(99);
    d.copyFrom(s);
    expect(describeState(game, d)).toBe(snapshot);
    for (const seed of [1, 2, 3]) expect(randomPlaythrough(game, seed)).toBe(randomPlaythrough(game, seed));
  });

  it('SEL-18 (b) the concession is offered at every main-phase decision when enabled, never at the race', () => {
    const game = unwrap(selus.create({}));
    const s = game.newState(8);
    expect([...buf.subarray(0, game.legalMovesFor(s, 1, buf))]).not.toContain(MOVE_CONCEDE);
    const rng = new Rng(8);
    step(game, s, rng);
    let plies = 0;
    while (s.phase !== PHASE_OVER && plies++ < 50) {
      const n = game.legalMoves(s, buf);
      expect(buf[n - 1]).toBe(MOVE_CONCEDE);
      game.apply(s, buf[0]!);
    }
  });
});
