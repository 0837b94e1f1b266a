import { describe, expect, it } from 'vitest';
import { unwrap } from '../core/errors.js';
import type { GameEvent } from '../core/events.js';
import { MAX_MOVES, MOVE_PASS, type Game } from '../core/game.js';
import { TRACK_G } from '../core/geometry.js';
import { parseSparse } from '../core/sparse.js';
import { PHASE_CHOOSE, PHASE_CONTINUE, PHASE_OVER, PHASE_PLAY, type State } from '../core/state.js';
import { entitlements, gabataAdowa, gabataAksum, ownerSegments, transferHoles } from './gabata.js';

const adowa = (o: Record<string, unknown> = {}): Game => unwrap(gabataAdowa.create(o));
const aksum = (o: Record<string, unknown> = {}): Game => unwrap(gabataAksum.create(o));

/** A mid-round position from SPEC's sparse board text; `turn` > 0 means the gate is past. */
function pos(game: Game, board: string, toMove: number, opts: { turn?: number; phase?: number; round?: number } = {}): State {
  const s = game.newState(1);
  s.counts.fill(0);
  s.marks.fill(0);
  for (const e of unwrap(parseSparse(board, 18))) {
    s.counts[e.hole] = e.count;
    s.marks[e.hole] = e.mark;
  }
  // The rest of the 54 counters are in hands, so totals stay true.
  const rest = game.counterTotal - s.boardTotal();
  s.captured[1] = Math.ceil(rest / 2);
  s.captured[2] = Math.floor(rest / 2);
  s.toMove = toMove;
  s.turn = opts.turn ?? 5;
  s.aux[0] = 0b1110;
  s.phase = opts.phase ?? PHASE_PLAY;
  s.round = opts.round ?? 1;
  return s;
}

function board(s: State): string {
  const parts: string[] = [];
  for (let h = 0; h < 18; h++) {
    if (s.counts[h] !== 0 || s.marks[h] !== 0) parts.push(s.marks[h] ? `${h}:${s.counts[h]}(W${s.marks[h]})` : `${h}:${s.counts[h]}`);
  }
  return parts.join(', ');
}

function legal(game: Game, s: State): number[] {
  const buf = new Int32Array(MAX_MOVES);
  return Array.from(buf.subarray(0, game.legalMoves(s, buf)));
}

function play(game: Game, s: State, ...moves: number[]): GameEvent[] {
  const trace: GameEvent[] = [];
  for (const m of moves) {
    expect(legal(game, s)).toContain(m);
    expect(game.apply(s, m, trace)).toBe(true);
  }
  return trace;
}

