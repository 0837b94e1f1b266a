/**
 * Online play against a real server (in this process, on 127.0.0.1, a real SQLite file), with
 * fetch and `ws` as the clients: seats held by player keys, invitations, who may act (401, 403,
 * 409), the live stream (every move to every player and spectator, catch-up with `since`,
 * presence, actions over the socket), the race's secret choices, takeback, resign, draw, rematch,
 * the clock's flag, the server's computer player, paging, the bounded cache and the socket limits.
 * Moves are chosen with the engine, never hard-coded.
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { MAX_MOVES, type Game } from '../packages/engine/src/core/game.js';
import type { State } from '../packages/engine/src/core/state.js';
import { getRuleset } from '../packages/engine/src/games/index.js';
import { createGabataServer, type GabataServer, type ServerOptions } from '../src/server/app.js';
import { InProcessBus } from '../src/server/bus.js';
import { rematchSeats } from '../src/web/identity.js';
import type { GameFrames } from '../src/server/live/frames.js';
import { ensureBuilt, newKey, openLive, request, tempDir, type Reply } from './web-harness.js';

const dirs: string[] = [];
const servers: GabataServer[] = [];

beforeAll(() => ensureBuilt({ web: false }));
afterAll(async () => {
  for (const s of servers.splice(0)) await s.close();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

async function serve(opts: Partial<ServerOptions> = {}, db?: string): Promise<{ url: string; app: GabataServer; db: string }> {
  let file = db;
  if (file === undefined) {
    const dir = tempDir('gabata-online-');
    dirs.push(dir);
    file = path.join(dir, 'games.db');
  }
  const app = createGabataServer({ db: file, ...opts });
  servers.push(app);
  const addr = await app.listen(0, '127.0.0.1');
  return { url: `http://127.0.0.1:${addr.port}`, app, db: file };
}

function gameOf(ruleset: string): Game {
  const r = getRuleset(ruleset);
  if (!r.ok) throw r.error;
  const g = r.value.create({});
  if (!g.ok) throw g.error;
  return g.value;
}

function legal(game: Game, s: State, player = 0): number[] {
  const buf = new Int32Array(MAX_MOVES);
  const n = player ? game.legalMovesFor(s, player, buf) : game.legalMoves(s, buf);
  return Array.from(buf.subarray(0, n));
}

interface Online {
  url: string;
  id: string;
  a: string;
  b: string;
  game: Game;
  s: State;
}

/** A two-player online game: seat 1 held by key a, seat 2 invited and joined by key b. */
async function online(url: string, ruleset = 'gabata-adowa', extra: Record<string, unknown> = {}): Promise<Online> {
  const a = newKey();
  const b = newKey();
  const seed = 11;
  const c = await request(url, 'POST', '/api/games', { ruleset, seed, seats: ['human', 'invite'], ...extra }, undefined, { key: a });
  expect(c.status, JSON.stringify(c.body)).toBe(201);
  const id = c.body.game.id as string;
  const j = await request(url, 'POST', `/api/games/${id}/join`, { token: c.body.invites[0].token }, undefined, { key: b });
  expect(j.status).toBe(200);
  expect(j.body.seat).toBe(2);
  const game = gameOf(ruleset);
  return { url, id, a, b, game, s: game.newState(seed) };
}

function post(o: { url: string; id: string }, what: string, body: unknown, key?: string): Promise<Reply> {
  return request(o.url, 'POST', `/api/games/${o.id}/${what}`, body, undefined, key === undefined ? {} : { key });
}

/** Plays the first legal move of the seat to move, with its key, and mirrors it in `o.s`. */
async function play(o: Online, ply: number): Promise<Reply> {
  const seat = o.s.toMove;
  const code = legal(o.game, o.s)[0]!;
  const r = await post(o, 'moves', { seat, ply, code }, seat === 1 ? o.a : o.b);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  o.game.apply(o.s, code);
  return r;
}

