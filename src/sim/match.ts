/**
 * One match between agents, with what a simulation summarises (length, branching, guard ends) and
 * the move texts of its record. Agents are seated in order: `agents[0]` plays player 1.
 */
import { GabataError } from '../core/errors.js';
import { MAX_MOVES, type Game } from '../core/game.js';
import { END_REASONS, PHASE_OVER, PHASE_PLAY, PHASE_RACE, type State } from '../core/state.js';
import type { Agent, SearchBudget } from '../ai/index.js';
import { makeJointMove } from '../notation/move.js';
import { makeRecord, type GameRecord } from '../notation/record.js';

export interface MatchResult {
  /** 0 = draw, otherwise the winning player; -1 when the ply cap stopped an unfinished match. */
  winner: number;
  /** Payoffs by player (index 0 = player 1). */
  returns: number[];
  scores: number[];
  endReason: string;
  rounds: number;
  /** Turns begun (decisions that open a turn). */
  turns: number;
  /** Decisions, joint choices counted once. */
  plies: number;
  /** Sum and count of the number of legal moves at sequential decisions (branching factor). */
  branchingSum: number;
  branchingCount: number;
  guardEnds: number;
  /** The match's record, when asked for. */
  record?: GameRecord;
}

export interface MatchOptions {
  /** Budget handed to every agent (agents use their own when absent). */
  budget?: SearchBudget;
  /** Keep the move texts. */
  record?: boolean;
  /** Stop after this many decisions (a safety net: every ruleset's guards end matches first). */
  maxPlies?: number;
}

/** Plays one match from `game.newState(seed)`. Throws if an agent returns an illegal move (a bug). */
export function playMatch(game: Game, agents: readonly Agent[], seed: number, opts: MatchOptions = {}): MatchResult {
  const s = game.newState(seed);
  for (const a of agents) a.reset();
  const buf = new Int32Array(MAX_MOVES);
  const joint = new Int32Array(game.players + 1);
  const moves: string[] | undefined = opts.record ? [] : undefined;
  const maxPlies = opts.maxPlies ?? 1_000_000;
  let turns = 0;
  let plies = 0;
  let branchingSum = 0;
  let branchingCount = 0;
  while (s.phase !== PHASE_OVER && plies < maxPlies) {
    if (s.toMove === 0 && s.phase === PHASE_RACE) {
      for (let p = 1; p <= game.players; p++) {
        const n = game.legalMovesFor(s, p, buf);
        const m = agents[p - 1]!.chooseFor(game, s, p, opts.budget).move;
        if (!contains(buf, n, m)) throw illegal(agents[p - 1]!, game, s, m);
        joint[p] = m;
      }
      if (moves) moves.push(makeJointMove(game, s, joint));
      game.applyJoint(s, joint);
      plies++;
      continue;
    }
    const n = game.legalMoves(s, buf);
    if (n === 0) throw new GabataError('ERR_INTERNAL', `no legal move for player ${s.toMove} at ply ${s.ply} of a match that is not over`);
    branchingSum += n;
    branchingCount++;
    if (s.phase === PHASE_PLAY) turns++;
    const agent = agents[s.toMove - 1]!;
    const m = n === 1 ? buf[0]! : agent.choose(game, s, opts.budget).move;
    if (!contains(buf, n, m)) throw illegal(agent, game, s, m);
    if (moves) moves.push(game.moveText(s, m));
    game.apply(s, m);
    plies++;
  }
  const r = summarise(game, s, { turns, plies, branchingSum, branchingCount });
  if (moves) r.record = makeRecord({ game, seed, moves, final: s, agents: agents.map((a) => a.name), date: new Date().toISOString() });
  return r;
}

function contains(buf: Int32Array, n: number, m: number): boolean {
  for (let i = 0; i < n; i++) if (buf[i] === m) return true;
  return false;
}

function illegal(agent: Agent, game: Game, s: State, m: number): GabataError {
  return new GabataError('ERR_INTERNAL', `agent ${agent.name} chose an illegal move ${m} at ply ${s.ply} of ${game.ruleset.info.id}`);
}

export function summarise(
  game: Game,
  s: State,
  c: { turns: number; plies: number; branchingSum: number; branchingCount: number },
): MatchResult {
  const over = s.phase === PHASE_OVER;
  const ret = new Float64Array(game.players + 1);
  if (over) game.returns(s, ret);
  const r: MatchResult = {
    winner: over ? Math.max(0, s.winner) : -1,
    returns: Array.from(ret.subarray(1)),
    scores: Array.from(s.scores.subarray(1, game.players + 1)),
    endReason: END_REASONS[s.endReason] ?? 'none',
    rounds: s.round,
    turns: c.turns,
    plies: c.plies,
    branchingSum: c.branchingSum,
    branchingCount: c.branchingCount,
    guardEnds: s.guardEnds,
  };
  return r;
}
