/**
 * Selus perft: leaf counts of the legal-move tree (a race joint choice counts as one branch; the
 * concession is a move), checked in as numbers so any change to move generation shows up. Depth 1
 * is worked by hand in the comments; deeper counts are the engine's, reviewed when first recorded.
 */
import { describe, expect, it } from 'vitest';
import { unwrap } from '../packages/engine/src/core/errors.js';
import { perft } from '../packages/engine/src/core/debug.js';
import type { Game } from '../packages/engine/src/core/game.js';
import { OWNERS_3X6_2P } from '../packages/engine/src/core/geometry.js';
import { parseSparse } from '../packages/engine/src/core/sparse.js';
import { PHASE_PLAY, State } from '../packages/engine/src/core/state.js';
import { selus } from '../packages/engine/src/games/selus.js';

const DEFAULT = unwrap(selus.create({}));
const LUDII = unwrap(selus.create({ preset: 'ludii' }));

function position(game: Game, text: string, toMove: number, latestNedf: [number, number]): State {
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
}

const leaves = (game: Game, s: State): number[] => [1, 2, 3, 4].map((d) => perft(game, s, d));

describe('Selus perft', () => {
  it('from the start (race node): 36 joint choices (6 x 6 "other" holes, SEL-05), then the main phase', () => {
    expect(leaves(DEFAULT, DEFAULT.newState(1))).toEqual([36, 175, 622, 2009]);
  });

  it('mid-game A (player 2 to move): starts 14, 13, 12, 6, 7 (a 1 among his other holes) + concede', () => {
    const text = '1:9, 2:4, 3:1, 6:1, 7:2, 8:12(N1), 9:2, 10:6, 11:2, 12:2, 13:3, 14:3, 15:3, 17:4(N1)';
    expect(leaves(DEFAULT, position(DEFAULT, text, 2, [17, -1]))).toEqual([6, 16, 38, 77]);
    // The ludii preset has no concession move.
    expect(leaves(LUDII, position(LUDII, text, 2, [17, -1]))).toEqual([5, 10, 22, 39]);
  });

  it('mid-game B (player 2 to move, both players own a nedf)', () => {
    const text = '0:1, 2:1, 4:13(N2), 5:5, 6:1, 7:1, 8:13(N1), 10:2, 11:2, 12:1, 13:3, 14:3, 15:2, 16:3, 17:3';
    expect(leaves(DEFAULT, position(DEFAULT, text, 2, [8, 4]))).toEqual([6, 11, 30, 100]);
    expect(leaves(LUDII, position(LUDII, text, 2, [8, 4]))).toEqual([5, 5, 17, 62]);
  });

  it('mid-game C (player 1 to move, three nedfs)', () => {
    const text = '0:1, 2:9(N2), 3:3, 4:3, 6:1, 8:1, 9:3, 10:1, 11:3, 13:15(N1), 15:2, 16:1, 17:11(N1)';
    expect(leaves(DEFAULT, position(DEFAULT, text, 1, [17, 2]))).toEqual([6, 20, 57, 165]);
    expect(leaves(LUDII, position(LUDII, text, 1, [17, 2]))).toEqual([5, 14, 37, 108]);
  });
});
