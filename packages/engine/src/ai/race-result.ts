/**
 * The race matrix as a file (src/catalogue/race-<ruleset>.json): what was computed, how, when,
 * and the equilibrium, with a check that a file is well-formed and consistent (the payoffs sum
 * to the counts, the strategies are probabilities, the stored equilibrium is one of the stored
 * matrix, the holes are the game's race choices). The web catalogue bundles the file and reads
 * it through these types only; the CLI writes and checks it.
 */
import type { Game } from '../core/game.js';
import type { OptionValue } from '../core/options.js';
import { Rng } from '../core/rng.js';
import { checkRaceBudget, payoffMatrix, raceChoices, type RaceBudget, type RaceCell, type RaceMatrix } from './race-matrix.js';
import { equilibriumGap, solveZeroSum, type ZeroSumSolution } from './zero-sum.js';

export const RACE_FORMAT = 'gabata-race/1';
/** Tolerance of the checks on probabilities and on the equilibrium (the solver is far closer). */
export const RACE_TOLERANCE = 1e-9;
/** Resampled matrices of the stability estimate. */
export const STABILITY_RESAMPLES = 1000;

/** How the equilibrium moves when every cell is redrawn within its standard error. */
export interface RaceStability {
  readonly resamples: number;
  /** Central 95% of the resampled values of the game. */
  readonly valueLow: number;
  readonly valueHigh: number;
  /** Share of resamples in which each row (column) is played with positive probability. */
  readonly rowSupport: number[];
  readonly colSupport: number[];
  /** Mean probability of each row (column) over the resamples. */
  readonly rowMean: number[];
  readonly colMean: number[];
}

export interface RaceResultFile {
  readonly format: typeof RACE_FORMAT;
  readonly rulesetId: string;
  /** Every option of the game, resolved. */
  readonly options: Readonly<Record<string, OptionValue>>;
  /** Day of the computation, YYYY-MM-DD. */
  readonly date: string;
  readonly seed: number;
  readonly budget: RaceBudget;
  /** Wall-clock seconds the computation took (for the record; not part of the check). */
  readonly seconds: number;
  /** What a cell's number is, in words. */
  readonly payoff: string;
  readonly rows: number[];
  readonly cols: number[];
  readonly cells: RaceCell[][];
  readonly equilibrium: {
    readonly value: number;
    readonly row: number[];
    readonly col: number[];
    readonly rowGuarantee: number;
    readonly colGuarantee: number;
  };
  readonly stability: RaceStability;
}

export const PAYOFF_TEXT =
  "player 1's (row's) mean score over the cell's games: win 1, draw 0.5, loss 0; player 2's (column's) is 1 minus it";

/** A standard normal draw (Box-Muller). */
function normal(rng: Rng): number {
  const u = 1 - rng.float();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rng.float());
}

/** Redraws every cell from a normal law of its mean and standard error (within [0, 1]) and solves each draw. */
export function raceStability(cells: readonly (readonly RaceCell[])[], seed: number, resamples = STABILITY_RESAMPLES): RaceStability {
  const rng = new Rng(seed);
  const m = cells.length;
  const n = cells[0]!.length;
  const values: number[] = [];
  const rowSupport = new Array<number>(m).fill(0);
  const colSupport = new Array<number>(n).fill(0);
  const rowMean = new Array<number>(m).fill(0);
  const colMean = new Array<number>(n).fill(0);
  for (let k = 0; k < resamples; k++) {
    const a = cells.map((r) => r.map((c) => Math.min(1, Math.max(0, c.mean + (c.se ?? 0) * normal(rng)))));
    const s = solveZeroSum(a);
    if (!s.ok) throw s.error;
    values.push(s.value.value);
    s.value.row.forEach((p, i) => {
      if (p > 0) rowSupport[i]!++;
      rowMean[i]! += p;
    });
    s.value.col.forEach((p, j) => {
      if (p > 0) colSupport[j]!++;
      colMean[j]! += p;
    });
  }
  values.sort((x, y) => x - y);
  const at = (q: number): number => values[Math.min(resamples - 1, Math.floor(q * resamples))]!;
  const share = (xs: number[]): number[] => xs.map((x) => x / resamples);
  return {
    resamples,
    valueLow: at(0.025),
    valueHigh: at(0.975),
    rowSupport: share(rowSupport),
    colSupport: share(colSupport),
    rowMean: share(rowMean),
    colMean: share(colMean),
  };
}