describe('Gabata board and setup', () => {
  it('ADW-01 three rows of six holes and no stores; ADW-02 three counters in each of the 18 holes', () => {
    const g = adowa();
    expect(g.geometry.rows).toBe(3);
    expect(g.geometry.cols).toBe(6);
    expect(g.geometry.stores).toHaveLength(0);
    const s = g.newState(1);
    expect(Array.from(s.counts)).toEqual(new Array(18).fill(3));
    expect(s.total()).toBe(54);
  });

  it('ADW-03 ownership: own near row and the right half of the centre row', () => {
    const s = adowa().newState(1);
    const p1 = [...Array(18).keys()].filter((h) => s.owners[h] === 1);
    expect(p1).toEqual([0, 1, 2, 3, 4, 5, 9, 10, 11]);
    // A wegue is not an ordinary hole: it cannot be started from.
    const g = adowa();
    const t = pos(g, '0:2, 1:3(W2), 12:1', 1);
    t.owners[1] = 1;
    expect(legal(g, t)).toEqual([0]);
  });

  it('ADW-04 every lap follows Track G, the same cycle for both players', () => {
    const g = adowa();
    expect(Array.from(g.geometry.tracks[0]!.holes)).toEqual([...TRACK_G]);
    const s = pos(g, '8:1, 12:1', 2);
    const ev = play(g, s, 8);
    expect(ev.filter((e) => e.type === 'drop').map((e) => (e as { hole: number }).hole)).toEqual([0]);
  });

  it("ADW-05 sowing drops one counter into each next hole: own, the opponent's ordinary holes and wegues alike", () => {
    const g = adowa();
    // P1 sows 11 (5): 10 (own, 0 -> 1), 9 (P2's wegue on P1's side, 2 -> 3), 17 (P2's ordinary,
    // 1 -> 2), 16 (P1's wegue on P2's side, 4 -> 5), 15 (P2's ordinary, empty: the turn ends).
    const s = pos(g, '11:5, 9:2(W2), 17:1, 16:4(W1), 12:1', 1);
    const ev = play(g, s, 11);
    const drops = ev.filter((e) => e.type === 'drop').map((e) => (e as { hole: number }).hole);
    expect(drops).toEqual([10, 9, 17, 16, 15]);
    expect(drops.map((h) => s.owners[h])).toEqual([1, 1, 2, 2, 2]);
    expect(ev.some((e) => e.type === 'skip')).toBe(false);
    expect(board(s)).toBe('9:3(W2), 10:1, 12:1, 15:1, 16:5(W1), 17:2');
    expect(s.toMove).toBe(2);
  });

  it('ADW-06 the first player is P1 by default, and can be chosen', () => {
    expect(adowa().newState(1).toMove).toBe(1);
    expect(adowa({ firstPlayer: 'P2' }).newState(1).toMove).toBe(2);
    const seen = new Set<number>();
    for (let seed = 0; seed < 20; seed++) seen.add(adowa({ firstPlayer: 'random' }).newState(seed).toMove);
    expect([...seen].sort()).toEqual([1, 2]);
  });

  it('ADW-07 a turn starts from an ordinary own hole with counters', () => {
    const g = adowa();
    expect(legal(g, g.newState(1))).toEqual([0, 1, 2, 3, 4, 5, 9, 10, 11]);
    const s = pos(g, '0:0, 1:2, 5:4(W1), 12:3', 1);
    expect(legal(g, s)).toEqual([1]);
    expect(unwrap(g.parseMove(s, '1'))).toBe(1);
    const bad = g.parseMove(s, '12');
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.error.code).toBe('ERR_ILLEGAL_MOVE');
  });
});

