/**
 * `gabata bench [--quick] [--json] [--repeats N] [--ruleset R]...`: speed and memory, one thread
 * unless stated, medians of several repeats, printed as a markdown table (the README keeps the
 * latest). Reproduce with `npm run bench`.
 */
import { availableParallelism, cpus } from 'node:os';
import { parseArgs } from 'node:util';
import { GabataError, unwrap } from '../core/errors.js';
import type { Game } from '../core/game.js';
import { deriveSeed } from '../core/rng.js';
import { RULESETS, getRuleset } from '../games/index.js';
import { alphaBetaRate, bytesPerPosition, median, mctsRate, randomMatches, randomRounds, roundStatistics } from '../sim/bench.js';
import { wilson } from '../sim/stats.js';
import { MatchPool } from '../sim/pool.js';
import { EXIT_OK, fail, printJSON } from './args.js';

const HELP = `usage: gabata bench [--quick] [--json] [--repeats N] [--ruleset R]...

Measures, per ruleset with default options (one thread): random full matches per second, random
playouts of one round per second, MCTS iterations per second from the start (playouts of 8
decisions, and playouts to the end of the round), alpha-beta nodes per second, bytes per
position; for gabata-adowa the same under the ludii preset with rounds=1 and the win statistics
of random one-round games (Ludii: P1 54.5%, P2 40.0%, draws 5.5%); for abalalae each seat's
share of random one-round games under raceTie=coin, raceTie=tickOrder and the ludii preset, with
95% intervals (SPEC §12); and the speed-up of simulate
with 2 worker threads over 1. --quick runs shorter measurements. Random play never concedes
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

export async function run(args: string[]): Promise<number> {
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
  if (!Number.isInteger(repeats) || repeats < 1) return fail('bench', new GabataError('ERR_ARGUMENT', '--repeats takes a positive whole number', '--repeats'));
  const ms = quick ? 200 : 1000;
  const mctsIterations = quick ? 5_000 : 30_000;
  const statsGames = quick ? 2_000 : 20_000;
  const log = (t: string): void => {
    process.stderr.write(t + '\n');
  };
  const selected = (v['ruleset'] as string[] | undefined) ?? RULESETS.map((r) => r.info.id);
  const settings: { ruleset: string; setting: string; given: Record<string, unknown> }[] = [];
  for (const name of selected) {
    const rs = getRuleset(name);
    if (!rs.ok) return fail('bench', rs.error);
    settings.push({ ruleset: rs.value.info.id, setting: 'default', given: {} });
    if (rs.value.info.id === 'gabata-adowa') settings.push({ ruleset: 'gabata-adowa', setting: 'ludii, rounds=1', given: { preset: 'ludii', rounds: 1 } });
  }
  const rows: Row[] = [];
  for (const st of settings) {
    const game: Game = unwrap(unwrap(getRuleset(st.ruleset)).create(st.given));
    log(`bench: ${st.ruleset} (${st.setting})`);
    const m: number[] = [];
    const pl: number[] = [];
    const rr: number[] = [];
    const mc: number[] = [];
    const mf: number[] = [];
    const ab: number[] = [];
    for (let r = 0; r < repeats; r++) {
      const seed = deriveSeed(7, r);
      const rm = randomMatches(game, ms, seed);
      m.push(rm.perSecond);
      pl.push(rm.plies);
      rr.push(randomRounds(game, ms, seed));
      mc.push(mctsRate(game, { iterations: mctsIterations }, 8, seed));
      mf.push(mctsRate(game, { timeMs: ms }, 100_000, seed));
      ab.push(alphaBetaRate(game, ms, seed));
    }
    const bytes = bytesPerPosition(game.newState(1));
    rows.push({
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
    });
  }
  let ludii: ReturnType<typeof roundStatistics> | null = null;
  if (selected.some((n) => unwrap(getRuleset(n)).info.id === 'gabata-adowa')) {
    log(`bench: ludii-preset statistics over ${statsGames} random one-round games`);
    ludii = roundStatistics(unwrap(unwrap(getRuleset('gabata-adowa')).create({ preset: 'ludii', rounds: 1 })), statsGames, 2026);
  }
  // SPEC §12: the race's dead heats are settled by a seeded coin; each seat's share of random
  // one-round Abalala'e matches, under the coin, under the old tick order, and under Ludii's rules.
  const seats: { setting: string; p1: number; p2: number; draws: number; games: number; unfinished: number }[] = [];
  if (selected.some((n) => unwrap(getRuleset(n)).info.id === 'abalalae')) {
    log(`bench: abalalae seat statistics over ${statsGames} random one-round games per setting`);
    const aba = unwrap(getRuleset('abalalae'));
    for (const [setting, given] of [
      ['rounds=1 (raceTie=coin)', { rounds: 1 }],
      ['rounds=1, raceTie=tickOrder', { rounds: 1, raceTie: 'tickOrder' }],
      ['ludii preset (no race, P1 first, one round)', { preset: 'ludii' }],
    ] as const) {
      seats.push({ setting, ...roundStatistics(unwrap(aba.create(given)), statsGames, 2026) });
    }
  }
  log('bench: simulate with 1 and 2 workers');
  const speedGames = quick ? 16 : 96;
  const timePool = async (workers: number): Promise<number> => {
    const pool = new MatchPool({ ruleset: 'gabata-adowa', options: {}, workers, record: false });
    const tasks = Array.from({ length: speedGames }, (_, i) => ({ index: i, seed: deriveSeed(99, i), agents: ['random', 'random'] }));
    const t0 = performance.now();
    await pool.run(tasks, () => {});
    return (performance.now() - t0) / 1000;
  };
  const one: number[] = [];
  const two: number[] = [];
  for (let r = 0; r < Math.min(repeats, 3); r++) {
    one.push(await timePool(1));
    two.push(await timePool(2));
  }
  const speedup = median(one) / median(two);
  const machine = { cpu: cpus()[0]?.model ?? 'unknown', cores: availableParallelism(), node: process.version };
  if (v['json'] === true) {
    printJSON({ machine, quick, repeats, rows, ludii, abalalaeSeats: seats, simulate: { games: speedGames, oneWorkerSeconds: median(one), twoWorkersSeconds: median(two), speedup } });
    return EXIT_OK;
  }
  const lines = [
    `Benchmark (${quick ? 'quick, ' : ''}median of ${repeats}; ${machine.cpu}, ${machine.cores} cores, Node ${machine.node}; one thread unless stated)`,
    '',
    '| ruleset | setting | random matches/s | decisions/match | random one-round playouts/s | MCTS iterations/s (8-decision playouts) | MCTS iterations/s (playouts to the end) | alpha-beta nodes/s | bytes/position (measured / typed arrays) |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const r of rows) {
    lines.push(
      `| ${r.ruleset} | ${r.setting} | ${fmt(r.matchesPerSecond)} | ${fmt(r.pliesPerMatch)} | ${fmt(r.roundPlayoutsPerSecond)} | ${fmt(r.mctsIterationsPerSecond)} | ${fmt(r.mctsFullPlayoutIterationsPerSecond)} | ${fmt(r.alphaBetaNodesPerSecond)} | ${fmt(r.bytesPerPosition)} / ${r.arrayBytesPerPosition} |`,
    );
  }
  if (ludii) {
    const pct = (k: number): string => `${((100 * k) / ludii!.games).toFixed(1)}%`;
    lines.push(
      '',
      `gabata-adowa, ludii preset, rounds=1, ${ludii.games.toLocaleString('en-US')} random games: P1 ${pct(ludii.p1)}, P2 ${pct(ludii.p2)}, draws ${pct(ludii.draws)}` +
        `${ludii.unfinished ? `, unfinished ${ludii.unfinished}` : ''} (Ludii 1.0.8: 54.5% / 40.0% / 5.5%; 95% sampling error about ±${(196 * Math.sqrt(0.25 / ludii.games)).toFixed(1)} points)`,
    );
  }
  if (seats.length > 0) {
    const share = (k: number, n: number): string => {
      const w = wilson(k, n);
      return `${(100 * w.p).toFixed(1)}% (95% ${(100 * w.lo).toFixed(1)}-${(100 * w.hi).toFixed(1)})`;
    };
    lines.push('', `abalalae, ${statsGames.toLocaleString('en-US')} random one-round games per setting:`, '', '| setting | player 1 wins | player 2 wins | draws |', '|---|---:|---:|---:|');
    for (const x of seats) lines.push(`| ${x.setting} | ${share(x.p1, x.games)} | ${share(x.p2, x.games)} | ${share(x.draws, x.games)} |`);
  }
  lines.push('', 'Random play draws uniformly among the legal moves, except that it does not concede while it has another move (Selus).');
  lines.push(`simulate, ${speedGames} random gabata-adowa matches: 1 worker ${median(one).toFixed(2)} s, 2 workers ${median(two).toFixed(2)} s, speed-up ${speedup.toFixed(2)}x`);
  process.stdout.write(lines.join('\n') + '\n');
  return EXIT_OK;
}
