/**
 * Round-robin tournaments: the schedule (every pairing, or every group of three for three-player
 * games, seats rotated), results as JSON lines (a file the run can resume from), the cross table
 * and Bradley-Terry ratings in Elo points with 95% error bars.
 */
import { createHash } from 'node:crypto';
import { deriveSeed } from '@gabata/engine/core';
import type { BatchSpec } from './batch.js';
import { bradleyTerry, type PairResult, type Rating } from './stats.js';

export interface ScheduledGame {
  /** Stable name of the game in the schedule (resumption skips keys already played). */
  key: string;
  seed: number;
  /** Participant index per seat (seat 0 = player 1). */
  seats: number[];
}

/**
 * What a results file belongs to: a resumed tournament must be the same one, or its ratings
 * would mix games of another ruleset, other options or other participants.
 */
export interface TournamentSetup {
  /** Ruleset id. */
  ruleset: string;
  /** Every option of the ruleset, resolved. */
  options: Record<string, string | number | boolean>;
  /** Participant names in order (agent specs and engine names). */
  agents: string[];
}

export interface GameOutcome extends TournamentSetup {
  key: string;
  seed: number;
  /** Participant names per seat. */
  seats: string[];
  /** 0 = draw, otherwise the winning player. */
  winner: number;
  /** Payoff per seat. */
  returns: number[];
  plies: number;
  rounds: number;
  reason: string;
}

/**
 * How the setup of a results line differs from this run's, in words ('' when it is the same).
 * A line without a setup (written before results carried one) cannot be checked and differs.
 */
export function setupDifference(here: TournamentSetup, there: Partial<TournamentSetup>): string {
  if (typeof there.ruleset !== 'string' || typeof there.options !== 'object' || there.options === null || !Array.isArray(there.agents)) {
    return 'its results do not say their ruleset, options and agents (written by an older gabata)';
  }
  if (there.ruleset !== here.ruleset) return `its results are of ruleset ${there.ruleset}, not ${here.ruleset}`;
  const names = new Set([...Object.keys(here.options), ...Object.keys(there.options)]);
  const options: string[] = [];
  for (const name of [...names].sort()) {
    const a = there.options[name];
    const b = here.options[name];
    if (a !== b) options.push(`${name}=${a === undefined ? '(none)' : String(a)} there, ${b === undefined ? '(none)' : String(b)} here`);
  }
  if (options.length) return `its results were played with other options: ${options.join('; ')}`;
  if (there.agents.join(',') !== here.agents.join(',')) {
    return `its results are of agents ${there.agents.join(',')}, not ${here.agents.join(',')}`;
  }
  return '';
}

function combinations(n: number, k: number): number[][] {
  const out: number[][] = [];
  const rec = (start: number, acc: number[]): void => {
    if (acc.length === k) {
      out.push([...acc]);
      return;
    }
    for (let i = start; i < n; i++) rec(i + 1, [...acc, i]);
  };
  rec(0, []);
  return out;
}

/** Every group of `players` participants plays `games` matches, seats rotating from one to the next. */
export function schedule(names: readonly string[], players: number, games: number, seed: number): ScheduledGame[] {
  const out: ScheduledGame[] = [];
  let index = 0;
  for (const group of combinations(names.length, players)) {
    for (let g = 0; g < games; g++) {
      const seats = group.map((_, p) => group[(p + g) % group.length]!);
      out.push({ key: `${group.map((i) => names[i]).join(' v ')} #${g + 1}`, seed: deriveSeed(seed, index++), seats });
    }
  }
  return out;
}

/** Pairwise results of a game: every two seated participants, scored by their payoffs. */
export function pairResults(names: readonly string[], o: GameOutcome): PairResult[] {
  const idx = o.seats.map((n) => names.indexOf(n));
  const out: PairResult[] = [];
  for (let i = 0; i < idx.length; i++) {
    for (let j = i + 1; j < idx.length; j++) {
      if (idx[i]! < 0 || idx[j]! < 0) continue;
      const a = o.returns[i]!;
      const b = o.returns[j]!;
      out.push({ a: idx[i]!, b: idx[j]!, score: a > b + 1e-9 ? 1 : b > a + 1e-9 ? 0 : 0.5 });
    }
  }
  return out;
}

export interface Standings {
  names: string[];
  /** score[i][j] = points of i against j; games[i][j] = games between them. */
  score: number[][];
  games: number[][];
  ratings: Rating[];
  /** Total points and games by participant. */
  points: number[];
  played: number[];
}

