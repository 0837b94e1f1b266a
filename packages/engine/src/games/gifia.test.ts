import { describe, expect, it } from 'vitest';
import { unwrap } from '../core/errors.js';
import type { GameEvent } from '../core/events.js';
import { MAX_MOVES, MOVE_PASS, type Game } from '../core/game.js';
import { makeSparse, parseSparse } from '../core/sparse.js';
import { END_REASONS, PHASE_OVER, PHASE_PLAY, type State } from '../core/state.js';
import { AUX_ROUND_START_P1, AUX_ROUND_START_P2, GEOMETRY_2X4, RING_CCW, RING_CW, gifia } from './gifia.js';
import { getRuleset } from './index.js';

const game = (options: Record<string, unknown> = {}): Game => unwrap(gifia.create(options));

/** A position from SPEC's sparse board text; the stores make up the rest of the 48 unless given. */
function position(g: Game, sparse: string, toMove: number, stores?: [number, number]): State {
  const s = g.newState(1);
  s.counts.fill(0);
  for (const h of unwrap(parseSparse(sparse, 8))) s.counts[h.hole] = h.count;
  const onBoard = s.boardTotal();
  const [s1, s2] = stores ?? [Math.floor((48 - onBoard) / 2), Math.ceil((48 - onBoard) / 2)];
  s.captured[1] = s1;
  s.captured[2] = s2;
  s.aux[AUX_ROUND_START_P1] = 24;
  s.aux[AUX_ROUND_START_P2] = 24;
  s.toMove = toMove;
  s.roundStarter = 1;
  s.turn = 1;
  s.clearHistory();
  s.recordPosition();
  return s;
}

function legalTexts(g: Game, s: State): string[] {
  const buf = new Int32Array(MAX_MOVES);
  const n = g.legalMoves(s, buf);
  return Array.from(buf.subarray(0, n), (m) => g.moveText(s, m));
}

function play(g: Game, s: State, text: string, trace: GameEvent[] | null = null): void {
  const m = unwrap(g.parseMove(s, text));
  expect(legalTexts(g, s)).toContain(g.moveText(s, m));
  g.apply(s, m, trace);
}

const board = (s: State): string => makeSparse(s.counts, s.marks);

