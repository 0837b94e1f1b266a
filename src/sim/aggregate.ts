/**
 * Figures of a set of matches with their 95% intervals: what a sweep reports for each cell and
 * what the catalogue's measured figures are computed with. Rates get Wilson score intervals;
 * means get Student t intervals (the per-match values' standard deviation, n - 1 degrees of
 * freedom); ratios of sums (the branching factor: legal moves over decisions, pooled over the
 * matches) get the t interval of the ratio estimator. Matches are independent (each has its
 * own seed), which is what these intervals assume.
 */
import type { MatchOutcome } from './batch.js';
import { BY_RULES, type MatchResult } from './match.js';
import { wilson } from './stats.js';
import type { Interval } from './summary.js';
import { meanInterval, type MeanInterval, ratioInterval } from '../stats/intervals.js';

export type { Interval } from './summary.js';

/** Wilson interval of `k` successes in `n` trials. */
export function rateInterval(k: number, n: number): Interval {
  const w = wilson(k, n);
  return { count: k, rate: w.p, lo: w.lo, hi: w.hi };
}

/** Match end reasons that the rules give (the others are guards of SPEC §8). */
export const RULE_ENDS: readonly string[] = ['rules', 'rounds', 'concession'];

/** The metric (sim/metrics.ts) of a match's share of decisions with more than one move. */
export const REAL_CHOICES = 'realChoiceShare';

/** Dynamics metrics of a match, when the batch collected them (`BatchSpec.metrics`). */
export function metricsOf(r: MatchResult): Readonly<Record<string, number>> {
  return (r as { metrics?: Record<string, number> }).metrics ?? {};
}

/** One agent's results over the matches it played (in any seat). */
export interface AgentFigures {
  agent: string;
  games: number;
  wins: Interval;
  draws: number;
  /** Mean payoff per match (a win 1, a draw shared). */
  score: number;
}

/** The figures of one cell of a sweep (or any set of matches of one ruleset and options). */
export interface CellFigures {
  games: number;
  /** Matches the ply cap stopped before their end (they count in no rate below). */
  unfinished: number;
  /** Wins per seat over the finished matches, as `simulate --json` gives them. */
  seats: { seat: number; wins: Interval }[];
  draws: Interval;
  /** Player 1's score rate (wins + shared draws) minus the fair share 1/players, as simulate computes it. */
  firstPlayerAdvantage: { score: number; advantage: number; lo: number; hi: number };
  completion: {
    /** Matches whose last round the rules ended (not a guard), of all matches. */
    byRules: Interval;
    /** Matches by the guard that ended them: repetition, doublePass, turnCap, perpetual, matchCap, plyCap (unfinished). */
    guards: Record<string, number>;
    /** Matches in which some round was ended by a guard. */
    guardRounds: Interval;
  };
  duration: {
    decisions: MeanInterval;
    turns: MeanInterval;
    rounds: MeanInterval;
    /** Legal moves per sequential decision, pooled over the matches. */
    branching: MeanInterval;
    /** Share of decisions with more than one move (mean of the matches' shares), when the matches report it. */
    realChoices: MeanInterval | null;
  };
  /** Results by agent spec when the seats held different agents (as `simulate --json` gives them); empty otherwise. */
  agents: AgentFigures[];
  /** Each dynamics metric the matches report (but those in `SHOWN_ELSEWHERE`): its mean per match, with interval. */
  metrics: Record<string, MeanInterval>;
}

/**
 * Why a match ended, as the rules or a guard: its completion, or for results written before
 * completions were kept, its end reason (an old `roundCap` is the rules when the `rounds` option
 * asked for that many rounds, and the match-length guard `matchCap` otherwise; an old `stalemate`
 * is counted as a repetition, which a double pass could not then be told from).
 */
export function endOf(r: MatchResult, options: Readonly<Record<string, unknown>>): { byRules: boolean; reason: string } {
  if (typeof r.completion === 'string') return { byRules: BY_RULES.includes(r.completion), reason: r.completion };
  if (r.winner < 0) return { byRules: false, reason: 'plyCap' };
  const asked = Number(options['rounds'] ?? 0);
  let reason = r.endReason;
  if (reason === 'roundCap') reason = asked > 0 && r.rounds >= asked ? 'rounds' : 'matchCap';
  else if (reason === 'stalemate') reason = 'repetition';
  return { byRules: RULE_ENDS.includes(reason), reason };
}