describe('Gabata sowing (ADW-E1..E6)', () => {
  it('ADW-08 relay and ADW-09 end in an empty hole: ADW-E1', () => {
    const g = adowa();
    const s = pos(g, '4:2, 11:1, 13:2', 1);
    const ev = play(g, s, 4);
    expect(board(s)).toBe('5:1, 9:1, 10:1, 13:2');
    expect(ev.some((e) => e.type === 'relay' && e.hole === 11 && e.rule === 'ADW-08')).toBe(true);
    expect(ev.some((e) => e.type === 'turnEnd' && e.rule === 'ADW-09')).toBe(true);
    expect(s.toMove).toBe(2);
  });

  it('ADW-10 wegue creation and ADW-13 continuation: ADW-E2', () => {
    const g = adowa();
    const s = pos(g, '0:1, 10:2, 12:2, 17:3', 1);
    const ev = play(g, s, 10);
    expect(board(s)).toBe('0:1, 9:1, 12:2, 17:4(W1)');
    expect(ev.some((e) => e.type === 'mark' && e.hole === 17 && e.rule === 'ADW-10')).toBe(true);
    expect(s.phase).toBe(PHASE_CONTINUE);
    expect(s.toMove).toBe(1);
    expect(legal(g, s)).toEqual([0, 9]);
    play(g, s, 0);
    expect(board(s)).toBe('1:1, 9:1, 12:2, 17:4(W1)');
    expect(s.toMove).toBe(2);
    expect(s.phase).toBe(PHASE_PLAY);
  });

  it('ADW-E2 under the ludii preset: the turn ends when the wegue is made', () => {
    const g = adowa({ preset: 'ludii' });
    const s = pos(g, '0:1, 10:2, 12:2, 17:3', 1);
    play(g, s, 10);
    expect(board(s)).toBe('0:1, 9:1, 12:2, 17:4(W1)');
    expect(s.toMove).toBe(2);
  });

  it('ADW-13 optional continuation lets the mover stop; none ends the turn', () => {
    const g = adowa({ wegueContinuation: 'optional' });
    const s = pos(g, '0:1, 10:2, 12:2, 17:3', 1);
    play(g, s, 10);
    expect(legal(g, s)).toEqual([0, 9, MOVE_PASS]);
    play(g, s, MOVE_PASS);
    expect(s.toMove).toBe(2);
    expect(board(s)).toBe('0:1, 9:1, 12:2, 17:4(W1)');
  });

  it("ADW-14 last counter into the opponent's wegue takes two: ADW-E3", () => {
    const g = adowa();
    const s = pos(g, '0:1, 1:2, 3:5(W2), 12:2', 1);
    const before = s.captured[1]!;
    const ev = play(g, s, 1);
    expect(board(s)).toBe('0:1, 2:1, 3:4(W2), 12:2');
    expect(s.captured[1]! - before).toBe(2);
    expect(ev.some((e) => e.type === 'capture' && e.count === 2 && e.rule === 'ADW-14')).toBe(true);
    expect(s.toMove).toBe(2);
  });

  it('ADW-14 an empty opponent wegue gives up only the dropped counter', () => {
    const g = adowa();
    const s = pos(g, '2:1, 3:0(W2), 12:2', 1);
    const before = s.captured[1]!;
    play(g, s, 2);
    expect(s.captured[1]! - before).toBe(1);
    expect(s.counts[3]).toBe(0);
  });

  it("ADW-15 last counter into the mover's own wegue ends the turn: ADW-E4", () => {
    const g = adowa();
    const s = pos(g, '9:2, 12:2, 16:4(W1)', 1);
    const ev = play(g, s, 9);
    expect(board(s)).toBe('12:2, 16:5(W1), 17:1');
    expect(ev.some((e) => e.type === 'turnEnd' && e.rule === 'ADW-15')).toBe(true);
    expect(s.toMove).toBe(2);
  });

  it('ADW-11 capture gate on the opening turn: ADW-E5 (a long relay, no wegue)', () => {
    const g = adowa();
    const s = g.newState(1);
    const ev = play(g, s, 10);
    expect(Array.from(s.counts)).toEqual([1, 4, 4, 4, 0, 4, 5, 5, 5, 0, 1, 4, 1, 0, 5, 5, 1, 5]);
    expect(ev.filter((e) => e.type === 'relay')).toHaveLength(6);
    expect(s.marks.every((m) => m === 0)).toBe(true);
    expect(s.toMove).toBe(2);
  });

  it('ADW-E5 with captureGate=none: lap 1 makes hole 16 a wegue and P1 sows again', () => {
    const g = adowa({ captureGate: 'none' });
    const s = g.newState(1);
    play(g, s, 10);
    expect(board(s)).toBe('0:3, 1:3, 2:3, 3:3, 4:3, 5:3, 6:3, 7:3, 8:3, 9:4, 11:3, 12:3, 13:3, 14:3, 15:3, 16:4(W1), 17:4');
    expect(s.phase).toBe(PHASE_CONTINUE);
    const ludii = adowa({ preset: 'ludii' });
    const t = ludii.newState(1);
    play(ludii, t, 10);
    expect(t.toMove).toBe(2);
    expect(t.marks[16]).toBe(1);
  });

  it("ADW-11 eachPlayersFirstTurn keeps the gate closed for the second player's first turn too", () => {
    const each = adowa({ captureGate: 'eachPlayersFirstTurn' });
    const s = pos(each, '8:1, 0:3, 12:1', 2, { turn: 1 });
    s.aux[0] = 1 << 1; // only P1 has had a turn this round
    play(each, s, 8);
    expect(s.marks[0]).toBe(0); // relayed instead: 0 was lifted and sown on
    expect(board(s)).toBe('1:1, 2:1, 3:1, 4:1, 12:1');
    // Under the default gate the second turn of the round is open: the same landing makes a wegue.
    const dflt = adowa();
    const t = pos(dflt, '8:1, 0:3, 12:1', 2, { turn: 1 });
    play(dflt, t, 8);
    expect(t.marks[0]).toBe(2);
  });

  it('ADW-11 perHoleUntilEmptied: a hole never emptied this round cannot become a wegue', () => {
    const g = adowa({ captureGate: 'perHoleUntilEmptied' });
    const s = pos(g, '0:1, 10:2, 12:2, 17:3', 1);
    play(g, s, 10);
    expect(s.marks[17]).toBe(0); // 17 was never emptied: relay instead
    const t = pos(g, '0:1, 10:2, 12:2, 17:3', 1);
    t.aux[1] = 1 << 17; // hole 17 emptied earlier this round
    play(g, t, 10);
    expect(t.marks[17]).toBe(1);
  });

  it("ADW-12 nobody starts a sowing from a wegue (its owner nor the hole's side)", () => {
    const g = adowa();
    const s = pos(g, '0:2, 3:5(W1), 12:1, 16:2(W1)', 1);
    expect(legal(g, s)).toEqual([0]);
    const r = g.parseMove(s, '3');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.message).toContain('ADW-12');
    s.toMove = 2;
    expect(legal(g, s)).toEqual([12]);
  });

  it('ADW-12 a lap ending in a wegue does not relay out of it; counters sown into wegues stay there', () => {
    const g = adowa();
    // P1 sows 9 (3): 17 (W2, 2 -> 3), 16 (0 -> 1), 15 (own wegue W1, 4 -> 5): no relay out of 15.
    const s = pos(g, '9:3, 17:2(W2), 15:4(W1), 0:1, 12:2', 1);
    const ev = play(g, s, 9);
    expect(ev.some((e) => e.type === 'relay')).toBe(false);
    expect(board(s)).toBe('0:1, 12:2, 15:5(W1), 16:1, 17:3(W2)');
    expect(s.toMove).toBe(2);
    // A lap ending in an occupied opponent wegue takes two (ADW-14) and lifts nothing more.
    const t = pos(g, '0:1, 1:2, 3:5(W2), 12:2', 1);
    const ev2 = play(g, t, 1);
    expect(ev2.some((e) => e.type === 'relay' || (e.type === 'lift' && e.hole === 3))).toBe(false);
    expect(t.counts[3]).toBe(4);
  });

  it('ADW-12 at the end of the round the counters of a wegue belong to its owner', () => {
    const g = adowa();
    // P1 sows 10 (1) into P2's wegue 9 (6 -> 7) and takes two; no ordinary hole holds a counter.
    const s = pos(g, '10:1, 9:6(W2), 16:4(W1)', 1);
    s.captured[1] = 22;
    s.captured[2] = 21;
    const ev = play(g, s, 10);
    const end = ev.find((e) => e.type === 'roundEnd') as { totals: number[] } | undefined;
    // P1: hand 22 + 2 taken + wegue 16 (4) = 28; P2: hand 21 + wegue 9 (5) = 26.
    expect(end?.totals).toEqual([0, 28, 26]);
  });

  it('ADW-16 a player with no legal start passes', () => {
    const g = adowa();
    const s = pos(g, '3:2(W2), 12:2, 15:1', 1);
    expect(legal(g, s)).toEqual([MOVE_PASS]);
    const ev = play(g, s, MOVE_PASS);
    expect(ev[0]).toMatchObject({ type: 'pass', player: 1, rule: 'ADW-16' });
    expect(s.toMove).toBe(2);
  });
});

