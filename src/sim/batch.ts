/**
 * A batch of matches as one unit of work: what a local worker thread or a remote `gabata worker`
 * takes, plays and returns. A batch names its matches by index in its run; match i is played with
 * seed `deriveSeed(seed, i)` and seats `seatsOf(agents, players, i)`, so a match is the same
 * wherever and in whatever batch it runs. The batch id is derived from the run and the cell, so a
 * result is counted once by id.
 *
 * Contract shared by `simulate`, `sweep`, `tournament` (runners in sim/runner.ts) and the Redis
 * queue (issue 14). Outcomes travel between threads packed (`packOutcomes`): numbers in one
 * transferable array, records and metrics beside them only when a batch asked for them.
 */
import { deriveSeed, END_REASONS } from '@gabata/engine/core';
import type { SearchBudget } from '@gabata/engine/ai';
import { COMPLETIONS, type Completion, type MatchResult } from './match.js';
import { gameFor, matchPlayerFor, playWith } from './task.js';

export interface BatchSpec {
  /** Stable id, e.g. `<run>/<cell>/<first>`; results are counted once by id. */
  id: string;
  ruleset: string;
  /** Every option named (the resolved options of the ruleset), so a worker plays what was asked. */
  options: Record<string, unknown>;
  /** Agent specs before rotation (one per seat, or one for every seat). */
  agents: string[];
  budget?: SearchBudget;
  /** The run's (or cell's) base seed. */
  seed: number;
  /** First match index and number of matches. */
  first: number;
  count: number;
  /** Build each match's game record. */
  record: boolean;
  /** Collect each match's dynamics metrics (`MatchResult.metrics`). */
  metrics: boolean;
  /** Compute each match's figures of Ludii's metrics (`MatchResult.ludii`; sim/ludii-metrics.ts). */
  ludii?: boolean;
}

/** One finished match of a batch. */
export interface MatchOutcome {
  index: number;
  seed: number;
  /** Agent spec per seat, as played. */
  agents: string[];
  result: MatchResult;
}

/** The seats of match i: the agent list rotated by i. */
export function seatsOf(agents: readonly string[], players: number, i: number): string[] {
  const k = agents.length;
  return Array.from({ length: players }, (_, p) => agents[(p + i) % k]!);
}

/** Seed of match `index` of a run with base seed `seed`. */
export const matchSeed = (seed: number, index: number): number => deriveSeed(seed, index);

/** The seat lists of a run, one per rotation (match i uses `rotations[i % rotations.length]`); shared, do not change them. */
export function rotationsOf(agents: readonly string[], players: number): string[][] {
  return Array.from({ length: Math.max(1, agents.length) }, (_, r) => seatsOf(agents, players, r));
}

/**
 * Plays a batch in this thread. `onMatch` sees each match as it finishes; `shouldStop` is asked
 * between matches (a stopped batch returns the matches it finished).
 */
export function playBatch(
  spec: BatchSpec,
  players: number,
  onMatch?: (o: MatchOutcome) => void,
  shouldStop?: () => boolean,
): MatchOutcome[] {
  const out: MatchOutcome[] = [];
  const rotations = rotationsOf(spec.agents, players);
  const player = matchPlayerFor(spec.ruleset, spec.options);
  const opts = { record: spec.record, metrics: spec.metrics, ludii: spec.ludii === true, budget: spec.budget };
  for (let i = spec.first; i < spec.first + spec.count; i++) {
    if (shouldStop?.()) break;
    const seed = matchSeed(spec.seed, i);
    const agents = rotations[i % rotations.length]!;
    const result = playWith(player, { index: i, seed, agents }, opts);
    const o = { index: i, seed, agents, result };
    out.push(o);
    onMatch?.(o);
  }
  return out;
}

/** The players of a batch's game (the worker builds the game once). */
export const batchPlayers = (spec: BatchSpec): number => gameFor(spec.ruleset, spec.options).players;

/**
 * The batches of a run of `games` matches from index `first`, `size` matches each, with ids
 * `<prefix>/<first match>`.
 */
export function splitBatches(
  base: Omit<BatchSpec, 'id' | 'first' | 'count'>,
  games: number,
  size: number,
  prefix: string,
  first = 0,
): BatchSpec[] {
  const n = Math.max(1, Math.floor(size));
  const out: BatchSpec[] = [];
  for (let i = first; i < first + games; i += n)
    out.push({ ...base, id: `${prefix}/${i}`, first: i, count: Math.min(n, first + games - i) });
  return out;
}

