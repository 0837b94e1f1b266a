/**
 * Holding the engine to a reference model of one sowing turn (test/reference/<ruleset>.ts).
 *
 * A reference is written from SPEC.md's clauses with plain arrays, copies and loops: no hooks, no
 * typed arrays, no shared code with the engine. It knows the legal decisions of a position and
 * what one decision does to the board, the hands, the marks and the turn. It does not model what
 * happens between rounds (tally, redistribution, the race): there it only says that the round or
 * the game ends, and the engine's own tests cover the rest.
 *
 * `compareDecision` plays one decision on the engine and on the reference and reports any
 * difference in words; `checkedPerft` walks the engine's legal-move tree, counting at every node
 * the moves of the reference (after checking they are the engine's) and checking every child.
 */
import { playRandomMatch } from '../../packages/engine/src/core/debug.js';
import type { GameEvent } from '../../packages/engine/src/core/events.js';
import { MAX_MOVES, type Game } from '../../packages/engine/src/core/game.js';
import { Rng } from '../../packages/engine/src/core/rng.js';
import { randomPlayableMove } from '../../packages/engine/src/core/rules.js';
import { PHASE_CONTINUE, PHASE_OVER, PHASE_PLAY, PHASE_RACE, type State } from '../../packages/engine/src/core/state.js';

/** Round-end reasons of the §8.3 guards (the rules' own reasons differ by ruleset: rules, sideEmpty...). */
const GUARD_REASONS: readonly string[] = ['repetition', 'doublePass', 'turnCap', 'perpetual'];

/** What a reference says one decision leads to. */
export interface RefOutcome {
  /** `roundEnd`: the round ends by the rules (the engine then tallies, redistributes...). */
  readonly phase: 'play' | 'continue' | 'roundEnd' | 'over';
  readonly counts: readonly number[];
  readonly marks: readonly number[];
  /** Off-board counters by player, index 0 unused. */
  readonly captured: readonly number[];
  /** Player to move next (same player in `continue`). Ignored at a round or game end. */
  readonly toMove: number;
  /** At a round end: each player's total as the round-end event should report it (optional). */
  readonly totals?: readonly number[];
  /** At the end of the game: each player's score (optional). */
  readonly scores?: readonly number[];
}

export interface Reference<P> {
  readonly name: string;
  /** The reference's plain position for an engine state, or null where it models nothing (race, choice). */
  from(game: Game, s: State): P | null;
  /** The legal decisions, in any order. */
  moves(p: P): number[];
  /** What a legal decision does. */
  play(p: P, move: number): RefOutcome;
}

export interface Tally {
  /** Decisions compared. */
  decisions: number;
  /** Decisions after which a §8.3 guard of the engine (repetition, turn cap) ended the round. */
  guarded: number;
  /** Decisions that ended a round or the game by the rules. */
  ends: number;
  /** Nodes the reference does not model (race, choices), counted by the engine. */
  skipped: number;
  mismatches: string[];
}

export const newTally = (): Tally => ({ decisions: 0, guarded: 0, ends: 0, skipped: 0, mismatches: [] });

export function engineMoves(game: Game, s: State): number[] {
  const buf = new Int32Array(MAX_MOVES);
  return [...buf.subarray(0, game.legalMoves(s, buf))];
}

const sorted = (a: readonly number[]): number[] => [...a].sort((x, y) => x - y);
const same = (a: readonly number[], b: readonly number[]): boolean => a.length === b.length && a.every((x, i) => x === b[i]);

/** A short text of a state for a mismatch report (enough to rebuild the position). */
export function stateText(s: State): string {
  const board = [...s.counts].map((c, h) => (s.marks[h] ? `${c}*${s.marks[h]}` : `${c}`)).join(' ');
  const piles = [...s.captured].slice(1).join('/');
  return (
    `round ${s.round} turn ${s.turn} phase ${s.phase} toMove ${s.toMove} board [${board}] owners ` +
    `${[...s.owners].join('')} captured ${piles} aux ${[...s.aux].join(',')}`
  );
}

