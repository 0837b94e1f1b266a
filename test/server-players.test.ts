/**
 * Players against a real server (in this process, a real SQLite file): profiles with ratings and
 * their history, a player's games paged, the leaderboard (only sure ratings of active players),
 * blocks (the routes with their cookie and CSRF, and the lobby's Blocks both ways), and the quick
 * messages of a live game (broadcast, refused phrases, the caps, not told across a block).
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGabataServer, type GabataServer } from '../src/server/app.js';
import { sha256 } from '../src/server/keys.js';
import { Sayings, sayingsOf, SAY_LIMITS } from '../src/server/players/say.js';
import { ACTIVE_MS } from '../src/server/players/service.js';
import { LobbyBlocks, PlayerStore } from '../src/server/players/store.js';
import { RatingStore } from '../src/server/ratings/store.js';
import { ensureBuilt, newKey, openLive, request, tempDir, type Reply } from './web-harness.js';

let server: GabataServer;
let base = '';
let dir = '';
let ip = 1;

beforeAll(async () => {
  ensureBuilt({ web: false });
  dir = tempDir('gabata-players-');
  server = createGabataServer({ db: path.join(dir, 'games.db'), trustProxy: '127.0.0.1' });
  const addr = await server.listen(0, '127.0.0.1');
  base = `http://127.0.0.1:${addr.port}`;
});
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

interface Client {
  name: string;
  key: string;
  from: string;
  cookie?: string;
  csrf?: string;
}

async function call(c: Client, method: string, p: string, body?: unknown, opts: { csrf?: boolean } = {}): Promise<Reply> {
  const headers: Record<string, string> = { 'x-forwarded-for': c.from };
  if (c.cookie !== undefined) headers['cookie'] = c.cookie;
  if (opts.csrf !== false && c.csrf !== undefined) headers['x-gabata-csrf'] = c.csrf;
  const r = await request(base, method, p, body, undefined, { key: c.key, headers });
  const set = r.headers.get('set-cookie');
  if (set) c.cookie = set.split(';')[0]!;
  if (typeof r.body?.csrf === 'string') c.csrf = r.body.csrf;
  return r;
}

let count = 0;
/** A new account, signed up from a browser whose player key it adopts. */
async function account(prefix = 'p'): Promise<Client> {
  count++;
  ip++;
  const c: Client = { name: `${prefix}${count}_${process.pid % 1000}`, key: newKey(), from: `10.1.${ip >> 8}.${ip & 255}` };
  const r = await call(c, 'POST', '/api/account/signup', { name: c.name, password: 'correct horse battery' });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return c;
}

const idOf = (c: Client): string => String(server.accounts.store.byName(c.name.toLowerCase())!.id);
const principalOf = (c: Client): string => server.accounts.store.byName(c.name.toLowerCase())!.principal;

/** An online game between two clients' keys: a creates it, b joins by the invitation. */
async function online(a: Client, b: Client): Promise<string> {
  const c = await request(base, 'POST', '/api/games', { ruleset: 'gabata-adowa', seed: 3, seats: ['human', 'invite'] }, undefined, {
    key: a.key,
  });
  expect(c.status, JSON.stringify(c.body)).toBe(201);
  const id = c.body.game.id as string;
  const j = await request(base, 'POST', `/api/games/${id}/join`, { token: c.body.invites[0].token }, undefined, { key: b.key });
  expect(j.status).toBe(200);
  return id;
}

describe('profiles', () => {
  it('shows the ratings of each ruleset rated, W/D/L, the history, and 404 for nobody', async () => {
    const [a, b] = [await account(), await account()];
    const ratings = new RatingStore(server.store.database);
    const t0 = Date.now() - 3 * 86_400_000;
    ratings.rate('g1', 'gabata-adowa', idOf(a), idOf(b), 1, 20, t0);
    ratings.rate('g2', 'gabata-adowa', idOf(a), idOf(b), 0.5, 20, t0 + 1000);
    ratings.rate('g3', 'selus', idOf(b), idOf(a), 1, 20, t0 + 2000);
    const r = await request(base, 'GET', `/api/players/${a.name.toUpperCase()}`);
    expect(r.status).toBe(200);
    expect(r.body.name).toBe(a.name);
    expect(typeof r.body.memberSince).toBe('string');
    const adowa = r.body.ratings.find((x: { ruleset: string }) => x.ruleset === 'gabata-adowa');
    expect(adowa).toMatchObject({ games: 2, wins: 1, draws: 1, losses: 0, provisional: true });
    expect(adowa.rating).toBeGreaterThan(1500);
    expect(r.body.ratings.find((x: { ruleset: string }) => x.ruleset === 'selus')).toMatchObject({ games: 1, losses: 1 });
    expect(r.body.history['gabata-adowa']).toHaveLength(2);
    expect(r.body.history['gabata-adowa'][0]).toEqual({ at: t0, rating: expect.any(Number) });
    expect(r.body).not.toHaveProperty('you');
    expect((await request(base, 'GET', '/api/players/nobody_here_x')).status).toBe(404);
    expect((await request(base, 'GET', '/api/players/%3Cscript%3E')).status).toBe(404);
  });

  it('tells a signed-in reader whether it is himself', async () => {
    const a = await account();
    const me = await call(a, 'GET', `/api/players/${a.name}`);
    expect(me.body).toMatchObject({ you: true, blocked: false, ratings: [] });
  });

  it("lists the account's games newest first, paged, with the players' names", async () => {
    const [a, b] = [await account(), await account()];
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      ids.push(await online(a, b));
      await new Promise((r) => setTimeout(r, 5));
    }
    const p1 = await request(base, 'GET', `/api/players/${a.name}/games?limit=2`);
    expect(p1.status).toBe(200);
    expect(p1.body.games.map((g: { id: string }) => g.id)).toEqual([ids[2], ids[1]]);
    expect(p1.body.games[0].players).toEqual([a.name, b.name]);
    const p2 = await request(base, 'GET', `/api/players/${a.name}/games?limit=2&before=${p1.body.next}`);
    expect(p2.body.games.map((g: { id: string }) => g.id)).toEqual([ids[0]]);
    expect(p2.body.next).toBeNull();
    expect((await request(base, 'GET', `/api/players/${a.name}/games?limit=0`)).status).toBe(400);
  });
});

