/**
 * The benchmark's measurements (one thread each): random full matches, random one-round
 * playouts, MCTS iterations and alpha-beta nodes from the start, the memory of a position, and
 * the random one-round statistics used to check the `ludii` preset against Ludii's figures.
 * Each figure is the median of several repeats.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { Game } from '../core/game.js';
import { Rng } from '../core/rng.js';
import { PHASE_OVER, type State } from '../core/state.js';
import { AlphaBetaAgent } from '../ai/alphabeta.js';
import { MctsAgent } from '../ai/mcts.js';
import { RandomPlayout } from '../ai/playout.js';

export const median = (xs: readonly number[]): number => {
  const a = [...xs].sort((x, y) => x - y);
  const m = a.length >> 1;
  return a.length % 2 ? a[m]! : (a[m - 1]! + a[m]!) / 2;
};

/** Runs `step` (which reports how many units it did) until `ms` have passed; units per second. */
function rate(ms: number, step: () => number): number {
  const t0 = performance.now();
  let units = 0;
  let t = t0;
  do {
    units += step();
    t = performance.now();
  } while (t - t0 < ms);
  return (units * 1000) / (t - t0);
}

/** Random full matches per second, and the mean decisions per match. */
export function randomMatches(game: Game, ms: number, seed: number): { perSecond: number; plies: number } {
  const rng = new Rng(seed);
  const s0 = game.newState(seed);
  const s = s0.clone();
  const po = new RandomPlayout(game, s0);
  let plies = 0;
  let matches = 0;
  const perSecond = rate(ms, () => {
    s.copyFrom(game.newState(rng.nextUint32()));
    while (s.phase !== PHASE_OVER) plies += po.run(s, rng, 1 << 16);
    matches++;
    return 1;
  });
  return { perSecond, plies: plies / Math.max(1, matches) };
}

/** Random playouts of the first round per second (from the start of the match). */
export function randomRounds(game: Game, ms: number, seed: number): number {
  const rng = new Rng(seed);
  const start = game.newState(seed);
  const s = start.clone();
  const po = new RandomPlayout(game, start);
  return rate(ms, () => {
    let n = 0;
    for (let i = 0; i < 64; i++) {
      s.copyFrom(start);
      po.run(s, rng, 1 << 16, true);
      n++;
    }
    return n;
  });
}

/** Results of `games` random one-round matches from seeded starts: P1 wins, P2 wins, draws. */
export function roundStatistics(
  game: Game,
  games: number,
  seed: number,
): { p1: number; p2: number; draws: number; games: number; unfinished: number } {
  const rng = new Rng(seed);
  const s0 = game.newState(seed);
  const s = s0.clone();
  const po = new RandomPlayout(game, s0);
  let p1 = 0;
  let p2 = 0;
  let draws = 0;
  let unfinished = 0;
  for (let i = 0; i < games; i++) {
    s.copyFrom(game.newState(rng.nextUint32()));
    while (s.phase !== PHASE_OVER && s.ply < 1_000_000) po.run(s, rng, 1 << 16);
    if (s.phase !== PHASE_OVER) unfinished++;
    else if (s.winner === 1) p1++;
    else if (s.winner === 2) p2++;
    else draws++;
  }
  return { p1, p2, draws, games, unfinished };
}

/** MCTS iterations per second from the start (fresh tree), with the given playout depth. */
export function mctsRate(game: Game, budget: { iterations?: number; timeMs?: number }, playoutDepth: number, seed: number): number {
  const s = game.newState(seed);
  const agent = new MctsAgent(seed, { ...budget, playoutDepth, reuse: false });
  const p = s.toMove === 0 ? 1 : s.toMove;
  const t0 = performance.now();
  const r = agent.chooseFor(game, s, p);
  const t = performance.now() - t0;
  return ((r.iterations ?? 0) * 1000) / t;
}

/** Alpha-beta nodes per second from the start, searching for `ms`. */
export function alphaBetaRate(game: Game, ms: number, seed: number): number {
  const s = game.newState(seed);
  const agent = new AlphaBetaAgent(seed, { timeMs: ms });
  const p = s.toMove === 0 ? 1 : s.toMove;
  const t0 = performance.now();
  const r = agent.chooseFor(game, s, p, { timeMs: ms });
  const t = performance.now() - t0;
  return ((r.nodes ?? 0) * 1000) / t;
}

/**
 * Memory of one position: the heap and array-buffer growth of keeping `n` clones, divided by n
 * (measured, so it includes object headers), and the typed arrays' own bytes.
 */
export function bytesPerPosition(s: State, n = 20_000): { measured: number; arrays: number } {
  const arrays =
    s.counts.byteLength +
    s.owners.byteLength +
    s.marks.byteLength +
    s.captured.byteLength +
    s.reserve.byteLength +
    s.active.byteLength +
    s.scores.byteLength +
    s.raceHand.byteLength +
    s.raceCursor.byteLength +
    s.raceDone.byteLength +
    s.aux.byteLength +
    s.history.byteLength;
  const g = collector();
  const samples: number[] = [];
  for (let r = 0; r < 5; r++) {
    g?.();
    const before = process.memoryUsage();
    const keep: State[] = [];
    for (let i = 0; i < n; i++) keep.push(s.clone());
    // Collect the garbage made meanwhile; the clones are kept alive by `keep`.
    g?.();
    const after = process.memoryUsage();
    if (keep.length !== n) throw new Error('unreachable');
    samples.push((after.heapUsed - before.heapUsed + (after.arrayBuffers - before.arrayBuffers)) / n);
  }
  return { measured: median(samples), arrays };
}

/** The garbage collector as a function (exposed at run time), or undefined where it cannot be. */
function collector(): (() => void) | undefined {
  try {
    setFlagsFromString('--expose-gc');
    return runInNewContext('gc') as () => void;
  } catch {
    return undefined;
  }
}
