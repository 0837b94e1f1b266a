/**
 * The conformance suite: what every registered ruleset must satisfy, with no knowledge of any
 * particular game (OpenSpiel's basic game test is the model). A new ruleset, or the Kalah fixture
 * registered with GABATA_EXTRA_RULESETS=kalah, passes it with no edit here.
 *
 * This file holds the basics; the rest of the suite is in the files `npm run test:conformance`
 * runs beside it (package.json): positions and records round-tripping through text and JSON
 * (test/strict-inputs, packages/engine/src/notation/*.test.ts), fuzzed parsers (test/fuzz-notation), the
 * repetition-history contract (test/guard-contract), the agents (test/ai-agents).
 *
 * Checked here, over seeded random play of each ruleset's short match (its description's
 * `shortMatch`, which must end) and its defaults:
 * - a match ends, with a winner or a draw, nobody to move, and payoffs that share 1;
 * - the counters are conserved after every decision; every position reached validates;
 * - the legal moves are distinct, among the candidates, each printable and parsed back to itself,
 *   and each applies; at a simultaneous node every active player has a choice;
 * - clone and copyFrom give independent equal copies; applying a move to a clone gives what
 *   applying it to the original gives; a trace changes nothing of the state;
 * - the same seed gives the same match; evaluate stays within [-1, 1];
 * - the description is whole: its clause families start with its prefix, its words name keys of
 *   every language catalogue, its tutorial plan begins with the board and ends done and names
 *   the relays and races play shows, its shape is its board's, its short match is a valid option
 *   set, a `mark` capture game marks holes and a game that marks holes says so.
 */
import { describe, expect, it } from 'vitest';
import { unwrap } from '../packages/engine/src/core/errors.js';
import type { GameEvent } from '../packages/engine/src/core/events.js';
import { MAX_MOVES, type Game } from '../packages/engine/src/core/game.js';
import { Rng } from '../packages/engine/src/core/rng.js';
import { PHASE_OVER, type State } from '../packages/engine/src/core/state.js';
import { RULESETS } from '../packages/engine/src/games/index.js';
import { LANGUAGES, createI18n } from '../src/i18n/index.js';
import { isSimultaneous } from '../packages/engine/src/notation/move.js';
import { diffStates } from '../packages/engine/src/notation/position.js';

/** One seeded random match (at most `maxPlies` decisions), calling `each` before every decision. */
function play(game: Game, seed: number, maxPlies: number, each: (s: State, moves: Int32Array, n: number) => void): State {
  const rng = new Rng(seed * 31 + 7);
  const s = game.newState(seed);
  const buf = new Int32Array(MAX_MOVES);
  const joint = new Int32Array(s.players + 1);
  for (let ply = 0; ply < maxPlies && s.phase !== PHASE_OVER; ply++) {
    if (isSimultaneous(s)) {
      for (let p = 1; p <= s.players; p++) {
        if (!s.active[p]) continue;
        const n = game.legalMovesFor(s, p, buf);
        expect(n, `player ${p} has a choice at a simultaneous node`).toBeGreaterThan(0);
        joint[p] = buf[rng.int(n)]!;
      }
      each(s, buf, 0);
      game.applyJoint(s, joint);
    } else {
      const n = game.legalMoves(s, buf);
      expect(n, 'a match in play has a legal move').toBeGreaterThan(0);
      each(s, buf, n);
      expect(game.apply(s, buf[rng.int(n)]!)).toBe(true);
    }
  }
  return s;
}

const moveList = (buf: Int32Array, n: number): number[] => Array.from(buf.subarray(0, n));

