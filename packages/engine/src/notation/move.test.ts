import { describe, expect, it } from 'vitest';
import type { GameEvent } from '../core/events.js';
import { PHASE_OVER } from '../core/state.js';
import { RULESETS } from '../games/index.js';
import { toyRuleset } from '../../../../test/helpers/toy-game.js';
import { mustCreate, randomPlayout } from '../../../../test/helpers/random-play.js';
import {
  isSimultaneous,
  legalMoveList,
  legalMoveListFor,
  legalMovesText,
  makeJointMove,
  makeMove,
  makeParsedMove,
  parseLegalMove,
  parseMove,
  playMoveText,
} from './move.js';

describe('move notation', () => {
  for (const rs of [...RULESETS, toyRuleset]) {
    it(`${rs.info.id}: every legal move's text parses back to it, along random matches`, () => {
      const game = mustCreate(rs, {});
      let checked = 0;
      // Some random matches end in a few plies (a concession): play several.
      for (let seed = 31; seed < 51 && checked <= 10; seed++) {
        for (const s of randomPlayout(game, seed, 200).positions) {
          if (s.phase === PHASE_OVER) continue;
          if (isSimultaneous(s)) {
            const lists = [[], ...Array.from({ length: s.players }, (_, i) => legalMoveListFor(game, s, i + 1))];
            const joint = new Int32Array(s.players + 1);
            for (let p = 1; p <= s.players; p++) joint[p] = lists[p]![lists[p]!.length - 1]!;
            const text = makeJointMove(game, s, joint);
            const r = parseLegalMove(game, s, text);
            expect(r.ok).toBe(true);
            if (r.ok && r.value.kind === 'joint') expect(Array.from(r.value.moves)).toEqual(Array.from(joint));
            checked++;
            continue;
          }
          for (const m of legalMoveList(game, s)) {
            const text = makeMove(game, s, m);
            const r = parseLegalMove(game, s, text);
            expect(r.ok, text).toBe(true);
            if (r.ok) expect(makeParsedMove(game, s, r.value)).toBe(text);
            checked++;
          }
        }
      }
      expect(checked).toBeGreaterThan(10);
    });
  }

  const game = mustCreate(toyRuleset, {});
  const race = game.newState(1);
  it('a joint move is written a|b (player 1 first) and applied at a simultaneous node', () => {
    expect(isSimultaneous(race)).toBe(true);
    const s = race.clone();
    const trace: GameEvent[] = [];
    const r = playMoveText(game, s, ' 1 | 4 ', trace);
    expect(r.ok).toBe(true);
    expect(makeJointMove(game, race, Int32Array.from([0, 1, 4]))).toBe('1|4');
    expect(trace.filter((e) => e.type === 'raceStart').map((e) => (e as { hole: number }).hole)).toEqual([1, 4]);
    expect(s.counts[1]).toBe(0);
    expect(s.counts[4]).toBe(0);
  });
  it('a single move at a simultaneous node is a syntax error that shows the joint form', () => {
    const r = parseMove(game, race, '1');
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.code).toBe('ERR_MOVE_SYNTAX');
      expect(r.error.message).toMatch(/a1\|a2/);
    }
  });
  it("a joint move with one player's part wrong names that part", () => {
    const r = parseMove(game, race, '1|x');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.where).toBe("part 2 of '1|x'");
  });
  it('a joint move choosing an illegal hole is illegal, with the legal choices listed', () => {
    const r = parseLegalMove(game, race, '4|1');
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.code).toBe('ERR_ILLEGAL_MOVE');
      expect(r.error.message).toMatch(/player 1 cannot choose '4'/);
      expect(r.error.message).toMatch(/P1: 0 1 2; P2: 3 4 5/);
    }
  });
  it('a joint move at a sequential node is refused', () => {
    const s = race.clone();
    playMoveText(game, s, '0|3');
    const r = parseMove(game, s, '1|4');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.message).toMatch(/moves alone/);
  });
  it('an illegal sequential move lists the legal ones', () => {
    const s = race.clone();
    playMoveText(game, s, '0|3');
    const other = s.toMove === 1 ? '4' : '1';
    const r = parseLegalMove(game, s, other);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.code).toBe('ERR_ILLEGAL_MOVE');
      expect(r.error.message).toContain(legalMovesText(game, s));
    }
  });
  it('empty, over-long and non-string moves are syntax errors; moves after the end are ERR_GAME_OVER', () => {
    for (const bad of ['', '   ', 'x'.repeat(500), 12 as unknown, null as unknown]) {
      const r = parseMove(game, race, bad);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error.code).toBe('ERR_MOVE_SYNTAX');
    }
    const { final } = randomPlayout(game, 5, 1000);
    expect(final.phase).toBe(PHASE_OVER);
    const r = parseMove(game, final, '0');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.code).toBe('ERR_GAME_OVER');
  });
});
