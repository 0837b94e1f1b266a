/**
 * What every ruleset's `Game` shares, written once: a base class with the default members
 * (sequential nodes only, standard payoffs, no extra JSON fields) and the one round-flow skeleton
 * of SPEC §8.3 with named hooks (begin turn, guard end, end round, end match, next starter).
 *
 * A ruleset extends `RoundGame` and writes only what is its own: the board it sets up, its moves
 * and how a move sows, what ends a round, what follows one, and what makes a result. Hooks are
 * methods, so that nothing is allocated per move in a playout.
 */
import type { Result } from './errors.js';
import { err, ok } from './errors.js';
import type { Trace } from './events.js';
import { standardReturns, type Game, type Ruleset } from './game.js';
import type { Geometry } from './geometry.js';
import type { OptionValue } from './options.js';
import { checkBoard, checkFlow, checkRoundCounters, type PositionSpec } from './position-check.js';
import { roundGuard, reasonIndex } from './round.js';
import { END_REASONS, PHASE_OVER, type EndReason, type State } from './state.js';

/**
 * The members of `Game` every ruleset had written the same way. A ruleset with a simultaneous
 * node (the Selus race) overrides `legalMovesFor` and `applyJoint`.
 */
export abstract class GameBase implements Game {
  abstract readonly ruleset: Ruleset;
  abstract readonly options: Readonly<Record<string, OptionValue>>;
  abstract readonly players: number;
  abstract readonly geometry: Geometry;
  abstract readonly counterTotal: number;

  abstract newState(seed: number, trace?: Trace): State;
  abstract legalMoves(s: State, out: Int32Array): number;
  abstract apply(s: State, move: number, trace?: Trace): boolean;
  abstract moveText(s: State, move: number): string;
  abstract parseMove(s: State, text: string): Result<number>;
  abstract validate(s: State): Result<State>;

  /** Candidates are the legal moves unless the ruleset has a cheaper list (perpetual starts kept). */
  candidateMoves(s: State, out: Int32Array): number {
    return this.legalMoves(s, out);
  }

  /** Sequential nodes only: the player to move has the legal moves, the others none. */
  legalMovesFor(s: State, player: number, out: Int32Array): number {
    return player === s.toMove ? this.legalMoves(s, out) : 0;
  }

  /** Sequential nodes only: a joint move is the mover's move (nothing when nobody is to move). */
  applyJoint(s: State, moves: ArrayLike<number>, trace: Trace = null): void {
    if (s.toMove > 0) this.apply(s, moves[s.toMove]!, trace);
  }

  /** The winner takes 1, a draw splits 1 among the players still in the match. */
  returns(s: State, out: Float64Array): void {
    standardReturns(s, out);
  }

  /** The value of a finished match for `player`: 1 won, 0 drawn, -1 lost. */
  protected finalValue(s: State, player: number): number {
    return s.winner === player ? 1 : s.winner === 0 ? 0 : -1;
  }

  /** A finished match has its result; otherwise the ruleset's heuristic (`materialValue`). */
  evaluate(s: State, player: number): number {
    if (s.phase === PHASE_OVER) return this.finalValue(s, player);
    return this.materialValue(s, player);
  }

  /** Heuristic value of a state in play for `player`, in [-1, 1]. */
  protected abstract materialValue(s: State, player: number): number;

  /** No ruleset fields by default. */
  extraToJSON(_s: State): Record<string, unknown> {
    return {};
  }

  /** No ruleset fields by default: any field is unknown. */
  extraFromJSON(s: State, extra: Readonly<Record<string, unknown>>): Result<State> {
    const keys = Object.keys(extra);
    if (keys.length > 0)
      return err('ERR_POSITION', `${this.ruleset.info.name} positions have no extra fields (got ${keys.join(', ')})`, keys[0]);
    return ok(s);
  }
}

// ---------------------------------------------------------------------------------------------
// Results: one number, so that the rules and the position validator read the same result and a
// playout allocates nothing.

/** `resultOf` says the match goes on. */
export const RESULT_GOES_ON = -1;

/** A match result as one number: the winner (0 = draw) and the end reason. */
export function matchResult(winner: number, reason: EndReason): number {
  return reasonIndex(reason) * 16 + winner;
}

/** The winner of a result of `matchResult` (0 = draw). */
export const resultWinner = (r: number): number => r & 15;

/** The end reason of a result of `matchResult`. */
export const resultReason = (r: number): EndReason => END_REASONS[r >> 4]!;

