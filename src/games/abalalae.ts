/**
 * Abalala'e, the three-row mancala of the central highlands of Eritrea (SPEC §5, clauses ABA-).
 *
 * The rules in our words. Eighteen holes in three rows of six, three counters in each. Each
 * player owns the row nearest him and the half of the middle row on his right. A player sows
 * along his own serpentine track: his row left to right, the whole middle row right to left, the
 * far row left to right, then back to his first hole; the two players' tracks are the same cycle
 * run in opposite senses. Every round opens with a race: both players at once lift their
 * leftmost hole and relay-sow (a last counter falling into an occupied hole lifts it and sows on)
 * until a last counter falls into an empty hole; the first to get there moves first in the turns
 * that follow. A turn starts from any own hole and relay-sows the same way. A last counter that
 * falls into an empty hole of the opponent ends the turn; one that falls into an empty hole of
 * the mover's own captures what the opponent has in that column (two holes in the mover's left
 * half, one in his right half), and that single counter then steps on to the next hole as a new
 * last counter (relay, capture again, or stop). When, at the end of a turn, one side has no
 * counters, the other player takes what is left on the board and the round is over. The poorer
 * player lays out all his counters three to a hole along his track from his leftmost hole; the
 * richer matches him hole for hole and sets the rest aside as winnings. The match ends when one
 * player holds all 54 counters.
 *
 * Source: R. Pankhurst, "Gabata and Related Board Games of Ethiopia and the Horn of Africa",
 * Ethiopia Observer 14(3): 154-206 (1971), p. 163 (rules; reference p. 172), as paraphrased by the
 * Ludii portal (DLP.Games.319, seed 001).
 *
 * Choices (SPEC §5.3, each switchable where the readings differ): the race is the lock-step model
 * of SPEC §7 (`openingMode`, `raceTickOrder`, `raceTie`, `raceLoserCompletion`, `raceLoopResolution`); no
 * captures in the race (`raceCaptures`); any own hole may start a main-phase turn; the round end
 * is tested at the end of a turn, and also right after the race (a race can empty a side);
 * winnings count in later tallies (`winningsCountLater`). Guards (SPEC §8): a start whose relay
 * never ends is illegal (`perpetualMove`; a player with no other start passes, and two passes in
 * a row end the round); threefold repetition or `maxTurnsPerRound` ends a round, each player
 * then taking the counters in his own holes (`roundStalemate = ownerTakes`) or the match being
 * drawn (`draw`); a match is stopped after MAX_ROUNDS rounds as a last safety net.
 *
 * A consequence worth knowing: the start is point-symmetric and P2's track is P1's mirrored
 * (hole h <-> 17 - h), so the first race is always a dead heat (both finish in tick 51) and the
 * tick order decides it: P1 wins it under the default `alternate`, P2 under `p2First`.
 */
import { err, ok, type Result } from '../core/errors.js';
import type { Trace } from '../core/events.js';
import { MAX_MOVES, MOVE_PASS, standardReturns, type Game, type Ruleset } from '../core/game.js';
import { ABALALAE_INFO } from './info/abalalae.js';
import { GEOMETRY_3X6_A, OWNERS_3X6_2P, TRACK_A_P1, TRACK_A_P2, trackByName } from '../core/geometry.js';
import {
  OptionReader,
  PERPETUAL_MOVES,
  ROUND_STALEMATES,
  maxLapsPerTurnOption,
  maxTurnsPerRoundOption,
  perpetualMoveOption,
  roundStalemateOption,
  roundsOption,
  skipOriginOption,
  type OptionSpec,
  type OptionValue,
  type OptionValues,
  type PerpetualMove,
  type RoundStalemate,
} from '../core/options.js';
import {
  OPENING_MODES,
  RACE_LOOP_RESOLUTIONS,
  RACE_LOSER_COMPLETIONS,
  RACE_TICK_ORDERS,
  RACE_TIES,
  RaceScratch,
  checkRaceFields,
  openingModeOption,
  raceOptions,
  runRace,
  type OpeningMode,
  type RaceLoopResolution,
  type RaceLoserCompletion,
  type RaceRules,
  type RaceTickOrder,
  type RaceTie,
} from '../core/race.js';
import {
  checkGuardFields,
  checkPasses,
  checkRecordedWinner,
  checkRoundOpening,
  isGuardReason,
  ownersTakeCounters,
  perpetualTest,
  reasonIndex,
  roundGuard,
  settlePerpetual,
  traceRedistribution,
  winnerByTotals,
} from '../core/round.js';
import { defineRuleset, filterPerpetual } from '../core/rules.js';
import { LAP_END, LAP_RELAY, RelaySower, SOW_PERPETUAL, type SowHooks } from '../core/sow.js';
import { END_REASONS, PHASE_OVER, PHASE_PLAY, PHASE_RACE, State, type EndReason } from '../core/state.js';

