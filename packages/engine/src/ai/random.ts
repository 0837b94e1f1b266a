/**
 * The uniformly random agent: the baseline every other agent is measured against. It follows the
 * one rule of random play (`randomPlayableMove`): it never concedes while it has another move.
 */
import type { Game } from '../core/game.js';
import { Rng } from '../core/rng.js';
import type { State } from '../core/state.js';
import type { Agent, SearchBudget, SearchInfo } from './index.js';
import { moveBuffer, movesFor, randomPlayableMove } from './util.js';

export class RandomAgent implements Agent {
  readonly name = 'random';
  private readonly rng: Rng;
  private readonly buf = moveBuffer();

  constructor(seed: number) {
    this.rng = new Rng(seed);
  }

  choose(game: Game, s: State, _budget?: SearchBudget): { move: number } & SearchInfo {
    return this.chooseFor(game, s, s.toMove);
  }

  chooseFor(game: Game, s: State, player: number, _budget?: SearchBudget): { move: number } & SearchInfo {
    const n = movesFor(game, s, player, this.buf);
    if (n === 0) return { move: -1 };
    return { move: randomPlayableMove(this.buf, n, this.rng) };
  }

  /** Nothing to forget; the generator runs on so that successive games differ. */
  reset(): void {}

  reseed(seed: number): void {
    this.rng.seed(seed);
  }
}
