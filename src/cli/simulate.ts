/**
 * `gabata simulate <ruleset> --games N --agents A,B[,C] [--option name=value]... [--preset P]
 * [--players N] [--seed S] [--workers K] [--batch M] [--queue URL] [--metrics] [--ludii-metrics]
 * [--out FILE.jsonl] [--json]`: many matches between agents, seats rotated, played in batches by a runner (worker
 * threads, or a Redis queue), with a summary. Match i has seed deriveSeed(S, i) whatever the
 * workers or batches, so the same seed gives the same matches. Ctrl-C stops at once and keeps
 * every finished match (in the summary and in the out file, one record per line).
 */
import { appendFileSync, statSync, writeFileSync } from 'node:fs';
import { asGabataError, err, GabataError, type Result } from '@gabata/engine/core';
import { makeAgent } from '@gabata/engine/ai';
import { defaultBatchSize, splitBatches, type BatchSpec, type MatchOutcome } from '../sim/batch.js';
import { openRunner } from '../sim/runners.js';
import type { BatchRunner } from '../sim/runner.js';
import { ludiiMetrics, NOT_DONE } from '../sim/ludii-metrics.js';
import { ludiiMetricsText, noteOf } from '../sim/ludii-words.js';
import { summarise, summaryText } from '../sim/summary.js';
import {
  DEFAULT_WORKERS,
  EXIT_OK,
  EXIT_USAGE,
  fail,
  findRuleset,
  makeGame,
  MAX_WORKERS,
  parseCommon,
  parseWorkers,
  printJSON,
  warnNotes,
} from './args.js';
import { Progress, runBatches } from './progress.js';

const HELP = `usage: gabata simulate <ruleset> --games N --agents A,B[,C] [--option name=value]... [--preset P]
                       [--players N] [--seed S] [--workers K] [--batch M] [--queue URL] [--metrics]
                       [--ludii-metrics] [--out FILE.jsonl [--force]] [--json]

Plays N matches between agents (seats rotate from match to match) in K worker threads
(default one per core, here ${DEFAULT_WORKERS}; at most ${MAX_WORKERS}, twice the cores; 0 = on the main
thread) and prints a summary: wins and draws per seat with 95% intervals, the
first player's advantage, match length, branching factor, how the matches ended (by the
rules, or by which guard).
Agents: random, greedy, alphabeta[:depth=N|time=MS|nodes=N], mcts[:iterations=N|time=MS,c=C],
level:1..level:5. One agent spec plays every seat.
Matches go to the workers in batches of M (default: about eight batches per worker, at most
1000); match i has seed deriveSeed(S, i), so the same seed gives the same matches whatever K and M.
--queue redis://HOST:PORT plays the batches through a Redis queue served by \`gabata worker\`.
--metrics adds each match's dynamics (lead changes, drama, decisiveness, captures per turn,
share of real choices, passes, completion...; docs/metrics.md) and prints their means.
--ludii-metrics replays every match as a Ludii trial and prints Ludii's metrics as its Evaluation
module computes them, under Ludii's names (Balance, Completion, LeadChange, DramaAverage...;
docs/metrics.md says what a move, a turn and a state evaluation are here). It is slow: every
legal move of every position is evaluated.
--out writes one game record per line (JSON Lines) as matches finish; Ctrl-C keeps them. A file
that already holds records is never overwritten silently: --force overwrites it.`;

export interface SimulateArgs {
  ruleset: string;
  given: Record<string, unknown>;
  games: number;
  agents: string[];
  seed: number;
  workers: number;
  /** Matches per batch (default: `defaultBatchSize`). */
  batch?: number;
  /** A redis:// URL: play through the queue runner. */
  queue?: string;
  /** Collect and print the dynamics metrics. */
  metrics?: boolean;
  /** Compute and print Ludii's metrics (sim/ludii-metrics.ts). */
  ludiiMetrics?: boolean;
  out?: string;
  /** Overwrite an --out file that already holds records. */
  force?: boolean;
  json: boolean;
}

function positiveInt(text: string | undefined, flag: string, fallback: number): Result<number> {
  if (text === undefined) return { ok: true, value: fallback };
  if (!/^\d{1,9}$/.test(text)) return err('ERR_ARGUMENT', `${flag} takes a whole number, not '${text}'`, flag);
  return { ok: true, value: Number(text) };
}

