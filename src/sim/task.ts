/**
 * One match as a message: what a worker (or the main thread) needs to play it. Agents are built
 * from their specs with seeds derived from the match seed, so a match is the same wherever it runs.
 */
import { deriveSeed } from '../core/rng.js';
import { unwrap } from '../core/errors.js';
import type { Game } from '../core/game.js';
import { getRuleset } from '../games/index.js';
import { makeAgent, type SearchBudget } from '../ai/index.js';
import { playMatch, type MatchResult } from './match.js';

export interface MatchTask {
  /** Index of the match in its run (records and resumption use it). */
  index: number;
  seed: number;
  /** Agent spec per seat: `agents[0]` plays player 1. */
  agents: string[];
}

export interface TaskMessage {
  ruleset: string;
  options: Record<string, unknown>;
  record: boolean;
  budget?: SearchBudget;
  task: MatchTask;
}

const games = new Map<string, Game>();

/** The game of a ruleset with options, built once per worker. */
export function gameFor(ruleset: string, options: Record<string, unknown>): Game {
  const key = `${ruleset} ${JSON.stringify(options)}`;
  let g = games.get(key);
  if (g === undefined) {
    g = unwrap(unwrap(getRuleset(ruleset)).create(options));
    games.set(key, g);
  }
  return g;
}

export function playTask(msg: TaskMessage): MatchResult {
  const game = gameFor(msg.ruleset, msg.options);
  const agents = msg.task.agents.map((spec, i) => unwrap(makeAgent(spec, deriveSeed(msg.task.seed, i + 1))));
  const r = playMatch(game, agents, msg.task.seed, { record: msg.record, budget: msg.budget });
  if (r.record) {
    // Records name the agents as specified (a level's name would hide its parameters).
    (r.record as { agents?: string[] }).agents = [...msg.task.agents];
    (r.record as { meta?: Record<string, number> }).meta = { game: msg.task.index };
  }
  return r;
}
