/**
 * Selus: one test (at least) per SPEC clause SEL-01..SEL-20, the worked examples SEL-E1..E5
 * (also under the options that change their outcome) and the options of SPEC §10.
 */
import { describe, expect, it } from 'vitest';
import { unwrap } from '../core/errors.js';
import type { GameEvent } from '../core/events.js';
import { MAX_MOVES, MOVE_CONCEDE, MOVE_PASS, type Game } from '../core/game.js';
import { OWNERS_3X6_2P, TRACK_G } from '../core/geometry.js';
import { makeSparse, parseSparse } from '../core/sparse.js';
import { END_REASONS, PHASE_OVER, PHASE_PLAY, PHASE_RACE, State } from '../core/state.js';
import { getRuleset } from './index.js';
import { AUX_LATEST_NEDF, legalStarts, parseJointMove, selus } from './selus.js';

const make = (opts: Record<string, unknown> = {}): Game => unwrap(selus.create(opts));
const DEFAULT = make();
const LUDII = make({ preset: 'ludii' });

/** A main-phase position from SPEC's sparse text; a player owning a single nedf has it as his latest. */
function pos(text: string, toMove: number): State {
  const s = new State(2, 18, 7);
  s.owners.set(OWNERS_3X6_2P);
  for (const e of unwrap(parseSparse(text, 18))) {
    s.counts[e.hole] = e.count;
    s.marks[e.hole] = e.mark;
  }
  for (let p = 1; p <= 2; p++) {
    const mine = [...s.marks.keys()].filter((h) => s.marks[h] === p);
    if (mine.length === 1) s.aux[AUX_LATEST_NEDF + p - 1] = mine[0]! + 1;
  }
  s.toMove = toMove;
  s.phase = PHASE_PLAY;
  return s;
}

const board = (s: State): string => makeSparse(s.counts, s.marks, 'N');

function legal(game: Game, s: State): number[] {
  const buf = new Int32Array(MAX_MOVES);
  return [...buf.subarray(0, game.legalMoves(s, buf))];
}

/** Starts only (without the concession move). */
function starts(game: Game, s: State): number[] {
  return legal(game, s).filter((m) => m !== MOVE_CONCEDE);
}

function play(game: Game, s: State, move: number): GameEvent[] {
  const trace: GameEvent[] = [];
  expect(game.apply(s, move, trace)).toBe(true);
  return trace;
}

