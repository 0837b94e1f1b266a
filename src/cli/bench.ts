/**
 * `gabata bench [--quick] [--json] [--repeats N] [--ruleset R]...`: speed and memory, one thread
 * unless stated, medians of several repeats, printed as a markdown table (the README keeps the
 * latest). Reproduce with `npm run bench`.
 */
import { availableParallelism, cpus } from 'node:os';
import { LUDII_ADOWA } from '../sim/ludii-reference.js';
import { parseArgs } from 'node:util';
import { deriveSeed, GabataError, type Game, unwrap } from '@gabata/engine/core';
import { RULESETS, getRuleset } from '@gabata/engine/games';
import {
  alphaBetaRate,
  bytesPerPosition,
  median,
  mctsRate,
  randomMatches,
  randomRounds,
  roundStatistics,
  simulateThroughput,
  type Throughput,
} from '../sim/bench.js';
import { wilson } from '../sim/stats.js';
import { EXIT_OK, fail, printJSON } from './args.js';

const HELP = `usage: gabata bench [--quick] [--json] [--repeats N] [--ruleset R]...

Measures, per ruleset with default options (one thread): random full matches per second, random
playouts of one round per second, MCTS iterations per second from the start (playouts of 8
decisions, and playouts to the end of the round), alpha-beta nodes per second, bytes per
position; for gabata-adowa the same under the ludii preset with rounds=1 and the win statistics
of random one-round games (Ludii: P1 54.5%, P2 40.0%, draws 5.5%); for abalalae each seat's
share of random one-round games under raceTie=coin, raceTie=tickOrder and the ludii preset, with
95% intervals (SPEC §12); and the throughput of simulate's batch runner with random agents
(gabata-adowa under ludii with rounds=1, and abalalae): one worker thread against the engine's
own random match rate, two workers against one, and two bare threads against one (what the
machine allows at that moment). --quick runs shorter measurements. Random play never concedes
while it has another move.`;

interface Row {
  ruleset: string;
  setting: string;
  matchesPerSecond: number;
  pliesPerMatch: number;
  roundPlayoutsPerSecond: number;
  mctsIterationsPerSecond: number;
  mctsFullPlayoutIterationsPerSecond: number;
  alphaBetaNodesPerSecond: number;
  bytesPerPosition: number;
  arrayBytesPerPosition: number;
}

const fmt = (x: number): string => (x >= 100 ? Math.round(x).toLocaleString('en-US') : x.toFixed(1));

/** What to measure, from the arguments. */
interface BenchPlan {
  quick: boolean;
  json: boolean;
  repeats: number;
  /** Rulesets named with --ruleset (all of them by default). */
  selected: string[];
  /** Milliseconds per timed measurement. */
  ms: number;
  mctsIterations: number;
  /** Random one-round games behind each win statistic. */
  statsGames: number;
}

/** Win shares of random one-round games (`roundStatistics`). */
type Shares = ReturnType<typeof roundStatistics>;

/** Each seat's share of Abalala'e games under one setting. */
type SeatShares = { setting: string } & Shares;

/** Throughput of simulate's batch runner in one setting. */
type SimulateRow = { ruleset: string; setting: string } & Throughput;

const log = (t: string): void => {
  process.stderr.write(t + '\n');
};

export async function run(args: string[]): Promise<number> {
  const plan = parseBenchArgs(args);
  if (typeof plan === 'number') return plan;
  const settings = benchSettings(plan.selected);
  if (typeof settings === 'number') return settings;
  const rows = settings.map((st) => measureSetting(st, plan));
  const ludii = ludiiStatistics(plan);
  const seats = abalalaeSeats(plan);
  const simulate = await simulateRows(plan);
  const machine = { cpu: cpus()[0]?.model ?? 'unknown', cores: availableParallelism(), node: process.version };
  if (plan.json) {
    printJSON({ machine, quick: plan.quick, repeats: plan.repeats, rows, ludii, abalalaeSeats: seats, simulate });
    return EXIT_OK;
  }
  const title =
    `Benchmark (${plan.quick ? 'quick, ' : ''}median of ${plan.repeats}; ${machine.cpu}, ${machine.cores} cores, ` +
    `Node ${machine.node}; one thread unless stated)`;
  const lines = [title, '', ...rowsTable(rows), ...ludiiLines(ludii), ...seatLines(seats, plan.statsGames)];
  lines.push('', 'Random play draws uniformly among the legal moves, except that it does not concede while it has another move (Selus).');
  lines.push(...simulateLines(simulate));
  process.stdout.write(lines.join('\n') + '\n');
  return EXIT_OK;
}