/** Matches per batch when none is given: about eight batches per worker, at most 1,000 matches each. */
export function defaultBatchSize(games: number, workers: number): number {
  return Math.max(1, Math.min(1000, Math.ceil(games / (Math.max(1, workers) * 8))));
}

/** Outcomes packed for a message: fixed numbers in one array, the rest beside it. */
export interface PackedOutcomes {
  players: number;
  /** Per match `FIXED + 2 * players` numbers (see `packOutcomes`). */
  numbers: Float64Array;
  /** Guards, metrics and records of the matches that have them, by position in the pack. */
  extras: [number, Pick<MatchResult, 'guards' | 'metrics' | 'ludii' | 'record'>][];
}

/** index, winner, endReason, completion, rounds, turns, plies, branchingSum, branchingCount, guardEnds. */
const FIXED = 10;

/** Packs outcomes of one batch (whose seeds and seats follow from its spec). */
export function packOutcomes(outcomes: readonly MatchOutcome[], players: number): PackedOutcomes {
  const stride = FIXED + 2 * players;
  const numbers = new Float64Array(outcomes.length * stride);
  const extras: PackedOutcomes['extras'] = [];
  outcomes.forEach((o, k) => {
    const r = o.result;
    const at = k * stride;
    numbers[at] = o.index;
    numbers[at + 1] = r.winner;
    numbers[at + 2] = END_REASONS.indexOf(r.endReason as (typeof END_REASONS)[number]);
    numbers[at + 3] = COMPLETIONS.indexOf(r.completion);
    numbers[at + 4] = r.rounds;
    numbers[at + 5] = r.turns;
    numbers[at + 6] = r.plies;
    numbers[at + 7] = r.branchingSum;
    numbers[at + 8] = r.branchingCount;
    numbers[at + 9] = r.guardEnds;
    for (let p = 0; p < players; p++) {
      numbers[at + FIXED + p] = r.returns[p] ?? 0;
      numbers[at + FIXED + players + p] = r.scores[p] ?? 0;
    }
    if (r.guards !== undefined || r.metrics !== undefined || r.ludii !== undefined || r.record !== undefined) {
      const e: Pick<MatchResult, 'guards' | 'metrics' | 'ludii' | 'record'> = {};
      if (r.guards !== undefined) e.guards = r.guards;
      if (r.metrics !== undefined) e.metrics = r.metrics;
      if (r.ludii !== undefined) e.ludii = r.ludii;
      if (r.record !== undefined) e.record = r.record;
      extras.push([k, e]);
    }
  });
  return { players, numbers, extras };
}

/** The outcomes of a pack made for `spec` (seeds and seats rebuilt from it). */
export function unpackOutcomes(spec: BatchSpec, pack: PackedOutcomes, rotations = rotationsOf(spec.agents, pack.players)): MatchOutcome[] {
  const P = pack.players;
  const stride = FIXED + 2 * P;
  const n = pack.numbers.length / stride;
  const out: MatchOutcome[] = new Array(n);
  const x = pack.numbers;
  for (let k = 0; k < n; k++) {
    const at = k * stride;
    const index = x[at]!;
    const returns = new Array<number>(P);
    const scores = new Array<number>(P);
    for (let p = 0; p < P; p++) {
      returns[p] = x[at + FIXED + p]!;
      scores[p] = x[at + FIXED + P + p]!;
    }
    const result: MatchResult = {
      winner: x[at + 1]!,
      returns,
      scores,
      endReason: END_REASONS[x[at + 2]!] ?? 'none',
      completion: (COMPLETIONS[x[at + 3]!] ?? 'rules') as Completion,
      rounds: x[at + 4]!,
      turns: x[at + 5]!,
      plies: x[at + 6]!,
      branchingSum: x[at + 7]!,
      branchingCount: x[at + 8]!,
      guardEnds: x[at + 9]!,
    };
    out[k] = { index, seed: matchSeed(spec.seed, index), agents: rotations[index % rotations.length]!, result };
  }
  for (const [k, e] of pack.extras) Object.assign(out[k]!.result, e);
  return out;
}