describe('Selus clauses', () => {
  it('SEL-01 board 3x6, three counters per hole (54), no stores', () => {
    const s = DEFAULT.newState(1);
    expect(DEFAULT.geometry.rows).toBe(3);
    expect(DEFAULT.geometry.cols).toBe(6);
    expect(DEFAULT.geometry.stores).toHaveLength(0);
    expect([...s.counts]).toEqual(new Array(18).fill(3));
    expect(s.total()).toBe(54);
    expect(DEFAULT.counterTotal).toBe(54);
    expect(unwrap(DEFAULT.validate(s))).toBe(s);
  });

  it('SEL-02 ownership: own near row and the right half of the centre row; a nedf is no ordinary hole', () => {
    const s = DEFAULT.newState(1);
    expect([...s.owners]).toEqual([...OWNERS_3X6_2P]);
    expect([0, 1, 2, 3, 4, 5, 9, 10, 11].every((h) => s.owners[h] === 1)).toBe(true);
    expect([12, 13, 14, 15, 16, 17, 6, 7, 8].every((h) => s.owners[h] === 2)).toBe(true);
    // A nedf holding three is not an "opponent's ordinary hole with three": it is not skipped.
    const t = pos('10:2, 17:3(N1), 12:2', 1);
    play(DEFAULT, t, 10);
    expect(board(t)).toBe('9:1, 12:2, 17:4(N1)');
  });

  it('SEL-03 both players sow along Track G in the same sense', () => {
    const s = pos('4:5, 13:4, 0:1', 1);
    const tr = play(DEFAULT, s, 4);
    expect(tr.filter((e) => e.type === 'drop').map((e) => (e as { hole: number }).hole)).toEqual([5, 11, 10, 9, 17]);
    const t = pos('13:4, 0:1', 2);
    const tr2 = play(DEFAULT, t, 13);
    expect(tr2.filter((e) => e.type === 'drop').map((e) => (e as { hole: number }).hole)).toEqual([12, 6, 7, 8]);
    for (let i = 0; i < 18; i++) expect(DEFAULT.geometry.tracks[0]!.next[TRACK_G[i]!]).toBe(TRACK_G[(i + 1) % 18]);
  });

  it("SEL-07 relay from an occupied ordinary hole (either player's); an empty hole ends the turn", () => {
    // 3 (3 counters) -> 4, 5, 11: 11 held 1 -> relay 2 -> 10, 9: 9 held 0 -> end.
    const s = pos('3:3, 11:1, 12:1', 1);
    const tr = play(DEFAULT, s, 3);
    expect(tr.some((e) => e.type === 'relay' && e.hole === 11 && e.count === 2)).toBe(true);
    expect(board(s)).toBe('4:1, 5:1, 9:1, 10:1, 12:1');
    expect(s.toMove).toBe(2);
    expect(tr.at(-1)).toMatchObject({ type: 'turnEnd', reason: 'empty', rule: 'SEL-07' });
    // Relay out of an opponent's hole: 9 (1) -> 17 (1 -> 2) relay -> 16, 15 (empty) -> end.
    const t = pos('9:1, 17:1, 12:1', 1);
    const tr2 = play(DEFAULT, t, 9);
    expect(tr2.some((e) => e.type === 'relay' && e.hole === 17 && e.count === 2)).toBe(true);
    expect(board(t)).toBe('12:1, 15:1, 16:1');
  });

  it('SEL-08 (1) a hole with more than three must be played, even a leftmost one', () => {
    expect(starts(DEFAULT, pos('0:4, 3:2, 10:1, 12:1', 1))).toEqual([0]);
    expect(starts(DEFAULT, pos('1:5, 9:6, 3:2, 12:1', 1))).toEqual([1, 9]);
    expect(starts(DEFAULT, pos('17:4, 8:7, 13:1, 0:1', 2))).toEqual([17, 8]);
  });

  it('SEL-08 (2) other holes with only 2s and 3s: the 2 closest to the opponent; otherwise any occupied other hole', () => {
    expect(starts(DEFAULT, pos('3:2, 4:2, 5:3, 0:1, 12:1', 1))).toEqual([4]);
    expect(starts(DEFAULT, pos('3:2, 11:2, 0:1, 12:1', 1))).toEqual([11]);
    // All 3s: any of them (no 2 to force).
    expect(starts(DEFAULT, pos('3:3, 9:3, 0:1, 12:1', 1))).toEqual([3, 9]);
    // A 1 among them lifts the restriction.
    expect(starts(DEFAULT, pos('3:2, 4:1, 9:3, 0:1, 12:1', 1))).toEqual([3, 4, 9]);
    // Player 2: his segment is 17,16,15,14,13,12,6,7,8; closest to the opponent is 8.
    expect(starts(DEFAULT, pos('14:2, 6:2, 8:3, 0:1', 2))).toEqual([6]);
  });

  it('SEL-08 (3) only the three leftmost holes: a 1 first, then a 2, then a 3', () => {
    expect(starts(DEFAULT, pos('0:3, 1:1, 2:2, 12:1', 1))).toEqual([1]);
    expect(starts(DEFAULT, pos('0:2, 1:3, 2:2, 12:1', 1))).toEqual([0, 2]);
    expect(starts(DEFAULT, pos('0:3, 2:3, 12:1', 1))).toEqual([0, 2]);
    expect(starts(DEFAULT, pos('17:3, 16:2, 15:1, 0:1', 2))).toEqual([15]);
  });

  it('SEL-09 a nedf is never a starting hole, however many it holds', () => {
    // Hole 15 is player 1's nedf inside player 2's row: player 2 may not start from it even though it holds 6.
    const s = pos('15:6(N1), 14:2, 13:3, 0:1', 2);
    expect(starts(DEFAULT, s)).toEqual([14]);
    expect(DEFAULT.parseMove(s, '15').ok).toBe(false);
    const e = DEFAULT.parseMove(s, '15');
    if (!e.ok) expect(e.error.message).toMatch(/SEL-09/);
  });

  it("SEL-10 drops go into either player's holes and into nedfs (SEL-E3 drops into N1 at 15)", () => {
    const s = pos('5:5, 14:1, 15:4(N1), 16:3, 17:3, 6:2', 1);
    const tr = play(DEFAULT, s, 5);
    expect(tr.some((e) => e.type === 'drop' && e.hole === 15 && e.count === 5)).toBe(true);
    expect(tr.some((e) => e.type === 'drop' && s.owners[e.hole] === 2)).toBe(true);
  });

  it("SEL-11 an opponent's ordinary 3-hole is skipped; one's own 3-hole is not", () => {
    // 11 (4) -> 10 (own 3: dropped, 4), 9, 17 (3: skipped), 16, 15 (empty) -> end.
    const s = pos('11:4, 10:3, 17:3, 12:1', 1);
    const tr = play(DEFAULT, s, 11);
    expect(tr.filter((e) => e.type === 'skip').map((e) => (e as { hole: number }).hole)).toEqual([17]);
    expect(board(s)).toBe('9:1, 10:4, 12:1, 15:1, 16:1, 17:3');
  });

  it('SEL-11 the skip rule looks at live counts: a hole that reached 3 earlier in the same lap is skipped on the next pass', () => {
    // 25 counters from 9: the first circuit makes 12 hold 3 (it held 2); the second circuit passes
    // over it with 2 in hand (Ludii, reading the counts of the lap start, would drop there).
    const s = pos('9:25, 12:2', 1);
    const tr = play(DEFAULT, s, 9);
    const firstLap = tr.slice(
      0,
      tr.findIndex((e, i) => i > 0 && (e.type === 'relay' || e.type === 'turnEnd')),
    );
    expect(firstLap.filter((e) => e.type === 'drop' && e.hole === 12)).toHaveLength(1);
    expect(firstLap.filter((e) => e.type === 'skip').map((e) => (e as { hole: number }).hole)).toContain(12);
  });

  it('SEL-12 simple first nedf (SEL-E2 in short): the last counter into an opponent 3-hole makes a nedf and ends the turn', () => {
    const s = pos('9:2, 17:1, 16:3, 12:1', 1);
    const tr = play(DEFAULT, s, 9);
    expect(board(s)).toBe('12:1, 16:4(N1), 17:2');
    expect(tr.find((e) => e.type === 'mark')).toMatchObject({ player: 1, hole: 16, kind: 'nedf', rule: 'SEL-12' });
    expect(tr.at(-1)).toMatchObject({ type: 'turnEnd', reason: 'newNedf', rule: 'SEL-12' });
  });

  it('SEL-13 a lap ending in a nedf ends the turn; an own nedf is no different', () => {
    // Player 2 ends in his own nedf at 2 (inside player 1's row).
    const s = pos('8:3, 2:2(N2), 13:1, 3:1', 2);
    const tr = play(DEFAULT, s, 8);
    expect(board(s)).toBe('0:1, 1:1, 2:3(N2), 3:1, 13:1');
    expect(tr.at(-1)).toMatchObject({ type: 'turnEnd', reason: 'nedf', rule: 'SEL-13' });
    expect(tr.some((e) => e.type === 'relay')).toBe(false);
  });

  it('SEL-14 two-counter method: later nedf in the first of two 3-holes, then relay from the second', () => {
    // Player 1 already owns 15; he sows 9 with two counters, so both reach opponent 3-holes.
    const s = pos('9:2, 17:3, 16:3, 15:4(N1), 13:1', 1);
    const tr = play(DEFAULT, s, 9);
    // 9 (2) -> 17 (3 -> 4, nedf), 16 (3 -> 4): relay 4 -> 15 (N1 4 -> 5), 14 (0 -> 1), 13 (1 -> 2), 12 (empty): end.
    expect(board(s)).toBe('12:1, 13:2, 14:1, 15:5(N1), 17:4(N1)');
    expect(tr.find((e) => e.type === 'mark')).toMatchObject({ hole: 17, rule: 'SEL-14' });
    expect(tr.some((e) => e.type === 'relay' && e.hole === 16 && e.count === 4)).toBe(true);
  });

  it('SEL-14 no two-counter nedf when the second hole does not hold exactly three', () => {
    const s = pos('9:2, 17:3, 16:2, 15:4(N1), 13:1', 1);
    play(DEFAULT, s, 9);
    // 17 skipped (hand 2, 16 holds 2), 16 (2 -> 3), 15 (N1 4 -> 5): last into a nedf -> end.
    expect(board(s)).toBe('13:1, 15:5(N1), 16:3, 17:3');
  });

  it('SEL-15 at most one nedf per lap: the two-counter lap ends in an opponent 3-hole that is not made a nedf', () => {
    const s = pos('9:2, 17:3, 16:3, 15:4(N1), 14:5, 13:1', 1);
    const tr = play(DEFAULT, s, 9);
    expect(tr.filter((e) => e.type === 'mark')).toHaveLength(1);
    // The second hole 16 took the lap's last counter and was relayed from, not marked.
    expect(s.marks[16]).toBe(0);
    expect(tr.some((e) => e.type === 'relay' && e.hole === 16)).toBe(true);
  });

  it("SEL-16 guardian: while the hole after the opponent's nedf holds 3, no nedf can be made (SEL-E4 in short)", () => {
    const blocked = pos('3:2(N2), 4:3, 9:1, 17:3, 12:2', 1);
    play(DEFAULT, blocked, 9);
    expect(board(blocked)).toBe('3:2(N2), 4:3, 12:2, 16:1, 17:3');
    // The same move with the guardian holding 2: the last counter makes 17 a nedf.
    const free = pos('3:2(N2), 4:2, 9:1, 17:3, 12:2', 1);
    play(DEFAULT, free, 9);
    expect(board(free)).toBe('3:2(N2), 4:2, 12:2, 17:4(N1)');
  });

  it('SEL-16 a guardian holding three blocks the two-counter nedf too: both 3-holes are skipped', () => {
    // SEL-E3 with player 2 owning a nedf at 3 whose guardian 4 holds 3: player 1 sows 5 (5) to
    // 11, 10, 9; with two in hand he may not make 17 a nedf, so 17 and 16 are skipped.
    const blocked = pos('3:2(N2), 4:3, 5:5, 14:1, 15:4(N1), 16:3, 17:3, 6:2', 1);
    const tr = play(DEFAULT, blocked, 5);
    expect(tr.some((e) => e.type === 'mark')).toBe(false);
    expect(
      tr
        .filter((e) => e.type === 'skip')
        .map((e) => (e as { hole: number }).hole)
        .slice(0, 2),
    ).toEqual([17, 16]);
    expect(blocked.marks[17]).toBe(0);
    expect(blocked.counts[17]).toBe(3);
    // The guardian holding 2: the same sowing makes 17 a nedf (SEL-14).
    const free = pos('3:2(N2), 4:2, 5:5, 14:1, 15:4(N1), 16:3, 17:3, 6:2', 1);
    const tr2 = play(DEFAULT, free, 5);
    expect(tr2.find((e) => e.type === 'mark')).toMatchObject({ hole: 17, player: 1, rule: 'SEL-14' });
  });

  it("SEL-17 nedfs and their counters stay their owner's for the rest of the game", () => {
    const g = make({ concession: 'off' });
    const s = g.newState(11);
    const buf = new Int32Array(MAX_MOVES);
    const joint = [0, 0, 0];
    for (let p = 1; p <= 2; p++) {
      g.legalMovesFor(s, p, buf);
      joint[p] = buf[0]!;
    }
    g.applyJoint(s, joint);
    const seen = new Int8Array(18);
    const floor = new Int32Array(18);
    let plies = 0;
    while (s.phase !== PHASE_OVER && plies++ < 2000) {
      const n = g.legalMoves(s, buf);
      g.apply(s, buf[(plies * 7) % n]!);
      for (let h = 0; h < 18; h++) {
        if (seen[h]) {
          expect(s.marks[h]).toBe(seen[h]);
          expect(s.counts[h]).toBeGreaterThanOrEqual(floor[h]!);
        }
        if (s.marks[h]) {
          seen[h] = s.marks[h]!;
          floor[h] = s.counts[h]!;
        }
      }
    }
    expect(seen.some((m) => m !== 0)).toBe(true);
  });

  it('SEL-18 (a) the game ends when the player to move has no counter in his ordinary holes', () => {
    // Player 2's only counters are in his nedf at 0, which is not a start (SEL-09).
    const s = pos('3:1, 0:4(N2)', 1);
    const tr = play(DEFAULT, s, 3);
    expect(board(s)).toBe('0:4(N2), 4:1');
    expect(s.phase).toBe(PHASE_OVER);
    expect(END_REASONS[s.endReason]).toBe('rules');
    expect(s.toMove).toBe(0);
    expect([s.scores[1], s.scores[2], s.winner]).toEqual([1, 4, 2]);
    expect(tr.at(-1)).toMatchObject({ type: 'matchEnd', winner: 2, reason: 'rules' });
    expect(legal(DEFAULT, s)).toEqual([]);
  });

  it('SEL-18 (b) / S11 concession = resign (default, SPEC §12): the conceding player loses, whatever the counts', () => {
    // Player 1: nedf 6 + own 8 = 14; player 2: nedf 4 + own 3 = 7. The leader concedes and loses.
    const s = pos('0:5, 10:3, 15:6(N1), 12:2, 7:1, 3:4(N2)', 1);
    expect(legal(DEFAULT, s)).toContain(MOVE_CONCEDE);
    expect(DEFAULT.options['concession']).toBe('resign');
    expect(DEFAULT.moveText(s, MOVE_CONCEDE)).toBe('concede');
    expect(unwrap(DEFAULT.parseMove(s, 'concede'))).toBe(MOVE_CONCEDE);
    const tr = play(DEFAULT, s, MOVE_CONCEDE);
    expect(tr[0]).toMatchObject({ type: 'concede', player: 1, rule: 'SEL-18' });
    expect(s.phase).toBe(PHASE_OVER);
    expect(END_REASONS[s.endReason]).toBe('concession');
    expect(s.winner).toBe(2);
    expect(tr.at(-1)).toMatchObject({ type: 'matchEnd', winner: 2, reason: 'concession', rule: 'SEL-18' });
    // The counts are still shown, for the record.
    expect([s.scores[1], s.scores[2]]).toEqual([14, 7]);
    const r = new Float64Array(3);
    DEFAULT.returns(s, r);
    expect([r[1], r[2]]).toEqual([0, 1]);
    // Player 2, behind, concedes: player 1 wins.
    const t = pos('0:5, 10:3, 15:6(N1), 12:2, 7:1, 3:4(N2)', 2);
    DEFAULT.apply(t, MOVE_CONCEDE);
    expect(t.winner).toBe(1);
  });

  it('SEL-18 (b) / S11 concession = scored (the rule before 2026-11-30): the game ends and is scored by SEL-19', () => {
    const g = make({ concession: 'scored' });
    const s = pos('0:5, 10:3, 15:6(N1), 12:2, 7:1, 3:4(N2)', 1);
    expect(legal(g, s)).toContain(MOVE_CONCEDE);
    g.apply(s, MOVE_CONCEDE);
    expect(END_REASONS[s.endReason]).toBe('concession');
    // The leader concedes and wins: why SPEC §12 changed the default.
    expect([s.scores[1], s.scores[2], s.winner]).toEqual([14, 7, 1]);
    // Under blockWin the conceder loses whatever the counts.
    const b = pos('0:5, 10:3, 15:6(N1), 12:2, 7:1, 3:4(N2)', 1);
    make({ selusScoring: 'blockWin', concession: 'scored' }).apply(b, MOVE_CONCEDE);
    expect(b.winner).toBe(2);
  });

  it('SEL-18 (b) / S11 concession = off: no concession move', () => {
    expect(legal(make({ concession: 'off' }), pos('0:5, 12:2', 1))).not.toContain(MOVE_CONCEDE);
    expect(make({ concession: 'off' }).parseMove(pos('0:5, 12:2', 1), 'concede').ok).toBe(false);
  });

  it('SEL-18 / S11 the old values true/false still load, read as scored/off, and the reading is noted', () => {
    for (const [old, now] of [
      [true, 'scored'],
      [false, 'off'],
      ['true', 'scored'],
      ['false', 'off'],
    ] as const) {
      const notes: string[] = [];
      const g = unwrap(selus.create({ concession: old }, notes));
      expect(g.options['concession']).toBe(now);
      expect(notes).toHaveLength(1);
      expect(notes[0]).toContain(`concession=${String(old)}`);
      expect(notes[0]).toContain(`concession=${now}`);
    }
    // Today's values are not noted; an unknown one is still an error.
    const quiet: string[] = [];
    unwrap(selus.create({ concession: 'resign' }, quiet));
    expect(quiet).toEqual([]);
    const bad = selus.create({ concession: 'maybe' });
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.error.code).toBe('ERR_OPTION');
  });

  it('SEL-19 scoring: nedfs plus own ordinary holes by default; nedfOnly; blockWin', () => {
    // Player 2 plays 12 -> 6; then player 1 has nothing in his ordinary holes and the game ends.
    const finish = (g: Game, text: string): State => {
      const s = pos(text, 2);
      expect(starts(g, s)).toEqual([14, 12]);
      g.apply(s, 12);
      expect(s.phase).toBe(PHASE_OVER);
      return s;
    };
    const close = '15:9(N1), 3:7(N2), 14:2, 12:1';
    // Default: player 1 9; player 2 7 + 2 + 1 = 10.
    const d = finish(DEFAULT, close);
    expect(board(d)).toBe('3:7(N2), 6:1, 14:2, 15:9(N1)');
    expect([d.scores[1], d.scores[2], d.winner]).toEqual([9, 10, 2]);
    // nedfOnly: 9 against 7.
    const n = finish(make({ selusScoring: 'nedfOnly' }), close);
    expect([n.scores[1], n.scores[2], n.winner]).toEqual([9, 7, 1]);
    // blockWin: player 1, who cannot move, loses whatever the counts.
    const rich = '15:12(N1), 3:4(N2), 14:2, 12:1';
    expect(finish(DEFAULT, rich).winner).toBe(1);
    expect(finish(make({ selusScoring: 'blockWin' }), rich).winner).toBe(2);
    const out = new Float64Array(3);
    DEFAULT.returns(finish(DEFAULT, rich), out);
    expect([...out]).toEqual([0, 1, 0]);
    // A tie is a draw and the payoff is shared.
    const tie = finish(DEFAULT, '15:10(N1), 3:7(N2), 14:2, 12:1');
    expect(tie.winner).toBe(0);
    DEFAULT.returns(tie, out);
    expect([...out]).toEqual([0, 0.5, 0.5]);
  });

  it('SEL-20 a game is a single round: it ends where another ruleset would start a second round', () => {
    // Played to the end with event traces: no round ends, nothing is redistributed, no second
    // race is run; the game is over in round 1, by the rules (SEL-18 a) in at least some games.
    let ruleEnds = 0;
    for (const options of [{ concession: 'off' }, {}, { concession: 'scored' }]) {
      const g = make(options);
      for (let seed = 1; seed <= 20; seed++) {
        const trace: GameEvent[] = [];
        const s = g.newState(seed, trace);
        const buf = new Int32Array(MAX_MOVES);
        g.applyJoint(s, [0, 3, 14], trace);
        let plies = 0;
        while (s.phase !== PHASE_OVER && plies++ < 5000) {
          const n = g.legalMoves(s, buf);
          const moves = [...buf.subarray(0, n)].filter((m) => m !== MOVE_CONCEDE);
          g.apply(s, moves.length > 0 ? moves[(plies * 7 + seed) % moves.length]! : buf[0]!, trace);
        }
        expect(s.phase).toBe(PHASE_OVER);
        expect(s.round).toBe(1);
        expect(trace.filter((e) => e.type === 'roundEnd' || e.type === 'redistribute')).toEqual([]);
        expect(trace.filter((e) => e.type === 'raceEnd')).toHaveLength(1);
        expect(trace.filter((e) => e.type === 'matchEnd')).toHaveLength(1);
        if (s.endReason === END_REASONS.indexOf('rules')) ruleEnds++;
        // Over is over: no move, not even a new round's.
        expect(g.legalMoves(s, buf)).toBe(0);
        expect(g.parseMove(s, '3').ok).toBe(false);
      }
    }
    expect(ruleEnds).toBeGreaterThan(0);
  });
});