/** The file of a computed matrix and its solution. */
export function raceResultFile(
  game: Game,
  matrix: RaceMatrix,
  solution: ZeroSumSolution,
  meta: { seed: number; budget: RaceBudget; date: string; seconds: number },
): RaceResultFile {
  return {
    format: RACE_FORMAT,
    rulesetId: game.ruleset.info.id,
    options: { ...game.options },
    date: meta.date,
    seed: meta.seed,
    budget: { agent: meta.budget.agent, games: meta.budget.games },
    seconds: Math.round(meta.seconds * 10) / 10,
    payoff: PAYOFF_TEXT,
    rows: matrix.rows,
    cols: matrix.cols,
    cells: matrix.cells,
    equilibrium: {
      value: solution.value,
      row: solution.row,
      col: solution.col,
      rowGuarantee: solution.rowGuarantee,
      colGuarantee: solution.colGuarantee,
    },
    stability: raceStability(matrix.cells, meta.seed),
  };
}

const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);
const isInt = (x: unknown): x is number => typeof x === 'number' && Number.isInteger(x);
const isProb = (x: unknown): x is number => typeof x === 'number' && Number.isFinite(x) && x >= 0 && x <= 1;

/** Problems with a cell (`at` names it). */
function cellProblems(c: unknown, games: number, at: string): string[] {
  if (!isObject(c)) return [`${at} is not an object`];
  const out: string[] = [];
  if (!isProb(c['mean'])) out.push(`${at}.mean must be a score within 0..1, not ${String(c['mean'])}`);
  const se = c['se'];
  if (se !== null && !(typeof se === 'number' && Number.isFinite(se) && se >= 0)) out.push(`${at}.se must be null or a number >= 0`);
  const [w, d, l] = [c['wins'], c['draws'], c['losses']];
  if (c['games'] !== games) out.push(`${at}.games is ${String(c['games'])}, the budget says ${games}`);
  if (!isInt(w) || !isInt(d) || !isInt(l) || w < 0 || d < 0 || l < 0 || w + d + l !== games) {
    out.push(`${at}: wins, draws and losses must be counts adding up to ${games}`);
  } else if (c['raceWinner'] !== 0 && isProb(c['mean']) && Math.abs((w + d / 2) / games - c['mean']) > RACE_TOLERANCE) {
    out.push(`${at}.mean is ${c['mean']}, but ${w} wins and ${d} draws in ${games} games score ${(w + d / 2) / games}`);
  }
  if (c['raceWinner'] !== 0 && c['raceWinner'] !== 1 && c['raceWinner'] !== 2) out.push(`${at}.raceWinner must be 0, 1 or 2`);
  if (!isInt(c['ticks']) || c['ticks'] < 0) out.push(`${at}.ticks must be a count`);
  if (typeof c['meanDecisions'] !== 'number' || !(c['meanDecisions'] >= 0)) out.push(`${at}.meanDecisions must be a number >= 0`);
  return out;
}

/** Problems with a strategy over `n` choices (`at` names it). */
function strategyProblems(p: unknown, n: number, at: string): string[] {
  if (!Array.isArray(p) || p.length !== n) return [`${at} must list ${n} probabilities`];
  if (!p.every(isProb)) return [`${at} must hold probabilities within 0..1`];
  const sum = p.reduce((a: number, b: number) => a + b, 0);
  return Math.abs(sum - 1) > RACE_TOLERANCE ? [`${at} sums to ${sum}, not 1`] : [];
}

/** Problems with the matrix part: holes, cells, budget. */
function matrixProblems(f: Record<string, unknown>): string[] {
  const out: string[] = [];
  const holes = (k: string): number[] | null => {
    const v = f[k];
    if (!Array.isArray(v) || v.length === 0 || !v.every(isInt) || new Set(v).size !== v.length) {
      out.push(`${k} must be a non-empty list of distinct hole numbers`);
      return null;
    }
    return v;
  };
  const rows = holes('rows');
  const cols = holes('cols');
  const budget = f['budget'];
  const b =
    isObject(budget) && typeof budget['agent'] === 'string' && isInt(budget['games'])
      ? checkRaceBudget(budget as unknown as RaceBudget)
      : null;
  if (b === null || !b.ok)
    out.push(`budget must be { agent, games } with a deterministic agent${b && !b.ok ? `: ${b.error.message}` : ''}`);
  if (!rows || !cols || b === null || !b.ok) return out;
  const cells = f['cells'];
  if (!Array.isArray(cells) || cells.length !== rows.length || !cells.every((r) => Array.isArray(r) && r.length === cols.length)) {
    out.push(`cells must be ${rows.length} rows of ${cols.length} cells`);
    return out;
  }
  cells.forEach((r: unknown[], i) => {
    r.forEach((c, j) => {
      out.push(...cellProblems(c, b.value.games, `cells[${i}][${j}] (${rows[i]} vs ${cols[j]})`));
    });
  });
  return out;
}