describe('seats and keys', () => {
  let url: string;
  beforeAll(async () => ({ url } = await serve()));

  it('an invitation is joined once; the creator cannot take the other seat with it', async () => {
    const a = newKey();
    const c = await request(url, 'POST', '/api/games', { ruleset: 'gifia', seats: ['human', 'invite'] }, undefined, { key: a });
    expect(c.body.invites).toHaveLength(1);
    expect(c.body.invites[0].seat).toBe(2);
    expect(c.body.invites[0].token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const id = c.body.game.id;
    const token = c.body.invites[0].token;
    // Nothing secret in the public document.
    const doc = JSON.stringify((await request(url, 'GET', `/api/games/${id}`)).body);
    expect(doc).not.toContain(token);
    expect(doc).not.toContain(a);
    expect((await request(url, 'POST', `/api/games/${id}/join`, { token }, undefined, { key: a })).body.error.code).toBe('ERR_CONFLICT');
    expect((await request(url, 'POST', `/api/games/${id}/join`, { token })).status).toBe(401);
    const wrong = await request(url, 'POST', `/api/games/${id}/join`, { token: 'x'.repeat(32) }, undefined, { key: newKey() });
    expect(wrong.status).toBe(403);
    const b = newKey();
    const j = await request(url, 'POST', `/api/games/${id}/join`, { token }, undefined, { key: b });
    expect(j.status).toBe(200);
    expect(j.body.game.seats[1]).toMatchObject({ seat: 2, kind: 'invite', joined: true });
    expect((await request(url, 'POST', `/api/games/${id}/join`, { token }, undefined, { key: b })).status).toBe(200);
    const again = await request(url, 'POST', `/api/games/${id}/join`, { token }, undefined, { key: newKey() });
    expect(again.status).toBe(410);
    expect(again.body.error.code).toBe('ERR_INVITE_USED');
  });

  it('only the holder of a seat moves for it: 401 without a key, 403 for another seat, 409 out of turn or stale', async () => {
    const o = await online(url);
    const code = legal(o.game, o.s)[0]!;
    const tries: [body: Record<string, unknown>, key: string | undefined, status: number, error: string][] = [
      [{ seat: 1, ply: 0, code }, undefined, 401, 'ERR_AUTH'],
      [{ seat: 1, ply: 0, code }, o.b, 403, 'ERR_FORBIDDEN'],
      [{ seat: 1, ply: 0, code }, newKey(), 403, 'ERR_FORBIDDEN'],
      [{ seat: 2, ply: 0, code }, o.b, 409, 'ERR_NOT_YOUR_TURN'],
      [{ seat: 1, ply: 1, code }, o.a, 409, 'ERR_STALE'],
    ];
    for (const [body, key, status, error] of tries) {
      const r = await post(o, 'moves', body, key);
      expect([r.status, r.body.error.code], JSON.stringify(body)).toEqual([status, error]);
    }
    const bad = await post(o, 'moves', { seat: 1, ply: 0, code }, 'not-a-key');
    expect(bad.status).toBe(401);
    expect((await request(url, 'GET', `/api/games/${o.id}`)).body.game.moveCount).toBe(0);
    await play(o, 0);
    await play(o, 1);
    expect((await request(url, 'GET', `/api/games/${o.id}`)).body.game.moveCount).toBe(2);
  });

  it('a local game: the creator moves for the computer seat too; in an online game nobody may', async () => {
    const a = newKey();
    const c = await request(url, 'POST', '/api/games', { ruleset: 'gifia', seed: 3, seats: ['human', 'computer:2'] }, undefined, {
      key: a,
    });
    const game = gameOf('gifia');
    const s = game.newState(3);
    const local = { url, id: c.body.game.id };
    for (let ply = 0; ply < 2; ply++) {
      const code = legal(game, s)[0]!;
      const r = await post(local, 'moves', { seat: s.toMove, ply, code }, a);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      game.apply(s, code);
    }
    expect((await post(local, 'moves', { seat: s.toMove, ply: 2, code: legal(game, s)[0] }, newKey())).status).toBe(403);
  });

  it('a local game: a draw between people on one device is immediate; a computer does not agree to one', async () => {
    const a = newKey();
    const people = await request(url, 'POST', '/api/games', { ruleset: 'gifia', seats: ['human', 'human'] }, undefined, { key: a });
    const d = await post({ url, id: people.body.game.id }, 'draw', { seat: 1, ply: 0 }, a);
    expect(d.status).toBe(200);
    expect(d.body.end).toMatchObject({ winner: 0, reason: 'agreement' });
    const vs = await request(url, 'POST', '/api/games', { ruleset: 'gifia', seats: ['human', 'computer:1'] }, undefined, { key: a });
    const no = await post({ url, id: vs.body.game.id }, 'draw', { seat: 1, ply: 0 }, a);
    expect(no.status).toBe(409);
    expect(no.body.error.message).toMatch(/computer/);
  });

  it('lists only the games a key holds a seat in, a page at a time', async () => {
    const k = newKey();
    const made: string[] = [];
    for (let i = 0; i < 5; i++) {
      const c = await request(url, 'POST', '/api/games', { ruleset: 'gifia', seats: ['human', 'human'] }, undefined, { key: k });
      made.push(c.body.game.id);
    }
    expect((await request(url, 'GET', '/api/games')).status).toBe(401);
    expect((await request(url, 'GET', '/api/games', undefined, undefined, { key: newKey() })).body).toEqual({ games: [], next: null });
    const seen: string[] = [];
    let next: string | null = null;
    let pages = 0;
    do {
      const q: string = next === null ? '?limit=2' : `?limit=2&before=${next}`;
      const r = await request(url, 'GET', `/api/games${q}`, undefined, undefined, { key: k });
      expect(r.status).toBe(200);
      expect(r.body.games.length).toBeLessThanOrEqual(2);
      seen.push(...r.body.games.map((g: { id: string }) => g.id));
      next = r.body.next;
      pages++;
    } while (next !== null && pages < 10);
    expect(pages).toBe(3);
    expect([...seen].sort()).toEqual([...made].sort());
  });
});

describe('the live stream', () => {
  let url: string;
  let app: GabataServer;
  beforeAll(async () => ({ url, app } = await serve()));

  it('sends every move with its events to every player and spectator, once and in order; actions over the socket are acked', async () => {
    const o = await online(url);
    const la = await openLive(url, o.id, { key: o.a });
    const lb = await openLive(url, o.id, { key: o.b });
    const spec = await openLive(url, o.id);
    expect(la.frames[0]).toMatchObject({ type: 'welcome', seats: [1], since: -1 });
    expect(lb.frames[0]).toMatchObject({ type: 'welcome', seats: [2] });
    expect(spec.frames[0]).toMatchObject({ type: 'welcome', seats: [] });
    await la.next((m) => m.type === 'presence' && m.connected.length === 2 && m.spectators === 1);
    for (let ply = 0; ply < 4; ply++) {
      const seat = o.s.toMove;
      const code = legal(o.game, o.s)[0]!;
      const client = seat === 1 ? la : lb;
      client.send({ type: 'move', id: 100 + ply, seat, ply, code });
      expect(await client.next((m) => m.id === 100 + ply)).toEqual({ type: 'ack', id: 100 + ply, ply: ply + 1 });
      o.game.apply(o.s, code);
    }
    for (const c of [la, lb, spec]) {
      await c.next((m) => m.type === 'move' && m.ply === 3);
      const moves = c.frames.filter((m) => m.type === 'move');
      expect(moves.map((m) => m.ply)).toEqual([0, 1, 2, 3]);
      for (const m of moves) expect(m.events.length).toBeGreaterThan(0);
    }
    // A spectator can do nothing.
    spec.send({ type: 'move', id: 1, seat: 1, ply: 4, code: legal(o.game, o.s)[0] });
    expect(await spec.next((m) => m.id === 1)).toMatchObject({ type: 'error', code: 'ERR_AUTH' });
    // A late client catches up from where it was; one that has everything gets nothing more.
    const late = await openLive(url, o.id, { key: o.b, since: 1 });
    await late.next((m) => m.type === 'move' && m.ply === 3);
    expect(late.frames.filter((m) => m.type === 'move').map((m) => m.ply)).toEqual([2, 3]);
    expect(late.frames.find((m) => m.type === 'move').events).toEqual(la.frames.filter((m) => m.type === 'move')[2].events);
    const full = await openLive(url, o.id, { key: o.b, since: 3 });
    await full.next((m) => m.type === 'presence');
    expect(full.frames.filter((m) => m.type === 'move')).toEqual([]);
    for (const c of [la, lb, spec, late, full]) await c.close();
    expect(app.api.cachedIds()).toContain(o.id);
  });

  it('a race choice is never shown to another client before every seat has chosen', async () => {
    // Two games alike but for seat 1's choice: what seat 2 receives must not differ.
    const seen: string[][] = [];
    const joint: number[][] = [];
    for (const k of [0, 1]) {
      const o = await online(url, 'selus');
      expect(o.s.toMove).toBe(0);
      const lb = await openLive(url, o.id, { key: o.b });
      const mine = legal(o.game, o.s, 1)[k]!;
      const r = await post(o, 'commit', { seat: 1, ply: 0, code: mine }, o.a);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body).toEqual({ committed: true, ply: 0, seats: [1] });
      expect((await post(o, 'commit', { seat: 1, ply: 0, code: mine }, o.a)).body.error.code).toBe('ERR_CONFLICT');
      await lb.next((m) => m.type === 'committed' && m.seats.length === 1);
      const doc = (await request(url, 'GET', `/api/games/${o.id}`)).body.game;
      expect(doc.committed).toEqual([1]);
      expect(doc.status).toBe('race');
      const before = lb.frames.length;
      seen.push(
        lb.raw
          .filter((t) => !/"presence"|"ping"/.test(t))
          .map((t) => t.replaceAll(o.id, 'ID').replace(/"(created|updated)":"[^"]*"|"(now|started)":\d+/g, '')),
      );
      for (const f of lb.frames.slice(0, before)) expect(['welcome', 'committed', 'presence']).toContain(f.type);
      const theirs = legal(o.game, o.s, 2)[0]!;
      const done = await post(o, 'commit', { seat: 2, ply: 0, code: theirs }, o.b);
      expect(done.status).toBe(200);
      const m = await lb.next((x) => x.type === 'move' && x.ply === 0);
      expect(m.joint).toBe(true);
      joint.push(m.codes);
      expect(m.codes).toEqual([0, mine, theirs]);
      await lb.close();
    }
    expect(seen[0]).toEqual(seen[1]);
    expect(joint[0]).not.toEqual(joint[1]);
  });

  it('race commits are kept in the database: after a restart the other seat completes the race', async () => {
    const first = await serve();
    const o = await online(first.url, 'selus');
    const mine = legal(o.game, o.s, 1)[2]!;
    expect((await post(o, 'commit', { seat: 1, ply: 0, code: mine }, o.a)).status).toBe(200);
    await first.app.close();
    servers.splice(servers.indexOf(first.app), 1);
    const second = await serve({}, first.db);
    const o2 = { ...o, url: second.url };
    expect((await request(second.url, 'GET', `/api/games/${o.id}`)).body.game.committed).toEqual([1]);
    const theirs = legal(o.game, o.s, 2)[1]!;
    const r = await post(o2, 'commit', { seat: 2, ply: 0, code: theirs }, o.b);
    expect(r.status).toBe(200);
    expect(r.body.applied.codes).toEqual([0, mine, theirs]);
    expect((await request(second.url, 'GET', `/api/games/${o.id}`)).body.game.moveCount).toBe(1);
  });

  it('takeback: a request the other seat declines or accepts (then undo is broadcast)', async () => {
    const o = await online(url);
    const lb = await openLive(url, o.id, { key: o.b });
    await play(o, 0);
    await play(o, 1);
    await play(o, 2);
    const req = await post(o, 'takeback', { seat: 1, ply: 3 }, o.a);
    expect(req.status, JSON.stringify(req.body)).toBe(200);
    expect(req.body.offer).toMatchObject({ offer: 'takeback', by: 1, toPly: 2 });
    await lb.next((m) => m.type === 'offer' && m.offer === 'takeback' && m.toPly === 2);
    expect((await post(o, 'answer', { seat: 1, ply: 3, offer: 'takeback', accept: true }, o.a)).body.error.code).toBe('ERR_CONFLICT');
    expect((await post(o, 'answer', { seat: 2, ply: 3, offer: 'takeback', accept: false }, o.b)).body).toEqual({ accepted: false });
    await lb.next((m) => m.type === 'offerEnded' && m.accepted === false);
    expect((await request(url, 'GET', `/api/games/${o.id}`)).body.game.moveCount).toBe(3);
    expect((await post(o, 'takeback', { seat: 1, ply: 3 }, o.a)).status).toBe(200);
    const yes = await post(o, 'answer', { seat: 2, ply: 3, offer: 'takeback', accept: true }, o.b);
    expect(yes.status).toBe(200);
    const undo = await lb.next((m) => m.type === 'undo');
    expect(undo.toPly).toBe(2);
    expect(undo.game.moveCount).toBe(2);
    expect((await request(url, 'GET', `/api/games/${o.id}`)).body.game.moves).toHaveLength(2);
    await lb.close();
  });

  it('resign and draw end the game with end { winner, reason }, kept in the game and its record', async () => {
    const o = await online(url);
    const la = await openLive(url, o.id, { key: o.a });
    await play(o, 0);
    const r = await post(o, 'resign', { seat: 2, ply: 1 }, o.b);
    expect(r.status).toBe(200);
    const end = await la.next((m) => m.type === 'end');
    expect(end.end).toMatchObject({ winner: 1, reason: 'resign' });
    const doc = (await request(url, 'GET', `/api/games/${o.id}`)).body.game;
    expect(doc.status).toBe('over');
    expect(doc.end).toMatchObject({ winner: 1, reason: 'resign' });
    const rec = (await request(url, 'GET', `/api/games/${o.id}/record`)).body;
    expect(rec.result).toMatchObject({ winner: 1, reason: 'resign' });
    expect((await post(o, 'moves', { seat: 2, ply: 1, code: legal(o.game, o.s)[0] }, o.b)).body.error.code).toBe('ERR_GAME_OVER');
    await la.close();

    const d = await online(url);
    const lb = await openLive(url, d.id, { key: d.b });
    expect((await post(d, 'draw', { seat: 1, ply: 0 }, d.a)).body.offered).toBe(true);
    await lb.next((m) => m.type === 'offer' && m.offer === 'draw');
    expect((await post(d, 'answer', { seat: 2, ply: 0, offer: 'draw', accept: true }, d.b)).status).toBe(200);
    expect((await lb.next((m) => m.type === 'end')).end).toMatchObject({ winner: 0, reason: 'agreement' });
    await lb.close();
  });

  it('rematch: offered and accepted, a new game with the seats rotated and each bound to the same key', async () => {
    const o = await online(url);
    expect((await post(o, 'rematch', { seat: 1 }, o.a)).body.error.code).toBe('ERR_CONFLICT');
    await post(o, 'resign', { seat: 1, ply: 0 }, o.a);
    const lb = await openLive(url, o.id, { key: o.b });
    expect((await post(o, 'rematch', { seat: 1 }, o.a)).body.offered).toBe(true);
    await lb.next((m) => m.type === 'offer' && m.offer === 'rematch');
    const yes = await post(o, 'answer', { seat: 2, ply: 0, offer: 'rematch', accept: true }, o.b);
    expect(yes.status).toBe(200);
    const msg = await lb.next((m) => m.type === 'rematch');
    expect(msg.id).toBe(yes.body.id);
    const n = { ...o, id: msg.id as string, game: o.game, s: o.game.newState(1) };
    const doc = (await request(url, 'GET', `/api/games/${n.id}`)).body.game;
    expect(doc.seed).not.toBe(11);
    expect(doc.seats.map((x: { joined: boolean }) => x.joined)).toEqual([true, true]);
    n.s = o.game.newState(doc.seed);
    // Seat 1 is b's now, seat 2 a's.
    const code = legal(o.game, n.s)[0]!;
    expect((await post(n, 'moves', { seat: 1, ply: 0, code }, o.a)).status).toBe(403);
    expect((await post(n, 'moves', { seat: 1, ply: 0, code }, o.b)).status).toBe(200);
    const listed = (await request(url, 'GET', '/api/games', undefined, undefined, { key: o.a })).body.games.map(
      (g: { id: string }) => g.id,
    );
    expect(listed).toContain(n.id);
    // The seats each page remembers before it opens the rematch are the ones the server's welcome names.
    for (const [key, held] of [
      [o.a, [1]],
      [o.b, [2]],
    ] as const) {
      const l = await openLive(url, n.id, { key });
      expect(l.frames[0]).toMatchObject({ type: 'welcome', seats: rematchSeats(held, 2) });
      await l.close();
    }
    await lb.close();
  });

  it('the server plays the computer seat of an online game', async () => {
    const a = newKey();
    const b = newKey();
    const c = await request(
      url,
      'POST',
      '/api/games',
      { ruleset: 'gabata-adowa', seed: 4, options: { players: 3 }, seats: ['human', 'invite', 'computer:1'] },
      undefined,
      { key: a },
    );
    expect(c.status, JSON.stringify(c.body)).toBe(201);
    const id = c.body.game.id;
    await request(url, 'POST', `/api/games/${id}/join`, { token: c.body.invites[0].token }, undefined, { key: b });
    const la = await openLive(url, id, { key: a });
    const r = getRuleset('gabata-adowa');
    if (!r.ok) throw r.error;
    const game = r.value.create({ players: 3 });
    if (!game.ok) throw game.error;
    const s = game.value.newState(4);
    const o = { url, id };
    let ply = 0;
    while (ply < 2) {
      const seat = s.toMove;
      expect(seat).not.toBe(3);
      const code = legal(game.value, s)[0]!;
      expect((await post(o, 'moves', { seat, ply, code }, seat === 1 ? a : b)).status).toBe(200);
      game.value.apply(s, code);
      ply++;
    }
    expect(s.toMove).toBe(3);
    expect((await post(o, 'moves', { seat: 3, ply: 2, code: legal(game.value, s)[0] }, a)).status).toBe(403);
    const m = await la.next((x) => x.type === 'move' && x.ply === 2, 10_000);
    expect(legal(game.value, s)).toContain(m.codes[0]);
    await la.close();
  });
});

describe('clocks', () => {
  it('the clock runs for the player to move; a flag ends the game (reason time), broadcast and stored', async () => {
    const { url } = await serve({ minClockBaseMs: 200 });
    const o = await online(url, 'gabata-adowa', { clock: { baseMs: 400, incrementMs: 100 } });
    const lb = await openLive(url, o.id, { key: o.b });
    expect(lb.frames[0].game.clock).toMatchObject({ baseMs: 400, incrementMs: 100, running: 1 });
    const m = await play(o, 0);
    expect(m.body.clock.running).toBe(2);
    expect(m.body.clock.remainingMs[0]).toBeGreaterThan(100);
    expect(m.body.clock.remainingMs[0]).toBeLessThanOrEqual(500);
    const end = await lb.next((x) => x.type === 'end', 3000);
    expect(end.end).toMatchObject({ winner: 1, reason: 'time' });
    const doc = (await request(url, 'GET', `/api/games/${o.id}`)).body.game;
    expect(doc.end.reason).toBe('time');
    expect(doc.clock.remainingMs[1]).toBe(0);
    await lb.close();
    const slow = await request(url, 'POST', '/api/games', { ruleset: 'gifia', clock: { baseMs: 100, incrementMs: 0 } }, undefined, {
      key: o.a,
    });
    expect(slow.status).toBe(400);
    expect(slow.body.error.message).toMatch(/baseMs/);
  });
  it('at a race node every seat that has not committed runs; a commit stops its clock', async () => {
    const { url } = await serve({ minClockBaseMs: 200 });
    const o = await online(url, 'selus', { clock: { baseMs: 60_000, incrementMs: 0 } });
    const lb = await openLive(url, o.id, { key: o.b });
    expect(lb.frames[0].game.clock).toMatchObject({ running: 0, runningSeats: [1, 2] });
    await post(o, 'commit', { seat: 1, ply: 0, code: legal(o.game, o.s, 1)[0] }, o.a);
    const c = await lb.next((m) => m.type === 'clock');
    expect(c.clock).toMatchObject({ running: 2, runningSeats: [2] });
    await lb.close();
  });

  it('a clock is kept in the database: after a restart it runs on (the time the server was down counts) and flags', async () => {
    const first = await serve({ minClockBaseMs: 200 });
    const o = await online(first.url, 'gifia', { clock: { baseMs: 300, incrementMs: 0 } });
    await first.app.close();
    servers.splice(servers.indexOf(first.app), 1);
    await new Promise((r) => setTimeout(r, 350));
    const second = await serve({ minClockBaseMs: 200 }, first.db);
    const lb = await openLive(second.url, o.id, { key: o.b });
    const m = await lb.next((x) => x.type === 'end' || (x.type === 'welcome' && x.game.end), 2000);
    const end = m.type === 'end' ? m.end : m.game.end;
    expect(end).toMatchObject({ winner: 2, reason: 'time' });
    await lb.close();
  });
});

describe('bounds', () => {
  it('keeps at most cacheSize games in memory; a game with a connected socket stays', async () => {
    const { url, app } = await serve({ cacheSize: 3 });
    const k = newKey();
    const make = async (): Promise<string> =>
      (await request(url, 'POST', '/api/games', { ruleset: 'gifia', seats: ['human', 'human'] }, undefined, { key: k })).body.game.id;
    const first = await make();
    const live = await openLive(url, first, { key: k });
    for (let i = 0; i < 6; i++) await make();
    expect(app.api.cachedIds().length).toBeLessThanOrEqual(3);
    expect(app.api.cachedIds()).toContain(first);
    await live.close();
    for (let i = 0; i < 3; i++) await make();
    expect(app.api.cachedIds()).not.toContain(first);
    // A game that left memory loads again.
    expect((await request(url, 'GET', `/api/games/${first}`)).status).toBe(200);
  });

  it('an import is capped: 52,945 moves are refused (413) before anything is replayed or stored', async () => {
    const { url, app } = await serve();
    const k = newKey();
    const before = app.store.pageBytes();
    const rec = {
      format: 'gabata-record/1',
      ruleset: 'gifia',
      options: {},
      seed: 1,
      players: 2,
      moves: Array(52_945).fill('1'),
      result: null,
    };
    expect(JSON.stringify(rec).length).toBeGreaterThan(200_000);
    const r = await request(url, 'POST', '/api/games/import', rec, undefined, { key: k });
    expect(r.status).toBe(413);
    expect(r.body.error.code).toBe('ERR_TOO_LARGE');
    expect(r.body.error.message).toMatch(/52945 moves/);
    const capped = await request(url, 'POST', '/api/games/import', { ...rec, moves: Array(5001).fill('1') }, undefined, { key: k });
    expect(capped.status).toBe(413);
    expect(app.store.pageBytes()).toBe(before);
    expect((await request(url, 'GET', '/api/games', undefined, undefined, { key: k })).body.games).toEqual([]);
  });

  it('a socket: an oversized message and unknown types are errors; 5 errors in a row or a flood close it (1008)', async () => {
    const { url } = await serve();
    const k = newKey();
    const id = (await request(url, 'POST', '/api/games', { ruleset: 'gifia', seats: ['human', 'human'] }, undefined, { key: k })).body.game
      .id;
    const c = await openLive(url, id, { key: k });
    c.send({ type: 'hello', pad: 'x'.repeat(17 * 1024) });
    expect(await c.next((m) => m.type === 'error')).toMatchObject({ code: 'ERR_TOO_LARGE' });
    c.send('not json');
    c.send({ type: 'dance', id: 4 });
    expect(await c.next((m) => m.id === 4)).toMatchObject({ type: 'error', code: 'ERR_PROTOCOL' });
    c.send({ type: 'move', id: 5, seat: 1, ply: 99, code: 1 });
    expect(await c.next((m) => m.id === 5)).toMatchObject({ type: 'error', code: 'ERR_STALE' });
    c.send({ type: 'ping' });
    await c.next((m) => m.type === 'pong');
    c.send('[]');
    expect(await c.closed).toBe(1008);

    const flood = await openLive(url, id, { key: k });
    for (let i = 0; i < 30; i++) flood.send({ type: 'ping' });
    expect(await flood.closed).toBe(1008);
  });

  it('a game takes at most maxSpectatorsPerGame spectators (the next is refused, 1013); its seat holders always get in', async () => {
    const { url } = await serve({ live: { maxSpectatorsPerGame: 2 } });
    const k = newKey();
    const id = (await request(url, 'POST', '/api/games', { ruleset: 'gifia', seats: ['human', 'human'] }, undefined, { key: k })).body.game
      .id;
    const open = [await openLive(url, id), await openLive(url, id)];
    const extra = await openLive(url, id);
    expect(extra.frames[0]).toMatchObject({ type: 'error', code: 'ERR_RATE_LIMIT' });
    expect(await extra.closed).toBe(1013);
    // The player of the game is let in however many watch it.
    const holder = await openLive(url, id, { key: k });
    expect(holder.frames[0]).toMatchObject({ type: 'welcome', seats: [1, 2] });
    await open[1]!.close();
    const again = await openLive(url, id);
    expect(again.frames[0].type).toBe('welcome');
    for (const c of [open[0]!, holder, again]) await c.close();
  });

  it('a silent socket is closed; the server pings', async () => {
    const { url } = await serve({ live: { pingMs: 50, idleMs: 200 } });
    const k = newKey();
    const id = (await request(url, 'POST', '/api/games', { ruleset: 'gifia', seats: ['human', 'human'] }, undefined, { key: k })).body.game
      .id;
    const c = await openLive(url, id, { key: k });
    await c.next((m) => m.type === 'ping');
    expect(await c.closed).toBe(1001);
  });

  it('a WebSocket upgrade from another site is refused (403); a missing game is 404', async () => {
    const { url } = await serve();
    const k = newKey();
    const id = (await request(url, 'POST', '/api/games', { ruleset: 'gifia', seats: ['human', 'human'] }, undefined, { key: k })).body.game
      .id;
    await expect(openLive(url, id, { headers: { origin: 'http://evil.example' } })).rejects.toThrow(/403/);
    await expect(openLive(url, 'nosuchgame')).rejects.toThrow(/404/);
    const ok = await openLive(url, id, { headers: { origin: url } });
    expect(ok.frames[0].type).toBe('welcome');
    await ok.close();
    const ws = new WebSocket(`${url.replace('http', 'ws')}/api/games/${id}/live`, { headers: { host: 'evil.example' } });
    await expect(new Promise((_, reject) => ws.once('error', reject))).rejects.toThrow(/421/);
  });
});

describe("a game's frames go out on the bus", () => {
  /** The in-process bus, counting what is published on each topic and who listens. */
  class CountingBus extends InProcessBus<GameFrames> {
    readonly published: { topic: string; text: string }[] = [];
    listening = 0;
    override async publish<K extends keyof GameFrames & string>(topic: K, message: GameFrames[K]): Promise<void> {
      this.published.push({ topic, text: message.text });
      return super.publish(topic, message);
    }
    override subscribe<K extends keyof GameFrames & string>(topic: K, handler: (m: GameFrames[K]) => void): () => void {
      this.listening++;
      const off = super.subscribe(topic, handler);
      return () => {
        this.listening--;
        off();
      };
    }
  }

  it("moves are published on the game's topic and reach its sockets from there; a closed socket stops listening", async () => {
    const bus = new CountingBus();
    const { url } = await serve({ frames: bus });
    const o = await online(url);
    const [la, spectator] = [await openLive(url, o.id, { key: o.a }), await openLive(url, o.id)];
    expect(bus.listening).toBe(2);
    await play(o, 0);
    const move = await la.next((m) => m.type === 'move' && m.ply === 0);
    await spectator.next((m) => m.type === 'move' && m.ply === 0);
    const sent = bus.published.filter((p) => p.topic === `game:${o.id}` && p.text.includes('"type":"move"'));
    expect(sent.map((p) => JSON.parse(p.text))).toEqual([move]);
    // A frame published by another instance (here: by hand) reaches this instance's sockets.
    await bus.publish(`game:${o.id}`, { text: JSON.stringify({ type: 'said', seat: 2, phrase: 'hello' }) });
    await la.next((m) => m.type === 'said' && m.phrase === 'hello');
    await spectator.close();
    await expect.poll(() => bus.listening).toBe(1);
    await la.close();
    await expect.poll(() => bus.listening).toBe(0);
  });
});
