/**
 * The server's computer players (src/server/live/computer.ts) with real worker threads: a fair
 * queue (each client's searches taken in turn, so one client's backlog delays another's reply by
 * at most one search), a cap on each client's searches, and shorter searches when the queue is long.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { ComputerPool, MAX_QUEUED_PER_CLIENT, MAX_SEARCH_MS, MIN_SEARCH_MS, searchCapMs } from '../src/server/live/computer.js';
import { ensureBuilt } from './web-harness.js';

const pools: ComputerPool[] = [];
afterEach(async () => {
  for (const p of pools.splice(0)) await p.close();
});

const job = (seed: number) => ({ ruleset: 'gifia', options: {}, seed, moves: [], level: 1, player: 1 });

describe('the computer players queue', () => {
  it('takes each client in turn: a backlog of one client does not starve another', async () => {
    ensureBuilt({ web: false });
    const pool = new ComputerPool(1);
    pools.push(pool);
    const done: string[] = [];
    const mark = (name: string) => (move: number) => {
      expect(Number.isInteger(move)).toBe(true);
      done.push(name);
    };
    const all = [1, 2, 3, 4].map((i) => pool.choose(job(i), 'greedy').then(mark(`greedy${i}`)));
    all.push(pool.choose(job(9), 'honest').then(mark('honest')));
    await Promise.all(all);
    // One of the greedy client's searches was running when the honest one came: it goes next but one.
    expect(done.indexOf('honest')).toBeLessThanOrEqual(2);
    expect(done.filter((d) => d.startsWith('greedy'))).toEqual(['greedy1', 'greedy2', 'greedy3', 'greedy4']);
  });

  it(`caps each client at ${MAX_QUEUED_PER_CLIENT} searches queued or running (429), not the others`, async () => {
    ensureBuilt({ web: false });
    const pool = new ComputerPool(1);
    pools.push(pool);
    const mine = Array.from({ length: MAX_QUEUED_PER_CLIENT }, (_, i) => pool.choose(job(i + 1), 'a'));
    await expect(pool.choose(job(7), 'a')).rejects.toMatchObject({ status: 429, code: 'ERR_RATE_LIMIT' });
    await expect(pool.choose(job(8), 'b')).resolves.toEqual(expect.any(Number));
    await Promise.all(mine);
    // Its searches done, the client may ask again.
    await expect(pool.choose(job(7), 'a')).resolves.toEqual(expect.any(Number));
  });

  it('gives each search less time as the queue grows, never less than the floor', () => {
    expect(searchCapMs(0, 1)).toBe(MAX_SEARCH_MS);
    expect(searchCapMs(2, 1)).toBe(MAX_SEARCH_MS);
    expect(searchCapMs(8, 1)).toBe(MAX_SEARCH_MS / 4);
    expect(searchCapMs(16, 2)).toBe(MAX_SEARCH_MS / 4);
    expect(searchCapMs(10_000, 1)).toBe(MIN_SEARCH_MS);
  });
});
