/**
 * The lobby's rules between players, on a real server (127.0.0.1, `ws` clients, accounts signed
 * up over HTTP): a seek names its seeker (the account's name, or null) with the rating and whether
 * it is provisional, and a `paired` names the opponent, never a key or its hash; rated seeks and
 * pool entries need an account (ERR_AUTH); a block hides each side's seeks from the other, in the
 * list on hello and live, and refuses accepting them; a `paired` the socket missed is sent again on
 * the next hello of the same key within a minute (and not once it was received); and the lobby
 * socket's own hardening: hello in time, sizes, a burst of messages, sockets per key.
 */
import { rmSync } from 'node:fs';
import type { Socket } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createGabataServer, type GabataServer } from '../src/server/app.js';
import { sha256 } from '../src/server/keys.js';
import { PendingPairings } from '../src/server/lobby/socket.js';
import { ensureBuilt, newKey, request, tempDir } from './web-harness.js';

type Frame = Record<string, unknown>;

const dirs: string[] = [];
const servers: GabataServer[] = [];

beforeAll(() => ensureBuilt({ web: false }));
afterAll(async () => {
  for (const s of servers.splice(0)) await s.close();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

async function serve(extra: Partial<Parameters<typeof createGabataServer>[0]> = {}): Promise<{ url: string; app: GabataServer }> {
  const dir = tempDir('gabata-lobby-rules-');
  dirs.push(dir);
  const app = createGabataServer({
    db: path.join(dir, 'games.db'),
    computers: 1,
    trustProxy: '127.0.0.1',
    lobby: { waveMs: 150, seed: 5 },
    ...extra,
  });
  servers.push(app);
  const addr = await app.listen(0, '127.0.0.1');
  return { url: `http://127.0.0.1:${addr.port}`, app };
}

interface LobbyClient {
  ws: WebSocket;
  frames: Frame[];
  text: string[];
  send(msg: unknown): void;
  next(pred: (f: Frame) => boolean, ms?: number): Promise<Frame>;
  closed: Promise<number>;
}

let ip = 0;
const nextAddress = (): string => {
  ip++;
  return `10.9.${ip >> 8}.${ip & 255}`;
};

async function openLobby(url: string, hello?: { key?: string }, from = nextAddress(), autoPong = true): Promise<LobbyClient> {
  const ws = new WebSocket(`${url.replace(/^http/, 'ws')}/api/lobby/live`, { headers: { 'x-forwarded-for': from }, autoPong });
  const frames: Frame[] = [];
  const text: string[] = [];
  const waiters = new Set<() => void>();
  ws.on('message', (d: Buffer) => {
    text.push(d.toString());
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
  const c: LobbyClient = { ws, frames, text, send: (m) => ws.send(typeof m === 'string' ? m : JSON.stringify(m)), next, closed };
  if (hello) {
    c.send({ type: 'hello', ...hello });
    await next((f) => f['type'] === 'welcome');
  }
  return c;
}

interface Player {
  name: string;
  key: string;
  from: string;
  cookie?: string;
  csrf?: string;
}

let count = 0;
/** A new account, signed up from a browser whose player key it adopts. */
async function account(url: string): Promise<Player> {
  count++;
  const p: Player = { name: `lr${count}_${process.pid % 1000}`, key: newKey(), from: nextAddress() };
  const r = await request(url, 'POST', '/api/account/signup', { name: p.name, password: 'correct horse battery' }, undefined, {
    key: p.key,
    headers: { 'x-forwarded-for': p.from },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  p.cookie = r.headers.get('set-cookie')!.split(';')[0]!;
  p.csrf = r.body.csrf as string;
  return p;
}

async function block(url: string, p: Player, name: string): Promise<void> {
  const r = await request(url, 'POST', '/api/account/blocks', { name }, undefined, {
    key: p.key,
    headers: { 'x-forwarded-for': p.from, cookie: p.cookie!, 'x-gabata-csrf': p.csrf! },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
}

const pause = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));
const seekOf = (f: Frame): Record<string, unknown> => f['seek'] as Record<string, unknown>;

async function openSeek(c: LobbyClient, id: string, body: Frame): Promise<string> {
  c.send({ type: 'seek', id, ...body });
  const ack = await c.next((f) => f['id'] === id);
  expect(ack['type'], JSON.stringify(ack)).toBe('ack');
  return seekOf(ack)['id'] as string;
}

describe('who a seek is from', () => {
  let url = '';
  let app: GabataServer;
  beforeAll(async () => {
    ({ url, app } = await serve());
  });

  it("names the seeker's account (null for a key alone) with the rating, provisional, and no key hash anywhere", async () => {
    const a = await account(url);
    const anon = newKey();
    const watcher = await openLobby(url, {});
    const la = await openLobby(url, { key: a.key }, a.from);
    const lx = await openLobby(url, { key: anon });
    const sa = await openSeek(la, 's', { ruleset: 'gifia', rated: true });
    const sx = await openSeek(lx, 's', { ruleset: 'selus' });
    const listed = seekOf(await watcher.next((f) => f['type'] === 'seek' && seekOf(f)['id'] === sa));
    expect(listed).toMatchObject({ name: a.name, rating: 1500, provisional: true, rated: true });
    expect(seekOf(await watcher.next((f) => f['type'] === 'seek' && seekOf(f)['id'] === sx))).toMatchObject({
      name: null,
      rating: 1500,
      provisional: true,
    });
    const late = await openLobby(url, {});
    const seeks = late.frames.find((f) => f['type'] === 'welcome')!['seeks'] as Frame[];
    expect(seeks.find((s) => s['id'] === sa)).toMatchObject({ name: a.name });
    expect(seeks.find((s) => s['id'] === sx)).toMatchObject({ name: null });
    const secrets = [sha256(a.key), sha256(anon), app.accounts.store.byName(a.name.toLowerCase())!.principal];
    for (const c of [watcher, la, lx, late]) for (const t of c.text) for (const s of secrets) expect(t).not.toContain(s);
    for (const c of [watcher, la, lx, late]) c.ws.close();
  });

  it("tells each player of a pool pairing the opponent's name and rating", async () => {
    const [a, b] = [await account(url), await account(url)];
    const la = await openLobby(url, { key: a.key }, a.from);
    const lb = await openLobby(url, { key: b.key }, b.from);
    for (const c of [la, lb]) {
      c.send({ type: 'pool-join', id: 'j', pool: 'gabata-adowa/corr' });
      expect(await c.next((f) => f['id'] === 'j')).toMatchObject({ type: 'ack', rated: true });
    }
    const pa = await la.next((f) => f['type'] === 'paired');
    const pb = await lb.next((f) => f['type'] === 'paired');
    expect(pa['rated']).toBe(true);
    expect(pa['opponent']).toEqual({ name: b.name, rating: 1500, provisional: true });
    expect(pb['opponent']).toEqual({ name: a.name, rating: 1500, provisional: true });
    for (const t of [...la.text, ...lb.text]) expect(t).not.toContain(sha256(a.key));
    la.ws.close();
    lb.ws.close();
  });
});

describe('rated games are between accounts', () => {
  let url = '';
  beforeAll(async () => {
    ({ url } = await serve());
  });

  it('refuses a rated seek, a rated pool entry and accepting a rated seek from a key without an account', async () => {
    const a = await account(url);
    const la = await openLobby(url, { key: a.key }, a.from);
    const rated = await openSeek(la, 'r', { ruleset: 'gifia', rated: true });
    const lx = await openLobby(url, { key: newKey() });
    lx.send({ type: 'seek', id: 1, ruleset: 'gifia', rated: true });
    const e1 = await lx.next((f) => f['id'] === 1);
    expect([e1['type'], e1['code']]).toEqual(['error', 'ERR_AUTH']);
    expect(e1['message']).toContain('sign in');
    lx.send({ type: 'pool-join', id: 2, pool: 'gifia/5+3', rated: true });
    expect(await lx.next((f) => f['id'] === 2)).toMatchObject({ type: 'error', code: 'ERR_AUTH' });
    lx.send({ type: 'accept', id: 3, seek: rated });
    expect(await lx.next((f) => f['id'] === 3)).toMatchObject({ type: 'error', code: 'ERR_AUTH' });
    // Casual is open to anyone; a pool entry without `rated` is casual for a key alone, and says so.
    await openSeek(lx, 'c', { ruleset: 'gifia' });
    lx.send({ type: 'pool-join', id: 4, pool: 'gifia/5+3' });
    expect(await lx.next((f) => f['id'] === 4)).toMatchObject({ type: 'ack', pool: 'gifia/5+3', rated: false });
    lx.send({ type: 'pool-join', id: 5, pool: 'gifia/5+3', rated: 'yes' });
    expect(await lx.next((f) => f['id'] === 5)).toMatchObject({ type: 'error', code: 'ERR_ARGUMENT' });
    la.ws.close();
    lx.ws.close();
  });

  it('makes a pool game rated only when both entries are: an account with a key alone plays casual, and is told so', async () => {
    const a = await account(url);
    const la = await openLobby(url, { key: a.key }, a.from);
    const lx = await openLobby(url, { key: newKey() });
    la.send({ type: 'pool-join', id: 1, pool: 'selus/corr' });
    expect(await la.next((f) => f['id'] === 1)).toMatchObject({ type: 'ack', rated: true });
    lx.send({ type: 'pool-join', id: 1, pool: 'selus/corr' });
    expect(await lx.next((f) => f['id'] === 1)).toMatchObject({ type: 'ack', rated: false });
    const p = await la.next((f) => f['type'] === 'paired');
    expect(p).toMatchObject({ rated: false, opponent: { name: null } });
    expect(await lx.next((f) => f['type'] === 'paired')).toMatchObject({ rated: false, opponent: { name: a.name } });
    la.ws.close();
    lx.ws.close();
  });
});

describe('blocks in the lobby', () => {
  let url = '';
  beforeAll(async () => {
    ({ url } = await serve());
  });

  it("hides each side's seeks from the other, on hello and live, and refuses accepting them", async () => {
    const [p, q, r] = [await account(url), await account(url), await account(url)];
    await block(url, p, q.name);
    const lp = await openLobby(url, { key: p.key }, p.from);
    const before = await openSeek(lp, 'before', { ruleset: 'gifia' });
    const lq = await openLobby(url, { key: q.key }, q.from);
    const lr = await openLobby(url, { key: r.key }, r.from);
    const listed = (c: LobbyClient): unknown[] => (c.frames.find((f) => f['type'] === 'welcome')!['seeks'] as Frame[]).map((s) => s['id']);
    expect(listed(lq)).not.toContain(before);
    expect(listed(lr)).toContain(before);
    // Live: the blocker's new seek reaches others, not the blocked; and the other way round.
    const after = await openSeek(lp, 'after', { ruleset: 'selus' });
    const fromQ = await openSeek(lq, 'q', { ruleset: 'selus' });
    const fromR = await openSeek(lr, 'r', { ruleset: 'abalalae' });
    await lr.next((f) => f['type'] === 'seek' && seekOf(f)['id'] === after);
    await lr.next((f) => f['type'] === 'seek' && seekOf(f)['id'] === fromQ);
    await lq.next((f) => f['type'] === 'seek' && seekOf(f)['id'] === fromR);
    await lp.next((f) => f['type'] === 'seek' && seekOf(f)['id'] === fromR);
    const seen = (c: LobbyClient): unknown[] => c.frames.filter((f) => f['type'] === 'seek').map((f) => seekOf(f)['id']);
    expect(seen(lq)).not.toContain(after);
    expect(seen(lp)).not.toContain(fromQ);
    for (const [c, id] of [
      [lq, before],
      [lq, after],
      [lp, fromQ],
    ] as const) {
      c.send({ type: 'accept', id: `a-${id}`, seek: id });
      expect(await c.next((f) => f['id'] === `a-${id}`)).toMatchObject({ type: 'error', code: 'ERR_FORBIDDEN' });
    }
    for (const c of [lp, lq, lr]) c.ws.close();
  });
});

describe('a paired message missed', () => {
  let url = '';
  beforeAll(async () => {
    ({ url } = await serve());
  });

  it('is sent again on the next hello of the same key, and not once it was received', async () => {
    const [ka, kb] = [newKey(), newKey()];
    const la = await openLobby(url, { key: ka });
    const lb = await openLobby(url, { key: kb });
    la.send({ type: 'pool-join', id: 1, pool: 'abalalae/corr' });
    await la.next((f) => f['id'] === 1);
    // a's connection goes dead: nothing it is sent from now on is read.
    (la.ws as unknown as { _socket: Socket })._socket.pause();
    lb.send({ type: 'pool-join', id: 1, pool: 'abalalae/corr' });
    const pb = await lb.next((f) => f['type'] === 'paired');
    await pause(300);
    la.ws.terminate();
    expect(la.frames.filter((f) => f['type'] === 'paired')).toEqual([]);
    const again = await openLobby(url, { key: ka });
    const pa = await again.next((f) => f['type'] === 'paired');
    expect(pa['gameId']).toBe(pb['gameId']);
    expect(pa['seat']).toBe(pb['seat'] === 1 ? 2 : 1);
    expect(pa).toMatchObject({ pool: 'abalalae/corr', rated: false, seek: null });
    await pause(300);
    again.ws.close();
    await again.closed;
    // Received (its socket answered the ping that followed it): not sent a third time; b's neither.
    const third = await openLobby(url, { key: ka });
    const b2 = await openLobby(url, { key: kb });
    await pause(400);
    expect(third.frames.filter((f) => f['type'] === 'paired')).toEqual([]);
    expect(b2.frames.filter((f) => f['type'] === 'paired')).toEqual([]);
    for (const c of [lb, third, b2]) c.ws.close();
  });

  it('is sent on every hello while the client neither answers the ping nor says seen; then no more', async () => {
    const [ka, kb] = [newKey(), newKey()];
    const la = await openLobby(url, { key: ka }, nextAddress(), false);
    const lb = await openLobby(url, { key: kb });
    for (const c of [la, lb]) {
      c.send({ type: 'pool-join', id: 1, pool: 'gifia/corr' });
      await c.next((f) => f['id'] === 1);
    }
    const first = await la.next((f) => f['type'] === 'paired');
    la.ws.close();
    await la.closed;
    const again = await openLobby(url, { key: ka }, nextAddress(), false);
    expect((await again.next((f) => f['type'] === 'paired'))['gameId']).toBe(first['gameId']);
    again.send({ type: 'seen', id: 'bad', gameId: 7 });
    expect(await again.next((f) => f['id'] === 'bad')).toMatchObject({ type: 'error', code: 'ERR_ARGUMENT' });
    again.send({ type: 'seen', id: 'ok', gameId: first['gameId'] });
    expect(await again.next((f) => f['id'] === 'ok')).toEqual({ type: 'ack', id: 'ok' });
    again.ws.close();
    await again.closed;
    const third = await openLobby(url, { key: ka }, nextAddress(), false);
    await pause(300);
    expect(third.frames.filter((f) => f['type'] === 'paired')).toEqual([]);
    for (const c of [lb, third]) c.ws.close();
  });

  it('is kept a minute at most, a few a player, a bounded number in all', () => {
    let t = 0;
    const kept = new PendingPairings({ keepMs: 60_000, max: 3, perPlayer: 2 }, () => t);
    kept.add('a', 'g1', '{"g":1}');
    kept.add('a', 'g2', '{"g":2}');
    kept.add('a', 'g3', '{"g":3}');
    expect(kept.of('a').map((p) => p.gameId)).toEqual(['g2', 'g3']);
    kept.add('b', 'g4', '{}');
    kept.add('c', 'g5', '{}');
    expect(kept.size).toBe(3);
    expect(kept.of('a').map((p) => p.gameId)).toEqual(['g3']);
    kept.seen('b', 'g4');
    expect(kept.of('b')).toEqual([]);
    t = 60_001;
    expect(kept.of('c')).toEqual([]);
    expect(kept.size).toBe(0);
  });
});

describe('the lobby socket’s hardening', () => {
  let url = '';
  beforeAll(async () => {
    ({ url } = await serve({ live: { helloMs: 300 }, lobby: { waveMs: 150, seed: 5, sockets: { maxPerKey: 2 } } }));
  });

  it('closes a socket without hello in time, and one that sends too many messages', async () => {
    const silent = await openLobby(url);
    expect(await silent.closed).toBe(1008);
    const loud = await openLobby(url, {});
    for (let i = 0; i < 30; i++) loud.send({ type: 'ping' });
    expect(await loud.closed).toBe(1008);
  });

  it('refuses a message over 16 KB, a second hello, and a third socket of one key', async () => {
    const key = newKey();
    const c = await openLobby(url, { key });
    c.send({ type: 'seek', id: 'big', ruleset: 'gifia', options: { pad: 'x'.repeat(17 * 1024) } });
    expect(await c.next((f) => f['code'] === 'ERR_TOO_LARGE')).toMatchObject({ type: 'error' });
    c.send({ type: 'hello', key });
    expect(await c.next((f) => f['code'] === 'ERR_PROTOCOL')).toMatchObject({ type: 'error' });
    const d = await openLobby(url, { key });
    const e = await openLobby(url);
    e.send({ type: 'hello', key });
    expect(await e.next((f) => f['type'] === 'error')).toMatchObject({ code: 'ERR_RATE_LIMIT' });
    expect(await e.closed).toBe(1013);
    c.ws.close();
    d.ws.close();
  });
});
