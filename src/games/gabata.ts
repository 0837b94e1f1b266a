/**
 * Gabata as played around Adowa and Aksum (Pankhurst 1971), two rulesets of one module.
 *
 * The game in our words: three rows of six holes, three counters in each. Each player owns his
 * near row and the right half of the centre row, and everyone sows round one shared circuit
 * (Track G). A turn starts from one of the mover's own ordinary holes; a lap whose last counter
 * falls into an occupied hole is lifted and sown on (relay), one that ends in an empty hole ends
 * the turn. A lap that ends in an opponent's hole that held exactly three turns it into the
 * mover's *wegue*: his for the rest of the round, never sown from, collecting whatever falls in;
 * he then sows again from any of his holes. Ending in an opponent's wegue takes two counters from
 * it. When no ordinary hole holds a counter the round ends; each player counts his hand and his
 * wegues, and the richer takes over one of the opponent's holes for every three counters above
 * the original 27 (two extra counters round up with one from the opponent). The match ends when
 * one player owns the whole board. At Aksum a player may not start from his *chafa enda* (the
 * leftmost hole of his main row) unless it holds more than three counters or it is his only
 * choice. Either game can be played by three (one player a full row, the others a 2x3 block each).
 *
 * Source: Pankhurst, R. 1971, "Gabata and Related Board Games of Ethiopia and the Horn of Africa",
 * Ethiopia Observer 14(3): 154-206, as given in the Ludii evidence pages DLP.Evidence.664/665.
 * Rule clauses: SPEC.md §3 (ADW-01..23), §4 (AKS-01..07, AKS-3P-01..07).
 *
 * Choices made where the source is silent (each an option, SPEC §3.3/§4.3):
 * - The capture gate (ADW-11): no wegue on the first turn of each round (`captureGate`).
 * - After making a wegue the mover must sow again if he can (`wegueContinuation`).
 * - Surplus holes change hands in the loser's sowing order (`surplusHoleOrder`).
 * - Rounds 2+ are started by the player who did not start the last one (`roundStarter`).
 * - Three players: players are numbered in turn order along Track G: P1 = A (row 0), P2 = C
 *   (holes 9-11, 15-17), P3 = B (holes 6-8, 12-14); see `ownerSegments`.
 * - Round-stalemate guard (SPEC §8.3): threefold repetition or `maxTurnsPerRound` turns end the
 *   round; with `roundStalemate = ownerTakes` counters in ordinary holes go to the hole's owner,
 *   with `draw` the match ends drawn.
 */
