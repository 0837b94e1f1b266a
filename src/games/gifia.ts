/**
 * Gifia, the two-row game of the Umon (Aro Division, Calabar Province, Nigeria), SPEC §9.
 *
 * The rules in our words. Eight holes in two rows of four, a store at each end. Each player owns
 * the two left-hand holes of each row as he sits, and the store on his left: player 1 holes
 * 0, 1, 4, 5 and the west store, player 2 holes 2, 3, 6, 7 and the east store. Six beans start in
 * every hole. A move lifts all beans of one of the mover's holes and sows them one by one round
 * the ring of eight holes (the stores are not on it), in the direction the mover chooses; one
 * lap, no relay. If the last bean makes its hole hold 2 or 4, the mover takes them and also the
 * beans of each neighbour of that hole holding 2 or 4 (capture A). If it makes any other number
 * but a neighbour holds 2 or 4, he takes the beans of exactly one such neighbour (capture B).
 * Captures go to the mover's store. A player with only a few beans left in his holes may pass;
 * one with none must. When each side holds at most one bean the round ends and each player
 * stores the beans of his own holes. The next round each player puts six beans into as many of
 * his holes as he can, keeping the surplus in his store; a player who cannot fill one hole has
 * lost the match.
 *
 * Source: Murray 1951: 192-193, quoting K. C. Murray (Surveyor of Antiquities of Nigeria), who
 * recorded the first round of a game played by two women; Ludii DLP.Evidence.673 and `Gifia.lud`.
 *
 * Choices made here (each switchable where the SPEC names an option, see `GIFIA_OPTIONS`):
 * - Capture B's neighbour is part of the move, not a second decision. A move is a hole, a
 *   direction and, when capture B takes a hole, that hole: `1a` (hole 1 anticlockwise), `1c`
 *   (clockwise), `1a>6` (anticlockwise, then take neighbour 6). Reasons: one decision per turn
 *   keeps the game strictly alternating, which every search agent assumes cheaply; the record of a
 *   move says everything that happened; no pending capture has to live in the state. The
 *   neighbour is named whenever capture B takes one, also when it is forced; `parseMove` accepts
 *   the bare `1a` for a forced single neighbour. With `gifiaSingleNeighbourOptional` the bare
 *   move is the decision to take nothing.
 * - Moves are encoded `hole | dir << 3 | (neighbour + 1) << 4` (dir 0 = anticlockwise along
 *   RING_CCW, 1 = clockwise along RING_CW; neighbour + 1 = 0 for none), and MOVE_PASS.
 *   Both directions are listed even where they give the same board (8 or 16 beans).
 * - The next round fills a player's holes in a fixed order, nearest row first from his left:
 *   player 1 holes 0, 1, 4, 5; player 2 holes 7, 6, 3, 2 (Ludii lets the player pick the holes;
 *   the sources do not say).
 * - Round-stalemate guard (SPEC §8.3): the position is recorded at each turn start; a threefold
 *   repetition or `maxTurnsPerRound` turns end the round (or the match, drawn, with
 *   `roundStalemate = draw`). `maxRounds` is a match guard for players that never lose beans.
 * - A round's winner (for `roundStarter`) is the player whose total (store + holes) grew in it.
 * - The voluntary pass needs 1..`gifiaPassMaxBeans` beans in one's holes; two passes in a row
 *   (a forced one included) end the round as GIF-10 does. The round-end test runs after every
 *   move and pass.
 * - `singleShortHole`: a player with 1-5 beans puts them all in his first hole (P1 0, P2 7).
 *
 * @example
 *   const game = unwrap(gifia.create({ gifiaAdjacency: 'row' }));
 *   const s = game.newState(1);
 *   game.apply(s, unwrap(game.parseMove(s, '1a')));   // P1 sows hole 1 anticlockwise
 */
import { err, ok, type Result } from '../core/errors.js';
import type { Trace } from '../core/events.js';
import { MAX_MOVES, MOVE_PASS, standardReturns, type Game, type Ruleset } from '../core/game.js';
import { GIFIA_INFO } from './info/gifia.js';
import { gridGeometry, trackByName, type Geometry } from '../core/geometry.js';
import {
  FIRST_PLAYERS,
  OptionReader,
  ROUND_STALEMATES,
  ROUND_STARTERS,
  firstPlayerOption,
  maxTurnsPerRoundOption,
  roundStalemateOption,
  roundStarterOption,
  roundsOption,
  skipOriginOption,
  type OptionSpec,
  type OptionValue,
  type OptionValues,
  type FirstPlayer,
  type RoundStarter,
} from '../core/options.js';
import {
  checkGuardFields,
  checkPasses,
  checkRecordedWinner,
  checkRoundOpening,
  ownersTakeCounters,
  reasonIndex,
  roundGuard,
  traceRedistribution,
  winnerByTotals,
} from '../core/round.js';
import { defineRuleset, firstPlayerOf } from '../core/rules.js';
import { sowLap } from '../core/sow.js';
import { END_REASONS, PHASE_OVER, PHASE_PLAY, State, type EndReason } from '../core/state.js';

