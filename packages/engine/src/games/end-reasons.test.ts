/**
 * The end reasons of END_REASONS, each reached in play of the ruleset that can reach it, shown by
 * the position notation (`er:`), and the names written before 2026-12-04 (`stalemate`,
 * `roundCap`) read as the reasons they stand for in positions and records.
 */
import { describe, expect, it } from 'vitest';
import { playRandomMatch } from '../core/debug.js';
import { unwrap } from '../core/errors.js';
import type { GameEvent } from '../core/events.js';
import { MOVE_PASS, type Game } from '../core/game.js';
import { OWNERS_3X6_2P } from '../core/geometry.js';
import { Rng } from '../core/rng.js';
import { parseSparse } from '../core/sparse.js';
import { END_REASONS, PHASE_OVER, PHASE_PLAY, State } from '../core/state.js';
import { makePosition, parsePosition } from '../notation/position.js';
import { legalMoveList } from '../notation/move.js';
import { makeRecord, replayRecord } from '../notation/record.js';
import { getRuleset } from './index.js';

const game = (id: string, options: Record<string, unknown> = {}): Game => unwrap(unwrap(getRuleset(id)).create(options));

/** A seeded random match to its end; the end reason's name and the final position's text. */
function played(g: Game, seed: number): { reason: string; text: string; state: State } {
  const { state } = playRandomMatch(g, seed);
  expect(state.phase).toBe(PHASE_OVER);
  return { reason: END_REASONS[state.endReason]!, text: makePosition(g, state), state };
}

/** The position text read back: its state's end reason, and the notes the reading left. */
function reread(text: string): { reason: string; notes: readonly string[]; text: string } {
  const p = unwrap(parsePosition(text));
  return { reason: END_REASONS[p.state.endReason]!, notes: p.notes ?? [], text: makePosition(p.game, p.state) };
}

describe('END_REASONS: rounds (the last of rounds = N) and matchCap (the maxRounds guard) apart', () => {
  for (const [id, options] of [
    ['gabata-adowa', { rounds: 2 }],
    ['gabata-aksum', { rounds: 1 }],
    ['abalalae', { rounds: 2 }],
    ['gifia', { rounds: 2 }],
  ] as const) {
    it(`${id} ${JSON.stringify(options)}: played to its last round, ends by rounds (er:rounds); old er:roundCap reads so`, () => {
      const g = game(id, options);
      const { reason, text, state } = played(g, 1);
      expect(reason).toBe('rounds');
      expect(state.round).toBe(options.rounds);
      expect(text).toContain(' er:rounds');
      const old = reread(text.replace(' er:rounds', ' er:roundCap'));
      expect(old.reason).toBe('rounds');
      expect(old.text).toBe(text);
      expect(old.notes.join(' ')).toMatch(/endReason roundCap .* was read as rounds/);
    });
  }

  it('gifia §8 maxRounds: the match stopped at its cap ends by matchCap, counted as a guard; old er:roundCap reads as matchCap', () => {
    const g = game('gifia', { maxRounds: 3 });
    const { reason, text, state } = played(g, 1);
    expect([reason, state.round]).toEqual(['matchCap', 3]);
    expect(state.guardEnds).toBeGreaterThan(0);
    expect(text).toContain(' er:matchCap');
    const old = reread(text.replace(' er:matchCap', ' er:roundCap'));
    expect([old.reason, old.text]).toEqual(['matchCap', text]);
    // The same match under its defaults' cap (maxRounds 10) reaches it too, with no rounds option.
    expect(played(game('gifia'), 1).reason).toBe('matchCap');
  });

  it('abalalae §8 the safety net of 1000 rounds: a match still going after it ends by matchCap, a guard', () => {
    const g = game('abalalae');
    // A match whose first round is written as round 1000 (the position notation's r:), then
    // played out at random: both players still hold counters when that round ends.
    const start = g.newState(3);
    const text = makePosition(g, start).replace(/ r:\d+ /, ' r:1000 ');
    expect(text).toContain(' r:1000 ');
    const s = unwrap(parsePosition(text)).state;
    expect(s.round).toBe(1000);
    const rng = new Rng(11);
    const buf = new Int32Array(256);
    const joint = new Int32Array(3);
    for (let ply = 0; s.phase !== PHASE_OVER && ply < 100_000; ply++) {
      if (s.toMove === 0) {
        for (let p = 1; p <= 2; p++) joint[p] = buf[rng.int(g.legalMovesFor(s, p, buf))]!;
        g.applyJoint(s, joint);
      } else {
        g.apply(s, buf[rng.int(g.legalMoves(s, buf))]!);
      }
    }
    expect([END_REASONS[s.endReason], s.round, s.phase]).toEqual(['matchCap', 1000, PHASE_OVER]);
    expect(s.guardEnds).toBeGreaterThan(0);
    expect(makePosition(g, s)).toContain(' er:matchCap');
  });

  it('a record written with reason roundCap replays as the rounds or matchCap it was; a wrong old name does not', () => {
    for (const [g, now] of [
      [game('gifia', { rounds: 2 }), 'rounds'],
      [game('gifia', { maxRounds: 3 }), 'matchCap'],
    ] as const) {
      const full = recordOf(g, 2);
      expect(full.result?.reason).toBe(now);
      expect(replayRecord({ ...full, result: { ...full.result!, reason: 'roundCap' } }).ok).toBe(true);
      expect(replayRecord({ ...full, result: { ...full.result!, reason: 'stalemate' } }).ok).toBe(false);
    }
  });
});