import { err, ok, type Result } from '../core/errors.js';
import type { Trace } from '../core/events.js';
import { MAX_MOVES, MOVE_PASS, standardReturns, type Game, type Landmark, type Ruleset, type RulesetInfo } from '../core/game.js';
import { ADOWA_INFO } from './info/gabata-adowa.js';
import { AKSUM_INFO } from './info/gabata-aksum.js';
import { GEOMETRY_3X6_G, OWNERS_3X6_2P, OWNERS_3X6_3P, TRACK_G, trackByName } from '../core/geometry.js';
import {
  FIRST_PLAYERS,
  OptionReader,
  PERPETUAL_MOVES,
  ROUND_STALEMATES,
  ROUND_STARTERS,
  firstPlayerOption,
  maxLapsPerTurnOption,
  maxTurnsPerRoundOption,
  perpetualMoveOption,
  roundStalemateOption,
  roundStarterOption,
  roundsOption,
  skipOriginOption,
  type FirstPlayer,
  type OptionSpec,
  type OptionValue,
  type OptionValues,
  type PerpetualMove,
  type RoundStalemate,
  type RoundStarter,
} from '../core/options.js';
import {
  checkGuardFields,
  checkPasses,
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
import { defineRuleset, filterPerpetual, firstPlayerOf } from '../core/rules.js';
import { LAP_CONTINUE, LAP_CUSTOM, LAP_END, LAP_RELAY, RelaySower, SOW_PERPETUAL, type SowHooks } from '../core/sow.js';
import { END_REASONS, PHASE_CHOOSE, PHASE_CONTINUE, PHASE_OVER, PHASE_PLAY, State, type EndReason } from '../core/state.js';

// ---------------------------------------------------------------------------------------------
// Aux slots used by this module.

/** Bit p set once player p has begun a turn this round (capture gate `eachPlayersFirstTurn`). */
const SLOT_STARTED_MASK = 0;
/** Bit h set once hole h has been emptied this round (capture gate `perHoleUntilEmptied`). */
const SLOT_EMPTIED_MASK = 1;
/** 1 while the current turn is under the capture gate. */
const SLOT_GATE_CLOSED = 2;
/**
 * Per-player slots are at BASE + p (p = 1..3), so a base is the slot before player 1's.
 * Holes player p still has to give up (`surplusHoleOrder = winnerChooses`): slots 3..5.
 */
const LOSS_SLOTS_BASE = 2;
/** Holes player p may still take (`winnerChooses`): slots 6..8. */
const GAIN_SLOTS_BASE = 5;
/** Each player's total at the end of the previous round (round starter): slots 9..11. */
const LAST_TOTAL_SLOTS_BASE = 8;
const AUX_NAMES: Record<string, number> = {
  startedMask: SLOT_STARTED_MASK,
  emptiedMask: SLOT_EMPTIED_MASK,
  gateClosed: SLOT_GATE_CLOSED,
  loss1: LOSS_SLOTS_BASE + 1,
  loss2: LOSS_SLOTS_BASE + 2,
  loss3: LOSS_SLOTS_BASE + 3,
  gain1: GAIN_SLOTS_BASE + 1,
  gain2: GAIN_SLOTS_BASE + 2,
  gain3: GAIN_SLOTS_BASE + 3,
  lastTotal1: LAST_TOTAL_SLOTS_BASE + 1,
  lastTotal2: LAST_TOTAL_SLOTS_BASE + 2,
  lastTotal3: LAST_TOTAL_SLOTS_BASE + 3,
};

const COUNTERS_PER_HOLE = 3;
/** `afterLast` stop code: the turn ended in an empty ordinary hole (ADW-09), so the round goes on. */
const LAP_EMPTY = LAP_CUSTOM;
/** Clauses cited on the kernel's lift / relay / drop events. */
const SOW_RULES = { liftRule: 'ADW-07', relayRule: 'ADW-08', dropRule: 'ADW-05' } as const;
const HOLES = 18;
const TOTAL = HOLES * COUNTERS_PER_HOLE;

// ---------------------------------------------------------------------------------------------
// Options (SPEC §10).

export const CAPTURE_GATES = ['firstTurnOfRound', 'eachPlayersFirstTurn', 'perHoleUntilEmptied', 'none'] as const;
export type CaptureGate = (typeof CAPTURE_GATES)[number];
export const WEGUE_CONTINUATIONS = ['mandatory', 'optional', 'none'] as const;
export type WegueContinuation = (typeof WEGUE_CONTINUATIONS)[number];
export const SURPLUS_HOLE_ORDERS = ['opponentTrackOrder', 'winnerChooses'] as const;
export type SurplusHoleOrder = (typeof SURPLUS_HOLE_ORDERS)[number];
export const LAST_HOLE_RULES = ['off', 'on'] as const;
export const CHAFA_LOCATIONS = ['fixed', 'currentLeftmost'] as const;
export type ChafaLocation = (typeof CHAFA_LOCATIONS)[number];

function gabataOptions(aksum: boolean): OptionSpec[] {
  const opts: OptionSpec[] = [
    {
      name: 'players',
      kind: 'integer',
      min: 2,
      max: 3,
      default: 2,
      description: 'Two players, or the three-player variant (AKS-3P-*, experimental).',
      refs: ['AKS-3P-01', 'K4'],
    },
    firstPlayerOption({ players: 3, refs: ['ADW-06', 'A10'] }),
    roundStarterOption({
      loser: 'the player with the smallest total in the previous round',
      winner: 'the player with the largest total in the previous round',
      refs: ['ADW-21', 'A9'],
    }),
    {
      name: 'captureGate',
      kind: 'choice',
      values: CAPTURE_GATES,
      default: 'firstTurnOfRound',
      description: 'When wegues may first be made: "not until the original three counters have been moved".',
      explain: {
        firstTurnOfRound: 'no wegue during the first turn of each round',
        eachPlayersFirstTurn: "no wegue during each player's first turn of the round",
        perHoleUntilEmptied: 'a hole can become a wegue only after it has been emptied once this round',
        none: 'no restriction (as Ludii plays it)',
      },
      refs: ['ADW-11', 'A2'],
    },
    {
      name: 'wegueContinuation',
      kind: 'choice',
      values: WEGUE_CONTINUATIONS,
      default: 'mandatory',
      description: 'Sowing again after making a wegue.',
      explain: {
        mandatory: 'the mover must sow again from one of his ordinary holes if he has one',
        optional: 'the mover may sow again or stop (the move "pass" stops)',
        none: 'the turn ends when the wegue is made (as Ludii plays it)',
      },
      refs: ['ADW-13', 'A3'],
    },
    {
      name: 'surplusHoleOrder',
      kind: 'choice',
      values: SURPLUS_HOLE_ORDERS,
      default: 'opponentTrackOrder',
      description: 'Which holes change hands between rounds.',
      explain: {
        opponentTrackOrder: "the loser's holes go in his sowing order, from his leftmost main-row hole",
        winnerChooses: "the player who gains holes picks them one by one from the loser's holes",
      },
      refs: ['ADW-20', 'A8'],
    },
    {
      name: 'lastHoleRule',
      kind: 'choice',
      values: LAST_HOLE_RULES,
      default: 'off',
      description: "Ludii's note: a player reduced to one hole keeps one counter when it is captured.",
      explain: {
        off: 'not applied (it is not in the source)',
        on: "when a wegue would be made in an opponent's only hole, the mover takes three of its four counters and one stays",
      },
      refs: ['ADW-23', 'A12'],
    },
    skipOriginOption({ lap: 18, refs: ['§1', 'A13'] }),
    roundsOption({ end: 'one player owns every hole' }),
    perpetualMoveOption({ refs: ['§8', 'A14'] }),
    maxLapsPerTurnOption({ min: 100, refs: ['§8'] }),
    maxTurnsPerRoundOption({ min: 10, refs: ['§8'] }),
    roundStalemateOption({
      ownerTakes: 'counters in ordinary holes go to the owner of the hole, then the round is tallied',
      refs: ['§8'],
    }),
  ];
  if (aksum) {
    opts.push(
      {
        name: 'chafaAppliesToRelay',
        kind: 'boolean',
        default: false,
        description: 'Does the chafa enda restriction also stop a relay from lifting it?',
        explain: {
          true: "a relay ending in the mover's own chafa enda holding three or fewer ends the turn",
          false: 'only the choice of a starting hole is restricted',
        },
        refs: ['AKS-05', 'K1'],
      },
      {
        name: 'chafaLocation',
        kind: 'choice',
        values: CHAFA_LOCATIONS,
        default: 'fixed',
        description: 'Which hole is the chafa enda once holes have changed hands.',
        explain: {
          fixed: 'always holes 0 and 17 (restricted only while still owned by their first owner)',
          currentLeftmost: 'the first hole of his original sowing segment that the player still owns',
        },
        refs: ['AKS-06', 'K3'],
      },
    );
  }
  return opts;
}

const LUDII_PRESET: OptionValues = { captureGate: 'none', wegueContinuation: 'none' };

// ---------------------------------------------------------------------------------------------
// The game.

/** Each player's original holes in Track G order, starting from his leftmost main-row hole. */
export function ownerSegments(players: number): number[][] {
  const owners = players === 3 ? OWNERS_3X6_3P : OWNERS_3X6_2P;
  const n = TRACK_G.length;
  // A segment starts where the previous hole on the track belongs to someone else.
  let start = 0;
  while (owners[TRACK_G[start]!] === owners[TRACK_G[(start + n - 1) % n]!]) start++;
  const segs: number[][] = Array.from({ length: players + 1 }, () => []);
  for (let i = 0; i < n; i++) {
    const h = TRACK_G[(start + i) % n]!;
    segs[owners[h]!]!.push(h);
  }
  return segs;
}

interface GabataConfig {
  readonly aksum: boolean;
  readonly players: number;
  readonly firstPlayer: FirstPlayer;
  readonly roundStarter: RoundStarter;
  readonly captureGate: CaptureGate;
  readonly wegueContinuation: WegueContinuation;
  readonly surplusHoleOrder: SurplusHoleOrder;
  readonly lastHoleRule: boolean;
  readonly skipOrigin: boolean;
  readonly rounds: number;
  readonly perpetualMove: PerpetualMove;
  readonly maxLaps: number;
  readonly maxTurns: number;
  readonly roundStalemate: RoundStalemate;
  readonly chafaAppliesToRelay: boolean;
  readonly chafaLocation: ChafaLocation;
}

class GabataGame implements Game, SowHooks {
  readonly geometry = GEOMETRY_3X6_G;
  readonly counterTotal = TOTAL;
  readonly players: number;
  private readonly next: Int8Array;
  private readonly segments: number[][];
  private readonly initialOwners: readonly number[];
  /** Each player's holes in the original split, in index order (index 1..players). */
  private readonly initialHoles: Int8Array[];
  // The game is its own sowing hooks (SowHooks), so the kernel calls afterLast directly.
  readonly skip = null;
  readonly skipOrigin: boolean;
  readonly maxLaps: number;
  private readonly cand = new Int32Array(MAX_MOVES);
  private readonly sower: RelaySower;
  /** Does sowing from a start never end? (simulated on a scratch state of the game) */
  private readonly isPerpetual: (s: State, start: number) => boolean;

  constructor(
    readonly ruleset: Ruleset,
    readonly options: Readonly<Record<string, OptionValue>>,
    private readonly cfg: GabataConfig,
  ) {
    this.players = cfg.players;
    this.next = trackByName(this.geometry, 'G').next;
    this.segments = ownerSegments(cfg.players);
    this.initialOwners = cfg.players === 3 ? OWNERS_3X6_3P : OWNERS_3X6_2P;
    this.initialHoles = [new Int8Array(0)];
    for (let p = 1; p <= cfg.players; p++) {
      this.initialHoles.push(Int8Array.from([...Array(HOLES).keys()].filter((h) => this.initialOwners[h] === p)));
    }
    this.skipOrigin = cfg.skipOrigin;
    this.maxLaps = cfg.maxLaps;
    this.sower = new RelaySower(this, SOW_RULES);
    this.isPerpetual = perpetualTest(new State(cfg.players, HOLES), (scratch, start) => this.sow(scratch, start, null));
  }

  // -- set-up --------------------------------------------------------------------------------

  newState(seed: number, trace: Trace = null): State {
    const s = new State(this.players, HOLES, seed);
    for (let h = 0; h < HOLES; h++) s.owners[h] = this.initialOwners[h]!;
    this.startRound(s, firstPlayerOf(this.cfg.firstPlayer, this.players, s.rng));
    s.round = 1;
    void trace;
    return s;
  }

  /** ADW-02 / ADW-21: three counters in every hole, marks cleared, the gate reset. */
  private startRound(s: State, starter: number): void {
    s.counts.fill(COUNTERS_PER_HOLE);
    s.marks.fill(0);
    s.captured.fill(0);
    s.aux[SLOT_STARTED_MASK] = 0;
    s.aux[SLOT_EMPTIED_MASK] = 0;
    s.aux[SLOT_GATE_CLOSED] = 0;
    s.turn = 0;
    s.passes = 0;
    s.roundStarter = starter;
    s.toMove = starter;
    s.phase = PHASE_PLAY;
    s.clearHistory();
  }

  // -- rules of a lap --------------------------------------------------------------------------

  /** What the last counter of a lap does (ADW-08..15, AKS-05): the kernel's hook. */
  afterLast(s: State, hole: number, mover: number, trace: Trace): number {
    const c = s.counts[hole]!;
    const mark = s.marks[hole]!;
    if (mark !== 0) {
      if (mark === mover) {
        if (trace !== null) trace.push({ type: 'turnEnd', player: mover, reason: 'ownWegue', rule: 'ADW-15' });
        return LAP_END;
      }
      // ADW-14: the dropped counter and one more (or just the dropped one if it was empty).
      const take = Math.min(c, 2);
      s.counts[hole] = c - take;
      s.captured[mover]! += take;
      s.clearHistory();
      if (trace !== null) {
        trace.push({ type: 'capture', player: mover, hole, count: take, rule: 'ADW-14' });
        trace.push({ type: 'turnEnd', player: mover, reason: 'opponentWegue', rule: 'ADW-14' });
      }
      return LAP_END;
    }
    if (c === 1) {
      if (trace !== null) trace.push({ type: 'turnEnd', player: mover, reason: 'empty', rule: 'ADW-09' });
      return LAP_EMPTY;
    }
    const owner = s.owners[hole]!;
    if (owner !== mover && c === COUNTERS_PER_HOLE + 1 && this.gateOpen(s, hole)) {
      if (this.cfg.lastHoleRule && this.ownedHoles(s, owner) === 1) {
        // ADW-23 (Ludii metadata): three of the four counters are taken, one stays.
        s.counts[hole] = 1;
        s.captured[mover]! += 3;
        s.clearHistory();
        if (trace !== null) {
          trace.push({ type: 'capture', player: mover, hole, count: 3, rule: 'ADW-23' });
          trace.push({ type: 'turnEnd', player: mover, reason: 'lastHole', rule: 'ADW-23' });
        }
        return LAP_END;
      }
      s.marks[hole] = mover;
      s.clearHistory();
      if (trace !== null) trace.push({ type: 'mark', player: mover, hole, kind: 'wegue', rule: 'ADW-10' });
      return LAP_CONTINUE;
    }
    if (this.cfg.chafaAppliesToRelay && c <= COUNTERS_PER_HOLE && this.chafaOf(s, mover) === hole) {
      if (trace !== null) trace.push({ type: 'turnEnd', player: mover, reason: 'chafaEnda', rule: 'K1' });
      return LAP_END;
    }
    if (this.cfg.captureGate === 'perHoleUntilEmptied') s.aux[SLOT_EMPTIED_MASK]! |= 1 << hole;
    return LAP_RELAY;
  }

  /** ADW-11: may a wegue be made in `hole` now? */
  private gateOpen(s: State, hole: number): boolean {
    switch (this.cfg.captureGate) {
      case 'none':
        return true;
      case 'perHoleUntilEmptied':
        return (s.aux[SLOT_EMPTIED_MASK]! & (1 << hole)) !== 0;
      default:
        return s.aux[SLOT_GATE_CLOSED] === 0;
    }
  }

  private ownedHoles(s: State, p: number): number {
    let n = 0;
    for (let h = 0; h < HOLES; h++) if (s.owners[h] === p) n++;
    return n;
  }

  /** The player's chafa enda (AKS-02/06, AKS-3P-06), or -1 when he has none (or at Adowa). */
  private chafaOf(s: State, p: number): number {
    if (!this.cfg.aksum) return -1;
    const seg = this.segments[p]!;
    if (this.cfg.chafaLocation === 'fixed') {
      const h = seg[0]!;
      return s.owners[h] === p && s.marks[h] === 0 ? h : -1;
    }
    for (const h of seg) if (s.owners[h] === p) return s.marks[h] === 0 ? h : -1;
    return -1;
  }

  // -- moves -----------------------------------------------------------------------------------

  /** ADW-07 / AKS-03/04: the mover's ordinary holes with counters he may start from. */
  private starts(s: State, out: Int32Array): number {
    const p = s.toMove;
    const marks = s.marks;
    const counts = s.counts;
    let n = 0;
    // Branch-free: every candidate hole is written, and kept only when it qualifies (the hot path
    // of playouts). In the first round the owners are the original split (validate() checks it),
    // so only the mover's own holes need looking at.
    if (s.round === 1) {
      const own = this.initialHoles[p]!;
      for (let i = 0; i < own.length; i++) {
        const h = own[i]!;
        out[n] = h;
        n += ((marks[h] === 0) as unknown as number) & ((counts[h]! > 0) as unknown as number);
      }
    } else {
      const owners = s.owners;
      for (let h = 0; h < HOLES; h++) {
        out[n] = h;
        n += ((owners[h] === p) as unknown as number) & ((marks[h] === 0) as unknown as number) & ((counts[h]! > 0) as unknown as number);
      }
    }
    const chafa = this.chafaOf(s, p);
    if (chafa >= 0 && n > 1 && s.counts[chafa]! > 0 && s.counts[chafa]! <= COUNTERS_PER_HOLE) {
      let k = 0;
      for (let i = 0; i < n; i++) if (out[i] !== chafa) out[k++] = out[i]!;
      n = k;
    }
    return n;
  }

  candidateMoves(s: State, out: Int32Array): number {
    if (s.phase === PHASE_OVER) return 0;
    if (s.phase === PHASE_CHOOSE) return this.choosable(s, out);
    let n = this.starts(s, out);
    if (n === 0 || (s.phase === PHASE_CONTINUE && this.cfg.wegueContinuation === 'optional')) out[n++] = MOVE_PASS;
    return n;
  }

  legalMoves(s: State, out: Int32Array): number {
    const n = this.candidateMoves(s, out);
    if (this.cfg.perpetualMove !== 'illegal' || s.phase === PHASE_CHOOSE) return n;
    return filterPerpetual(s, out, n, this.isPerpetual);
  }

  legalMovesFor(s: State, player: number, out: Int32Array): number {
    return s.toMove === player ? this.legalMoves(s, out) : 0;
  }

  /** Holes the gaining player may still take (surplusHoleOrder = winnerChooses). */
  private choosable(s: State, out: Int32Array): number {
    let n = 0;
    for (let p = 1; p <= this.players; p++) {
      if (p === s.toMove || s.aux[LOSS_SLOTS_BASE + p] === 0) continue;
      for (const h of this.segments[p]!) if (s.owners[h] === p) out[n++] = h;
    }
    return n;
  }

  private sow(s: State, start: number, trace: Trace): number {
    if (this.cfg.captureGate === 'perHoleUntilEmptied') s.aux[SLOT_EMPTIED_MASK]! |= 1 << start;
    return this.sower.sow(s, start, s.toMove, this.next, trace);
  }

  apply(s: State, move: number, trace: Trace = null): boolean {
    if (s.phase === PHASE_OVER) return true;
    const p = s.toMove;
    s.ply++;
    if (s.phase === PHASE_CHOOSE) {
      this.takeChosenHole(s, move, trace);
      return true;
    }
    if (move === MOVE_PASS) {
      if (s.phase === PHASE_CONTINUE) {
        if (trace !== null) trace.push({ type: 'turnEnd', player: p, reason: 'stop', rule: 'ADW-13' });
      } else {
        s.passes++;
        if (trace !== null) trace.push({ type: 'pass', player: p, rule: 'ADW-16' });
      }
      this.endTurn(s, trace);
      return true;
    }
    if (s.phase === PHASE_PLAY) this.beginTurn(s);
    s.passes = 0;
    const r = this.sow(s, move, trace);
    if (r === SOW_PERPETUAL) {
      const settled = settlePerpetual(this.cfg.perpetualMove, s, trace, '§8');
      if (settled === 'illegal') return false;
      if (settled === 'drawRound') this.endRound(s, 'perpetual', trace);
      else this.endTurn(s, trace);
      return true;
    }
    if (r === LAP_CONTINUE) {
      // ADW-13: the mover sows again from any of his ordinary holes, if he has one.
      if (this.roundOver(s)) {
        this.endRound(s, 'rules', trace);
        return true;
      }
      if (this.cfg.wegueContinuation !== 'none' && this.starts(s, this.cand) > 0) {
        s.phase = PHASE_CONTINUE;
        if (trace !== null) trace.push({ type: 'await', player: p, reason: 'continue', rule: 'ADW-13' });
        return true;
      }
      if (trace !== null) trace.push({ type: 'turnEnd', player: p, reason: 'wegue', rule: 'ADW-13' });
    }
    this.endTurn(s, trace, r === LAP_EMPTY);
    return true;
  }

  applyJoint(s: State, moves: ArrayLike<number>, trace: Trace = null): void {
    this.apply(s, moves[s.toMove]!, trace);
  }

  /** Book-keeping at the start of a turn: the capture gate. */
  private beginTurn(s: State): void {
    s.turn++;
    const bit = 1 << s.toMove;
    const firstOfPlayer = (s.aux[SLOT_STARTED_MASK]! & bit) === 0;
    s.aux[SLOT_STARTED_MASK]! |= bit;
    const gate = this.cfg.captureGate;
    s.aux[SLOT_GATE_CLOSED] =
      gate === 'firstTurnOfRound' ? (s.turn === 1 ? 1 : 0) : gate === 'eachPlayersFirstTurn' && firstOfPlayer ? 1 : 0;
  }

  /** ADW-17: no ordinary hole holds a counter. */
  private roundOver(s: State): boolean {
    for (let h = 0; h < HOLES; h++) if (s.marks[h] === 0 && s.counts[h]! > 0) return false;
    return true;
  }

  /** `goesOn`: the turn ended by a counter falling into an empty ordinary hole, so one holds a counter. */
  private endTurn(s: State, trace: Trace, goesOn = false): void {
    if (!goesOn && this.roundOver(s)) {
      this.endRound(s, 'rules', trace);
      return;
    }
    s.phase = PHASE_PLAY;
    s.toMove = s.nextPlayer(s.toMove);
    // SPEC §8.3: the round-stalemate guard (a pass begins no turn, so `s.turn` is unchanged by it).
    const guard = roundGuard(s, this.cfg.maxTurns);
    if (guard !== null) this.endRound(s, guard, trace);
  }

  // -- end of a round ----------------------------------------------------------------------------

  /** The players ranked by their tally now (ADW-18), as a round's end would count them. */
  standings(s: State): number[] {
    return this.tally(s);
  }

  /** ADW-18: hand plus the counters in one's wegues. */
  tally(s: State): number[] {
    const totals = new Array<number>(this.players + 1).fill(0);
    for (let p = 1; p <= this.players; p++) totals[p] = s.captured[p]!;
    for (let h = 0; h < HOLES; h++) if (s.marks[h] !== 0) totals[s.marks[h]!]! += s.counts[h]!;
    return totals;
  }

  private endRound(s: State, reason: 'rules' | 'stalemate' | 'turnCap' | 'perpetual', trace: Trace): void {
    if (reason !== 'rules') {
      s.guardEnds++;
      if (this.cfg.roundStalemate === 'draw') {
        this.finish(s, 0, this.tally(s), reason, trace);
        return;
      }
      // Counters still in ordinary holes go to the hole's owner (SPEC §8.3 ownerTakes).
      ownersTakeCounters(s, null);
    }
    s.endReason = reasonIndex(reason);
    const totals = this.tally(s);
    if (trace !== null) trace.push({ type: 'roundEnd', round: s.round, totals: totals.slice(), reason, rule: 'ADW-18' });
    for (let p = 1; p <= this.players; p++) s.aux[LAST_TOTAL_SLOTS_BASE + p] = totals[p]!;

    const entitled = entitlements(totals, s.active, this.players);
    // ADW-22: one player owns every hole.
    const full = entitled.indexOf(HOLES);
    if (full > 0) {
      this.finish(s, full, totals, 'rules', trace);
      return;
    }
    if (this.cfg.rounds > 0 && s.round >= this.cfg.rounds) {
      this.finish(s, winnerByTotals(totals, this.players), totals, 'roundCap', trace);
      return;
    }
    this.nextRound(s, totals, entitled, trace);
  }

  /** ADW-20/21, AKS-3P-07: the board laid out afresh, holes changing hands, the next starter. */
  private nextRound(s: State, totals: number[], entitled: number[], trace: Trace): void {
    // AKS-3P-07: a player entitled to no hole leaves the match.
    for (let p = 1; p <= this.players; p++) {
      if (s.active[p] && entitled[p] === 0) {
        s.active[p] = 0;
        if (trace !== null) trace.push({ type: 'eliminated', player: p, rule: 'AKS-3P-07' });
      }
    }
    const before = Array.from(s.owners);
    s.counts.fill(COUNTERS_PER_HOLE);
    s.marks.fill(0);
    s.captured.fill(0);
    s.round++;
    const starter = this.nextRoundStarter(s, totals);
    if (this.cfg.surplusHoleOrder === 'winnerChooses' && this.needsTransfer(entitled)) {
      // Owners revert to the original split; gainers then pick holes one at a time.
      for (let h = 0; h < HOLES; h++) s.owners[h] = this.initialOwners[h]!;
      for (let p = 1; p <= this.players; p++) {
        const own = this.segments[p]!.length;
        s.aux[LOSS_SLOTS_BASE + p] = Math.max(0, own - entitled[p]!);
        s.aux[GAIN_SLOTS_BASE + p] = Math.max(0, entitled[p]! - own);
      }
      s.roundStarter = starter;
      s.phase = PHASE_CHOOSE;
      s.toMove = this.nextGainer(s);
      if (trace !== null) trace.push({ type: 'await', player: s.toMove, reason: 'choose', rule: 'ADW-20' });
      return;
    }
    const owners = transferHoles(this.segments, entitled, this.players);
    for (let h = 0; h < HOLES; h++) s.owners[h] = owners[h]!;
    this.startRound(s, starter);
    traceRedistribution(s, trace, this.redistributionRule(), before);
  }

  private needsTransfer(entitled: number[]): boolean {
    for (let p = 1; p <= this.players; p++) if (entitled[p] !== this.segments[p]!.length) return true;
    return false;
  }

  private nextGainer(s: State): number {
    for (let p = 1; p <= this.players; p++) if (s.aux[GAIN_SLOTS_BASE + p]! > 0) return p;
    return 0;
  }

  /** One hole picked by the gaining player (surplusHoleOrder = winnerChooses). */
  private takeChosenHole(s: State, hole: number, trace: Trace): void {
    const gainer = s.toMove;
    const from = s.owners[hole]!;
    s.owners[hole] = gainer;
    s.aux[GAIN_SLOTS_BASE + gainer]!--;
    s.aux[LOSS_SLOTS_BASE + from]!--;
    const g = this.nextGainer(s);
    if (g !== 0) {
      s.toMove = g;
      if (trace !== null) trace.push({ type: 'await', player: g, reason: 'choose', rule: 'ADW-20' });
      return;
    }
    // Players with no hole left are out (three players).
    for (let p = 1; p <= this.players; p++) {
      if (s.active[p] && this.ownedHoles(s, p) === 0) s.active[p] = 0;
    }
    this.startRound(s, s.roundStarter);
    // The changes are reported against the original split, from which the holes were picked.
    traceRedistribution(s, trace, this.redistributionRule(), this.initialOwners);
  }

  /** The event reports the holes that change hands: ADW-20 (AKS-3P-05 with three players). */
  private redistributionRule(): string {
    return this.players === 3 ? 'AKS-3P-05' : 'ADW-20';
  }

  /** ADW-21: who starts the next round. */
  private nextRoundStarter(s: State, totals: number[]): number {
    const rule = this.cfg.roundStarter;
    if (rule === 'alternate') return s.nextPlayer(s.roundStarter);
    let best = 0;
    for (let p = 1; p <= this.players; p++) {
      if (!s.active[p]) continue;
      if (best === 0 || (rule === 'winner' ? totals[p]! > totals[best]! : totals[p]! < totals[best]!)) best = p;
    }
    return best;
  }

  private finish(s: State, winner: number, totals: number[], reason: EndReason, trace: Trace): void {
    s.phase = PHASE_OVER;
    s.toMove = 0;
    s.winner = winner;
    for (let p = 1; p <= this.players; p++) s.scores[p] = totals[p]!;
    s.endReason = reasonIndex(reason);
    if (trace !== null)
      trace.push({
        type: 'matchEnd',
        winner,
        scores: Array.from(s.scores),
        reason,
        rule: winner > 0 && reason === 'rules' ? 'ADW-22' : undefined,
      });
  }

  // -- evaluation, notation, validation --------------------------------------------------------

  returns(s: State, out: Float64Array): void {
    standardReturns(s, out);
  }

  landmarks(s: State): Landmark[] {
    const out: Landmark[] = [];
    for (let p = 1; p <= this.players; p++) {
      const h = s.active[p] ? this.chafaOf(s, p) : -1;
      if (h >= 0) out.push({ hole: h, player: p, kind: 'chafa', rule: this.players === 3 ? 'AKS-3P-06' : 'AKS-02' });
    }
    return out;
  }

  evaluate(s: State, player: number): number {
    if (s.phase === PHASE_OVER) return s.winner === player ? 1 : s.winner === 0 ? 0 : -1;
    // Material of this round (hand + wegues) and holes owned, against the best opponent.
    const totals = this.tally(s);
    let holes = 0;
    let bestOther = -Infinity;
    for (let p = 1; p <= this.players; p++) {
      if (p === player || !s.active[p]) continue;
      bestOther = Math.max(bestOther, totals[p]!);
    }
    for (let h = 0; h < HOLES; h++) if (s.owners[h] === player) holes++;
    const material = (totals[player]! - (bestOther === -Infinity ? 0 : bestOther)) / TOTAL;
    const territory = (holes - HOLES / this.players) / HOLES;
    return Math.max(-0.99, Math.min(0.99, 0.7 * material + 0.3 * territory));
  }

  moveText(_s: State, move: number): string {
    return move === MOVE_PASS ? 'pass' : String(move);
  }

  parseMove(s: State, text: string): Result<number> {
    const t = text.trim().toLowerCase();
    let move: number;
    if (t === 'pass' || t === 'stop') move = MOVE_PASS;
    else if (/^\d{1,2}$/.test(t) && Number(t) < HOLES) move = Number(t);
    else return err('ERR_MOVE_SYNTAX', `'${text}' is not a move: give a hole number 0..17, or 'pass'`, text);
    const buf = new Int32Array(MAX_MOVES);
    const n = this.legalMoves(s, buf);
    for (let i = 0; i < n; i++) if (buf[i] === move) return ok(move);
    return err('ERR_ILLEGAL_MOVE', this.whyIllegal(s, move, buf.subarray(0, n)), text);
  }

  /** A human explanation of why a move is not legal here. */
  private whyIllegal(s: State, move: number, legal: Int32Array): string {
    const list = Array.from(legal, (m) => this.moveText(s, m)).join(', ');
    const tail = ` (legal: ${list || 'none'})`;
    if (s.phase === PHASE_OVER) return 'the match is over';
    if (move === MOVE_PASS) return `passing is allowed only when no start is possible${tail}`;
    if (s.phase === PHASE_CHOOSE) return `choose one of the holes that may change hands${tail}`;
    const p = s.toMove;
    if (s.owners[move] !== p) return `hole ${move} is not player ${p}'s (ADW-07)${tail}`;
    if (s.marks[move] !== 0) return `hole ${move} is a wegue and cannot be sown from (ADW-12)${tail}`;
    if (s.counts[move] === 0) return `hole ${move} is empty (ADW-07)${tail}`;
    if (this.chafaOf(s, p) === move) return `hole ${move} is player ${p}'s chafa enda and holds three or fewer (AKS-03)${tail}`;
    return `sowing hole ${move} would never end (SPEC §8)${tail}`;
  }

  validate(s: State): Result<State> {
    if (s.players !== this.players)
      return err('ERR_POSITION', `this game has ${this.players} players, the position ${s.players}`, 'players');
    if (s.holeCount !== HOLES) return err('ERR_POSITION', `Gabata has ${HOLES} holes, the position ${s.holeCount}`, 'counts');
    for (let h = 0; h < HOLES; h++) {
      if (s.counts[h]! < 0) return err('ERR_POSITION', `hole ${h} holds a negative count`, `counts[${h}]`);
      if (s.owners[h]! < 1 || s.owners[h]! > this.players)
        return err('ERR_POSITION', `hole ${h} has no valid owner (1..${this.players})`, `owners[${h}]`);
      if (s.marks[h]! < 0 || s.marks[h]! > this.players) return err('ERR_POSITION', `hole ${h} has an invalid wegue mark`, `marks[${h}]`);
    }
    for (let p = 1; p <= this.players; p++) {
      if (s.captured[p]! < 0 || s.reserve[p]! < 0) return err('ERR_POSITION', `player ${p} holds a negative count`, `captured[${p}]`);
    }
    const total = s.total();
    if (total !== TOTAL) return err('ERR_POSITION', `the position holds ${total} counters; Gabata has ${TOTAL}`, 'counts');
    if (s.round === 1) {
      for (let h = 0; h < HOLES; h++) {
        if (s.owners[h] !== this.initialOwners[h])
          return err(
            'ERR_POSITION',
            `in round 1 every hole has its original owner; hole ${h} belongs to player ${this.initialOwners[h]}`,
            `owners[${h}]`,
          );
      }
    }
    if (s.phase !== PHASE_OVER && (s.toMove < 1 || s.toMove > this.players || !s.active[s.toMove])) {
      return err('ERR_POSITION', `player to move must be an active player 1..${this.players}`, 'toMove');
    }
    if (s.phase !== PHASE_CONTINUE && s.phase !== PHASE_OVER && s.phase !== PHASE_PLAY && s.phase !== PHASE_CHOOSE) {
      return err('ERR_POSITION', 'Gabata has no race phase', 'phase');
    }
    const fields = this.validateFields(s);
    if (!fields.ok) return fields;
    const flow = s.phase === PHASE_OVER ? this.validateResult(s) : this.validateInPlay(s);
    if (!flow.ok) return flow;
    return this.validateCounters(s);
  }

  /** A match in play: the round within option rounds, two players left, a decision pending. */
  private validateInPlay(s: State): Result<State> {
    if (this.cfg.rounds > 0 && s.round > this.cfg.rounds) {
      return err(
        'ERR_POSITION',
        `the match is played over ${this.cfg.rounds} round(s) (option rounds): round ${s.round} cannot be in play`,
        'round',
      );
    }
    let playing = 0;
    for (let p = 1; p <= this.players; p++) {
      if (s.active[p]) playing++;
      // (While holes change hands a player out of the match still holds his original ones.)
      else if (s.phase !== PHASE_CHOOSE && this.ownedHoles(s, p) > 0)
        return err('ERR_POSITION', `player ${p} has left the match (AKS-3P-07) but owns holes`, `active[${p}]`);
    }
    if (playing < 2) return err('ERR_POSITION', 'fewer than two players are left: the match would be over (ADW-22)', 'active');
    if (s.phase === PHASE_CHOOSE) return this.validateChoice(s);
    if (s.phase === PHASE_CONTINUE) {
      if (this.cfg.wegueContinuation === 'none') {
        return err(
          'ERR_POSITION',
          'under wegueContinuation=none making a wegue ends the turn, so phase continue cannot occur (ADW-13)',
          'phase',
        );
      }
      if (s.turn < 1 || this.starts(s, this.cand) === 0) {
        return err(
          'ERR_POSITION',
          `phase continue needs a turn in progress and a hole for player ${s.toMove} to sow again from (ADW-13)`,
          'phase',
        );
      }
    }
    return ok(s);
  }

  /**
   * The counters of the match and the hidden fields of the round against each other: what the
   * guards bound (SPEC §8.3), who opens the round, and what each begun turn leaves.
   */
  private validateCounters(s: State): Result<State> {
    const guard = checkGuardFields(s, this.cfg.maxTurns);
    if (!guard.ok) return guard;
    // Every round after the first began with the decision that ended the one before.
    if (s.round - 1 > s.ply) {
      return err(
        'ERR_POSITION',
        `round ${s.round} begins after ${s.round - 1} round(s) ended, each by a decision: ply is at least ${s.round - 1}, not ${s.ply}`,
        'round',
      );
    }
    if (this.cfg.rounds > 0 && s.round > this.cfg.rounds) {
      return err(
        'ERR_POSITION',
        `the match is played over ${this.cfg.rounds} round(s) (option rounds): there is no round ${s.round}`,
        'round',
      );
    }
    // A pass leaves the board as it was: when everyone has passed twice the position to move has
    // come round a third time and the round ends by repetition (SPEC §8.3).
    let playing = 0;
    for (let p = 1; p <= this.players; p++) playing += s.active[p]!;
    const ended = s.phase === PHASE_OVER || s.phase === PHASE_CHOOSE;
    const passes = checkPasses(
      s,
      2 * (ended ? this.players : playing),
      'passes leave the board as it was, so everyone passing twice repeats the position a third time (SPEC §8.3)',
    );
    if (!passes.ok) return passes;
    const opening = checkRoundOpening(s);
    if (!opening.ok) return opening;
    return this.validateTurnFields(s);
  }

  /**
   * What the begun turns of the round leave in the aux slots (ADW-11): each sets its player's bit
   * in startedMask and empties its starting hole (emptiedMask); the gate is closed for the turn
   * the option says. None of it is set before the first turn (t:0), as the round began.
   */
  private validateTurnFields(s: State): Result<State> {
    const mask = s.aux[SLOT_STARTED_MASK]!;
    let begun = 0;
    for (let p = 1; p <= this.players; p++) if (mask & (1 << p)) begun++;
    if ((s.turn === 0) !== (mask === 0) || begun > s.turn) {
      const bits = s.turn === 0 ? 'none' : `1 to ${Math.min(s.turn, this.players)} bit(s)`;
      return err(
        'ERR_POSITION',
        `startedMask has a bit for each player who began a turn this round: ${s.turn} turn(s) give ${bits}, not ${begun}`,
        'extra.startedMask',
      );
    }
    const live = s.phase === PHASE_PLAY || s.phase === PHASE_CONTINUE;
    for (let p = 1; p <= this.players; p++) {
      if (live && mask & (1 << p) && !s.active[p])
        return err('ERR_POSITION', `startedMask: player ${p} has left the match and began no turn this round`, 'extra.startedMask');
    }
    if (s.phase === PHASE_CONTINUE && !(mask & (1 << s.toMove))) {
      return err('ERR_POSITION', `player ${s.toMove} continues a turn he began: his bit of startedMask is set`, 'extra.startedMask');
    }
    const gate = this.validateGate(s, begun);
    if (!gate.ok) return gate;
    if (this.cfg.captureGate === 'perHoleUntilEmptied' && (s.turn === 0) !== (s.aux[SLOT_EMPTIED_MASK] === 0)) {
      const what = s.turn === 0 ? 'none before the first turn' : `turn ${s.turn} began by emptying one`;
      return err('ERR_POSITION', `emptiedMask has a bit for each hole emptied this round: ${what}`, 'extra.emptiedMask');
    }
    return ok(s);
  }

  /** gateClosed is the gate of the turn last begun (`begun` players have begun one). */
  private validateGate(s: State, begun: number): Result<State> {
    const closed = s.aux[SLOT_GATE_CLOSED]!;
    // A continuation follows a wegue, which the turn could make only with its gate open.
    if (s.phase === PHASE_CONTINUE && closed !== 0) {
      return err(
        'ERR_POSITION',
        'phase continue follows a wegue, made with the gate open: gateClosed is 0 (ADW-11, ADW-13)',
        'extra.gateClosed',
      );
    }
    // firstTurnOfRound closes it for turn 1 only; eachPlayersFirstTurn for a player's first turn,
    // as every turn was while each was by another player. -1: either, as far as the fields tell.
    const gate = this.cfg.captureGate;
    let must = s.turn === 0 ? 0 : -1;
    if (gate === 'firstTurnOfRound') must = s.turn === 1 ? 1 : 0;
    else if (gate === 'eachPlayersFirstTurn' && s.turn > 0 && begun === s.turn) must = 1;
    if (must < 0 || closed === must) return ok(s);
    return err(
      'ERR_POSITION',
      `under captureGate=${gate} the gate of turn ${s.turn} is ${must === 1 ? 'closed' : 'open'}: gateClosed is ${must}, not ${closed}`,
      'extra.gateClosed',
    );
  }

  /** The ruleset's own fields (aux slots) against the options and the board. */
  private validateFields(s: State): Result<State> {
    const P = this.players;
    for (let h = 0; h < HOLES; h++) {
      const m = s.marks[h]!;
      if (m !== 0 && m === s.owners[h])
        return err('ERR_POSITION', `hole ${h} is player ${m}'s own hole, so it cannot be his wegue (ADW-10)`, `marks[${h}]`);
      if (m !== 0 && !s.active[m]) return err('ERR_POSITION', `hole ${h} is a wegue of player ${m}, who has left the match`, `marks[${h}]`);
    }
    if ((s.aux[SLOT_STARTED_MASK]! & 1) !== 0)
      return err('ERR_POSITION', 'startedMask has a bit per player 1..3: bit 0 is never set', 'extra.startedMask');
    const gate = this.cfg.captureGate;
    if (gate !== 'perHoleUntilEmptied' && s.aux[SLOT_EMPTIED_MASK] !== 0) {
      return err('ERR_POSITION', `emptiedMask is kept only under captureGate=perHoleUntilEmptied, not ${gate}`, 'extra.emptiedMask');
    }
    if ((gate === 'none' || gate === 'perHoleUntilEmptied') && s.aux[SLOT_GATE_CLOSED] !== 0) {
      return err('ERR_POSITION', `gateClosed is always 0 under captureGate=${gate}`, 'extra.gateClosed');
    }
    if (s.phase !== PHASE_CHOOSE) {
      for (let p = 1; p <= P; p++) {
        if (s.aux[LOSS_SLOTS_BASE + p] !== 0 || s.aux[GAIN_SLOTS_BASE + p] !== 0) {
          return err(
            'ERR_POSITION',
            `loss${p} and gain${p} count holes still to change hands: they are 0 outside phase choose`,
            `extra.loss${p}`,
          );
        }
      }
    }
    let lastTotals = 0;
    for (let p = 1; p <= P; p++) lastTotals += s.aux[LAST_TOTAL_SLOTS_BASE + p]!;
    if (lastTotals !== 0 && lastTotals !== TOTAL) {
      return err(
        'ERR_POSITION',
        `lastTotal1..${P} are the tallies of the previous round and add up to ${TOTAL}, not ${lastTotals}`,
        'extra.lastTotal1',
      );
    }
    if (s.round === 1 && s.phase !== PHASE_OVER && lastTotals !== 0) {
      return err('ERR_POSITION', 'in round 1 there is no previous round: lastTotal1.. are 0', 'extra.lastTotal1');
    }
    return ok(s);
  }

  /** Phase choose (surplusHoleOrder = winnerChooses): a gainer picks holes from the losers. */
  private validateChoice(s: State): Result<State> {
    if (this.cfg.surplusHoleOrder !== 'winnerChooses') {
      return err(
        'ERR_POSITION',
        `phase choose occurs only under surplusHoleOrder=winnerChooses, not ${this.cfg.surplusHoleOrder} (ADW-20)`,
        'phase',
      );
    }
    if (s.round < 2)
      return err('ERR_POSITION', 'holes change hands between rounds: phase choose cannot occur in round 1 (ADW-20)', 'phase');
    for (let h = 0; h < HOLES; h++) {
      if (s.counts[h] !== COUNTERS_PER_HOLE || s.marks[h] !== 0) {
        return err(
          'ERR_POSITION',
          `while holes change hands the board is laid out afresh: three counters in every hole, no wegue (hole ${h})`,
          `counts[${h}]`,
        );
      }
    }
    let gains = 0;
    let losses = 0;
    for (let p = 1; p <= this.players; p++) {
      const gain = s.aux[GAIN_SLOTS_BASE + p]!;
      const loss = s.aux[LOSS_SLOTS_BASE + p]!;
      if (s.captured[p] !== 0) return err('ERR_POSITION', 'while holes change hands nobody holds counters in hand', `captured[${p}]`);
      if (gain > 0 && loss > 0) return err('ERR_POSITION', `player ${p} cannot both gain and lose holes`, `extra.gain${p}`);
      if (loss > this.segments[p]!.filter((h) => s.owners[h] === p).length) {
        return err('ERR_POSITION', `player ${p} has fewer holes left to give up than loss${p} = ${loss}`, `extra.loss${p}`);
      }
      gains += gain;
      losses += loss;
    }
    if (gains === 0 || gains !== losses) {
      return err(
        'ERR_POSITION',
        `phase choose needs holes still to change hands: the gains (${gains}) and losses (${losses}) must be equal and not 0 (ADW-20)`,
        'extra',
      );
    }
    if (s.toMove !== this.nextGainer(s)) {
      return err('ERR_POSITION', `player ${this.nextGainer(s)} picks next (gainers in turn order), not player ${s.toMove}`, 'toMove');
    }
    return this.validatePicks(s);
  }

  /**
   * Phase choose: the holes still to change hands, with those already picked, are the ones the
   * tallies of the round just ended (lastTotal1..) entitle each player to (ADW-19, ADW-20).
   */
  private validatePicks(s: State): Result<State> {
    const P = this.players;
    const totals = [0];
    for (let p = 1; p <= P; p++) totals.push(s.aux[LAST_TOTAL_SLOTS_BASE + p]!);
    const entitled = entitlements(totals, s.active, P);
    const told = `the last round's tallies (lastTotal1..${P}: ${totals.slice(1).join(', ')})`;
    if (entitled.indexOf(HOLES) > 0) {
      return err(
        'ERR_POSITION',
        `by ${told} player ${entitled.indexOf(HOLES)} owns every hole: the match is over (ADW-22)`,
        'extra.lastTotal1',
      );
    }
    for (let p = 1; p <= P; p++) {
      const seg = this.segments[p]!;
      // Holes picked so far: his own given up, and others' taken (owners start from the original split).
      const given = seg.filter((h) => s.owners[h] !== p).length;
      const taken = this.ownedHoles(s, p) - (seg.length - given);
      const loss = Math.max(0, seg.length - entitled[p]!);
      const gain = Math.max(0, entitled[p]! - seg.length);
      if (s.aux[LOSS_SLOTS_BASE + p]! + given !== loss || s.aux[GAIN_SLOTS_BASE + p]! + taken !== gain) {
        return err(
          'ERR_POSITION',
          `by ${told} player ${p} is owed ${entitled[p]} hole(s) of his ${seg.length}: loss${p} plus the holes he gave up ` +
            `must be ${loss}, gain${p} plus the holes he took ${gain} (ADW-19, ADW-20)`,
          `extra.gain${p}`,
        );
      }
    }
    return ok(s);
  }

  /** A finished match: the scores and winner the rules give for the board (ADW-18, ADW-22, SPEC §8.3). */
  private validateResult(s: State): Result<State> {
    const P = this.players;
    const totals = this.tally(s);
    for (let p = 1; p <= P; p++) {
      if (s.scores[p] !== totals[p]) {
        return err(
          'ERR_POSITION',
          `player ${p}'s final score is his hand plus his wegues, ${totals[p]}, not ${s.scores[p]} (ADW-18)`,
          `scores[${p}]`,
        );
      }
    }
    let ordinaryLeft = false;
    for (let h = 0; h < HOLES; h++) if (s.marks[h] === 0 && s.counts[h]! > 0) ordinaryLeft = true;
    const reason = END_REASONS[s.endReason];
    let expected: number;
    if (reason === 'rules' || reason === 'roundCap') {
      if (ordinaryLeft) return err('ERR_POSITION', `a round ended by ${reason} leaves no counter in an ordinary hole (ADW-17)`, 'counts');
      const full = entitlements(totals, s.active, P).indexOf(HOLES);
      if (reason === 'rules') {
        if (full <= 0)
          return err(
            'ERR_POSITION',
            'the match ends by the rules only when one player is owed all 18 holes (ADW-22); here it would go on',
            'endReason',
          );
        expected = full;
      } else {
        if (full > 0)
          return err(
            'ERR_POSITION',
            `player ${full} is owed all 18 holes, so the match ended by the rules (ADW-22), not by roundCap`,
            'endReason',
          );
        if (this.cfg.rounds === 0 || s.round !== this.cfg.rounds) {
          return err(
            'ERR_POSITION',
            `a match ends by roundCap only at the last round of option rounds (${this.cfg.rounds || 'unlimited'})`,
            'endReason',
          );
        }
        expected = winnerByTotals(totals, P);
      }
    } else if (isGuardReason(reason)) {
      if (this.cfg.roundStalemate !== 'draw') {
        return err(
          'ERR_POSITION',
          `under roundStalemate=${this.cfg.roundStalemate} a round ended by ${reason} does not end the match (SPEC §8.3)`,
          'endReason',
        );
      }
      if (reason === 'perpetual' && this.cfg.perpetualMove !== 'drawRound') {
        return err(
          'ERR_POSITION',
          `a perpetual move ends the round only under perpetualMove=drawRound, not ${this.cfg.perpetualMove}`,
          'endReason',
        );
      }
      expected = 0;
    } else {
      return err('ERR_POSITION', `a Gabata match does not end by ${reason}`, 'endReason');
    }
    if (s.winner !== expected) {
      return err(
        'ERR_POSITION',
        `by the rules this match ended ${expected === 0 ? 'drawn' : `won by player ${expected}`}, not ` +
          `${s.winner === 0 ? 'drawn' : `won by player ${s.winner}`}`,
        'winner',
      );
    }
    return ok(s);
  }

  extraToJSON(s: State): Record<string, unknown> {
    const o: Record<string, unknown> = {};
    for (const [name, slot] of Object.entries(AUX_NAMES)) if (s.aux[slot] !== 0) o[name] = s.aux[slot];
    return o;
  }

  extraFromJSON(s: State, extra: Readonly<Record<string, unknown>>): Result<State> {
    for (const [name, value] of Object.entries(extra)) {
      const slot = Object.hasOwn(AUX_NAMES, name) ? AUX_NAMES[name] : undefined;
      if (slot === undefined)
        return err('ERR_POSITION', `unknown field '${name}' for Gabata; known: ${Object.keys(AUX_NAMES).join(', ')}`, name);
      const [min, max] = this.auxRange(slot);
      if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
        return err(
          'ERR_POSITION',
          `field '${name}' must be an integer from ${min} to ` +
            `${max}${max === 0 ? ` in a ${this.players}-player game` : ''}, not ${JSON.stringify(value)}`,
          name,
        );
      }
      s.aux[slot] = value;
    }
    return ok(s);
  }

  /** The values an aux slot can hold (a slot of a player the game does not have holds 0). */
  private auxRange(slot: number): [number, number] {
    const P = this.players;
    if (slot === SLOT_STARTED_MASK) return [0, (1 << (P + 1)) - 2]; // bits 1..P
    if (slot === SLOT_EMPTIED_MASK) return [0, (1 << HOLES) - 1]; // bits 0..17
    if (slot === SLOT_GATE_CLOSED) return [0, 1];
    const player =
      slot > LAST_TOTAL_SLOTS_BASE
        ? slot - LAST_TOTAL_SLOTS_BASE
        : slot > GAIN_SLOTS_BASE
          ? slot - GAIN_SLOTS_BASE
          : slot - LOSS_SLOTS_BASE;
    if (player > P) return [0, 0];
    return [0, slot > LAST_TOTAL_SLOTS_BASE ? TOTAL : HOLES];
  }
}