/** Counters in a full set (ABA-02). */
export const ABALALAE_COUNTERS = 54;
const HOLES = 18;
/** Safety net on rounds in one match (a cycle of rounds is conceivable, never seen in play). */
export const MAX_ROUNDS = 1000;

/** Each player's nine holes in the order of his track from his leftmost hole (ABA-16). */
export const LAYOUT_ORDER: readonly (readonly number[])[] = [[], TRACK_A_P1.slice(0, 9), TRACK_A_P2.slice(0, 9)];
const LEFTMOST = [0, 0, 17];
const NEXT: readonly (Int8Array | null)[] = [null, trackByName(GEOMETRY_3X6_A, 'A1').next, trackByName(GEOMETRY_3X6_A, 'A2').next];

/**
 * The opponent-owned holes in the column of each hole (SPEC §5.1): two in the owner's left half,
 * one in his right half. -1 = none.
 */
const FACING_A = new Int8Array(HOLES).fill(-1);
const FACING_B = new Int8Array(HOLES).fill(-1);
for (let h = 0; h < HOLES; h++) {
  const owner = OWNERS_3X6_2P[h]!;
  const col = h % 6;
  let k = 0;
  for (const q of [col, col + 6, col + 12]) {
    if (OWNERS_3X6_2P[q] !== owner) {
      if (k === 0) FACING_A[h] = q;
      else FACING_B[h] = q;
      k++;
    }
  }
}

/** The holes whose counters a last counter in `hole` captures (SPEC §5.1 `facing`). */
export function facingHoles(hole: number): number[] {
  const out: number[] = [];
  if (FACING_A[hole]! >= 0) out.push(FACING_A[hole]!);
  if (FACING_B[hole]! >= 0) out.push(FACING_B[hole]!);
  return out;
}

// ---------------------------------------------------------------------------------------------
// Options (SPEC §10) and provenance.

const OPTIONS: readonly OptionSpec[] = [
  openingModeOption({
    race: 'both players race from their leftmost holes at once (lock-step, SPEC §7); the winner starts (ABA-04..08, ABA-19)',
    scope: 'round',
    refs: ['B2', 'B9', 'ABA-04', 'ABA-19'],
  }),
  ...raceOptions({ tickOrder: ['ABA-06'], tie: ['ABA-06', '§7.4'], loserCompletion: ['B4', 'ABA-06'], loopResolution: ['§7'] }),
  {
    name: 'raceCaptures',
    kind: 'boolean',
    default: false,
    description: 'Are the facing-hole captures (ABA-12/13) made during the race?',
    explain: {
      true: 'Yes: a racer whose last counter falls into an empty own hole captures and carries on.',
      false: "No: an empty hole ends a racer's race, whoever owns it (ABA-07).",
    },
    refs: ['B3', 'ABA-07'],
  },
  {
    name: 'winningsCountLater',
    kind: 'boolean',
    default: true,
    description: 'Do winnings set aside count in the next redistribution?',
    explain: {
      true: 'Yes: a player lays out (or matches with) everything he owns, winnings included (ABA-18).',
      false:
        'No: winnings are banked for good; each round is played with the counters captured in the last one, and the ' +
        'match ends when one player takes every counter in play.',
    },
    refs: ['B8', 'ABA-18'],
  },
  skipOriginOption({ lap: 18, note: "Ludii's default", refs: ['§1'] }),
  perpetualMoveOption({ refs: ['§8.1'] }),
  maxLapsPerTurnOption({ min: 16, refs: ['§8.2'] }),
  maxTurnsPerRoundOption({ min: 1, refs: ['§8.3'] }),
  roundStalemateOption({
    ownerTakes: 'each player takes the counters in his own holes; the match goes on with a redistribution',
    doublePass: true,
    refs: ['§8.3'],
  }),
  roundsOption({ end: 'one player holds every counter (ABA-20)', max: MAX_ROUNDS, refs: ['ABA-20'] }),
];

