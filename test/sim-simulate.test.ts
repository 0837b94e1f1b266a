import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseRecord, replayRecord } from '../packages/engine/src/notation/record.js';
import { unwrap } from '../packages/engine/src/core/errors.js';
import { getRuleset } from '../packages/engine/src/games/index.js';
import { splitBatches, type MatchOutcome } from '../src/sim/batch.js';
import { LocalRunner } from '../src/sim/local-runner.js';
import { bradleyTerry, spread, wilson } from '../src/sim/stats.js';
import { schedule, standings } from '../src/sim/tournament.js';

const CLI = join(process.cwd(), 'dist', 'cli', 'main.js');
const tmp = (): string => mkdtempSync(join(tmpdir(), 'gabata-sim-'));

function checkRecords(file: string): number {
  const lines = readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '');
  for (const line of lines) {
    const rec = parseRecord(line);
    expect(rec.ok).toBe(true);
    if (!rec.ok) continue;
    expect(rec.value.result).not.toBeNull();
    // replayRecord checks that the replayed result equals the recorded one.
    const rep = replayRecord(rec.value);
    expect(rep.ok, rep.ok ? '' : rep.error.message).toBe(true);
  }
  return lines.length;
}

describe('simulate', () => {
  it('built CLI is present (npm test builds first)', () => {
    expect(existsSync(CLI)).toBe(true);
  });

  it('writes one record per match that replays to its recorded result', () => {
    const out = join(tmp(), 'games.jsonl');
    const r = spawnSync(
      'node',
      [
        CLI,
        'simulate',
        'gabata-adowa',
        '--games',
        '6',
        '--agents',
        'greedy,random',
        '--option',
        'rounds=1',
        '--workers',
        '2',
        '--seed',
        '5',
        '--out',
        out,
        '--json',
      ],
      { encoding: 'utf8' },
    );
    expect(r.status, r.stderr).toBe(0);
    const summary = JSON.parse(r.stdout) as {
      games: number;
      seats: { wins: { count: number } }[];
      draws: { count: number };
      agents: { agent: string }[];
    };
    expect(summary.games).toBe(6);
    expect(summary.seats.reduce((s, x) => s + x.wins.count, 0) + summary.draws.count).toBe(6);
    expect(summary.agents.map((a) => a.agent).sort()).toEqual(['greedy', 'random']);
    expect(checkRecords(out)).toBe(6);
  });

  it('--out never overwrites a file that holds records without --force (as tournaments)', () => {
    const out = join(tmp(), 'kept.jsonl');
    const args = [CLI, 'simulate', 'gifia', '--games', '2', '--agents', 'random', '--workers', '0', '--out', out, '--json'];
    expect(spawnSync('node', args, { encoding: 'utf8' }).status).toBe(0);
    const before = readFileSync(out, 'utf8');
    expect(before.trim().split('\n')).toHaveLength(2);
    const again = spawnSync('node', [...args.slice(0, 4), '3', ...args.slice(5)], { encoding: 'utf8' });
    expect(again.status).not.toBe(0);
    expect(again.stderr).toMatch(/ERR_CONFLICT.*already holds records; add --force/);
    expect(readFileSync(out, 'utf8')).toBe(before);
    const forced = spawnSync('node', [...args.slice(0, 4), '3', ...args.slice(5), '--force'], { encoding: 'utf8' });
    expect(forced.status, forced.stderr).toBe(0);
    expect(checkRecords(out)).toBe(3);
  });

  it('plays three-player and simultaneous-opening rulesets', () => {
    for (const args of [
      ['gabata-aksum', '--players', '3', '--agents', 'random', '--games', '3'],
      ['abalalae', '--agents', 'greedy,random', '--games', '2', '--option', 'rounds=1'],
      ['selus', '--agents', 'random,greedy', '--games', '4'],
      ['gifia', '--agents', 'random', '--games', '3'],
    ]) {
      const out = join(tmp(), 'g.jsonl');
      const r = spawnSync('node', [CLI, 'simulate', ...args, '--workers', '1', '--out', out, '--json'], { encoding: 'utf8' });
      expect(r.status, `${args.join(' ')}: ${r.stderr}`).toBe(0);
      expect(checkRecords(out)).toBe(Number(args[args.indexOf('--games') + 1]));
    }
  });

  it('rejects bad arguments with a usage error', () => {
    for (const args of [
      ['nosuchgame', '--games', '2'],
      ['gabata-adowa', '--agents', 'nosuchagent'],
      ['gabata-adowa', '--games', 'x'],
      ['gabata-adowa', '--agents', 'random,random,random'],
    ]) {
      const r = spawnSync('node', [CLI, 'simulate', ...args], { encoding: 'utf8' });
      expect(r.status, args.join(' ')).toBe(2);
      expect(r.stderr).toMatch(/ERR_/);
    }
  });

  it('says what is wrong with --batch and --queue', () => {
    for (const [args, message] of [
      [['--batch', '0'], /--batch takes at least 1/],
      [['--batch', 'many'], /--batch takes a whole number, not 'many'/],
      [['--queue', 'http://127.0.0.1:6379'], /--queue takes a redis:\/\/ URL, not 'http:\/\/127.0.0.1:6379'/],
    ] as const) {
      const r = spawnSync('node', [CLI, 'simulate', 'gabata-adowa', '--games', '2', ...args], { encoding: 'utf8' });
      expect(r.status, args.join(' ')).toBe(2);
      expect(r.stderr).toMatch(message);
    }
  });

  it('keeps every finished game when interrupted (SIGINT)', async () => {
    const out = join(tmp(), 'long.jsonl');
    const child = spawn(
      'node',
      [CLI, 'simulate', 'gabata-adowa', '--games', '100000', '--agents', 'random', '--workers', '2', '--out', out, '--json'],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stdout = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    const lines = (): number =>
      existsSync(out)
        ? readFileSync(out, 'utf8')
            .split('\n')
            .filter((l) => l !== '').length
        : 0;
    const t0 = Date.now();
    while (lines() < 4 && Date.now() - t0 < 60_000) await new Promise((r) => setTimeout(r, 100));
    child.kill('SIGINT');
    const code = await new Promise<number | null>((r) => child.on('exit', (c) => r(c)));
    expect(code).toBe(130);
    const kept = checkRecords(out);
    expect(kept).toBeGreaterThanOrEqual(4);
    expect(kept).toBeLessThan(100000);
    const summary = JSON.parse(stdout) as { games: number; interrupted: boolean };
    expect(summary.interrupted).toBe(true);
    expect(summary.games).toBe(kept);
  });

  it('a match plays the same in a worker thread and on the main thread', async () => {
    const options = { ...unwrap(unwrap(getRuleset('gabata-adowa')).create({ rounds: 1 })).options };
    const base = {
      ruleset: 'gabata-adowa',
      options,
      agents: ['mcts:iterations=50', 'greedy:epsilon=0.2'],
      seed: 1000,
      record: true,
      metrics: false,
    };
    const collect = async (workers: number): Promise<MatchOutcome[]> => {
      const got: MatchOutcome[] = [];
      const runner = new LocalRunner({ workers });
      await runner.run(splitBatches(base, 4, 1, 'same'), (_b, m) => got.push(...m));
      await runner.close();
      return got.sort((x, y) => x.index - y.index);
    };
    const a = await collect(0);
    const b = await collect(2);
    expect(b.map((o) => o.result.record!.moves)).toEqual(a.map((o) => o.result.record!.moves));
    expect(b.map((o) => o.result.winner)).toEqual(a.map((o) => o.result.winner));
  });
});

describe('statistics', () => {
  it('Wilson intervals', () => {
    const w = wilson(0, 10);
    expect(w.lo).toBe(0);
    expect(w.hi).toBeCloseTo(0.2775, 3);
    const h = wilson(50, 100);
    expect(h.lo).toBeCloseTo(0.4038, 3);
    expect(h.hi).toBeCloseTo(0.5962, 3);
  });
  it('spread: mean, median, max', () => {
    expect(spread([3, 1, 2, 10])).toEqual({ mean: 4, median: 2.5, max: 10, min: 1 });
  });
  it('Bradley-Terry orders players by results, centred on 0, with finite error bars', () => {
    const games = [];
    for (let i = 0; i < 30; i++)
      games.push({ a: 0, b: 1, score: i < 24 ? 1 : 0 }, { a: 1, b: 2, score: i < 20 ? 1 : 0.5 }, { a: 0, b: 2, score: 1 });
    const r = bradleyTerry(3, games);
    expect(r[0]!.elo).toBeGreaterThan(r[1]!.elo);
    expect(r[1]!.elo).toBeGreaterThan(r[2]!.elo);
    expect(r.reduce((s, x) => s + x.elo, 0)).toBeCloseTo(0, 6);
    for (const x of r) expect(Number.isFinite(x.error) && x.error > 0).toBe(true);
    // 80% against each other is about 240 Elo.
    const two = bradleyTerry(
      2,
      Array.from({ length: 1000 }, (_, i) => ({ a: 0, b: 1, score: i < 800 ? 1 : 0 })),
    );
    expect(two[0]!.elo - two[1]!.elo).toBeGreaterThan(220);
    expect(two[0]!.elo - two[1]!.elo).toBeLessThan(260);
  });
  it('tournament schedule rotates seats and standings count pairwise results', () => {
    const plan = schedule(['a', 'b', 'c'], 2, 2, 1);
    expect(plan.map((p) => p.seats)).toEqual([
      [0, 1],
      [1, 0],
      [0, 2],
      [2, 0],
      [1, 2],
      [2, 1],
    ]);
    const st = standings(
      ['a', 'b'],
      [
        {
          ruleset: 'gabata-adowa',
          options: {},
          agents: ['a', 'b'],
          key: 'x',
          seed: 1,
          seats: ['a', 'b'],
          winner: 1,
          returns: [1, 0],
          plies: 1,
          rounds: 1,
          reason: 'rules',
        },
        {
          ruleset: 'gabata-adowa',
          options: {},
          agents: ['a', 'b'],
          key: 'y',
          seed: 2,
          seats: ['b', 'a'],
          winner: 0,
          returns: [0.5, 0.5],
          plies: 1,
          rounds: 1,
          reason: 'rules',
        },
      ],
    );
    expect(st.score[0]![1]).toBe(1.5);
    expect(st.games[0]![1]).toBe(2);
  });
});