describe('Selus worked examples', () => {
  it('SEL-E1 starting-hole restriction: only 10 is legal; sowing it ends at 17', () => {
    for (const g of [DEFAULT, LUDII]) {
      const s = pos('0:2, 1:3, 2:1, 3:3, 4:2, 10:2, 11:3, 12:2', 1);
      expect(starts(g, s)).toEqual([10]);
      play(g, s, 10);
      expect(board(s)).toBe('0:2, 1:3, 2:1, 3:3, 4:2, 9:1, 11:3, 12:2, 17:1');
      expect(s.toMove).toBe(2);
      expect(s.phase).toBe(PHASE_PLAY);
    }
  });

  it('SEL-E2 skip and first (simple) nedf at 15, under the default, the ludii preset and the outer-row zone', () => {
    for (const g of [DEFAULT, LUDII, make({ nedfZone: 'opponentOuterRow' }), make({ nedfFirstScope: 'global' })]) {
      const s = pos('9:1, 11:4, 14:2, 15:3, 17:3, 6:1, 12:2', 1);
      expect(starts(g, s)).toEqual([11]);
      const tr = play(g, s, 11);
      expect(board(s)).toBe('6:1, 9:2, 10:1, 12:2, 14:2, 15:4(N1), 16:1, 17:3');
      expect(s.toMove).toBe(2);
      expect(tr.filter((e) => e.type === 'skip').map((e) => (e as { hole: number }).hole)).toEqual([17]);
    }
  });

  it('SEL-E3 second nedf by the two-counter method (17), then relay from 16', () => {
    for (const g of [
      DEFAULT,
      make({ twoCounterSecondHole: 'opponentOnly' }),
      make({ nedfFirstScope: 'global' }),
      make({ guardianScope: 'latestNedf' }),
    ]) {
      const s = pos('5:5, 14:1, 15:4(N1), 16:3, 17:3, 6:2', 1);
      play(g, s, 5);
      expect(board(s)).toBe('6:2, 9:1, 10:1, 11:1, 12:1, 13:1, 14:2, 15:5(N1), 17:4(N1)');
      expect(s.toMove).toBe(2);
    }
  });

  it('SEL-E3 under nedfMode=onePerPlayer (and the ludii preset): no second nedf; 17 and 16 are skipped', () => {
    for (const g of [LUDII, make({ nedfMode: 'onePerPlayer' })]) {
      const s = pos('5:5, 14:1, 15:4(N1), 16:3, 17:3, 6:2', 1);
      play(g, s, 5);
      // 11, 10, 9; skip 17, 16; 15 (N1 -> 5); 14 (1 -> 2): relay 2 -> 13, 12 (empty) -> end.
      expect(board(s)).toBe('6:2, 9:1, 10:1, 11:1, 12:1, 13:1, 15:5(N1), 16:3, 17:3');
      expect(s.toMove).toBe(2);
    }
  });

  it('SEL-E4 guardian blocks: 17 is skipped and the turn ends in 16', () => {
    for (const g of [DEFAULT, make({ guardianScope: 'latestNedf' })]) {
      const s = pos('3:2(N2), 4:3, 10:2, 17:3, 12:2', 1);
      expect(starts(g, s)).toEqual([10]);
      play(g, s, 10);
      expect(board(s)).toBe('3:2(N2), 4:3, 9:1, 12:2, 16:1, 17:3');
      expect(s.toMove).toBe(2);
    }
  });

  it('SEL-E4 variant with 4:2: the last counter makes 17 a nedf', () => {
    const s = pos('3:2(N2), 4:2, 10:2, 17:3, 12:2', 1);
    play(DEFAULT, s, 10);
    expect(board(s)).toBe('3:2(N2), 4:2, 9:1, 12:2, 17:4(N1)');
    expect(s.toMove).toBe(2);
  });

  it('SEL-E4 without the guardian (guardian=false, the ludii preset): 17 becomes a nedf even with 4:3', () => {
    for (const g of [LUDII, make({ guardian: false })]) {
      const s = pos('3:2(N2), 4:3, 10:2, 17:3, 12:2', 1);
      play(g, s, 10);
      expect(board(s)).toBe('3:2(N2), 4:3, 9:1, 12:2, 17:4(N1)');
      expect(s.toMove).toBe(2);
    }
  });

  it("SEL-E4 variant under nedfFirstScope=global: the game's first nedf exists, so no simple nedf for player 1", () => {
    const s = pos('3:2(N2), 4:2, 10:2, 17:3, 12:2', 1);
    play(make({ nedfFirstScope: 'global' }), s, 10);
    expect(board(s)).toBe('3:2(N2), 4:2, 9:1, 12:2, 16:1, 17:3');
    expect(s.toMove).toBe(2);
  });

  it('SEL-E5 last counter into a nedf ends the turn (then player 1 has no start: SEL-18a)', () => {
    for (const g of [DEFAULT, LUDII]) {
      const s = pos('6:2, 8:4(N1), 13:1', 2);
      expect(starts(g, s)).toContain(6);
      const tr = play(g, s, 6);
      expect(board(s)).toBe('7:1, 8:5(N1), 13:1');
      expect(tr.find((e) => e.type === 'turnEnd')).toMatchObject({ reason: 'nedf', rule: 'SEL-13' });
      // SPEC: "Next: P1", who holds nothing in his ordinary holes, so the game ends at once.
      expect(s.phase).toBe(PHASE_OVER);
      expect(s.toMove).toBe(0);
    }
    // With a counter in player 1's row the game goes on and player 1 is to move.
    const s = pos('6:2, 8:4(N1), 13:1, 0:1', 2);
    play(DEFAULT, s, 6);
    expect(board(s)).toBe('0:1, 7:1, 8:5(N1), 13:1');
    expect(s.toMove).toBe(1);
    expect(s.phase).toBe(PHASE_PLAY);
  });
});