describe('leaderboard', () => {
  it('lists only sure ratings of players active in the last four weeks, best first, with names', async () => {
    const [a, b, c, d] = [await account('lb'), await account('lb'), await account('lb'), await account('lb')];
    const now = Date.now();
    const put = server.store.database.prepare(
      'INSERT INTO ratings (identity, ruleset, rating, deviation, volatility, games, wins, draws, losses, updated) ' +
        'VALUES (?, ?, ?, ?, 0.06, 30, 15, 0, 15, ?)',
    );
    put.run(idOf(a), 'gifia', 1600, 80, now - 86_400_000);
    put.run(idOf(b), 'gifia', 1700, 90, now - 3 * 86_400_000);
    put.run(idOf(c), 'gifia', 1900, 200, now); // provisional
    put.run(idOf(d), 'gifia', 1800, 60, now - ACTIVE_MS - 86_400_000); // inactive
    const r = await request(base, 'GET', '/api/leaderboard/gifia');
    expect(r.status).toBe(200);
    expect(r.body.players.map((p: { name: string }) => p.name)).toEqual([b.name, a.name]);
    expect(r.body.players[0]).toMatchObject({ rank: 1, rating: 1700, provisional: false, games: 30 });
    expect(r.body.activeDays).toBe(28);
    expect((await request(base, 'GET', '/api/leaderboard/no-such-game')).status).toBe(404);
  });
});

describe('blocks', () => {
  it('blocks and unblocks by name, signed in and with the CSRF header only', async () => {
    const [a, b] = [await account(), await account()];
    expect((await request(base, 'POST', '/api/account/blocks', { name: b.name })).status).toBe(401);
    expect((await call(a, 'POST', '/api/account/blocks', { name: b.name }, { csrf: false })).status).toBe(403);
    const r = await call(a, 'POST', '/api/account/blocks', { name: b.name.toUpperCase() });
    expect(r.status).toBe(200);
    expect(r.body.blocks.map((x: { name: string }) => x.name)).toEqual([b.name]);
    expect((await call(a, 'POST', '/api/account/blocks', { name: b.name })).body.blocks).toHaveLength(1);
    expect((await call(a, 'GET', '/api/account/blocks')).body.blocks).toHaveLength(1);
    expect((await call(a, 'GET', `/api/players/${b.name}`)).body).toMatchObject({ you: false, blocked: true });
    expect((await call(a, 'POST', '/api/account/blocks', { name: a.name })).status).toBe(400);
    expect((await call(a, 'POST', '/api/account/blocks', { name: 'nobody_here_y' })).status).toBe(404);
    expect((await call(a, 'DELETE', `/api/account/blocks/${b.name}`, undefined, { csrf: false })).status).toBe(403);
    const u = await call(a, 'DELETE', `/api/account/blocks/${b.name}`);
    expect(u.status).toBe(200);
    expect(u.body.blocks).toEqual([]);
  });

  it("gives the lobby each side's blocks both ways, in principals, and the ratings the account's id", async () => {
    const [a, b, c] = [await account(), await account(), await account()];
    expect((await call(a, 'POST', '/api/account/blocks', { name: b.name })).status).toBe(200);
    const store = new PlayerStore(server.store.database, server.accounts.store);
    const blocks = new LobbyBlocks(store);
    expect([...(await blocks.blockedBy(principalOf(a)))]).toEqual([principalOf(b)]);
    expect([...(await blocks.blockedBy(principalOf(b)))]).toEqual([principalOf(a)]);
    expect((await blocks.blockedBy(principalOf(c))).size).toBe(0);
    expect((await blocks.blockedBy(sha256(newKey()))).size).toBe(0);
    // The server's own lobby got them.
    const lobbyBlocks = (server.lobby.lobby as unknown as { blocks: LobbyBlocks }).blocks;
    expect((await lobbyBlocks.blockedBy(principalOf(b))).has(principalOf(a))).toBe(true);
    expect(store.accountOf(principalOf(a))).toBe(idOf(a));
    expect(store.accountOf(sha256(a.key))).toBe(idOf(a));
    expect(store.accountOf(sha256(newKey()))).toBeNull();
  });
});

