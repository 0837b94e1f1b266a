/**
 * One match between seats, with what a simulation summarises (length, branching, how it ended)
 * and, when asked, the move texts of its record and the match's dynamics (sim/metrics.ts). Seats
 * are in order: `seats[0]` plays player 1.
 *
 * A `MatchPlayer` keeps its buffers (moves, joint choices, the move log, the metrics collector)
 * from match to match, so a worker playing thousands of matches allocates little per match. A seat
 * is an agent, or the built-in `RandomSeat`: uniformly random play that draws from the ruleset's
 * cheap candidate moves and falls back on the exact legal moves only when it drew a start whose
 * sowing would never end (as `RandomPlayout` does), which makes it about twice as fast as asking
 * the random agent, with the same distribution of moves.
 */
import {
  END_REASONS,
  GabataError,
  type Game,
  MAX_MOVES,
  PHASE_OVER,
  PHASE_PLAY,
  PHASE_RACE,
  randomPlayableMove,
  Rng,
  type State,
} from '@gabata/engine/core';
import type { Agent, SearchBudget } from '@gabata/engine/ai';
import { type GameRecord, makeJointMove, makeRecord } from '@gabata/engine/notation';
import { MetricsCollector } from './metrics.js';

/**
 * How a match ended: by its rules (`rules`, `rounds` = after the number of rounds asked for,
 * `concession`), or by a guard that ended its last round or the match: `repetition` (threefold
 * repetition), `doublePass` (both players passed in a row), `turnCap` (maxTurnsPerRound),
 * `perpetual` (a sowing that would never end, under perpetualMove=drawRound), `matchCap` (the
 * ruleset's cap on rounds, e.g. Gifia's maxRounds), `plyCap` (the simulation's own safety net:
 * the match was stopped unfinished).
 */
export const COMPLETIONS = [
  'rules',
  'rounds',
  'concession',
  'repetition',
  'doublePass',
  'turnCap',
  'perpetual',
  'matchCap',
  'plyCap',
] as const;
export type Completion = (typeof COMPLETIONS)[number];

/** Completions that the rules themselves gave (the others are guards). */
export const BY_RULES: readonly Completion[] = ['rules', 'rounds', 'concession'];

export interface MatchResult {
  /** 0 = draw, otherwise the winning player; -1 when the ply cap stopped an unfinished match. */
  winner: number;
  /** Payoffs by player (index 0 = player 1). */
  returns: number[];
  scores: number[];
  /** Why the last round or the match ended (a name of END_REASONS). */
  endReason: string;
  /** How the match ended: by the rules or by which guard (`COMPLETIONS`). */
  completion: Completion;
  rounds: number;
  /** Turns begun (decisions that open a turn). */
  turns: number;
  /** Decisions, joint choices counted once. */
  plies: number;
  /** Sum and count of the number of moves at sequential decisions (branching factor). */
  branchingSum: number;
  branchingCount: number;
  /** Rounds (or matches) a guard ended. */
  guardEnds: number;
  /** Rounds ended by each guard, when a guard ended any. */
  guards?: Partial<Record<Completion, number>>;
  /** The match's dynamics (sim/metrics.ts), when asked for. */
  metrics?: Record<string, number>;
  /** The match's per-trial figures of Ludii's metrics (sim/ludii-metrics.ts `trialFigures`), when asked for. */
  ludii?: Record<string, number>;
  /** The match's record, when asked for. */
  record?: GameRecord;
}

export interface MatchOptions {
  /** Budget handed to every agent (agents use their own when absent). */
  budget?: SearchBudget;
  /** Keep the move texts and build the record. */
  record?: boolean;
  /** Collect the match's dynamics (`MatchResult.metrics`). */
  metrics?: boolean;
  /** Compute the match's Ludii figures (`MatchResult.ludii`; sim/task.ts `playWith` does it from the record). */
  ludii?: boolean;
  /** Stop after this many decisions (a safety net: every ruleset's guards end matches first). */
  maxPlies?: number;
}

/**
 * The uniformly random player as a seat, with its own generator (reseeded for each match by its
 * owner). It never concedes while it has another move, like the random agent.
 */
export class RandomSeat {
  readonly name = 'random';
  readonly rng = new Rng(1);
}

export type Seat = Agent | RandomSeat;

const DEFAULT_MAX_PLIES = 1_000_000;

/** Plays matches of one game, keeping its buffers from match to match. */
export class MatchPlayer {
  private readonly buf = new Int32Array(MAX_MOVES);
  private readonly joint: Int32Array;
  private readonly stride: number;
  /** The decisions so far (stride players + 1; a simultaneous decision fills 1..players). */
  private log: Int32Array;
  private kinds: Uint8Array;
  private steps = 0;
  private readonly start: State;
  private collector: MetricsCollector | null = null;
  private moves: string[] | null = null;
  private turns = 0;
  private plies = 0;
  private branchingSum = 0;
  private branchingCount = 0;
  private guards: Partial<Record<Completion, number>> | undefined;