/** Compares the legal moves of a node; returns the difference in words ('' when equal). */
export function compareMoves<P>(ref: Reference<P>, game: Game, s: State, p: P): string {
  const mine = sorted(ref.moves(p));
  const theirs = sorted(engineMoves(game, s));
  return same(mine, theirs) ? '' : `${ref.name} moves: reference [${mine}] engine [${theirs}] at ${stateText(s)}`;
}

/**
 * Plays `move` on a copy of `s` with the engine and compares with the reference's outcome.
 * Returns the engine's child state and the difference in words ('' when they agree).
 */
export function compareDecision<P>(
  ref: Reference<P>,
  game: Game,
  s: State,
  p: P,
  move: number,
  tally: Tally,
): { child: State; problem: string } {
  const child = s.clone();
  const trace: GameEvent[] = [];
  const ok = game.apply(child, move, trace);
  const want = ref.play(p, move);
  tally.decisions++;
  const at = `${ref.name} move ${move} at ${stateText(s)}`;
  if (!ok) return { child, problem: `engine calls ${move} perpetual: ${at}` };
  const roundEnd = trace.find((e) => e.type === 'roundEnd');
  if (roundEnd !== undefined && roundEnd.type === 'roundEnd' && GUARD_REASONS.includes(roundEnd.reason)) {
    // A guard of SPEC §8.3 ended the round (repetition, turn cap): history the reference does not keep.
    tally.guarded++;
    return { child, problem: '' };
  }
  const ended = roundEnd !== undefined || child.phase === PHASE_OVER;
  if (want.phase === 'roundEnd' || want.phase === 'over') {
    tally.ends++;
    if (!ended) return { child, problem: `reference ends the ${want.phase === 'over' ? 'game' : 'round'}, the engine does not: ${at}` };
    if (want.phase === 'over' && child.phase !== PHASE_OVER)
      return { child, problem: `reference ends the game, the engine plays on: ${at}` };
    if (want.totals !== undefined && roundEnd?.type === 'roundEnd' && !same(want.totals.slice(1), roundEnd.totals.slice(1))) {
      return { child, problem: `round totals: reference [${want.totals.slice(1)}] engine [${roundEnd.totals.slice(1)}]: ${at}` };
    }
    if (want.scores !== undefined && !same(want.scores.slice(1), [...child.scores].slice(1))) {
      return { child, problem: `scores: reference [${want.scores.slice(1)}] engine [${[...child.scores].slice(1)}]: ${at}` };
    }
    return { child, problem: '' };
  }
  if (ended) return { child, problem: `engine ends the round or game (${roundEnd ? 'roundEnd' : 'over'}), the reference does not: ${at}` };
  const problems: string[] = [];
  if (!same(want.counts, [...child.counts])) problems.push(`counts reference [${want.counts}] engine [${[...child.counts]}]`);
  if (!same(want.marks, [...child.marks])) problems.push(`marks reference [${want.marks}] engine [${[...child.marks]}]`);
  if (!same(want.captured.slice(1), [...child.captured].slice(1)))
    problems.push(`captured reference [${want.captured.slice(1)}] engine [${[...child.captured].slice(1)}]`);
  if (want.toMove !== child.toMove) problems.push(`to move reference ${want.toMove} engine ${child.toMove}`);
  const phase = want.phase === 'play' ? PHASE_PLAY : PHASE_CONTINUE;
  if (phase !== child.phase) problems.push(`phase reference ${want.phase} engine ${child.phase}`);
  return { child, problem: problems.length === 0 ? '' : `${problems.join('; ')}: ${at}` };
}

/** Compares every legal decision of one node (moves and outcomes); false when the reference models nothing there. */
export function checkNode<P>(ref: Reference<P>, game: Game, s: State, tally: Tally): boolean {
  if (s.phase === PHASE_OVER) return true;
  const p = ref.from(game, s);
  if (p === null) {
    tally.skipped++;
    return false;
  }
  const moves = compareMoves(ref, game, s, p);
  if (moves !== '') {
    tally.mismatches.push(moves);
    return true;
  }
  for (const m of ref.moves(p)) {
    const { problem } = compareDecision(ref, game, s, p, m, tally);
    if (problem !== '') tally.mismatches.push(problem);
  }
  return true;
}

