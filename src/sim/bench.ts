/**
 * The benchmark's measurements (one thread each): random full matches, random one-round
 * playouts, MCTS iterations and alpha-beta nodes from the start, the memory of a position, and
 * the random one-round statistics used to check the `ludii` preset against Ludii's figures.
 * Each figure is the median of several repeats.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { type Game, PHASE_OVER, Rng, type State } from '@gabata/engine/core';
import { AlphaBetaAgent, MctsAgent, RandomPlayout } from '@gabata/engine/ai';
import { Worker } from 'node:worker_threads';
import { defaultBatchSize, splitBatches } from './batch.js';
import { LocalRunner } from './local-runner.js';
import { gameFor } from './task.js';

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

/** What `simulateThroughput` measures: one ruleset setting played by random agents. */
export interface ThroughputSetting {
  ruleset: string;
  /** Resolved options (every option named). */
  options: Record<string, unknown>;
}

/** Medians of `simulateThroughput`, in matches per second, and the ratios between them. */
export interface Throughput {
  /** Random matches per second of the engine alone (`randomMatches`), one thread. */
  engine: number;
  oneWorker: number;
  twoWorkers: number;
  /** oneWorker / engine, the median of the per-repeat ratios. */
  oneWorkerShare: number;
  /** twoWorkers / oneWorker, the median of the per-repeat ratios. */
  twoWorkerSpeedup: number;
  /**
   * What the machine allows now: the speed-up of two bare threads playing the same matches with
   * no runner and no messages over one (median of the per-repeat ratios). On a machine whose other
   * work leaves less than two free cores it is well under 2, and so is `twoWorkerSpeedup`.
   */
  bareThreadSpeedup: number;
  repeats: number;
}

/**
 * Seconds `threads` bare worker threads take to play `games` random matches each (one batch per
 * thread, nothing posted until the end): the parallel ceiling of this machine at this moment.
 */
async function bareThreadSeconds(st: ThroughputSetting, threads: number, games: number, seed: number): Promise<number> {
  const url = new URL('./batch.js', import.meta.url).href;
  const code =
    "const { parentPort, workerData: d } = require('node:worker_threads');" +
    'import(d.url).then((m) => { m.playBatch(d.warm, d.players); parentPort.postMessage(0); parentPort.once("message", () => {' +
    ' m.playBatch(d.spec, d.players); parentPort.postMessage(1); }); });';
  const base = { ruleset: st.ruleset, options: st.options, agents: ['random'], seed, record: false, metrics: false };
  const data = {
    url,
    players: gameFor(st.ruleset, st.options).players,
    warm: { ...base, id: 'bare-warm-up', first: 0, count: Math.max(4, Math.round(games / 5)) },
    spec: { ...base, id: 'bare', first: 0, count: games },
  };
  const workers = Array.from({ length: threads }, () => new Worker(code, { eval: true, workerData: data }));
  try {
    const ready = workers.map((w) => new Promise<unknown>((resolve, reject) => w.once('message', resolve).once('error', reject)));
    await Promise.all(ready);
    const t0 = performance.now();
    const done = workers.map((w) => new Promise<unknown>((resolve, reject) => w.once('message', resolve).once('error', reject)));
    for (const w of workers) w.postMessage('go');
    await Promise.all(done);
    return (performance.now() - t0) / 1000;
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }
}

/**
 * Matches per second of the batch runner playing random matches with `workers` threads, for
 * about `ms`: `games` matches (sized from the engine's rate) after a warm-up run of a fifth as
 * many on the same runner, so thread start-up and compilation are not counted.
 */
async function runnerRate(runner: LocalRunner, st: ThroughputSetting, workers: number, games: number, seed: number): Promise<number> {
  const base = { ruleset: st.ruleset, options: st.options, agents: ['random'], seed, record: false, metrics: false };
  // Warm-up on the same threads (start-up and the compiler's first passes are not counted).
  const warm = Math.max(4 * workers, Math.round(games / 5));
  await runner.run(splitBatches(base, warm, defaultBatchSize(warm, workers), 'bench-warm-up'), () => {});
  const batches = splitBatches(base, games, defaultBatchSize(games, workers), 'bench');
  let played = 0;
  const t0 = performance.now();
  await runner.run(batches, (_spec, matches) => (played += matches.length));
  return (played * 1000) / (performance.now() - t0);
}

/**
 * The throughput of simulate's batch runner against the engine: per repeat, the random match rate
 * of the engine alone (one thread, `randomMatches`), then the runner with one worker thread and
 * with two, each for about `ms`, and two bare threads against one (the machine's parallel ceiling
 * at that moment); medians over the repeats. The machine's load moves every figure, so the ratios
 * are taken within each repeat.
 */
export async function simulateThroughput(game: Game, st: ThroughputSetting, ms: number, repeats: number): Promise<Throughput> {
  const one = new LocalRunner({ workers: 1 });
  const two = new LocalRunner({ workers: 2 });
  const e: number[] = [];
  const w1: number[] = [];
  const w2: number[] = [];
  const share: number[] = [];
  const speedup: number[] = [];
  const bare: number[] = [];
  try {
    for (let r = 0; r < repeats; r++) {
      const engine = randomMatches(game, ms, 11 + r).perSecond;
      const games = Math.max(8, Math.round((engine * ms) / 1000));
      const a = await runnerRate(one, st, 1, games, 11 + r);
      const b = await runnerRate(two, st, 2, 2 * games, 11 + r);
      bare.push((2 * (await bareThreadSeconds(st, 1, games, 11 + r))) / (await bareThreadSeconds(st, 2, games, 11 + r)));
      e.push(engine);
      w1.push(a);
      w2.push(b);
      share.push(a / engine);
      speedup.push(b / a);
    }
  } finally {
    await one.close();
    await two.close();
  }
  return {
    engine: median(e),
    oneWorker: median(w1),
    twoWorkers: median(w2),
    oneWorkerShare: median(share),
    twoWorkerSpeedup: median(speedup),
    bareThreadSpeedup: median(bare),
    repeats,
  };
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
