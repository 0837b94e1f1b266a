/**
 * Two-player zero-sum matrix games, solved exactly by linear programming: the equilibrium
 * (maximin) mixed strategies of both players and the value of the game.
 *
 * `a[i][j]` is what the row player receives (and the column player pays) when the row player
 * picks row i and the column player column j. The row player maximises, the column player
 * minimises. The matrix is shifted so that every entry is at least 1 (the value is then
 * positive), and the column player's program, maximise sum(y) subject to A'y <= 1, y >= 0, is
 * solved by the tableau simplex method with Bland's rule (no cycling on the degenerate programs
 * that games are full of). Its optimum gives the column strategy y / sum(y) and the value
 * 1 / sum(y); the dual prices of its constraints, read off the final tableau, give the row
 * strategy. Both are checked afterwards: no pure strategy of either player may beat the value.
 *
 * @example
 *   const s = unwrap(solveZeroSum([[1, 0], [0, 1]])); // matching pennies for the matcher
 *   s.value; // 0.5
 *   s.row;   // [0.5, 0.5]
 */
import { err, ok, type Result } from '../core/errors.js';

export interface ZeroSumSolution {
  /** The value of the game to the row player. */
  readonly value: number;
  /** The row player's equilibrium mixed strategy (probabilities over rows, summing to 1). */
  readonly row: number[];
  /** The column player's equilibrium mixed strategy. */
  readonly col: number[];
  /** What the row strategy guarantees: its worst payoff over the columns (the value, up to rounding). */
  readonly rowGuarantee: number;
  /** What the column strategy concedes at most: the row player's best payoff against it. */
  readonly colGuarantee: number;
  /** Simplex pivots made. */
  readonly pivots: number;
}

/** Largest matrix side accepted: the dense tableau is (rows + 1) x (rows + cols + 1). */
export const MAX_GAME_SIDE = 500;
/** Pivot and optimality tolerance of the simplex on the shifted matrix (entries in [1, 1 + spread]). */
const EPS = 1e-12;
/** Probabilities below this are rounding noise from the simplex: set to zero before renormalising. */
const PROB_FLOOR = 1e-13;

/** Checks that `a` is a non-empty rectangular matrix of finite numbers. */
function checkMatrix(a: readonly (readonly number[])[]): Result<{ m: number; n: number }> {
  const m = a.length;
  if (m === 0) return err('ERR_ARGUMENT', 'a matrix game needs at least one row');
  const n = a[0]!.length;
  if (n === 0) return err('ERR_ARGUMENT', 'a matrix game needs at least one column');
  if (m > MAX_GAME_SIDE || n > MAX_GAME_SIDE) {
    return err('ERR_ARGUMENT', `a matrix game of ${m} x ${n} is beyond the solver's ${MAX_GAME_SIDE} x ${MAX_GAME_SIDE}`);
  }
  for (let i = 0; i < m; i++) {
    const r = a[i]!;
    if (r.length !== n) return err('ERR_ARGUMENT', `row ${i} has ${r.length} entries, row 0 has ${n}: the matrix must be rectangular`);
    for (let j = 0; j < n; j++) {
      if (!Number.isFinite(r[j])) return err('ERR_ARGUMENT', `entry [${i}][${j}] is ${r[j]}, not a finite number`, `[${i}][${j}]`);
    }
  }
  return ok({ m, n });
}

/** Scales non-negative weights to probabilities, dropping rounding noise. */
function normalise(w: Float64Array): number[] {
  let sum = 0;
  for (const x of w) sum += x > PROB_FLOOR ? x : 0;
  return Array.from(w, (x) => (x > PROB_FLOOR ? x / sum : 0));
}

/** The row player's worst payoff against `row` mixed, over the pure columns. */
export function rowSecurity(a: readonly (readonly number[])[], row: readonly number[]): number {
  let worst = Infinity;
  for (let j = 0; j < a[0]!.length; j++) {
    let v = 0;
    for (let i = 0; i < a.length; i++) v += row[i]! * a[i]![j]!;
    worst = Math.min(worst, v);
  }
  return worst;
}

/** The row player's best payoff, over the pure rows, against `col` mixed. */
export function colSecurity(a: readonly (readonly number[])[], col: readonly number[]): number {
  let best = -Infinity;
  for (const r of a) {
    let v = 0;
    for (let j = 0; j < r.length; j++) v += r[j]! * col[j]!;
    best = Math.max(best, v);
  }
  return best;
}