function completionOf(results: readonly MatchResult[], options: Readonly<Record<string, unknown>>): CellFigures['completion'] {
  const guards: Record<string, number> = {};
  let byRules = 0;
  for (const r of results) {
    const { byRules: rules, reason } = endOf(r, options);
    if (rules) byRules++;
    else guards[reason] = (guards[reason] ?? 0) + 1;
  }
  return {
    byRules: rateInterval(byRules, results.length),
    guards,
    guardRounds: rateInterval(results.filter((r) => r.guardEnds > 0).length, results.length),
  };
}

/** Metrics a cell's figures already give elsewhere (duration, completion), left out of `metrics`. */
export const SHOWN_ELSEWHERE: readonly string[] = ['decisions', 'turns', 'rounds', 'branching', REAL_CHOICES, 'completion', 'endedByRules'];

function metricIntervals(results: readonly MatchResult[]): Record<string, MeanInterval> {
  const keys = new Set<string>();
  for (const r of results) for (const k of Object.keys(metricsOf(r))) if (!SHOWN_ELSEWHERE.includes(k)) keys.add(k);
  const out: Record<string, MeanInterval> = {};
  for (const k of [...keys].sort()) {
    const xs = results.map((r) => metricsOf(r)[k]).filter((x): x is number => typeof x === 'number' && Number.isFinite(x));
    out[k] = meanInterval(xs);
  }
  return out;
}

/** The figures of a cell's matches, played with `options` (resolved). */
export function aggregateMatches(
  results: readonly MatchResult[],
  players: number,
  options: Readonly<Record<string, unknown>>,
): CellFigures {
  const finished = results.filter((r) => r.winner >= 0);
  const n = finished.length;
  const seats = [];
  for (let p = 1; p <= players; p++) seats.push({ seat: p, wins: rateInterval(finished.filter((r) => r.winner === p).length, n) });
  const p1 = wilson(
    finished.reduce((s, r) => s + (r.returns[0] ?? 0), 0),
    n,
  );
  const fair = 1 / players;
  const choices = results.map((r) => metricsOf(r)[REAL_CHOICES]).filter((x): x is number => typeof x === 'number');
  return {
    games: results.length,
    unfinished: results.length - n,
    seats,
    draws: rateInterval(finished.filter((r) => r.winner === 0).length, n),
    firstPlayerAdvantage: { score: p1.p, advantage: p1.p - fair, lo: p1.lo - fair, hi: p1.hi - fair },
    completion: completionOf(results, options),
    duration: {
      decisions: meanInterval(results.map((r) => r.plies)),
      turns: meanInterval(results.map((r) => r.turns)),
      rounds: meanInterval(results.map((r) => r.rounds)),
      branching: ratioInterval(
        results.map((r) => r.branchingSum),
        results.map((r) => r.branchingCount),
      ),
      realChoices: choices.length ? meanInterval(choices) : null,
    },
    agents: [],
    metrics: metricIntervals(results),
  };
}

/** Results by agent spec (seats rotate, so each agent plays every seat), over the finished matches. */
export function agentFigures(outcomes: readonly MatchOutcome[]): AgentFigures[] {
  const by = new Map<string, { games: number; wins: number; draws: number; score: number }>();
  for (const o of outcomes) {
    if (o.result.winner < 0) continue;
    const seen = new Set<string>();
    o.agents.forEach((a, i) => {
      const e = by.get(a) ?? { games: 0, wins: 0, draws: 0, score: 0 };
      if (!seen.has(a)) e.games++;
      seen.add(a);
      if (o.result.winner === i + 1) e.wins++;
      if (o.result.winner === 0 && i === o.agents.indexOf(a)) e.draws++;
      e.score += o.result.returns[i] ?? 0;
      by.set(a, e);
    });
  }
  if (by.size < 2) return [];
  return [...by].map(([agent, e]) => ({
    agent,
    games: e.games,
    wins: rateInterval(e.wins, e.games),
    draws: e.draws,
    score: e.score / Math.max(1, e.games),
  }));
}

/** The figures of a cell from its outcomes (in any order). */
export function aggregateCell(outcomes: readonly MatchOutcome[], players: number, options: Readonly<Record<string, unknown>>): CellFigures {
  const sorted = [...outcomes].sort((a, b) => a.index - b.index);
  const f = aggregateMatches(
    sorted.map((o) => o.result),
    players,
    options,
  );
  f.agents = agentFigures(sorted);
  return f;
}
