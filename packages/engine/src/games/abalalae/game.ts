/** Abalala'e's rules (SPEC §5): the game of the ruleset, with its options resolved. */
import { err, ok, type Result } from '../../core/errors.js';
import type { Trace } from '../../core/events.js';
import { MAX_MOVES, MOVE_PASS, type Ruleset } from '../../core/game.js';
import { RESULT_GOES_ON, RoundGame, matchResult, resultReason, resultWinner } from '../../core/game-base.js';
import { GEOMETRY_3X6_A, OWNERS_3X6_2P } from '../../core/geometry.js';
import type { OptionValue } from '../../core/options.js';
import type { PositionSpec } from '../../core/position-check.js';
import { RaceScratch, checkRaceFields, runRace, type RaceRules } from '../../core/race.js';
import {
  checkRecordedWinner,
  isGuardReason,
  ownersTakeCounters,
  perpetualTest,
  reasonIndex,
  settlePerpetual,
  traceRedistribution,
  winnerByTotals,
} from '../../core/round.js';
import { filterPerpetual } from '../../core/rules.js';
import { LAP_END, LAP_RELAY, RelaySower, SOW_PERPETUAL, type SowHooks } from '../../core/sow.js';
import { END_REASONS, PHASE_OVER, PHASE_PLAY, PHASE_RACE, State, type EndReason } from '../../core/state.js';
import { ABALALAE_COUNTERS, FACING_A, FACING_B, HOLES, LAYOUT_ORDER, LEFTMOST, MAX_ROUNDS, NEXT } from './board.js';
import { readOptions, type AbalalaeOptions } from './options.js';

/** Facing-hole capture (ABA-12) by the counter just dropped into the empty own hole `hole`. */
function captureFacing(s: State, hole: number, mover: number, trace: Trace): number {
  let taken = 0;
  const a = FACING_A[hole]!;
  const b = FACING_B[hole]!;
  if (a >= 0 && s.counts[a]! > 0) {
    const c = s.counts[a]!;
    taken += c;
    s.counts[a] = 0;
    if (trace !== null) trace.push({ type: 'capture', player: mover, hole: a, count: c, rule: 'ABA-12' });
  }
  if (b >= 0 && s.counts[b]! > 0) {
    const c = s.counts[b]!;
    taken += c;
    s.counts[b] = 0;
    if (trace !== null) trace.push({ type: 'capture', player: mover, hole: b, count: c, rule: 'ABA-12' });
  }
  s.captured[mover]! += taken;
  return taken;
}

/** Whether player p has a counter in any of his holes. */
function sideHasCounters(s: State, p: number): boolean {
  for (let h = 0; h < HOLES; h++) if (s.owners[h] === p && s.counts[h]! > 0) return true;
  return false;
}

export class AbalalaeGame extends RoundGame {
  readonly ruleset: Ruleset;
  readonly options: Readonly<Record<string, OptionValue>>;
  readonly players = 2;
  readonly geometry = GEOMETRY_3X6_A;
  readonly counterTotal = ABALALAE_COUNTERS;
  readonly opts: AbalalaeOptions;
  protected readonly maxTurns: number;
  protected readonly positionSpec: PositionSpec;
  private readonly hooks: SowHooks;
  private readonly sower: RelaySower;
  private readonly raceRules: RaceRules;
  private readonly raceScratch = new RaceScratch();
  /** Does sowing from a start never end? (simulated on a scratch state of the game) */
  private readonly isPerpetual: (s: State, start: number) => boolean;
  private readonly buf = new Int32Array(MAX_MOVES);
  private readonly totals = new Int32Array(3);
  /** Captures made in the turn being applied (clears the repetition history). */
  private turnCaptured = 0;

