/**
 * Uniformly random play with no allocation per step: moves from `candidateMoves`, applied in
 * place. A move that `apply` reports perpetual (rare) leaves the state unspecified, so the
 * position is rebuilt from the playout's start by replaying the moves so far, and the move is
 * drawn again from the exact `legalMoves`. A playout never concedes while it has another move
 * (a random concession says nothing about the position). MCTS and the benchmark use it.
 */
import { MAX_MOVES, type Game } from '../core/game.js';
import type { Rng } from '../core/rng.js';
import { PHASE_OVER, PHASE_RACE, type State } from '../core/state.js';
import { randomPlayableMove } from './util.js';

export class RandomPlayout {
  private readonly buf = new Int32Array(MAX_MOVES);
  private readonly joint: Int32Array;
  private moves: Int32Array;
  private kinds: Uint8Array;
  private readonly start: State;
  /** Perpetual moves met (and replaced) so far. */
  perpetuals = 0;

  constructor(
    private readonly game: Game,
    template: State,
    maxSteps = 1 << 16,
  ) {
    this.joint = new Int32Array(game.players + 1);
    this.moves = new Int32Array(maxSteps * (game.players + 1));
    this.kinds = new Uint8Array(maxSteps);
    this.start = template.clone();
  }

  /**
   * Plays random decisions on `s` until the match ends, `maxSteps` decisions were made, or (with
   * `untilRound`) the round number changes. Returns the number of decisions made.
   */
  run(s: State, rng: Rng, maxSteps: number, untilRound = false): number {
    const game = this.game;
    const buf = this.buf;
    const P = game.players;
    const stride = P + 1;
    const cap = Math.min(maxSteps, this.kinds.length);
    const round = s.round;
    this.start.copyFrom(s);
    let steps = 0;
    while (s.phase !== PHASE_OVER && steps < cap && !(untilRound && s.round !== round)) {
      if (s.toMove === 0 && s.phase === PHASE_RACE) {
        for (let p = 1; p <= P; p++) {
          const k = game.legalMovesFor(s, p, buf);
          const m = k > 0 ? buf[rng.int(k)]! : -1;
          this.joint[p] = m;
          this.moves[steps * stride + p] = m;
        }
        this.kinds[steps++] = 1;
        game.applyJoint(s, this.joint);
        continue;
      }
      let k = game.candidateMoves(s, buf);
      if (k === 0) {
        k = game.legalMoves(s, buf);
        if (k === 0) break;
      }
      let m = randomPlayableMove(buf, k, rng);
      if (!game.apply(s, m)) {
        this.perpetuals++;
        s.copyFrom(this.start);
        for (let i = 0; i < steps; i++) {
          if (this.kinds[i] === 1) {
            for (let p = 1; p <= P; p++) this.joint[p] = this.moves[i * stride + p]!;
            game.applyJoint(s, this.joint);
          } else game.apply(s, this.moves[i * stride]!);
        }
        k = game.legalMoves(s, buf);
        if (k === 0) break;
        m = randomPlayableMove(buf, k, rng);
        game.apply(s, m);
      }
      this.moves[steps * stride] = m;
      this.kinds[steps++] = 0;
    }
    return steps;
  }
}
