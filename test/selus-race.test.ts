/**
 * The Selus opening race (SEL-04, SEL-05, SEL-06; SPEC §7) with chosen starts: a hand-worked
 * race whose two choices interfere, and every joint choice checked against a plain reference
 * model of the lock-step race written here independently of packages/engine/src/core/race.ts.
 */
import { describe, expect, it } from 'vitest';
import { unwrap } from '../packages/engine/src/core/errors.js';
import type { GameEvent } from '../packages/engine/src/core/events.js';
import { MAX_MOVES, type Game } from '../packages/engine/src/core/game.js';
import { OWNERS_3X6_2P, TRACK_G } from '../packages/engine/src/core/geometry.js';
import { makeSparse } from '../packages/engine/src/core/sparse.js';
import { PHASE_PLAY, PHASE_RACE } from '../packages/engine/src/core/state.js';
import { parseJointMove, selus } from '../packages/engine/src/games/selus.js';

const make = (opts: Record<string, unknown> = {}): Game => unwrap(selus.create(opts));
const NEXT = new Int8Array(18);
for (const [i, h] of TRACK_G.entries()) NEXT[h] = TRACK_G[(i + 1) % 18]!;

function choices(game: Game, p: number): number[] {
  const s = game.newState(1);
  const buf = new Int32Array(MAX_MOVES);
  return [...buf.subarray(0, game.legalMovesFor(s, p, buf))];
}

/**
 * The lock-step race of SPEC §7 in the plainest terms (no loop detection: a tick cap instead).
 * `b = -1` runs player 1 alone, as if player 2 did not race.
 */
function referenceRace(
  a: number,
  b: number,
  order: 'alternate' | 'p1First' | 'p2First',
  skip: boolean,
  abandon: boolean,
): { counts: number[]; winner: number; capped: boolean; finishTick: number[]; drops1: number[] } {
  const counts = new Array<number>(18).fill(3);
  const hand = [0, counts[a]!, b < 0 ? 0 : counts[b]!];
  const cur = [0, a, b];
  const lifted = [0, a, b];
  const done = [false, false, b < 0];
  const finishTick = [0, 0, 0];
  const drops1: number[] = [];
  counts[a] = 0;
  if (b >= 0) counts[b] = 0;
  let winner = 0;
  for (let tick = 1; tick < 100_000; tick++) {
    const first = order === 'p1First' ? 1 : order === 'p2First' ? 2 : tick % 2 === 1 ? 1 : 2;
    for (const p of [first, 3 - first]) {
      if (done[p]) continue;
      let h = NEXT[cur[p]!]!;
      while (skip && OWNERS_3X6_2P[h] !== p && counts[h] === 3) h = NEXT[h]!;
      counts[h]!++;
      hand[p]!--;
      cur[p] = h;
      if (p === 1) drops1.push(h);
      if (hand[p] === 0) {
        if (counts[h]! > 1) {
          hand[p] = counts[h]!;
          counts[h] = 0;
          lifted[p] = h;
        } else {
          done[p] = true;
          finishTick[p] = tick;
          if (winner === 0) winner = p;
        }
      }
    }
    if (winner !== 0 && abandon && !done[3 - winner]) {
      counts[lifted[3 - winner]!]! += hand[3 - winner]!;
      return { counts, winner, capped: false, finishTick, drops1 };
    }
    if (done[1] && done[2]) return { counts, winner, capped: false, finishTick, drops1 };
  }
  return { counts, winner, capped: true, finishTick, drops1 };
}