/**
 * Runs the simplex on the tableau `t` (m constraint rows then the objective row, each of width
 * `w`, the right-hand side last) with basis `basis`. Returns the pivots made, or -1 when a
 * safety cap is reached (Bland's rule cannot cycle in exact arithmetic; the cap guards rounding).
 */
function simplex(t: Float64Array[], basis: Int32Array, w: number): number {
  const m = basis.length;
  const z = t[m]!;
  const rhs = w - 1;
  const cap = 50 * w + 1000;
  for (let pivots = 0; ; pivots++) {
    if (pivots > cap) return -1;
    // Bland's rule: the entering column is the first with a negative reduced cost...
    let enter = -1;
    for (let j = 0; j < rhs; j++) {
      if (z[j]! < -EPS) {
        enter = j;
        break;
      }
    }
    if (enter < 0) return pivots;
    // ...and the leaving row the one of least ratio, ties to the smallest basic variable.
    let leave = -1;
    let best = Infinity;
    for (let i = 0; i < m; i++) {
      const coef = t[i]![enter]!;
      if (coef <= EPS) continue;
      const ratio = t[i]![rhs]! / coef;
      if (ratio < best - EPS || (ratio <= best + EPS && leave >= 0 && basis[i]! < basis[leave]!)) {
        best = ratio;
        leave = i;
      }
    }
    // Bounded: every entry of the shifted matrix is at least 1, so some row always limits.
    if (leave < 0) return pivots;
    const pr = t[leave]!;
    const pv = pr[enter]!;
    for (let j = 0; j < w; j++) pr[j]! /= pv;
    for (let i = 0; i <= m; i++) {
      if (i === leave) continue;
      const r = t[i]!;
      const f = r[enter]!;
      if (f === 0) continue;
      for (let j = 0; j < w; j++) r[j]! -= f * pr[j]!;
    }
    basis[leave] = enter;
  }
}

/**
 * Solves the zero-sum game `a` (row player's payoffs): equilibrium mixed strategies and value.
 * Errors (ERR_ARGUMENT) for an empty, ragged, oversized or non-finite matrix.
 */
export function solveZeroSum(a: readonly (readonly number[])[]): Result<ZeroSumSolution> {
  const shape = checkMatrix(a);
  if (!shape.ok) return shape;
  const { m, n } = shape.value;
  let lo = Infinity;
  for (const r of a) for (const x of r) lo = Math.min(lo, x);
  const shift = 1 - lo;
  // Tableau: m rows [A' | I | 1], objective row [-1 ... -1 | 0 ... 0 | 0].
  const w = n + m + 1;
  const t: Float64Array[] = [];
  for (let i = 0; i < m; i++) {
    const r = new Float64Array(w);
    for (let j = 0; j < n; j++) r[j] = a[i]![j]! + shift;
    r[n + i] = 1;
    r[w - 1] = 1;
    t.push(r);
  }
  const z = new Float64Array(w);
  for (let j = 0; j < n; j++) z[j] = -1;
  t.push(z);
  const basis = new Int32Array(m);
  for (let i = 0; i < m; i++) basis[i] = n + i;
  const pivots = simplex(t, basis, w);
  if (pivots < 0) return err('ERR_INTERNAL', `the simplex did not converge on a ${m} x ${n} game (rounding); rescale the payoffs`);
  const y = new Float64Array(n);
  for (let i = 0; i < m; i++) if (basis[i]! < n) y[basis[i]!] = t[i]![w - 1]!;
  // The dual prices of the constraints are the reduced costs of their slack variables.
  const x = new Float64Array(m);
  for (let i = 0; i < m; i++) x[i] = Math.max(0, z[n + i]!);
  const total = z[w - 1]!;
  if (!(total > 0)) return err('ERR_INTERNAL', `the simplex ended with sum(y) = ${total}; the shifted game must have a positive value`);
  const row = normalise(x);
  const col = normalise(y);
  const value = 1 / total - shift;
  return ok({ value, row, col, rowGuarantee: rowSecurity(a, row), colGuarantee: colSecurity(a, col), pivots });
}

/**
 * How far a claimed solution is from an equilibrium: the most either player gains by a pure
 * deviation from it (0 at an exact equilibrium; the solver's answers are within 1e-9).
 */
export function equilibriumGap(a: readonly (readonly number[])[], value: number, row: readonly number[], col: readonly number[]): number {
  return Math.max(0, value - rowSecurity(a, row), colSecurity(a, col) - value);
}
