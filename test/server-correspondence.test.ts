/**
 * Correspondence games with a real time limit (issue 21): a clock of days per move (1, 2, 3 or 7)
 * gives each player a fresh allowance whenever his turn starts, so a game cannot be stalled for
 * ever: a player who lets it run out loses on time, however long the game has lasted.
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGabataServer, type GabataServer } from '../src/server/app.js';
import { DAY_MS, afterMove, flagged, newClock, run } from '../src/server/live/clock.js';
import { ensureBuilt, newKey, request, tempDir } from './web-harness.js';

describe('a correspondence clock', () => {
  it('gives each turn its days afresh; the time a player spends is not carried to his next move', () => {
    const t0 = 1_000_000;
    const c = newClock({ baseMs: 0, incrementMs: 0, perMoveMs: 2 * DAY_MS }, 2, t0);
    run(c, [1], t0);
    // Seat 1 takes a day and a half, then seat 2 a whole day.
    afterMove(c, [1], [2], t0 + 1.5 * DAY_MS);
    expect(c.remainingMs).toEqual([0.5 * DAY_MS, 2 * DAY_MS]);
    afterMove(c, [2], [1], t0 + 2.5 * DAY_MS);
    expect(c.remainingMs[0]).toBe(2 * DAY_MS);
    expect(flagged(c, t0 + 4.4 * DAY_MS)).toBe(0);
    expect(flagged(c, t0 + 4.5 * DAY_MS + 1)).toBe(1);
  });
});

describe('correspondence over the API', () => {
  let dir: string;
  let app: GabataServer;
  let url: string;
  beforeAll(async () => {
    ensureBuilt({ web: false });
    dir = tempDir('gabata-corr-');
    app = createGabataServer({ db: path.join(dir, 'games.db') });
    url = `http://127.0.0.1:${(await app.listen(0, '127.0.0.1')).port}`;
  });
  afterAll(async () => {
    await app?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('takes daysPerMove of 1, 2, 3 or 7 and refuses any other', async () => {
    const key = newKey();
    for (const days of [1, 2, 3, 7]) {
      const r = await request(
        url,
        'POST',
        '/api/games',
        { ruleset: 'gifia', seats: ['human', 'invite'], clock: { daysPerMove: days } },
        undefined,
        {
          key,
        },
      );
      expect(r.status).toBe(201);
      expect(r.body.game.clock).toMatchObject({ perMoveMs: days * DAY_MS, remainingMs: [days * DAY_MS, days * DAY_MS] });
    }
    for (const bad of [{ daysPerMove: 5 }, { daysPerMove: 0 }, { daysPerMove: 2, baseMs: 1 }]) {
      const r = await request(url, 'POST', '/api/games', { ruleset: 'gifia', clock: bad }, undefined, { key });
      expect(r.status, JSON.stringify(bad)).toBe(400);
      expect(r.body.error.code).toBe('ERR_ARGUMENT');
    }
  });
});
