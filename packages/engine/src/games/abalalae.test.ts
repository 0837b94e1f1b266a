import { describe, expect, it } from 'vitest';
import { unwrap } from '../core/errors.js';
import type { GameEvent } from '../core/events.js';
import { MAX_MOVES, MOVE_PASS } from '../core/game.js';
import { TRACK_A_P1, TRACK_A_P2 } from '../core/geometry.js';
import { runRace } from '../core/race.js';
import { Rng } from '../core/rng.js';
import { makeSparse, parseSparse } from '../core/sparse.js';
import { END_REASONS, PHASE_OVER, PHASE_PLAY, PHASE_RACE, State } from '../core/state.js';
import { abalalae, type AbalalaeGame, facingHoles, LAYOUT_ORDER } from './abalalae.js';
import { getRuleset } from './index.js';

const make = (o: Record<string, unknown> = {}): AbalalaeGame => unwrap(abalalae.create(o)) as AbalalaeGame;

/**
 * A main-phase position from SPEC's sparse board text. Counters not on the board are set aside
 * as reserve (half each) so that the position keeps all 54; captured piles start at 0.
 */
function pos(game: AbalalaeGame, board: string, toMove: number): State {
  const s = game.newState(1);
  s.counts.fill(0);
  for (const e of unwrap(parseSparse(board, 18))) s.counts[e.hole] = e.count;
  const rest = 54 - s.boardTotal();
  s.captured.fill(0);
  s.reserve[1] = Math.ceil(rest / 2);
  s.reserve[2] = Math.floor(rest / 2);
  s.toMove = toMove;
  s.phase = PHASE_PLAY;
  s.turn = 1;
  s.clearHistory();
  s.recordPosition();
  return s;
}

/** A race position: the board only, nothing in hand, ready for `runRace`. */
function racePos(board: string, seed = 1): State {
  const s = new State(2, 18, seed);
  s.owners.set([1, 1, 1, 1, 1, 1, 2, 2, 2, 1, 1, 1, 2, 2, 2, 2, 2, 2]);
  for (const e of unwrap(parseSparse(board, 18))) s.counts[e.hole] = e.count;
  return s;
}

const board = (s: State): string => makeSparse(s.counts, s.marks);

function legal(game: AbalalaeGame, s: State): number[] {
  const buf = new Int32Array(MAX_MOVES);
  return Array.from(buf.subarray(0, game.legalMoves(s, buf)));
}

function play(game: AbalalaeGame, s: State, move: number): GameEvent[] {
  const trace: GameEvent[] = [];
  expect(legal(game, s)).toContain(move);
  expect(game.apply(s, move, trace)).toBe(true);
  return trace;
}

const piles = (s: State): number[][] => [Array.from(s.captured), Array.from(s.reserve)];

describe("Abalala'e board, setup and tracks", () => {
  it('ABA-01 3x6 board without stores; each player owns his near row and the right half of the centre row', () => {
    const g = make();
    expect(g.geometry.rows).toBe(3);
    expect(g.geometry.cols).toBe(6);
    expect(g.geometry.stores).toHaveLength(0);
    const s = g.newState(1);
    const own = (p: number): number[] => [...Array(18).keys()].filter((h) => s.owners[h] === p);
    expect(own(1)).toEqual([0, 1, 2, 3, 4, 5, 9, 10, 11]);
    expect(own(2)).toEqual([6, 7, 8, 12, 13, 14, 15, 16, 17]);
  });

  it('ABA-02 three counters in every hole, 54 in all (seen before any race with the ludii preset)', () => {
    const s = make({ preset: 'ludii' }).newState(3);
    expect(Array.from(s.counts)).toEqual(new Array(18).fill(3));
    expect(s.total()).toBe(54);
    expect(s.toMove).toBe(1);
  });

  it('ABA-03 P1 sows along TRACK_A_P1, P2 along TRACK_A_P2, the same cycle reversed', () => {
    const g = make();
    expect(Array.from(g.geometry.tracks[0]!.holes)).toEqual([...TRACK_A_P1]);
    expect(Array.from(g.geometry.tracks[1]!.holes)).toEqual([...TRACK_A_P2]);
    expect([...TRACK_A_P1].reverse()).toEqual([17, 16, 15, 14, 13, 12, 6, 7, 8, 9, 10, 11, 5, 4, 3, 2, 1, 0]);
    // A P1 lap of 4 from 4 goes 5, 11, 10, 9; a P2 lap of 4 from 13 goes 12, 6, 7, 8.
    const s = pos(g, '4:4, 13:4, 3:1, 14:1', 1);
    const t = play(g, s, 4);
    expect(t.filter((e) => e.type === 'drop').map((e) => (e as { hole: number }).hole)).toEqual([5, 11, 10, 9]);
    const t2 = play(g, s, 13);
    expect(t2.filter((e) => e.type === 'drop').map((e) => (e as { hole: number }).hole)).toEqual([12, 6, 7, 8]);
  });

  it('facingHoles: two opponent holes in the left half, one in the right half, for both players', () => {
    expect(facingHoles(0)).toEqual([6, 12]);
    expect(facingHoles(2)).toEqual([8, 14]);
    expect(facingHoles(3)).toEqual([15]);
    expect(facingHoles(11)).toEqual([17]);
    expect(facingHoles(17)).toEqual([5, 11]);
    expect(facingHoles(15)).toEqual([3, 9]);
    expect(facingHoles(12)).toEqual([0]);
    expect(facingHoles(7)).toEqual([1]);
  });
});