describe('Gabata round end and redistribution', () => {
  it('ADW-17 the round ends when no ordinary hole holds a counter; ADW-18 tally = hand + wegues', () => {
    const g = adowa();
    // P1 sows 9: 17 (0 -> 1)... construct: last counters go into a P1 wegue, nothing ordinary left.
    const s = pos(g, '9:1, 17:20(W1), 3:10(W2)', 1);
    s.captured[1] = 13;
    s.captured[2] = 10;
    const ev = play(g, s, 9);
    const end = ev.find((e) => e.type === 'roundEnd');
    expect(end).toMatchObject({ type: 'roundEnd', round: 1, rule: 'ADW-18' });
    // P1: hand 13 + wegue 21 = 34; P2: 10 + 10 = 20.
    expect((end as { totals: number[] }).totals).toEqual([0, 34, 20]);
    expect(s.round).toBe(2);
  });

  it('ADW-19 entitlements: one hole per three, a remainder of two rounds up with one counter from the opponent', () => {
    expect(entitlements([0, 32, 22], [0, 1, 1], 2)).toEqual([0, 11, 7]);
    expect(entitlements([0, 27, 27], [0, 1, 1], 2)).toEqual([0, 9, 9]);
    expect(entitlements([0, 30, 24], [0, 1, 1], 2)).toEqual([0, 10, 8]);
    expect(entitlements([0, 53, 1], [0, 1, 1], 2)).toEqual([0, 18, 0]);
    for (let n = 0; n <= 54; n++) {
      const e = entitlements([0, n, 54 - n], [0, 1, 1], 2);
      expect(e[1]! + e[2]!).toBe(18);
    }
  });

  it("ADW-20 and ADW-E6: P1 with 32 takes P2's holes 17 and 16; ADW-21 all holes refilled with three", () => {
    const e = entitlements([0, 32, 22], [0, 1, 1], 2);
    const owners = transferHoles(ownerSegments(2), e, 2);
    const p1 = owners.map((o, h) => (o === 1 ? h : -1)).filter((h) => h >= 0);
    const p2 = owners.map((o, h) => (o === 2 ? h : -1)).filter((h) => h >= 0);
    expect(p1).toEqual([0, 1, 2, 3, 4, 5, 9, 10, 11, 16, 17]);
    expect(p2).toEqual([6, 7, 8, 12, 13, 14, 15]);
    // P1 losing holes gives them up in his sowing order 0,1,2,3,4,5,11,10,9.
    const o2 = transferHoles(ownerSegments(2), entitlements([0, 10, 44], [0, 1, 1], 2), 2);
    expect([0, 1, 2, 3, 4, 5, 11, 10, 9].map((h) => o2[h])).toEqual([2, 2, 2, 2, 2, 2, 1, 1, 1]);
  });

  it('ADW-21 a new round: refilled, marks cleared, gate reset, the other player starts', () => {
    const g = adowa();
    const s = pos(g, '9:1, 17:20(W1), 3:10(W2)', 1);
    s.captured[1] = 13;
    s.captured[2] = 10;
    s.roundStarter = 1;
    const ev = play(g, s, 9);
    expect(Array.from(s.counts)).toEqual(new Array(18).fill(3));
    expect(s.marks.every((m) => m === 0)).toBe(true);
    expect(s.turn).toBe(0);
    expect(s.toMove).toBe(2);
    expect(s.captured[1]).toBe(0);
    const red = ev.find((e) => e.type === 'redistribute') as { changes: { hole: number; from: number; to: number }[] };
    expect(red.changes).toEqual([
      { hole: 16, from: 2, to: 1 },
      { hole: 17, from: 2, to: 1 },
    ]);
    expect(s.owners[16]).toBe(1);
    // roundStarter=loser: the smaller total starts.
    const gl = adowa({ roundStarter: 'winner' });
    const t = pos(gl, '9:1, 17:20(W1), 3:10(W2)', 1);
    t.captured[1] = 13;
    t.captured[2] = 10;
    play(gl, t, 9);
    expect(t.toMove).toBe(1);
  });

  it('ADW-20 winnerChooses: the gainer picks the holes he takes', () => {
    const g = adowa({ surplusHoleOrder: 'winnerChooses' });
    const s = pos(g, '9:1, 17:20(W1), 3:10(W2)', 1);
    s.captured[1] = 13;
    s.captured[2] = 10;
    play(g, s, 9);
    expect(s.phase).toBe(PHASE_CHOOSE);
    expect(s.toMove).toBe(1);
    expect(legal(g, s).sort((a, b) => a - b)).toEqual([6, 7, 8, 12, 13, 14, 15, 16, 17]);
    play(g, s, 8);
    play(g, s, 12);
    expect(s.phase).toBe(PHASE_PLAY);
    expect(s.owners[8]).toBe(1);
    expect(s.owners[12]).toBe(1);
    expect(s.owners[17]).toBe(2);
    expect(s.toMove).toBe(2);
  });

  it('ADW-22 the match ends when one player owns all 18 holes', () => {
    const g = adowa();
    const s = pos(g, '9:1, 17:40(W1), 3:1(W2)', 1);
    s.captured[1] = 12;
    s.captured[2] = 0;
    const ev = play(g, s, 9);
    expect(s.phase).toBe(PHASE_OVER);
    expect(s.winner).toBe(1);
    expect(ev.at(-1)).toMatchObject({ type: 'matchEnd', winner: 1, rule: 'ADW-22' });
    const out = new Float64Array(3);
    g.returns(s, out);
    expect(Array.from(out)).toEqual([0, 1, 0]);
  });

  it("ADW-23 lastHoleRule: a player's only hole gives three of four counters and keeps one", () => {
    const on = adowa({ lastHoleRule: 'on' });
    const s = pos(on, '10:2, 9:0, 17:3, 0:1', 1, { round: 4 });
    for (let h = 0; h < 18; h++) s.owners[h] = h === 17 ? 2 : 1;
    const before = s.captured[1]!;
    play(on, s, 10);
    expect(s.counts[17]).toBe(1);
    expect(s.marks[17]).toBe(0);
    expect(s.captured[1]! - before).toBe(3);
    const off = adowa();
    const t = pos(off, '10:2, 9:0, 17:3, 0:1', 1, { round: 4 });
    for (let h = 0; h < 18; h++) t.owners[h] = h === 17 ? 2 : 1;
    play(off, t, 10);
    expect(t.marks[17]).toBe(1);
  });

  it('rounds=1 ends the match after one round, the larger total winning', () => {
    const g = adowa({ rounds: 1 });
    const s = pos(g, '9:1, 17:20(W1), 3:10(W2)', 1);
    s.captured[1] = 13;
    s.captured[2] = 10;
    play(g, s, 9);
    expect(s.phase).toBe(PHASE_OVER);
    expect(s.winner).toBe(1);
    expect(Array.from(s.scores)).toEqual([0, 34, 20]);
  });
});

