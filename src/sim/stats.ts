/** Statistics for simulations and tournaments: intervals, summaries of lengths, ratings. */

/** Wilson score interval (95% by default) of a proportion `k / n`. */
export function wilson(k: number, n: number, z = 1.96): { p: number; lo: number; hi: number } {
  if (n === 0) return { p: 0, lo: 0, hi: 1 };
  const p = k / n;
  const z2 = z * z;
  const d = 1 + z2 / n;
  const centre = (p + z2 / (2 * n)) / d;
  const half = (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / d;
  return { p, lo: Math.max(0, centre - half), hi: Math.min(1, centre + half) };
}

export interface Spread {
  mean: number;
  median: number;
  max: number;
  min: number;
}

export function spread(xs: readonly number[]): Spread {
  if (xs.length === 0) return { mean: 0, median: 0, max: 0, min: 0 };
  const a = [...xs].sort((x, y) => x - y);
  const mid = a.length >> 1;
  return {
    mean: a.reduce((s, x) => s + x, 0) / a.length,
    median: a.length % 2 ? a[mid]! : (a[mid - 1]! + a[mid]!) / 2,
    max: a[a.length - 1]!,
    min: a[0]!,
  };
}

export interface PairResult {
  /** Index of the two players. */
  a: number;
  b: number;
  /** Score of a against b: 1 win, 0.5 draw, 0 loss. */
  score: number;
}

export interface Rating {
  elo: number;
  /** Half-width of the 95% interval. */
  error: number;
}

/**
 * Bradley-Terry ratings by maximum likelihood (draws count half a win each way), as Elo points
 * with the mean at 0. Error bars come from the inverse of the Fisher information (the player with
 * index 0 pinned, then re-centred). A small prior of one draw against a virtual average player
 * keeps ratings finite when someone wins or loses everything.
 */
export function bradleyTerry(n: number, games: readonly PairResult[]): Rating[] {
  if (n === 0) return [];
  const wins = new Float64Array(n);
  const pairs = new Map<number, { a: number; b: number; n: number }>();
  for (const g of games) {
    wins[g.a]! += g.score;
    wins[g.b]! += 1 - g.score;
    const key = g.a < g.b ? g.a * n + g.b : g.b * n + g.a;
    const e = pairs.get(key) ?? { a: Math.min(g.a, g.b), b: Math.max(g.a, g.b), n: 0 };
    e.n++;
    pairs.set(key, e);
  }
  // Prior: one drawn game against a virtual player of strength 1.
  const gamma = new Float64Array(n).fill(1);
  for (let iter = 0; iter < 5000; iter++) {
    let change = 0;
    for (let i = 0; i < n; i++) {
      let denom = 1 / (gamma[i]! + 1);
      for (const e of pairs.values()) {
        if (e.a === i) denom += e.n / (gamma[i]! + gamma[e.b]!);
        else if (e.b === i) denom += e.n / (gamma[i]! + gamma[e.a]!);
      }
      const g = (wins[i]! + 0.5) / denom;
      change = Math.max(change, Math.abs(Math.log(g / gamma[i]!)));
      gamma[i] = g;
    }
    if (change < 1e-10) break;
  }
  const theta = Array.from(gamma, (g) => Math.log(g));
  // Fisher information of the log-strengths (with the prior).
  const info: number[][] = Array.from({ length: n }, () => new Array<number>(n).fill(0));
  for (let i = 0; i < n; i++) {
    const p = 1 / (1 + Math.exp(-theta[i]!));
    info[i]![i]! += p * (1 - p);
  }
  for (const e of pairs.values()) {
    const p = 1 / (1 + Math.exp(theta[e.b]! - theta[e.a]!));
    const w = e.n * p * (1 - p);
    info[e.a]![e.a]! += w;
    info[e.b]![e.b]! += w;
    info[e.a]![e.b]! -= w;
    info[e.b]![e.a]! -= w;
  }
  const cov = invert(info);
  const scale = 400 / Math.LN10;
  const mean = theta.reduce((s, x) => s + x, 0) / n;
  return theta.map((t, i) => ({
    elo: (t - mean) * scale,
    error: 1.96 * Math.sqrt(Math.max(0, cov?.[i]?.[i] ?? Infinity)) * scale,
  }));
}

function invert(m: number[][]): number[][] | null {
  const n = m.length;
  const a = m.map((row, i) => [...row, ...Array.from({ length: n }, (_, j) => (i === j ? 1 : 0))]);
  for (let c = 0; c < n; c++) {
    let piv = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(a[r]![c]!) > Math.abs(a[piv]![c]!)) piv = r;
    if (Math.abs(a[piv]![c]!) < 1e-15) return null;
    [a[c], a[piv]] = [a[piv]!, a[c]!];
    const d = a[c]![c]!;
    for (let j = 0; j < 2 * n; j++) a[c]![j]! /= d;
    for (let r = 0; r < n; r++) {
      if (r === c) continue;
      const f = a[r]![c]!;
      if (f === 0) continue;
      for (let j = 0; j < 2 * n; j++) a[r]![j]! -= f * a[c]![j]!;
    }
  }
  return a.map((row) => row.slice(n));
}
