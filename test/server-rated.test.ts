/**
 * A rated game from the lobby to the players' profiles (issue 21), on a real server: two accounts
 * that never shared a link meet by a rated seek, play, one resigns, and both profiles show the
 * game's rating change; anonymous players may not open a rated seek (ERR_AUTH), and their casual
 * game rates nobody.
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { MAX_MOVES } from '../packages/engine/src/core/game.js';
import { createGabataServer, type GabataServer } from '../src/server/app.js';
import { keyHashOf } from '../src/server/keys.js';
import { ensureBuilt, newKey, openLive, request, tempDir, type Reply } from './web-harness.js';

let dir: string;
let app: GabataServer;
let url: string;

beforeAll(async () => {
  ensureBuilt({ web: false });
  dir = tempDir('gabata-rated-');
  app = createGabataServer({ db: path.join(dir, 'games.db'), trustProxy: '127.0.0.1', lobby: { waveMs: 150, seed: 3 } });
  url = `http://127.0.0.1:${(await app.listen(0, '127.0.0.1')).port}`;
});
afterAll(async () => {
  await app?.close();
  rmSync(dir, { recursive: true, force: true });
});

type Frame = Record<string, unknown>;

/** A lobby socket said hello with `key`; resolves frames by predicate. */
async function lobby(
  key: string,
  from: string,
): Promise<{ send: (m: unknown) => void; next: (p: (f: Frame) => boolean) => Promise<Frame>; ws: WebSocket }> {
  const ws = new WebSocket(`${url.replace(/^http/, 'ws')}/api/lobby/live`, { headers: { 'x-forwarded-for': from } });
  const frames: Frame[] = [];
  ws.on('message', (d: Buffer) => frames.push(JSON.parse(d.toString()) as Frame));
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  const next = async (p: (f: Frame) => boolean): Promise<Frame> => {
    for (let i = 0; i < 200; i++) {
      const hit = frames.find(p);
      if (hit) return hit;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error(`no such frame in ${JSON.stringify(frames).slice(0, 600)}`);
  };
  const send = (m: unknown): void => ws.send(JSON.stringify(m));
  send({ type: 'hello', key });
  await next((f) => f['type'] === 'welcome');
  return { send, next, ws };
}

/** Two players paired by a seek (rated unless said) of `a`'s accepted by `b`: the game's id (a holds seat 1). */
async function pairedBySeek(a: string, b: string, n: number, rated = true): Promise<string> {
  const la = await lobby(a, `10.7.${n}.1`);
  const lb = await lobby(b, `10.7.${n}.2`);
  la.send({ type: 'seek', id: 's', ruleset: 'gifia', rated, colour: 'first' });
  const seek = ((await la.next((f) => f['type'] === 'ack' && f['id'] === 's'))['seek'] as { id: string }).id;
  lb.send({ type: 'accept', id: 'a', seek });
  const paired = await la.next((f) => f['type'] === 'paired');
  la.ws.close();
  lb.ws.close();
  return paired['gameId'] as string;
}

/** Two first-legal moves, then seat 2 resigns. */
async function playAndResign(id: string, keys: [string, string]): Promise<void> {
  const l = app.api.load(id);
  for (let ply = 0; ply < 2; ply++) {
    const buf = new Int32Array(MAX_MOVES);
    l.game.legalMoves(l.state, buf);
    const seat = l.state.toMove;
    const r = await request(url, 'POST', `/api/games/${id}/moves`, { seat, ply, code: buf[0] }, undefined, { key: keys[seat - 1]! });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
  }
  const r = await request(url, 'POST', `/api/games/${id}/resign`, { seat: 2, ply: 2 }, undefined, { key: keys[1] });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
}

describe('a rated game from the lobby', () => {
  it("moves both accounts' ratings, shown on their profiles; anonymous players play casual, rating nobody", async () => {
    const [ka, kb] = [newKey(), newKey()];
    const names = [`rated_a${process.pid % 1000}`, `rated_b${process.pid % 1000}`];
    for (const [i, key] of [ka, kb].entries()) {
      const r = await request(url, 'POST', '/api/account/signup', { name: names[i], password: 'correct horse battery' }, undefined, {
        key,
        headers: { 'x-forwarded-for': `10.6.0.${i + 1}` },
      });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
    }
    const id = await pairedBySeek(ka, kb, 1);
    expect(app.api.load(id).meta.rated).toBe(true);
    // The game names its players: each seat's account, with the rating it had when the game began.
    const newcomer = { rating: 1500, provisional: true };
    const seats = async (): Promise<Record<string, unknown>[]> => (await request(url, 'GET', `/api/games/${id}`)).body.game.seats;
    expect((await seats()).map((s) => s['person'])).toEqual([
      { name: names[0], ...newcomer },
      { name: names[1], ...newcomer },
    ]);
    const watch = await openLive(url, id, { key: ka });
    await playAndResign(id, [ka, kb]);
    // Once rated, the game says what it did to each rating, on its page and to its sockets at once.
    const people = (await seats()).map((s) => s['person'] as { rating: number; ratingDiff: number });
    expect(people).toHaveLength(2);
    const [a, b] = people as [(typeof people)[0], (typeof people)[0]];
    expect(a).toMatchObject({ name: names[0], ...newcomer });
    expect(b).toMatchObject({ name: names[1], ...newcomer });
    expect(a.ratingDiff).toBeGreaterThan(0);
    expect(b.ratingDiff).toBeLessThan(0);
    const refreshed = await watch.next((f) => f.type === 'game');
    const live = (refreshed['game'] as { seats: { person: unknown }[] }).seats.map((s) => s.person);
    expect(live).toEqual([a, b]);
    await watch.close();
    const [pa, pb] = await Promise.all(names.map((n) => request(url, 'GET', `/api/players/${n}`)));
    const gifia = (p: Reply | undefined) =>
      (p!.body.ratings as { ruleset: string; rating: number; games: number }[]).find((r) => r.ruleset === 'gifia')!;
    expect(gifia(pa)).toMatchObject({ games: 1 });
    expect(gifia(pb)).toMatchObject({ games: 1 });
    expect(gifia(pa).rating).toBeGreaterThan(1500);
    expect(gifia(pb).rating).toBeLessThan(1500);

    const [x, y] = [newKey(), newKey()];
    const lx = await lobby(x, '10.7.2.9');
    lx.send({ type: 'seek', id: 'r', ruleset: 'gifia', rated: true });
    expect(await lx.next((f) => f['id'] === 'r')).toMatchObject({ type: 'error', code: 'ERR_AUTH' });
    lx.ws.close();
    const anon = await pairedBySeek(x, y, 2, false);
    expect(app.api.load(anon).meta.rated).toBe(false);
    await playAndResign(anon, [x, y]);
    // Anonymous players are named by nobody: their seats carry no person.
    const anonSeats = (await request(url, 'GET', `/api/games/${anon}`)).body.game.seats as Record<string, unknown>[];
    expect(anonSeats.map((s) => 'person' in s)).toEqual([false, false]);
    expect(gifia(await request(url, 'GET', `/api/players/${names[0]}`)).games).toBe(1);
  });
  it('refuses a takeback once a rated game has ended by the rules: the rated result stands', async () => {
    const [ka, kb] = [newKey(), newKey()];
    const names = [`rated_c${process.pid % 1000}`, `rated_d${process.pid % 1000}`];
    for (const [i, key] of [ka, kb].entries()) {
      const r = await request(url, 'POST', '/api/account/signup', { name: names[i], password: 'correct horse battery' }, undefined, {
        key,
        headers: { 'x-forwarded-for': `10.6.1.${i + 1}` },
      });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
    }
    const id = await pairedBySeek(ka, kb, 3);
    const keys = [ka, kb];
    const l = app.api.load(id);
    const buf = new Int32Array(MAX_MOVES);
    // Played in process (a whole game is more requests than a key may make in a minute), as a seat's account.
    const principals = keys.map((k) => app.api.principal(keyHashOf(k)));
    for (let ply = 0; !l.over; ply++) {
      expect(ply).toBeLessThan(20_000);
      const n = l.game.legalMoves(l.state, buf);
      const seat = l.state.toMove;
      // A fixed walk through the legal moves (always the first repeats a cycle for ever).
      const code = buf[(ply * 7 + 3) % n];
      expect(app.api.move(principals[seat - 1]!, id, { seat, ply, code })[0]).toBe(200);
    }
    app.api.store.commits.flush();
    expect(l.meta.end?.reason).toBe('rules');
    const before = await request(url, 'GET', `/api/players/${names[0]}`);
    const plies = l.moveCount;
    for (const seat of [1, 2]) {
      const r = await request(url, 'POST', `/api/games/${id}/takeback`, { seat, ply: plies }, undefined, { key: keys[seat - 1]! });
      expect([r.status, r.body.error?.code], JSON.stringify(r.body)).toEqual([409, 'ERR_GAME_OVER']);
      expect(r.body.error.message).toMatch(/rated/);
    }
    expect([l.moveCount, l.over]).toEqual([plies, true]);
    expect((await request(url, 'GET', `/api/players/${names[0]}`)).body.ratings).toEqual(before.body.ratings);
  });
});
