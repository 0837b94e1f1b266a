/**
 * Measured figures of a ruleset from seeded uniformly random matches (`playRandomMatch`): mean
 * length, the first mover's results, the draw rate and the branching factor. Each figure set
 * carries the date, the options and the number of games behind it. Random play says something
 * about the rules (how long a game runs, how much the first move matters) and nothing about
 * strong play; the page says so beside the numbers.
 */
import { MAX_MOVES, type Ruleset } from '../core/game.js';
import { playRandomMatch } from '../core/debug.js';
import type { OptionValue } from '../core/options.js';
import { PHASE_OVER, PHASE_RACE } from '../core/state.js';
import type { Concepts } from './concepts.js';

export interface Figures {
  readonly rulesetId: string;
  /** ISO date (YYYY-MM-DD) of the measurement. */
  readonly date: string;
  /** Every resolved option the matches were played with. */
  readonly options: Readonly<Record<string, OptionValue>>;
  readonly games: number;
  /** Seeds used: seed, seed + 1, ... */
  readonly seed: number;
  readonly policy: string;
  /** Decisions per match. */
  readonly meanLength: number;
  /** Minimum, lower quartile, median, upper quartile, maximum of the length. */
  readonly lengthQuartiles: readonly [number, number, number, number, number];
  readonly meanRounds: number;
  /** Matches won by the player who made the first turn (after any race), by the other, drawn, unfinished. */
  readonly firstMoverWins: number;
  readonly secondMoverWins: number;
  readonly draws: number;
  readonly unfinished: number;
  /** First mover's share of the decided matches minus one half (two-player games). */
  readonly firstPlayerAdvantage: number;
  readonly drawRate: number;
  /** Mean number of legal moves at the sequential decisions. */
  readonly branchingFactor: number;
}

export interface FiguresFile {
  readonly format: 'gabata-figures/1';
  readonly figures: readonly Figures[];
  /** The concepts computed with the figures (a phone need not replay matches to show them). */
  readonly concepts: Readonly<Record<string, Concepts>>;
}

export const POLICY = 'uniformly random legal moves, never conceding while another move exists (passing included where legal)';

const round = (x: number, digits = 4): number => Number(x.toFixed(digits));

function quartiles(xs: number[]): [number, number, number, number, number] {
  const s = [...xs].sort((a, b) => a - b);
  const at = (q: number): number => s[Math.min(s.length - 1, Math.round(q * (s.length - 1)))] ?? 0;
  return [at(0), at(0.25), at(0.5), at(0.75), at(1)];
}

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
  let rounds = 0;
  let firstWins = 0;
  let secondWins = 0;
  let draws = 0;
  let unfinished = 0;
  let legal = 0;
  let nodes = 0;
  for (let i = 0; i < o.games; i++) {
    const start = game.newState(seed + i);
    let firstMover = start.phase === PHASE_RACE ? 0 : start.toMove;
    const { state, plies } = playRandomMatch(game, seed + i, maxPlies, (s) => {
      if (s.phase === PHASE_OVER || s.toMove === 0) return;
      if (firstMover === 0) firstMover = s.toMove;
      legal += game.legalMoves(s, buf);
      nodes++;
    });
    // The state before the first decision is a node too.
    if (start.phase !== PHASE_RACE && start.toMove > 0) {
      legal += game.legalMoves(start, buf);
      nodes++;
    }
    lengths.push(plies);
    rounds += state.round;
    if (state.phase !== PHASE_OVER) unfinished++;
    else if (state.winner === 0) draws++;
    else if (state.winner === firstMover) firstWins++;
    else secondWins++;
  }
  const decided = firstWins + secondWins;
  const finished = o.games - unfinished;
  return {
    rulesetId: ruleset.info.id,
    date: o.date,
    options: { ...game.options },
    games: o.games,
    seed,
    policy: POLICY,
    meanLength: round(lengths.reduce((a, b) => a + b, 0) / Math.max(1, o.games), 1),
    lengthQuartiles: quartiles(lengths),
    meanRounds: round(rounds / Math.max(1, o.games), 2),
    firstMoverWins: firstWins,
    secondMoverWins: secondWins,
    draws,
    unfinished,
    firstPlayerAdvantage: decided ? round(firstWins / decided - 0.5) : 0,
    drawRate: finished ? round(draws / finished) : 0,
    branchingFactor: round(nodes ? legal / nodes : 0, 2),
  };
}

/** Problems of a figures file against the registry (empty when every ruleset has sound figures). */
export function figuresProblems(file: FiguresFile, rulesetIds: readonly string[]): string[] {
  const out: string[] = [];
  if (file.format !== 'gabata-figures/1') out.push(`figures: unknown format ${String(file.format)}`);
  for (const id of rulesetIds) {
    const f = file.figures.find((x) => x.rulesetId === id);
    if (!f) {
      out.push(`${id}: no measured figures (run gabata catalogue --refresh)`);
      continue;
    }
    if (!/^\d{4}-\d{2}-\d{2}$/.test(f.date)) out.push(`${id}: figures have no date`);
    if (!(f.games > 0)) out.push(`${id}: figures rest on no games`);
    if (!f.options || Object.keys(f.options).length === 0) out.push(`${id}: figures do not name their options`);
    if (!file.concepts?.[id]) out.push(`${id}: no computed concepts (run gabata catalogue --refresh)`);
    if (f.firstMoverWins + f.secondMoverWins + f.draws + f.unfinished !== f.games)
      out.push(`${id}: match outcomes do not add up to the games`);
  }
  return out;
}