describe("Abalala'e worked examples (SPEC §5.5)", () => {
  it('ABA-E1 double capture chain (P1): ABA-12 two facing holes, ABA-13 the counter carries on, ABA-14 ends', () => {
    const g = make();
    const s = pos(g, '0:2, 1:1, 3:2, 8:2, 12:1, 13:2, 14:3, 17:4', 1);
    const before = piles(s);
    const t = play(g, s, 0);
    expect(board(s)).toBe('1:2, 4:1, 5:1, 10:1, 12:1, 13:2');
    expect(s.captured[1]).toBe(9);
    expect(s.captured[2]).toBe(0);
    expect(Array.from(s.reserve)).toEqual(before[1]);
    expect(s.toMove).toBe(2);
    const caps = t.filter((e) => e.type === 'capture').map((e) => [(e as { hole: number }).hole, (e as { count: number }).count]);
    expect(caps).toEqual([
      [8, 2],
      [14, 3],
      [17, 4],
    ]);
    // The carry after a capture is cited as ABA-13; the ordinary relay from 3 as ABA-10.
    const relays = t.filter((e) => e.type === 'relay').map((e) => [(e as { hole: number }).hole, e.rule]);
    expect(relays).toEqual([
      [2, 'ABA-13'],
      [3, 'ABA-10'],
      [11, 'ABA-13'],
    ]);
    expect(t.find((e) => e.type === 'turnEnd')?.rule).toBe('ABA-14');
  });

  it('ABA-E2 P2 captures in his right half (one facing hole)', () => {
    const g = make();
    const s = pos(g, '1:3, 3:2, 6:1, 12:2, 15:1', 2);
    const reserve = Array.from(s.reserve);
    play(g, s, 12);
    expect(board(s)).toBe('3:2, 6:2, 8:1, 15:1');
    expect(piles(s)).toEqual([[0, 0, 3], reserve]);
    expect(s.toMove).toBe(1);
  });

  it('ABA-E3 P2 captures in his left half (two facing holes), then relays', () => {
    const g = make();
    const s = pos(g, '1:2, 4:1, 7:1, 10:2, 15:2, 17:1', 2);
    const reserve = Array.from(s.reserve);
    play(g, s, 17);
    expect(board(s)).toBe('1:2, 7:1, 12:1, 13:1, 14:1');
    expect(piles(s)).toEqual([[0, 0, 3], reserve]);
    expect(s.toMove).toBe(1);
  });

  it('ABA-E4 a lap ending in an empty opponent hole ends the turn (ABA-11); Track A goes 9 -> 8', () => {
    const g = make();
    const s = pos(g, '3:2, 9:1, 13:1', 1);
    const reserve = Array.from(s.reserve);
    const t = play(g, s, 9);
    expect(board(s)).toBe('3:2, 8:1, 13:1');
    expect(piles(s)).toEqual([[0, 0, 0], reserve]);
    expect(s.toMove).toBe(2);
    expect(t.find((e) => e.type === 'turnEnd')?.rule).toBe('ABA-11');
  });

  it('ABA-E5 the lock-step race on a constructed position: P1 wins in tick 3, P2 finishes in tick 5', () => {
    const g = make();
    const s = racePos('0:3, 1:3, 2:1, 14:1, 15:3, 16:3, 17:3');
    const t: GameEvent[] = [];
    const out = runRace(s, [0, 0, 17], g.race, t);
    expect(out).toEqual({ winner: 1, loop: false, deadHeat: false, ticks: 5 });
    expect(board(s)).toBe('1:4, 2:2, 3:1, 12:1, 13:1, 15:4, 16:4');
    expect(Array.from(s.captured)).toEqual([0, 0, 0]);
    // Tick by tick: who dropped where, in order.
    const ticks: string[] = [];
    for (const e of t) {
      if (e.type === 'raceTick') ticks.push(`t${e.tick}`);
      else if (e.type === 'drop') ticks.push(`P${e.player}>${e.hole}`);
      else if (e.type === 'relay') ticks.push(`P${e.player}^${e.hole}`);
      else if (e.type === 'raceFinish') ticks.push(`P${e.player}#${e.place}`);
    }
    expect(ticks.join(' ')).toBe('t1 P1>1 P2>16 t2 P2>15 P1>2 t3 P1>3 P1#1 P2>14 P2^14 t4 P2>13 t5 P2>12 P2#2');
    expect(t.filter((e) => e.type === 'capture')).toHaveLength(0);
  });

  it('ABA-E5 variant: with 14 empty both finish in tick 3 and P1, first in that tick, wins', () => {
    const s = racePos('0:3, 1:3, 2:1, 15:3, 16:3, 17:3');
    expect(runRace(s, [0, 0, 17], make().race, null).winner).toBe(1);
    expect(board(s)).toBe('1:4, 2:2, 3:1, 14:1, 15:4, 16:4');
  });

  it('ABA-E6 redistribution: P1 20 lays out 3,3,3,3,3,3,2; P2 34 matches 7 holes and sets 13 aside', () => {
    const g = make();
    const s = pos(g, '', 1);
    s.reserve.fill(0);
    s.captured[1] = 20;
    s.captured[2] = 34;
    const t: GameEvent[] = [];
    expect(g.endRound(s, 'rules', t)).toBe(true);
    expect(board(s)).toBe('0:3, 1:3, 2:3, 3:3, 4:3, 5:3, 6:3, 11:2, 12:3, 13:3, 14:3, 15:3, 16:3, 17:3');
    expect(s.boardTotal()).toBe(41);
    expect(piles(s)).toEqual([
      [0, 0, 0],
      [0, 0, 13],
    ]);
    expect(s.round).toBe(2);
    const red = t.find((e) => e.type === 'redistribute') as Extract<GameEvent, { type: 'redistribute' }>;
    expect(red.counts).toEqual(Array.from(s.counts));
    // New race from holes 0 and 17.
    const after: GameEvent[] = [];
    g.openRound(s, after);
    expect(after.filter((e) => e.type === 'raceStart').map((e) => [(e as { hole: number }).hole, (e as { count: number }).count])).toEqual([
      [0, 3],
      [17, 3],
    ]);
    expect(s.total()).toBe(54);
  });
});