export async function run(argv: string[]): Promise<number> {
  // `--metrics` is the one boolean flag of its own; the shared parser takes string flags.
  const metrics = argv.includes('--metrics');
  const ludii = argv.includes('--ludii-metrics');
  const force = argv.includes('--force');
  const args = argv.filter((x) => x !== '--metrics' && x !== '--ludii-metrics' && x !== '--force');
  const a = parseCommon(args, ['games', 'agents', 'workers', 'out', 'batch', 'queue']);
  if (!a.ok) return fail('simulate', a.error, HELP);
  const c = a.value;
  if (c.help) {
    process.stdout.write(HELP + '\n');
    return EXIT_OK;
  }
  const [name, ...rest] = c.positionals;
  if (rest.length > 0) return fail('simulate', new GabataError('ERR_ARGUMENT', `unexpected argument '${rest[0]}'`), HELP);
  const rs = findRuleset(name);
  if (!rs.ok) return fail('simulate', rs.error, HELP);
  const g = makeGame(rs.value, c);
  if (!g.ok) return fail('simulate', g.error);
  const game = g.value;
  const games = positiveInt(c.extra['games'], '--games', 100);
  if (!games.ok) return fail('simulate', games.error, HELP);
  const workers = parseWorkers(c.extra['workers']);
  if (!workers.ok) return fail('simulate', workers.error, HELP);
  const batch = positiveInt(c.extra['batch'], '--batch', 0);
  if (!batch.ok) return fail('simulate', batch.error, HELP);
  if (c.extra['batch'] !== undefined && batch.value < 1)
    return fail('simulate', new GabataError('ERR_ARGUMENT', '--batch takes at least 1', '--batch'), HELP);
  const queue = c.extra['queue'];
  if (queue !== undefined && !/^rediss?:\/\/\S+$/.test(queue)) {
    return fail('simulate', new GabataError('ERR_ARGUMENT', `--queue takes a redis:// URL, not '${queue}'`, '--queue'), HELP);
  }
  const specs = (c.extra['agents'] ?? 'random')
    .split(',')
    .map((x) => x.trim())
    .filter((x) => x !== '');
  for (const spec of specs) {
    const ag = makeAgent(spec, 1);
    if (!ag.ok) return fail('simulate', ag.error);
  }
  if (specs.length !== 1 && specs.length !== game.players) {
    return fail(
      'simulate',
      new GabataError(
        'ERR_ARGUMENT',
        `${game.players} players need ${game.players} agents (or one for every seat), not ${specs.length}`,
        '--agents',
      ),
    );
  }
  const given: Record<string, unknown> = { ...game.options };
  return simulate({
    ruleset: rs.value.info.id,
    given,
    games: games.value,
    agents: specs,
    seed: c.seed ?? 1,
    workers: workers.value,
    batch: batch.value > 0 ? batch.value : undefined,
    queue,
    metrics,
    ludiiMetrics: ludii,
    out: c.extra['out'],
    force,
    json: c.json,
  });
}

export { seatsOf } from '../sim/batch.js';

export async function simulate(o: SimulateArgs): Promise<number> {
  const rs = findRuleset(o.ruleset);
  if (!rs.ok) return fail('simulate', rs.error);
  const notes: string[] = [];
  const created = rs.value.create(o.given, notes);
  if (!created.ok) return fail('simulate', created.error);
  warnNotes(notes);
  const players = created.value.players;
  if (o.out !== undefined) {
    if (o.force !== true && holdsContent(o.out)) {
      const why = `--out ${o.out} already holds records; add --force to overwrite it`;
      return fail('simulate', new GabataError('ERR_CONFLICT', why, '--out'));
    }
    try {
      writeFileSync(o.out, '');
    } catch (e) {
      return fail('simulate', new GabataError('ERR_ARGUMENT', `cannot write ${o.out}: ${(e as Error).message}`, '--out'));
    }
  }
  const batches = simulationBatches(o);
  const done = new Map<number, MatchOutcome>();
  const progress = new Progress(o.games, 'matches');
  const keep = (matches: readonly MatchOutcome[]): void => {
    let lines = '';
    for (const m of matches) {
      if (done.has(m.index)) continue;
      done.set(m.index, m);
      if (m.result.record) lines += JSON.stringify(m.result.record) + '\n';
    }
    if (o.out !== undefined && lines !== '') appendFileSync(o.out, lines);
    progress.tick(done.size);
  };
  let runner: BatchRunner;
  try {
    runner = await openRunner({ workers: o.workers, queue: o.queue, onMatches: (_spec, matches) => keep(matches) });
  } catch (e) {
    return fail('simulate', asGabataError(e));
  }
  const start = performance.now();
  const { interrupted, failure } = await runBatches(runner, batches, (_spec, matches) => keep(matches), progress);
  if (failure !== null) return fail('simulate', failure);
  const all = [...done.values()].sort((x, y) => x.index - y.index);
  const summary = summarise(o.ruleset, o.given, players, all, (performance.now() - start) / 1000);
  if (interrupted) process.stderr.write(`gabata simulate: interrupted; ${all.length} finished matches kept\n`);
  const trials = all.map((m) => m.result.ludii).filter((f): f is Record<string, number> => f !== undefined);
  const ludii = o.ludiiMetrics ? ludiiMetrics(trials, players) : undefined;
  if (o.json) {
    const extra = { agentsGiven: o.agents, seed: o.seed, workers: o.workers, batch: batches[0]?.count ?? 0, queue: o.queue ?? null };
    const notes = ludii !== undefined ? Object.fromEntries(Object.keys(ludii).map((k) => [k, noteOf(k)])) : {};
    const lm = ludii !== undefined ? { ludiiMetrics: ludii, ludiiNotes: notes, ludiiNotDone: NOT_DONE } : {};
    printJSON({ ...summary, ...extra, ...lm, interrupted });
  } else {
    process.stdout.write(summaryText(summary) + '\n');
    if (ludii !== undefined) process.stdout.write(ludiiMetricsText(ludii, trials.length) + '\n');
  }
  return interrupted ? 130 : EXIT_OK;
}

/** Whether `file` is a file that is not empty (simulate --out overwrites it only with --force, as tournaments do). */
function holdsContent(file: string): boolean {
  try {
    return statSync(file).size > 0;
  } catch {
    return false;
  }
}

/** The run's batches: every match index once, in batches of the size asked for (or the default). */
export function simulationBatches(o: SimulateArgs): BatchSpec[] {
  const size = o.batch ?? defaultBatchSize(o.games, o.workers);
  const base = {
    ruleset: o.ruleset,
    options: o.given,
    agents: o.agents,
    seed: o.seed,
    record: o.out !== undefined,
    metrics: o.metrics === true,
    ...(o.ludiiMetrics === true ? { ludii: true } : {}),
  };
  return splitBatches(base, o.games, size, `simulate/${o.ruleset}/${o.seed}`);
}

export { EXIT_USAGE };
