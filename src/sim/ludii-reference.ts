/**
 * The Ludii reference figures the README and the benchmark quote, with what is known of where they
 * come from. Kept as data so that a figure and its provenance travel together; `null` is unknown.
 */
export interface LudiiReference {
  game: string;
  /** Shares of player 1's wins, player 2's wins and draws. */
  p1: number;
  p2: number;
  draws: number;
  /** The Ludii version the figures are credited to. */
  ludiiVersion: string;
  /** Trials behind the figures: unknown. */
  trials: number | null;
  /** Agents and rule settings of the trials: unknown (random playouts of Ludii's own Gabata (Adowa) are assumed, not recorded). */
  settings: string | null;
  /** When the figures were produced: unknown. */
  date: string | null;
  /** Where the figures entered this repository. */
  source: string;
}

export const LUDII_ADOWA: LudiiReference = {
  game: 'Gabata (Adowa)',
  p1: 0.545,
  p2: 0.4,
  draws: 0.055,
  ludiiVersion: '1.0.8',
  trials: null,
  settings: null,
  date: null,
  source:
    'first quoted in commit e596f86 (2026-11-29, "Agents ..., simulate, tournament ..., benchmark"), in src/cli/bench.ts, ' +
    'as "Ludii 1.0.8: 54.5% / 40.0% / 5.5%"; no note in the repository, its seeds (/work/shared) or its history records the ' +
    'trial count, the agents, the options or the date of the Ludii run',
};