describe('Selus options', () => {
  it("nedfZone=opponentOuterRow: no nedf in the opponent's half of the centre row", () => {
    const d = pos('9:7, 6:3', 1);
    play(DEFAULT, d, 9);
    expect(board(d)).toBe('6:4(N1), 12:1, 13:1, 14:1, 15:1, 16:1, 17:1');
    const o = pos('9:7, 6:3', 1);
    play(make({ nedfZone: 'opponentOuterRow' }), o, 9);
    expect(board(o)).toBe('6:3, 7:1, 12:1, 13:1, 14:1, 15:1, 16:1, 17:1');
  });

  it("twoCounterSecondHole=opponentOnly: the second hole may not be the mover's own", () => {
    const d = pos('9:10, 8:3, 0:3, 15:4(N1)', 1);
    play(DEFAULT, d, 9);
    expect(board(d)).toBe('1:1, 2:1, 3:1, 4:1, 6:1, 7:1, 8:4(N1), 12:1, 13:1, 14:1, 15:5(N1), 16:1, 17:1');
    const o = pos('9:10, 8:3, 0:3, 15:4(N1)', 1);
    play(make({ twoCounterSecondHole: 'opponentOnly' }), o, 9);
    expect(board(o)).toBe('0:4, 1:1, 6:1, 7:1, 8:3, 12:1, 13:1, 14:1, 15:5(N1), 16:1, 17:1');
  });

  it("guardianScope=latestNedf: only the guardian of the opponent's latest nedf blocks", () => {
    const text = '1:4(N2), 3:2(N2), 4:3, 10:2, 17:3, 12:2';
    const all = pos(text, 1);
    all.aux[AUX_LATEST_NEDF + 1] = 1 + 1; // player 2's latest nedf is 1 (guardian 2, empty)
    play(DEFAULT, all, 10);
    expect(board(all)).toBe('1:4(N2), 3:2(N2), 4:3, 9:1, 12:2, 16:1, 17:3');
    const latest = pos(text, 1);
    latest.aux[AUX_LATEST_NEDF + 1] = 1 + 1;
    play(make({ guardianScope: 'latestNedf' }), latest, 10);
    expect(board(latest)).toBe('1:4(N2), 3:2(N2), 4:3, 9:1, 12:2, 17:4(N1)');
    // A nedf made in play becomes its owner's latest.
    expect(latest.aux[AUX_LATEST_NEDF]).toBe(17 + 1);
  });

  it('skipOriginOnLongLaps: an 18-counter lap passes over its own hole only when asked', () => {
    const drops = (g: Game): number[] => {
      const s = pos('3:18, 12:1', 1);
      const tr = play(g, s, 3);
      const lap = tr.slice(
        1,
        tr.findIndex((e, i) => i > 0 && (e.type === 'relay' || e.type === 'turnEnd')),
      );
      return lap.filter((e) => e.type === 'drop').map((e) => (e as { hole: number }).hole);
    };
    expect(drops(DEFAULT)).toContain(3);
    const skipped = drops(make({ skipOriginOnLongLaps: true }));
    expect(skipped).not.toContain(3);
    expect(skipped).toHaveLength(18);
  });

  it('perpetualMove: the §8 vector is perpetual under Selus too (illegal / endTurnAtRepeat / drawRound)', () => {
    const text = '0:1, 2:1, 4:1, 7:1, 9:1, 11:1, 12:2, 13:1, 15:1, 16:2';
    const s = pos(text, 2);
    const buf = new Int32Array(MAX_MOVES);
    const cand = [...buf.subarray(0, DEFAULT.candidateMoves(s, buf))];
    expect(cand).toContain(12);
    expect(legal(DEFAULT, s)).not.toContain(12);
    expect(legal(DEFAULT, s).length).toBeGreaterThan(1);
    expect(DEFAULT.apply(pos(text, 2), 12)).toBe(false);
    expect(DEFAULT.parseMove(s, '12').ok).toBe(false);

    const e = pos(text, 2);
    const g = make({ perpetualMove: 'endTurnAtRepeat' });
    expect(legal(g, e)).toContain(12);
    const tr = play(g, e, 12);
    expect(tr.at(-1)).toMatchObject({ type: 'turnEnd', reason: 'perpetual' });
    expect(e.toMove).toBe(1);
    expect(e.boardTotal()).toBe(12);

    const d = pos(text, 2);
    play(make({ perpetualMove: 'drawRound' }), d, 12);
    expect(d.phase).toBe(PHASE_OVER);
    expect(d.winner).toBe(0);
    expect(END_REASONS[d.endReason]).toBe('perpetual');
    expect(d.guardEnds).toBe(1);
  });

  it('a pass (offered only when every start would sow for ever) hands the turn over; two passes in a row end the game by the guard', () => {
    const s = pos('0:1, 2:1, 4:1, 7:1, 9:1, 11:1, 12:2, 13:1, 15:1, 16:2', 2);
    // Here player 2 still has starts that end, so passing is not legal for him.
    expect(DEFAULT.parseMove(s, 'pass').ok).toBe(false);
    const tr = play(DEFAULT, s, MOVE_PASS);
    expect(tr[0]).toMatchObject({ type: 'pass', player: 2 });
    expect(s.toMove).toBe(1);
    expect(s.passes).toBe(1);
    expect(DEFAULT.moveText(s, MOVE_PASS)).toBe('pass');
    play(DEFAULT, s, MOVE_PASS);
    expect(s.phase).toBe(PHASE_OVER);
    expect(END_REASONS[s.endReason]).toBe('doublePass');
    expect(s.guardEnds).toBe(1);
    // A real start in between resets the count.
    const t = pos('0:1, 2:1, 4:1, 7:1, 9:1, 11:1, 12:2, 13:1, 15:1, 16:2', 2);
    play(DEFAULT, t, MOVE_PASS);
    play(DEFAULT, t, starts(DEFAULT, t)[0]!);
    expect(t.passes).toBe(0);
    expect(t.phase).not.toBe(PHASE_OVER);
  });

  it('maxTurnsPerRound and roundStalemate: the guard ends the game and is counted', () => {
    for (const [stale, drawn] of [
      ['ownerTakes', false],
      ['draw', true],
    ] as const) {
      const g = make({ maxTurnsPerRound: 10, roundStalemate: stale, concession: 'off', openingMode: 'p1First' });
      const s = g.newState(5);
      const buf = new Int32Array(MAX_MOVES);
      let plies = 0;
      while (s.phase !== PHASE_OVER && plies++ < 100) g.apply(s, buf[plies % g.legalMoves(s, buf)]!);
      expect(s.phase).toBe(PHASE_OVER);
      expect(['turnCap', 'rules']).toContain(END_REASONS[s.endReason]);
      if (END_REASONS[s.endReason] === 'turnCap') {
        expect(s.turn).toBe(10);
        expect(s.guardEnds).toBe(1);
        expect(s.scores[1]! + s.scores[2]!).toBe(54);
        if (drawn) expect(s.winner).toBe(0);
        else expect(s.winner).toBe(s.scores[1]! > s.scores[2]! ? 1 : s.scores[2]! > s.scores[1]! ? 2 : 0);
      }
    }
  });

  it('threefold repetition ends the game by the stalemate guard (a forced 18-turn shuttle)', () => {
    // Every position of this ending has exactly one legal start: three counters walk round the
    // track one hole a turn and the position after the first turn recurs after 18 and 36 more.
    for (const [stale, winner] of [
      ['ownerTakes', 1],
      ['draw', 0],
    ] as const) {
      const g = make({ concession: 'off', roundStalemate: stale });
      const s = pos('0:1, 3:1, 17:1', 1);
      const buf = new Int32Array(MAX_MOVES);
      let turns = 0;
      while (s.phase !== PHASE_OVER && turns < 100) {
        expect(g.legalMoves(s, buf)).toBe(1);
        g.apply(s, buf[0]!);
        turns++;
      }
      expect(turns).toBe(37);
      expect(END_REASONS[s.endReason]).toBe('repetition');
      expect(s.guardEnds).toBe(1);
      expect(board(s)).toBe('0:1, 4:1, 17:1');
      expect([s.scores[1], s.scores[2]]).toEqual([2, 1]);
      expect(s.winner).toBe(winner);
    }
  });

  it('options: each value explained, defaults as SPEC §10, ludii preset', () => {
    const names = selus.options.map((o) => o.name);
    for (const n of [
      'openingMode',
      'selusRaceStart',
      'raceSkip',
      'raceTickOrder',
      'raceLoserCompletion',
      'raceLoopResolution',
      'nedfFirstScope',
      'nedfMode',
      'nedfZone',
      'twoCounterSecondHole',
      'guardianScope',
      'selusScoring',
      'skipOriginOnLongLaps',
      'perpetualMove',
      'maxLapsPerTurn',
      'maxTurnsPerRound',
      'roundStalemate',
    ]) {
      expect(names).toContain(n);
    }
    for (const o of selus.options) {
      if (o.kind === 'choice') for (const v of o.values) expect(o.explain[v]?.length ?? 0).toBeGreaterThan(10);
      if (o.kind === 'boolean') expect(o.explain.true.length + o.explain.false.length).toBeGreaterThan(10);
      expect(o.question.length).toBeGreaterThan(10);
    }
    expect(DEFAULT.options).toMatchObject({
      openingMode: 'race',
      selusRaceStart: 'choose',
      raceSkip: true,
      raceTickOrder: 'alternate',
      raceLoserCompletion: 'finish',
      raceLoopResolution: 'random',
      nedfFirstScope: 'perPlayer',
      nedfMode: 'twoCounterRule',
      nedfZone: 'allOpponentHoles',
      twoCounterSecondHole: 'anyOwner',
      guardianScope: 'allNedfs',
      selusScoring: 'nedfPlusOwnHoles',
      skipOriginOnLongLaps: false,
      perpetualMove: 'illegal',
      maxLapsPerTurn: 10000,
      maxTurnsPerRound: 2000,
      roundStalemate: 'ownerTakes',
    });
    expect(LUDII.options).toMatchObject({ openingMode: 'p1First', nedfMode: 'onePerPlayer', guardian: false, selusScoring: 'blockWin' });
    const bad = selus.create({ nedfZone: 'everywhere' });
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.error.code).toBe('ERR_OPTION');
  });

  it('provenance: Pankhurst 1971: 165-166, region, reconstructions with their options', () => {
    expect(selus.info.id).toBe('selus');
    expect(selus.info.clausePrefix).toBe('SEL');
    expect(selus.info.sources[0]).toMatchObject({ author: 'R. Pankhurst', year: 1971, pages: '165-166' });
    expect(selus.info.region).toMatch(/Ethiopia/);
    const opts = selus.info.reconstructions.map((r) => r.option);
    for (const o of [
      'nedfFirstScope',
      'nedfMode',
      'nedfZone',
      'twoCounterSecondHole',
      'guardianScope',
      'selusScoring',
      'selusRaceStart',
      'raceSkip',
    ]) {
      expect(opts).toContain(o);
    }
    expect(selus.info.reconstructions.filter((r) => r.confidence === 'low').length).toBeGreaterThanOrEqual(5);
    expect(unwrap(getRuleset('selus'))).toBe(selus);
    expect(unwrap(getRuleset('Sulusé'))).toBe(selus);
  });
});

