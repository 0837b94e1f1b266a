/**
 * Does a reading matter? Every cell of a sweep against a baseline cell, figure by figure: the
 * difference (cell minus baseline) with its 95% interval and a two-sided p-value, adjusted by
 * Holm's method over the comparisons of that figure (one per cell but the baseline). Rates
 * (wins per seat, draws, the first player's advantage, the share ended by the rules) are
 * differences of proportions; means (decisions, turns, rounds, branching, real choices, each
 * dynamics metric) are Welch differences, the standard error of each cell's mean taken from its
 * t interval (for the branching factor, the ratio estimator's). stats/contrasts.ts has the formulas.
 */
import type { OptionValue, Ruleset } from '@gabata/engine/core';
import { holm, proportionDiff, welch, type Contrast, type MeanSummary } from '../stats/contrasts.js';
import { t975, type MeanInterval } from '../stats/intervals.js';
import type { CellReport } from './sweep.js';

/** One figure of one cell against the baseline. */
export interface CellContrast extends Contrast {
  /** Holm-adjusted p-value (over the cells compared on this figure). */
  pAdjusted: number;
}

export interface Contrasts {
  /** The baseline cell's key, and how it was chosen. */
  baseline: string;
  basis: 'defaults' | 'chosen' | 'first cell';
  /** Figure names in order (as in cells.csv: `p1_wins`, `draws`, `decisions`, `metric_<name>`, ...). */
  figures: string[];
  /** By cell key (every cell but the baseline), by figure. */
  cells: Record<string, Record<string, CellContrast>>;
}

/** The standard error of a mean from its 95% t interval (0 below two values). */
export function seOf(m: MeanInterval): MeanSummary {
  if (m.n < 2) return { n: m.n, mean: m.mean, se: 0 };
  return { n: m.n, mean: m.mean, se: (m.hi - m.lo) / (2 * t975(m.n - 1)) };
}

type Figure = { kind: 'rate'; k: number; n: number } | { kind: 'mean'; m: MeanSummary };

/** A cell's figures that contrasts compare, by name. */
function figuresOf(c: CellReport): Map<string, Figure> {
  const f = c.figures;
  const out = new Map<string, Figure>();
  const finished = f.games - f.unfinished;
  for (const s of f.seats) out.set(`p${s.seat}_wins`, { kind: 'rate', k: s.wins.count, n: finished });
  out.set('draws', { kind: 'rate', k: f.draws.count, n: finished });
  // Player 1's score (wins plus shared draws) over the finished matches; the fair share cancels in a difference.
  out.set('first_player_advantage', { kind: 'rate', k: f.firstPlayerAdvantage.score * finished, n: finished });
  out.set('ended_by_rules', { kind: 'rate', k: f.completion.byRules.count, n: f.games });
  const d = f.duration;
  out.set('decisions', { kind: 'mean', m: seOf(d.decisions) });
  out.set('turns', { kind: 'mean', m: seOf(d.turns) });
  out.set('rounds', { kind: 'mean', m: seOf(d.rounds) });
  out.set('branching', { kind: 'mean', m: seOf(d.branching) });
  if (d.realChoices) out.set('real_choices', { kind: 'mean', m: seOf(d.realChoices) });
  for (const [k, m] of Object.entries(f.metrics)) out.set(`metric_${k}`, { kind: 'mean', m: seOf(m) });
  return out;
}

/**
 * The baseline cell: the one `chosen` names (grid values `name=value`, as a cell's key has
 * them), else the one whose grid values are all the ruleset's defaults, else the first cell.
 */
export function baselineCell(
  cells: readonly CellReport[],
  ruleset: Ruleset,
  chosen?: Readonly<Record<string, string>>,
): { cell: CellReport; basis: Contrasts['basis'] } | { error: string } {
  if (cells.length === 0) return { error: 'the sweep has no cells' };
  if (chosen !== undefined) {
    const names = Object.keys(cells[0]!.values);
    const extra = Object.keys(chosen).filter((k) => !names.includes(k));
    if (extra.length) return { error: `--baseline names ${extra[0]}, which is not a grid option (${names.join(', ')})` };
    const hit = cells.find((c) => Object.entries(chosen).every(([k, v]) => String(c.values[k]) === v));
    if (!hit)
      return {
        error: `no cell has ${Object.entries(chosen)
          .map(([k, v]) => `${k}=${v}`)
          .join(', ')}`,
      };
    return { cell: hit, basis: 'chosen' };
  }
  const defaults = new Map<string, OptionValue>(ruleset.options.map((o) => [o.name, o.default as OptionValue]));
  const hit = cells.find((c) => Object.entries(c.values).every(([k, v]) => String(defaults.get(k)) === String(v)));
  return hit ? { cell: hit, basis: 'defaults' } : { cell: cells[0]!, basis: 'first cell' };
}

/** Every cell against `base`, each figure the two share, Holm-adjusted per figure. */
export function cellContrasts(cells: readonly CellReport[], base: CellReport, basis: Contrasts['basis']): Contrasts {
  const baseFigs = figuresOf(base);
  const others = cells.filter((c) => c.key !== base.key);
  const raw = new Map<string, Map<string, Contrast>>();
  const figures: string[] = [...baseFigs.keys()];
  for (const c of others) {
    const mine = figuresOf(c);
    const row = new Map<string, Contrast>();
    for (const [name, b] of baseFigs) {
      const a = mine.get(name);
      if (a === undefined) continue;
      if (a.kind === 'rate' && b.kind === 'rate') row.set(name, proportionDiff(a.k, a.n, b.k, b.n));
      else if (a.kind === 'mean' && b.kind === 'mean') row.set(name, welch(a.m, b.m));
    }
    raw.set(c.key, row);
  }
  const out: Contrasts['cells'] = {};
  for (const c of others) out[c.key] = {};
  for (const name of figures) {
    const keys = others.filter((c) => raw.get(c.key)!.has(name)).map((c) => c.key);
    const adjusted = holm(keys.map((k) => raw.get(k)!.get(name)!.p));
    keys.forEach((k, i) => {
      out[k]![name] = { ...raw.get(k)!.get(name)!, pAdjusted: adjusted[i]! };
    });
  }
  return { baseline: base.key, basis, figures, cells: out };
}

const quote = (v: unknown): string => {
  const t = v === null || v === undefined ? '' : typeof v === 'number' ? String(Math.round(v * 1e6) / 1e6) : String(v);
  return /[",\n\r]/.test(t) ? `"${t.replace(/"/g, '""')}"` : t;
};

/** contrasts.csv: one row per cell and figure (long form): cell, baseline, figure, diff, lo, hi, p, p_holm. */
export function contrastsCsv(c: Contrasts, cells: readonly CellReport[]): string {
  const grid = Object.keys(cells[0]?.values ?? {});
  const header = ['cell', ...grid, 'baseline', 'figure', 'diff', 'lo', 'hi', 'p', 'p_holm'];
  const rows: unknown[][] = [];
  for (const cell of cells) {
    const row = c.cells[cell.key];
    if (row === undefined) continue;
    for (const name of c.figures) {
      const x = row[name];
      if (x === undefined) continue;
      rows.push([cell.key, ...grid.map((g) => cell.values[g]), c.baseline, name, x.diff, x.lo, x.hi, x.p, x.pAdjusted]);
    }
  }
  return [header, ...rows].map((r) => r.map(quote).join(',')).join('\n') + '\n';
}