// ---------------------------------------------------------------------------------------------
// Tally arithmetic (ADW-19, ADW-20, AKS-3P-05), exported for tests.

/**
 * Holes each player is entitled to for the next round: one per three counters; the pooled
 * remainders make extra holes, given first to players with a remainder of 2, then to the larger
 * total, ties in turn order. With two players this is ADW-19 exactly.
 */
export function entitlements(totals: readonly number[], active: ArrayLike<number>, players: number): number[] {
  const e = new Array<number>(players + 1).fill(0);
  let pool = 0;
  for (let p = 1; p <= players; p++) {
    e[p] = Math.floor(totals[p]! / COUNTERS_PER_HOLE);
    pool += totals[p]! % COUNTERS_PER_HOLE;
  }
  const extra = Math.floor(pool / COUNTERS_PER_HOLE);
  const order = [];
  for (let p = 1; p <= players; p++) if (active[p]) order.push(p);
  order.sort((a, b) => {
    const ra = totals[a]! % COUNTERS_PER_HOLE === 2 ? 1 : 0;
    const rb = totals[b]! % COUNTERS_PER_HOLE === 2 ? 1 : 0;
    if (ra !== rb) return rb - ra;
    if (totals[a] !== totals[b]) return totals[b]! - totals[a]!;
    return a - b;
  });
  for (let i = 0; i < extra && i < order.length; i++) e[order[i]!]!++;
  return e;
}

