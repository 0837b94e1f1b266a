/**
 * Measuring a ruleset's figures (figures.ts) from seeded uniformly random matches
 * (`playRandomMatch`), summed up with the numbers the simulations' aggregation uses too
 * (stats/intervals.ts): the catalogue's figures and a sweep's cells are computed the same way.
 * Node and CLI only (the browser reads the figures file).
 */
import { MAX_MOVES, PHASE_OVER, PHASE_RACE, playRandomMatch, type Ruleset } from '@gabata/engine/core';
import { mean, moverTally, quartiles, ratioInterval } from '../stats/intervals.js';
import { POLICY, type Figures } from './figures.js';

const round = (x: number, digits = 4): number => Number(x.toFixed(digits));

export interface MeasureOptions {
  readonly games: number;
  readonly seed?: number;
  readonly date: string;
  readonly options?: Readonly<Record<string, unknown>>;
  /** Decisions per match at most; a longer match counts as unfinished. */
  readonly maxPlies?: number;
}

/** Plays `games` seeded random matches of the ruleset and sums them up. */
export function measureFigures(ruleset: Ruleset, o: MeasureOptions): Figures {
  const made = ruleset.create(o.options ?? {});
  if (!made.ok) throw made.error;
  const game = made.value;
  const seed = o.seed ?? 1;
  const maxPlies = o.maxPlies ?? 1_000_000;
  const buf = new Int32Array(MAX_MOVES);
  const lengths: number[] = [];
  const rounds: number[] = [];
  const legal: number[] = [];
  const nodes: number[] = [];
  const ends: { winner: number; firstMover: number; over: boolean }[] = [];
  for (let i = 0; i < o.games; i++) {
    const start = game.newState(seed + i);
    let firstMover = start.phase === PHASE_RACE ? 0 : start.toMove;
    // The state before the first decision is a node too.
    let l = start.phase !== PHASE_RACE && start.toMove > 0 ? game.legalMoves(start, buf) : 0;
    let n = start.phase !== PHASE_RACE && start.toMove > 0 ? 1 : 0;
    const { state, plies } = playRandomMatch(game, seed + i, maxPlies, (s) => {
      if (s.phase === PHASE_OVER || s.toMove === 0) return;
      if (firstMover === 0) firstMover = s.toMove;
      l += game.legalMoves(s, buf);
      n++;
    });
    legal.push(l);
    nodes.push(n);
    lengths.push(plies);
    rounds.push(state.round);
    ends.push({ winner: state.winner, firstMover, over: state.phase === PHASE_OVER });
  }
  const t = moverTally(ends);
  const decided = t.firstMoverWins + t.secondMoverWins;
  const finished = o.games - t.unfinished;
  return {
    rulesetId: ruleset.info.id,
    date: o.date,
    options: { ...game.options },
    games: o.games,
    seed,
    policy: POLICY,
    meanLength: round(mean(lengths), 1),
    lengthQuartiles: quartiles(lengths),
    meanRounds: round(mean(rounds), 2),
    ...t,
    firstPlayerAdvantage: decided ? round(t.firstMoverWins / decided - 0.5) : 0,
    drawRate: finished ? round(t.draws / finished) : 0,
    branchingFactor: round(ratioInterval(legal, nodes).mean, 2),
  };
}