describe("Abalala'e rule clauses", () => {
  it('ABA-04 every round opens with a race from the leftmost holes (0 and 17), recorded tick by tick', () => {
    const g = make();
    const t: GameEvent[] = [];
    const s = g.newState(1, t);
    expect(t.filter((e) => e.type === 'raceStart')).toEqual([
      { type: 'raceStart', player: 1, hole: 0, count: 3, rule: 'ABA-04' },
      { type: 'raceStart', player: 2, hole: 17, count: 3, rule: 'ABA-04' },
    ]);
    const ticks = t.filter((e) => e.type === 'raceTick');
    expect(ticks.length).toBe(s.raceTick);
    expect(ticks.map((e) => (e as { tick: number }).tick)).toEqual([...Array(s.raceTick).keys()].map((i) => i + 1));
    expect(s.total()).toBe(54);
  });

  it('ABA-05 a racer relays from occupied holes and finishes in an empty one; the first to finish wins', () => {
    const g = make();
    const t: GameEvent[] = [];
    const s = g.newState(1, t);
    const fin = t.filter((e) => e.type === 'raceFinish') as Extract<GameEvent, { type: 'raceFinish' }>[];
    expect(fin.map((e) => e.place)).toEqual([1, 2]);
    for (const e of fin) {
      // Each finish is a last counter into a hole that was empty: the hole now holds exactly 1,
      // unless the other racer dropped into it later.
      const i = t.indexOf(e);
      const drop = t[i - 1] as Extract<GameEvent, { type: 'drop' }>;
      expect(drop.type).toBe('drop');
      expect(drop.count).toBe(1);
    }
    for (const e of t) if (e.type === 'relay') expect(e.count).toBeGreaterThan(1);
    expect(s.raceWinner).toBe(fin[0]!.player);
    const end = t.find((e) => e.type === 'raceEnd') as Extract<GameEvent, { type: 'raceEnd' }>;
    expect(end.winner).toBe(fin[0]!.player);
  });

  it('ABA-06 from the symmetric start both racers finish in tick 51: the tick order alone decides the first race', () => {
    // TRACK_A_P2[i] = 17 - TRACK_A_P1[i]: the two racers are mirror images on a mirror board.
    expect(TRACK_A_P1.map((h) => 17 - h)).toEqual([...TRACK_A_P2]);
    const finishes = (o: Record<string, unknown>): string[] => {
      const t: GameEvent[] = [];
      make(o).newState(1, t);
      let tick = 0;
      const out: string[] = [];
      for (const e of t) {
        if (e.type === 'raceTick') tick = e.tick;
        if (e.type === 'raceFinish') out.push(`P${e.player}@${e.hole}/t${tick}`);
      }
      return out;
    };
    expect(finishes({})).toEqual(['P1@15/t51', 'P2@2/t51']);
    expect(finishes({ raceTickOrder: 'p2First' })).toEqual(['P2@2/t51', 'P1@15/t51']);
  });

  it('ABA-06 lock-step: one drop per racer per tick, P1 first on odd ticks and P2 first on even ticks', () => {
    const t: GameEvent[] = [];
    make().newState(1, t);
    let tick = 0;
    let dropsThisTick: number[] = [];
    const check = (): void => {
      if (tick === 0) return;
      const order = tick % 2 === 1 ? [1, 2] : [2, 1];
      const expected = order.filter((p) => dropsThisTick.includes(p));
      expect(dropsThisTick).toEqual(expected);
    };
    for (const e of t) {
      if (e.type === 'raceTick') {
        check();
        tick = e.tick;
        dropsThisTick = [];
        expect(e.order).toEqual(tick % 2 === 1 ? [1, 2] : [2, 1]);
      } else if (e.type === 'drop') dropsThisTick.push(e.player);
    }
    check();
    expect(tick).toBeGreaterThan(3);
  });

  it('ABA-07 no captures in the race by default; with raceCaptures a racer captures and carries on', () => {
    // P1 lifts 2 from 0: 1, then 2 (empty, own, left half) facing {8, 14}. P2 lifts 1 from 17: 16 (empty).
    const plain = racePos('0:2, 8:1, 14:2, 17:1');
    runRace(plain, [0, 0, 17], make().race, null);
    expect(board(plain)).toBe('1:1, 2:1, 8:1, 14:2, 16:1');
    expect(Array.from(plain.captured)).toEqual([0, 0, 0]);

    const s = racePos('0:2, 8:1, 14:2, 17:1');
    const t: GameEvent[] = [];
    const out = runRace(s, [0, 0, 17], make({ raceCaptures: true }).race, t);
    // P2 finished in tick 1; P1 captures 3 in tick 2 and his single counter steps into 3 in tick
    // 3: empty, own, facing {15} empty -> finished.
    expect(out.winner).toBe(2);
    expect(board(s)).toBe('1:1, 3:1, 16:1');
    expect(Array.from(s.captured)).toEqual([0, 3, 0]);
    expect(t.filter((e) => e.type === 'capture').map((e) => (e as { hole: number }).hole)).toEqual([8, 14]);
  });

  it('ABA-08 the race winner makes the first turn; then the players alternate', () => {
    const g = make();
    const s = g.newState(1);
    expect(s.phase).toBe(PHASE_PLAY);
    expect(s.toMove).toBe(s.raceWinner);
    expect(s.roundStarter).toBe(s.raceWinner);
    const first = s.toMove;
    g.apply(s, legal(g, s)[0]!);
    expect(s.toMove).toBe(3 - first);
  });

  it('ABA-09 a turn may start from any own hole holding a counter, and from no other', () => {
    const g = make();
    const s = pos(g, '0:1, 2:3, 9:2, 11:1, 6:4, 13:1, 17:2', 1);
    expect(legal(g, s)).toEqual([0, 2, 9, 11]);
    s.toMove = 2;
    expect(legal(g, s)).toEqual([6, 13, 17]);
  });

  it('ABA-10 a lap ending in an occupied hole (of either owner) is lifted and sown on', () => {
    const g = make();
    // P1 from 4 (2): 5, 11 -> 11 had 1 (own, occupied) -> lift 2: 10, 9 -> 9 had 1 -> lift 2: 8, 7.
    // 7 is P2's and held 1 -> lift 2: 6, 12 -> 12 empty, P2's -> end.
    const s = pos(g, '4:2, 11:1, 9:1, 7:1, 13:1', 1);
    const t = play(g, s, 4);
    expect(t.filter((e) => e.type === 'relay').map((e) => [(e as { hole: number }).hole, e.rule])).toEqual([
      [11, 'ABA-10'],
      [9, 'ABA-10'],
      [7, 'ABA-10'],
    ]);
    expect(board(s)).toBe('5:1, 6:1, 8:1, 10:1, 12:1, 13:1');
  });

  it('ABA-11 ending in an empty opponent hole ends the turn with no capture, even with counters facing', () => {
    const g = make();
    // P1 from 9 (1) -> 8 (P2's, empty): the turn ends although 14 (same column) holds 2.
    const s = pos(g, '9:1, 2:4, 14:2', 1);
    play(g, s, 9);
    expect(board(s)).toBe('2:4, 8:1, 14:2');
    expect(Array.from(s.captured)).toEqual([0, 0, 0]);
  });

  it('ABA-12 an empty own hole in the right half captures the one facing hole only', () => {
    const g = make();
    // P1 from 3 (1) -> 4 (empty, own, right half): facing {16}; 10 is P1's own hole, not captured.
    const s = pos(g, '3:1, 10:2, 16:5, 13:1', 1);
    const t = play(g, s, 3);
    expect(t.filter((e) => e.type === 'capture').map((e) => [(e as { hole: number }).hole, (e as { count: number }).count])).toEqual([
      [16, 5],
    ]);
    // The capturing counter carries on to 5 (empty, own, facing {17} empty) and stops.
    expect(board(s)).toBe('5:1, 10:2, 13:1');
    expect(s.captured[1]).toBe(5);
  });

  it('ABA-13 after a capture the single counter steps on: into an empty opponent hole it stops', () => {
    const g = make();
    // P1 from 10 (1) -> 9 (empty own, facing {15}=2) -> carry 1 -> 8 (P2's, empty): ABA-11.
    const s = pos(g, '0:1, 10:1, 15:2, 7:1', 1);
    const t = play(g, s, 10);
    expect(board(s)).toBe('0:1, 7:1, 8:1');
    expect(s.captured[1]).toBe(2);
    expect(t.find((e) => e.type === 'turnEnd')?.rule).toBe('ABA-11');
    // ... and into an occupied hole it relays (ABA-10): P1 from 10 -> 9 captures {15}; carry -> 8 (1 -> 2) -> lift: 7, 6.
    const u = pos(g, '0:1, 10:1, 15:2, 8:1, 12:1', 1);
    play(g, u, 10);
    expect(board(u)).toBe('0:1, 6:1, 7:1, 12:1');
    expect(u.captured[1]).toBe(2);
  });

  it('ABA-14 an empty own hole with nothing facing ends the turn; the counter stays', () => {
    const g = make();
    const s = pos(g, '1:1, 13:1', 1);
    const t = play(g, s, 1);
    expect(board(s)).toBe('2:1, 13:1');
    expect(t.filter((e) => e.type === 'turnEnd').map((e) => e.rule)).toEqual(['ABA-14']);
  });

  it('ABA-15 the round ends at the end of the turn when a side is empty; the other takes what is left', () => {
    const g = make();
    // P1 from 5 (1) -> 11 (empty own, right half) captures {17} = 2, P2's last counters on his side;
    // carry -> 10 (empty own, facing {16} empty) -> end. P2 has nothing: P1 takes the board.
    const s = pos(g, '5:1, 17:2, 3:4', 1);
    s.reserve[1] = 0;
    s.reserve[2] = 47;
    const t: GameEvent[] = [];
    g.apply(s, 5, t);
    const end = t.find((e) => e.type === 'roundEnd') as Extract<GameEvent, { type: 'roundEnd' }>;
    expect(end.rule).toBe('ABA-15');
    expect(end.totals).toEqual([0, 7, 47]);
    // Redistribution (ABA-16): P1 (7) lays out 3, 3, 1 in 0, 1, 2; P2 puts 3 in 17, 16, 15 and sets 38 aside.
    const red = t.find((e) => e.type === 'redistribute') as Extract<GameEvent, { type: 'redistribute' }>;
    expect(makeSparse(red.counts, new Array(18).fill(0))).toBe('0:3, 1:3, 2:1, 15:3, 16:3, 17:3');
    expect(red.reserve).toEqual([0, 0, 38]);
    expect(s.round).toBe(2);
    expect(s.total()).toBe(54);
    expect(END_REASONS[s.endReason]).toBe('rules');
  });

  it('ABA-15 (B7) a side emptied only in the middle of a turn does not end the round', () => {
    const g = make();
    // P2 from 8 (1) -> 9 (1 -> 2): the relay lifts P1's only counters, then sows 10, 11 -> 11 is
    // empty and P1's -> end. P1's side was empty mid-turn but not at the end of the turn.
    const s = pos(g, '8:1, 9:1, 13:1', 2);
    const t = play(g, s, 8);
    expect(t.some((e) => e.type === 'relay' && e.hole === 9)).toBe(true);
    expect(t.some((e) => e.type === 'roundEnd')).toBe(false);
    expect(board(s)).toBe('10:1, 11:1, 13:1');
    expect(s.round).toBe(1);
    expect(s.toMove).toBe(1);
  });

  it('ABA-16 the poorer player lays out all his counters three to a hole along his track', () => {
    const g = make();
    for (const [low, holes] of [
      [1, '0:1'],
      [4, '0:3, 1:1'],
      [26, '0:3, 1:3, 2:3, 3:3, 4:3, 5:3, 9:2, 10:3, 11:3'],
    ] as const) {
      const s = pos(g, '', 1);
      s.reserve.fill(0);
      s.captured[1] = low;
      s.captured[2] = 54 - low;
      g.redistribute(s, null);
      const p1 = makeSparse(
        Array.from(s.counts, (c, h) => (s.owners[h] === 1 ? c : 0)),
        new Array(18).fill(0),
      );
      expect(p1).toBe(holes);
      expect(s.total()).toBe(54);
    }
    expect(LAYOUT_ORDER[1]).toEqual([0, 1, 2, 3, 4, 5, 11, 10, 9]);
    expect(LAYOUT_ORDER[2]).toEqual([17, 16, 15, 14, 13, 12, 6, 7, 8]);
  });

  it('ABA-17 the richer matches three per hole in as many holes, even where the poorer has fewer; equal totals fill all nine', () => {
    const g = make();
    const s = pos(g, '', 1);
    s.reserve.fill(0);
    s.captured[1] = 40;
    s.captured[2] = 14;
    g.redistribute(s, null);
    // P2 (14) lays out 3,3,3,3,2 in 17,16,15,14,13; P1 puts 3 in 0..4 and keeps 25 aside.
    expect(board(s)).toBe('0:3, 1:3, 2:3, 3:3, 4:3, 13:2, 14:3, 15:3, 16:3, 17:3');
    expect(piles(s)).toEqual([
      [0, 0, 0],
      [0, 25, 0],
    ]);
    const e = pos(g, '', 1);
    e.reserve.fill(0);
    e.captured[1] = 27;
    e.captured[2] = 27;
    g.redistribute(e, null);
    expect(Array.from(e.counts)).toEqual(new Array(18).fill(3));
    expect(piles(e)).toEqual([
      [0, 0, 0],
      [0, 0, 0],
    ]);
  });

  it('ABA-18 winnings set aside count at the next redistribution (option winningsCountLater)', () => {
    const round = (o: Record<string, unknown>): State => {
      const g = make(o);
      const s = pos(g, '', 1);
      s.captured[1] = 10;
      s.captured[2] = 20;
      s.reserve[1] = 20;
      s.reserve[2] = 4;
      g.redistribute(s, null);
      return s;
    };
    // Counted: P2 24 < P1 30: P2 lays out 24 in 8 holes, P1 matches 8 holes and keeps 6.
    const a = round({});
    expect(a.boardTotal()).toBe(48);
    expect(piles(a)).toEqual([
      [0, 0, 0],
      [0, 6, 0],
    ]);
    // Not counted: P1 10 < P2 20 of this round: P1 lays out 10 in 4 holes, P2 matches 4 (12) and banks 8 more.
    const b = round({ winningsCountLater: false });
    expect(board(b)).toBe('0:3, 1:3, 2:3, 3:1, 14:3, 15:3, 16:3, 17:3');
    expect(piles(b)).toEqual([
      [0, 0, 0],
      [0, 20, 12],
    ]);
    expect(b.total()).toBe(54);
  });

  it('ABA-19 every new round opens with a race again (after the redistribution)', () => {
    const g = make();
    const s = pos(g, '5:1, 17:2, 3:4', 1);
    s.reserve[1] = 0;
    s.reserve[2] = 47;
    const t: GameEvent[] = [];
    g.apply(s, 5, t);
    const i = t.findIndex((e) => e.type === 'redistribute');
    const starts = t.slice(i).filter((e) => e.type === 'raceStart');
    expect(starts.map((e) => (e as { hole: number }).hole)).toEqual([0, 17]);
    expect(t.slice(i).some((e) => e.type === 'raceEnd')).toBe(true);
    expect(s.phase).toBe(PHASE_PLAY);
    expect(s.toMove).toBe(s.raceWinner);
  });

  it('ABA-20 the match ends when one player holds all 54 counters', () => {
    const g = make();
    // P2 from 17 (1) -> 16 (empty own, left half) captures {10, 4} = 1; carry -> 15 (empty own,
    // facing {9, 3} empty) -> end. P1 has nothing: P2 takes 15 and owns all 54.
    const s = pos(g, '4:1, 17:1', 2);
    s.reserve[1] = 0;
    s.reserve[2] = 52;
    const t: GameEvent[] = [];
    g.apply(s, 17, t);
    expect(s.phase).toBe(PHASE_OVER);
    expect(s.winner).toBe(2);
    expect(Array.from(s.scores)).toEqual([0, 0, 54]);
    expect(t[t.length - 1]).toEqual({ type: 'matchEnd', winner: 2, scores: [0, 0, 54], reason: 'rules', rule: 'ABA-20' });
    const out = new Float64Array(3);
    g.returns(s, out);
    expect(Array.from(out)).toEqual([0, 0, 1]);
    expect(legal(g, s)).toEqual([]);
  });
});

