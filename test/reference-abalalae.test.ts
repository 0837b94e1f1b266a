/**
 * Abalala'e held to a reference model of one main-phase turn written from SPEC.md
 * (test/reference/abalalae.ts): on the positions of seeded random matches, on random boards that
 * validate, and on the perft table of test/abalalae-properties.test.ts (counted with the
 * reference's move generator; the race after a round end is expanded by the engine).
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { unwrap } from '../packages/engine/src/core/errors.js';
import { MAX_MOVES, type Game } from '../packages/engine/src/core/game.js';
import { Rng } from '../packages/engine/src/core/rng.js';
import { PHASE_OVER, PHASE_PLAY, type State } from '../packages/engine/src/core/state.js';
import { abalalae } from '../packages/engine/src/games/abalalae.js';
import { type AbalalaePos, abalalaeReference, coversAbalalae } from './reference/abalalae.js';
import {
  type Reference,
  checkNode,
  checkRandomPlay,
  checkTranscriptWalk,
  checkedPerft,
  newTally,
  transcriptDecisions,
} from './reference/harness.js';

const here = dirname(fileURLToPath(import.meta.url));

const make = (o: Record<string, unknown> = {}): Game => unwrap(abalalae.create(o));

/** Each with the seeds of its random matches (the ludii preset plays one round: more, shorter matches). */
const GAMES: [string, Game, number][] = [
  ['default', make(), 10],
  [
    'origin skipped on long laps, race captures, tick order',
    make({ skipOriginOnLongLaps: true, raceCaptures: true, raceTie: 'tickOrder' }),
    10,
  ],
  ['ludii preset', make({ preset: 'ludii' }), 60],
];

describe("Abalala'e against the reference model (SPEC §2.4, §5, §8)", () => {
  for (const [name, game, seeds] of GAMES) {
    it(`ABA-03/09/10/11/12/13/14/15 seeded random matches: ${name}`, () => {
      expect(coversAbalalae(game)).toBe(true);
      const tally = newTally();
      const nodes = checkRandomPlay(
        abalalaeReference,
        game,
        Array.from({ length: seeds }, (_, i) => i + 1),
        600,
        tally,
      );
      expect(tally.mismatches.slice(0, 5)).toEqual([]);
      expect(nodes).toBeGreaterThan(2000);
      expect(tally.decisions).toBeGreaterThan(8000);
      expect(tally.ends).toBeGreaterThan(0);
    });
  }

  it('ABA-10/12/13/14 random boards that validate', () => {
    const tally = newTally();
    let boards = 0;
    for (const [, game] of GAMES) {
      const rng = new Rng(7);
      for (let i = 0; i < 1500; i++) {
        const s = randomBoard(game, rng);
        if (s === null) continue;
        boards++;
        checkNode(abalalaeReference, game, s, tally);
      }
    }
    expect(tally.mismatches.slice(0, 5)).toEqual([]);
    expect(boards).toBeGreaterThan(2000);
    expect(tally.decisions).toBeGreaterThan(10000);
  });

  // The perft table of test/abalalae-properties.test.ts (its positions: seeded random walks).
  const g = make({ raceTie: 'tickOrder' });
  const midgame = (seed: number, plies: number): State => {
    const s = g.newState(seed);
    const rng = new Rng(seed);
    const buf = new Int32Array(MAX_MOVES);
    for (let i = 0; i < plies && s.phase !== PHASE_OVER; i++) g.apply(s, buf[rng.int(g.legalMoves(s, buf))]!);
    return s;
  };
  const table: [string, () => State, number[]][] = [
    ['start (after the race)', () => g.newState(1), [8, 52, 359, 2555]],
    ['mid 1 (seed 11, 10 plies)', () => midgame(11, 10), [4, 16, 72, 314]],
    ['mid 2 (seed 12, 40 plies)', () => midgame(12, 40), [5, 15, 75, 346]],
    ['mid 3 (seed 13, 150 plies)', () => midgame(13, 150), [6, 21, 88, 340]],
  ];
  for (const [name, at, expected] of table) {
    it(`ABA-09 perft ${name}, counted with the reference's moves`, () => {
      const tally = newTally();
      const s = at();
      expect([1, 2, 3, 4].map((d) => checkedPerft(abalalaeReference, g, s, d, tally))).toEqual(expected);
      expect(tally.mismatches.slice(0, 5)).toEqual([]);
    });
  }

  const goldens: [string, Record<string, unknown>, number][] = [
    ['abalalae-1', { rounds: 2 }, 1],
    ['abalalae-2', { rounds: 2, raceCaptures: true }, 2],
    ['abalalae-3', { preset: 'ludii' }, 3],
  ];
  for (const [file, options, seed] of goldens) {
    it(`ABA-10/11/12/13/14/15 every main-phase decision of the golden transcript ${file} agrees with the reference`, () => {
      const tally = newTally();
      const plies = checkTranscriptWalk(abalalaeReference, make(options), seed, tally);
      expect(plies).toBe(transcriptDecisions(readFileSync(join(here, 'golden', `${file}.txt`), 'utf8')));
      expect(tally.mismatches.slice(0, 5)).toEqual([]);
      expect(tally.decisions).toBeGreaterThan(plies);
    });
  }

  it('the comparison catches a reference that differs (captures only one facing hole)', () => {
    const wrong: Reference<AbalalaePos> = {
      ...abalalaeReference,
      name: 'wrong',
      play: (p, m) => {
        const out = abalalaeReference.play(p, m);
        return { ...out, captured: out.captured.map((c, i) => (i === p.mover ? c + 1 : c)) };
      },
    };
    const tally = newTally();
    checkRandomPlay(wrong, make(), [1], 100, tally);
    expect(tally.mismatches.length).toBeGreaterThan(0);
  });
});

/** A random main-phase position the engine accepts: counters on the board, the rest in hands. */
function randomBoard(game: Game, rng: Rng): State | null {
  const s = game.newState(rng.int(1000) + 1);
  if (s.phase !== PHASE_PLAY) return null;
  const total = game.counterTotal;
  s.counts.fill(0);
  const onBoard = 2 + rng.int(total - 1);
  for (let i = 0; i < onBoard; i++) s.counts[rng.int(18)]!++;
  s.captured[1] = rng.int(total - onBoard + 1);
  s.captured[2] = total - onBoard - s.captured[1]!;
  s.reserve[1] = 0;
  s.reserve[2] = 0;
  s.toMove = 1 + rng.int(2);
  s.clearHistory();
  s.recordPosition();
  const v = game.validate(s);
  return v.ok ? s : null;
}
