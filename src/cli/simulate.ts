/**
 * `gabata simulate <ruleset> --games N --agents A,B[,C] [--option name=value]... [--preset P]
 * [--players N] [--seed S] [--workers K] [--out FILE.jsonl] [--json]`: many matches between
 * agents in parallel worker threads, seats rotated, with a summary. Ctrl-C stops at once and
 * keeps every finished match (in the summary and in the out file, one record per line).
 */
import { appendFileSync, writeFileSync } from 'node:fs';
import { err, GabataError, type Result } from '../core/errors.js';
import { deriveSeed } from '../core/rng.js';
import { makeAgent } from '../ai/index.js';
import { MatchPool } from '../sim/pool.js';
import type { MatchResult } from '../sim/match.js';
import { summarise, summaryText } from '../sim/summary.js';
import type { MatchTask } from '../sim/task.js';
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
import { Progress } from './progress.js';

const HELP = `usage: gabata simulate <ruleset> --games N --agents A,B[,C] [--option name=value]... [--preset P]
                       [--players N] [--seed S] [--workers K] [--out FILE.jsonl] [--json]

Plays N matches between agents (seats rotate from match to match) in K worker threads
(default one per core, here ${DEFAULT_WORKERS}; at most ${MAX_WORKERS}, twice the cores; 0 = on the main
thread) and prints a summary: wins and draws per seat with 95% intervals, the
first player's advantage, match length, branching factor, guard-ended matches.
Agents: random, greedy, alphabeta[:depth=N|time=MS|nodes=N], mcts[:iterations=N|time=MS,c=C],
level:1..level:5. One agent spec plays every seat.
--out writes one game record per line (JSON Lines) as matches finish; Ctrl-C keeps them.`;

export interface SimulateArgs {
  ruleset: string;
  given: Record<string, unknown>;
  games: number;
  agents: string[];
  seed: number;
  workers: number;
  out?: string;
  json: boolean;
}

function positiveInt(text: string | undefined, flag: string, fallback: number): Result<number> {
  if (text === undefined) return { ok: true, value: fallback };
  if (!/^\d{1,9}$/.test(text)) return err('ERR_ARGUMENT', `${flag} takes a whole number, not '${text}'`, flag);
  return { ok: true, value: Number(text) };
}

export async function run(args: string[]): Promise<number> {
  const a = parseCommon(args, ['games', 'agents', 'workers', 'out']);
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
    out: c.extra['out'],
    json: c.json,
  });
}

/** The seats of match i: the agent list rotated by i. */
export function seatsOf(agents: readonly string[], players: number, i: number): string[] {
  const k = agents.length;
  return Array.from({ length: players }, (_, p) => agents[(p + i) % k]!);
}

export async function simulate(o: SimulateArgs): Promise<number> {
  const rs = findRuleset(o.ruleset);
  if (!rs.ok) return fail('simulate', rs.error);
  const notes: string[] = [];
  const created = rs.value.create(o.given, notes);
  if (!created.ok) return fail('simulate', created.error);
  warnNotes(notes);
  const players = created.value.players;
  const tasks: MatchTask[] = [];
  for (let i = 0; i < o.games; i++) tasks.push({ index: i, seed: deriveSeed(o.seed, i), agents: seatsOf(o.agents, players, i) });
  if (o.out !== undefined) {
    try {
      writeFileSync(o.out, '');
    } catch (e) {
      return fail('simulate', new GabataError('ERR_ARGUMENT', `cannot write ${o.out}: ${(e as Error).message}`, '--out'));
    }
  }
  const pool = new MatchPool({ ruleset: o.ruleset, options: o.given, workers: o.workers, record: o.out !== undefined });
  const done: { task: MatchTask; result: MatchResult }[] = [];
  const progress = new Progress(o.games, 'matches');
  const start = performance.now();
  let interrupted = false;
  const onSigint = (): void => {
    interrupted = true;
    void pool.stop();
  };
  process.on('SIGINT', onSigint);
  try {
    await pool.run(tasks, (task, result) => {
      if (interrupted) return;
      done.push({ task, result });
      if (o.out !== undefined && result.record) appendFileSync(o.out, JSON.stringify(result.record) + '\n');
      progress.tick(done.length);
    });
  } catch (e) {
    progress.end();
    process.off('SIGINT', onSigint);
    return fail('simulate', new GabataError('ERR_INTERNAL', (e as Error).message));
  }
  progress.end();
  process.off('SIGINT', onSigint);
  const summary = summarise(o.ruleset, o.given, players, done, (performance.now() - start) / 1000);
  if (interrupted) process.stderr.write(`gabata simulate: interrupted; ${done.length} finished matches kept\n`);
  if (o.json) printJSON({ ...summary, agentsGiven: o.agents, seed: o.seed, workers: o.workers, interrupted });
  else process.stdout.write(summaryText(summary) + '\n');
  return interrupted ? 130 : EXIT_OK;
}

export { EXIT_USAGE };