  constructor(readonly game: Game) {
    this.joint = new Int32Array(game.players + 1);
    this.stride = game.players + 1;
    this.log = new Int32Array(1024 * this.stride);
    this.kinds = new Uint8Array(1024);
    this.start = game.newState(1);
  }

  /** Plays one match from `game.newState(seed)`. Throws if an agent returns an illegal move (a bug). */
  play(seats: readonly Seat[], seed: number, opts: MatchOptions = {}): MatchResult {
    const game = this.game;
    const s = game.newState(seed);
    this.begin(s, seats, opts);
    const maxPlies = opts.maxPlies ?? DEFAULT_MAX_PLIES;
    while (s.phase !== PHASE_OVER && this.plies < maxPlies) {
      const guardsBefore = s.guardEnds;
      if (s.toMove === 0 && s.phase === PHASE_RACE) this.raceStep(s, seats, opts.budget);
      else this.sequentialStep(s, seats[s.toMove - 1]!, opts.budget);
      this.plies++;
      if (s.guardEnds !== guardsBefore) this.noteGuard(s);
    }
    const r = summarise(game, s, this.counts);
    if (this.guards !== undefined) r.guards = this.guards;
    if (this.collector !== null) r.metrics = this.collector.finish(s, this.turns, BY_RULES.includes(r.completion));
    if (this.moves !== null) {
      const names = seats.map((a) => a.name);
      r.record = makeRecord({ game, seed, moves: this.moves, final: s, agents: names, date: new Date().toISOString() });
    }
    return r;
  }

  private begin(s: State, seats: readonly Seat[], opts: MatchOptions): void {
    for (const a of seats) if (!(a instanceof RandomSeat)) a.reset();
    this.start.copyFrom(s);
    this.steps = 0;
    this.turns = 0;
    this.plies = 0;
    this.branchingSum = 0;
    this.branchingCount = 0;
    this.guards = undefined;
    this.moves = opts.record ? [] : null;
    if (opts.metrics) {
      this.collector ??= new MetricsCollector(this.game);
      this.collector.begin();
    } else this.collector = null;
  }

  /** A simultaneous node: every racer chooses, the joint choice is applied. */
  private raceStep(s: State, seats: readonly Seat[], budget: SearchBudget | undefined): void {
    const game = this.game;
    const buf = this.buf;
    const joint = this.joint;
    let most = 0;
    for (let p = 1; p <= game.players; p++) {
      const n = game.legalMovesFor(s, p, buf);
      most = Math.max(most, n);
      const seat = seats[p - 1]!;
      const m = seat instanceof RandomSeat ? (n > 0 ? randomPlayableMove(buf, n, seat.rng) : -1) : seat.chooseFor(game, s, p, budget).move;
      if (!(seat instanceof RandomSeat) && !contains(buf, n, m)) throw illegal(seat.name, game, s, m);
      joint[p] = m;
    }
    this.collector?.sample(s, most, -1, false);
    if (this.moves !== null) this.moves.push(makeJointMove(game, s, joint));
    this.logStep(1, -1, joint);
    game.applyJoint(s, joint);
  }

  /** A sequential decision of `seat`; returns the move applied. */
  private sequentialStep(s: State, seat: Seat, budget: SearchBudget | undefined): number {
    const game = this.game;
    const buf = this.buf;
    if (s.phase === PHASE_PLAY) this.turns++;
    if (seat instanceof RandomSeat) return this.randomStep(s, seat.rng);
    const n = game.legalMoves(s, buf);
    if (n === 0) throw new GabataError('ERR_INTERNAL', `no legal move for player ${s.toMove} at ply ${s.ply} of a match that is not over`);
    const m = n === 1 ? buf[0]! : seat.choose(game, s, budget).move;
    if (!contains(buf, n, m)) throw illegal(seat.name, game, s, m);
    this.decide(s, n, m);
    game.apply(s, m);
    return m;
  }

  /** Uniformly random play from the candidate moves; a perpetual start drawn is replaced from the exact list. */
  private randomStep(s: State, rng: Rng): number {
    const game = this.game;
    const buf = this.buf;
    let k = game.candidateMoves(s, buf);
    if (k === 0) k = game.legalMoves(s, buf);
    if (k === 0) throw new GabataError('ERR_INTERNAL', `no legal move for player ${s.toMove} at ply ${s.ply} of a match that is not over`);
    let m = randomPlayableMove(buf, k, rng);
    const text = this.moves !== null ? game.moveText(s, m) : '';
    this.collector?.position(s);
    if (game.apply(s, m)) {
      this.collector?.decision(k, m, true);
      this.count(k, m, text);
      return m;
    }
    // The start would sow for ever (rare): rebuild the position, draw again from the exact moves.
    this.collector?.dropPosition();
    s.copyFrom(this.start);
    this.replay(s);
    k = game.legalMoves(s, buf);
    m = randomPlayableMove(buf, k, rng);
    this.decide(s, k, m);
    game.apply(s, m);
    return m;
  }

