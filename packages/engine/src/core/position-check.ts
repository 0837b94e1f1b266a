/**
 * The generic position validator: the checks every ruleset makes of a position built from text or
 * JSON (its shape, counts, owners, marks, piles off the board, conservation of counters, the phase
 * and player to move, the round, and what the guards of SPEC §8.3 leave), one message for each.
 * A ruleset describes its board in a `PositionSpec`; its own checks run after these (see
 * `RoundGame.validate`).
 */
import { err, ok, type Result } from './errors.js';
import { checkGuardFields, checkPasses, checkRoundOpening } from './round.js';
import { PHASE_OVER, PHASE_RACE, PHASES, type State } from './state.js';

export interface PositionSpec {
  /** The ruleset's name in messages ('Gifia'). */
  readonly name: string;
  /** What its counters are called ('counters', 'beans'). */
  readonly unit: string;
  readonly players: number;
  readonly holes: number;
  /** Counters of the game (conservation). */
  readonly total: number;
  /** Each hole's fixed owner, or null when holes change hands (any player 1..players). */
  readonly owners: ArrayLike<number> | null;
  /** What a player's mark on a hole not his own is called ('wegue', 'nedf'); null: no hole is marked. */
  readonly marks: string | null;
  /** Which piles off the board may hold counters between moves. */
  readonly captured: boolean;
  readonly reserve: boolean;
  /** The phases a position between moves can be in (PHASE_OVER always). */
  readonly phases: readonly number[];
  /** Option `maxTurnsPerRound` (SPEC §8.3). */
  readonly maxTurns: number;
  /** The last round a match can reach (options rounds / maxRounds). */
  readonly lastRound: number;
  /** Consecutive passes that end the round (or the match), with the rule; null: checked by the ruleset. */
  readonly passes: { readonly limit: number; readonly why: string } | null;
}

/** The shape and the counters: players, holes, counts, owners, marks, piles, conservation. */
export function checkBoard(s: State, spec: PositionSpec): Result<State> {
  const { name, players: P, holes: H } = spec;
  if (s.players !== P || s.holeCount !== H) {
    return err('ERR_POSITION', `a position of ${name} has ${P} players and ${H} holes, not ${s.players} and ${s.holeCount}`, 'players');
  }
  for (let h = 0; h < H; h++) {
    if (s.counts[h]! < 0)
      return err('ERR_POSITION', `hole ${h} holds ${s.counts[h]} ${spec.unit}; counts cannot be negative`, `counts[${h}]`);
    const o = s.owners[h]!;
    if (spec.owners !== null && o !== spec.owners[h]) {
      return err('ERR_POSITION', `hole ${h} belongs to player ${spec.owners[h]} in ${name}, not ${o}`, `owners[${h}]`);
    }
    if (o < 1 || o > P) return err('ERR_POSITION', `hole ${h} has no valid owner (1..${P})`, `owners[${h}]`);
    const m = s.marks[h]!;
    if (m === 0) continue;
    if (spec.marks === null) return err('ERR_POSITION', `hole ${h} is marked; ${name} has no marked holes`, `marks[${h}]`);
    if (m < 0 || m > P) return err('ERR_POSITION', `hole ${h} has an unknown mark ${m}`, `marks[${h}]`);
    if (m === o) return err('ERR_POSITION', `hole ${h} is player ${m}'s own hole, so it cannot be his ${spec.marks}`, `marks[${h}]`);
  }
  for (let p = 1; p <= P; p++) {
    if (s.captured[p]! < 0 || s.reserve[p]! < 0) return err('ERR_POSITION', `player ${p} holds a negative pile`, `captured[${p}]`);
    if ((!spec.captured && s.captured[p] !== 0) || (!spec.reserve && s.reserve[p] !== 0)) {
      const piles = spec.captured ? 'reserve' : spec.reserve ? 'store or hand' : 'counters off the board';
      return err('ERR_POSITION', `${name} keeps no ${piles} (player ${p})`, `captured[${p}]`);
    }
    if (s.raceHand[p] !== 0) return err('ERR_POSITION', `no ${spec.unit} may be in a racer's hand between moves`, `raceHand[${p}]`);
  }
  const total = s.total();
  if (total !== spec.total) return err('ERR_POSITION', `the position holds ${total} ${spec.unit}; ${name} has ${spec.total}`, 'total');
  return ok(s);
}

/** The flow: the phase, the player to move, the winner's field, and the round against the options. */
export function checkFlow(s: State, spec: PositionSpec): Result<State> {
  const P = spec.players;
  if (s.phase !== PHASE_OVER && !spec.phases.includes(s.phase)) {
    const names = [...spec.phases, PHASE_OVER].map((x) => PHASES[x]).join(', ');
    return err('ERR_POSITION', `a position of ${spec.name} is in phase ${names}, not ${PHASES[s.phase] ?? s.phase}`, 'phase');
  }
  if (s.phase === PHASE_OVER) {
    if (s.toMove !== 0) return err('ERR_POSITION', 'nobody is to move in a finished match', 'toMove');
    if (s.winner < 0 || s.winner > P) return err('ERR_POSITION', `a finished match needs a winner 0 (draw) or 1..${P}`, 'winner');
  } else if (s.winner !== -1) {
    return err('ERR_POSITION', 'a match in play has no winner yet', 'winner');
  } else if (s.phase === PHASE_RACE) {
    if (s.toMove !== 0) return err('ERR_POSITION', 'the race is a simultaneous node: nobody is to move alone', 'toMove');
  } else {
    const mover = checkMover(s, P);
    if (!mover.ok) return mover;
  }
  if (s.round < 1) return err('ERR_POSITION', 'round must be at least 1', 'round');
  if (spec.lastRound === 1 && s.round !== 1) {
    return err('ERR_POSITION', `${spec.name} is one game, played in round 1: there is no round ${s.round}`, 'round');
  }
  if (s.round > spec.lastRound) {
    const when = s.phase === PHASE_OVER ? 'a match can be over in' : 'can be in play';
    return err(
      'ERR_POSITION',
      `the match ends after round ${spec.lastRound} (options rounds, maxRounds): round ${s.round} ${when}`,
      'round',
    );
  }
  return ok(s);
}

/** The player to move at a sequential node is an active player 1..players. */
export function checkMover(s: State, players: number): Result<State> {
  if (s.toMove >= 1 && s.toMove <= players && s.active[s.toMove]) return ok(s);
  return err('ERR_POSITION', `player to move must be an active player 1..${players}, not ${s.toMove}`, 'toMove');
}

/** What the round's guards and counters leave (SPEC §8.3): turns, history, passes, the round's opener. */
export function checkRoundCounters(s: State, spec: PositionSpec): Result<State> {
  const guard = checkGuardFields(s, spec.maxTurns);
  if (!guard.ok) return guard;
  if (spec.passes !== null) {
    const passes = checkPasses(s, spec.passes.limit, spec.passes.why);
    if (!passes.ok) return passes;
  }
  return checkRoundOpening(s);
}
