/**
 * `gabata tournament --ruleset R --agents LIST --games N [--engine NAME=COMMAND]...
 * [--option name=value]... [--preset P] [--players N] [--seed S] [--movetime MS] [--workers K]
 * [--out results.jsonl] [--resume | --force] [--json]`: a round robin with seats rotated, a
 * cross table and Bradley-Terry ratings. Engines are external programs speaking the engine protocol.
 *
 * Every results line names its ruleset, resolved options and participants, so that `--resume`
 * can refuse a file of another tournament instead of mixing its games into these ratings.
 */
import { appendFileSync, existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { err, GabataError, ok, unwrap, type Result } from '../core/errors.js';
import type { Game } from '../core/game.js';
import { deriveSeed } from '../core/rng.js';
import { makeAgent } from '../ai/index.js';
import { EngineProcess } from '../protocol/client.js';
import { agentPlayer, playMatchAsync, type AsyncPlayer } from '../sim/async-match.js';
import type { MatchResult } from '../sim/match.js';
import { MatchPool } from '../sim/pool.js';
import { schedule, setupDifference, standings, standingsText, type GameOutcome, type ScheduledGame, type TournamentSetup } from '../sim/tournament.js';
import { DEFAULT_WORKERS, EXIT_OK, fail, findRuleset, makeGame, MAX_WORKERS, parseWorkers, printJSON, type CommonArgs } from './args.js';
import { Progress } from './progress.js';

const HELP = `usage: gabata tournament --ruleset R --agents A,B,... --games N [--engine NAME=COMMAND]...
                         [--option name=value]... [--preset P] [--players N] [--seed S]
                         [--movetime MS] [--workers K] [--out results.jsonl] [--resume | --force] [--json]

Round robin: every pair of participants (every three, for three players) plays N matches with
the seats rotated. Prints the ratings (Bradley-Terry, in Elo points, with 95% error bars) and
the cross table (points/games of the row against the column). --engine adds an external program
that speaks the engine protocol (e.g. --engine mine="node dist/cli/main.js engine"); it is asked
'go movetime MS' (default 200). --workers K: matches run in K worker threads (default one per
core, here ${DEFAULT_WORKERS}; at most ${MAX_WORKERS}, twice the cores; 0 = on the main thread).
--out keeps every result as a JSON line naming its ruleset, options and agents. An existing
--out file is never overwritten silently: --resume plays only the games not already in it (and
refuses a file of another ruleset, other options or other agents), --force starts it afresh.`;

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
        force: { type: 'boolean' },
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
  const workers = parseWorkers(v['workers'] as string | undefined);
  if (!workers.ok) return fail('tournament', workers.error, HELP);
  if (games === null || games < 1) return bad('--games takes a positive whole number', '--games');
  if (seed === null) return bad('--seed takes a whole number', '--seed');
  if (movetime === null || movetime < 1) return bad('--movetime takes a positive whole number of milliseconds', '--movetime');
  const options: Record<string, string> = Object.create(null) as Record<string, string>; // `__proto__` stays a key
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
  const force = v['force'] === true;
  if (resume && out === undefined) return bad('--resume needs --out (the results file to resume from)', '--resume');
  if (force && out === undefined) return bad('--force needs --out (the results file to start afresh)', '--force');
  if (resume && force) return bad('--resume keeps the results in --out, --force throws them away: choose one', '--force');

  const setup: TournamentSetup = {
    ruleset: game.ruleset.info.id,
    options: { ...game.options },
    agents: names.map((n) => (engines.has(n) ? `${n}=${engines.get(n)}` : n)),
  };
  const plan = schedule(names, game.players, games, seed);
  const outcomes: GameOutcome[] = [];
  if (out !== undefined) {
    const existing = outFileState(out);
    if (existing === 'folder') return bad(`--out ${out} is a folder; give a file name, e.g. ${out.replace(/\/+$/, '')}/results.jsonl`, '--out');
    if (resume && existing === 'content') {
      const loaded = loadOutcomes(out, setup, plan);
      if (!loaded.ok) return fail('tournament', loaded.error);
      outcomes.push(...loaded.value);
    } else {
      if (existing === 'content' && !force) {
        return fail(
          'tournament',
          new GabataError('ERR_CONFLICT', `--out ${out} already holds results; add --resume to continue that tournament, or --force to overwrite it`, '--out'),
        );
      }
      try {
        writeFileSync(out, '');
      } catch (e) {
        return bad(`cannot write ${out}: ${(e as Error).message}`, '--out');
      }
    }
  }
  const doneKeys = new Set(outcomes.map((o) => o.key));
  const todo = plan.filter((p) => !doneKeys.has(p.key));
  const progress = new Progress(plan.length, 'games', v['json'] === true);
  let finished = outcomes.length;
  const record = (sg: ScheduledGame, r: MatchResult): void => {
    const o: GameOutcome = {
      ...setup,
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
  const pool = new MatchPool({ ruleset: game.ruleset.info.id, options: { ...game.options }, workers: workers.value, record: false });
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

/** What is at the --out path now: nothing (or an empty file), results, or a folder. */
function outFileState(file: string): 'none' | 'content' | 'folder' {
  if (!existsSync(file)) return 'none';
  const st = statSync(file);
  if (st.isDirectory()) return 'folder';
  return st.size > 0 ? 'content' : 'none';
}

/**
 * The finished games of a results file, checked to belong to this tournament: same ruleset,
 * options and agents on every line, and the same seed for every game both schedule.
 */
function loadOutcomes(file: string, setup: TournamentSetup, plan: readonly ScheduledGame[]): Result<GameOutcome[]> {
  const seeds = new Map(plan.map((p) => [p.key, p.seed]));
  const outcomes: GameOutcome[] = [];
  const lines = readFileSync(file, 'utf8').split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.trim() === '') continue;
    let o: GameOutcome;
    try {
      o = JSON.parse(line) as GameOutcome;
    } catch {
      // A line cut short by an interruption: that game is played again.
      continue;
    }
    const differs = setupDifference(setup, o);
    if (differs) {
      return err('ERR_CONFLICT', `cannot resume from ${file}: line ${i + 1}: ${differs}; use another --out file, or --force to overwrite it`, '--resume');
    }
    const seed = seeds.get(o.key);
    if (seed === undefined) continue;
    if (o.seed !== seed) {
      return err('ERR_CONFLICT', `cannot resume from ${file}: line ${i + 1}: game '${o.key}' was played with seed ${o.seed}, this schedule gives ${seed} (another --seed?)`, '--resume');
    }
    if (!outcomes.some((x) => x.key === o.key)) outcomes.push(o);
  }
  return ok(outcomes);
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