describe('gifia rules', () => {
  it('GIF-01 board: 2x4 holes, a store at each end, P1 owns 0,1,4,5 and the west store, P2 2,3,6,7 and the east', () => {
    const g = game();
    expect(g.geometry).toBe(GEOMETRY_2X4);
    expect([g.geometry.rows, g.geometry.cols, g.geometry.holeCount]).toEqual([2, 4, 8]);
    expect(g.geometry.stores).toEqual([
      { player: 1, side: 'left' },
      { player: 2, side: 'right' },
    ]);
    const s = g.newState(1);
    expect(Array.from(s.owners)).toEqual([1, 1, 2, 2, 1, 1, 2, 2]);
    const ccw = g.geometry.tracks.find((t) => t.name === 'ccw')!;
    const cw = g.geometry.tracks.find((t) => t.name === 'cw')!;
    expect(Array.from(ccw.holes)).toEqual([...RING_CCW]);
    expect(Array.from(cw.holes)).toEqual([...RING_CW]);
    // SPEC §9.1 ring neighbours: each hole's successor on one ring is its predecessor on the other.
    const nb: Record<number, number[]> = { 0: [4, 1], 1: [0, 2], 2: [1, 3], 3: [2, 7], 7: [3, 6], 6: [7, 5], 5: [6, 4], 4: [5, 0] };
    for (const [h, pair] of Object.entries(nb)) {
      expect([cw.next[Number(h)], ccw.next[Number(h)]].sort()).toEqual([...pair].sort());
    }
  });

  it('GIF-02 setup: six beans in every hole, stores empty, 48 in all', () => {
    const g = game();
    const s = g.newState(5);
    expect(Array.from(s.counts)).toEqual([6, 6, 6, 6, 6, 6, 6, 6]);
    expect([s.captured[1], s.captured[2]]).toEqual([0, 0]);
    expect(s.total()).toBe(48);
    expect(g.counterTotal).toBe(48);
    expect(unwrap(g.validate(s))).toBe(s);
  });

  it('GIF-03 first player: P1 by default, P2 or a seeded draw by option', () => {
    expect(game().newState(1).toMove).toBe(1);
    expect(game({ firstPlayer: 'P2' }).newState(1).toMove).toBe(2);
    const g = game({ firstPlayer: 'random' });
    const starters = new Set<number>();
    for (let seed = 1; seed <= 40; seed++) {
      const a = g.newState(seed).toMove;
      expect(g.newState(seed).toMove).toBe(a);
      starters.add(a);
    }
    expect([...starters].sort()).toEqual([1, 2]);
  });

  it('GIF-04 a move is an own non-empty hole and a direction; one lap, no relay', () => {
    const g = game();
    const s = g.newState(1);
    expect(legalTexts(g, s)).toEqual(['0a', '0c', '1a', '1c', '4a', '4c', '5a', '5c']);
    // 5 anticlockwise: 4,0,1,2,3,7; the last bean makes 7 hold 7 and nothing more happens.
    play(g, s, '5a');
    expect(board(s)).toBe('0:7, 1:7, 2:7, 3:7, 4:7, 6:6, 7:7');
    expect(s.toMove).toBe(2);
    expect(legalTexts(g, s)).toEqual(['2a', '2c', '3a', '3c', '6a', '6c', '7a', '7c']);
    const bad = g.parseMove(s, '1a');
    expect(bad.ok).toBe(false);
    if (!bad.ok)
      expect([bad.error.code, bad.error.message]).toEqual(['ERR_ILLEGAL_MOVE', 'hole 1 belongs to player 1, not to player 2 (at 1a)']);
    const syntax = g.parseMove(s, '9z');
    expect(syntax.ok).toBe(false);
    if (!syntax.ok) expect(syntax.error.code).toBe('ERR_MOVE_SYNTAX');
    const empty = position(g, '0:3, 2:5', 1);
    const e = g.parseMove(empty, '1a');
    expect(e.ok).toBe(false);
    if (!e.ok) expect(e.error.message).toMatch(/hole 1 is empty/);
    expect(g.moveText(s, unwrap(g.parseMove(s, '2 clockwise')))).toBe('2c');
    expect(g.moveText(s, unwrap(g.parseMove(s, '3CCW')))).toBe('3a');
  });

  it('GIF-05 a lap of 8+ beans sows into its origin by default; skipOriginOnLongLaps passes over it', () => {
    const g = game();
    const s = position(g, '1:8, 2:1, 6:1', 1);
    // Clockwise from 1: 0,4,5,6,7,3,2 and the origin 1 (0 -> 1); 1's neighbour 2 holds 2 -> capture B.
    expect(legalTexts(g, s).filter((m) => m.startsWith('1c'))).toEqual(['1c>2']);
    play(g, s, '1c');
    expect(board(s)).toBe('0:1, 1:1, 3:1, 4:1, 5:1, 6:2, 7:1');
    expect(s.captured[1]).toBe(19 + 2);
    const g2 = game({ skipOriginOnLongLaps: true });
    const t = position(g2, '1:8, 2:1, 6:1', 1);
    // The 8th bean passes over 1 and makes 0 hold 2: capture A of 0 alone (4 holds 1, 1 is empty).
    play(g2, t, '1c');
    expect(board(t)).toBe('2:2, 3:1, 4:1, 5:1, 6:2, 7:1');
    expect(t.captured[1]).toBe(19 + 2);
  });

  it("GIF-06 capture A: the last hole with 2 or 4, also the mover's own hole, and its neighbours with 2 or 4", () => {
    const g = game();
    const s = position(g, '0:1, 1:1, 2:2, 3:4, 5:2, 7:3', 1, [17, 18]);
    play(g, s, '0a'); // 1 -> 2 in P1's own hole; neighbour 2 holds 2 (taken), 0 is empty.
    expect(board(s)).toBe('3:4, 5:2, 7:3');
    expect(s.captured[1]).toBe(17 + 4);
    // A last hole making 4; its neighbours hold 0 and 1.
    const t = position(g, '0:1, 1:3, 2:1, 4:5, 7:5', 1, [16, 17]);
    play(g, t, '0a');
    expect(board(t)).toBe('2:1, 4:5, 7:5');
    expect(t.captured[1]).toBe(16 + 4);
  });

  it('GIF-06 chain capture (gifiaChainCapture, SPEC G2) runs outward while holes hold 2 or 4', () => {
    const sparse = '0:1, 1:1, 2:2, 3:4, 5:2, 7:3';
    const takenBy = (options: Record<string, unknown>): [number, string] => {
      const g = game(options);
      const s = position(g, sparse, 1, [17, 18]);
      play(g, s, '0a');
      return [s.captured[1]! - 17, board(s)];
    };
    expect(takenBy({})).toEqual([4, '3:4, 5:2, 7:3']);
    expect(takenBy({ gifiaChainCapture: true })).toEqual([8, '5:2, 7:3']);
    expect(takenBy({ gifiaAdjacency: 'row' })).toEqual([4, '3:4, 5:2, 7:3']);
    expect(takenBy({ gifiaAdjacency: 'row', gifiaChainCapture: true })).toEqual([8, '5:2, 7:3']);
  });

  it('GIF-07 capture B: exactly one neighbour with 2 or 4 is taken, compulsory by default, optional by option', () => {
    const sparse = '0:1, 1:3, 2:1, 3:3, 5:2, 6:4';
    const g = game();
    const s = position(g, sparse, 1);
    expect(legalTexts(g, s).filter((m) => m.startsWith('1a'))).toEqual(['1a>3', '1a>6']);
    const r = g.parseMove(s, '1a');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.message).toMatch(/name the neighbour to take: 1a>3 or 1a>6/);
    const wrong = g.parseMove(s, '1a>2');
    expect(wrong.ok).toBe(false);
    const opt = game({ gifiaSingleNeighbourOptional: true });
    const t = position(opt, sparse, 1);
    expect(legalTexts(opt, t).filter((m) => m.startsWith('1a'))).toEqual(['1a', '1a>3', '1a>6']);
    play(opt, t, '1a'); // declines
    expect(board(t)).toBe('0:1, 2:2, 3:4, 5:2, 6:4, 7:1');
    expect(t.captured[1]).toBe(17);
  });

  it("GIF-08 captures go to the mover's store, the events name the clause, and the turn passes", () => {
    const g = game();
    const s = position(g, '0:2, 1:1, 2:4, 3:3, 4:1, 6:2, 7:1', 2);
    const trace: GameEvent[] = [];
    play(g, s, '6c', trace);
    const caps = trace.filter((e) => e.type === 'capture');
    expect(caps).toEqual([
      { type: 'capture', player: 2, hole: 3, count: 4, rule: 'GIF-06' },
      { type: 'capture', player: 2, hole: 2, count: 4, rule: 'GIF-06' },
      { type: 'capture', player: 2, hole: 7, count: 2, rule: 'GIF-06' },
    ]);
    expect(trace[0]).toEqual({ type: 'lift', player: 2, hole: 6, count: 2, rule: 'GIF-04' });
    expect(trace.find((e) => e.type === 'turnEnd')).toEqual({ type: 'turnEnd', player: 2, reason: 'capture', rule: 'GIF-08' });
    expect(s.captured[2]).toBe(17 + 10);
    expect(s.toMove).toBe(1);
    expect(s.total()).toBe(48);
  });

  it("GIF-09 pass: voluntary with 1..gifiaPassMaxBeans beans in one's holes, forced with none", () => {
    const g = game();
    const three = position(g, '0:2, 5:1, 2:6, 3:6', 1);
    // (5a drops in 4, whose neighbour 0 holds 2: capture B is named.)
    expect(legalTexts(g, three)).toEqual(['0a', '0c', '5a>0', '5c', 'pass']);
    const four = position(g, '0:2, 5:2, 2:6, 3:6', 1);
    expect(legalTexts(g, four)).not.toContain('pass');
    const refused = g.parseMove(four, 'pass');
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.error.message).toMatch(/holds? 4 beans/);
    const none = position(g, '2:6, 3:6', 1);
    expect(legalTexts(g, none)).toEqual(['pass']);
    expect(legalTexts(game({ gifiaPassMaxBeans: 0 }), position(g, '0:2, 5:1, 2:6, 3:6', 1))).not.toContain('pass');
    expect(legalTexts(game({ gifiaPassMaxBeans: 4 }), position(g, '0:2, 5:2, 2:6, 3:6', 1))).toContain('pass');
    const trace: GameEvent[] = [];
    const before = board(three);
    play(g, three, 'pass', trace);
    expect(trace).toEqual([{ type: 'pass', player: 1, rule: 'GIF-09' }]);
    expect([board(three), three.toMove, three.passes]).toEqual([before, 2, 1]);
  });

  it('GIF-10 round end: each side at most one bean, or two passes in a row; each stores his own holes', () => {
    const g = game();
    const s = position(g, '0:1, 1:1, 2:1, 4:1', 1, [20, 24]);
    const trace: GameEvent[] = [];
    play(g, s, '0a', trace);
    const end = trace.find((e) => e.type === 'roundEnd');
    expect(end).toEqual({ type: 'roundEnd', round: 1, totals: [0, 23, 25], reason: 'rules', rule: 'GIF-10' });
    expect(s.round).toBe(2);
    const p = position(g, '0:1, 1:1, 2:1, 3:1, 6:1', 1, [20, 23]);
    play(g, p, 'pass');
    expect(p.round).toBe(1);
    const t2: GameEvent[] = [];
    play(g, p, 'pass', t2);
    expect(t2.find((e) => e.type === 'roundEnd')).toEqual({
      type: 'roundEnd',
      round: 1,
      totals: [0, 22, 26],
      reason: 'passes',
      rule: 'GIF-10',
    });
    expect(p.round).toBe(2);
    expect(END_REASONS[p.endReason]).toBe('rules');
  });

  it('GIF-11 next round: six beans into as many own holes as possible (nearest row first), surplus stays in the store', () => {
    const g = game();
    const s = position(g, '0:1, 1:1, 2:1, 4:1', 1, [20, 24]);
    const trace: GameEvent[] = [];
    play(g, s, '0a', trace);
    // P1 23 -> holes 0,1,4 and 5 in store; P2 25 -> all four holes and 1 in store.
    expect(board(s)).toBe('0:6, 1:6, 2:6, 3:6, 4:6, 6:6, 7:6');
    expect([s.captured[1], s.captured[2]]).toEqual([5, 1]);
    expect(Array.from(s.owners)).toEqual([1, 1, 2, 2, 1, 1, 2, 2]);
    expect([s.round, s.turn, s.phase, s.passes]).toEqual([2, 1, PHASE_PLAY, 0]);
    const red = trace.find((e) => e.type === 'redistribute');
    expect(red).toMatchObject({ type: 'redistribute', round: 2, counts: [6, 6, 6, 6, 6, 0, 6, 6], captured: [0, 5, 1], rule: 'GIF-11' });
    // The unfilled hole 5 is still P1's and on the ring: P2's 6 anticlockwise drops its first bean there.
    expect(s.toMove).toBe(2);
    play(g, s, '6a');
    expect(s.counts[5]).toBe(1);
    expect(s.total()).toBe(48);
  });

  it('GIF-12 match end: a player who cannot fill one hole loses (default); singleShortHole plays on until he has none', () => {
    const g = game();
    const s = position(g, '0:1, 1:1, 2:1, 4:1', 1, [2, 42]);
    const trace: GameEvent[] = [];
    play(g, s, '0a', trace);
    expect([s.phase, s.winner, s.toMove, s.scores[1], s.scores[2]]).toEqual([PHASE_OVER, 2, 0, 5, 43]);
    expect(END_REASONS[s.endReason]).toBe('rules');
    expect(trace.at(-1)).toEqual({ type: 'matchEnd', winner: 2, scores: [0, 5, 43], reason: 'rules', rule: 'GIF-12' });
    const out = new Float64Array(3);
    g.returns(s, out);
    expect(Array.from(out)).toEqual([0, 0, 1]);
    expect(legalTexts(g, s)).toEqual([]);
    expect(g.parseMove(s, '0a').ok).toBe(false);

    const short = game({ gifiaWeakPlayer: 'singleShortHole' });
    const t = position(short, '0:1, 1:1, 2:1, 4:1', 1, [2, 42]);
    play(short, t, '0a');
    expect([t.phase, t.round]).toEqual([PHASE_PLAY, 2]);
    expect(board(t)).toBe('0:5, 2:6, 3:6, 6:6, 7:6');
    expect([t.captured[1], t.captured[2]]).toEqual([0, 19]);
    // With nothing at all he loses under either reading.
    const u = position(short, '1:1, 2:1, 3:1', 2, [0, 45]);
    play(short, u, '2c'); // 1 becomes 2 and is taken: P1 has no bean left
    expect([u.phase, u.winner, u.scores[1], u.scores[2]]).toEqual([PHASE_OVER, 2, 0, 48]);
  });

  it('GIF-13 round starter: alternate by default; the loser or the winner of the round by option', () => {
    const starter = (roundStarter: string): number => {
      const g = game({ roundStarter });
      const s = position(g, '0:1, 1:1, 2:1, 4:1', 1, [20, 24]);
      play(g, s, '0a'); // P1 24 -> 23: P1 lost a bean in the round
      expect(s.round).toBe(2);
      expect(s.roundStarter).toBe(s.toMove);
      return s.toMove;
    };
    expect(starter('alternate')).toBe(2);
    expect(starter('winner')).toBe(2);
    expect(starter('loser')).toBe(1);
    // Unchanged totals: alternate whatever the option.
    const g = game({ roundStarter: 'loser' });
    const s = position(g, '0:1, 1:1, 2:1, 3:1, 6:1', 1, [22, 23]);
    s.aux[AUX_ROUND_START_P1] = 24;
    s.aux[AUX_ROUND_START_P2] = 24;
    play(g, s, 'pass');
    play(g, s, 'pass');
    expect([s.round, s.toMove]).toEqual([2, 2]);
  });
});