/** Problems with the equilibrium: probabilities, and an equilibrium of the stored matrix with the solver's value. */
function equilibriumProblems(f: RaceResultFile): string[] {
  const eq = f.equilibrium as unknown;
  if (!isObject(eq)) return ['equilibrium is missing'];
  const out = [
    ...strategyProblems(eq['row'], f.rows.length, 'equilibrium.row'),
    ...strategyProblems(eq['col'], f.cols.length, 'equilibrium.col'),
  ];
  if (typeof eq['value'] !== 'number') out.push('equilibrium.value must be a number');
  if (out.length) return out;
  const a = payoffMatrix(f);
  const solved = solveZeroSum(a);
  if (!solved.ok) return [`the matrix cannot be solved: ${solved.error.message}`];
  const e = f.equilibrium;
  if (Math.abs(solved.value.value - e.value) > RACE_TOLERANCE)
    out.push(`equilibrium.value is ${e.value}; the matrix's value is ${solved.value.value}`);
  const gap = equilibriumGap(a, e.value, e.row, e.col);
  if (gap > RACE_TOLERANCE) out.push(`the stored strategies are not an equilibrium of the stored matrix: a pure strategy gains ${gap}`);
  const st = f.stability as unknown;
  if (!isObject(st) || !isInt(st['resamples']) || !isProb(st['valueLow']) || !isProb(st['valueHigh']))
    out.push('stability is missing or malformed');
  else {
    for (const [k, n] of [
      ['rowSupport', f.rows.length],
      ['colSupport', f.cols.length],
      ['rowMean', f.rows.length],
      ['colMean', f.cols.length],
    ] as const) {
      const v = st[k];
      if (!Array.isArray(v) || v.length !== n || !v.every(isProb)) out.push(`stability.${k} must list ${n} shares within 0..1`);
    }
  }
  return out;
}

/**
 * Everything wrong with a race result file, as sentences (none = well-formed). With `game`
 * (built from the file's ruleset and options), the holes must also be the game's race choices.
 */
export function raceFileProblems(data: unknown, game?: Game): string[] {
  if (!isObject(data)) return ['the file is not a JSON object'];
  if (data['format'] !== RACE_FORMAT) return [`format must be '${RACE_FORMAT}', not ${JSON.stringify(data['format'])}`];
  const out: string[] = [];
  if (typeof data['rulesetId'] !== 'string') out.push('rulesetId must be a ruleset id');
  if (!isObject(data['options'])) out.push('options must name every option of the game');
  if (typeof data['date'] !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(data['date'])) out.push('date must be YYYY-MM-DD');
  if (!isInt(data['seed']) || data['seed'] < 0) out.push('seed must be a whole number >= 0');
  if (typeof data['seconds'] !== 'number' || !(data['seconds'] >= 0)) out.push('seconds must be a number >= 0');
  if (typeof data['payoff'] !== 'string') out.push('payoff must say what a cell holds');
  out.push(...matrixProblems(data));
  if (out.length) return out;
  const f = data as unknown as RaceResultFile;
  out.push(...equilibriumProblems(f));
  if (game) {
    if (game.ruleset.info.id !== f.rulesetId) out.push(`the file is for ${f.rulesetId}, the game is ${game.ruleset.info.id}`);
    const ch = raceChoices(game, f.seed);
    if (!ch.ok) out.push(ch.error.message);
    else if (ch.value.rows.join() !== f.rows.join() || ch.value.cols.join() !== f.cols.join()) {
      const theirs = `${ch.value.rows.join(',')} | ${ch.value.cols.join(',')}`;
      out.push(`the game's race choices are ${theirs}, the file has ${f.rows.join(',')} | ${f.cols.join(',')}`);
    }
  }
  return out;
}