/** Anticlockwise ring as player 1 sees the board (SPEC §9.1). */
export const RING_CCW = [0, 1, 2, 3, 7, 6, 5, 4] as const;
/** Clockwise ring: RING_CCW reversed, from hole 0. */
export const RING_CW = [0, 4, 5, 6, 7, 3, 2, 1] as const;
/** Player 1 owns the two west holes of each row, player 2 the two east holes. */
export const OWNERS_2X4 = [1, 1, 2, 2, 1, 1, 2, 2] as const;
/** Order in which a player's holes are refilled with six at a new round (GIF-11). */
export const GIFIA_FILL_ORDER: readonly (readonly number[])[] = [[], [0, 1, 4, 5], [7, 6, 3, 2]];

export const GEOMETRY_2X4: Geometry = gridGeometry(
  '2x4',
  2,
  4,
  [
    { name: 'ccw', holes: RING_CCW },
    { name: 'cw', holes: RING_CW },
  ],
  [
    { player: 1, side: 'left' },
    { player: 2, side: 'right' },
  ],
);

const HOLES = 8;
const TOTAL = 48;
const SEED_PER_HOLE = 6;
const DIR_CCW = 0;
const DIR_CW = 1;
const DIR_LETTER = ['a', 'c'] as const;

/** aux slot: player 1's total (store + own holes) when the current round began. */
export const AUX_ROUND_START_P1 = 0;
/** aux slot: player 2's total when the current round began. */
export const AUX_ROUND_START_P2 = 1;

export const moveHole = (m: number): number => m & 7;
export const moveDir = (m: number): number => (m >> 3) & 1;
/** The neighbour taken by capture B, or -1. */
export const moveTake = (m: number): number => (m >> 4) - 1;
export const makeMove = (hole: number, dir: number, take = -1): number => hole | (dir << 3) | ((take + 1) << 4);

const NEXT_CCW = trackByName(GEOMETRY_2X4, 'ccw').next;
const NEXT_CW = trackByName(GEOMETRY_2X4, 'cw').next;
/** Row neighbours: west and east in the same row, -1 past a row end (the stores are not holes). */
const ROW_WEST = Int8Array.from({ length: HOLES }, (_, h) => (h % 4 === 0 ? -1 : h - 1));
const ROW_EAST = Int8Array.from({ length: HOLES }, (_, h) => (h % 4 === 3 ? -1 : h + 1));

export const GIFIA_ADJACENCIES = ['ring', 'row'] as const;
export const GIFIA_WEAK_PLAYERS = ['loses', 'singleShortHole'] as const;