/**
 * Owners of the 18 holes for the next round (ADW-20, AKS-3P-05): a player entitled to fewer
 * holes than his original segment loses them from the start of the segment; players entitled to
 * more take those holes, gainers in turn order, losers in turn order and segment order.
 */
export function transferHoles(segments: readonly number[][], entitled: readonly number[], players: number): number[] {
  const owners = new Array<number>(HOLES).fill(0);
  const pool: number[] = [];
  for (let p = 1; p <= players; p++) {
    const seg = segments[p]!;
    const lose = Math.max(0, seg.length - entitled[p]!);
    seg.forEach((h, i) => {
      if (i < lose) pool.push(h);
      else owners[h] = p;
    });
  }
  let k = 0;
  for (let p = 1; p <= players; p++) {
    const gain = Math.max(0, entitled[p]! - segments[p]!.length);
    for (let i = 0; i < gain; i++) owners[pool[k++]!] = p;
  }
  return owners;
}

// ---------------------------------------------------------------------------------------------
// The two rulesets.

function makeRuleset(info: RulesetInfo, aksum: boolean): Ruleset {
  return defineRuleset(info, gabataOptions(aksum), { ludii: LUDII_PRESET }, (ruleset, o) => {
    const read = new OptionReader(o);
    const players = read.integer('players');
    const firstPlayer = read.choice('firstPlayer', FIRST_PLAYERS);
    if (firstPlayer === 'P3' && players < 3) return err('ERR_OPTION', 'firstPlayer P3 needs players=3', 'firstPlayer');
    const cfg: GabataConfig = {
      aksum,
      players,
      firstPlayer,
      roundStarter: read.choice('roundStarter', ROUND_STARTERS),
      captureGate: read.choice('captureGate', CAPTURE_GATES),
      wegueContinuation: read.choice('wegueContinuation', WEGUE_CONTINUATIONS),
      surplusHoleOrder: read.choice('surplusHoleOrder', SURPLUS_HOLE_ORDERS),
      lastHoleRule: read.choice('lastHoleRule', LAST_HOLE_RULES) === 'on',
      skipOrigin: read.flag('skipOriginOnLongLaps'),
      rounds: read.integer('rounds'),
      perpetualMove: read.choice('perpetualMove', PERPETUAL_MOVES),
      maxLaps: read.integer('maxLapsPerTurn'),
      maxTurns: read.integer('maxTurnsPerRound'),
      roundStalemate: read.choice('roundStalemate', ROUND_STALEMATES),
      // Options of Aksum only: Adowa plays as their first values would.
      chafaAppliesToRelay: aksum && read.flag('chafaAppliesToRelay'),
      chafaLocation: read.choice('chafaLocation', CHAFA_LOCATIONS, 'fixed'),
    };
    return ok(new GabataGame(ruleset, o, cfg));
  });
}

export const gabataAdowa: Ruleset = makeRuleset(ADOWA_INFO, false);
export const gabataAksum: Ruleset = makeRuleset(AKSUM_INFO, true);
