/**
 * Measured figures of a ruleset from seeded uniformly random matches: mean length, the first
 * mover's results, the draw rate and the branching factor. Each figure set carries the date, the
 * options and the number of games behind it. Random play says something about the rules (how
 * long a game runs, how much the first move matters) and nothing about strong play; the page
 * says so beside the numbers. The figures are measured by figures-measure.ts (Node only, with
 * the simulations' aggregation code); this module is the browser-safe part.
 */
import type { OptionValue } from '@gabata/engine/core';
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