describe("Abalala'e options", () => {
  it('openingMode p1First (the ludii preset: one round, no race) and random (seeded coin)', () => {
    const l = make({ preset: 'ludii' });
    expect(l.options['rounds']).toBe(1);
    const t: GameEvent[] = [];
    const s = l.newState(5, t);
    expect(t.filter((e) => e.type.startsWith('race'))).toHaveLength(0);
    expect(s.toMove).toBe(1);
    const r = make({ openingMode: 'random' });
    const firsts = new Set<number>();
    for (let seed = 1; seed <= 20; seed++) {
      const a = r.newState(seed);
      expect(a.toMove).toBe(1 + new Rng(seed).int(2));
      expect(Array.from(a.counts)).toEqual(new Array(18).fill(3));
      firsts.add(a.toMove);
    }
    expect(firsts).toEqual(new Set([1, 2]));
  });

  it('rounds = 1 ends the match after the first round; the larger holding wins', () => {
    const g = make({ rounds: 1 });
    const s = pos(g, '5:1, 17:2, 3:4', 1);
    s.reserve[1] = 0;
    s.reserve[2] = 47;
    g.apply(s, 5);
    expect(s.phase).toBe(PHASE_OVER);
    expect(s.winner).toBe(2);
    expect(Array.from(s.scores)).toEqual([0, 7, 47]);
    expect(END_REASONS[s.endReason]).toBe('rounds');
  });

  it('skipOriginOnLongLaps: the 18th counter of an 18-counter lap passes over the origin hole', () => {
    const firstLap = (skip: boolean): string[] => {
      const g = make({ skipOriginOnLongLaps: skip });
      const s = pos(g, '0:18, 13:1', 1);
      const t = play(g, s, 0);
      expect(s.total()).toBe(54);
      const out: string[] = [];
      for (const e of t.slice(1)) {
        if (e.type === 'drop') out.push(String(e.hole));
        else if (e.type === 'skip') out.push(`skip${e.hole}`);
        else break;
      }
      return out.slice(0, 19);
    };
    const track = [1, 2, 3, 4, 5, 11, 10, 9, 8, 7, 6, 12, 13, 14, 15, 16, 17].map(String);
    expect(firstLap(false).slice(0, 18)).toEqual([...track, '0']);
    expect(firstLap(true).slice(0, 19)).toEqual([...track, 'skip0', '1']);
  });

  it('bad options are errors with codes; aliases find the ruleset', () => {
    const bad = abalalae.create({ openingMode: 'coin' });
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.error.code).toBe('ERR_OPTION');
    const unknown = abalalae.create({ captureGate: 'none' });
    expect(unknown.ok).toBe(false);
    for (const name of ["Abalala'e", 'abalalae', 'ABALALAE']) expect(unwrap(getRuleset(name)).info.id).toBe('abalalae');
    for (const spec of abalalae.options) {
      if (spec.kind !== 'integer')
        for (const v of spec.kind === 'choice' ? spec.values : ['true', 'false']) expect(spec.explain[v as 'true']).toBeTruthy();
    }
  });

  it('provenance: Pankhurst 1971 with pages, the region, and reconstructions naming their options', () => {
    const i = abalalae.info;
    expect(i.sources[0]!.year).toBe(1971);
    expect(i.sources[0]!.pages).toContain('163');
    expect(i.region).toMatch(/Eritrea/);
    const names = new Set(abalalae.options.map((o) => o.name));
    for (const r of i.reconstructions) if (r.option) for (const o of r.option.split(', ')) expect(names.has(o)).toBe(true);
  });
});