export const GIFIA_OPTIONS: readonly OptionSpec[] = [
  {
    name: 'gifiaAdjacency',
    kind: 'choice',
    values: GIFIA_ADJACENCIES,
    default: 'ring',
    description: 'Which holes are "adjacent on either side" of the last hole for captures A and B (SPEC G1).',
    explain: {
      ring: 'the two holes before and after it on the eight-hole ring (the move goes round the board)',
      row: 'only its west and east neighbours in the same row (Ludii); a row-end hole has one',
    },
    refs: ['G1', 'GIF-06', 'GIF-07'],
  },
  {
    name: 'gifiaChainCapture',
    kind: 'boolean',
    default: false,
    description: "Does capture A run on outward past the neighbours (Murray's repeated sentence, SPEC G2)?",
    explain: {
      true: 'capture A goes on outward in each direction while the next hole holds 2 or 4',
      false: 'capture A takes the last hole and only its immediate neighbours holding 2 or 4',
    },
    refs: ['G2', 'GIF-06'],
  },
  {
    name: 'gifiaSingleNeighbourOptional',
    kind: 'boolean',
    default: false,
    description: 'May the mover decline capture B (SPEC G3)?',
    explain: {
      true: 'the mover may take one qualifying neighbour or none',
      false: 'the mover must take the whole of one qualifying neighbour',
    },
    refs: ['G3', 'GIF-07'],
  },
  {
    name: 'gifiaPassMaxBeans',
    kind: 'integer',
    min: 0,
    max: 6,
    default: 3,
    description:
      'A player whose holes hold 1..N beans in all may pass instead of moving ("only a few beans", SPEC G5); 0 = ' +
      'no voluntary pass, only the forced pass with no beans.',
    refs: ['G5', 'GIF-09'],
  },
  {
    name: 'gifiaWeakPlayer',
    kind: 'choice',
    values: GIFIA_WEAK_PLAYERS,
    default: 'loses',
    description: 'A player who cannot fill one hole with six at the start of a round (SPEC G8).',
    explain: {
      loses: 'loses the match (Ludii; otherwise a store could never be emptied)',
      singleShortHole: 'puts all his 1-5 beans into his first hole and plays on; only 0 beans loses',
    },
    refs: ['G8', 'GIF-12'],
  },
  firstPlayerOption({ players: 2, refs: ['GIF-03'] }),
  roundStarterOption({
    loser: 'the player whose total shrank in the previous round (alternate if unchanged)',
    winner: 'the player whose total grew in the previous round (alternate if unchanged)',
    refs: ['G10', 'GIF-13'],
  }),
  skipOriginOption({ lap: 8, unit: 'beans', note: 'Ludii includeSelf', refs: ['GIF-05'] }),
  maxTurnsPerRoundOption({ min: 1, refs: ['§8'] }),
  roundStalemateOption({ ownerTakes: 'each player stores the beans in his own holes, as at a normal round end', refs: ['§8'] }),
  roundsOption({ end: 'a player is out (GIF-12)', refs: ['GIF-12'] }),
  {
    name: 'maxRounds',
    kind: 'integer',
    min: 1,
    max: 100_000,
    default: 1000,
    description: 'Match guard: after this many rounds the match ends and the larger total wins (endless-match safety net).',
    refs: ['§8'],
  },
];

export const GIFIA_PRESETS: Readonly<Record<string, OptionValues>> = {
  /** Ludii's `Gifia.lud` intent (SPEC §9.4): row adjacency, no voluntary pass, weak player loses. */
  ludii: {
    gifiaAdjacency: 'row',
    gifiaChainCapture: false,
    gifiaSingleNeighbourOptional: false,
    gifiaPassMaxBeans: 0,
    gifiaWeakPlayer: 'loses',
    skipOriginOnLongLaps: false,
    firstPlayer: 'P1',
  },
};

interface Resolved {
  readonly adjacencyRow: boolean;
  readonly chain: boolean;
  readonly optionalB: boolean;
  readonly passMax: number;
  readonly weakLoses: boolean;
  readonly firstPlayer: FirstPlayer;
  readonly roundStarter: RoundStarter;
  readonly skipOrigin: boolean;
  readonly maxTurns: number;
  readonly stalemateDraw: boolean;
  readonly rounds: number;
  readonly maxRounds: number;
}

function readOptions(values: Readonly<Record<string, OptionValue>>): Resolved {
  const read = new OptionReader(values);
  return {
    adjacencyRow: read.choice('gifiaAdjacency', GIFIA_ADJACENCIES) === 'row',
    chain: read.flag('gifiaChainCapture'),
    optionalB: read.flag('gifiaSingleNeighbourOptional'),
    passMax: read.integer('gifiaPassMaxBeans'),
    weakLoses: read.choice('gifiaWeakPlayer', GIFIA_WEAK_PLAYERS) === 'loses',
    firstPlayer: read.choice('firstPlayer', FIRST_PLAYERS),
    roundStarter: read.choice('roundStarter', ROUND_STARTERS),
    skipOrigin: read.flag('skipOriginOnLongLaps'),
    maxTurns: read.integer('maxTurnsPerRound'),
    stalemateDraw: read.choice('roundStalemate', ROUND_STALEMATES) === 'draw',
    rounds: read.integer('rounds'),
    maxRounds: read.integer('maxRounds'),
  };
}

const isTwoOrFour = (n: number): boolean => n === 2 || n === 4;

class GifiaGame implements Game {
  readonly ruleset: Ruleset;
  readonly options: Readonly<Record<string, OptionValue>>;
  readonly players = 2;
  readonly geometry = GEOMETRY_2X4;
  readonly counterTotal = TOTAL;
  private readonly o: Resolved;
  /** The two neighbour steps of a hole under the adjacency option (-1 = none). */
  private readonly stepA: Int8Array;
  private readonly stepB: Int8Array;
  /** A lap simulated for move generation, without touching the state. */
  private readonly scratch = new State(2, HOLES);
  private readonly moveBuf = new Int32Array(MAX_MOVES);

