/**
 * The lobby (src/server/lobby): the service with a fake clock and fake games (waves, widening,
 * blocks, caps, refusals), and a real server on 127.0.0.1 with `ws` clients: two players who never
 * shared a link find each other by a seek and by a pool, are both told `paired` with the same game
 * and different seats, and play a move of it over the API; a seek goes when its socket closes;
 * malformed frames and ids are answered as on a game's socket.
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { MAX_MOVES, type Game } from '../packages/engine/src/core/game.js';
import { getRuleset } from '../packages/engine/src/games/index.js';
import { createGabataServer, type GabataServer } from '../src/server/app.js';
import { HttpError } from '../src/server/http.js';
import { InProcessBus } from '../src/server/bus.js';
import { Lobby, type LobbyConfig, type LobbyEvents, type PairedEvent, type Rating } from '../src/server/lobby/lobby.js';
import type { Owner } from '../src/server/lobby/seeks.js';
import { InMemoryLobbyStore } from '../src/server/lobby/store.js';
import { ensureBuilt, newKey, request, tempDir } from './web-harness.js';

// ---- the service, with a fake clock ----

function fakeLobby(ratings: Record<string, Rating> = {}, blocks: Record<string, string[]> = {}, cfg: Partial<LobbyConfig> = {}) {
  let t = 1_000_000;
  const made: { ruleset: string; keys: readonly string[] }[] = [];
  const bus = new InProcessBus<LobbyEvents>();
  const paired: PairedEvent[] = [];
  const counts: Record<string, number>[] = [];
  bus.subscribe('paired', (e) => paired.push(e));
  bus.subscribe('pool-counts', (e) => counts.push(e.counts));
  const games = {
    createFor: (ruleset: string, _o: Record<string, unknown>, keys: readonly string[]) => {
      made.push({ ruleset, keys });
      return { id: `g${made.length}` };
    },
  };
  const lobby = new Lobby(games, {
    store: new InMemoryLobbyStore(),
    bus,
    seed: 42,
    waveMs: 2000,
    now: () => t,
    ratings: { rating: async (id) => ratings[id] ?? { rating: 1500, deviation: 50 } },
    blocks: { blockedBy: async (id) => new Set(blocks[id] ?? []) },
    ...cfg,
  });
  return { lobby, made, paired, counts, advance: (ms: number) => (t += ms), now: () => t };
}

const owner = (name: string, client = '10.0.0.1'): Owner => ({ identity: name, keyHash: `k-${name}`, client, socket: `s-${name}` });

async function refusal(p: Promise<unknown>): Promise<HttpError> {
  try {
    await p;
  } catch (e) {
    if (e instanceof HttpError) return e;
    throw e;
  }
  throw new Error('not refused');
}

describe('the lobby service', () => {
  it('pairs a pool on the wave, not before, with different seats, and publishes the counts', async () => {
    const f = fakeLobby();
    await f.lobby.joinPool(owner('a'), 'gabata-adowa/5+3', undefined);
    await f.lobby.joinPool(owner('b'), 'gabata-adowa/5+3', undefined);
    await f.lobby.tick();
    expect(f.paired).toEqual([]);
    expect(f.counts.at(-1)).toEqual({ 'gabata-adowa/5+3': 2 });
    f.advance(2000);
    await f.lobby.tick();
    expect(f.paired).toHaveLength(1);
    const p = f.paired[0]!;
    expect(p.pool).toBe('gabata-adowa/5+3');
    expect(p.clock).toEqual({ baseMs: 300_000, incrementMs: 3000 });
    expect(p.seats.map((s) => s.seat)).toEqual([1, 2]);
    expect(p.seats.map((s) => s.identity).sort()).toEqual(['a', 'b']);
    expect(f.made[0]!.keys).toEqual(p.seats.map((s) => s.keyHash));
    expect(f.counts.at(-1)).toEqual({});
  });

  it('widens the allowed gap with waiting time', async () => {
    const f = fakeLobby({ a: { rating: 1500, deviation: 50 }, b: { rating: 1800, deviation: 50 } });
    await f.lobby.joinPool(owner('a'), 'selus/10+5', undefined);
    await f.lobby.joinPool(owner('b'), 'selus/10+5', undefined);
    for (let i = 0; i < 10; i++) {
      f.advance(2000);
      await f.lobby.tick();
    }
    expect(f.paired).toEqual([]);
    for (let i = 0; i < 40 && f.paired.length === 0; i++) {
      f.advance(2000);
      await f.lobby.tick();
    }
    expect(f.paired).toHaveLength(1);
  });

  it('never pairs across a block, nor a key with itself', async () => {
    const f = fakeLobby({}, { b: ['a'] });
    await f.lobby.joinPool(owner('a'), 'gifia/corr', undefined);
    await f.lobby.joinPool(owner('b'), 'gifia/corr', undefined);
    f.advance(600_000);
    await f.lobby.tick();
    expect(f.paired).toEqual([]);
    // A key waits in one pool at a time: joining another moves it.
    await f.lobby.joinPool(owner('a'), 'gifia/5+3', undefined);
    expect(await f.lobby.snapshot().then((s) => s.pools.find((p) => p.id === 'gifia/corr')!.waiting)).toBe(1);
    const seek = await f.lobby.seek(owner('a'), { ruleset: 'gifia' });
    expect((await refusal(f.lobby.accept(owner('a'), seek.id))).code).toBe('ERR_CONFLICT');
    expect((await refusal(f.lobby.accept(owner('b'), seek.id))).code).toBe('ERR_FORBIDDEN');
  });

  it('caps open seeks, refuses options the ruleset refuses naming them, and keeps a seek to its range', async () => {
    const f = fakeLobby({ low: { rating: 1100, deviation: 50 } });
    for (let i = 0; i < 3; i++) await f.lobby.seek(owner('a'), { ruleset: 'selus', clock: { baseMs: 60_000, incrementMs: 0 } });
    const fourth = await refusal(f.lobby.seek(owner('a'), { ruleset: 'selus' }));
    expect([fourth.status, fourth.code]).toEqual([429, 'ERR_RATE_LIMIT']);
    const bad = await refusal(f.lobby.seek(owner('b'), { ruleset: 'selus', options: { openingMode: 'sideways' } }));
    expect(bad.status).toBe(400);
    expect(bad.code).toBe('ERR_OPTION');
    expect(bad.message).toContain('openingMode');
    const three = await refusal(f.lobby.seek(owner('b'), { ruleset: 'gabata-aksum', options: { players: 3 } }));
    expect([three.status, three.code]).toEqual([400, 'ERR_OPTION']);
    expect(three.message).toContain('players');
    const preset = await refusal(f.lobby.seek(owner('b'), { ruleset: 'selus', preset: 'nope' }));
    expect(preset.message).toContain('ludii');
    const ranged = await f.lobby.seek(owner('b'), { ruleset: 'selus', range: { min: 1400, max: 1700 }, colour: 'second' });
    expect((await refusal(f.lobby.accept(owner('low'), ranged.id))).code).toBe('ERR_FORBIDDEN');
    const p = await f.lobby.accept(owner('c'), ranged.id);
    expect(p.seats.map((s) => s.identity)).toEqual(['c', 'b']);
    expect((await refusal(f.lobby.accept(owner('d'), ranged.id))).code).toBe('ERR_NOT_FOUND');
  });

  it('caps open seeks and pool entries per address (four keys’ worth), unless per-address limits are off', async () => {
    const f = fakeLobby();
    const at = (name: string): Owner => owner(name, '10.0.0.9');
    for (const name of ['a', 'b', 'c', 'd']) for (let i = 0; i < 3; i++) await f.lobby.seek(at(name), { ruleset: 'gifia' });
    const seek = await refusal(f.lobby.seek(at('e'), { ruleset: 'gifia' }));
    expect([seek.status, seek.code]).toEqual([429, 'ERR_RATE_LIMIT']);
    expect(seek.message).toContain('this address has 12 open seeks');
    await f.lobby.seek(owner('e', '10.0.0.10'), { ruleset: 'gifia' });
    for (const name of ['a', 'b', 'c', 'd']) await f.lobby.joinPool(at(name), 'gifia/5+3', undefined);
    const entry = await refusal(f.lobby.joinPool(at('e'), 'gifia/5+3', undefined));
    expect([entry.code, entry.message]).toEqual(['ERR_RATE_LIMIT', 'this address has 4 players waiting in pools already']);
    // A key already waiting may move to another pool.
    expect((await f.lobby.joinPool(at('a'), 'gifia/corr', undefined)).pool).toBe('gifia/corr');
    const open = fakeLobby({}, {}, { perAddress: false });
    for (const name of ['a', 'b', 'c', 'd', 'e']) for (let i = 0; i < 3; i++) await open.lobby.seek(at(name), { ruleset: 'gifia' });
    for (const name of ['a', 'b', 'c', 'd', 'e']) await open.lobby.joinPool(at(name), 'gifia/5+3', undefined);
  });

  it('counts seeks, pool joins and accepts a minute per key and per address', async () => {
    const f = fakeLobby({}, {}, { caps: { seeksPerMinute: 2, joinsPerMinute: 2, acceptsPerMinute: 1 } });
    for (let i = 0; i < 2; i++) {
      const s = await f.lobby.seek(owner('a'), { ruleset: 'selus' });
      await f.lobby.cancel('k-a', s.id);
      await f.lobby.joinPool(owner('a'), 'selus/5+3', undefined);
      await f.lobby.leavePool('k-a');
    }
    const third = await refusal(f.lobby.seek(owner('a'), { ruleset: 'selus' }));
    expect([third.code, third.message]).toEqual(['ERR_RATE_LIMIT', expect.stringContaining('a minute')]);
    expect((await refusal(f.lobby.joinPool(owner('a'), 'selus/5+3', undefined))).code).toBe('ERR_RATE_LIMIT');
    expect((await refusal(f.lobby.accept(owner('a'), 'nothing'))).code).toBe('ERR_NOT_FOUND');
    expect((await refusal(f.lobby.accept(owner('a'), 'nothing'))).code).toBe('ERR_RATE_LIMIT');
    // Another key from another address counts afresh; from the same address, the address's allowance (4 times) holds.
    await f.lobby.seek(owner('b', '10.0.0.2'), { ruleset: 'selus' });
    for (const name of ['c', 'd', 'e'])
      await f.lobby.seek(owner(name), { ruleset: 'selus' }).then((s) => f.lobby.cancel(`k-${name}`, s.id));
    for (const name of ['c', 'd', 'e'])
      await f.lobby.seek(owner(name), { ruleset: 'selus' }).then((s) => f.lobby.cancel(`k-${name}`, s.id));
    const address = await refusal(f.lobby.seek(owner('g'), { ruleset: 'selus' }));
    expect(address.message).toContain('from this address');
    f.advance(60_000);
    await f.lobby.seek(owner('a'), { ruleset: 'selus' });
  });

  it('names the seeker and refuses rated seeks and pool entries without an account, with the fake sources too', async () => {
    // The fake's ratings: a's sure, anyone else's 1500 with a deviation of 50 (sure too).
    const f = fakeLobby({ a: { rating: 1712.4, deviation: 60 } }, {}, { names: { name: async (id) => (id === 'a' ? 'Makeda' : null) } });
    expect(await f.lobby.seek(owner('a'), { ruleset: 'selus', rated: true })).toMatchObject({
      name: 'Makeda',
      rating: 1712,
      provisional: false,
      rated: true,
    });
    const rated = await refusal(f.lobby.seek(owner('x'), { ruleset: 'selus', rated: true }));
    expect([rated.status, rated.code, rated.message]).toEqual([401, 'ERR_AUTH', 'rated games are between accounts: sign in']);
    expect((await refusal(f.lobby.joinPool(owner('x'), 'selus/5+3', undefined, true))).code).toBe('ERR_AUTH');
    expect(await f.lobby.joinPool(owner('x'), 'selus/5+3', undefined)).toMatchObject({ rated: false });
    expect(await f.lobby.seek(owner('x'), { ruleset: 'selus' })).toMatchObject({ name: null, rating: 1500, provisional: false });
  });

  it('lists to a player only the seeks of those he is not apart from', async () => {
    const f = fakeLobby({}, { a: ['b'], b: ['a'] });
    const fromA = await f.lobby.seek(owner('a'), { ruleset: 'selus' });
    const fromC = await f.lobby.seek(owner('c'), { ruleset: 'selus' });
    expect((await f.lobby.snapshot('b')).seeks.map((s) => s.id)).toEqual([fromC.id]);
    expect((await f.lobby.snapshot('c')).seeks.map((s) => s.id)).toEqual([fromA.id, fromC.id]);
    expect((await f.lobby.snapshot(null)).seeks).toHaveLength(2);
  });

  it('drops the seeks of a socket that closed, and a paired player’s other seeks', async () => {
    const f = fakeLobby();
    await f.lobby.seek(owner('a'), { ruleset: 'selus' });
    const other = await f.lobby.seek(owner('b'), { ruleset: 'selus' });
    await f.lobby.seek(owner('b'), { ruleset: 'gifia' });
    await f.lobby.socketClosed('s-a', 'k-a');
    expect((await f.lobby.snapshot()).seeks.map((s) => s.id)).toEqual([other.id, expect.any(String)]);
    await f.lobby.accept(owner('c'), other.id);
    expect((await f.lobby.snapshot()).seeks).toEqual([]);
  });
});

// ---- a real server ----

const dirs: string[] = [];
const servers: GabataServer[] = [];

beforeAll(() => ensureBuilt({ web: false }));
afterAll(async () => {
  for (const s of servers.splice(0)) await s.close();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

async function serve(): Promise<string> {
  const dir = tempDir('gabata-lobby-');
  dirs.push(dir);
  const app = createGabataServer({ db: path.join(dir, 'games.db'), computers: 1, lobby: { waveMs: 150, seed: 9 } });
  servers.push(app);
  const addr = await app.listen(0, '127.0.0.1');
  return `http://127.0.0.1:${addr.port}`;
}

type Frame = Record<string, unknown>;

interface LobbyClient {
  ws: WebSocket;
  frames: Frame[];
  send(msg: unknown): void;
  next(pred: (f: Frame) => boolean, ms?: number): Promise<Frame>;
  closed: Promise<number>;
}

async function openLobby(url: string, hello?: { key?: string }): Promise<LobbyClient> {
  const ws = new WebSocket(`${url.replace(/^http/, 'ws')}/api/lobby/live`);
  const frames: Frame[] = [];
  const waiters = new Set<() => void>();
  ws.on('message', (d: Buffer) => {
    frames.push(JSON.parse(d.toString()) as Frame);
    for (const w of [...waiters]) w();
  });
  const closed = new Promise<number>((resolve) => ws.once('close', (code: number) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  const next = (pred: (f: Frame) => boolean, ms = 5000): Promise<Frame> =>
    new Promise((resolve, reject) => {
      const look = (): boolean => {
        const hit = frames.find(pred);
        if (hit) resolve(hit);
        return hit !== undefined;
      };
      if (look()) return;
      const w = (): void => {
        if (look()) {
          waiters.delete(w);
          clearTimeout(timer);
        }
      };
      const timer = setTimeout(() => {
        waiters.delete(w);
        reject(new Error(`no such frame in ${JSON.stringify(frames).slice(0, 800)}`));
      }, ms);
      waiters.add(w);
    });
  const c: LobbyClient = { ws, frames, send: (m) => ws.send(typeof m === 'string' ? m : JSON.stringify(m)), next, closed };
  if (hello) {
    c.send({ type: 'hello', ...hello });
    await next((f) => f['type'] === 'welcome');
  }
  return c;
}

function gameOf(ruleset: string): Game {
  const r = getRuleset(ruleset);
  if (!r.ok) throw r.error;
  const g = r.value.create({});
  if (!g.ok) throw g.error;
  return g.value;
}

/** Plays the first legal move of a new paired game as the seat to move, with that seat's key. */
async function playFirstMove(url: string, gameId: string, keys: Record<number, string>): Promise<void> {
  const read = await request(url, 'GET', `/api/games/${gameId}`);
  const doc = read.body.game as { ruleset: string; seed: number; seats: { kind: string; joined: boolean }[]; clock: unknown };
  expect(doc.seats.map((s) => s.joined)).toEqual([true, true]);
  const game = gameOf(doc.ruleset);
  const s = game.newState(doc.seed);
  const buf = new Int32Array(MAX_MOVES);
  const n = game.legalMoves(s, buf);
  expect(n).toBeGreaterThan(0);
  const seat = s.toMove;
  const other = seat === 1 ? 2 : 1;
  const wrong = await request(url, 'POST', `/api/games/${gameId}/moves`, { seat, ply: 0, code: buf[0] }, undefined, { key: keys[other]! });
  expect(wrong.status).toBe(403);
  const r = await request(url, 'POST', `/api/games/${gameId}/moves`, { seat, ply: 0, code: buf[0] }, undefined, { key: keys[seat]! });
  expect(r.status).toBe(200);
}