describe("Abalala'e guards (SPEC §8)", () => {
  // P2's sowing from 6 never ends (checked below by plain simulation).
  const PERPETUAL = '1:1, 3:1, 5:1, 6:2, 8:1, 10:1, 12:1, 14:1, 16:1, 17:2';

  it('§8.1 a perpetual start: the plain simulation repeats; legalMoves drops it, candidateMoves keeps it, apply refuses it', () => {
    // Independent check: lap-start states (board, hole) of P2's relay from 6 repeat, captures
    // and carries (ABA-12/13) included.
    const b = new Array<number>(18).fill(0);
    for (const e of unwrap(parseSparse(PERPETUAL, 18))) b[e.hole] = e.count;
    const owner = [1, 1, 1, 1, 1, 1, 2, 2, 2, 1, 1, 1, 2, 2, 2, 2, 2, 2];
    const nxt = (h: number): number => TRACK_A_P2[(TRACK_A_P2.indexOf(h as 17) + 1) % 18]!;
    const seen = new Set<string>();
    let hole = 6;
    let repeated = false;
    for (let lap = 0; lap < 100_000; lap++) {
      const key = `${b.join(',')}@${hole}`;
      if (seen.has(key)) {
        repeated = true;
        break;
      }
      seen.add(key);
      let hand = b[hole]!;
      b[hole] = 0;
      let cur = hole;
      while (hand > 0) {
        cur = nxt(cur);
        b[cur]!++;
        hand--;
      }
      if (b[cur] === 1) {
        const facing = facingHoles(cur);
        if (owner[cur] !== 2 || facing.every((f) => b[f] === 0)) break; // the turn would end
        for (const f of facing) b[f] = 0;
      }
      hole = cur;
    }
    expect(repeated).toBe(true);

    const g = make();
    const s = pos(g, PERPETUAL, 2);
    const cand = new Int32Array(MAX_MOVES);
    expect(Array.from(cand.subarray(0, g.candidateMoves(s, cand)))).toContain(6);
    expect(legal(g, s)).not.toContain(6);
    expect(legal(g, s).length).toBeGreaterThan(0);
    expect(g.apply(s.clone(), 6)).toBe(false);
    const pm = g.parseMove(s, '6');
    expect(pm.ok).toBe(false);
    if (!pm.ok) expect(pm.error.code).toBe('ERR_ILLEGAL_MOVE');
  });

  it('§8.1 perpetualMove = endTurnAtRepeat ends the turn; drawRound ends the round as a guard', () => {
    const g = make({ perpetualMove: 'endTurnAtRepeat' });
    const s = pos(g, PERPETUAL, 2);
    expect(legal(g, s)).toContain(6);
    expect(g.apply(s, 6)).toBe(true);
    expect(s.toMove).toBe(1);
    expect(s.total()).toBe(54);
    expect(s.round).toBe(1);
    const d = make({ perpetualMove: 'drawRound' });
    const u = pos(d, PERPETUAL, 2);
    const t: GameEvent[] = [];
    expect(d.apply(u, 6, t)).toBe(true);
    expect(u.guardEnds).toBe(1);
    expect((t.find((e) => e.type === 'roundEnd') as { reason: string }).reason).toBe('perpetual');
    expect(u.total()).toBe(54);
  });

  it('§8.1/§8.2 a player whose every start reaches maxLapsPerTurn passes', () => {
    const g = make({ maxLapsPerTurn: 16 });
    const s = pos(g, '0:2, 1:4, 2:2, 3:1, 4:1, 6:2, 7:1, 8:2, 9:1, 10:2, 11:3, 12:1, 13:3, 14:1, 15:2, 16:2, 17:1', 1);
    expect(legal(g, s)).toEqual([MOVE_PASS]);
    const t: GameEvent[] = [];
    g.apply(s, MOVE_PASS, t);
    expect(t).toEqual([{ type: 'pass', player: 1, rule: '§8.1' }]);
    expect(s.toMove).toBe(2);
    expect(s.passes).toBe(1);
    // With the default cap the same player has ordinary moves.
    expect(
      legal(make(), pos(make(), '0:2, 1:4, 2:2, 3:1, 4:1, 6:2, 7:1, 8:2, 9:1, 10:2, 11:3, 12:1, 13:3, 14:1, 15:2, 16:2, 17:1', 1)),
    ).not.toContain(MOVE_PASS);
  });

  it('§8.3 threefold repetition ends the round; ownerTakes gives each player his own holes', () => {
    const g = make();
    // P1: 9 -> 8 (P2's, empty) ends; P2: 8 -> 9 (P1's, empty) ends: back where we started.
    const s = pos(g, '2:1, 9:1, 10:1, 13:1', 1);
    const t: GameEvent[] = [];
    for (const m of [9, 8, 9]) g.apply(s, m, t);
    expect(s.round).toBe(1);
    g.apply(s, 8, t);
    const end = t.find((e) => e.type === 'roundEnd') as Extract<GameEvent, { type: 'roundEnd' }>;
    expect(end.reason).toBe('repetition');
    expect(s.guardEnds).toBe(1);
    expect(s.round).toBe(2);
    const caps = t.filter((e) => e.type === 'capture').map((e) => [(e as { player: number }).player, (e as { hole: number }).hole]);
    expect(caps).toEqual([
      [1, 2],
      [1, 9],
      [1, 10],
      [2, 13],
    ]);
    expect(s.total()).toBe(54);
  });

  it('§8.3 roundStalemate = draw ends the match drawn; maxTurnsPerRound caps a round', () => {
    const g = make({ roundStalemate: 'draw' });
    const s = pos(g, '2:1, 9:1, 10:1, 13:1', 1);
    for (const m of [9, 8, 9, 8]) g.apply(s, m);
    expect(s.phase).toBe(PHASE_OVER);
    expect(s.winner).toBe(0);
    expect(END_REASONS[s.endReason]).toBe('repetition');
    const c = make({ maxTurnsPerRound: 2 });
    const u = pos(c, '2:1, 9:1, 10:1, 13:1', 1);
    c.apply(u, 9);
    expect(u.round).toBe(1);
    c.apply(u, 8);
    expect(u.round).toBe(2);
    expect(u.guardEnds).toBe(1);
    expect(END_REASONS[u.endReason]).toBe('turnCap');
  });
});

