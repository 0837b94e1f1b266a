/**
 * A round's end, written once for every ruleset: the round-stalemate guard of SPEC §8.3, the
 * perpetual-move test of SPEC §8.1, the counters going to their holes' owners, the winner by
 * totals, and the redistribution event. A ruleset decides *when* a round ends and what follows;
 * these pieces say *how*, the same way everywhere.
 */
import { err, ok, type Result } from './errors.js';
import type { GameEvent, Trace } from './events.js';
import type { PerpetualMove } from './options.js';
import { SOW_PERPETUAL } from './sow.js';
import { END_REASONS, HISTORY, PHASE_CHOOSE, PHASE_OVER, PHASE_PLAY, type EndReason, type State } from './state.js';

/** The index of an end reason in END_REASONS (what `State.endReason` holds). */
export function reasonIndex(reason: EndReason): number {
  return END_REASONS.indexOf(reason);
}

/**
 * The end reasons of the guards of SPEC §8 that end a round (not the rules proper): the
 * round-stalemate guard's repetition and turn cap, the double pass, the perpetual move.
 * (`matchCap`, the cap on a match's rounds, ends a match whose round the rules ended.)
 */
export type GuardReason = 'repetition' | 'doublePass' | 'turnCap' | 'perpetual';

export function isGuardReason(reason: EndReason | undefined): reason is GuardReason {
  return reason === 'repetition' || reason === 'doublePass' || reason === 'turnCap' || reason === 'perpetual';
}

/**
 * The round-stalemate guard (SPEC §8.3), the one rule for every ruleset. Call it when a turn is
 * about to begin, while `s.turn` still counts the turns the round already holds. It records the
 * position, then ends the round on its third occurrence ('repetition', or 'doublePass' when the
 * last two decisions were passes: the passes made the repetition, as in Gabata, where a player
 * with no start passes and the board stays as it was), or when the round already holds
 * `maxTurnsPerRound` turns ('turnCap'): a round holds at most `maxTurnsPerRound` turns, and
 * `s.turn === maxTurnsPerRound` when the cap fires. Returns null when the round goes on.
 */
export function roundGuard(s: State, maxTurnsPerRound: number): 'repetition' | 'doublePass' | 'turnCap' | null {
  if (s.recordPosition() >= 3) return s.passes >= 2 ? 'doublePass' : 'repetition';
  if (s.turn >= maxTurnsPerRound) return 'turnCap';
  return null;
}

/**
 * SPEC §8.3 `ownerTakes`: the counters still in ordinary (unmarked) holes go to each hole's
 * owner, off the board. With a trace, each hole taken is a `capture` event citing `rule`.
 */
export function ownersTakeCounters(s: State, trace: Trace, rule?: string): void {
  const counts = s.counts;
  for (let h = 0; h < s.holeCount; h++) {
    const c = counts[h]!;
    if (c === 0 || s.marks[h] !== 0) continue;
    const owner = s.owners[h]!;
    counts[h] = 0;
    s.captured[owner]! += c;
    if (trace !== null) trace.push({ type: 'capture', player: owner, hole: h, count: c, rule });
  }
}

/** The player with the largest total (index 1..players), or 0 when two or more share it. */
export function winnerByTotals(totals: ArrayLike<number>, players: number): number {
  let best = 0;
  let bestTotal = -Infinity;
  let tie = false;
  for (let p = 1; p <= players; p++) {
    const t = totals[p]!;
    if (t > bestTotal) {
      best = p;
      bestTotal = t;
      tie = false;
    } else if (t === bestTotal) {
      tie = true;
    }
  }
  return tie ? 0 : best;
}

/**
 * Writes the `redistribute` event of a new round set up on `s`: owners, counts and off-board
 * piles as they now are. `ownersBefore` (when holes can change hands) gives the changes.
 */
export function traceRedistribution(s: State, trace: Trace, rule: string, ownersBefore?: ArrayLike<number>): void {
  if (trace === null) return;
  const changes: { hole: number; from: number; to: number }[] = [];
  if (ownersBefore !== undefined) {
    for (let h = 0; h < s.holeCount; h++) {
      if (ownersBefore[h] !== s.owners[h]) changes.push({ hole: h, from: ownersBefore[h]!, to: s.owners[h]! });
    }
  }
  const event: GameEvent = {
    type: 'redistribute',
    round: s.round,
    owners: Array.from(s.owners),
    counts: Array.from(s.counts),
    captured: Array.from(s.captured),
    reserve: Array.from(s.reserve),
    changes,
    rule,
  };
  trace.push(event);
}

/**
 * The perpetual-move test of SPEC §8.1 for `filterPerpetual`: sows `start` on `scratch` (a state
 * the game owns, so that move generation allocates nothing) and says whether it never ends.
 * `sow` is the ruleset's own sowing of a start, returning the kernel's stop code.
 */
export function perpetualTest(
  scratch: State,
  sow: (scratch: State, start: number, mover: number) => number,
): (s: State, start: number) => boolean {
  return (s: State, start: number): boolean => {
    scratch.copyBoardFrom(s);
    return sow(scratch, start, s.toMove) === SOW_PERPETUAL;
  };
}

