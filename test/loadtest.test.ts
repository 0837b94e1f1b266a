/**
 * `npm run loadtest` (scripts/loadtest.mjs) against the real server: a small bounded run at full
 * speed, a crash run (the server SIGKILLed mid-load and restarted: every acknowledged move must be
 * found again), Ctrl-C in the middle of a run (server and temporary files gone), a quick-pairing
 * run (--pool: players through the lobby's pools into short games), and the refusal of any host
 * but 127.0.0.1. The JSON line is checked for presence and sanity only: speed is
 * reported, never asserted.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const SCRIPT = path.join(ROOT, 'scripts/loadtest.mjs');

interface Run {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

let tmp: string;

beforeAll(() => {
  if (!existsSync(path.join(ROOT, 'dist/cli/main.js'))) throw new Error('dist/ is missing: run `npx tsc -p tsconfig.json` first');
  // The load test's own temporary folder goes under TMPDIR: this folder must be empty afterwards.
  tmp = mkdtempSync(path.join(tmpdir(), 'gabata-loadtest-test-'));
});

afterAll(() => {
  rmSync(tmp, { recursive: true, force: true });
});

function start(args: string[]): { child: ChildProcess; done: Promise<Run> } {
  const child = spawn(process.execPath, [SCRIPT, ...args], { cwd: ROOT, env: { ...process.env, TMPDIR: tmp } });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (c: Buffer) => (stdout += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (stderr += c.toString()));
  const done = new Promise<Run>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal, stdout, stderr })));
  return { child, done };
}

function jsonLine(run: Run): Record<string, unknown> {
  const lines = run.stdout.trim().split('\n');
  expect(lines, `stdout:\n${run.stdout}\nstderr:\n${run.stderr}`).toHaveLength(1);
  return JSON.parse(lines[0]!) as Record<string, unknown>;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The server's pid, from the progress line on stderr. */
function serverPid(stderr: string): number {
  const m = /server \(pid (\d+)\)/.exec(stderr);
  expect(m, stderr).not.toBeNull();
  return Number(m![1]);
}