describe('gifia worked examples (SPEC §9.5)', () => {
  it('GIF-E1 opening move, no capture (same under every adjacency/chain/pass option)', () => {
    for (const options of [
      {},
      { gifiaAdjacency: 'row' },
      { gifiaChainCapture: true },
      { preset: 'ludii' },
      { skipOriginOnLongLaps: true },
    ]) {
      const g = game(options);
      const s = g.newState(1);
      play(g, s, '1a');
      expect(board(s)).toBe('0:6, 2:7, 3:7, 4:7, 5:7, 6:7, 7:7');
      expect([s.captured[1], s.captured[2], s.toMove]).toEqual([0, 0, 2]);
    }
  });

  it('GIF-E2 capture B with a choice; with row adjacency only 6 qualifies', () => {
    const sparse = '0:1, 1:3, 2:1, 3:3, 5:2, 6:4';
    const g = game();
    const s = position(g, sparse, 1, [17, 17]);
    play(g, s, '1a>6');
    expect(board(s)).toBe('0:1, 2:2, 3:4, 5:2, 7:1');
    expect([s.captured[1], s.toMove]).toEqual([17 + 4, 2]);
    const other = position(g, sparse, 1, [17, 17]);
    play(g, other, '1a>3');
    expect(board(other)).toBe('0:1, 2:2, 5:2, 6:4, 7:1');
    const row = game({ gifiaAdjacency: 'row' });
    const r = position(row, sparse, 1, [17, 17]);
    expect(legalTexts(row, r).filter((m) => m.startsWith('1a'))).toEqual(['1a>6']);
    play(row, r, '1a'); // the single qualifying neighbour needs no naming
    expect(board(r)).toBe('0:1, 2:2, 3:4, 5:2, 7:1');
    expect(r.captured[1]).toBe(21);
  });

  it('GIF-E3 capture A with both neighbours; with row adjacency 7 keeps its 2', () => {
    const sparse = '0:2, 1:1, 2:4, 3:3, 4:1, 6:2, 7:1';
    const g = game();
    const s = position(g, sparse, 2, [17, 17]);
    play(g, s, '6c');
    expect(board(s)).toBe('0:2, 1:1, 4:1');
    expect([s.captured[2], s.toMove]).toEqual([27, 1]);
    const row = game({ gifiaAdjacency: 'row' });
    const r = position(row, sparse, 2, [17, 17]);
    play(row, r, '6c');
    expect(board(r)).toBe('0:2, 1:1, 4:1, 7:2');
    expect(r.captured[2]).toBe(25);
  });

  it('GIF-E4 nine beans pass the origin; skipOriginOnLongLaps gives capture B with a choice', () => {
    const sparse = '0:9, 2:1, 3:1, 4:1, 5:1, 6:1, 7:1';
    const g = game();
    const s = position(g, sparse, 1, [16, 17]);
    play(g, s, '0a');
    expect(board(s)).toBe('0:1, 3:2, 4:2, 5:2, 6:2, 7:2');
    expect([s.captured[1], s.toMove]).toEqual([20, 2]);
    const skip = game({ skipOriginOnLongLaps: true });
    const t = position(skip, sparse, 1, [16, 17]);
    expect(legalTexts(skip, t).filter((m) => m.startsWith('0a'))).toEqual(['0a>1', '0a>3']);
    play(skip, t, '0a>1');
    expect(board(t)).toBe('2:3, 3:2, 4:2, 5:2, 6:2, 7:2');
    expect(t.captured[1]).toBe(18);
    const t3 = position(skip, sparse, 1, [16, 17]);
    play(skip, t3, '0a>3');
    expect(board(t3)).toBe('1:2, 2:3, 4:2, 5:2, 6:2, 7:2');
  });

  it('GIF-E5 round end with one singleton each; weak-player and rounds options change what follows', () => {
    const sparse = '0:1, 1:1, 2:1, 4:1'; // P1 plays 0a: 1 makes 2 (taken); left: 4:1 (P1) and 2:1 (P2)
    const g = game();
    const s = position(g, sparse, 1, [20, 24]);
    play(g, s, '0a');
    expect([s.round, s.phase, s.toMove]).toEqual([2, PHASE_PLAY, 2]);
    expect([s.captured[1], s.captured[2]]).toEqual([5, 1]); // 23 = 3x6 + 5, 25 = 4x6 + 1
    // Fewer than six: loses by default, plays one short hole with singleShortHole.
    const weak = position(g, sparse, 1, [2, 42]);
    play(g, weak, '0a');
    expect([weak.phase, weak.winner]).toEqual([PHASE_OVER, 2]);
    const short = game({ gifiaWeakPlayer: 'singleShortHole' });
    const w2 = position(short, sparse, 1, [2, 42]);
    play(short, w2, '0a');
    expect([w2.phase, w2.counts[0]]).toEqual([PHASE_PLAY, 5]);
    // rounds = 1: the match ends with the round, the larger total wins.
    const one = game({ rounds: 1 });
    const r = position(one, sparse, 1, [20, 24]);
    play(one, r, '0a');
    expect([r.phase, r.winner, r.scores[1], r.scores[2], END_REASONS[r.endReason]]).toEqual([PHASE_OVER, 2, 23, 25, 'rounds']);
    const tie = position(one, sparse, 1, [21, 23]);
    play(one, tie, '0a');
    expect([tie.winner, tie.scores[1], tie.scores[2]]).toEqual([0, 24, 24]);
    const out = new Float64Array(3);
    one.returns(tie, out);
    expect(Array.from(out)).toEqual([0, 0.5, 0.5]);
  });
});

