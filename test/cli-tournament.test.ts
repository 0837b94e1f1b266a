/**
 * `gabata tournament` results files, the worker cap of `tournament` and `simulate`, and
 * `tournament --queue` with a real Redis and real `gabata worker` processes, through the built CLI
 * (run `npx tsc -p tsconfig.json` first).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getRuleset } from '../packages/engine/src/games/index.js';
import { setupDifference, type TournamentSetup } from '../src/sim/tournament.js';
import { mustCreate } from './helpers/random-play.js';
import {
  killMidTask,
  killWorker,
  ready,
  startRedis,
  startWorker,
  until,
  within,
  type TestRedis,
  type WorkerProcess,
} from './helpers/redis.js';

const MAIN = fileURLToPath(new URL('../dist/cli/main.js', import.meta.url));

function gabata(args: string[]): { code: number; out: string; err: string } {
  const r = spawnSync(process.execPath, [MAIN, ...args], { encoding: 'utf8', maxBuffer: 64 << 20 });
  return { code: r.status ?? -1, out: r.stdout, err: r.stderr };
}

const tmp = (): string => mkdtempSync(join(tmpdir(), 'gabata-tour-'));
/** A small tournament: two agents, two one-round games, on the main thread. */
const tour = (ruleset: string, out: string, ...more: string[]): string[] => [
  'tournament',
  '--ruleset',
  ruleset,
  '--agents',
  'random,greedy',
  '--games',
  '2',
  '--workers',
  '0',
  '--out',
  out,
  '--json',
  ...more,
];
const ROUND = ['--option', 'rounds=1'];
const lines = (file: string): Record<string, unknown>[] =>
  readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Record<string, unknown>);

describe('tournament results files', () => {
  it('every result line carries the ruleset, the resolved options and the agents', () => {
    const out = join(tmp(), 'r.jsonl');
    const r = gabata(tour('gabata-adowa', out, ...ROUND));
    expect(r.code, r.err).toBe(0);
    const adowa = getRuleset('gabata-adowa');
    if (!adowa.ok) throw adowa.error;
    const options = { ...mustCreate(adowa.value, { rounds: 1 }).options };
    const got = lines(out);
    expect(got).toHaveLength(2);
    for (const l of got) {
      expect(l['ruleset']).toBe('gabata-adowa');
      expect(l['options']).toEqual(options);
      expect(l['agents']).toEqual(['random', 'greedy']);
    }
  });

  it('--resume refuses the results of another ruleset, other options or other agents, saying what differs', () => {
    const out = join(tmp(), 'r.jsonl');
    expect(gabata(tour('gabata-adowa', out, ...ROUND)).code).toBe(0);
    const before = readFileSync(out, 'utf8');
    const selus = gabata(tour('selus', out, '--resume'));
    expect(selus.code).toBe(1);
    expect(selus.err).toMatch(/ERR_CONFLICT: cannot resume from .*: line 1: its results are of ruleset gabata-adowa, not selus/);
    expect(selus.out).toBe('');
    const rounds = gabata(tour('gabata-adowa', out, '--option', 'rounds=2', '--resume'));
    expect(rounds.code).toBe(1);
    expect(rounds.err).toMatch(/ERR_CONFLICT: .*other options: rounds=1 there, 2 here/);
    const agents = gabata([
      'tournament',
      '--ruleset',
      'gabata-adowa',
      ...ROUND,
      '--agents',
      'random,level:1',
      '--games',
      '2',
      '--workers',
      '0',
      '--out',
      out,
      '--resume',
    ]);
    expect(agents.code).toBe(1);
    expect(agents.err).toMatch(/ERR_CONFLICT: .*agents random,greedy, not random,level:1/);
    const seed = gabata(tour('gabata-adowa', out, ...ROUND, '--seed', '9', '--resume'));
    expect(seed.code).toBe(1);
    expect(seed.err).toMatch(/ERR_CONFLICT: .*played with seed \d+, this schedule gives \d+/);
    // Nothing was touched by the refusals.
    expect(readFileSync(out, 'utf8')).toBe(before);
    // The same tournament resumes: nothing more to play.
    const same = gabata(tour('gabata-adowa', out, ...ROUND, '--resume'));
    expect(same.code, same.err).toBe(0);
    expect((JSON.parse(same.out) as { matches: number }).matches).toBe(2);
    expect(readFileSync(out, 'utf8')).toBe(before);
  });

  it('a results line of an older gabata (without its setup) is refused by --resume', () => {
    const out = join(tmp(), 'old.jsonl');
    writeFileSync(
      out,
      JSON.stringify({
        key: 'random v greedy #1',
        seed: 1,
        seats: ['random', 'greedy'],
        winner: 1,
        returns: [1, 0],
        plies: 9,
        rounds: 1,
        reason: 'rules',
      }) + '\n',
    );
    const r = gabata(tour('selus', out, '--resume'));
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/ERR_CONFLICT: .*do not say their ruleset, options and agents/);
  });

  it('--out onto a file that holds results is refused without --resume or --force; --force starts afresh', () => {
    const out = join(tmp(), 'r.jsonl');
    expect(gabata(tour('gabata-adowa', out, ...ROUND)).code).toBe(0);
    const before = readFileSync(out, 'utf8');
    const again = gabata(tour('selus', out));
    expect(again.code).toBe(1);
    expect(again.err).toMatch(/ERR_CONFLICT: --out .* already holds results; add --resume .* or --force/);
    expect(readFileSync(out, 'utf8')).toBe(before);
    const forced = gabata(tour('selus', out, '--force'));
    expect(forced.code, forced.err).toBe(0);
    expect(lines(out).every((l) => l['ruleset'] === 'selus')).toBe(true);
    expect(gabata(tour('selus', out, '--force', '--resume')).code).toBe(2);
  });

  it('setupDifference names the first difference, or nothing', () => {
    const here: TournamentSetup = { ruleset: 'selus', options: { a: 1, b: 'x' }, agents: ['random', 'greedy'] };
    expect(setupDifference(here, { ...here })).toBe('');
    expect(setupDifference(here, { ...here, ruleset: 'gifia' })).toMatch(/ruleset gifia, not selus/);
    expect(setupDifference(here, { ...here, options: { a: 2, b: 'x' } })).toMatch(/a=2 there, 1 here/);
    expect(setupDifference(here, { ...here, options: { a: 1 } })).toMatch(/b=\(none\) there, x here/);
    expect(setupDifference(here, { ...here, agents: ['greedy', 'random'] })).toMatch(/agents greedy,random, not random,greedy/);
    expect(setupDifference(here, {})).toMatch(/older gabata/);
  });
});