describe('Gabata (Aksum): the chafa enda', () => {
  it('AKS-01 every Adowa clause applies: ADW-E1 and ADW-E5 play the same at Aksum', () => {
    const g = aksum();
    const s = pos(g, '4:2, 11:1, 13:2', 1);
    play(g, s, 4);
    expect(board(s)).toBe('5:1, 9:1, 10:1, 13:2');
    const t = g.newState(1);
    play(g, t, 10);
    expect(Array.from(t.counts)).toEqual([1, 4, 4, 4, 0, 4, 5, 5, 5, 0, 1, 4, 1, 0, 5, 5, 1, 5]);
  });

  it('AKS-02 the chafa enda is hole 0 for P1 and 17 for P2; AKS-03 barred with three or fewer: AKS-E1', () => {
    const g = aksum();
    const s = pos(g, '0:3, 3:1, 12:2', 1);
    expect(legal(g, s)).toEqual([3]);
    const r = g.parseMove(s, '0');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.message).toContain('AKS-03');
    play(g, s, 3);
    expect(board(s)).toBe('0:3, 4:1, 12:2');
    const p2 = pos(g, '17:2, 12:2, 0:1', 2);
    expect(legal(g, p2)).toEqual([12]);
    // Adowa has no such restriction.
    expect(legal(adowa(), pos(adowa(), '0:3, 3:1, 12:2', 1))).toEqual([0, 3]);
  });

  it('AKS-02 viewers are told where each chafa enda is (none at Adowa)', () => {
    const g = aksum();
    const s = g.newState(1);
    expect(g.landmarks!(s)).toEqual([
      { hole: 0, player: 1, kind: 'chafa', rule: 'AKS-02' },
      { hole: 17, player: 2, kind: 'chafa', rule: 'AKS-02' },
    ]);
    s.marks[17] = 1;
    expect(g.landmarks!(s).map((l) => l.hole)).toEqual([0]);
    expect(adowa().landmarks!(adowa().newState(1))).toEqual([]);
  });

  it('AKS-03 allowed with more than three: AKS-E2', () => {
    const g = aksum();
    const s = pos(g, '0:4, 3:1, 12:2', 1);
    expect(legal(g, s)).toEqual([0, 3]);
    play(g, s, 0);
    expect(board(s)).toBe('1:1, 2:1, 3:2, 4:1, 12:2');
  });

  it('AKS-04 allowed when it is the only choice: AKS-E3', () => {
    const g = aksum();
    const s = pos(g, '0:3, 12:2', 1);
    expect(legal(g, s)).toEqual([0]);
    play(g, s, 0);
    expect(board(s)).toBe('1:1, 2:1, 3:1, 12:2');
  });

  it('AKS-05 a relay lifts the chafa enda normally: AKS-E4', () => {
    const g = aksum();
    const s = pos(g, '0:2, 8:1, 5:1, 12:2', 2);
    const ev = play(g, s, 8);
    expect(board(s)).toBe('1:1, 2:1, 3:1, 5:1, 12:2');
    expect(ev.some((e) => e.type === 'relay' && e.hole === 0)).toBe(true);
    expect(s.toMove).toBe(1);
  });

  it('AKS-05 the restriction holds in the continuation after a wegue: AKS-E5', () => {
    const g = aksum();
    const s = pos(g, '0:2, 10:2, 12:2, 17:3', 1);
    play(g, s, 10);
    expect(s.phase).toBe(PHASE_CONTINUE);
    expect(legal(g, s)).toEqual([9]);
    play(g, s, 9);
    expect(board(s)).toBe('0:2, 12:2, 17:5(W1)');
    expect(s.toMove).toBe(2);
  });

  it("AKS-05 chafaAppliesToRelay=true: a relay ending in one's own chafa enda with three or fewer ends the turn", () => {
    const g = aksum({ chafaAppliesToRelay: true });
    // Hole 8 changed hands in an earlier round: P1 sows it and its counter falls into his chafa enda.
    const s = pos(g, '0:1, 8:1, 12:2, 1:1', 1, { round: 2 });
    s.owners[8] = 1;
    const ev = play(g, s, 8);
    expect(ev.some((e) => e.type === 'turnEnd' && e.rule === 'K1')).toBe(true);
    expect(s.counts[0]).toBe(2);
  });

  it('AKS-06 a chafa enda that changed hands restricts nobody (fixed); currentLeftmost moves it', () => {
    const g = aksum();
    const s = pos(g, '1:3, 0:3, 3:1, 12:2', 2, { round: 2 });
    for (let h = 0; h <= 1; h++) s.owners[h] = 2;
    // P2 now owns hole 0: it is not his chafa enda, so he may start from it.
    expect(legal(g, s)).toContain(0);
    const cur = aksum({ chafaLocation: 'currentLeftmost' });
    const t = pos(cur, '1:3, 2:1, 12:2', 1, { round: 2 });
    t.owners[0] = 2;
    // P1's first owned hole of his segment is now 1: it is his chafa enda.
    expect(legal(cur, t)).toEqual([2]);
  });

  it('AKS-07 the restriction makes the chafa enda easier to capture: with three it stays for the opponent', () => {
    const g = aksum();
    const s = pos(g, '0:3, 3:1, 8:1, 12:2', 1);
    play(g, s, 3);
    expect(s.counts[0]).toBe(3);
    // P2 sows 8: one counter into 0 (3 -> 4), a P1 hole that held three: a wegue for P2.
    play(g, s, 8);
    expect(s.marks[0]).toBe(2);
  });
});