const PRESETS: Readonly<Record<string, OptionValues>> = {
  /** Ludii's Abalala'e.lud: no race, player 1 starts, one round only. */
  ludii: { openingMode: 'p1First', rounds: 1 },
};

// ---------------------------------------------------------------------------------------------
// The game.

interface AbalalaeOptions {
  readonly openingMode: OpeningMode;
  readonly raceTickOrder: RaceTickOrder;
  readonly raceTie: RaceTie;
  readonly raceLoserCompletion: RaceLoserCompletion;
  readonly raceLoopResolution: RaceLoopResolution;
  readonly raceCaptures: boolean;
  readonly winningsCountLater: boolean;
  readonly skipOriginOnLongLaps: boolean;
  readonly perpetualMove: PerpetualMove;
  readonly maxLapsPerTurn: number;
  readonly maxTurnsPerRound: number;
  readonly roundStalemate: RoundStalemate;
  readonly rounds: number;
}

function readOptions(values: Readonly<Record<string, OptionValue>>): AbalalaeOptions {
  const read = new OptionReader(values);
  return {
    openingMode: read.choice('openingMode', OPENING_MODES),
    raceTickOrder: read.choice('raceTickOrder', RACE_TICK_ORDERS),
    raceTie: read.choice('raceTie', RACE_TIES),
    raceLoserCompletion: read.choice('raceLoserCompletion', RACE_LOSER_COMPLETIONS),
    raceLoopResolution: read.choice('raceLoopResolution', RACE_LOOP_RESOLUTIONS),
    raceCaptures: read.flag('raceCaptures'),
    winningsCountLater: read.flag('winningsCountLater'),
    skipOriginOnLongLaps: read.flag('skipOriginOnLongLaps'),
    perpetualMove: read.choice('perpetualMove', PERPETUAL_MOVES),
    maxLapsPerTurn: read.integer('maxLapsPerTurn'),
    maxTurnsPerRound: read.integer('maxTurnsPerRound'),
    roundStalemate: read.choice('roundStalemate', ROUND_STALEMATES),
    rounds: read.integer('rounds'),
  };
}

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

