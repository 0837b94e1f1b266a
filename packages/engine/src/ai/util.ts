/**
 * Small helpers shared by the agents: node kinds, payoffs on a common scale, and move lists.
 * Nothing here knows a particular ruleset; everything goes through the Game interface.
 */
import { MAX_MOVES, type Game } from '../core/game.js';
import { PHASE_OVER, PHASE_RACE, type State } from '../core/state.js';

/** A simultaneous node: every player chooses at once (the opening race). */
export function isSimultaneous(s: State): boolean {
  return s.toMove === 0 && s.phase === PHASE_RACE;
}

export function isOver(s: State): boolean {
  return s.phase === PHASE_OVER;
}

/**
 * The moves a player may choose now: the exact legal moves at a sequential node, or the
 * player's own choices at a simultaneous node. A sequential node without legal moves (which a
 * correct ruleset never produces) yields none.
 */
export function movesFor(game: Game, s: State, player: number, out: Int32Array): number {
  if (isSimultaneous(s)) return game.legalMovesFor(s, player, out);
  if (s.toMove !== player) return 0;
  return game.legalMoves(s, out);
}

/** The one rule of random play (never concede while another move exists), from core. */
export { randomPlayableMove } from '../core/rules.js';

/** A buffer for the moves of one position. */
export function moveBuffer(): Int32Array {
  return new Int32Array(MAX_MOVES);
}

/** Payoffs of a finished match mapped to [-1, 1] for `player` (win 1, loss -1, shared draw between). */
export function terminalScore(game: Game, s: State, player: number, tmp: Float64Array): number {
  game.returns(s, tmp);
  return 2 * tmp[player]! - 1;
}

/** The seed of a search agent's chance generator (its determinizations), from the agent's seed. */
export const chanceSeedOf = (seed: number): number => (seed ^ 0x63a11ce5) >>> 0;

/** Wall clock in milliseconds (browser and Node alike). */
export const now = (): number => performance.now();

/** Whether two states of the same game are the same position (including the generator). */
export function sameState(a: State, b: State): boolean {
  if (a.holeCount !== b.holeCount || a.players !== b.players) return false;
  if (
    a.toMove !== b.toMove ||
    a.phase !== b.phase ||
    a.round !== b.round ||
    a.turn !== b.turn ||
    a.ply !== b.ply ||
    a.winner !== b.winner ||
    a.passes !== b.passes ||
    a.roundStarter !== b.roundStarter ||
    a.raceTick !== b.raceTick ||
    a.raceWinner !== b.raceWinner ||
    a.historyLength !== b.historyLength ||
    a.endReason !== b.endReason ||
    a.guardEnds !== b.guardEnds
  ) {
    return false;
  }
  const eq = (x: ArrayLike<number>, y: ArrayLike<number>): boolean => {
    for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return false;
    return true;
  };
  return (
    eq(a.counts, b.counts) &&
    eq(a.marks, b.marks) &&
    eq(a.owners, b.owners) &&
    eq(a.captured, b.captured) &&
    eq(a.reserve, b.reserve) &&
    eq(a.active, b.active) &&
    eq(a.aux, b.aux) &&
    eq(a.scores, b.scores) &&
    eq(
      a.history.subarray(0, Math.min(a.historyLength, a.history.length)),
      b.history.subarray(0, Math.min(b.historyLength, b.history.length)),
    ) &&
    eq(a.raceHand, b.raceHand) &&
    eq(a.raceCursor, b.raceCursor) &&
    eq(a.raceDone, b.raceDone) &&
    a.rng.a === b.rng.a &&
    a.rng.b === b.rng.b &&
    a.rng.c === b.rng.c &&
    a.rng.d === b.rng.d
  );
}
