/**
 * Selus held to a reference model of one main-phase decision written from SPEC.md
 * (test/reference/selus.ts): on the positions of seeded random games, on random boards that
 * validate, and on the perft table of test/selus-perft.test.ts (counted with the reference's move
 * generator; the race node at the start is expanded by the engine).
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { unwrap } from '../packages/engine/src/core/errors.js';
import type { Game } from '../packages/engine/src/core/game.js';
import { OWNERS_3X6_2P } from '../packages/engine/src/core/geometry.js';
import { Rng } from '../packages/engine/src/core/rng.js';
import { parseSparse } from '../packages/engine/src/core/sparse.js';
import { PHASE_PLAY, State } from '../packages/engine/src/core/state.js';
import { selus } from '../packages/engine/src/games/selus.js';
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
import { type SelusPos, coversSelus, selusReference } from './reference/selus.js';

const make = (o: Record<string, unknown> = {}): Game => unwrap(selus.create(o));

const GAMES: [string, Game][] = [
  ['default', make()],
  ['concession off', make({ concession: 'off' })],
  [
    'concession scored, nedfOnly scoring, origin skipped',
    make({ concession: 'scored', selusScoring: 'nedfOnly', skipOriginOnLongLaps: true }),
  ],
  [
    'global first nedf, outer row only, second hole opponent only',
    make({ concession: 'off', nedfFirstScope: 'global', nedfZone: 'opponentOuterRow', twoCounterSecondHole: 'opponentOnly' }),
  ],
  ['ludii preset', make({ preset: 'ludii' })],
  ['guardian of the latest nedf only', make({ concession: 'off', guardianScope: 'latestNedf' })],
];

describe('Selus against the reference model (SPEC §2.3, §6, §8)', () => {
  for (const [name, game] of GAMES) {
    it(`SEL-07/08/09/10/11/12/13/14/15/16/18/19 seeded random games: ${name}`, () => {
      expect(coversSelus(game)).toBe(true);
      const tally = newTally();
      const nodes = checkRandomPlay(
        selusReference,
        game,
        Array.from({ length: 60 }, (_, i) => i + 1),
        2000,
        tally,
      );
      expect(tally.mismatches.slice(0, 5)).toEqual([]);
      expect(nodes).toBeGreaterThan(1500);
      expect(tally.decisions).toBeGreaterThan(3000);
      expect(tally.ends).toBeGreaterThan(10);
    });
  }

  it('SEL-11/12/14/16 random boards that validate (nedfs of both players, guardians)', () => {
    const tally = newTally();
    let boards = 0;
    for (const [, game] of GAMES) {
      const rng = new Rng(5);
      for (let i = 0; i < 800; i++) {
        const s = randomBoard(game, rng);
        if (s === null) continue;
        boards++;
        checkNode(selusReference, game, s, tally);
      }
    }
    expect(tally.mismatches.slice(0, 5)).toEqual([]);
    expect(boards).toBeGreaterThan(2000);
    expect(tally.decisions).toBeGreaterThan(6000);
  });

  // The perft table of test/selus-perft.test.ts.
  const DEFAULT = make();
  const LUDII = make({ preset: 'ludii' });
  const position = (game: Game, text: string, toMove: number, latestNedf: [number, number]): State => {
    const s = new State(2, 18, 1);
    s.owners.set(OWNERS_3X6_2P);
    for (const e of unwrap(parseSparse(text, 18))) {
      s.counts[e.hole] = e.count;
      s.marks[e.hole] = e.mark;
    }
    s.toMove = toMove;
    s.phase = PHASE_PLAY;
    // Mid-game: turns have been played (before the first, the round starter would be to move).
    s.turn = 10;
    unwrap(game.extraFromJSON(s, { latestNedf }));
    return unwrap(game.validate(s));
  };
  const A = '1:9, 2:4, 3:1, 6:1, 7:2, 8:12(N1), 9:2, 10:6, 11:2, 12:2, 13:3, 14:3, 15:3, 17:4(N1)';
  const B = '0:1, 2:1, 4:13(N2), 5:5, 6:1, 7:1, 8:13(N1), 10:2, 11:2, 12:1, 13:3, 14:3, 15:2, 16:3, 17:3';
  const C = '0:1, 2:9(N2), 3:3, 4:3, 6:1, 8:1, 9:3, 10:1, 11:3, 13:15(N1), 15:2, 16:1, 17:11(N1)';
  const table: [string, Game, () => State, number[]][] = [
    ['start (race node)', DEFAULT, () => DEFAULT.newState(1), [36, 175, 622, 2009]],
    ['mid-game A', DEFAULT, () => position(DEFAULT, A, 2, [17, -1]), [6, 16, 38, 77]],
    ['mid-game A, ludii', LUDII, () => position(LUDII, A, 2, [17, -1]), [5, 10, 22, 39]],
    ['mid-game B', DEFAULT, () => position(DEFAULT, B, 2, [8, 4]), [6, 11, 30, 100]],
    ['mid-game B, ludii', LUDII, () => position(LUDII, B, 2, [8, 4]), [5, 5, 17, 62]],
    ['mid-game C', DEFAULT, () => position(DEFAULT, C, 1, [17, 2]), [6, 20, 57, 165]],
    ['mid-game C, ludii', LUDII, () => position(LUDII, C, 1, [17, 2]), [5, 14, 37, 108]],
  ];
  for (const [name, g, at, expected] of table) {
    it(`SEL-08 perft ${name}, counted with the reference's moves`, () => {
      const tally = newTally();
      const s = at();
      expect([1, 2, 3, 4].map((d) => checkedPerft(selusReference, g, s, d, tally))).toEqual(expected);
      expect(tally.mismatches.slice(0, 5)).toEqual([]);
    });
  }

  const goldens: [number, Record<string, unknown>][] = [
    [1, { concession: 'off' }],
    [2, { concession: 'off', nedfFirstScope: 'global', guardianScope: 'latestNedf', selusRaceStart: 'closestToOpponent' }],
    [3, { preset: 'ludii' }],
    [4, {}],
  ];
  for (const [seed, options] of goldens) {
    it(`SEL-08/11/12/13/14/16/18 every main-phase decision of the golden transcript selus-${seed} agrees with the reference`, () => {
      const tally = newTally();
      const plies = checkTranscriptWalk(selusReference, make(options), seed, tally);
      expect(plies).toBe(transcriptDecisions(readFileSync(join(here, 'golden', `selus-${seed}.txt`), 'utf8')));
      expect(tally.mismatches.slice(0, 5)).toEqual([]);
      expect(tally.decisions).toBeGreaterThanOrEqual(plies - 1);
    });
  }

  it('the comparison catches a reference that differs (no guardian)', () => {
    const wrong: Reference<SelusPos> = {
      ...selusReference,
      name: 'wrong',
      play: (p, m) => selusReference.play({ ...p, guardian: false }, m),
    };
    const tally = newTally();
    const rng = new Rng(5);
    for (let i = 0; i < 800; i++) {
      const s = randomBoard(DEFAULT, rng);
      if (s !== null) checkNode(wrong, DEFAULT, s, tally);
    }
    expect(tally.mismatches.length).toBeGreaterThan(0);
  });
});

/** A random main-phase position the engine accepts: 54 counters thrown into holes, a few nedfs. */
function randomBoard(game: Game, rng: Rng): State | null {
  const s = new State(2, 18, rng.int(1000) + 1);
  s.owners.set(OWNERS_3X6_2P);
  for (let i = 0; i < game.counterTotal; i++) s.counts[rng.int(18)]!++;
  // Threes are what the skip and nedf rules look at: make them common.
  for (let h = 0; h < 18; h++) if (rng.int(3) === 0) s.counts[h] = 3;
  let excess = s.boardTotal() - game.counterTotal;
  for (let h = 0; excess !== 0; h = (h + 1) % 18) {
    if (excess > 0 && s.counts[h]! > 0 && s.counts[h] !== 3) {
      s.counts[h]!--;
      excess--;
    } else if (excess < 0 && s.counts[h] !== 3) {
      s.counts[h]!++;
      excess++;
    } else if (excess > 0 && s.counts[h] === 3 && rng.int(4) === 0) {
      s.counts[h]!--;
      excess--;
    }
  }
  const latest: [number, number] = [-1, -1];
  for (let h = 0; h < 18; h++) {
    if (rng.int(7) === 0) {
      const by = 3 - s.owners[h]!;
      s.marks[h] = by;
      latest[by - 1] = h;
    }
  }
  s.toMove = 1 + rng.int(2);
  s.phase = PHASE_PLAY;
  s.turn = 10;
  if (!game.extraFromJSON(s, { latestNedf: latest }).ok) return null;
  const v = game.validate(s);
  return v.ok ? s : null;
}