/**
 * A start's sowing turned out perpetual (SPEC §8.1): what option `perpetualMove` makes of it.
 * Under `illegal` the move is refused (the caller's `apply` returns false); otherwise the turn
 * ends (a `turnEnd` event citing `rule`) and under `drawRound` the round ends with it.
 */
export function settlePerpetual(option: PerpetualMove, s: State, trace: Trace, rule: string): PerpetualMove {
  if (option !== 'illegal' && trace !== null) trace.push({ type: 'turnEnd', player: s.toMove, reason: 'perpetual', rule });
  return option;
}

/** How a result reads in an error: 'a draw' or 'a win for player p'. */
function resultText(winner: number): string {
  return winner === 0 ? 'a draw' : `a win for player ${winner}`;
}

/**
 * Position checks of a finished match, one message for every ruleset: the recorded winner must be
 * one of `allowed` (what the rules give for the board and the end reason), else ERR_POSITION.
 * @param basis what the expected result was computed from, e.g. 'the stores'.
 */
export function checkRecordedWinner(s: State, allowed: readonly number[], basis: string, reason: string): Result<State> {
  if (allowed.includes(s.winner)) return ok(s);
  const expected = allowed.map(resultText).join(' or ');
  return err('ERR_POSITION', `by ${basis} and the end reason (${reason}) the result is ${expected}, not ${resultText(s.winner)}`, 'winner');
}

// ---------------------------------------------------------------------------------------------
// Position checks of what the round's guards and counters leave in a state (each ruleset's
// `validate` calls them): a position text can claim any counter, and these are the ones no
// match reaches.

/** A history key as the position text writes it (8 hex digits). */
const keyText = (k: number): string => k.toString(16).padStart(8, '0');

/**
 * What the round-stalemate guard (`roundGuard`, SPEC §8.3) leaves: a round holds at most
 * `maxTurnsPerRound` turns; between turns the newest key of the history is the position's own
 * (the guard records it as the turn begins); and while the round goes on no key is kept three
 * times (its third occurrence ended the round). A history left out (length 0) is always
 * accepted: a position typed by hand does not know it.
 */
export function checkGuardFields(s: State, maxTurnsPerRound: number): Result<State> {
  if (s.turn > maxTurnsPerRound) {
    return err(
      'ERR_POSITION',
      `a round holds at most maxTurnsPerRound = ${maxTurnsPerRound} turns (SPEC §8.3): turn ${s.turn} cannot occur`,
      'turn',
    );
  }
  const n = Math.min(s.historyLength, HISTORY);
  if (n === 0) return ok(s);
  const newest = s.history[(s.historyLength - 1) & (HISTORY - 1)]!;
  if (s.phase === PHASE_PLAY && newest !== s.positionKey()) {
    return err(
      'ERR_POSITION',
      `the stalemate history (h:) ends with the key of this position, ${keyText(s.positionKey())}, recorded as its ` +
        `turn began; not ${keyText(newest)}`,
      'history',
    );
  }
  // A finished match, and Gabata's holes changing hands after a round, keep the history the last
  // round ended with: its third occurrence may be in it.
  if (s.phase === PHASE_OVER || s.phase === PHASE_CHOOSE) return ok(s);
  const seen = new Map<number, number>();
  for (let i = 0; i < n; i++) {
    const k = s.history[i]!;
    const times = (seen.get(k) ?? 0) + 1;
    if (times >= 3) {
      return err(
        'ERR_POSITION',
        `the stalemate history (h:) holds the key ${keyText(k)} three times: its third occurrence ends the round (SPEC §8.3)`,
        'history',
      );
    }
    seen.set(k, times);
  }
  return ok(s);
}

/**
 * Before the round's first turn (turn 0, phase play) the round starter is to move, or, after
 * `passes` passes, the player that many places on in turn order: only passes came before.
 */
export function checkRoundOpening(s: State): Result<State> {
  if (s.phase !== PHASE_PLAY || s.turn !== 0) return ok(s);
  let playing = 0;
  for (let p = 1; p <= s.players; p++) playing += s.active[p]!;
  let expected = s.roundStarter;
  // Passes go round the players in turn: only the remainder moves the turn on.
  for (let i = 0; i < s.passes % Math.max(1, playing); i++) expected = s.nextPlayer(expected);
  if (s.toMove === expected) return ok(s);
  const after = s.passes > 0 ? `, and after ${s.passes} pass(es) player ${expected},` : '';
  return err(
    'ERR_POSITION',
    `no turn has begun in round ${s.round} (t:0): the round starter, player ${s.roundStarter}${after} is to move, not player ${s.toMove}`,
    'toMove',
  );
}

/**
 * Consecutive passes against the rule that stops them: `limit` is the pass that ends the round
 * (or the match), so a position in play holds fewer and a finished one at most that many.
 * @param why the rule, e.g. 'two passes in a row end the round (GIF-10)'.
 */
export function checkPasses(s: State, limit: number, why: string): Result<State> {
  const most = s.phase === PHASE_OVER || s.phase === PHASE_CHOOSE ? limit : limit - 1;
  if (s.passes <= most) return ok(s);
  const where = s.phase === PHASE_OVER ? 'a finished match' : 'play';
  return err('ERR_POSITION', `${why}: passes is at most ${most} in ${where}, not ${s.passes}`, 'passes');
}