describe('Selus notation, validation and JSON extras', () => {
  it('parseMove / moveText: hole numbers, concede; clear errors for bad input', () => {
    const s = pos('0:2, 1:3, 2:1, 3:3, 4:2, 10:2, 11:3, 12:2', 1);
    expect(unwrap(DEFAULT.parseMove(s, ' 10 '))).toBe(10);
    expect(DEFAULT.moveText(s, 10)).toBe('10');
    const syntax = DEFAULT.parseMove(s, 'ten');
    expect(!syntax.ok && syntax.error.code).toBe('ERR_MOVE_SYNTAX');
    const range = DEFAULT.parseMove(s, '18');
    expect(!range.ok && range.error.code).toBe('ERR_MOVE_SYNTAX');
    const illegal = DEFAULT.parseMove(s, '3');
    expect(!illegal.ok && illegal.error.code).toBe('ERR_ILLEGAL_MOVE');
    expect(!illegal.ok && illegal.error.message).toMatch(/closest to the opponent \(SEL-08 \(2\)\) \(legal: 10, concede\)/);
    const leftmost = DEFAULT.parseMove(s, '2');
    expect(!leftmost.ok && leftmost.error.message).toMatch(/three leftmost holes.*SEL-08 \(3\)/);
    const big = DEFAULT.parseMove(pos('0:4, 3:2, 12:1', 1), '3');
    expect(!big.ok && big.error.message).toMatch(/more than three.*SEL-08 \(1\)/);
    const fewest = DEFAULT.parseMove(pos('0:3, 1:1, 12:1', 1), '0');
    expect(!fewest.ok && fewest.error.message).toMatch(/fewest counters.*SEL-08 \(3\)/);
    const perpetual = DEFAULT.parseMove(pos('0:1, 2:1, 4:1, 7:1, 9:1, 11:1, 12:2, 13:1, 15:1, 16:2', 2), '12');
    expect(!perpetual.ok && perpetual.error.message).toMatch(/never end/);
    const theirs = DEFAULT.parseMove(s, '12');
    expect(!theirs.ok && theirs.error.message).toMatch(/not player 1's/);
    const pass = DEFAULT.parseMove(s, 'pass');
    expect(!pass.ok && pass.error.code).toBe('ERR_ILLEGAL_MOVE');
  });

  it('race node: parseMove takes one hole of either player; parseJointMove takes p1|p2', () => {
    const s = DEFAULT.newState(1);
    expect(s.phase).toBe(PHASE_RACE);
    expect(s.toMove).toBe(0);
    expect(unwrap(DEFAULT.parseMove(s, '9'))).toBe(9);
    expect(unwrap(DEFAULT.parseMove(s, '8'))).toBe(8);
    const left = DEFAULT.parseMove(s, '0');
    expect(!left.ok && left.error.code).toBe('ERR_ILLEGAL_MOVE');
    expect(unwrap(parseJointMove(DEFAULT, s, '9|8'))).toEqual([0, 9, 8]);
    expect(unwrap(parseJointMove(DEFAULT, s, ' 3 | 14 '))).toEqual([0, 3, 14]);
    const swapped = parseJointMove(DEFAULT, s, '8|9');
    expect(!swapped.ok && swapped.error.code).toBe('ERR_ILLEGAL_MOVE');
    const one = parseJointMove(DEFAULT, s, '9');
    expect(!one.ok && one.error.code).toBe('ERR_MOVE_SYNTAX');
    const joint = DEFAULT.parseMove(s, '9|8');
    expect(!joint.ok && joint.error.code).toBe('ERR_MOVE_SYNTAX');
    const after = DEFAULT.newState(1);
    DEFAULT.applyJoint(after, [0, 9, 8]);
    const late = parseJointMove(DEFAULT, after, '9|8');
    expect(!late.ok && late.error.code).toBe('ERR_ILLEGAL_MOVE');
  });

  it("validate: 54 counters conserved, owners fixed, nedfs on the opponent's side only", () => {
    const s = DEFAULT.newState(2);
    expect(DEFAULT.validate(s).ok).toBe(true);
    const short = s.clone();
    short.counts[0] = 2;
    expect(DEFAULT.validate(short).ok).toBe(false);
    const own = s.clone();
    own.marks[0] = 1;
    const r = DEFAULT.validate(own);
    expect(!r.ok && r.error.code).toBe('ERR_POSITION');
    const owners = s.clone();
    owners.owners[0] = 2;
    expect(DEFAULT.validate(owners).ok).toBe(false);
    const mid = s.clone();
    mid.phase = PHASE_PLAY;
    mid.toMove = 0;
    expect(DEFAULT.validate(mid).ok).toBe(false);
    const raced = s.clone();
    raced.counts[0] = 2;
    raced.counts[1] = 4;
    const rr = DEFAULT.validate(raced);
    expect(!rr.ok && rr.error.message).toMatch(/setup/);
    // A player to move with nothing to sow: by SEL-18 the game should already be over.
    const stuck = pos('15:50(N1), 3:4(N2)', 1);
    const st = DEFAULT.validate(stuck);
    expect(!st.ok && st.error.message).toMatch(/SEL-18/);
  });

  it('extraToJSON / extraFromJSON round-trip the aux slots', () => {
    const s = DEFAULT.newState(1);
    DEFAULT.applyJoint(s, [0, 9, 8]);
    s.marks[15] = 1;
    s.aux[AUX_LATEST_NEDF] = 16;
    const extra = DEFAULT.extraToJSON(s);
    expect(extra).toEqual({ latestNedf: [15, -1], raceStarts: [9, 8] });
    const t = new State(2, 18);
    expect(DEFAULT.extraFromJSON(t, JSON.parse(JSON.stringify(extra)) as Record<string, unknown>).ok).toBe(true);
    expect(DEFAULT.extraToJSON(t)).toEqual(extra);
    const bad = DEFAULT.extraFromJSON(t, { latestNedf: [99, 0] });
    expect(!bad.ok && bad.error.code).toBe('ERR_POSITION');
  });

  it('evaluate stays in [-1, 1] and favours the player with more in nedfs', () => {
    const s = pos('15:9(N1), 3:4(N2), 0:5, 12:5', 1);
    expect(DEFAULT.evaluate(s, 1)).toBeGreaterThan(0);
    expect(DEFAULT.evaluate(s, 2)).toBeLessThan(0);
    expect(DEFAULT.evaluate(s, 1)).toBeCloseTo(-DEFAULT.evaluate(s, 2));
    const big = pos('15:54(N1)', 1);
    expect(DEFAULT.evaluate(big, 1)).toBeLessThanOrEqual(1);
  });

  it('legalStarts is exported for tools and agrees with legalMoves', () => {
    const s = pos('0:2, 1:3, 2:1, 3:3, 4:2, 10:2, 11:3, 12:2', 1);
    const buf = new Int32Array(MAX_MOVES);
    expect(legalStarts(s, 1, buf)).toBe(1);
    expect(buf[0]).toBe(10);
    expect(legal(DEFAULT, s)).toEqual([10, MOVE_CONCEDE]);
  });
});

describe('Selus landmarks', () => {
  it('viewers are told which hole guards each nedf (the yazab tabaqi, a landmark)', () => {
    const game = unwrap(selus.create({}));
    const s = game.newState(1);
    expect(game.landmarks!(s)).toEqual([]);
    s.marks[15] = 1;
    s.marks[3] = 2;
    expect(game.landmarks!(s)).toEqual([
      { hole: 4, player: 2, kind: 'guardian', rule: 'SEL-16' },
      { hole: 14, player: 1, kind: 'guardian', rule: 'SEL-16' },
    ]);
  });
});