  constructor(ruleset: Ruleset, options: Record<string, OptionValue>) {
    this.ruleset = ruleset;
    this.options = Object.freeze({ ...options });
    this.o = readOptions(options);
    this.stepA = this.o.adjacencyRow ? ROW_WEST : NEXT_CW;
    this.stepB = this.o.adjacencyRow ? ROW_EAST : NEXT_CCW;
  }

  /** GIF-01/02/03: the 2x4 board, six beans a hole, empty stores. */
  newState(seed: number, trace: Trace = null): State {
    const s = new State(2, HOLES, seed);
    for (let h = 0; h < HOLES; h++) {
      s.owners[h] = OWNERS_2X4[h]!;
      s.counts[h] = SEED_PER_HOLE;
    }
    const first = firstPlayerOf(this.o.firstPlayer, 2, s.rng);
    s.toMove = first;
    s.roundStarter = first;
    s.phase = PHASE_PLAY;
    s.aux[AUX_ROUND_START_P1] = TOTAL / 2;
    s.aux[AUX_ROUND_START_P2] = TOTAL / 2;
    this.beginTurn(s, trace);
    return s;
  }

  /** Beans in a player's own holes. */
  sideTotal(s: State, p: number): number {
    const c = s.counts;
    return p === 1 ? c[0]! + c[1]! + c[4]! + c[5]! : c[2]! + c[3]! + c[6]! + c[7]!;
  }

  /** A player's stake: his store and the beans in his holes (all his at the round end). */
  playerTotal(s: State, p: number): number {
    return s.captured[p]! + this.sideTotal(s, p);
  }

  legalMoves(s: State, out: Int32Array): number {
    if (s.phase !== PHASE_PLAY) return 0;
    const p = s.toMove;
    const side = this.sideTotal(s, p);
    if (side === 0) {
      out[0] = MOVE_PASS; // GIF-09 forced pass
      return 1;
    }
    let n = 0;
    for (let h = 0; h < HOLES; h++) {
      if (s.owners[h] !== p || s.counts[h] === 0) continue;
      for (let dir = DIR_CCW; dir <= DIR_CW; dir++) n = this.movesFor(s, h, dir, out, n);
    }
    if (side <= this.o.passMax) out[n++] = MOVE_PASS;
    return n;
  }

  /** Appends the moves of sowing `hole` in `dir`: one, or one per capture-B neighbour (+ decline). */
  private movesFor(s: State, hole: number, dir: number, out: Int32Array, n: number): number {
    const board = this.scratch;
    const scratch = board.counts;
    scratch.set(s.counts);
    const hand = scratch[hole]!;
    scratch[hole] = 0;
    const cur = sowLap(board, hole, hand, s.toMove, dir === DIR_CCW ? NEXT_CCW : NEXT_CW, this.o.skipOrigin, null);
    if (isTwoOrFour(scratch[cur]!)) {
      out[n++] = makeMove(hole, dir);
      return n;
    }
    const a = this.stepA[cur]!;
    const b = this.stepB[cur]!;
    const qa = a >= 0 && isTwoOrFour(scratch[a]!);
    const qb = b >= 0 && isTwoOrFour(scratch[b]!);
    if (!qa && !qb) {
      out[n++] = makeMove(hole, dir);
      return n;
    }
    if (this.o.optionalB) out[n++] = makeMove(hole, dir);
    // Listed in hole order so that the notation reads the same whichever adjacency is used.
    const lo = qa && qb ? Math.min(a, b) : qa ? a : b;
    out[n++] = makeMove(hole, dir, lo);
    if (qa && qb) out[n++] = makeMove(hole, dir, Math.max(a, b));
    return n;
  }

  candidateMoves(s: State, out: Int32Array): number {
    return this.legalMoves(s, out);
  }

  legalMovesFor(s: State, player: number, out: Int32Array): number {
    return player === s.toMove ? this.legalMoves(s, out) : 0;
  }

