/**
 * The greedy agent: it plays the move whose position after the rest of its own turn has the best
 * heuristic value (`Game.evaluate`, material in every ruleset). A turn may hold several decisions
 * (a continuation after a wegue, a capture choice): greedy looks through all of them, up to
 * `turnDepth` decisions, but never at the opponent's reply. Ties are broken by the seeded
 * generator; `epsilon` plays a random move that often (the beginner level).
 *
 * A decision that meets a chance event of the rules (`State.chance`: a coin that settles a race in
 * Abalala'e's next round) is valued as the mean over the event's outcomes, never by the outcome
 * the state's generator would draw.
 */
import type { Game } from '../core/game.js';
import { Rng } from '../core/rng.js';
import type { State } from '../core/state.js';
import type { Agent, SearchBudget, SearchInfo } from './index.js';
import { isOver, isSimultaneous, moveBuffer, movesFor, randomPlayableMove, terminalScore } from './util.js';

export interface GreedyParams {
  /** Probability of a uniformly random move instead. */
  epsilon: number;
  /** Most decisions of one turn looked through. */
  turnDepth: number;
}

export class GreedyAgent implements Agent {
  readonly name: string;
  private readonly rng: Rng;
  private readonly params: GreedyParams;
  private readonly bufs: Int32Array[] = [];
  private readonly states: State[] = [];
  private readonly tmp = new Float64Array(8);
  private nodes = 0;

  constructor(seed: number, params: Partial<GreedyParams> = {}) {
    this.rng = new Rng(seed);
    this.params = { epsilon: params.epsilon ?? 0, turnDepth: Math.max(1, params.turnDepth ?? 4) };
    this.name = this.params.epsilon > 0 ? `greedy:epsilon=${this.params.epsilon}` : 'greedy';
    for (let d = 0; d <= this.params.turnDepth; d++) this.bufs.push(moveBuffer());
  }

  choose(game: Game, s: State, _budget?: SearchBudget, onInfo?: (i: SearchInfo) => void): { move: number } & SearchInfo {
    return this.chooseFor(game, s, s.toMove, undefined, onInfo);
  }

  chooseFor(game: Game, s: State, player: number, _budget?: SearchBudget, onInfo?: (i: SearchInfo) => void): { move: number } & SearchInfo {
    const buf = this.bufs[0]!;
    const n = movesFor(game, s, player, buf);
    if (n === 0) return { move: -1 };
    if (n === 1) return { move: buf[0]!, nodes: 0 };
    if (this.params.epsilon > 0 && this.rng.float() < this.params.epsilon) return { move: randomPlayableMove(buf, n, this.rng) };
    // At a simultaneous node the others' choices are unknown: greedy cannot look at a result.
    if (isSimultaneous(s)) return { move: randomPlayableMove(buf, n, this.rng) };
    this.nodes = 0;
    let best = -Infinity;
    let bestMove = buf[0]!;
    let ties = 0;
    for (let i = 0; i < n; i++) {
      const v = this.moveValue(game, s, buf[i]!, player, 0);
      if (v > best + 1e-12) {
        best = v;
        bestMove = buf[i]!;
        ties = 1;
      } else if (Math.abs(v - best) <= 1e-12 && this.rng.int(++ties) === 0) {
        bestMove = buf[i]!;
      }
    }
    const info = { value: best, pv: [bestMove], nodes: this.nodes, depth: 1 };
    onInfo?.(info);
    return { move: bestMove, ...info };
  }

  reset(): void {}

  reseed(seed: number): void {
    this.rng.seed(seed);
  }

  /** Value for `me` once its turn from `s` is over (the best continuation of its own turn). */
  private turnValue(game: Game, s: State, me: number, depth: number): number {
    if (isOver(s)) return 2 * terminalScore(game, s, me, this.tmp);
    if (s.toMove !== me || depth >= this.params.turnDepth) return game.evaluate(s, me);
    const buf = this.bufs[depth]!;
    const n = game.legalMoves(s, buf);
    if (n === 0) return game.evaluate(s, me);
    let best = -Infinity;
    for (let i = 0; i < n; i++) {
      const v = this.moveValue(game, s, buf[i]!, me, depth);
      if (v > best) best = v;
    }
    return best;
  }

  /** `turnValue` after `move` from `s` (scratch slot `depth`), as a mean over the outcomes of any chance event it meets. */
  private moveValue(game: Game, s: State, move: number, me: number, depth: number): number {
    const child = this.state(depth, s);
    const before = child.chanceEvents;
    game.apply(child, move);
    this.nodes++;
    if (child.chanceEvents === before) return this.turnValue(game, child, me, depth + 1);
    const arity = child.chanceArity;
    let sum = 0;
    for (let k = 0; k < arity; k++) {
      const c = this.state(depth, s);
      c.chanceForced = k;
      game.apply(c, move);
      c.chanceForced = -1;
      sum += this.turnValue(game, c, me, depth + 1);
    }
    return sum / arity;
  }

  private state(depth: number, from: State): State {
    let st = this.states[depth];
    if (st === undefined || st.holeCount !== from.holeCount || st.players !== from.players) {
      st = from.clone();
      this.states[depth] = st;
    } else st.copyFrom(from);
    return st;
  }
}
