/**
 * A batch of matches as one unit of work: what a local worker thread or a remote `gabata worker`
 * takes, plays and returns. A batch names its matches by index in its run; match i is played with
 * seed `deriveSeed(seed, i)` and seats `seatsOf(agents, players, i)`, so a match is the same
 * wherever and in whatever batch it runs. The batch id is derived from the run and the cell, so a
 * result is counted once by id.
 *
 * Contract shared by `simulate`, `sweep`, `tournament` (runners in sim/runner.ts) and the Redis
 * queue (issue 14).
 */
import { deriveSeed } from '../core/rng.js';
import type { SearchBudget } from '../ai/index.js';
import type { MatchResult } from './match.js';
import { playTask } from './task.js';

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
  for (let i = spec.first; i < spec.first + spec.count; i++) {
    if (shouldStop?.()) break;
    const seed = matchSeed(spec.seed, i);
    const agents = seatsOf(spec.agents, players, i);
    const result = playTask({ ruleset: spec.ruleset, options: spec.options, record: spec.record, budget: spec.budget, task: { index: i, seed, agents } });
    const o = { index: i, seed, agents, result };
    out.push(o);
    onMatch?.(o);
  }
  return out;
}