  constructor(ruleset: Ruleset, options: Record<string, OptionValue>) {
    super();
    this.ruleset = ruleset;
    this.options = Object.freeze({ ...options });
    this.opts = readOptions(options);
    this.maxTurns = this.opts.maxTurnsPerRound;
    this.positionSpec = {
      name: "Abalala'e",
      unit: 'counters',
      players: 2,
      holes: HOLES,
      total: ABALALAE_COUNTERS,
      owners: OWNERS_3X6_2P,
      marks: null,
      captured: true,
      reserve: true,
      phases: [PHASE_PLAY],
      maxTurns: this.opts.maxTurnsPerRound,
      lastRound: this.opts.rounds > 0 ? Math.min(this.opts.rounds, MAX_ROUNDS) : MAX_ROUNDS,
      passes: { limit: 2, why: 'two passes in a row end the round (SPEC §8.1)' },
    };
    this.hooks = {
      skip: null,
      skipOrigin: this.opts.skipOriginOnLongLaps,
      maxLaps: this.opts.maxLapsPerTurn,
      // ABA-13: the capturing counter steps on alone (a relay lifting one counter); any other
      // relay lifts a hole that held more (ABA-10, the kernel's default clause).
      relayRule: (_s: State, _hole: number, count: number): string | undefined => (count === 1 ? 'ABA-13' : undefined),
      afterLast: (s: State, hole: number, mover: number, trace: Trace): number => {
        if (s.counts[hole]! > 1) return LAP_RELAY;
        if (s.owners[hole] !== mover) {
          if (trace !== null) trace.push({ type: 'turnEnd', player: mover, reason: 'emptyOpponentHole', rule: 'ABA-11' });
          return LAP_END;
        }
        const taken = captureFacing(s, hole, mover, trace);
        if (taken > 0) {
          this.turnCaptured += taken;
          // ABA-13: the capturing counter is lifted alone and steps on as a new last counter.
          return LAP_RELAY;
        }
        if (trace !== null) trace.push({ type: 'turnEnd', player: mover, reason: 'nothingFacing', rule: 'ABA-14' });
        return LAP_END;
      },
    };
    this.sower = new RelaySower(this.hooks, { liftRule: 'ABA-09', relayRule: 'ABA-10', dropRule: 'ABA-03' });
    this.isPerpetual = perpetualTest(new State(2, HOLES), (scratch, start, mover) =>
      this.sower.sow(scratch, start, mover, NEXT[mover]!, null),
    );
    const raceCaptures = this.opts.raceCaptures;
    this.raceRules = {
      next: NEXT,
      skip: null,
      tickOrder: this.opts.raceTickOrder,
      tie: this.opts.raceTie,
      loserCompletion: this.opts.raceLoserCompletion,
      loopResolution: this.opts.raceLoopResolution,
      rules: { start: 'ABA-04', tick: 'ABA-06', finish: 'ABA-05', tie: 'ABA-06', loop: '§7.7' },
      skipOrigin: this.opts.skipOriginOnLongLaps,
      afterLast: raceCaptures
        ? (s: State, hole: number, racer: number, trace: Trace): number => {
            if (s.counts[hole]! > 1) return LAP_RELAY;
            if (s.owners[hole] !== racer) return LAP_END;
            return captureFacing(s, hole, racer, trace) > 0 ? LAP_RELAY : LAP_END;
          }
        : null,
    };
  }

  /** The race rules this game passes to the shared race kernel (tests run races with them). */
  get race(): RaceRules {
    return this.raceRules;
  }

  newState(seed: number, trace: Trace = null): State {
    const s = new State(2, HOLES, seed);
    s.owners.set(OWNERS_3X6_2P);
    s.counts.fill(3);
    this.openRound(s, trace);
    return s;
  }

  /**
   * Starts the round set up on the board: the opening (race, or a fixed or random first player),
   * the round-end test after the race, and the first turn. Loops while rounds end at once.
   */
  openRound(s: State, trace: Trace): void {
    for (;;) {
      s.turn = 0;
      s.passes = 0;
      s.clearHistory();
      s.raceWinner = 0;
      s.raceTick = 0;
      s.raceDone.fill(0);
      s.raceCursor.fill(-1);
      const first = this.opening(s, trace);
      s.roundStarter = first;
      s.toMove = first;
      s.phase = PHASE_PLAY;
      if (this.opts.openingMode === 'race' && (!sideHasCounters(s, 1) || !sideHasCounters(s, 2))) {
        // The race emptied a side: the round is over before its first turn (ABA-15).
        if (this.endRound(s, 'rules', trace)) continue;
        return;
      }
      // The guard may end the round at once; a new one laid out is opened in turn.
      if (!this.beginTurn(s, trace) && s.phase !== PHASE_OVER) continue;
      return;
    }
  }

  /** Who opens the round: the race's winner (ABA-04..08), player 1, or a coin (option openingMode). */
  private opening(s: State, trace: Trace): number {
    if (this.opts.openingMode === 'race') {
      s.phase = PHASE_RACE;
      s.toMove = 0;
      return runRace(s, LEFTMOST, this.raceRules, trace, this.raceScratch).winner;
    }
    return this.nextStarter(s);
  }