  apply(s: State, move: number, trace: Trace = null): boolean {
    const p = s.toMove;
    s.ply++;
    if (move === MOVE_PASS) {
      s.passes++;
      if (trace !== null) trace.push({ type: 'pass', player: p, rule: 'GIF-09' });
      if (s.passes >= 2) {
        this.endRound(s, 'passes', trace);
        return true;
      }
    } else {
      s.passes = 0;
      if (this.sowAndCapture(s, p, move, trace) > 0) s.clearHistory();
    }
    if (this.sideTotal(s, 1) <= 1 && this.sideTotal(s, 2) <= 1) {
      this.endRound(s, 'rules', trace);
      return true;
    }
    s.toMove = 3 - p;
    this.beginTurn(s, trace);
    return true;
  }

  /** GIF-04..08: one lap, then capture A or B. Returns the beans captured. */
  private sowAndCapture(s: State, p: number, move: number, trace: Trace): number {
    const hole = moveHole(move);
    const dir = moveDir(move);
    const c = s.counts;
    const hand = c[hole]!;
    c[hole] = 0;
    if (trace !== null) trace.push({ type: 'lift', player: p, hole, count: hand, rule: 'GIF-04' });
    const last = sowLap(s, hole, hand, p, dir === DIR_CCW ? NEXT_CCW : NEXT_CW, this.o.skipOrigin, trace, 'GIF-04');
    let taken = 0;
    if (isTwoOrFour(c[last]!)) {
      taken += this.take(s, p, last, 'GIF-06', trace);
      taken += this.takeOutward(s, p, last, this.stepA, trace);
      taken += this.takeOutward(s, p, last, this.stepB, trace);
    } else {
      const t = moveTake(move);
      if (t >= 0) taken += this.take(s, p, t, 'GIF-07', trace);
    }
    if (trace !== null) trace.push({ type: 'turnEnd', player: p, reason: taken > 0 ? 'capture' : 'sown', rule: 'GIF-08' });
    return taken;
  }

  /** Capture A's neighbours on one side: the first, or (chain option) every next while 2 or 4. */
  private takeOutward(s: State, p: number, last: number, step: Int8Array, trace: Trace): number {
    let taken = 0;
    for (let h = step[last]!; h >= 0 && h !== last && isTwoOrFour(s.counts[h]!); h = step[h]!) {
      taken += this.take(s, p, h, 'GIF-06', trace);
      if (!this.o.chain) break;
    }
    return taken;
  }

  private take(s: State, p: number, hole: number, rule: string, trace: Trace): number {
    const n = s.counts[hole]!;
    s.counts[hole] = 0;
    s.captured[p]! += n;
    if (trace !== null) trace.push({ type: 'capture', player: p, hole, count: n, rule });
    return n;
  }

  /** A turn begins: the round-stalemate guard of SPEC §8.3 looks at the position first. */
  private beginTurn(s: State, trace: Trace): void {
    const guard = roundGuard(s, this.o.maxTurns);
    if (guard !== null) this.guardEnd(s, guard, trace);
    else s.turn++;
  }

  private guardEnd(s: State, reason: EndReason, trace: Trace): void {
    s.guardEnds++;
    if (this.o.stalemateDraw) {
      this.collectOwnHoles(s);
      if (trace !== null) trace.push({ type: 'roundEnd', round: s.round, totals: this.totals(s), reason, rule: '§8' });
      this.endMatch(s, 0, reason, trace);
      return;
    }
    this.endRound(s, reason, trace);
  }

  /** GIF-10 (and SPEC §8.3 ownerTakes): each player stores the beans of his own holes. */
  private collectOwnHoles(s: State): void {
    ownersTakeCounters(s, null);
  }

  private totals(s: State): number[] {
    return [0, s.captured[1]! + this.sideTotal(s, 1), s.captured[2]! + this.sideTotal(s, 2)];
  }

  /** GIF-10: each player stores the beans of his own holes; then GIF-11/12 or the round limit. */
  private endRound(s: State, reason: 'passes' | EndReason, trace: Trace): void {
    this.collectOwnHoles(s);
    const reasonCode: EndReason = reason === 'passes' ? 'rules' : reason;
    s.endReason = reasonIndex(reasonCode);
    if (trace !== null) {
      trace.push({ type: 'roundEnd', round: s.round, totals: this.totals(s), reason, rule: reasonCode === 'rules' ? 'GIF-10' : '§8' });
    }
    const t1 = s.captured[1]!;
    const t2 = s.captured[2]!;
    if (this.o.rounds > 0 && s.round >= this.o.rounds) {
      this.endMatch(s, winnerByTotals(s.captured, 2), 'roundCap', trace);
      return;
    }
    const out1 = t1 === 0 || (this.o.weakLoses && t1 < SEED_PER_HOLE);
    const out2 = t2 === 0 || (this.o.weakLoses && t2 < SEED_PER_HOLE);
    if (out1 || out2) {
      this.endMatch(s, out1 && out2 ? 0 : out1 ? 2 : 1, 'rules', trace);
      return;
    }
    if (s.round >= this.o.maxRounds) {
      s.guardEnds++;
      this.endMatch(s, winnerByTotals(s.captured, 2), 'roundCap', trace);
      return;
    }
    this.startNextRound(s, trace);
  }

