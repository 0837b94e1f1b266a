/**
 * `gabata tournament --ruleset R --agents LIST --games N [--engine NAME=COMMAND]...
 * [--option name=value]... [--preset P] [--players N] [--seed S] [--movetime MS]
 * [--workers K | --queue redis://HOST:PORT] [--out results.jsonl] [--resume | --force] [--json]`: a round robin with seats rotated, a
 * cross table and Bradley-Terry ratings. Engines are external programs speaking the engine protocol.
 *
 * Every results line names its ruleset, resolved options and participants, so that `--resume`
 * can refuse a file of another tournament instead of mixing its games into these ratings.
 */
import { appendFileSync, existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { deriveSeed, err, GabataError, type Game, ok, type Result, unwrap } from '@gabata/engine/core';
import { makeAgent } from '@gabata/engine/ai';
import { EngineProcess } from '@gabata/engine/protocol';
import { agentPlayer, playMatchAsync, type AsyncPlayer } from '../sim/async-match.js';
import type { MatchResult } from '../sim/match.js';
import type { BatchRunner } from '../sim/runner.js';
import { openRunner } from '../sim/runners.js';
import {
  schedule,
  setupDifference,
  standings,
  standingsText,
  tournamentBatches,
  tournamentRunId,
  type GameOutcome,
  type ScheduledGame,
  type TournamentSetup,
} from '../sim/tournament.js';
import { DEFAULT_WORKERS, EXIT_OK, fail, findRuleset, makeGame, MAX_WORKERS, parseWorkers, printJSON, type CommonArgs } from './args.js';
import { Progress } from './progress.js';

const HELP = `usage: gabata tournament --ruleset R --agents A,B,... --games N [--engine NAME=COMMAND]...
                         [--option name=value]... [--preset P] [--players N] [--seed S]
                         [--movetime MS] [--workers K | --queue redis://HOST:PORT]
                         [--out results.jsonl] [--resume | --force] [--json]

Round robin: every pair of participants (every three, for three players) plays N matches with
the seats rotated. Prints the ratings (Bradley-Terry, in Elo points, with 95% error bars) and
the cross table (points/games of the row against the column). --engine adds an external program
that speaks the engine protocol (e.g. --engine mine="node dist/cli/main.js engine"); it is asked
'go movetime MS' (default 200). --workers K: matches run in K worker threads (default one per
core, here ${DEFAULT_WORKERS}; at most ${MAX_WORKERS}, twice the cores; 0 = on the main thread).
--queue puts the games between agents on a Redis queue instead, played by 'gabata worker --queue
URL' processes on any machines (games with an --engine stay on this machine); same results.
--out keeps every result as a JSON line naming its ruleset, options and agents. An existing
--out file is never overwritten silently: --resume plays only the games not already in it (and
refuses a file of another ruleset, other options or other agents), --force starts it afresh.`;

/** The flags as `node:util` parseArgs gives them. */
type Flags = Record<string, string | string[] | boolean | undefined>;

/** A tournament as its arguments describe it, checked. */
interface Tournament {
  game: Game;
  games: number;
  seed: number;
  movetime: number;
  workers: number;
  /** Redis URL of --queue: batches go to `gabata worker` processes instead of local threads. */
  queue: string | undefined;
  /** Participants: the agent specs, then the engine names. */
  names: string[];
  /** Engine name -> the command that starts it. */
  engines: Map<string, string>;
  out: string | undefined;
  resume: boolean;
  force: boolean;
  json: boolean;
}

/**
 * Each step below returns its result, or the exit code after it has reported why it cannot go on
 * (with the usage text when the fix is in the arguments).
 */
type Exit = number;

export async function run(args: string[]): Promise<number> {
  const v = parseFlags(args);
  if (typeof v === 'number') return v;
  if (v['help']) {
    process.stdout.write(HELP + '\n');
    return EXIT_OK;
  }
  const t = readTournament(v);
  if (typeof t === 'number') return t;
  const setup: TournamentSetup = {
    ruleset: t.game.ruleset.info.id,
    options: { ...t.game.options },
    agents: t.names.map((n) => (t.engines.has(n) ? `${n}=${t.engines.get(n)}` : n)),
  };
  const plan = schedule(t.names, t.game.players, t.games, t.seed);
  const outcomes = openResults(t, setup, plan);
  if (typeof outcomes === 'number') return outcomes;
  return playTournament(t, setup, plan, outcomes);
}

const usageError = (msg: string, where: string): Exit => fail('tournament', new GabataError('ERR_ARGUMENT', msg, where), HELP);

function parseFlags(args: string[]): Flags | Exit {
  try {
    return parseArgs({
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
        queue: { type: 'string' },
        out: { type: 'string' },
        resume: { type: 'boolean' },
        force: { type: 'boolean' },
        json: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
      allowPositionals: false,
      strict: true,
    }).values as Flags;
  } catch (e) {
    return fail('tournament', new GabataError('ERR_ARGUMENT', (e as Error).message), HELP);
  }
}

/** Checks the flags in the order a person reads them, and makes the game. */
function readTournament(v: Flags): Tournament | Exit {
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
  if (games === null || games < 1) return usageError('--games takes a positive whole number', '--games');
  if (seed === null) return usageError('--seed takes a whole number', '--seed');
  if (movetime === null || movetime < 1) return usageError('--movetime takes a positive whole number of milliseconds', '--movetime');
  const game = readGame(v);
  if (typeof game === 'number') return game;
  const participants = readParticipants(v, game);
  if (typeof participants === 'number') return participants;
  const out = v['out'] as string | undefined;
  const resume = v['resume'] === true;
  const force = v['force'] === true;
  if (resume && out === undefined) return usageError('--resume needs --out (the results file to resume from)', '--resume');
  if (force && out === undefined) return usageError('--force needs --out (the results file to start afresh)', '--force');
  if (resume && force) return usageError('--resume keeps the results in --out, --force throws them away: choose one', '--force');
  const queue = v['queue'] as string | undefined;
  if (queue !== undefined && v['workers'] !== undefined) {
    return usageError(
      '--workers sets local threads; with --queue the games are played by gabata worker processes (their --concurrency)',
      '--workers',
    );
  }
  return { game, games, seed, movetime, workers: workers.value, queue, ...participants, out, resume, force, json: v['json'] === true };
}

/** The game of --ruleset with its --option, --preset and --players. */
function readGame(v: Flags): Game | Exit {
  const options: Record<string, string> = Object.create(null) as Record<string, string>; // `__proto__` stays a key
  for (const kv of (v['option'] as string[] | undefined) ?? []) {
    const m = /^([^=\s]+)=(.*)$/.exec(kv);
    if (!m) return usageError(`--option takes name=value, not '${kv}'`, '--option');
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
  return g.value;
}

/** The agents of --agents and the engines of --engine: every name once, enough for the seats. */
function readParticipants(v: Flags, game: Game): Pick<Tournament, 'names' | 'engines'> | Exit {
  const agents = ((v['agents'] as string | undefined) ?? '')
    .split(',')
    .map((x) => x.trim())
    .filter((x) => x !== '');
  for (const a of agents) {
    const r = makeAgent(a, 1);
    if (!r.ok) return fail('tournament', r.error);
  }
  const engines = new Map<string, string>();
  for (const e of (v['engine'] as string[] | undefined) ?? []) {
    const m = /^([^=\s]+)=(.+)$/.exec(e);
    if (!m) return usageError(`--engine takes NAME=COMMAND, not '${e}'`, '--engine');
    if (agents.includes(m[1]!) || engines.has(m[1]!)) return usageError(`participant name '${m[1]}' is used twice`, '--engine');
    engines.set(m[1]!, m[2]!);
  }
  const names = [...agents, ...engines.keys()];
  if (new Set(names).size !== names.length) return usageError('a participant is listed twice', '--agents');
  if (names.length < game.players)
    return usageError(`${game.players} players need at least ${game.players} participants, not ${names.length}`, '--agents');
  return { names, engines };
}

/**
 * The games already played (from --out with --resume), after making sure --out can be written
 * and holds no other results unless --force says to drop them.
 */
function openResults(t: Tournament, setup: TournamentSetup, plan: readonly ScheduledGame[]): GameOutcome[] | Exit {
  const out = t.out;
  if (out === undefined) return [];
  const existing = outFileState(out);
  if (existing === 'folder')
    return usageError(`--out ${out} is a folder; give a file name, e.g. ${out.replace(/\/+$/, '')}/results.jsonl`, '--out');
  if (t.resume && existing === 'content') {
    const loaded = loadOutcomes(out, setup, plan);
    if (!loaded.ok) return fail('tournament', loaded.error);
    return loaded.value;
  }
  if (existing === 'content' && !t.force) {
    return fail(
      'tournament',
      new GabataError(
        'ERR_CONFLICT',
        `--out ${out} already holds results; add --resume to continue that tournament, or --force to overwrite it`,
        '--out',
      ),
    );
  }
  try {
    writeFileSync(out, '');
  } catch (e) {
    return usageError(`cannot write ${out}: ${(e as Error).message}`, '--out');
  }
  return [];
}

/** Plays the games not yet in `outcomes` (added to it as they finish), then prints the standings. */
async function playTournament(
  t: Tournament,
  setup: TournamentSetup,
  plan: readonly ScheduledGame[],
  outcomes: GameOutcome[],
): Promise<number> {
  const { game, names } = t;
  const doneKeys = new Set(outcomes.map((o) => o.key));
  const isEngine = (sg: ScheduledGame): boolean => sg.seats.some((i) => t.engines.has(names[i]!));
  const todo = plan.filter((p) => !doneKeys.has(p.key));
  const progress = new Progress(plan.length, 'games', t.json);
  const record = (sg: ScheduledGame, r: MatchResult): void => {
    // A batch may hold games already played (resumed), and a queue may return a batch twice.
    if (doneKeys.has(sg.key)) return;
    doneKeys.add(sg.key);
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
    if (t.out !== undefined) appendFileSync(t.out, JSON.stringify(o) + '\n');
    progress.tick(outcomes.length);
  };
  const run = tournamentRunId(setup, t.games, t.seed);
  const cut = tournamentBatches(
    plan,
    names,
    { ruleset: setup.ruleset, options: setup.options, games: t.games, seed: t.seed, run },
    (sg) => !doneKeys.has(sg.key) && !isEngine(sg),
  );
  let runner: BatchRunner;
  try {
    runner = await openRunner(t.queue === undefined ? { workers: t.workers } : { workers: 0, queue: t.queue });
  } catch (e) {
    return fail('tournament', e as GabataError);
  }
  const state = { interrupted: false };
  const procs = new Map<string, EngineProcess>();
  const onSigint = (): void => {
    state.interrupted = true;
    void runner.stop();
  };
  process.on('SIGINT', onSigint);
  let failure: GabataError | undefined;
  try {
    await Promise.all([
      runner.run(cut.batches, (_spec, matches) => {
        if (state.interrupted) return;
        for (const m of matches) record(cut.gameOf(m.index), m.result);
      }),
      playWithEngines(t, todo.filter(isEngine), procs, state, record),
    ]);
  } catch (e) {
    failure = e instanceof GabataError ? e : new GabataError('ERR_INTERNAL', (e as Error).message);
    state.interrupted = true;
    await runner.stop();
  }
  progress.end();
  await Promise.all([...procs.values()].map((p) => p.quit()));
  await runner.close();
  process.off('SIGINT', onSigint);
  if (failure !== undefined) {
    if (outcomes.length > 0 && t.out !== undefined)
      process.stderr.write(`gabata tournament: ${outcomes.length} finished games kept in ${t.out}\n`);
    return fail('tournament', failure);
  }
  const st = standings(names, outcomes);
  if (state.interrupted) process.stderr.write(`gabata tournament: interrupted; ${outcomes.length} finished games kept\n`);
  if (t.json)
    printJSON({ ruleset: game.ruleset.info.id, options: game.options, matches: outcomes.length, ...st, interrupted: state.interrupted });
  else process.stdout.write(`${game.ruleset.info.id}: ${outcomes.length} games\n\n${standingsText(st, game.players)}\n`);
  return state.interrupted ? 130 : EXIT_OK;
}

/** The games with an engine in a seat, one after another on the main thread; engines start on first use. */
async function playWithEngines(
  t: Tournament,
  external: readonly ScheduledGame[],
  procs: Map<string, EngineProcess>,
  state: { readonly interrupted: boolean },
  record: (sg: ScheduledGame, r: MatchResult) => void,
): Promise<void> {
  for (const sg of external) {
    if (state.interrupted) return;
    const players: AsyncPlayer[] = [];
    for (let p = 0; p < sg.seats.length; p++) {
      const name = t.names[sg.seats[p]!]!;
      const cmd = t.engines.get(name);
      if (cmd === undefined) players.push(agentPlayer(unwrap(makeAgent(name, deriveSeed(sg.seed, p + 1)))));
      else {
        let proc = procs.get(name);
        if (proc === undefined) {
          proc = await EngineProcess.start(cmd);
          procs.set(name, proc);
        }
        players.push(enginePlayer(name, proc, t.movetime));
      }
    }
    const r = await playMatchAsync(t.game, players, sg.seed);
    if (!state.interrupted) record(sg, r);
  }
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
      return err(
        'ERR_CONFLICT',
        `cannot resume from ${file}: line ${i + 1}: ${differs}; use another --out file, or --force to overwrite it`,
        '--resume',
      );
    }
    const seed = seeds.get(o.key);
    if (seed === undefined) continue;
    if (o.seed !== seed) {
      return err(
        'ERR_CONFLICT',
        `cannot resume from ${file}: line ${i + 1}: game '${o.key}' was played with seed ${o.seed}, this schedule ` +
          `gives ${seed} (another --seed?)`,
        '--resume',
      );
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