describe("Abalala'e interface", () => {
  it('moveText / parseMove round-trip; bad input gives coded errors', () => {
    const g = make();
    const s = pos(g, '0:1, 2:3, 13:1', 1);
    for (const m of legal(g, s)) expect(unwrap(g.parseMove(s, g.moveText(s, m)))).toBe(m);
    const cases: [string, string][] = [
      ['x', 'ERR_MOVE_SYNTAX'],
      ['13', 'ERR_ILLEGAL_MOVE'],
      ['1', 'ERR_ILLEGAL_MOVE'],
      ['pass', 'ERR_ILLEGAL_MOVE'],
      ['99', 'ERR_ILLEGAL_MOVE'],
    ];
    for (const [text, code] of cases) {
      const r = g.parseMove(s, text);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error.code).toBe(code);
    }
  });

  it('evaluate is material in [-1, 1], zero-sum between the players', () => {
    const g = make();
    const s = pos(g, '0:5, 13:1', 1);
    s.reserve[1] = 40;
    s.reserve[2] = 8;
    const v = g.evaluate(s, 1);
    expect(v).toBeCloseTo((45 - 9) / 54);
    expect(g.evaluate(s, 2)).toBeCloseTo(-v);
    expect(g.evaluate(g.newState(1), 1)).toBeGreaterThanOrEqual(-1);
  });

  it('validate: conservation, owners, phase', () => {
    const g = make();
    const s = g.newState(1);
    expect(g.validate(s).ok).toBe(true);
    const a = s.clone();
    a.counts[3]!++;
    expect(g.validate(a).ok).toBe(false);
    const b = s.clone();
    b.owners[0] = 2;
    expect(g.validate(b).ok).toBe(false);
    const c = s.clone();
    c.phase = PHASE_RACE;
    expect(g.validate(c).ok).toBe(false);
    const d = pos(g, '0:1, 13:1', 1);
    expect(g.validate(d).ok).toBe(true);
    const e = pos(g, '0:1, 1:1', 1);
    expect(g.validate(e).ok).toBe(false);
  });

  it('extraToJSON / extraFromJSON: no extra fields; unknown ones are rejected', () => {
    const g = make();
    const s = g.newState(1);
    expect(g.extraToJSON(s)).toEqual({});
    expect(g.extraFromJSON(s, {}).ok).toBe(true);
    const r = g.extraFromJSON(s, { wegue: 1 });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.code).toBe('ERR_POSITION');
  });
});