  /** GIF-11 filling and GIF-13 starter. */
  private startNextRound(s: State, trace: Trace): void {
    const grew1 = s.captured[1]! - s.aux[AUX_ROUND_START_P1]!;
    for (let p = 1; p <= 2; p++) {
      const order = GIFIA_FILL_ORDER[p]!;
      let store = s.captured[p]!;
      if (store < SEED_PER_HOLE) {
        s.counts[order[0]!] = store; // gifiaWeakPlayer = singleShortHole
        store = 0;
      } else {
        for (let i = 0; i < order.length && store >= SEED_PER_HOLE; i++) {
          s.counts[order[i]!] = SEED_PER_HOLE;
          store -= SEED_PER_HOLE;
        }
      }
      s.captured[p] = store;
    }
    const alternate = 3 - s.roundStarter;
    let starter = alternate;
    if (grew1 !== 0 && this.o.roundStarter !== 'alternate') {
      const winner = grew1 > 0 ? 1 : 2;
      starter = this.o.roundStarter === 'winner' ? winner : 3 - winner;
    }
    s.round++;
    s.turn = 0;
    s.passes = 0;
    s.clearHistory();
    s.roundStarter = starter;
    s.toMove = starter;
    s.phase = PHASE_PLAY;
    s.aux[AUX_ROUND_START_P1] = this.playerTotal(s, 1);
    s.aux[AUX_ROUND_START_P2] = this.playerTotal(s, 2);
    traceRedistribution(s, trace, 'GIF-11');
    this.beginTurn(s, trace);
  }

  private endMatch(s: State, winner: number, reason: EndReason, trace: Trace): void {
    s.winner = winner;
    s.phase = PHASE_OVER;
    s.toMove = 0;
    s.endReason = reasonIndex(reason);
    for (let p = 1; p <= 2; p++) s.scores[p] = this.playerTotal(s, p);
    if (trace !== null) {
      trace.push({ type: 'matchEnd', winner, scores: Array.from(s.scores), reason, rule: reason === 'rules' ? 'GIF-12' : '§8' });
    }
  }

  applyJoint(s: State, moves: ArrayLike<number>, trace: Trace = null): void {
    // Gifia has no simultaneous node; a joint move is the mover's move.
    this.apply(s, moves[s.toMove]!, trace);
  }

  moveText(_s: State, move: number): string {
    if (move === MOVE_PASS) return 'pass';
    const t = moveTake(move);
    return `${moveHole(move)}${DIR_LETTER[moveDir(move)]}${t >= 0 ? `>${t}` : ''}`;
  }

  parseMove(s: State, text: string): Result<number> {
    if (s.phase === PHASE_OVER) return err('ERR_GAME_OVER', 'the match is over; no move can be made', text);
    const t = text.trim().toLowerCase();
    const n = this.legalMoves(s, this.moveBuf);
    const legal = this.moveBuf.subarray(0, n);
    if (t === 'pass' || t === 'p') {
      if (legal.includes(MOVE_PASS)) return ok(MOVE_PASS);
      return err(
        'ERR_ILLEGAL_MOVE',
        `player ${s.toMove} may not pass: his holes hold ${this.sideTotal(s, s.toMove)} beans and passing needs 1..${this.o.passMax}${
          this.o.passMax === 0 ? ' (voluntary passing is off)' : ''
        }`,
        text,
      );
    }
    const m = /^([0-7])\s*(a|c|ccw|cw|anticlockwise|clockwise)\s*(?:>\s*([0-7]))?$/.exec(t);
    if (!m) {
      return err(
        'ERR_MOVE_SYNTAX',
        `'${text}' is not a Gifia move; write hole and direction like 1a or 1c, with a capture-B neighbour like 1a>6, or pass`,
        text,
      );
    }
    const hole = Number(m[1]);
    const dir = m[2] === 'a' || m[2] === 'ccw' || m[2] === 'anticlockwise' ? DIR_CCW : DIR_CW;
    const take = m[3] === undefined ? -1 : Number(m[3]);
    if (s.owners[hole] !== s.toMove)
      return err('ERR_ILLEGAL_MOVE', `hole ${hole} belongs to player ${s.owners[hole]}, not to player ${s.toMove}`, text);
    if (s.counts[hole] === 0) return err('ERR_ILLEGAL_MOVE', `hole ${hole} is empty`, text);
    const exact = makeMove(hole, dir, take);
    if (legal.includes(exact)) return ok(exact);
    const same: number[] = [];
    for (const x of legal) if (x !== MOVE_PASS && moveHole(x) === hole && moveDir(x) === dir) same.push(x);
    if (take === -1 && same.length === 1) return ok(same[0]!); // the one forced capture-B neighbour
    const forms = same.map((x) => this.moveText(s, x)).join(' or ');
    if (take === -1) return err('ERR_ILLEGAL_MOVE', `capture B: name the neighbour to take: ${forms}`, text);
    return err('ERR_ILLEGAL_MOVE', `hole ${take} cannot be taken after ${hole}${DIR_LETTER[dir]}; legal: ${forms}`, text);
  }