export class AbalalaeGame implements Game {
  readonly ruleset: Ruleset;
  readonly options: Readonly<Record<string, OptionValue>>;
  readonly players = 2;
  readonly geometry = GEOMETRY_3X6_A;
  readonly counterTotal = ABALALAE_COUNTERS;
  readonly opts: AbalalaeOptions;
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
    this.ruleset = ruleset;
    this.options = Object.freeze({ ...options });
    this.opts = readOptions(options);
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
      let first: number;
      if (this.opts.openingMode === 'race') {
        s.phase = PHASE_RACE;
        s.toMove = 0;
        const out = runRace(s, LEFTMOST, this.raceRules, trace, this.raceScratch);
        first = out.winner;
      } else if (this.opts.openingMode === 'p1First') {
        first = 1;
      } else {
        first = 1 + s.rng.int(2);
      }
      s.roundStarter = first;
      s.toMove = first;
      s.phase = PHASE_PLAY;
      if (this.opts.openingMode === 'race' && (!sideHasCounters(s, 1) || !sideHasCounters(s, 2))) {
        // The race emptied a side: the round is over before its first turn (ABA-15).
        if (this.endRound(s, 'rules', trace)) continue;
        return;
      }
      if (this.beginTurn(s, trace)) continue;
      return;
    }
  }

  /**
   * A turn begins: the round-stalemate guard (SPEC §8.3). Returns true when the guard ended the
   * round and a new one was set up (the caller opens it), false otherwise.
   */
  private beginTurn(s: State, trace: Trace): boolean {
    const guard = roundGuard(s, this.opts.maxTurnsPerRound);
    if (guard !== null) return this.endRound(s, guard, trace);
    s.turn++;
    return false;
  }

  candidateMoves(s: State, out: Int32Array): number {
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

  legalMovesFor(s: State, player: number, out: Int32Array): number {
    // Abalala'e has no simultaneous decision (the race is forced); sequential nodes only.
    return s.toMove === player ? this.legalMoves(s, out) : 0;
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
        this.settleOrOpen(s, 'stalemate', trace);
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
    if (this.beginTurn(s, trace)) this.openRound(s, trace);
  }

  private settleOrOpen(s: State, reason: EndReason, trace: Trace): void {
    if (this.endRound(s, reason, trace)) this.openRound(s, trace);
  }

  applyJoint(s: State, moves: ArrayLike<number>, trace: Trace = null): void {
    // No simultaneous decisions in Abalala'e: the joint move is the mover's move.
    if (s.toMove > 0) this.apply(s, moves[s.toMove]!, trace);
  }

  /**
   * Ends the round: the board is cleared (ABA-15, or per `roundStalemate` for a guard), then the
   * match ends or the next round is laid out (ABA-16/17). Returns true when a new round was laid
   * out and must be opened, false when the match is over.
   */
  endRound(s: State, reason: EndReason, trace: Trace): boolean {
    const guard = reason !== 'rules';
    s.endReason = reasonIndex(reason);
    if (guard) s.guardEnds++;
    if (guard && this.opts.roundStalemate === 'draw') {
      ownersTakeCounters(s, trace, '§8.3');
      if (trace !== null) trace.push({ type: 'roundEnd', round: s.round, totals: this.holdings(s), reason, rule: '§8.3' });
      this.finishMatch(s, 0, reason, trace);
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
    const inPlay = this.redistributionTotals(s);
    if (inPlay[1] === 0 || inPlay[2] === 0) {
      // ABA-20: the other has nothing to lay out.
      this.finishMatch(s, inPlay[1] === 0 ? 2 : 1, 'rules', trace);
      s.endReason = reasonIndex(reason);
      return false;
    }
    const roundLimit = this.opts.rounds > 0 && s.round >= this.opts.rounds;
    if (roundLimit || s.round >= MAX_ROUNDS) {
      // The `rounds` option (or the safety net): the larger holding wins.
      if (!roundLimit) s.guardEnds++;
      const held = this.totals;
      for (let p = 1; p <= 2; p++) held[p] = s.captured[p]! + s.reserve[p]!;
      this.finishMatch(s, winnerByTotals(held, 2), 'roundCap', trace);
      return false;
    }
    this.redistribute(s, trace);
    return true;
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

  private finishMatch(s: State, winner: number, reason: EndReason, trace: Trace): void {
    s.phase = PHASE_OVER;
    s.toMove = 0;
    s.winner = winner;
    s.endReason = reasonIndex(reason);
    s.scores[1] = s.captured[1]! + s.reserve[1]!;
    s.scores[2] = s.captured[2]! + s.reserve[2]!;
    if (trace !== null)
      trace.push({ type: 'matchEnd', winner, scores: this.holdings(s), reason, rule: reason === 'rules' ? 'ABA-20' : '§8' });
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

  returns(s: State, out: Float64Array): void {
    standardReturns(s, out);
  }

  evaluate(s: State, player: number): number {
    if (s.phase === PHASE_OVER) return s.winner === player ? 1 : s.winner === 0 ? 0 : -1;
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

  validate(s: State): Result<State> {
    if (s.players !== 2 || s.holeCount !== HOLES) return err('ERR_POSITION', "an Abalala'e position has 2 players and 18 holes");
    for (let h = 0; h < HOLES; h++) {
      if (s.owners[h] !== OWNERS_3X6_2P[h])
        return err('ERR_POSITION', `hole ${h} must belong to player ${OWNERS_3X6_2P[h]} (ABA-01)`, `owners[${h}]`);
      if (s.counts[h]! < 0) return err('ERR_POSITION', `hole ${h} holds a negative count`, `counts[${h}]`);
      if (s.marks[h] !== 0) return err('ERR_POSITION', "Abalala'e has no marked holes", `marks[${h}]`);
    }
    for (let p = 1; p <= 2; p++) {
      if (s.captured[p]! < 0 || s.reserve[p]! < 0) return err('ERR_POSITION', `player ${p} holds a negative pile`, `captured[${p}]`);
      if (s.raceHand[p] !== 0) return err('ERR_POSITION', "no counters may be in a racer's hand between moves", `raceHand[${p}]`);
    }
    const total = s.total();
    if (total !== ABALALAE_COUNTERS) {
      return err(
        'ERR_POSITION',
        `the board and piles hold ${total} counters; Abalala'e has ${ABALALAE_COUNTERS} (board + captured + reserve)`,
      );
    }
    const lastRound = this.opts.rounds > 0 ? Math.min(this.opts.rounds, MAX_ROUNDS) : MAX_ROUNDS;
    if (s.round > lastRound) {
      const when = s.phase === PHASE_OVER ? 'a match can be over in' : 'can be in play';
      return err('ERR_POSITION', `the match ends after round ${lastRound} (option rounds): round ${s.round} ${when}`, 'round');
    }
    const flow = s.phase === PHASE_OVER ? this.validateOver(s) : this.validateInPlay(s);
    if (!flow.ok) return flow;
    return this.validateCounters(s);
  }

  private validateOver(s: State): Result<State> {
    if (s.toMove !== 0) return err('ERR_POSITION', 'nobody is to move in a finished match', 'toMove');
    return this.validateResult(s);
  }

  private validateInPlay(s: State): Result<State> {
    if (s.phase !== PHASE_PLAY) return err('ERR_POSITION', "an Abalala'e position between moves is in phase 'play' or 'over'", 'phase');
    if (s.toMove !== 1 && s.toMove !== 2) return err('ERR_POSITION', 'player 1 or 2 must be to move', 'toMove');
    if (!sideHasCounters(s, 1) || !sideHasCounters(s, 2)) {
      return err('ERR_POSITION', 'a side with no counters would already have ended the round (ABA-15)');
    }
    if (s.round < 1 || s.turn < 0) return err('ERR_POSITION', 'round must be at least 1', 'round');
    return ok(s);
  }

  /** The counters the guards bound (SPEC §8), who opens the round, and the race that opened it (ABA-04..08). */
  private validateCounters(s: State): Result<State> {
    const guard = checkGuardFields(s, this.opts.maxTurnsPerRound);
    if (!guard.ok) return guard;
    const passes = checkPasses(s, 2, 'two passes in a row end the round (SPEC §8.1)');
    if (!passes.ok) return passes;
    const opening = checkRoundOpening(s);
    if (!opening.ok) return opening;
    return checkRaceFields(s, this.opts.openingMode === 'race', this.opts.openingMode);
  }

  /** A finished match: the board cleared (ABA-15) and the winner ABA-20 (or the guard) gives. */
  private validateResult(s: State): Result<State> {
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
    const inPlay = this.redistributionTotals(s);
    const emptyHanded = inPlay[1] === 0 || inPlay[2] === 0;
    let expected: number;
    if (guard && this.opts.roundStalemate === 'draw') {
      expected = 0;
    } else if (reason === 'rules' || guard) {
      if (!emptyHanded)
        return err(
          'ERR_POSITION',
          `a round ended by ${reason} ends the match only when a player has nothing left to lay out (ABA-20)`,
          'endReason',
        );
      expected = inPlay[1] === 0 ? 2 : 1;
    } else if (reason === 'roundCap') {
      const limit = (this.opts.rounds > 0 && s.round >= this.opts.rounds) || s.round >= MAX_ROUNDS;
      if (emptyHanded || !limit) {
        return err(
          'ERR_POSITION',
          `a match ends by roundCap only after its last round (option rounds = ${this.opts.rounds}) with both players able to go on`,
          'endReason',
        );
      }
      expected = winnerByTotals(holdings, 2);
    } else {
      return err('ERR_POSITION', `an Abalala'e match does not end by ${reason}`, 'endReason');
    }
    return checkRecordedWinner(s, [expected], 'the holdings', reason);
  }

  extraToJSON(_s: State): Record<string, unknown> {
    // Abalala'e keeps nothing in the aux slots: its state is the shared fields.
    return {};
  }

  extraFromJSON(s: State, extra: Readonly<Record<string, unknown>>): Result<State> {
    const keys = Object.keys(extra);
    if (keys.length > 0) return err('ERR_POSITION', `Abalala'e positions have no extra fields (got ${keys.join(', ')})`, keys[0]);
    return ok(s);
  }
}

export const abalalae: Ruleset = defineRuleset(ABALALAE_INFO, OPTIONS, PRESETS, (ruleset, o) => ok(new AbalalaeGame(ruleset, o)));
