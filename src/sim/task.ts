/**
 * One match as a message: what a worker (or the main thread) needs to play it. Seats are built
 * from their agent specs with seeds derived from the match seed (seat i: `deriveSeed(seed, i + 1)`),
 * so a match is the same wherever and in whatever batch it runs. What can be kept from match to
 * match is kept: the game per ruleset and options, its `MatchPlayer` (buffers), and the built-in
 * random seats (reseeded for each match).
 */
import { deriveSeed, type Game, unwrap } from '@gabata/engine/core';
import { getRuleset } from '@gabata/engine/games';
import { makeAgent, type Agent } from '@gabata/engine/ai';
import { trialFigures } from './ludii-metrics.js';
import { LudiiTrialBuilder } from './ludii-trial.js';
import { MatchPlayer, RandomSeat, type MatchOptions, type MatchResult, type Seat } from './match.js';

export interface MatchTask {
  /** Index of the match in its run (records and resumption use it). */
  index: number;
  seed: number;
  /** Agent spec per seat: `agents[0]` plays player 1. */
  agents: string[];
}

interface GameEntry {
  game: Game;
  player: MatchPlayer;
}

const games = new Map<string, GameEntry>();

function entryFor(ruleset: string, options: Record<string, unknown>): GameEntry {
  const key = `${ruleset} ${JSON.stringify(options)}`;
  let e = games.get(key);
  if (e === undefined) {
    const game = unwrap(unwrap(getRuleset(ruleset)).create(options));
    e = { game, player: new MatchPlayer(game) };
    games.set(key, e);
  }
  return e;
}

/** The game of a ruleset with options, built once per worker. */
export function gameFor(ruleset: string, options: Record<string, unknown>): Game {
  return entryFor(ruleset, options).game;
}

/** The `MatchPlayer` of a ruleset with options, built once per worker. */
export function matchPlayerFor(ruleset: string, options: Record<string, unknown>): MatchPlayer {
  return entryFor(ruleset, options).player;
}

/** Whether an agent spec is the uniformly random player (played by the built-in `RandomSeat`). */
export const isRandomSpec = (spec: string): boolean => spec.trim().toLowerCase() === 'random';

const randomSeats: RandomSeat[] = [];

/** The agent of each seat and the spec it was made from, kept from match to match and reseeded. */
const agentSeats: { spec: string; agent: Agent }[] = [];

/**
 * The seats of a match: each spec with seed `deriveSeed(seed, seat + 1)`. Seats are kept and
 * reseeded (`Agent.reseed`: the same moves as an agent made afresh with that seed), so a search
 * agent's tree and table (MCTS about 0.8 MB, alpha-beta 4 MB) are not allocated for every match;
 * a seat whose spec changes gets a new agent. Matches of a thread are played one at a time.
 */
export function seatsFor(specs: readonly string[], seed: number): Seat[] {
  return specs.map((spec, i) => {
    const s = deriveSeed(seed, i + 1);
    if (isRandomSpec(spec)) {
      randomSeats[i] ??= new RandomSeat();
      const seat = randomSeats[i];
      seat.rng.seed(s);
      return seat;
    }
    const kept = agentSeats[i];
    if (kept !== undefined && kept.spec === spec) {
      kept.agent.reseed(s);
      return kept.agent;
    }
    const agent = unwrap(makeAgent(spec, s));
    agentSeats[i] = { spec, agent };
    return agent;
  });
}

/** Plays match `task` with a `MatchPlayer` already at hand (a batch looks it up once). */
export function playWith(player: MatchPlayer, task: MatchTask, opts: MatchOptions): MatchResult {
  const r = player.play(seatsFor(task.agents, task.seed), task.seed, opts.ludii ? { ...opts, record: true } : opts);
  if (opts.ludii) {
    // Ludii replays each trial from its moves (metrics/Utils.java setupNewContext); so does this.
    r.ludii = trialFigures(new LudiiTrialBuilder(player.game).build(task.seed, r.record!.moves, r));
    if (!opts.record) delete r.record;
  }
  if (r.record) {
    // Records name the agents as specified (a level's name would hide its parameters).
    (r.record as { agents?: string[] }).agents = [...task.agents];
    (r.record as { meta?: Record<string, number> }).meta = { game: task.index };
  }
  return r;
}