describe('the lobby socket', () => {
  let url = '';
  beforeAll(async () => {
    url = await serve();
  });

  it('lists pools and seeks on hello, live, to a watcher too', async () => {
    const watcher = await openLobby(url, {});
    const welcome = watcher.frames.find((f) => f['type'] === 'welcome')!;
    expect(welcome['player']).toBe(false);
    const pools = welcome['pools'] as { id: string; waiting: number }[];
    expect(pools.map((p) => p.id)).toContain('gabata-adowa/5+3');
    expect(pools.map((p) => p.id)).toContain('selus/corr');
    watcher.send({ type: 'seek', id: 1, ruleset: 'selus' });
    const refused = await watcher.next((f) => f['type'] === 'error' && f['id'] === 1);
    expect(refused['code']).toBe('ERR_AUTH');
    watcher.ws.close();
  });

  it('two strangers find each other by a seek, both are paired into one game, and play it', async () => {
    const ka = newKey();
    const kb = newKey();
    const a = await openLobby(url, { key: ka });
    const b = await openLobby(url, { key: kb });
    a.send({ type: 'seek', id: 's', ruleset: 'gabata-adowa', clock: { baseMs: 600_000, incrementMs: 5000 }, colour: 'first' });
    const ack = await a.next((f) => f['type'] === 'ack' && f['id'] === 's');
    const seekId = (ack['seek'] as { id: string }).id;
    await b.next((f) => f['type'] === 'seek' && (f['seek'] as { id: string }).id === seekId);
    b.send({ type: 'accept', id: 2, seek: seekId });
    const pa = await a.next((f) => f['type'] === 'paired');
    const pb = await b.next((f) => f['type'] === 'paired');
    expect(pa['gameId']).toBe(pb['gameId']);
    expect([pa['seat'], pb['seat']]).toEqual([1, 2]);
    await b.next((f) => f['type'] === 'unseek' && f['id'] === seekId);
    await playFirstMove(url, pa['gameId'] as string, { 1: ka, 2: kb });
    a.ws.close();
    b.ws.close();
  });

  it('two strangers find each other by a pool', async () => {
    const ka = newKey();
    const kb = newKey();
    const a = await openLobby(url, { key: ka });
    const b = await openLobby(url, { key: kb });
    a.send({ type: 'pool-join', id: 1, pool: 'gabata-adowa/corr' });
    expect((await a.next((f) => f['type'] === 'ack' && f['id'] === 1))['waiting']).toBe(1);
    b.send({ type: 'pool-join', id: 1, pool: 'gabata-adowa/corr' });
    await b.next((f) => f['type'] === 'ack' && f['id'] === 1);
    const pa = await a.next((f) => f['type'] === 'paired');
    const pb = await b.next((f) => f['type'] === 'paired');
    expect(pa['gameId']).toBe(pb['gameId']);
    expect(pa['pool']).toBe('gabata-adowa/corr');
    expect(new Set([pa['seat'], pb['seat']])).toEqual(new Set([1, 2]));
    const keys = pa['seat'] === 1 ? { 1: ka, 2: kb } : { 1: kb, 2: ka };
    await playFirstMove(url, pa['gameId'] as string, keys);
    a.ws.close();
    b.ws.close();
  });

  it('a seek disappears when its socket closes', async () => {
    const watcher = await openLobby(url, {});
    const a = await openLobby(url, { key: newKey() });
    a.send({ type: 'seek', id: 1, ruleset: 'abalalae' });
    const id = ((await a.next((f) => f['type'] === 'ack'))['seek'] as { id: string }).id;
    await watcher.next((f) => f['type'] === 'seek' && (f['seek'] as { id: string }).id === id);
    a.ws.close();
    await watcher.next((f) => f['type'] === 'unseek' && f['id'] === id);
    watcher.ws.close();
  });

  it('refuses a fourth seek, bad options by name, and malformed frames with codes', async () => {
    const a = await openLobby(url, { key: newKey() });
    for (let i = 1; i <= 4; i++) a.send({ type: 'seek', id: i, ruleset: 'gifia' });
    expect((await a.next((f) => f['id'] === 4))['code']).toBe('ERR_RATE_LIMIT');
    a.send({ type: 'seek', id: 'opt', ruleset: 'gifia', options: { gifiaAdjacency: 'diagonal' } });
    const opt = await a.next((f) => f['id'] === 'opt');
    expect([opt['type'], opt['code']]).toEqual(['error', 'ERR_OPTION']);
    expect(opt['message']).toContain('gifiaAdjacency');
    a.send({ type: 'pong' });
    a.send('not json');
    a.send({ type: 'accept', id: { nested: true }, seek: 'x' });
    a.send({ type: 'constructor', id: 'c' });
    a.ws.send(Buffer.from([1, 2, 3]), { binary: true });
    await a.next((f) => f['code'] === 'ERR_TOO_LARGE');
    const errors = a.frames.filter((f) => f['type'] === 'error').slice(-4);
    expect(errors[0]!['code']).toBe('ERR_PROTOCOL');
    expect(errors[1]).toEqual({ type: 'error', code: 'ERR_ARGUMENT', message: expect.stringContaining('"id"') });
    expect([errors[2]!['code'], errors[2]!['id']]).toEqual(['ERR_PROTOCOL', 'c']);
    // Five errors in a row close the socket.
    a.send('x');
    expect(await a.closed).toBe(1008);
  });

  it('wants hello before anything else', async () => {
    const c = await openLobby(url);
    c.send({ type: 'pool-join', id: 5, pool: 'selus/5+3' });
    expect((await c.next((f) => f['id'] === 5))['code']).toBe('ERR_PROTOCOL');
    c.send({ type: 'hello', key: 'short' });
    expect((await c.next((f) => f['code'] === 'ERR_AUTH'))['type']).toBe('error');
    c.ws.close();
  });
});