describe('END_REASONS: repetition and doublePass apart (SPEC §8.3)', () => {
  /** A Selus position from a sparse board, in the main phase. */
  function selusPos(text: string, toMove: number): State {
    const s = new State(2, 18, 7);
    s.owners.set(OWNERS_3X6_2P);
    for (const e of unwrap(parseSparse(text, 18))) s.counts[e.hole] = e.count;
    s.toMove = toMove;
    s.phase = PHASE_PLAY;
    return s;
  }

  it('selus §8.1 two passes in a row end the game by doublePass, the matchEnd event says so', () => {
    const g = game('selus');
    // The §8 loop vector: every start of player 2 would sow for ever, so he passes; then player 1 can only pass.
    const s = selusPos('0:1, 2:1, 4:1, 7:1, 9:1, 11:1, 12:2, 13:1, 15:1, 16:2', 2);
    const trace: GameEvent[] = [];
    g.apply(s, MOVE_PASS, trace);
    g.apply(s, MOVE_PASS, trace);
    expect(s.phase).toBe(PHASE_OVER);
    expect(END_REASONS[s.endReason]).toBe('doublePass');
    expect(trace.at(-1)).toMatchObject({ type: 'matchEnd', reason: 'doublePass' });
    expect(s.passes).toBe(2);
  });

  it('selus §8.3 a forced shuttle with no pass ends by repetition, not doublePass', () => {
    const g = game('selus', { concession: 'off' });
    const s = selusPos('0:1, 3:1, 17:1', 1);
    const buf = new Int32Array(64);
    for (let turns = 0; s.phase !== PHASE_OVER && turns < 100; turns++) {
      g.legalMoves(s, buf);
      g.apply(s, buf[0]!);
    }
    expect(END_REASONS[s.endReason]).toBe('repetition');
    expect(s.passes).toBe(0);
  });

  it('gifia §8.3 a round ended by repetition in random play: er:repetition mid-match; old er:stalemate reads so', () => {
    const g = game('gifia');
    const found = findRound(g, 'repetition');
    const text = makePosition(g, found);
    expect(text).toContain(' er:repetition');
    const old = reread(text.replace(' er:repetition', ' er:stalemate'));
    expect([old.reason, old.text]).toEqual(['repetition', text]);
  });
});

/** The record of a seeded random Gifia-like match (no race), its moves written out as texts. */
function recordOf(g: Game, seed: number): ReturnType<typeof makeRecord> {
  const rng = new Rng(seed);
  const s = g.newState(seed);
  const moves: string[] = [];
  while (s.phase !== PHASE_OVER) {
    const legal = legalMoveList(g, s);
    const m = legal[rng.int(legal.length)]!;
    moves.push(g.moveText(s, m));
    g.apply(s, m);
  }
  return makeRecord({ game: g, seed, moves, final: s });
}

/** The first state, over seeded random matches, right after a round ended by `reason` (the match going on). */
function findRound(g: Game, reason: string): State {
  for (let seed = 1; seed < 200; seed++) {
    let hit: State | null = null;
    playRandomMatch(g, seed, undefined, (s: State) => {
      if (hit === null && s.phase !== PHASE_OVER && s.round > 1 && END_REASONS[s.endReason] === reason) hit = s.clone();
    });
    if (hit !== null) return hit;
  }
  throw new Error(`no round ended by ${reason}`);
}

describe('END_REASONS: an old er:stalemate in a finished position', () => {
  it('selus: a drawn game written er:stalemate reads as repetition with no passes, as doublePass after two', () => {
    const base = 'selus 3.3.3.3.3.3/3.3.3.3.3.3/3.3.3.3.3.3 o:111111/222111/222222 c:0,0 sc:27,27 m:0 ph:over r:1 t:0 ply:0 rs:1 w:0 ge:1';
    expect(reread(`${base} er:stalemate`).reason).toBe('repetition');
    expect(reread(`${base} ps:2 er:stalemate`).reason).toBe('doublePass');
    expect(reread(`${base} ps:2 er:stalemate`).text).toContain(' er:doublePass');
  });
});
