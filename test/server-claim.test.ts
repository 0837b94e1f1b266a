/**
 * Leaving a live game (issue 21, lichess's rule): once every opponent has been gone (no socket)
 * for a while, a player may claim the win or a draw; not before, not while the opponent is there,
 * not in correspondence (the move clock decides), not against the computer. Real server and sockets.
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGabataServer, type GabataServer } from '../src/server/app.js';
import { ensureBuilt, newKey, openLive, request, tempDir } from './web-harness.js';

const CLAIM_MS = 400;
let dir: string;
let app: GabataServer;
let url: string;

beforeAll(async () => {
  ensureBuilt({ web: false });
  dir = tempDir('gabata-claim-');
  app = createGabataServer({ db: path.join(dir, 'games.db'), claimAfterMs: CLAIM_MS });
  url = `http://127.0.0.1:${(await app.listen(0, '127.0.0.1')).port}`;
});
afterAll(async () => {
  await app?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function online(clock?: unknown): Promise<{ id: string; a: string; b: string }> {
  const [a, b] = [newKey(), newKey()];
  const body = { ruleset: 'gifia', seats: ['human', 'invite'], ...(clock ? { clock } : {}) };
  const made = await request(url, 'POST', '/api/games', body, undefined, { key: a });
  const id = made.body.game.id as string;
  expect((await request(url, 'POST', `/api/games/${id}/join`, { token: made.body.invites[0].token }, undefined, { key: b })).status).toBe(
    200,
  );
  return { id, a, b };
}

const claim = (id: string, key: string, outcome: string) =>
  request(url, 'POST', `/api/games/${id}/claim`, { seat: 1, ply: 0, outcome }, undefined, { key });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('claiming a game the opponent left', () => {
  it("is refused while the opponent is there and until he has been gone long enough; then the win is the claimant's", async () => {
    const { id, a, b } = await online();
    const mine = await openLive(url, id, { key: a });
    const theirs = await openLive(url, id, { key: b });
    const present = await claim(id, a, 'win');
    expect([present.status, present.body.error.code]).toEqual([409, 'ERR_CONFLICT']);
    expect(present.body.error.message).toMatch(/connected/);
    // The wait is a field (null: no wait would do while the opponent is there), not only words.
    expect(present.body.error.retryAfterMs).toBeNull();
    await theirs.close();
    await mine.next((m) => m.type === 'presence' && m.connected.join() === '1');
    const early = await claim(id, a, 'win');
    expect(early.status).toBe(409);
    expect(early.body.error.message).toMatch(/wait \d+ s/);
    expect(early.body.error.retryAfterMs).toBeGreaterThan(0);
    expect(early.body.error.retryAfterMs).toBeLessThanOrEqual(CLAIM_MS);
    await sleep(CLAIM_MS + 100);
    const won = await claim(id, a, 'win');
    expect(won.status, JSON.stringify(won.body)).toBe(200);
    expect(won.body.end).toMatchObject({ winner: 1, reason: 'abandoned' });
    expect((await mine.next((m) => m.type === 'end')).end.reason).toBe('abandoned');
    await mine.close();
  });

  it('may be a draw instead; the opponent himself cannot claim; a correspondence game cannot be claimed', async () => {
    const { id, a } = await online();
    await sleep(CLAIM_MS + 100);
    // Nobody is connected: a's own claim counts b's absence from the first look.
    expect((await claim(id, a, 'draw')).status).toBe(409);
    await sleep(CLAIM_MS + 100);
    const drawn = await claim(id, a, 'draw');
    expect(drawn.status, JSON.stringify(drawn.body)).toBe(200);
    expect(drawn.body.end).toMatchObject({ winner: 0, reason: 'abandoned' });
    const corr = await online({ daysPerMove: 1 });
    await claim(corr.id, corr.a, 'win');
    await sleep(CLAIM_MS + 100);
    const refused = await claim(corr.id, corr.a, 'win');
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toMatch(/clock decides/);
    const wrong = await request(url, 'POST', `/api/games/${corr.id}/claim`, { seat: 1, ply: 0, outcome: 'win' }, undefined, {
      key: corr.b,
    });
    expect(wrong.status).toBe(403);
  });
});