describe('gifia guards (SPEC §8.3)', () => {
  // Two lone beans shuttle: P1 0c, P2 7c, P1 4a, P2 3a brings the board back; 5 holds 3 so the round goes on.
  const cycle = ['0c', '7c', '4a', '3a'];

  it('threefold repetition ends the round; each stores his own holes; guardEnds counts it', () => {
    const g = game();
    const s = position(g, '0:1, 5:3, 7:1', 1, [20, 23]);
    const trace: GameEvent[] = [];
    for (const m of [...cycle, ...cycle]) play(g, s, m, trace);
    expect(trace.find((e) => e.type === 'roundEnd')).toEqual({
      type: 'roundEnd',
      round: 1,
      totals: [0, 24, 24],
      reason: 'repetition',
      rule: '§8',
    });
    expect([s.round, s.guardEnds, END_REASONS[s.endReason]]).toEqual([2, 1, 'repetition']);
    expect(board(s)).toBe('0:6, 1:6, 2:6, 3:6, 4:6, 5:6, 6:6, 7:6');
  });

  it('roundStalemate = draw ends the match drawn at the guard', () => {
    const g = game({ roundStalemate: 'draw' });
    const s = position(g, '0:1, 5:3, 7:1', 1, [20, 23]);
    for (const m of [...cycle, ...cycle]) play(g, s, m);
    expect([s.phase, s.winner, s.guardEnds]).toEqual([PHASE_OVER, 0, 1]);
  });

  it('maxTurnsPerRound ends the round when the next turn would exceed it', () => {
    const g = game({ maxTurnsPerRound: 3 });
    const s = g.newState(1);
    for (const m of ['0a', '2a', '0c']) play(g, s, m);
    expect([s.round, s.guardEnds, END_REASONS[s.endReason], s.total()]).toEqual([2, 1, 'turnCap', 48]);
  });

  it('maxRounds ends the match, the larger total winning', () => {
    const g = game({ maxRounds: 1 });
    const s = position(g, '0:1, 1:1, 2:1, 4:1', 1, [20, 24]);
    play(g, s, '0a');
    expect([s.phase, s.winner, END_REASONS[s.endReason], s.guardEnds]).toEqual([PHASE_OVER, 2, 'matchCap', 1]);
  });
});