describe('SPEC §12: race dead heats (ABA-06, §7.4)', () => {
  it(
    'ABA-06 / §7.4 from the standard start the race is a dead heat: raceTie = coin (default) lets either player ' +
      'start, raceTie = tickOrder always player 1',
    () => {
      const coin = make();
      const tick = make({ raceTie: 'tickOrder' });
      const first = [0, 0, 0];
      for (let seed = 1; seed <= 200; seed++) {
        const trace: GameEvent[] = [];
        const s = coin.newState(seed, trace);
        const end = trace.find((e) => e.type === 'raceEnd');
        expect(end).toMatchObject({ type: 'raceEnd', deadHeat: true, loop: false, rule: 'ABA-06', winner: s.toMove });
        expect(coin.newState(seed).toMove).toBe(s.toMove);
        first[s.toMove]!++;
        const t = tick.newState(seed);
        expect(t.toMove).toBe(1);
        // The coin decides only who starts: the board after the race is the same.
        expect([...t.counts]).toEqual([...s.counts]);
      }
      // A fair coin over 200 seeds: each side within 70..130 (p < 1e-4 outside).
      expect(first[1]).toBeGreaterThan(70);
      expect(first[2]).toBeGreaterThan(70);
    },
  );

  it('ABA-06 / §7.4 raceTie is listed with its default and SPEC §12 history', () => {
    const spec = abalalae.options.find((o) => o.name === 'raceTie');
    expect(spec).toMatchObject({
      kind: 'choice',
      values: ['coin', 'tickOrder'],
      default: 'coin',
      since: { date: '2026-11-30', before: 'tickOrder' },
    });
    // A set of options naming every option but raceTie was written before it existed: tickOrder.
    const old: Record<string, unknown> = { ...make().options };
    delete old['raceTie'];
    const notes: string[] = [];
    const g = unwrap(abalalae.create(old, notes));
    expect(g.options['raceTie']).toBe('tickOrder');
    expect(notes.join(' ')).toMatch(/raceTie.*tickOrder/);
    // A partial set (a person choosing a few options) gets today's default.
    expect(make({ rounds: 1 }).options['raceTie']).toBe('coin');
  });
});
