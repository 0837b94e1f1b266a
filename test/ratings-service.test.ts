/**
 * Rated games end in ratings (src/server/ratings/service.ts) on a real server in this process: a
 * game marked rated between two accounts' keys moves both ratings when one resigns; an unrated
 * game, one with an anonymous player and one resigned at its first ply do not.
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_MOVES } from '../packages/engine/src/core/game.js';
import { createGabataServer, type GabataServer } from '../src/server/app.js';
import { sha256 } from '../src/server/keys.js';
import { Ratings } from '../src/server/ratings/service.js';
import { RatingStore } from '../src/server/ratings/store.js';
import { ensureBuilt, newKey, request, tempDir } from './web-harness.js';

let dir: string;
let app: GabataServer;
let url: string;
let ratings: Ratings;
const accounts = new Map<string, string>();

beforeAll(async () => {
  ensureBuilt({ web: false });
  dir = tempDir('gabata-ratings-');
  app = createGabataServer({ db: path.join(dir, 'games.db') });
  url = `http://127.0.0.1:${(await app.listen(0, '127.0.0.1')).port}`;
  ratings = new Ratings(new RatingStore(app.store.database), { accountOf: (k) => accounts.get(k) ?? null });
  ratings.attach(app.api);
});

afterAll(async () => {
  await app?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** An online game of gifia between keys a and b (b joins by invite), marked rated or not, after `plies` moves. */
async function played(a: string, b: string, rated: boolean, plies: number): Promise<string> {
  const made = await request(url, 'POST', '/api/games', { ruleset: 'gifia', seats: ['human', 'invite'] }, undefined, { key: a });
  const id = made.body.game.id as string;
  await request(url, 'POST', `/api/games/${id}/join`, { token: made.body.invites[0].token }, undefined, { key: b });
  const l = app.api.load(id);
  l.meta.rated = rated;
  for (let ply = 0; ply < plies; ply++) {
    const buf = new Int32Array(MAX_MOVES);
    l.game.legalMoves(l.state, buf);
    const key = l.state.toMove === 1 ? a : b;
    const r = await request(url, 'POST', `/api/games/${id}/moves`, { seat: l.state.toMove, ply, code: buf[0] }, undefined, { key });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
  }
  return id;
}

async function resign(id: string, key: string, seat: number, ply: number): Promise<void> {
  const r = await request(url, 'POST', `/api/games/${id}/resign`, { seat, ply }, undefined, { key });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
}

describe('rated games', () => {
  it('a rated game between two accounts moves both ratings when it ends; unrated and anonymous games do not', async () => {
    const [a, b, anon] = [newKey(), newKey(), newKey()];
    accounts.set(sha256(a), 'acct-a');
    accounts.set(sha256(b), 'acct-b');
    const id = await played(a, b, true, 4);
    await resign(id, b, 2, 4);
    const ra = ratings.store.get('acct-a', 'gifia');
    const rb = ratings.store.get('acct-b', 'gifia');
    expect([ra.games, ra.wins, rb.games, rb.losses]).toEqual([1, 1, 1, 1]);
    expect(ra.rating).toBeGreaterThan(1500);
    expect(ratings.store.history('acct-b', 'gifia')).toHaveLength(1);

    await resign(await played(a, b, false, 2), b, 2, 2);
    await resign(await played(a, anon, true, 2), anon, 2, 2);
    expect(ratings.store.get('acct-a', 'gifia').games).toBe(1);
  });

  it('a rated game resigned at its first ply is aborted, not rated', async () => {
    const [a, b] = [newKey(), newKey()];
    accounts.set(sha256(a), 'early-a');
    accounts.set(sha256(b), 'early-b');
    const id = await played(a, b, true, 1);
    await resign(id, b, 2, 1);
    expect(ratings.store.get('early-a', 'gifia').games).toBe(0);
  });
});