describe('Selus race', () => {
  it('SEL-05 at the setup each player chooses among his six "other" holes (SEL-08), secretly and at once', () => {
    const g = make();
    const s = g.newState(1);
    expect(s.phase).toBe(PHASE_RACE);
    expect(s.toMove).toBe(0);
    expect(choices(g, 1)).toEqual([3, 4, 5, 11, 10, 9]);
    expect(choices(g, 2)).toEqual([14, 13, 12, 6, 7, 8]);
    const buf = new Int32Array(MAX_MOVES);
    expect(g.legalMoves(s, buf)).toBe(0);
  });

  it(
    'SEL-04 two choices that interfere (11|6): each lands in the hole the other just lifted; both finish in tick ' +
      '3, player 1 dropping first (raceTie = tickOrder)',
    () => {
      const g = make({ raceTie: 'tickOrder' });
      const s = g.newState(1);
      const trace: GameEvent[] = [];
      g.applyJoint(s, unwrap(parseJointMove(g, s, '11|6')), trace);
      // Tick 1: 1 drops in 10, 2 in 7; tick 2: 2 in 8, 1 in 9; tick 3: 1 passes over 17..12 (all 3)
      // and drops in 6, emptied by player 2's lift: finished. Player 2 passes over 0..5 and ends in 11.
      expect(makeSparse(s.counts, s.marks, 'N')).toBe(
        '0:3, 1:3, 2:3, 3:3, 4:3, 5:3, 6:1, 7:4, 8:4, 9:4, 10:4, 11:1, 12:3, 13:3, 14:3, 15:3, 16:3, 17:3',
      );
      expect(trace.filter((e) => e.type === 'raceFinish')).toEqual([
        { type: 'raceFinish', player: 1, hole: 6, place: 1, rule: 'SEL-04' },
        { type: 'raceFinish', player: 2, hole: 11, place: 2, rule: 'SEL-04' },
      ]);
      expect(s.raceTick).toBe(3);
      expect(s.phase).toBe(PHASE_PLAY);
      expect(s.toMove).toBe(1);
      expect(s.roundStarter).toBe(1);
      expect(g.extraToJSON(s)).toMatchObject({ raceStarts: [11, 6] });
    },
  );

  it('SEL-04 the same race with player 2 first in every tick: player 2 wins; the board is the same', () => {
    const g = make({ raceTickOrder: 'p2First', raceTie: 'tickOrder' });
    const s = g.newState(1);
    g.applyJoint(s, [0, 11, 6]);
    expect(s.toMove).toBe(2);
    expect(makeSparse(s.counts, s.marks, 'N')).toBe(
      '0:3, 1:3, 2:3, 3:3, 4:3, 5:3, 6:1, 7:4, 8:4, 9:4, 10:4, 11:1, 12:3, 13:3, 14:3, 15:3, 16:3, 17:3',
    );
  });

  it('SEL-05 / §7.4 the dead heat of 11|6 goes to the seeded coin by default (raceTie = coin): the same seed, the same winner', () => {
    const g = make();
    const firsts = [0, 0, 0];
    for (let seed = 1; seed <= 100; seed++) {
      const s = g.newState(seed);
      const trace: GameEvent[] = [];
      g.applyJoint(s, [0, 11, 6], trace);
      expect(makeSparse(s.counts, s.marks, 'N')).toBe(
        '0:3, 1:3, 2:3, 3:3, 4:3, 5:3, 6:1, 7:4, 8:4, 9:4, 10:4, 11:1, 12:3, 13:3, 14:3, 15:3, 16:3, 17:3',
      );
      expect(trace.at(-1)).toEqual({ type: 'raceEnd', winner: s.toMove, loop: false, deadHeat: true, rule: 'SEL-05' });
      const again = g.newState(seed);
      g.applyJoint(again, [0, 11, 6]);
      expect(again.toMove).toBe(s.toMove);
      firsts[s.toMove]!++;
    }
    expect(firsts[1]).toBeGreaterThan(30);
    expect(firsts[2]).toBeGreaterThan(30);
  });

  it('SEL-04 without the other racer the same start does not finish at 6: the interference decides the race', () => {
    // Player 1 alone from 11: 6 still holds 3 and is passed over with all of player 2's holes, so
    // his third counter goes to his own 0 (3 -> 4) and he relays on instead of finishing at tick 3.
    const solo = referenceRace(11, -1, 'alternate', true, false);
    expect(solo.drops1.slice(0, 3)).toEqual([10, 9, 0]);
    expect(solo.finishTick[1]).toBeGreaterThan(3);
    const both = referenceRace(11, 6, 'alternate', true, false);
    expect(both.drops1.slice(0, 3)).toEqual([10, 9, 6]);
    expect(both.finishTick).toEqual([0, 3, 3]);
  });

  it('SEL-06 the skip rule applies in the race and no nedf is made in it (every joint choice)', () => {
    const g = make();
    for (const a of choices(g, 1)) {
      for (const b of choices(g, 2)) {
        const s = g.newState(1);
        const trace: GameEvent[] = [];
        g.applyJoint(s, [0, a, b], trace);
        expect(s.marks.every((m) => m === 0)).toBe(true);
        expect(trace.some((e) => e.type === 'mark')).toBe(false);
        expect(s.total()).toBe(54);
        // Every skip passed over an opponent's hole that held exactly three at that moment: replay the drops.
        const counts = new Array<number>(18).fill(3);
        for (const e of trace) {
          if (e.type === 'raceStart' || e.type === 'relay') counts[e.hole] = 0;
          if (e.type === 'drop') counts[e.hole]!++;
          if (e.type === 'skip') {
            expect(OWNERS_3X6_2P[e.hole]).not.toBe(e.player);
            expect(counts[e.hole]).toBe(3);
          }
        }
      }
    }
  });

  it('SEL-04/SEL-05 every joint choice, under each tick order, skip setting and loser completion, matches the reference model', () => {
    let abandonDiffers = 0;
    for (const order of ['alternate', 'p1First', 'p2First'] as const) {
      for (const skip of [true, false]) {
        for (const abandon of [false, true]) {
          // The reference model gives a dead heat to the tick order.
          const g = make({
            raceTickOrder: order,
            raceTie: 'tickOrder',
            raceSkip: skip,
            raceLoserCompletion: abandon ? 'abandon' : 'finish',
          });
          for (const a of choices(g, 1)) {
            for (const b of choices(g, 2)) {
              const ref = referenceRace(a, b, order, skip, abandon);
              expect(ref.capped).toBe(false);
              const s = g.newState(1);
              g.applyJoint(s, [0, a, b]);
              expect([...s.counts]).toEqual(ref.counts);
              expect(s.toMove).toBe(ref.winner);
              if (abandon) {
                const fin = referenceRace(a, b, order, skip, false);
                if (fin.counts.join() !== ref.counts.join()) abandonDiffers++;
              }
            }
          }
        }
      }
    }
    // The option is not idle: in some races the loser's abandoned hand changes the board.
    expect(abandonDiffers).toBeGreaterThan(0);
  });

  it('SEL-05 selusRaceStart=leftmost / closestToOpponent: the race runs itself in newState', () => {
    const left = make({ selusRaceStart: 'leftmost' });
    const s = left.newState(4);
    expect(s.phase).toBe(PHASE_PLAY);
    expect(left.extraToJSON(s)).toMatchObject({ raceStarts: [3, 14] });
    const ref = referenceRace(3, 14, 'alternate', true, false);
    expect([...s.counts]).toEqual(ref.counts);
    expect(s.toMove).toBe(ref.winner);
    const close = make({ selusRaceStart: 'closestToOpponent' });
    const t = close.newState(4);
    expect(close.extraToJSON(t)).toMatchObject({ raceStarts: [9, 8] });
    const ref2 = referenceRace(9, 8, 'alternate', true, false);
    expect([...t.counts]).toEqual(ref2.counts);
    expect(t.toMove).toBe(ref2.winner);
    const trace: GameEvent[] = [];
    close.newState(4, trace);
    expect(trace.some((e) => e.type === 'raceEnd')).toBe(true);
  });

  it('openingMode p1First / random: no race; the seeded coin is reproducible', () => {
    const p1 = make({ openingMode: 'p1First' }).newState(9);
    expect(p1.phase).toBe(PHASE_PLAY);
    expect(p1.toMove).toBe(1);
    expect([...p1.counts]).toEqual(new Array(18).fill(3));
    const g = make({ openingMode: 'random' });
    const firsts = new Set<number>();
    for (let seed = 1; seed <= 40; seed++) {
      const s = g.newState(seed);
      expect(s.toMove).toBe(g.newState(seed).toMove);
      firsts.add(s.toMove);
    }
    expect([...firsts].sort()).toEqual([1, 2]);
  });

  it("legalMovesFor after the race gives the mover's moves and nothing to the other player", () => {
    const g = make();
    const s = g.newState(1);
    g.applyJoint(s, [0, 11, 6]);
    const buf = new Int32Array(MAX_MOVES);
    expect(g.legalMovesFor(s, 2, buf)).toBe(0);
    const n = g.legalMovesFor(s, 1, buf);
    const m = new Int32Array(MAX_MOVES);
    expect(n).toBe(g.legalMoves(s, m));
    expect([...buf.subarray(0, n)]).toEqual([...m.subarray(0, n)]);
  });
});