  /** Without the race, player 1 (p1First) or a coin opens each round. */
  protected nextStarter(s: State): number {
    return this.opts.openingMode === 'p1First' ? 1 : 1 + s.chance(2);
  }

  /** A guard's end (SPEC §8.3) is a round end by its reason (`endRound` counts it). */
  protected override guardEnd(s: State, reason: EndReason, trace: Trace): void {
    this.endRound(s, reason, trace);
  }

  override candidateMoves(s: State, out: Int32Array): number {
    if (s.phase !== PHASE_PLAY) return 0;
    const p = s.toMove;
    let n = 0;
    for (let h = 0; h < HOLES; h++) if (s.owners[h] === p && s.counts[h]! > 0) out[n++] = h;
    if (n === 0) out[n++] = MOVE_PASS;
    return n;
  }

  legalMoves(s: State, out: Int32Array): number {
    const n = this.candidateMoves(s, out);
    if (this.opts.perpetualMove !== 'illegal') return n;
    return filterPerpetual(s, out, n, this.isPerpetual);
  }

  apply(s: State, move: number, trace: Trace = null): boolean {
    if (s.phase === PHASE_OVER) return true;
    const mover = s.toMove;
    s.ply++;
    if (move === MOVE_PASS) {
      if (trace !== null) trace.push({ type: 'pass', player: mover, rule: '§8.1' });
      s.passes++;
      if (s.passes >= 2) {
        // Neither player can move without sowing for ever: nothing can change any more.
        this.settleOrOpen(s, 'doublePass', trace);
        return true;
      }
      this.nextTurn(s, mover, trace);
      return true;
    }
    s.passes = 0;
    this.turnCaptured = 0;
    const r = this.sower.sow(s, move, mover, NEXT[mover]!, trace);
    if (r === SOW_PERPETUAL) {
      const settled = settlePerpetual(this.opts.perpetualMove, s, trace, '§8.1');
      if (settled === 'illegal') return false;
      if (settled === 'drawRound') {
        this.settleOrOpen(s, 'perpetual', trace);
        return true;
      }
    }
    if (this.turnCaptured > 0) s.clearHistory();
    // ABA-15: the round ends when a side is empty at the end of a turn.
    if (!sideHasCounters(s, 1) || !sideHasCounters(s, 2)) {
      this.settleOrOpen(s, 'rules', trace);
      return true;
    }
    this.nextTurn(s, mover, trace);
    return true;
  }

  private nextTurn(s: State, mover: number, trace: Trace): void {
    s.toMove = 3 - mover;
    s.phase = PHASE_PLAY;
    if (!this.beginTurn(s, trace) && s.phase !== PHASE_OVER) this.openRound(s, trace);
  }

  private settleOrOpen(s: State, reason: EndReason, trace: Trace): void {
    if (this.endRound(s, reason, trace)) this.openRound(s, trace);
  }

  /**
   * Ends the round: the board is cleared (ABA-15, or per `roundStalemate` for a guard), then the
   * match ends or the next round is laid out (ABA-16/17). Returns true when a new round was laid
   * out and must be opened, false when the match is over.
   */
  override endRound(s: State, reason: EndReason, trace: Trace): boolean {
    const guard = reason !== 'rules';
    s.endReason = reasonIndex(reason);
    if (guard) s.guardEnds++;
    if (guard && this.opts.roundStalemate === 'draw') {
      ownersTakeCounters(s, trace, '§8.3');
      if (trace !== null) trace.push({ type: 'roundEnd', round: s.round, totals: this.holdings(s), reason, rule: '§8.3' });
      this.endMatch(s, 0, reason, trace);
      return false;
    }
    if (guard) {
      ownersTakeCounters(s, trace, '§8.3');
    } else {
      // ABA-15: the player who still has counters takes everything left on the board.
      const taker = sideHasCounters(s, 1) ? 1 : sideHasCounters(s, 2) ? 2 : 0;
      if (taker !== 0) {
        for (let h = 0; h < HOLES; h++) {
          const c = s.counts[h]!;
          if (c === 0) continue;
          s.counts[h] = 0;
          s.captured[taker]! += c;
          if (trace !== null) trace.push({ type: 'capture', player: taker, hole: h, count: c, rule: 'ABA-15' });
        }
      }
    }
    if (trace !== null) {
      trace.push({
        type: 'roundEnd',
        round: s.round,
        totals: this.holdings(s),
        reason: guard ? reason : 'sideEmpty',
        rule: guard ? '§8.3' : 'ABA-15',
      });
    }
    const result = this.resultOf(s);
    if (result === RESULT_GOES_ON) {
      this.redistribute(s, trace);
      return true;
    }
    const by = resultReason(result);
    // The safety net of MAX_ROUNDS is a guard (matchCap); option rounds is a rule of the match (rounds).
    if (by === 'matchCap') s.guardEnds++;
    this.endMatch(s, resultWinner(result), by, trace);
    // ABA-20 ends the match; the state keeps why the round ended.
    if (by === 'rules') s.endReason = reasonIndex(reason);
    return false;
  }