  /** Counts a sequential decision among `n` moves and keeps its text, before it is applied. */
  private decide(s: State, n: number, m: number): void {
    this.collector?.sample(s, n, m, true);
    this.count(n, m, this.moves !== null ? this.game.moveText(s, m) : '');
  }

  private count(n: number, m: number, text: string): void {
    this.branchingSum += n;
    this.branchingCount++;
    if (this.moves !== null) this.moves.push(text);
    this.logStep(0, m, null);
  }

  /** Logs a decision: a move (kind 0) or a joint choice (kind 1). */
  private logStep(kind: number, move: number, joint: Int32Array | null): void {
    const stride = this.stride;
    if (this.steps >= this.kinds.length) {
      const log = new Int32Array(this.log.length * 2);
      log.set(this.log);
      this.log = log;
      const kinds = new Uint8Array(this.kinds.length * 2);
      kinds.set(this.kinds);
      this.kinds = kinds;
    }
    this.log[this.steps * stride] = move;
    if (joint !== null) for (let p = 1; p < stride; p++) this.log[this.steps * stride + p] = joint[p]!;
    this.kinds[this.steps++] = kind;
  }

  /** Replays the match's decisions so far on `s`, a copy of its start. */
  private replay(s: State): void {
    const stride = this.stride;
    for (let i = 0; i < this.steps; i++) {
      if (this.kinds[i] === 1) {
        for (let p = 1; p < stride; p++) this.joint[p] = this.log[i * stride + p]!;
        this.game.applyJoint(s, this.joint);
      } else this.game.apply(s, this.log[i * stride]!);
    }
  }

  /** A guard ended a round (or the match) with the last decision: the engine's reason names it. */
  private noteGuard(s: State): void {
    const g = END_REASONS[s.endReason];
    if (g !== 'repetition' && g !== 'doublePass' && g !== 'turnCap' && g !== 'perpetual' && g !== 'matchCap') return;
    this.guards ??= {};
    this.guards[g] = (this.guards[g] ?? 0) + 1;
  }

  /** Counts of the match so far (for `summarise`). */
  get counts(): { turns: number; plies: number; branchingSum: number; branchingCount: number } {
    return { turns: this.turns, plies: this.plies, branchingSum: this.branchingSum, branchingCount: this.branchingCount };
  }
}

const players = new WeakMap<Game, MatchPlayer>();

/** Plays one match from `game.newState(seed)` with agents. Throws if an agent returns an illegal move (a bug). */
export function playMatch(game: Game, agents: readonly Seat[], seed: number, opts: MatchOptions = {}): MatchResult {
  let mp = players.get(game);
  if (mp === undefined) {
    mp = new MatchPlayer(game);
    players.set(game, mp);
  }
  return mp.play(agents, seed, opts);
}

function contains(buf: Int32Array, n: number, m: number): boolean {
  for (let i = 0; i < n; i++) if (buf[i] === m) return true;
  return false;
}

function illegal(name: string, game: Game, s: State, m: number): GabataError {
  return new GabataError('ERR_INTERNAL', `agent ${name} chose an illegal move ${m} at ply ${s.ply} of ${game.ruleset.info.id}`);
}

/**
 * How a finished match ended: the engine's end reason (END_REASONS names the guards apart: a
 * repetition from a double pass, the match cap from the last of `rounds = N`), `rules` for the
 * rules proper, `plyCap` for a match the simulation stopped.
 */
export function completionOf(s: State): Completion {
  if (s.phase !== PHASE_OVER) return 'plyCap';
  const reason = END_REASONS[s.endReason];
  switch (reason) {
    case 'concession':
    case 'repetition':
    case 'doublePass':
    case 'turnCap':
    case 'perpetual':
    case 'matchCap':
    case 'rounds':
      return reason;
    default:
      return 'rules';
  }
}

let returnsScratch = new Float64Array(4);

export function summarise(
  game: Game,
  s: State,
  c: { turns: number; plies: number; branchingSum: number; branchingCount: number },
): MatchResult {
  const over = s.phase === PHASE_OVER;
  const P = game.players;
  if (returnsScratch.length <= P) returnsScratch = new Float64Array(P + 1);
  const ret = returnsScratch;
  ret.fill(0);
  if (over) game.returns(s, ret);
  const returns = new Array<number>(P);
  const scores = new Array<number>(P);
  for (let p = 0; p < P; p++) {
    returns[p] = ret[p + 1]!;
    scores[p] = s.scores[p + 1]!;
  }
  return {
    winner: over ? Math.max(0, s.winner) : -1,
    returns,
    scores,
    endReason: END_REASONS[s.endReason] ?? 'none',
    completion: completionOf(s),
    rounds: s.round,
    turns: c.turns,
    plies: c.plies,
    branchingSum: c.branchingSum,
    branchingCount: c.branchingCount,
    guardEnds: s.guardEnds,
  };
}