/** The plan of the arguments, or the exit code after saying what is wrong with them. */
function parseBenchArgs(args: string[]): BenchPlan | number {
  let v: Record<string, unknown>;
  try {
    v = parseArgs({
      args,
      options: {
        quick: { type: 'boolean' },
        json: { type: 'boolean' },
        repeats: { type: 'string' },
        ruleset: { type: 'string', multiple: true },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
    }).values;
  } catch (e) {
    return fail('bench', new GabataError('ERR_ARGUMENT', (e as Error).message), HELP);
  }
  if (v['help']) {
    process.stdout.write(HELP + '\n');
    return EXIT_OK;
  }
  const quick = v['quick'] === true;
  const repeats = v['repeats'] !== undefined ? Number(v['repeats']) : quick ? 1 : 5;
  if (!Number.isInteger(repeats) || repeats < 1)
    return fail('bench', new GabataError('ERR_ARGUMENT', '--repeats takes a positive whole number', '--repeats'));
  return {
    quick,
    json: v['json'] === true,
    repeats,
    selected: (v['ruleset'] as string[] | undefined) ?? RULESETS.map((r) => r.info.id),
    ms: quick ? 200 : 1000,
    mctsIterations: quick ? 5_000 : 30_000,
    statsGames: quick ? 2_000 : 20_000,
  };
}

interface BenchSetting {
  ruleset: string;
  setting: string;
  given: Record<string, unknown>;
}

/** The settings measured: each selected ruleset by default, and gabata-adowa under Ludii's rules too. */
function benchSettings(selected: readonly string[]): BenchSetting[] | number {
  const settings: BenchSetting[] = [];
  for (const name of selected) {
    const rs = getRuleset(name);
    if (!rs.ok) return fail('bench', rs.error);
    settings.push({ ruleset: rs.value.info.id, setting: 'default', given: {} });
    if (rs.value.info.id === 'gabata-adowa')
      settings.push({ ruleset: 'gabata-adowa', setting: 'ludii, rounds=1', given: { preset: 'ludii', rounds: 1 } });
  }
  return settings;
}

/** One table row: the medians of `repeats` seeded measurements of each speed. */
function measureSetting(st: BenchSetting, plan: BenchPlan): Row {
  const game: Game = unwrap(unwrap(getRuleset(st.ruleset)).create(st.given));
  log(`bench: ${st.ruleset} (${st.setting})`);
  const { ms } = plan;
  const m: number[] = [];
  const pl: number[] = [];
  const rr: number[] = [];
  const mc: number[] = [];
  const mf: number[] = [];
  const ab: number[] = [];
  for (let r = 0; r < plan.repeats; r++) {
    const seed = deriveSeed(7, r);
    const rm = randomMatches(game, ms, seed);
    m.push(rm.perSecond);
    pl.push(rm.plies);
    rr.push(randomRounds(game, ms, seed));
    mc.push(mctsRate(game, { iterations: plan.mctsIterations }, 8, seed));
    mf.push(mctsRate(game, { timeMs: ms }, 100_000, seed));
    ab.push(alphaBetaRate(game, ms, seed));
  }
  const bytes = bytesPerPosition(game.newState(1));
  return {
    ruleset: st.ruleset,
    setting: st.setting,
    matchesPerSecond: median(m),
    pliesPerMatch: median(pl),
    roundPlayoutsPerSecond: median(rr),
    mctsIterationsPerSecond: median(mc),
    mctsFullPlayoutIterationsPerSecond: median(mf),
    alphaBetaNodesPerSecond: median(ab),
    bytesPerPosition: bytes.measured,
    arrayBytesPerPosition: bytes.arrays,
  };
}

const isSelected = (plan: BenchPlan, id: string): boolean => plan.selected.some((n) => unwrap(getRuleset(n)).info.id === id);

/** Win statistics of random one-round gabata-adowa games under the ludii preset, when gabata-adowa is measured. */
function ludiiStatistics(plan: BenchPlan): Shares | null {
  if (!isSelected(plan, 'gabata-adowa')) return null;
  log(`bench: ludii-preset statistics over ${plan.statsGames} random one-round games`);
  return roundStatistics(unwrap(unwrap(getRuleset('gabata-adowa')).create({ preset: 'ludii', rounds: 1 })), plan.statsGames, 2026);
}

/**
 * SPEC §12: the race's dead heats are settled by a seeded coin; each seat's share of random
 * one-round Abalala'e matches, under the coin, under the old tick order, and under Ludii's rules.
 */
function abalalaeSeats(plan: BenchPlan): SeatShares[] {
  const seats: SeatShares[] = [];
  if (!isSelected(plan, 'abalalae')) return seats;
  log(`bench: abalalae seat statistics over ${plan.statsGames} random one-round games per setting`);
  const aba = unwrap(getRuleset('abalalae'));
  for (const [setting, given] of [
    ['rounds=1 (raceTie=coin)', { rounds: 1 }],
    ['rounds=1, raceTie=tickOrder', { rounds: 1, raceTie: 'tickOrder' }],
    ['ludii preset (no race, P1 first, one round)', { preset: 'ludii' }],
  ] as const) {
    seats.push({ setting, ...roundStatistics(unwrap(aba.create(given)), plan.statsGames, 2026) });
  }
  return seats;
}

/** The settings of simulate's throughput: gabata-adowa under ludii with one round, and abalalae, when selected. */
async function simulateRows(plan: BenchPlan): Promise<SimulateRow[]> {
  const out: SimulateRow[] = [];
  const settings = [
    { ruleset: 'gabata-adowa', setting: 'ludii, rounds=1', given: { preset: 'ludii', rounds: 1 } },
    { ruleset: 'abalalae', setting: 'default', given: {} },
  ];
  for (const st of settings) {
    if (!isSelected(plan, st.ruleset)) continue;
    log(`bench: simulate throughput, ${st.ruleset} (${st.setting}), 1 and 2 worker threads`);
    const game = unwrap(unwrap(getRuleset(st.ruleset)).create(st.given));
    const th = await simulateThroughput(game, { ruleset: st.ruleset, options: { ...game.options } }, plan.ms, plan.repeats);
    out.push({ ruleset: st.ruleset, setting: st.setting, ...th });
  }
  return out;
}

function simulateLines(rows: readonly SimulateRow[]): string[] {
  if (rows.length === 0) return [];
  const lines = [
    '',
    "simulate's batch runner, random agents (matches/s; ratios are medians of the per-repeat ratios):",
    '',
    '| ruleset | setting | engine alone, 1 thread | 1 worker | 1 worker / engine | 2 workers | 2 workers / 1 | ' +
      '2 bare threads / 1 (the machine now) |',
    '|---|---|---:|---:|---:|---:|---:|---:|',
  ];
  for (const r of rows) {
    lines.push(
      `| ${r.ruleset} | ${r.setting} | ${fmt(r.engine)} | ${fmt(r.oneWorker)} | ${r.oneWorkerShare.toFixed(2)} | ` +
        `${fmt(r.twoWorkers)} | ${r.twoWorkerSpeedup.toFixed(2)}x | ${r.bareThreadSpeedup.toFixed(2)}x |`,
    );
  }
  return lines;
}

function rowsTable(rows: readonly Row[]): string[] {
  const lines = [
    '| ruleset | setting | random matches/s | decisions/match | random one-round playouts/s | MCTS iterations/s ' +
      '(8-decision playouts) | MCTS iterations/s (playouts to the end) | alpha-beta nodes/s | bytes/position ' +
      '(measured / typed arrays) |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const r of rows) {
    lines.push(
      `| ${r.ruleset} | ${r.setting} | ${fmt(r.matchesPerSecond)} | ${fmt(r.pliesPerMatch)} | ` +
        `${fmt(r.roundPlayoutsPerSecond)} | ${fmt(r.mctsIterationsPerSecond)} | ` +
        `${fmt(r.mctsFullPlayoutIterationsPerSecond)} | ${fmt(r.alphaBetaNodesPerSecond)} | ` +
        `${fmt(r.bytesPerPosition)} / ${r.arrayBytesPerPosition} |`,
    );
  }
  return lines;
}

/** The Ludii figures as quoted ("Ludii 1.0.8: 54.5% / 40.0% / 5.5%"), from their record (sim/ludii-reference.ts). */
function ludiiReference(): string {
  const r = LUDII_ADOWA;
  const p = (x: number): string => `${(100 * x).toFixed(1)}%`;
  return `Ludii ${r.ludiiVersion}: ${p(r.p1)} / ${p(r.p2)} / ${p(r.draws)}`;
}

function ludiiLines(ludii: Shares | null): string[] {
  if (!ludii) return [];
  const pct = (k: number): string => `${((100 * k) / ludii.games).toFixed(1)}%`;
  return [
    '',
    `gabata-adowa, ludii preset, rounds=1, ${ludii.games.toLocaleString('en-US')} random games: P1 ` +
      `${pct(ludii.p1)}, P2 ${pct(ludii.p2)}, draws ${pct(ludii.draws)}` +
      `${ludii.unfinished ? `, unfinished ${ludii.unfinished}` : ''} (${ludiiReference()}; 95% ` +
      `sampling error about ±${(196 * Math.sqrt(0.25 / ludii.games)).toFixed(1)} points)`,
  ];
}

function seatLines(seats: readonly SeatShares[], statsGames: number): string[] {
  if (seats.length === 0) return [];
  const share = (k: number, n: number): string => {
    const w = wilson(k, n);
    return `${(100 * w.p).toFixed(1)}% (95% ${(100 * w.lo).toFixed(1)}-${(100 * w.hi).toFixed(1)})`;
  };
  const lines = [
    '',
    `abalalae, ${statsGames.toLocaleString('en-US')} random one-round games per setting:`,
    '',
    '| setting | player 1 wins | player 2 wins | draws |',
    '|---|---:|---:|---:|',
  ];
  for (const x of seats) lines.push(`| ${x.setting} | ${share(x.p1, x.games)} | ${share(x.p2, x.games)} | ${share(x.draws, x.games)} |`);
  return lines;
}