for (const rs of RULESETS) {
  describe(`conformance: ${rs.info.id}`, () => {
    const short = unwrap(rs.create(rs.info.shortMatch));
    const plain = unwrap(rs.create({}));

    it('its short match ends by its rules, with a result, nobody to move and payoffs that share 1', () => {
      const results = new Set<number>();
      for (let seed = 1; seed <= 12; seed++) {
        const s = play(short, seed, 200_000, () => {});
        expect(s.phase, `seed ${seed}`).toBe(PHASE_OVER);
        expect(s.winner).toBeGreaterThanOrEqual(0);
        expect(s.winner).toBeLessThanOrEqual(short.players);
        expect(s.toMove).toBe(0);
        const out = new Float64Array(short.players + 1);
        short.returns(s, out);
        expect(out.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 9);
        if (s.winner > 0) expect(out[s.winner]).toBe(1);
        expect(unwrap(short.validate(s.clone()))).toBeTruthy();
        results.add(s.winner);
      }
      // Random play is not one-sided every time.
      expect(results.size).toBeGreaterThan(1);
    });

    it('conserves its counters and validates every position it reaches', () => {
      for (const game of [plain, short]) {
        for (let seed = 1; seed <= 4; seed++) {
          const s = play(game, seed, 400, (x) => {
            expect(x.total()).toBe(game.counterTotal);
            const v = game.validate(x.clone());
            if (!v.ok) throw new Error(`seed ${seed} ply ${x.ply}: ${v.error.message}`);
          });
          expect(s.total()).toBe(game.counterTotal);
        }
      }
    });

    it('lists distinct legal moves among the candidates, each printed and parsed back to itself, each playable', () => {
      const cand = new Int32Array(MAX_MOVES);
      let checked = 0;
      for (const game of [plain, short]) {
        for (let seed = 1; seed <= 3; seed++) {
          play(game, seed, 150, (s, buf, n) => {
            if (n === 0) return;
            const legal = moveList(buf, n);
            expect(new Set(legal).size).toBe(n);
            const candidates = moveList(cand, game.candidateMoves(s, cand));
            for (const m of legal) expect(candidates).toContain(m);
            for (const m of legal) {
              expect(unwrap(game.parseMove(s, game.moveText(s, m)))).toBe(m);
              const t = s.clone();
              expect(game.apply(t, m)).toBe(true);
              expect(t.ply).toBe(s.ply + 1);
              checked++;
            }
          });
        }
      }
      expect(checked).toBeGreaterThan(100);
    });

    it('clones and copies are independent and equal; a move applied to a clone gives the same state; traces change nothing', () => {
      let steps = 0;
      for (const game of [plain, short]) {
        for (let seed = 1; seed <= 3; seed++) {
          const rng = new Rng(seed);
          play(game, seed, 200, (s, buf, n) => {
            const c = s.clone();
            expect(diffStates(c, s)).toBeNull();
            const copy = game.newState(seed + 1000);
            copy.copyFrom(s);
            expect(diffStates(copy, s)).toBeNull();
            if (n === 0) return;
            const m = buf[rng.int(n)]!;
            const traced: GameEvent[] = [];
            game.apply(c, m);
            game.apply(copy, m, traced);
            expect(diffStates(copy, c)).toBeNull();
            expect(traced.length).toBeGreaterThan(0);
            // The original is untouched by what its copies went through.
            expect(s.ply).toBe(c.ply - 1);
            steps++;
          });
        }
      }
      expect(steps).toBeGreaterThan(50);
    });

    it('is deterministic by seed: the same seed gives the same match; evaluate stays within [-1, 1]', () => {
      const finals: State[] = [];
      for (const seed of [5, 5, 6]) {
        finals.push(
          play(short, seed, 200_000, (s) => {
            if (s.toMove === 0) return;
            const v = short.evaluate(s, s.toMove);
            expect(v).toBeGreaterThanOrEqual(-1);
            expect(v).toBeLessThanOrEqual(1);
          }),
        );
      }
      expect(diffStates(finals[0]!, finals[1]!)).toBeNull();
      expect(diffStates(short.newState(9), short.newState(9))).toBeNull();
    });

    it('describes itself whole: clause families, start rule, tutorial plan, words in every language, short match', () => {
      const info = rs.info;
      expect(info.ruleFamilies[0]).toBe(info.clausePrefix);
      const inFamily = (id: string): boolean => info.ruleFamilies.some((f) => id === f || id.startsWith(`${f}-`));
      expect(inFamily(info.startRule), info.startRule).toBe(true);
      for (const id of info.boardRules) expect(inFamily(id), id).toBe(true);
      expect(info.lesson[0]).toBe('board');
      expect(info.lesson.at(-1)).toBe('done');
      expect(info.lesson).toContain('capture');
      expect(info.players[0]).toBe(plain.players);
      expect(info.summary.length).toBeGreaterThan(40);
      for (const { code } of LANGUAGES) {
        const i18n = createI18n(code);
        for (const key of [
          `story.unit.${info.words.unit}`,
          `story.markName.${info.words.mark}`,
          `learn.titleCapture${info.words.capture}`,
          `learn.introCapture${info.words.capture}`,
        ]) {
          expect(i18n.lookup(key), `${code}: ${key}`).toBeDefined();
        }
      }
      // The description's capture event and marks are those play shows.
      const seen = new Set<string>();
      for (let seed = 1; seed <= 4; seed++) {
        const trace: GameEvent[] = [];
        const rng = new Rng(seed);
        const s = plain.newState(seed, trace);
        const buf = new Int32Array(MAX_MOVES);
        for (let ply = 0; ply < 300 && s.phase !== PHASE_OVER; ply++) {
          if (isSimultaneous(s)) {
            const joint = new Int32Array(s.players + 1);
            for (let p = 1; p <= s.players; p++) if (s.active[p]) joint[p] = buf[rng.int(plain.legalMovesFor(s, p, buf))]!;
            plain.applyJoint(s, joint, trace);
          } else plain.apply(s, buf[rng.int(plain.legalMoves(s, buf))]!, trace);
        }
        for (const e of trace) {
          seen.add(e.type);
          if (e.type === 'mark') expect(e.kind).toBe(info.words.mark);
        }
      }
      expect(seen.has(info.captureEvent)).toBe(true);
      if (seen.has('mark')) expect(info.captureEvent).toBe('mark');
      // Its shape is its board's and its play's (the catalogue compares the rest, test/catalogue.test.ts).
      const g = plain.geometry;
      expect([info.shape.rows, info.shape.holes, info.shape.stores, info.shape.tracks]).toEqual([
        g.rows,
        g.holeCount,
        g.stores.length,
        g.tracks.length,
      ]);
      expect(info.shape.race).toBe(seen.has('raceStart'));
      expect(info.shape.sowing === 'relay').toBe(seen.has('relay'));
      // The tutorial's plan teaches what the game does: its relays, its race (a chosen start when the players choose).
      expect(info.lesson.includes('relay')).toBe(seen.has('relay'));
      if (seen.has('raceStart')) expect(info.lesson.some((k) => k === 'race' || k === 'raceChoice')).toBe(true);
      else expect(info.lesson.some((k) => k === 'race' || k === 'raceChoice')).toBe(false);
    });
  });
}

describe('conformance: the registry', () => {
  it('holds the fixture rulesets GABATA_EXTRA_RULESETS names (none unless it is set)', () => {
    const wanted = (process.env['GABATA_EXTRA_RULESETS'] ?? '').split(',').filter((x) => x.trim() !== '');
    for (const name of wanted) expect(RULESETS.map((r) => r.info.id)).toContain(name.trim());
    expect(new Set(RULESETS.map((r) => r.info.id)).size).toBe(RULESETS.length);
  });
});