export function standings(names: readonly string[], outcomes: readonly GameOutcome[]): Standings {
  const n = names.length;
  const score = Array.from({ length: n }, () => new Array<number>(n).fill(0));
  const games = Array.from({ length: n }, () => new Array<number>(n).fill(0));
  const pairs: PairResult[] = [];
  for (const o of outcomes) {
    for (const r of pairResults(names, o)) {
      pairs.push(r);
      score[r.a]![r.b]! += r.score;
      score[r.b]![r.a]! += 1 - r.score;
      games[r.a]![r.b]!++;
      games[r.b]![r.a]!++;
    }
  }
  const points = score.map((row) => row.reduce((s, x) => s + x, 0));
  const played = games.map((row) => row.reduce((s, x) => s + x, 0));
  return { names: [...names], score, games, ratings: bradleyTerry(n, pairs), points, played };
}

/**
 * The rating table and the cross table, as markdown. With more than two players a game counts
 * once for every two players seated in it (`pairings`).
 */
export function standingsText(st: Standings, players = 2): string {
  const n = st.names.length;
  const order = [...Array(n).keys()].sort((a, b) => st.ratings[b]!.elo - st.ratings[a]!.elo);
  const lines = [`| # | agent | Elo | ± 95% | score | ${players > 2 ? 'pairings' : 'games'} |`, '|---|---|---:|---:|---:|---:|'];
  order.forEach((i, r) => {
    const rt = st.ratings[i]!;
    const pct = st.played[i] ? ((100 * st.points[i]!) / st.played[i]!).toFixed(1) : '-';
    lines.push(
      `| ${r + 1} | ${st.names[i]} | ${rt.elo.toFixed(0)} | ` +
        `${Number.isFinite(rt.error) ? rt.error.toFixed(0) : '∞'} | ${pct}% | ${st.played[i]} |`,
    );
  });
  lines.push('', `| | ${order.map((_, r) => `${r + 1}`).join(' | ')} |`, `|---|${order.map(() => '---:').join('|')}|`);
  order.forEach((i, r) => {
    const cells = order.map((j) => (i === j ? '—' : st.games[i]![j] ? `${st.score[i]![j]}/${st.games[i]![j]}` : ''));
    lines.push(`| ${r + 1} ${st.names[i]} | ${cells.join(' | ')} |`);
  });
  return lines.join('\n');
}

/**
 * The id of a tournament run (the first part of its batch ids): a hash of what decides its games,
 * so that a resumed tournament names the same batches, and finds them on a Redis queue.
 */
export function tournamentRunId(setup: TournamentSetup, games: number, seed: number): string {
  return createHash('sha256')
    .update(JSON.stringify({ kind: 'tournament', setup, games, seed }))
    .digest('hex')
    .slice(0, 16);
}

/** The batches of a tournament's schedule, and which scheduled game each match of them is. */
export interface TournamentBatches {
  batches: BatchSpec[];
  /** Scheduled game of match index i (the index of the game in the schedule). */
  gameOf: (index: number) => ScheduledGame;
}

/**
 * Games per batch: a function of the schedule's length only, so that a resumed tournament cuts
 * the same batches (and a queue finds the results of the first attempt under the same ids).
 */
export const batchSizeOf = (scheduled: number, games: number): number => Math.min(games, Math.max(1, Math.ceil(scheduled / 256)));

/**
 * Cuts the games of `plan` (a `schedule(names, players, games, seed)`) that `wanted` keeps into
 * batches: each batch is a run of one group's games, cut at multiples of the batch size, with the
 * group's participants rotated so that match i of the batch is game i of the schedule (its seed
 * `deriveSeed(seed, i)`, its seats). A batch with some games already played is played whole; the
 * caller keeps the games it lacks.
 */
export function tournamentBatches(
  plan: readonly ScheduledGame[],
  names: readonly string[],
  t: { ruleset: string; options: Record<string, unknown>; games: number; seed: number; run: string },
  wanted: (sg: ScheduledGame) => boolean,
): TournamentBatches {
  const size = batchSizeOf(plan.length, t.games);
  const batches: BatchSpec[] = [];
  for (let start = 0; start < plan.length; start += t.games) {
    const group = start / t.games;
    for (let g = 0; g < t.games; g += size) {
      const first = start + g;
      const count = Math.min(size, t.games - g);
      if (!plan.slice(first, first + count).some(wanted)) continue;
      const seats = plan[start]!.seats;
      const k = seats.length;
      // seatsOf(agents, k, i)[p] = agents[(p + i) % k] must be the group's seat p of game i.
      const agents = Array.from({ length: k }, (_, m) => names[seats[(((m - start) % k) + k) % k]!]!);
      batches.push({
        id: `${t.run}/${group}/${first}`,
        ruleset: t.ruleset,
        options: t.options,
        agents,
        seed: t.seed,
        first,
        count,
        record: false,
        metrics: false,
      });
    }
  }
  return { batches, gameOf: (i) => plan[i]! };
}