  private lastOfRounds(s: State): boolean {
    return this.opts.rounds > 0 && s.round >= this.opts.rounds;
  }

  /**
   * The result of a round just ended, the board cleared: a player with nothing to lay out loses
   * (ABA-20); else after the last round (option rounds, or the MAX_ROUNDS safety net) the larger
   * holding wins.
   */
  resultOf(s: State): number {
    const inPlay = this.redistributionTotals(s);
    if (inPlay[1] === 0 || inPlay[2] === 0) return matchResult(inPlay[1] === 0 ? 2 : 1, 'rules');
    if (this.lastOfRounds(s) || s.round >= MAX_ROUNDS) {
      const held = this.totals;
      for (let p = 1; p <= 2; p++) held[p] = s.captured[p]! + s.reserve[p]!;
      return matchResult(winnerByTotals(held, 2), this.lastOfRounds(s) ? 'rounds' : 'matchCap');
    }
    return RESULT_GOES_ON;
  }

  /** Everything each player owns off the board (captured + winnings), index 1..2. */
  private holdings(s: State): number[] {
    return [0, s.captured[1]! + s.reserve[1]!, s.captured[2]! + s.reserve[2]!];
  }

  /**
   * What each player will lay out or match with at the redistribution (ABA-16, ABA-18), written
   * into a buffer of the game so that a playout crossing rounds allocates nothing.
   */
  private redistributionTotals(s: State): Int32Array {
    const t = this.totals;
    const later = this.opts.winningsCountLater;
    for (let p = 1; p <= 2; p++) t[p] = s.captured[p]! + (later ? s.reserve[p]! : 0);
    return t;
  }

  /**
   * Lays out the next round from the off-board piles (ABA-16/17/18): the poorer player puts all
   * his counters out three to a hole along his track; the richer fills as many holes and sets
   * the rest aside. Expects an empty board.
   */
  redistribute(s: State, trace: Trace): void {
    const t = this.redistributionTotals(s);
    if (this.opts.winningsCountLater) {
      s.reserve[1] = 0;
      s.reserve[2] = 0;
    }
    s.captured[1] = 0;
    s.captured[2] = 0;
    const poorer = t[1]! <= t[2]! ? 1 : 2;
    const richer = 3 - poorer;
    const low = t[poorer]!;
    const k = Math.min(9, Math.ceil(low / 3));
    let left = low;
    for (let i = 0; i < k; i++) {
      const put = Math.min(3, left);
      s.counts[LAYOUT_ORDER[poorer]![i]!] = put;
      left -= put;
    }
    // ABA-16 cannot leave counters over: the poorer holds at most half of 54 = 27 = 9 x 3.
    s.reserve[poorer]! += left;
    let high = t[richer]!;
    for (let i = 0; i < k; i++) {
      const put = Math.min(3, high);
      s.counts[LAYOUT_ORDER[richer]![i]!] = put;
      high -= put;
    }
    s.reserve[richer]! += high;
    s.round++;
    traceRedistribution(s, trace, 'ABA-17');
  }

  /** A player's score is what he holds off the board. */
  protected settleScores(s: State): void {
    s.scores[1] = s.captured[1]! + s.reserve[1]!;
    s.scores[2] = s.captured[2]! + s.reserve[2]!;
  }

  protected matchEndRule(_winner: number, reason: EndReason): string {
    return reason === 'rules' ? 'ABA-20' : '§8';
  }

  moveText(_s: State, move: number): string {
    return move === MOVE_PASS ? 'pass' : String(move);
  }