describe('Gabata for three players', () => {
  it('AKS-3P-01 the board split: A a full row, B and C a 2x3 block each', () => {
    const g = adowa({ players: 3 });
    const s = g.newState(1);
    const holes = (p: number): number[] => [...Array(18).keys()].filter((h) => s.owners[h] === p);
    expect(holes(1)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(holes(2)).toEqual([9, 10, 11, 15, 16, 17]);
    expect(holes(3)).toEqual([6, 7, 8, 12, 13, 14]);
  });

  it("AKS-3P-02 Track G unchanged, each player's holes contiguous on it", () => {
    expect(ownerSegments(3)).toEqual([[], [0, 1, 2, 3, 4, 5], [11, 10, 9, 17, 16, 15], [14, 13, 12, 6, 7, 8]]);
  });

  it('AKS-3P-03 turn order follows the track: A, then C, then B', () => {
    const g = adowa({ players: 3 });
    const s = g.newState(1);
    const order: number[] = [s.toMove];
    for (let i = 0; i < 3; i++) {
      play(g, s, legal(g, s)[0]!);
      while (s.phase === PHASE_CONTINUE) play(g, s, legal(g, s)[0]!);
      order.push(s.toMove);
    }
    expect(order).toEqual([1, 2, 3, 1]);
  });

  it("AKS-3P-04 a hole of either other player can become a wegue, and either's wegue can be raided", () => {
    const g = adowa({ players: 3 });
    const s = g.newState(1);
    s.counts.fill(0);
    s.counts[5] = 1; // A sows 5 -> 11 (C's hole, 3 -> 4)
    s.counts[11] = 3;
    s.counts[0] = 1;
    s.turn = 3;
    s.toMove = 1;
    play(g, s, 5);
    expect(s.marks[11]).toBe(1);
    const t = g.newState(1);
    t.counts.fill(0);
    t.counts[4] = 2; // A sows 4 -> 5, 11 (B's wegue)
    t.counts[11] = 3;
    t.marks[11] = 3;
    t.counts[0] = 1;
    t.turn = 3;
    play(g, t, 4);
    expect(t.counts[11]).toBe(2);
  });

  it('AKS-3P-05 three-player tally: pooled remainders make extra holes, remainder two first', () => {
    // 20 (6 r2), 19 (6 r1), 15 (5 r0): pool 3 -> one extra hole to the remainder-2 player.
    expect(entitlements([0, 20, 19, 15], [0, 1, 1, 1], 3)).toEqual([0, 7, 6, 5]);
    // 19, 19, 16: remainders 1,1,1 -> the larger total, ties in turn order.
    expect(entitlements([0, 19, 19, 16], [0, 1, 1, 1], 3)).toEqual([0, 7, 6, 5]);
    // 20, 20, 14: remainders 2,2,2 -> two extra holes: larger totals first.
    expect(entitlements([0, 20, 20, 14], [0, 1, 1, 1], 3)).toEqual([0, 7, 7, 4]);
    // Holes lost come from the start of the loser's segment (B: 14, 13 ...).
    const owners = transferHoles(ownerSegments(3), [0, 7, 7, 4], 3);
    expect(owners[14]).toBe(1);
    expect(owners[13]).toBe(2);
    expect(owners[12]).toBe(3);
  });

  it('AKS-3P-06 the chafa enda of each of three players is the first hole of his segment', () => {
    const g = aksum({ players: 3 });
    const s = g.newState(1);
    s.counts.fill(0);
    s.counts[11] = 3;
    s.counts[10] = 1;
    s.toMove = 2;
    s.turn = 2;
    expect(legal(g, s)).toEqual([10]);
    s.counts[14] = 2;
    s.counts[13] = 1;
    s.toMove = 3;
    expect(legal(g, s)).toEqual([13]);
  });

  it('AKS-3P-07 a player entitled to no hole is eliminated; the match goes on until one owns all', () => {
    const g = adowa({ players: 3 });
    const s = g.newState(1);
    s.counts.fill(0);
    // A's last ordinary counter falls into his own wegue: the round ends.
    s.counts[5] = 1;
    s.marks[11] = 1;
    s.counts[3] = 30;
    s.marks[3] = 2;
    s.counts[12] = 22;
    s.marks[12] = 1;
    s.captured[3] = 1;
    s.toMove = 1;
    s.turn = 4;
    const ev = play(g, s, 5);
    // Totals: A 23 (7 holes, remainder 2 takes the pooled extra), C 30 (10), B 1 (0 holes).
    expect(ev.find((e) => e.type === 'roundEnd')).toMatchObject({ totals: [0, 23, 30, 1] });
    expect(ev.some((e) => e.type === 'eliminated' && e.player === 3)).toBe(true);
    expect(s.active[3]).toBe(0);
    expect(s.phase).toBe(PHASE_PLAY);
    for (let h = 0; h < 18; h++) expect(s.owners[h]).not.toBe(3);
    // Play continues between the two others only.
    for (let i = 0; i < 10 && s.phase !== PHASE_OVER; i++) {
      expect(s.toMove).not.toBe(3);
      play(g, s, legal(g, s)[0]!);
    }
  });
});

describe('Gabata guards (SPEC §8)', () => {
  const LOOP = '0:1, 2:1, 4:1, 7:1, 9:1, 11:1, 12:2, 13:1, 15:1, 16:2';

  it('§8 loop vector: P2 sowing 12 never ends, so it is not a legal move', () => {
    const g = adowa();
    const s = pos(g, LOOP, 2);
    const moves = legal(g, s);
    expect(moves).not.toContain(12);
    const cand = new Int32Array(MAX_MOVES);
    const n = g.candidateMoves(s, cand);
    expect(Array.from(cand.subarray(0, n))).toContain(12);
    const t = s.clone();
    expect(g.apply(t, 12)).toBe(false);
  });

  it('§8 loop vector under perpetualMove=endTurnAtRepeat: legal, and the turn ends at the repeat', () => {
    const g = adowa({ perpetualMove: 'endTurnAtRepeat' });
    const s = pos(g, LOOP, 2);
    expect(legal(g, s)).toContain(12);
    play(g, s, 12);
    expect(s.toMove).toBe(1);
    expect(s.boardTotal()).toBe(12);
  });

  it('§8 the round-stalemate guard ends a round that only repeats', () => {
    const g = adowa({ maxTurnsPerRound: 10 });
    const s = g.newState(3);
    let guard = 0;
    while (s.round === 1 && guard++ < 500) play(g, s, legal(g, s)[0]!);
    expect(s.round === 2 || s.phase === PHASE_OVER).toBe(true);
    expect(s.guardEnds).toBe(1);
  });
});