describe('npm run loadtest', () => {
  it('plays 6 games at full speed and reports a sane JSON line', async () => {
    const run = await start(['--games', '6', '--duration', '3', '--seed', '7']).done;
    expect(run.code, run.stderr).toBe(0);
    const r = jsonLine(run);
    expect(r['games']).toBe(6);
    expect(r['sockets']).toBe(12);
    expect(r['moves']).toBeGreaterThan(0);
    expect(r['errors']).toBe(0);
    expect(r['seconds']).toBeGreaterThan(0);
    expect(r['movesPerSecond']).toBeCloseTo((r['moves'] as number) / (r['seconds'] as number), -1);
    expect(r['latencySamples']).toBeGreaterThan(0);
    for (const k of ['p50Ms', 'p90Ms', 'p99Ms', 'maxMs']) expect(typeof r[k], k).toBe('number');
    // The server's peak memory, read from /proc while it ran: a Node process is tens of MB at least.
    expect(r['serverRssMB'] as number).toBeGreaterThan(20);
    expect(r['clientRssMB'] as number).toBeGreaterThan(20);
    expect(r['p50Ms'] as number).toBeLessThanOrEqual(r['p99Ms'] as number);
    expect(r['p99Ms'] as number).toBeLessThanOrEqual(r['maxMs'] as number);
    expect(r).not.toHaveProperty('lost');
    // Cleaned up: no server left running, no temporary database left behind.
    expect(alive(serverPid(run.stderr))).toBe(false);
    expect(readdirSync(tmp)).toEqual([]);
  });

  it('--clients 2 shares the games and their sockets between two client processes', async () => {
    const run = await start(['--games', '4', '--duration', '2', '--clients', '2']).done;
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toMatch(/4 games, 2 client process\(es\)/);
    const r = jsonLine(run);
    expect(r).toMatchObject({ games: 4, sockets: 8, clients: 2, errors: 0 });
    expect(r['moves']).toBeGreaterThan(0);
    expect(readdirSync(tmp)).toEqual([]);
  });

  it('--kill: the server is SIGKILLed mid-load and restarted; every acknowledged move is found again', async () => {
    const run = await start(['--games', '6', '--duration', '10', '--kill', '--kill-at', '2', '--json']).done;
    expect(run.code, run.stderr).toBe(0);
    const r = jsonLine(run);
    expect(r['errors']).toBe(0);
    expect(r['acknowledged']).toBeGreaterThan(0);
    expect(r['found']).toBe(r['acknowledged']);
    expect(r['lost']).toBe(0);
    // Play went on after the restart.
    expect(r['movesAfterRestart']).toBeGreaterThan(0);
    expect(r['reconnects'] as number).toBeGreaterThanOrEqual(12);
    expect(typeof r['recoverMs']).toBe('number');
    expect(run.stderr).toBe('');
    expect(readdirSync(tmp)).toEqual([]);
  });

  it('Ctrl-C in the middle of a run stops the server and removes its files', async () => {
    const { child, done } = start(['--games', '4', '--duration', '60']);
    let stderr = '';
    child.stderr!.on('data', (c: Buffer) => (stderr += c.toString()));
    // Interrupt once the games are being played.
    await new Promise<void>((resolve, reject) => {
      const t = setInterval(() => {
        if (stderr.includes('playing for')) {
          clearInterval(t);
          resolve();
        }
        if (child.exitCode !== null) reject(new Error(stderr));
      }, 50);
    });
    const pid = serverPid(stderr);
    expect(alive(pid)).toBe(true);
    child.kill('SIGINT');
    const run = await done;
    expect(run.code).toBe(130);
    expect(run.stdout).toBe('');
    expect(alive(pid)).toBe(false);
    expect(readdirSync(tmp)).toEqual([]);
  });

  it('--pool 20: twenty players (ten accounts) join the lobby pools at once, are all paired and play their games out', async () => {
    const run = await start(['--pool', '20', '--seed', '3', '--json']).done;
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toBe('');
    const r = jsonLine(run);
    expect(r).toMatchObject({ mode: 'pool', players: 20, accounts: 10, paired: 20, unpaired: 0, errors: 0, errorCodes: {} });
    expect(r).toMatchObject({ games: 10, gamesFinished: 10, ratingsChecked: 10, seed: 3, machineCores: expect.any(Number) });
    // The players' pools are drawn from the seed over several rulesets and clocks.
    expect(r['pools'] as number).toBeGreaterThan(1);
    expect(r['ratedGames'] as number).toBeLessThanOrEqual(5);
    expect(r['moves'] as number).toBeGreaterThan(0);
    const [median, p99] = [r['medianWaitMs'] as number, r['p99WaitMs'] as number];
    expect(median).toBeGreaterThan(0);
    expect(median).toBeLessThanOrEqual(p99);
    expect(p99).toBeLessThanOrEqual(r['maxWaitMs'] as number);
    expect(r['serverRssMB'] as number).toBeGreaterThan(20);
    expect(readdirSync(tmp)).toEqual([]);
  });

  it('--pool refuses an odd number of players and the flags of the games run', async () => {
    const odd = await start(['--pool', '7']).done;
    expect(odd.code).toBe(2);
    expect(odd.stderr).toMatch(/--pool needs an even number of players \(they are paired\), not 7/);
    const games = await start(['--pool', '10', '--games', '5']).done;
    expect(games.code).toBe(2);
    expect(games.stderr).toMatch(/--pool makes its own short games: --games does not go with it/);
    expect(readdirSync(tmp)).toEqual([]);
  });

  it('refuses any host but 127.0.0.1, and bad arguments, before starting anything', async () => {
    const remote = await start(['--host', '10.0.0.1']).done;
    expect(remote.code).toBe(2);
    expect(remote.stderr).toMatch(/ERR_ARGUMENT: --host must be 127\.0\.0\.1/);
    const bad = await start(['--games', '0']).done;
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--games needs an integer from 1 to 20000, not '0'/);
    expect(readdirSync(tmp)).toEqual([]);
  });

  it('refuses a run that needs more sockets than a process may open, before starting anything', async () => {
    // A hard limit of 256 open files (lowering it needs no privilege): 200 games need 400 sockets in the server.
    const child = spawn('sh', ['-c', 'ulimit -n 256 && exec "$0" "$@"', process.execPath, SCRIPT, '--games', '200'], {
      cwd: ROOT,
      env: { ...process.env, TMPDIR: tmp },
    });
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code, stderr).toBe(2);
    expect(stderr).toMatch(/ERR_FD_LIMIT: --games 200 needs 400 sockets in the server, .* may open 256 \(ulimit -n; hard limit 256\)/);
    expect(stderr).toMatch(/run --games 104 or fewer/);
    expect(stderr).not.toMatch(/server \(pid/);
    expect(readdirSync(tmp)).toEqual([]);
  });

  it('reads the open-file limit and says how many games fit in it', async () => {
    const mod = (await import(path.join(ROOT, 'scripts/loadtest/limits.mjs') as string)) as {
      fdLimit(text: string): { soft: number; hard: number } | null;
      fdShortfall(games: number, clients: number, limit: { soft: number; hard: number } | null): string | null;
    };
    const limits = 'Limit  Soft Limit  Hard Limit  Units\nMax open files            20000                20000                files\n';
    const limit = mod.fdLimit(limits);
    expect(limit).toEqual({ soft: 20000, hard: 20000 });
    expect(mod.fdLimit('Max open files  unlimited  unlimited  files')).toEqual({ soft: Infinity, hard: Infinity });
    expect(mod.fdShortfall(9000, 1, limit)).toBeNull();
    expect(mod.fdShortfall(9976, 1, limit)).toBeNull();
    expect(mod.fdShortfall(9977, 1, limit)).toMatch(
      /needs 19,954 sockets in the server, about 20,002 open files.* run --games 9,976 or fewer/,
    );
    // Each client process's HTTP connections are descriptors of the server too.
    expect(mod.fdShortfall(9976, 2, limit)).toMatch(/run --games 9,972 or fewer/);
    expect(mod.fdShortfall(10000, 1, { soft: 20000, hard: Infinity })).toMatch(/hard limit unlimited\): raise the limit .*ulimit -n 20048/);
    expect(mod.fdShortfall(5000, 1, null)).toBeNull();
  });

  it('reads a move message without parsing its event trace, and only when that is safe', async () => {
    const mod = (await import(path.join(ROOT, 'scripts/loadtest/pool.mjs') as string)) as {
      peekMove(text: string): { ply: number; codes: number[]; joint: boolean } | null;
    };
    const msg = { type: 'move', ply: 41, move: '9|8', codes: [0, 9, 8], joint: true, events: [{ type: 'drop', ply: 3, codes: [1] }] };
    expect(mod.peekMove(JSON.stringify(msg))).toEqual({ ply: 41, codes: [0, 9, 8], joint: true });
    // Fields after the events could be nested in them: no guess, the caller parses the whole message.
    const reordered = { type: 'move', events: [{ ply: 3 }], ply: 41, codes: [2], joint: false };
    expect(mod.peekMove(JSON.stringify(reordered))).toBeNull();
  });
});