  returns(s: State, out: Float64Array): void {
    standardReturns(s, out);
  }

  /** Share of the 48 beans: store plus own holes (what the player keeps if the round ended now). */
  evaluate(s: State, player: number): number {
    if (s.phase === PHASE_OVER) return s.winner === player ? 1 : s.winner === 0 ? 0 : -1;
    const d = this.playerTotal(s, player) - this.playerTotal(s, 3 - player);
    return Math.max(-1, Math.min(1, d / TOTAL));
  }

  validate(s: State): Result<State> {
    if (s.players !== 2 || s.holeCount !== HOLES)
      return err('ERR_POSITION', `a Gifia position has 2 players and 8 holes, not ${s.players} and ${s.holeCount}`);
    for (let h = 0; h < HOLES; h++) {
      if (s.counts[h]! < 0) return err('ERR_POSITION', `hole ${h} holds ${s.counts[h]} beans; counts cannot be negative`, `hole ${h}`);
      if (s.owners[h] !== OWNERS_2X4[h])
        return err('ERR_POSITION', `hole ${h} belongs to player ${OWNERS_2X4[h]} in Gifia, not ${s.owners[h]}`, `hole ${h}`);
      if (s.marks[h] !== 0) return err('ERR_POSITION', `hole ${h} is marked; Gifia has no wegues or nedfs`, `hole ${h}`);
    }
    for (let p = 1; p <= 2; p++) {
      if (s.captured[p]! < 0)
        return err('ERR_POSITION', `store of player ${p} holds ${s.captured[p]}; it cannot be negative`, `store ${p}`);
      if (s.reserve[p] !== 0 || s.raceHand[p] !== 0)
        return err('ERR_POSITION', `Gifia has no reserve or race hands (player ${p})`, `player ${p}`);
    }
    const total = s.total();
    if (total !== TOTAL) return err('ERR_POSITION', `holes and stores hold ${total} beans; Gifia has ${TOTAL}`, 'total');
    const lastRound = Math.min(this.o.maxRounds, this.o.rounds > 0 ? this.o.rounds : this.o.maxRounds);
    if (s.round > lastRound) {
      const when = s.phase === PHASE_OVER ? 'a match can be over in' : 'can be in play';
      return err('ERR_POSITION', `the match ends after round ${lastRound} (options rounds, maxRounds): round ${s.round} ${when}`, 'round');
    }
    const flow = s.phase === PHASE_OVER ? this.validateOver(s) : this.validateInPlay(s);
    if (!flow.ok) return flow;
    // The counters the guards bound (SPEC §8), and who opens the round (GIF-13).
    const guard = checkGuardFields(s, this.o.maxTurns);
    if (!guard.ok) return guard;
    const passes = checkPasses(s, 2, 'two passes in a row end the round (GIF-10)');
    if (!passes.ok) return passes;
    return checkRoundOpening(s);
  }

  private validateOver(s: State): Result<State> {
    if (s.winner < 0 || s.winner > 2) return err('ERR_POSITION', 'a finished match needs a winner 0 (draw), 1 or 2', 'winner');
    return this.validateResult(s);
  }