  parseMove(s: State, text: string): Result<number> {
    if (s.phase === PHASE_OVER) return err('ERR_GAME_OVER', 'the match is over; no move can be made');
    const t = text.trim().toLowerCase();
    let move: number;
    if (t === 'pass') move = MOVE_PASS;
    else if (/^\d{1,2}$/.test(t)) move = Number(t);
    else return err('ERR_MOVE_SYNTAX', `'${text}' is not a move; write a hole number 0..17 or 'pass'`, text);
    const n = this.legalMoves(s, this.buf);
    for (let i = 0; i < n; i++) if (this.buf[i] === move) return ok(move);
    const legal = Array.from(this.buf.subarray(0, n), (m) => this.moveText(s, m)).join(', ');
    if (move !== MOVE_PASS && (move >= HOLES || s.owners[move] !== s.toMove)) {
      return err('ERR_ILLEGAL_MOVE', `hole ${move} is not one of player ${s.toMove}'s holes; legal: ${legal}`, text);
    }
    if (move !== MOVE_PASS && s.counts[move] === 0) {
      return err('ERR_ILLEGAL_MOVE', `hole ${move} is empty; legal: ${legal}`, text);
    }
    return err(
      'ERR_ILLEGAL_MOVE',
      `${this.moveText(s, move)} is not legal here (a perpetual sowing, or a pass while a move exists); legal: ${legal}`,
      text,
    );
  }

  protected materialValue(s: State, player: number): number {
    // Material: what each player owns now, counting the counters in his holes.
    let mine = s.captured[player]! + s.reserve[player]!;
    let theirs = s.captured[3 - player]! + s.reserve[3 - player]!;
    for (let h = 0; h < HOLES; h++) {
      if (s.owners[h] === player) mine += s.counts[h]!;
      else theirs += s.counts[h]!;
    }
    const v = (mine - theirs) / ABALALAE_COUNTERS;
    return Math.max(-1, Math.min(1, v));
  }

  protected override checkInPlay(s: State): Result<State> {
    if (!sideHasCounters(s, 1) || !sideHasCounters(s, 2)) {
      return err('ERR_POSITION', 'a side with no counters would already have ended the round (ABA-15)');
    }
    return ok(s);
  }

  /** The race that opened the round (ABA-04..08), after the counters the guards bound. */
  protected override checkLast(s: State): Result<State> {
    return checkRaceFields(s, this.opts.openingMode === 'race', this.opts.openingMode);
  }

  /** A finished match: the board cleared (ABA-15) and the winner ABA-20 (or the guard) gives. */
  protected checkResult(s: State): Result<State> {
    for (let h = 0; h < HOLES; h++) {
      if (s.counts[h] !== 0)
        return err('ERR_POSITION', `the last round ends with the board cleared (ABA-15); hole ${h} holds ${s.counts[h]}`, `counts[${h}]`);
    }
    const holdings = this.holdings(s);
    for (let p = 1; p <= 2; p++) {
      if (s.scores[p] !== holdings[p]) {
        return err(
          'ERR_POSITION',
          `player ${p}'s final score is what he holds off the board, ${holdings[p]}, not ${s.scores[p]}`,
          `scores[${p}]`,
        );
      }
    }
    const reason = END_REASONS[s.endReason];
    const guard = isGuardReason(reason);
    if (reason === 'perpetual' && this.opts.perpetualMove !== 'drawRound') {
      return err(
        'ERR_POSITION',
        `a perpetual move ends the round only under perpetualMove=drawRound, not ${this.opts.perpetualMove}`,
        'endReason',
      );
    }
    const result = this.resultOf(s);
    const by = result === RESULT_GOES_ON ? 'none' : resultReason(result);
    let expected: number;
    if (guard && this.opts.roundStalemate === 'draw') {
      expected = 0;
    } else if (reason === 'rules' || guard) {
      if (by !== 'rules')
        return err(
          'ERR_POSITION',
          `a round ended by ${reason} ends the match only when a player has nothing left to lay out (ABA-20)`,
          'endReason',
        );
      expected = resultWinner(result);
    } else if (reason === 'rounds' || reason === 'matchCap') {
      if (by !== reason) {
        return err(
          'ERR_POSITION',
          reason === 'rounds'
            ? `a match ends by rounds only after its last round (option rounds = ${this.opts.rounds}) with both players able to go on`
            : `a match ends by matchCap only after round ${MAX_ROUNDS} with both players able to go on`,
          'endReason',
        );
      }
      expected = resultWinner(result);
    } else {
      return err('ERR_POSITION', `an Abalala'e match does not end by ${reason}`, 'endReason');
    }
    return checkRecordedWinner(s, [expected], 'the holdings', reason);
  }
}