describe('gifia ruleset, options, positions', () => {
  it('provenance: Murray 1951: 192-193, recorded by K. C. Murray, Umon of Nigeria; reconstructions named with options', () => {
    const info = gifia.info;
    expect([info.id, info.name, info.clausePrefix, info.players]).toEqual(['gifia', 'Gifia', 'GIF', [2]]);
    expect(info.sources[0]).toMatchObject({ year: 1951, pages: '192-193' });
    expect(info.sources[0]!.note).toMatch(/K\. C\. Murray/);
    expect(info.region).toMatch(/Nigeria.*Umon/);
    const optionNames = new Set(gifia.options.map((o) => o.name));
    for (const r of info.reconstructions) if (r.option) expect(optionNames.has(r.option)).toBe(true);
    expect(unwrap(getRuleset('Gifia'))).toBe(gifia);
  });

  it('options of SPEC §10 with their defaults, each value explained', () => {
    const g = game();
    expect(g.options).toEqual({
      gifiaAdjacency: 'ring',
      gifiaChainCapture: false,
      gifiaSingleNeighbourOptional: false,
      gifiaPassMaxBeans: 3,
      gifiaWeakPlayer: 'loses',
      firstPlayer: 'P1',
      roundStarter: 'alternate',
      skipOriginOnLongLaps: false,
      maxTurnsPerRound: 2000,
      roundStalemate: 'ownerTakes',
      rounds: 0,
      maxRounds: 1000,
    });
    for (const o of gifia.options) {
      expect(o.question.length).toBeGreaterThan(10);
      if (o.kind === 'choice') expect(Object.keys(o.explain).sort()).toEqual([...o.values].sort());
    }
    const bad = gifia.create({ gifiaAdjacency: 'diagonal' });
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.error.code).toBe('ERR_OPTION');
    expect(gifia.create({ gifiaPassMaxBeans: 7 }).ok).toBe(false);
  });

  it('the ludii preset: row adjacency, no voluntary pass, weak player loses', () => {
    const g = game({ preset: 'ludii' });
    expect(g.options).toMatchObject({ gifiaAdjacency: 'row', gifiaPassMaxBeans: 0, gifiaWeakPlayer: 'loses', gifiaChainCapture: false });
    const s = position(g, '0:2, 5:1, 2:6, 3:6', 1);
    expect(legalTexts(g, s)).not.toContain('pass');
    expect(game({ preset: 'ludii', gifiaPassMaxBeans: 2 }).options['gifiaPassMaxBeans']).toBe(2);
  });

  it('validate checks the 48 beans, owners, phase and the finished round', () => {
    const g = game();
    const s = g.newState(1);
    expect(g.validate(s).ok).toBe(true);
    s.counts[0] = 7;
    const r = g.validate(s);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.message).toMatch(/49 beans/);
    const t = g.newState(1);
    t.owners[0] = 2;
    expect(g.validate(t).ok).toBe(false);
    const u = position(g, '0:1, 2:1', 1);
    const v = g.validate(u);
    expect(v.ok).toBe(false);
    if (!v.ok) expect(v.error.message).toMatch(/GIF-10/);
  });

  it('extraToJSON / extraFromJSON keep the round-start totals', () => {
    const g = game();
    const s = position(g, '0:1, 1:1, 2:1, 4:1', 1, [20, 24]);
    s.aux[AUX_ROUND_START_P1] = 30;
    s.aux[AUX_ROUND_START_P2] = 18;
    const json = g.extraToJSON(s);
    expect(json).toEqual({ roundStartTotals: [30, 18] });
    const t = g.newState(2);
    unwrap(g.extraFromJSON(t, JSON.parse(JSON.stringify(json)) as Record<string, unknown>));
    expect([t.aux[AUX_ROUND_START_P1], t.aux[AUX_ROUND_START_P2]]).toEqual([30, 18]);
    expect(g.extraFromJSON(t, { roundStartTotals: [30, 30] }).ok).toBe(false);
    expect(g.extraFromJSON(t, { wegues: 1 }).ok).toBe(false);
  });

  it('evaluate is the share of beans held (store + own holes), in [-1, 1]', () => {
    const g = game();
    const s = g.newState(1);
    expect(g.evaluate(s, 1)).toBe(0);
    const t = position(g, '0:4, 2:1, 3:1', 1, [30, 12]);
    expect(g.evaluate(t, 1)).toBeCloseTo((34 - 14) / 48);
    expect(g.evaluate(t, 2)).toBeCloseTo(-(34 - 14) / 48);
  });

  it('move encoding: pass is MOVE_PASS and each legal move has its own text', () => {
    const g = game({ skipOriginOnLongLaps: true, gifiaSingleNeighbourOptional: true });
    const s = position(g, '0:9, 2:1, 3:1, 4:1, 5:1, 6:1, 7:1', 1, [16, 17]);
    const buf = new Int32Array(MAX_MOVES);
    const n = g.legalMoves(s, buf);
    const texts = legalTexts(g, s);
    expect(new Set(texts).size).toBe(n);
    for (let i = 0; i < n; i++) expect(unwrap(g.parseMove(s, texts[i]!))).toBe(buf[i]);
    expect(unwrap(g.parseMove(position(g, '0:1, 2:6, 3:6', 1), 'pass'))).toBe(MOVE_PASS);
  });
});