/**
 * Leaf count of the legal-move tree to `depth`, counting with the reference's move generator at
 * every node it models (and checking its moves and each child against the engine's). Race nodes
 * (a joint choice counts as one branch) and other nodes the reference does not model are
 * expanded with the engine and counted in `tally.skipped`.
 */
export function checkedPerft<P>(ref: Reference<P>, game: Game, s: State, depth: number, tally: Tally): number {
  if (depth === 0 || s.phase === PHASE_OVER) return 1;
  if (s.phase === PHASE_RACE && s.toMove === 0) {
    tally.skipped++;
    const per: number[][] = [];
    for (let pl = 1; pl <= s.players; pl++) {
      const buf = new Int32Array(MAX_MOVES);
      per.push([...buf.subarray(0, game.legalMovesFor(s, pl, buf))]);
    }
    let joints: number[][] = [[0]];
    for (const choices of per) joints = joints.flatMap((j) => choices.map((c) => [...j, c]));
    if (depth === 1) return joints.length;
    let total = 0;
    for (const j of joints) {
      const child = s.clone();
      game.applyJoint(child, j);
      total += checkedPerft(ref, game, child, depth - 1, tally);
    }
    return total;
  }
  const p = ref.from(game, s);
  if (p === null) {
    tally.skipped++;
    const moves = engineMoves(game, s);
    if (depth === 1) return moves.length;
    let total = 0;
    for (const m of moves) {
      const child = s.clone();
      game.apply(child, m);
      total += checkedPerft(ref, game, child, depth - 1, tally);
    }
    return total;
  }
  const problem = compareMoves(ref, game, s, p);
  if (problem !== '') tally.mismatches.push(problem);
  const moves = ref.moves(p);
  if (depth === 1) return moves.length;
  let total = 0;
  for (const m of moves) {
    const { child, problem: bad } = compareDecision(ref, game, s, p, m, tally);
    if (bad !== '') tally.mismatches.push(bad);
    total += checkedPerft(ref, game, child, depth - 1, tally);
  }
  return total;
}

/**
 * Seeded random matches (the engine's own random play), every node reached compared with the
 * reference: its legal moves and what each of them does. Returns the nodes compared.
 */
export function checkRandomPlay<P>(ref: Reference<P>, game: Game, seeds: readonly number[], maxPlies: number, tally: Tally): number {
  let nodes = 0;
  for (const seed of seeds) {
    const s = game.newState(seed);
    if (checkNode(ref, game, s, tally)) nodes++;
    playRandomMatch(game, seed, maxPlies, (st) => {
      if (checkNode(ref, game, st, tally)) nodes++;
    });
  }
  return nodes;
}

/**
 * The walk of a golden transcript (`randomPlaythrough(game, seed)`: the same generator, the same
 * draws), every node checked against the reference. Returns the decisions of the walk, which the
 * caller compares with the transcript's line count, so that the walk is known to be the golden one.
 */
export function checkTranscriptWalk<P>(ref: Reference<P>, game: Game, seed: number, tally: Tally, maxPlies = 5000): number {
  const rng = new Rng(seed);
  const s = game.newState(seed);
  const buf = new Int32Array(MAX_MOVES);
  let plies = 0;
  for (; plies < maxPlies && s.phase !== PHASE_OVER; plies++) {
    if (s.phase === PHASE_RACE && s.toMove === 0) {
      const joint = new Int32Array(s.players + 1);
      for (let p = 1; p <= s.players; p++) joint[p] = buf[rng.int(game.legalMovesFor(s, p, buf))]!;
      game.applyJoint(s, joint);
      continue;
    }
    checkNode(ref, game, s, tally);
    const n = game.legalMoves(s, buf);
    if (n === 0) break;
    game.apply(s, randomPlayableMove(buf, n, rng));
  }
  return plies;
}

/** The decisions a golden transcript records: its lines after the header and the start. */
export function transcriptDecisions(text: string): number {
  return text.split('\n').filter((l) => l !== '').length - 2;
}
