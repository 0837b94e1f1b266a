/**
 * `gabata sweep --queue`: a sweep played by `gabata worker` processes through a real Redis
 * (Debian's redis-server on a free loopback port, test/helpers/redis.ts) gives the same matches
 * and the same figures as the same sweep played by local threads. Needs the built CLI (dist/).
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { killWorker, ready, startRedis, startWorker, within, type TestRedis, type WorkerProcess } from './helpers/redis.js';

const MAIN = join(fileURLToPath(new URL('..', import.meta.url)), 'dist/cli/main.js');
let redis: TestRedis | undefined;
let worker: WorkerProcess | undefined;
let dir = '';

beforeAll(async () => {
  redis = await startRedis();
  dir = mkdtempSync(join(tmpdir(), 'gabata-sweep-queue-'));
});
afterAll(async () => {
  if (worker) await killWorker(worker);
  await redis?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const SWEEP = [
  'sweep',
  'gifia',
  '--grid',
  'gifiaAdjacency=ring,row',
  '--grid',
  'gifiaPassMaxBeans=0,3',
  '--option',
  'rounds=1',
  '--games',
  '10',
  '--seed',
  '5',
];
const sortedLines = (d: string): string[] =>
  readFileSync(join(d, 'matches.jsonl'), 'utf8')
    .split('\n')
    .filter((l) => l !== '')
    .sort();
const cells = (d: string): unknown => (JSON.parse(readFileSync(join(d, 'sweep.json'), 'utf8')) as { cells: unknown }).cells;

describe('gabata sweep --queue', () => {
  it('workers on a Redis queue play the same matches as local threads', async () => {
    const local = join(dir, 'local');
    const r = spawnSync(process.execPath, [MAIN, ...SWEEP, '--workers', '1', '--out', local], { encoding: 'utf8', timeout: 60_000 });
    expect(r.status, r.stderr).toBe(0);
    worker = startWorker(MAIN, redis!.url, 1);
    await ready(worker);
    const queued = join(dir, 'queued');
    const child = spawn(process.execPath, [MAIN, ...SWEEP, '--queue', redis!.url, '--out', queued], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let err = '';
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    const code = await within(
      new Promise<number | null>((resolve) => child.once('exit', (c) => resolve(c))),
      90_000,
      'the queued sweep',
      () => `${err}\nworker: ${worker!.log()}`,
    );
    expect(code, err).toBe(0);
    expect(sortedLines(queued)).toEqual(sortedLines(local));
    expect(sortedLines(queued).length).toBe(40);
    expect(cells(queued)).toEqual(cells(local));
  });
});
