/**
 * `gabata tournament --ruleset R --agents LIST --games N [--engine NAME=COMMAND]...
 * [--option name=value]... [--preset P] [--players N] [--seed S] [--movetime MS] [--workers K]
 * [--out results.jsonl] [--resume] [--json]`: a round robin with seats rotated, a cross table
 * and Bradley-Terry ratings. Engines are external programs speaking the engine protocol.
 */
import { appendFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { parseArgs } from 'node:util';
import { GabataError, unwrap } from '../core/errors.js';
import type { Game } from '../core/game.js';
import { deriveSeed } from '../core/rng.js';
import { makeAgent } from '../ai/index.js';
import { EngineProcess } from '../protocol/client.js';
import { agentPlayer, playMatchAsync, type AsyncPlayer } from '../sim/async-match.js';
import type { MatchResult } from '../sim/match.js';
import { MatchPool } from '../sim/pool.js';
import { schedule, standings, standingsText, type GameOutcome, type ScheduledGame } from '../sim/tournament.js';
import { EXIT_OK, fail, findRuleset, makeGame, printJSON, type CommonArgs } from './args.js';
import { Progress } from './progress.js';

const HELP = `usage: gabata tournament --ruleset R --agents A,B,... --games N [--engine NAME=COMMAND]...
                         [--option name=value]... [--preset P] [--players N] [--seed S]
                         [--movetime MS] [--workers K] [--out results.jsonl] [--resume] [--json]

Round robin: every pair of participants (every three, for three players) plays N matches with
the seats rotated. Prints the ratings (Bradley-Terry, in Elo points, with 95% error bars) and
the cross table (points/games of the row against the column). --engine adds an external program
that speaks the engine protocol (e.g. --engine mine="node dist/cli/main.js engine"); it is asked
'go movetime MS' (default 200). --out keeps every result as a JSON line; with --resume the games
already in it are not played again.`;

export async function run(args: string[]): Promise<number> {
  let v: Record<string, string | string[] | boolean | undefined>;
  try {
    v = parseArgs({
      args,
      options: {
        ruleset: { type: 'string' },
        agents: { type: 'string' },
        games: { type: 'string' },
        engine: { type: 'string', multiple: true },
        option: { type: 'string', multiple: true, short: 'o' },
        preset: { type: 'string' },
        players: { type: 'string' },
        seed: { type: 'string' },
        movetime: { type: 'string' },
        workers: { type: 'string' },
        out: { type: 'string' },
        resume: { type: 'boolean' },
        json: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
      allowPositionals: false,
      strict: true,
    }).values as typeof v;
  } catch (e) {
    return fail('tournament', new GabataError('ERR_ARGUMENT', (e as Error).message), HELP);
  }
  if (v['help']) {
    process.stdout.write(HELP + '\n');
    return EXIT_OK;
  }
  const bad = (msg: string, where: string): number => fail('tournament', new GabataError('ERR_ARGUMENT', msg, where), HELP);
  const num = (name: string, fallback: number): number | null => {
    const t = v[name] as string | undefined;
    if (t === undefined) return fallback;
    return /^\d{1,9}$/.test(t) ? Number(t) : null;
  };
  const games = num('games', 10);
  const seed = num('seed', 1);
  const movetime = num('movetime', 200);
  const workers = num('workers', Math.max(1, availableParallelism()));
  if (games === null || games < 1) return bad('--games takes a positive whole number', '--games');
  if (seed === null) return bad('--seed takes a whole number', '--seed');
  if (movetime === null || movetime < 1) return bad('--movetime takes a positive whole number of milliseconds', '--movetime');
  if (workers === null) return bad('--workers takes a whole number', '--workers');
  const options: Record<string, string> = {};
  for (const kv of (v['option'] as string[] | undefined) ?? []) {
    const m = /^([^=\s]+)=(.*)$/.exec(kv);
    if (!m) return bad(`--option takes name=value, not '${kv}'`, '--option');
    options[m[1]!] = m[2]!;
  }
  const rs = findRuleset(v['ruleset'] as string | undefined);
  if (!rs.ok) return fail('tournament', rs.error, HELP);
  const common: CommonArgs = {
    json: false,
    help: false,
    options,
    positionals: [],
    extra: {},
    ...(typeof v['preset'] === 'string' ? { preset: v['preset'] } : {}),
    ...(typeof v['players'] === 'string' ? { players: Number(v['players']) } : {}),
  };
  const g = makeGame(rs.value, common);
  if (!g.ok) return fail('tournament', g.error);
  const game = g.value;
  const agents = ((v['agents'] as string | undefined) ?? '').split(',').map((x) => x.trim()).filter((x) => x !== '');
  for (const a of agents) {
    const r = makeAgent(a, 1);
    if (!r.ok) return fail('tournament', r.error);
  }
  const engines = new Map<string, string>();
  for (const e of (v['engine'] as string[] | undefined) ?? []) {
    const m = /^([^=\s]+)=(.+)$/.exec(e);
    if (!m) return bad(`--engine takes NAME=COMMAND, not '${e}'`, '--engine');
    if (agents.includes(m[1]!) || engines.has(m[1]!)) return bad(`participant name '${m[1]}' is used twice`, '--engine');
    engines.set(m[1]!, m[2]!);
  }
  const names = [...agents, ...engines.keys()];
  if (new Set(names).size !== names.length) return bad('a participant is listed twice', '--agents');
  if (names.length < game.players) return bad(`${game.players} players need at least ${game.players} participants, not ${names.length}`, '--agents');
  const out = v['out'] as string | undefined;
  const resume = v['resume'] === true;
  if (resume && out === undefined) return bad('--resume needs --out (the results file to resume from)', '--resume');

  const plan = schedule(names, game.players, games, seed);
  const outcomes: GameOutcome[] = [];
  if (out !== undefined) {
    if (resume && existsSync(out)) {
      const keys = new Set(plan.map((p) => p.key));
      for (const line of readFileSync(out, 'utf8').split('\n')) {
        if (line.trim() === '') continue;
        try {
          const o = JSON.parse(line) as GameOutcome;
          if (keys.has(o.key) && !outcomes.some((x) => x.key === o.key)) outcomes.push(o);
        } catch {
          // A line cut short by an interruption: that game is played again.
        }
      }
    } else writeFileSync(out, '');
  }
  const doneKeys = new Set(outcomes.map((o) => o.key));
  const todo = plan.filter((p) => !doneKeys.has(p.key));
  const progress = new Progress(plan.length, 'games', v['json'] === true);
  let finished = outcomes.length;
  const record = (sg: ScheduledGame, r: MatchResult): void => {
    const o: GameOutcome = {
      key: sg.key,
      seed: sg.seed,
      seats: sg.seats.map((i) => names[i]!),
      winner: r.winner,
      returns: r.returns,
      plies: r.plies,
      rounds: r.rounds,
      reason: r.endReason,
    };
    outcomes.push(o);
    if (out !== undefined) appendFileSync(out, JSON.stringify(o) + '\n');
    progress.tick(++finished);
  };
  const isEngine = (sg: ScheduledGame): boolean => sg.seats.some((i) => engines.has(names[i]!));
  let interrupted = false;
  const pool = new MatchPool({ ruleset: game.ruleset.info.id, options: { ...game.options }, workers, record: false });
  const procs = new Map<string, EngineProcess>();
  const onSigint = (): void => {
    interrupted = true;
    void pool.stop();
  };
  process.on('SIGINT', onSigint);
  try {
    const internal = todo.filter((sg) => !isEngine(sg));
    const external = todo.filter(isEngine);
    const byIndex = new Map(internal.map((sg, i) => [i, sg]));
    const poolRun = pool.run(
      internal.map((sg, i) => ({ index: i, seed: sg.seed, agents: sg.seats.map((k) => names[k]!) })),
      (task, r) => {
        if (!interrupted) record(byIndex.get(task.index)!, r);
      },
    );
    const engineRun = (async () => {
      for (const sg of external) {
        if (interrupted) return;
        const players: AsyncPlayer[] = [];
        for (let p = 0; p < sg.seats.length; p++) {
          const name = names[sg.seats[p]!]!;
          const cmd = engines.get(name);
          if (cmd === undefined) players.push(agentPlayer(unwrap(makeAgent(name, deriveSeed(sg.seed, p + 1)))));
          else {
            let proc = procs.get(name);
            if (proc === undefined) {
              proc = await EngineProcess.start(cmd);
              procs.set(name, proc);
            }
            players.push(enginePlayer(name, proc, movetime));
          }
        }
        const r = await playMatchAsync(game, players, sg.seed);
        if (!interrupted) record(sg, r);
      }
    })();
    await Promise.all([poolRun, engineRun]);
  } catch (e) {
    progress.end();
    await Promise.all([...procs.values()].map((p) => p.quit()));
    process.off('SIGINT', onSigint);
    return fail('tournament', new GabataError('ERR_INTERNAL', (e as Error).message));
  }
  progress.end();
  await Promise.all([...procs.values()].map((p) => p.quit()));
  process.off('SIGINT', onSigint);
  const st = standings(names, outcomes);
  if (interrupted) process.stderr.write(`gabata tournament: interrupted; ${outcomes.length} finished games kept\n`);
  if (v['json'] === true) printJSON({ ruleset: game.ruleset.info.id, options: game.options, matches: outcomes.length, ...st, interrupted });
  else process.stdout.write(`${game.ruleset.info.id}: ${outcomes.length} games\n\n${standingsText(st, game.players)}\n`);
  return interrupted ? 130 : EXIT_OK;
}

function enginePlayer(name: string, proc: EngineProcess, movetime: number): AsyncPlayer {
  return {
    name,
    async newGame(game: Game, seed: number) {
      await proc.newGame(game.ruleset.info.id, { ...game.options }, seed);
    },
    async choose(_game, moves, _s, player) {
      return proc.bestMove(moves, `movetime ${movetime}`, player);
    },
  };
}