/**
 * The round flow of every ruleset, written once, with named hooks:
 * - `beginTurn`: the round-stalemate guard of SPEC §8.3 looks at the position, then the turn is
 *   counted (`turnBegun`); a ruleset with its own end tests before the guard overrides it.
 * - `guardEnd`: what a guard's end does (by default the round ends by the guard's reason).
 * - `endRound`: the ruleset's round end (counters collected, then the match ends or goes on).
 * - `endMatch`: the match over, its result recorded and the `matchEnd` event.
 * - `nextStarter`: who opens the next round.
 * And `resultOf`, the one place a ruleset says how a match ends, read by both the rules and the
 * position validator.
 */
export abstract class RoundGame extends GameBase {
  /** Option `maxTurnsPerRound` (SPEC §8.3). */
  protected abstract readonly maxTurns: number;

  /**
   * A turn is about to begin for `s.toMove`: the guard of SPEC §8.3 first (`guardEnd` when it
   * fires), then `turnBegun`. Returns true when the turn began, false when the guard ended it.
   */
  protected beginTurn(s: State, trace: Trace): boolean {
    const guard = roundGuard(s, this.maxTurns);
    if (guard !== null) {
      this.guardEnd(s, guard, trace);
      return false;
    }
    this.turnBegun(s);
    return true;
  }

  /** Book-keeping of a turn that begins (by default it is counted). */
  protected turnBegun(s: State): void {
    s.turn++;
  }

  /** A guard (SPEC §8) ended the round: by default it is counted and the round ends by it. */
  protected guardEnd(s: State, reason: EndReason, trace: Trace): void {
    s.guardEnds++;
    this.endRound(s, reason, trace);
  }

  /** The round is over: counters collected, then `endMatch` or the next round. */
  protected abstract endRound(s: State, reason: EndReason, trace: Trace): void;

  /** Who opens the next round. */
  protected abstract nextStarter(s: State): number;

  /**
   * The result the rules give a state whose round has just ended (its counters collected), or
   * RESULT_GOES_ON when another round follows. The rules end the match by it and the position
   * validator checks a finished match against it, so the two cannot drift.
   */
  abstract resultOf(s: State): number;

  /** The rule a `matchEnd` event cites for a result (undefined: none). */
  protected abstract matchEndRule(winner: number, reason: EndReason): string | undefined;

  /** The final scores of a match ending now (`s.scores[p]` for p = 1..players). */
  protected abstract settleScores(s: State): void;

  /** The board the position validator checks every position against (see `checkBoard`). */
  protected abstract readonly positionSpec: PositionSpec;

  /**
   * The generic position validator, in order: the board (`checkBoard`), the flow (`checkFlow`),
   * the ruleset's own fields (`checkFields`), a match in play (`checkInPlay`) or finished
   * (`checkResult`, against `resultOf`), the round's counters (`checkRoundCounters`), and the
   * ruleset's last checks (`checkLast`).
   */
  validate(s: State): Result<State> {
    const spec = this.positionSpec;
    const board = checkBoard(s, spec);
    if (!board.ok) return board;
    const flow = checkFlow(s, spec);
    if (!flow.ok) return flow;
    const fields = this.checkFields(s);
    if (!fields.ok) return fields;
    const play = s.phase === PHASE_OVER ? this.checkResult(s) : this.checkInPlay(s);
    if (!play.ok) return play;
    const counters = checkRoundCounters(s, spec);
    if (!counters.ok) return counters;
    return this.checkLast(s);
  }

  /** The ruleset's own fields (marks, aux slots) against the options and the board. */
  protected checkFields(s: State): Result<State> {
    return ok(s);
  }

  /** A match in play: what the rules would already have ended. */
  protected checkInPlay(s: State): Result<State> {
    return ok(s);
  }

  /** A finished match: its scores, end reason and winner against `resultOf`. */
  protected abstract checkResult(s: State): Result<State>;

  /** The ruleset's checks after the round's counters (turn fields, the opening race...). */
  protected checkLast(s: State): Result<State> {
    return ok(s);
  }

  /** The match is over: scores, winner and reason recorded, and the `matchEnd` event. */
  protected endMatch(s: State, winner: number, reason: EndReason, trace: Trace): void {
    this.settleScores(s);
    s.winner = winner;
    s.phase = PHASE_OVER;
    s.toMove = 0;
    s.endReason = reasonIndex(reason);
    if (trace !== null) {
      trace.push({ type: 'matchEnd', winner, scores: Array.from(s.scores), reason, rule: this.matchEndRule(winner, reason) });
    }
  }
}