describe('quick messages', () => {
  it('tells every socket of the game, refuses anything but a phrase of its own seat, and caps them', async () => {
    const [a, b] = [await account(), await account()];
    const id = await online(a, b);
    const la = await openLive(base, id, { key: a.key });
    const lb = await openLive(base, id, { key: b.key });
    const watcher = await openLive(base, id);
    try {
      la.send({ type: 'say', id: 1, seat: 1, phrase: 'hello' });
      expect(await la.next((m) => m.type === 'ack' && m.id === 1)).toBeTruthy();
      for (const l of [la, lb, watcher]) {
        expect(await l.next((m) => m.type === 'said')).toEqual({ type: 'said', seat: 1, phrase: 'hello' });
      }
      const refused = async (msg: Record<string, unknown>, code: string): Promise<void> => {
        lb.send(msg);
        expect((await lb.next((m) => m.type === 'error' && m.id === msg['id'])).code).toBe(code);
      };
      await refused({ type: 'say', id: 2, seat: 2, phrase: 'you are bad' }, 'ERR_ARGUMENT');
      await refused({ type: 'say', id: 3, seat: 2, phrase: 'hello', text: 'free text' }, 'ERR_ARGUMENT');
      await refused({ type: 'say', id: 4, seat: 1, phrase: 'hello' }, 'ERR_FORBIDDEN');
      lb.send({ type: 'say', id: 5, seat: 2, phrase: 'goodLuck' });
      await lb.next((m) => m.type === 'ack' && m.id === 5);
      await refused({ type: 'say', id: 6, seat: 2, phrase: 'oops' }, 'ERR_RATE_LIMIT');
      watcher.send({ type: 'say', id: 7, seat: 1, phrase: 'hello' });
      expect((await watcher.next((m) => m.type === 'error' && m.id === 7)).code).toBe('ERR_AUTH');
      // Per game: with no interval, the third phrase of a seat over a cap of two is refused.
      sayingsOf(server.api).limits = { intervalMs: 0, perGame: 2 };
      la.send({ type: 'say', id: 8, seat: 1, phrase: 'wellPlayed' });
      await la.next((m) => m.type === 'ack' && m.id === 8);
      la.send({ type: 'say', id: 9, seat: 1, phrase: 'goodGame' });
      expect((await la.next((m) => m.type === 'error' && m.id === 9)).code).toBe('ERR_RATE_LIMIT');
    } finally {
      sayingsOf(server.api).limits = SAY_LIMITS;
      for (const l of [la, lb, watcher]) await l.close();
    }
  });

  it('caps a key at 60 phrases a minute over all its games, and an address at four times that', () => {
    const s = new Sayings();
    for (let g = 0; g < 60; g++) s.take(`g${g}`, 1, 1000, 'k1', '10.0.0.1');
    expect(() => s.take('g60', 1, 1000, 'k1', '10.0.0.1')).toThrow(/at most 60 phrases a minute/);
    for (const k of ['k2', 'k3', 'k4']) for (let g = 0; g < 60; g++) s.take(`${k}-g${g}`, 1, 1000, k, '10.0.0.1');
    expect(() => s.take('k5-g0', 1, 1000, 'k5', '10.0.0.1')).toThrow(/an address says at most 240 phrases a minute/);
    // Not per address when the server counts none (null), and the next minute afresh.
    s.take('k5-g0', 1, 1000, 'k5', null);
    s.take('g60', 1, 61_000, 'k1', '10.0.0.1');
  });

  it('is not told to a player who blocked the speaker, or whom the speaker blocked', async () => {
    const [a, b] = [await account(), await account()];
    const id = await online(a, b);
    expect((await call(b, 'POST', '/api/account/blocks', { name: a.name })).status).toBe(200);
    const la = await openLive(base, id, { key: a.key });
    const lb = await openLive(base, id, { key: b.key });
    try {
      la.send({ type: 'say', id: 1, seat: 1, phrase: 'hello' });
      await la.next((m) => m.type === 'said');
      lb.send({ type: 'say', id: 2, seat: 2, phrase: 'oops' });
      await lb.next((m) => m.type === 'said' && m.seat === 2);
      await new Promise((r) => setTimeout(r, 200));
      expect(lb.frames.filter((m) => m.type === 'said' && m.seat === 1)).toEqual([]);
      expect(la.frames.filter((m) => m.type === 'said' && m.seat === 2)).toEqual([]);
    } finally {
      await la.close();
      await lb.close();
    }
  });
});