  private validateInPlay(s: State): Result<State> {
    if (s.phase !== PHASE_PLAY) return err('ERR_POSITION', 'a Gifia position is in phase play or over', 'phase');
    if (s.toMove !== 1 && s.toMove !== 2) return err('ERR_POSITION', `player to move must be 1 or 2, not ${s.toMove}`, 'toMove');
    if (s.winner !== -1) return err('ERR_POSITION', 'a match in play has no winner yet', 'winner');
    if (this.sideTotal(s, 1) <= 1 && this.sideTotal(s, 2) <= 1) {
      return err('ERR_POSITION', 'each side holds at most one bean: the round is already over (GIF-10)', 'counts');
    }
    return ok(s);
  }

  /** A finished match: every bean stored (GIF-10) and the winner GIF-12 (or the guard) gives. */
  private validateResult(s: State): Result<State> {
    for (let h = 0; h < HOLES; h++) {
      if (s.counts[h] !== 0)
        return err(
          'ERR_POSITION',
          `at the end of the match every bean is in a store (GIF-10); hole ${h} holds ${s.counts[h]}`,
          `hole ${h}`,
        );
    }
    for (let p = 1; p <= 2; p++) {
      if (s.scores[p] !== s.captured[p])
        return err('ERR_POSITION', `player ${p}'s final score is his store, ${s.captured[p]}, not ${s.scores[p]}`, `scores[${p}]`);
    }
    const t1 = s.captured[1]!;
    const t2 = s.captured[2]!;
    const out1 = t1 === 0 || (this.o.weakLoses && t1 < SEED_PER_HOLE);
    const out2 = t2 === 0 || (this.o.weakLoses && t2 < SEED_PER_HOLE);
    const roundLimit = this.o.rounds > 0 && s.round >= this.o.rounds;
    const reason = END_REASONS[s.endReason];
    let expected: number;
    if (reason === 'stalemate' || reason === 'turnCap') {
      if (!this.o.stalemateDraw)
        return err(
          'ERR_POSITION',
          `under roundStalemate=ownerTakes a round ended by ${reason} does not end the match (SPEC §8.3)`,
          'endReason',
        );
      expected = 0;
    } else if (reason === 'rules') {
      if (roundLimit || (!out1 && !out2)) {
        return err(
          'ERR_POSITION',
          'the match ends by the rules when a player has too few beans to go on (GIF-12); here the match would go on ' +
            'or end by the round limit',
          'endReason',
        );
      }
      expected = out1 && out2 ? 0 : out1 ? 2 : 1;
    } else if (reason === 'roundCap') {
      if (!roundLimit && (out1 || out2 || s.round < this.o.maxRounds)) {
        return err(
          'ERR_POSITION',
          `a match ends by roundCap only after its last round (options rounds = ${this.o.rounds}, maxRounds = ${this.o.maxRounds})`,
          'endReason',
        );
      }
      expected = winnerByTotals(s.captured, 2);
    } else {
      return err('ERR_POSITION', `a Gifia match does not end by ${reason}`, 'endReason');
    }
    return checkRecordedWinner(s, [expected], 'the stores', reason);
  }

  extraToJSON(s: State): Record<string, unknown> {
    return { roundStartTotals: [s.aux[AUX_ROUND_START_P1], s.aux[AUX_ROUND_START_P2]] };
  }

  extraFromJSON(s: State, extra: Readonly<Record<string, unknown>>): Result<State> {
    for (const name of Object.keys(extra)) {
      if (name !== 'roundStartTotals') return err('ERR_POSITION', `unknown field '${name}' for Gifia; known: roundStartTotals`, name);
    }
    const v = extra['roundStartTotals'];
    if (v === undefined) {
      // Unknown history: the round is taken to have begun with the present totals.
      s.aux[AUX_ROUND_START_P1] = this.playerTotal(s, 1);
      s.aux[AUX_ROUND_START_P2] = this.playerTotal(s, 2);
      return ok(s);
    }
    if (!Array.isArray(v) || v.length !== 2 || !v.every((x) => Number.isInteger(x) && x >= 0 && x <= TOTAL) || v[0] + v[1] !== TOTAL) {
      return err('ERR_POSITION', `roundStartTotals must be two whole numbers 0..${TOTAL} adding up to ${TOTAL}`, 'roundStartTotals');
    }
    s.aux[AUX_ROUND_START_P1] = v[0];
    s.aux[AUX_ROUND_START_P2] = v[1];
    return ok(s);
  }
}

export const gifia: Ruleset = defineRuleset(GIFIA_INFO, GIFIA_OPTIONS, GIFIA_PRESETS, (ruleset, o) => ok(new GifiaGame(ruleset, o)));
