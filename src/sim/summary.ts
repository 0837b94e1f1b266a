/**
 * The summary of a simulation: results by seat and by agent with 95% Wilson intervals, the first
 * player's advantage, match lengths, branching factor, how the matches ended (by the rules or by
 * which guard) and, when collected, the means of the matches' dynamics metrics.
 */
import type { MatchResult } from './match.js';
import { metricMeans } from './metrics.js';
import { spread, wilson, type Spread } from './stats.js';

/** A finished match as the summary reads it: the agent spec per seat and the result. */
export interface SummarisedMatch {
  readonly agents: readonly string[];
  readonly result: MatchResult;
}

export interface Interval {
  count: number;
  rate: number;
  lo: number;
  hi: number;
}

export interface SimulationSummary {
  ruleset: string;
  options: Record<string, unknown>;
  games: number;
  /** Matches that the ply cap stopped before their end (should be 0). */
  unfinished: number;
  seats: { seat: number; wins: Interval }[];
  draws: Interval;
  agents: { agent: string; games: number; wins: Interval; draws: number; score: number }[];
  /** Player 1's score rate (wins + shared draws) minus the fair share 1/players, with its interval. */
  firstPlayerAdvantage: { score: number; advantage: number; lo: number; hi: number };
  rounds: Spread;
  turns: Spread;
  plies: Spread;
  branching: number;
  guardEndedMatches: number;
  endReasons: Record<string, number>;
  /** Matches by how they ended (`MatchResult.completion`): by the rules, or by which guard. */
  completions: Record<string, number>;
  /** Means of the dynamics metrics over the matches that have each (when collected). */
  metrics?: Record<string, { mean: number; matches: number }>;
  seconds: number;
}

const iv = (k: number, n: number): Interval => {
  const w = wilson(k, n);
  return { count: k, rate: w.p, lo: w.lo, hi: w.hi };
};

export function summarise(
  ruleset: string,
  options: Record<string, unknown>,
  players: number,
  done: readonly SummarisedMatch[],
  seconds: number,
): SimulationSummary {
  const finished = done.filter((d) => d.result.winner >= 0);
  const n = finished.length;
  const seats = [];
  for (let p = 1; p <= players; p++) seats.push({ seat: p, wins: iv(finished.filter((d) => d.result.winner === p).length, n) });
  const byAgent = new Map<string, { games: number; wins: number; draws: number; score: number }>();
  for (const d of finished) {
    const seen = new Set<string>();
    d.agents.forEach((a, i) => {
      const e = byAgent.get(a) ?? { games: 0, wins: 0, draws: 0, score: 0 };
      if (!seen.has(a)) e.games++;
      seen.add(a);
      if (d.result.winner === i + 1) e.wins++;
      if (d.result.winner === 0) e.draws++;
      e.score += d.result.returns[i] ?? 0;
      byAgent.set(a, e);
    });
  }
  const p1Score = finished.reduce((s, d) => s + (d.result.returns[0] ?? 0), 0);
  const w = wilson(p1Score, n);
  const fair = 1 / players;
  const reasons: Record<string, number> = {};
  for (const d of finished) reasons[d.result.endReason] = (reasons[d.result.endReason] ?? 0) + 1;
  const completions: Record<string, number> = {};
  for (const d of done) completions[d.result.completion] = (completions[d.result.completion] ?? 0) + 1;
  const withMetrics = done.filter((d) => d.result.metrics !== undefined);
  const bSum = done.reduce((s, d) => s + d.result.branchingSum, 0);
  const bCount = done.reduce((s, d) => s + d.result.branchingCount, 0);
  return {
    ruleset,
    options,
    games: done.length,
    unfinished: done.length - n,
    seats,
    draws: iv(finished.filter((d) => d.result.winner === 0).length, n),
    agents: [...byAgent].map(([agent, e]) => ({
      agent,
      games: e.games,
      wins: iv(e.wins, e.games),
      draws: e.draws,
      score: e.score / Math.max(1, e.games),
    })),
    firstPlayerAdvantage: { score: w.p, advantage: w.p - fair, lo: w.lo - fair, hi: w.hi - fair },
    rounds: spread(done.map((d) => d.result.rounds)),
    turns: spread(done.map((d) => d.result.turns)),
    plies: spread(done.map((d) => d.result.plies)),
    branching: bCount ? bSum / bCount : 0,
    guardEndedMatches: done.filter((d) => d.result.guardEnds > 0).length,
    endReasons: reasons,
    completions,
    ...(withMetrics.length > 0 ? { metrics: metricMeans(withMetrics.map((d) => d.result.metrics)) } : {}),
    seconds,
  };
}

const pct = (x: number): string => `${(100 * x).toFixed(1)}%`;
const ivText = (i: Interval): string => `${i.count} (${pct(i.rate)}, 95% ${pct(i.lo)}..${pct(i.hi)})`;
const spText = (s: Spread): string => `mean ${s.mean.toFixed(1)}, median ${s.median}, max ${s.max}`;

/** The summary as text for a terminal. */
export function summaryText(s: SimulationSummary): string {
  const lines = [
    `${s.ruleset}: ${s.games} matches in ${s.seconds.toFixed(1)} ` +
      `s${s.unfinished ? ` (${s.unfinished} stopped unfinished by the ply cap)` : ''}`,
  ];
  for (const seat of s.seats) lines.push(`  player ${seat.seat} wins  ${ivText(seat.wins)}`);
  lines.push(`  draws          ${ivText(s.draws)}`);
  const a = s.firstPlayerAdvantage;
  lines.push(
    `  first player's score ${pct(a.score)}: advantage ${a.advantage >= 0 ? '+' : ''}${pct(a.advantage)} (95% ${pct(a.lo)}..${pct(a.hi)})`,
  );
  if (s.agents.length > 1) {
    lines.push('  by agent:');
    for (const g of s.agents)
      lines.push(`    ${g.agent.padEnd(28)} wins ${ivText(g.wins)}, draws ${g.draws}, mean payoff ${g.score.toFixed(3)}`);
  }
  lines.push(`  rounds: ${spText(s.rounds)}`);
  lines.push(`  turns:  ${spText(s.turns)}`);
  lines.push(`  plies:  ${spText(s.plies)}`);
  lines.push(`  branching factor: ${s.branching.toFixed(2)}`);
  lines.push(`  matches with a round ended by a guard: ${s.guardEndedMatches}`);
  lines.push(
    `  end reasons: ${Object.entries(s.endReasons)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')}`,
  );
  lines.push(
    `  completion: ${Object.entries(s.completions)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')}`,
  );
  if (s.metrics !== undefined) {
    lines.push('  metrics (means per match; docs/metrics.md):');
    for (const [k, v] of Object.entries(s.metrics)) {
      const of = v.matches < s.games ? ` (${v.matches} matches with a winner)` : '';
      lines.push(`    ${k.padEnd(18)} ${metricText(v.mean)}${of}`);
    }
  }
  return lines.join('\n');
}

const metricText = (x: number): string => (Math.abs(x) >= 100 ? x.toFixed(1) : Math.abs(x) >= 1 ? x.toFixed(3) : x.toFixed(4));