describe('--workers has a cap (twice the cores)', () => {
  const cap = 2 * Math.max(1, availableParallelism());
  it.each([
    ['simulate', ['simulate', 'gabata-adowa', '--games', '1', '--option', 'rounds=1']],
    ['tournament', ['tournament', '--ruleset', 'gabata-adowa', '--agents', 'random,greedy', '--games', '1', '--option', 'rounds=1']],
  ])('%s refuses more workers than the cap, accepts the cap, and its help names it', (command, args) => {
    const over = gabata([...args, '--workers', String(cap + 1)]);
    expect(over.code).toBe(2);
    expect(over.err).toMatch(new RegExp(`ERR_ARGUMENT: --workers ${cap + 1} is more than the ${cap} this machine allows`));
    expect(gabata([...args, '--workers', String(cap), '--json']).code).toBe(0);
    expect(gabata([command, '--help']).out).toMatch(new RegExp(`at most ${cap}, twice the cores`));
  });
});

describe('tournament --queue: the games on a Redis queue, played by gabata worker processes', () => {
  let redis: TestRedis;
  const workers: WorkerProcess[] = [];
  beforeAll(async () => {
    redis = await startRedis();
  });
  afterAll(async () => {
    await Promise.all(workers.map(killWorker));
    await redis?.stop();
  });
  const worker = (): WorkerProcess => {
    const w = startWorker(MAIN, redis.url);
    workers.push(w);
    return w;
  };
  /** The CLI as a child process: the process, and its end (bounded). */
  const start = (args: string[]): { proc: ChildProcess; done: Promise<{ code: number | null; out: string; err: string }> } => {
    const proc = spawn(process.execPath, [MAIN, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    proc.stdout!.on('data', (d: Buffer) => (out += d.toString()));
    proc.stderr!.on('data', (d: Buffer) => (err += d.toString()));
    const ended = new Promise<{ code: number | null; out: string; err: string }>((resolve) =>
      proc.once('exit', (code) => resolve({ code, out, err })),
    );
    return { proc, done: within(ended, 90_000, `gabata ${args[0]}`, () => err) };
  };
  const TOUR = ['tournament', '--ruleset', 'gabata-adowa', '--option', 'rounds=1', '--agents', 'alphabeta:depth=2,greedy,random'];
  /** Slower games, so that a worker or the coordinator can be stopped while there is work left. */
  const heavy = [
    'tournament',
    '--ruleset',
    'gabata-adowa',
    '--option',
    'rounds=1',
    '--agents',
    'alphabeta:depth=2,alphabeta:depth=3,greedy',
  ];
  const byKey = (file: string): Record<string, unknown>[] => lines(file).sort((a, b) => String(a['key']).localeCompare(String(b['key'])));
  const standingsOf = (text: string): unknown => {
    const { ratings, score, games } = JSON.parse(text) as Record<string, unknown>;
    return { ratings, score, games };
  };

  it('a worker killed mid-task loses nothing: every game once, equal to the local tournament, same ratings', async () => {
    const dir = tmp();
    const a = worker();
    const b = worker();
    await Promise.all([ready(a), ready(b)]);
    const queued = start([...heavy, '--games', '8', '--queue', redis.url, '--out', join(dir, 'q.jsonl'), '--json']);
    await killMidTask(redis.port, a);
    const q = await queued.done;
    expect(q.code, q.err).toBe(0);
    const local = await start([...heavy, '--games', '8', '--workers', '0', '--out', join(dir, 'l.jsonl'), '--json']).done;
    expect(local.code, local.err).toBe(0);
    const got = byKey(join(dir, 'q.jsonl'));
    expect(got).toHaveLength(24);
    expect(new Set(got.map((o) => o['key'])).size).toBe(24);
    expect(got).toEqual(byKey(join(dir, 'l.jsonl')));
    expect(standingsOf(q.out)).toEqual(standingsOf(local.out));
    await killWorker(b);
  });

  it('Ctrl-C keeps the finished games; --resume --queue plays the rest, and the whole equals the local tournament', async () => {
    const dir = tmp();
    const out = join(dir, 'q.jsonl');
    const w = worker();
    const args = [...heavy, '--games', '6', '--queue', redis.url, '--out', out];
    const first = start(args);
    await until('a few games are in', () => existsSync(out) && readFileSync(out, 'utf8').split('\n').length > 3);
    first.proc.kill('SIGINT');
    const stopped = await first.done;
    expect(stopped.code, stopped.err).toBe(130);
    expect(stopped.err).toMatch(/interrupted; \d+ finished games kept/);
    const kept = lines(out).length;
    expect(kept).toBeGreaterThan(2);
    expect(kept).toBeLessThan(18);
    const resumed = await start([...args, '--resume', '--json']).done;
    expect(resumed.code, resumed.err).toBe(0);
    const local = await start([...heavy, '--games', '6', '--workers', '0', '--out', join(dir, 'l.jsonl'), '--json']).done;
    expect(byKey(out)).toEqual(byKey(join(dir, 'l.jsonl')));
    expect(standingsOf(resumed.out)).toEqual(standingsOf(local.out));
    await killWorker(w);
  });

  it('--queue with --workers is a usage error; an unreachable Redis is ERR_QUEUE and the results file is untouched', () => {
    const both = gabata([...TOUR, '--games', '1', '--queue', redis.url, '--workers', '2']);
    expect(both.code).toBe(2);
    expect(both.err).toMatch(/ERR_ARGUMENT: --workers sets local threads; with --queue/);
    const out = join(tmp(), 'r.jsonl');
    expect(gabata(tour('gabata-adowa', out, ...ROUND)).code).toBe(0);
    const before = readFileSync(out, 'utf8');
    const args = ['tournament', '--ruleset', 'gabata-adowa', ...ROUND, '--agents', 'random,greedy', '--games', '2', '--out', out];
    const closed = gabata([...args, '--resume', '--queue', 'redis://127.0.0.1:9']);
    expect(closed.code).toBe(1);
    expect(closed.err).toMatch(/gabata tournament: ERR_QUEUE: cannot reach Redis at redis:\/\/127\.0\.0\.1:9/);
    expect(readFileSync(out, 'utf8')).toBe(before);
  });
});
