/**
 * The server as a hostile client finds it (issue 20), against a real server in this process on
 * 127.0.0.1 with real sockets: one message must never kill it (an `id` nested thousands deep, a
 * `type` that is not text), limits keyed on what a client cannot choose (its address, its key
 * however spelt), seat holders never locked out by spectators, sockets that never say hello
 * capped and closed, catch-ups bounded (a snapshot and pages), slow clients cut off, connections
 * per address capped, who may act for a computer's seat, and the edge's answers (Origin scheme,
 * one Host, a malformed path, no source maps). Clients that stand for other addresses come
 * through a trusted proxy (X-Forwarded-For), as they would in production.
 */
import { rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHASE_OVER } from '../packages/engine/src/core/state.js';
import { getRuleset } from '../packages/engine/src/games/index.js';
import { createGabataServer, type GabataServer, type ServerOptions } from '../src/server/app.js';
import { addressKey } from '../src/server/limits.js';
import { CATCH_UP_MOVES } from '../src/server/play.js';
import { randomPlayout } from './helpers/random-play.js';
import { ensureBuilt, newKey, openLive, request, tempDir } from './web-harness.js';

const dirs: string[] = [];
const servers: GabataServer[] = [];

beforeAll(() => ensureBuilt({ web: false }));
afterAll(async () => {
  for (const s of servers.splice(0)) await s.close();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

async function serve(opts: Partial<ServerOptions> = {}): Promise<{ url: string; port: number; app: GabataServer }> {
  const dir = tempDir('gabata-hostile-');
  dirs.push(dir);
  const app = createGabataServer({ db: path.join(dir, 'games.db'), ...opts });
  servers.push(app);
  const { port } = await app.listen(0, '127.0.0.1');
  return { url: `http://127.0.0.1:${port}`, port, app };
}

const gifia = { ruleset: 'gifia', seats: ['human', 'human'] };

async function newGame(url: string, key: string, body: Record<string, unknown> = gifia, headers?: Record<string, string>): Promise<string> {
  const r = await request(url, 'POST', '/api/games', body, undefined, { key, ...(headers ? { headers } : {}) });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.game.id as string;
}

/** A game of `plies` random moves, imported (all seats held by `key`). */
async function longGame(url: string, key: string, plies: number): Promise<string> {
  const r = getRuleset('gabata-adowa');
  if (!r.ok) throw r.error;
  const g = r.value.create({});
  if (!g.ok) throw g.error;
  for (let seed = 1; ; seed++) {
    const play = randomPlayout(g.value, seed, plies, false);
    if (play.moves.length < plies) continue;
    const rec = { format: 'gabata-record/1', ruleset: 'gabata-adowa', seed, moves: play.moves };
    const imp = await request(url, 'POST', '/api/games/import', rec, undefined, { key });
    expect(imp.status, JSON.stringify(imp.body)).toBe(201);
    return imp.body.game.id as string;
  }
}

describe('one message never kills the server', () => {
  it('an id nested 5,000 deep is refused without being echoed, and the server answers on', async () => {
    const { url } = await serve();
    const id = await newGame(url, newKey());
    const c = await openLive(url, id);
    const deep = '{"type":"move","id":' + '['.repeat(5000) + ']'.repeat(5000) + '}';
    expect(deep.length).toBeLessThan(16 * 1024);
    c.send(deep);
    const e = await c.next((m) => m.type === 'error', 5000, 1);
    expect(e).toEqual({ type: 'error', code: 'ERR_ARGUMENT', message: expect.stringMatching(/"id" must be/) });
    // The same for an object id, a long string, a fraction, and a deep `type`.
    for (const bad of ['{"type":"ping","id":{"a":1}}', `{"type":"ping","id":"${'x'.repeat(65)}"}`, '{"type":"ping","id":1.5}']) {
      const from = c.frames.length;
      c.send(bad);
      expect(await c.next((m) => m.type === 'error', 5000, from)).not.toHaveProperty('id');
    }
    const from = c.frames.length;
    c.send('{"type":' + '['.repeat(5000) + ']'.repeat(5000) + '}');
    expect(await c.next((m) => m.type === 'error', 5000, from)).toMatchObject({ code: 'ERR_PROTOCOL' });
    expect((await request(url, 'GET', '/api/rulesets')).status).toBe(200);
    const ok = await openLive(url, id);
    ok.send({ type: 'ping', id: 'x'.repeat(64) });
    await ok.next((m) => m.type === 'pong');
    await ok.close();
    await c.close();
  });
});

describe('limits keyed on what the client cannot choose', () => {
  const proxy = (client: string): Record<string, string> => ({ 'x-forwarded-for': client });

  it('a fresh key per request buys no more games: creation is counted per address (its share: several keys)', async () => {
    const { url } = await serve({ trustProxy: '127.0.0.1', limits: { create: 3, addressShare: 2 } });
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      statuses.push((await request(url, 'POST', '/api/games', gifia, undefined, { key: newKey(), headers: proxy('10.0.0.1') })).status);
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 201, 429, 429]);
    const last = await request(url, 'POST', '/api/games', gifia, undefined, { key: newKey(), headers: proxy('10.0.0.1') });
    expect(last.body.error.code).toBe('ERR_RATE_LIMIT');
    expect(Number(last.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another address is not limited by this one.
    expect((await request(url, 'POST', '/api/games', gifia, undefined, { key: newKey(), headers: proxy('10.0.0.2') })).status).toBe(201);
  });

  it('one key however spelt is one client: from many addresses, its count still holds', async () => {
    const { url } = await serve({ trustProxy: '127.0.0.1', limits: { create: 3 } });
    const key = newKey();
    const spellings = [`Bearer ${key}`, `bearer ${key}`, `BEARER  ${key}`, ` Bearer\t${key} `, `bEaReR ${key}`];
    const statuses: number[] = [];
    for (let i = 0; i < spellings.length; i++) {
      const r = await fetch(`${url}/api/games`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: spellings[i]!, 'x-forwarded-for': `10.1.0.${i + 1}` },
        body: JSON.stringify(gifia),
      });
      statuses.push(r.status);
    }
    expect(statuses).toEqual([201, 201, 201, 429, 429]);
  });

  it('an IPv6 client is counted by its /64', () => {
    expect(addressKey('2001:db8:1:2:aaaa::1')).toBe(addressKey('2001:db8:1:2:ffff:1:2:3'));
    expect(addressKey('2001:db8:1:2::1')).not.toBe(addressKey('2001:db8:1:3::1'));
    expect(addressKey('::ffff:10.0.0.7')).toBe('10.0.0.7');
    expect(addressKey('[2001:DB8::1]')).toBe(addressKey('2001:db8:0:0:1::'));
  });

  it('WebSocket upgrades are counted per address whatever headers they carry', async () => {
    const { url, app } = await serve({ trustProxy: '127.0.0.1', limits: { upgrades: 3, addressShare: 1 } });
    const id = await newGame(url, newKey());
    const tries: string[] = [];
    for (let i = 0; i < 5; i++) {
      const headers = { ...proxy('10.2.0.1'), authorization: `Bearer ${newKey()}`, 'user-agent': `ua-${i}` };
      tries.push(
        await openLive(url, id, { headers }).then(
          async (c) => {
            await c.close();
            return 'open';
          },
          (e: Error) => (/429/.test(e.message) ? '429' : e.message),
        ),
      );
    }
    expect(tries).toEqual(['open', 'open', 'open', '429', '429']);
    const other = await openLive(url, id, { headers: proxy('10.2.0.2') });
    expect(other.frames[0].type).toBe('welcome');
    await other.close();
    expect(app.server.listening).toBe(true);
  });

  it('TCP connections per address are capped: one over the cap is closed at once', async () => {
    const { port, url } = await serve({ limits: { connections: 4 } });
    const socks: net.Socket[] = [];
    for (let i = 0; i < 4; i++) {
      const s = net.connect(port, '127.0.0.1');
      await new Promise((r) => s.once('connect', r));
      socks.push(s);
    }
    const extra = net.connect(port, '127.0.0.1');
    const closed = await new Promise<boolean>((resolve) => {
      extra.once('close', () => resolve(true));
      setTimeout(() => resolve(false), 3000);
    });
    expect(closed).toBe(true);
    for (const s of socks) s.destroy();
    await new Promise((r) => setTimeout(r, 100));
    expect((await request(url, 'GET', '/api/rulesets')).status).toBe(200);
  });

  it('a slow client is cut off: a body that never comes is not waited for', async () => {
    const { port } = await serve({ timeouts: { headersMs: 1000, requestMs: 1500 } });
    const s = net.connect(port, '127.0.0.1');
    await new Promise((r) => s.once('connect', r));
    const started = Date.now();
    s.write(`POST /api/games HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{`);
    let answer = '';
    s.on('data', (d: Buffer) => (answer += d.toString()));
    const closedAfter = await new Promise<number>((resolve) => {
      s.once('close', () => resolve(Date.now() - started));
      setTimeout(() => resolve(-1), 10_000);
    });
    expect(closedAfter).toBeGreaterThan(0);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
  });
});

describe('the live stream: room for players, bounds for the rest', () => {
  it('sockets that never say hello are capped per address and closed after helloMs', async () => {
    const { url } = await serve({ live: { maxWaitingPerClient: 2, helloMs: 300 } });
    const id = await newGame(url, newKey());
    const quiet = [await openLive(url, id, { hello: false }), await openLive(url, id, { hello: false })];
    const third = await openLive(url, id, { hello: false });
    expect(await third.closed).toBe(1013);
    expect(third.frames[0]).toMatchObject({ type: 'error', code: 'ERR_RATE_LIMIT' });
    expect(await quiet[0]!.closed).toBe(1008);
    expect(await quiet[1]!.closed).toBe(1008);
    const now = await openLive(url, id);
    expect(now.frames[0].type).toBe('welcome');
    await now.close();
  });

  it('spectators are capped per client; a seat holder gets in past any number of them', async () => {
    const { url } = await serve({ live: { maxSpectatorsPerClient: 3, maxPerSeatHolder: 2 } });
    const key = newKey();
    const id = await newGame(url, key);
    const watchers = [await openLive(url, id), await openLive(url, id), await openLive(url, id)];
    const fourth = await openLive(url, id);
    expect(fourth.frames[0]).toMatchObject({ type: 'error', code: 'ERR_RATE_LIMIT' });
    expect(await fourth.closed).toBe(1013);
    const tabs = [await openLive(url, id, { key }), await openLive(url, id, { key })];
    for (const t of tabs) expect(t.frames[0]).toMatchObject({ type: 'welcome', seats: [1, 2] });
    const third = await openLive(url, id, { key });
    expect(third.frames[0]).toMatchObject({ type: 'error', code: 'ERR_RATE_LIMIT' });
    for (const c of [...watchers, ...tabs]) await c.close();
  });

  it(`a hello far behind gets a snapshot and the last ${CATCH_UP_MOVES} moves, and pages the rest`, async () => {
    const { url } = await serve();
    const key = newKey();
    const id = await longGame(url, key, 300);
    const full = (await request(url, 'GET', `/api/games/${id}`)).body.game;
    const c = await openLive(url, id, { key, since: -1 });
    await c.next((m) => m.type === 'snapshot');
    const after = c.frames.slice(1);
    expect(after.filter((m) => m.type === 'move')).toHaveLength(0);
    const snap = after.find((m) => m.type === 'snapshot');
    expect(snap.ply).toBe(full.moveCount);
    expect(snap.moves).toEqual(full.moves.slice(-CATCH_UP_MOVES));
    expect(snap.position).toEqual(full.position);
    // Close behind, the moves themselves, with their events.
    const near = await openLive(url, id, { key, since: full.moveCount - 4 });
    await near.next((m) => m.type === 'move' && m.ply === full.moveCount - 1);
    expect(near.frames.filter((m) => m.type === 'move').map((m) => m.ply)).toEqual([-3, -2, -1].map((d) => full.moveCount + d));
    // Older moves a page at a time, over the socket and over HTTP.
    c.send({ type: 'moves', id: 3, from: 10, limit: 20 });
    const page = await c.next((m) => m.type === 'moves');
    expect(page).toMatchObject({ id: 3, from: 10, moveCount: full.moveCount });
    expect(page.moves).toEqual(full.moves.slice(10, 30));
    const http = await request(url, 'GET', `/api/games/${id}/moves?from=290&limit=500`);
    expect(http.body.moves).toEqual(full.moves.slice(290));
    c.send({ type: 'moves', id: 4, from: 0, limit: 501 });
    expect(await c.next((m) => m.type === 'error' && m.id === 4)).toMatchObject({ code: 'ERR_ARGUMENT' });
    await c.close();
    await near.close();
  });

  it('catch-ups count against the client: too many moves read in a minute is 429', async () => {
    const { url } = await serve({ limits: { catchUpMoves: 700, addressShare: 1 } });
    const key = newKey();
    const id = await longGame(url, key, 300);
    expect((await request(url, 'GET', `/api/games/${id}`, undefined, undefined, { key })).status).toBe(200);
    expect((await request(url, 'GET', `/api/games/${id}`, undefined, undefined, { key })).status).toBe(200);
    const r = await request(url, 'GET', `/api/games/${id}`, undefined, undefined, { key: newKey() });
    expect(r.status).toBe(429);
    expect(r.body.error.code).toBe('ERR_RATE_LIMIT');
    const c = await openLive(url, id, { since: 100 });
    expect(c.frames[0]).toMatchObject({ type: 'error', code: 'ERR_RATE_LIMIT' });
    await c.close();
  });
});

describe('who may act for a seat', () => {
  it('a game of computers only is held by its creator: another key cannot move, resign or delete it', async () => {
    const { url } = await serve();
    const owner = newKey();
    const id = await newGame(url, owner, { ruleset: 'gifia', seats: ['computer:1', 'computer:2'] });
    const other = newKey();
    for (const [method, p, body] of [
      ['POST', `/api/games/${id}/resign`, { seat: 1, ply: 0 }],
      ['POST', `/api/games/${id}/moves`, { seat: 1, ply: 0, code: 0 }],
      ['DELETE', `/api/games/${id}`, { seat: 1 }],
    ] as const) {
      const r = await request(url, method, p, body, undefined, { key: other });
      expect(r.status, p).toBe(403);
      expect(r.body.error.code).toBe('ERR_FORBIDDEN');
    }
    expect((await request(url, 'DELETE', `/api/games/${id}`, { seat: 1 }, undefined, { key: owner })).status).toBe(200);
  });

  it("in a local game against the computer, the player cannot resign or offer for the computer's seat", async () => {
    const { url } = await serve();
    const key = newKey();
    const id = await newGame(url, key, { ruleset: 'gifia', seats: ['human', 'computer:1'] });
    const r = await request(url, 'POST', `/api/games/${id}/resign`, { seat: 2, ply: 0 }, undefined, { key });
    expect(r.status).toBe(403);
    expect(r.body.error.code).toBe('ERR_FORBIDDEN');
    const mine = await request(url, 'POST', `/api/games/${id}/resign`, { seat: 1, ply: 0 }, undefined, { key });
    expect(mine.status).toBe(200);
    expect(mine.body.end).toMatchObject({ winner: 2, reason: 'resign' });
  });

  it('AKS-3P-07: when one of three resigns, the others are ranked by their tally (ADW-18), not all drawn', async () => {
    const { url } = await serve();
    const key = newKey();
    const r = getRuleset('gabata-aksum');
    if (!r.ok) throw r.error;
    const g = r.value.create({ players: 3 });
    if (!g.ok) throw g.error;
    const game = g.value;
    // A position where the three tallies differ, reached by random play.
    for (let seed = 1; seed < 50; seed++) {
      const play = randomPlayout(game, seed, 40, true);
      const k = play.positions.findIndex((s) => {
        const t = game.standings!(s);
        return s.phase !== PHASE_OVER && new Set(t.slice(1)).size === 3;
      });
      if (k < 0) continue;
      const at = play.positions[k]!;
      const rec = { format: 'gabata-record/1', ruleset: 'gabata-aksum', options: { players: 3 }, seed, moves: play.moves.slice(0, k) };
      const imp = await request(url, 'POST', '/api/games/import', rec, undefined, { key });
      expect(imp.status, JSON.stringify(imp.body)).toBe(201);
      const tally = game.standings!(at);
      const loser = at.toMove === 0 ? 1 : at.toMove;
      const others = [1, 2, 3].filter((p) => p !== loser).sort((a, b) => tally[b]! - tally[a]!);
      const res = await request(url, 'POST', `/api/games/${imp.body.game.id}/resign`, { seat: loser, ply: k }, undefined, { key });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.end).toMatchObject({ reason: 'resign', winner: others[0] });
      return;
    }
    throw new Error('no position with three different tallies found');
  });
});

describe('the edge', () => {
  it('an Origin of another scheme is not this server (403 ERR_ORIGIN)', async () => {
    const { url, port } = await serve();
    const r = await request(url, 'POST', '/api/games', gifia, undefined, {
      key: newKey(),
      headers: { origin: `https://127.0.0.1:${port}` },
    });
    expect(r.status).toBe(403);
    expect(r.body.error.code).toBe('ERR_ORIGIN');
    expect((await request(url, 'POST', '/api/games', gifia, undefined, { key: newKey(), headers: { origin: url } })).status).toBe(201);
  });

  it('a request with two Host headers is refused (400 ERR_HOST); a malformed path gets our answer and headers', async () => {
    const { port } = await serve();
    const send = (text: string): Promise<string> =>
      new Promise((resolve) => {
        const s = net.connect(port, '127.0.0.1', () => s.write(text));
        let out = '';
        s.on('data', (d: Buffer) => {
          out += d.toString();
          if (out.includes('\r\n\r\n') && /\}\s*$/.test(out)) s.end();
        });
        s.on('close', () => resolve(out));
      });
    const two = await send(`GET /api/rulesets HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nHost: evil.example\r\nConnection: close\r\n\r\n`);
    expect(two).toMatch(/^HTTP\/1\.1 400/);
    expect(two).toContain('ERR_HOST');
    const bad = await send(`GET /%zz HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`);
    expect(bad).toMatch(/^HTTP\/1\.1 400/);
    expect(bad.toLowerCase()).toContain('content-security-policy:');
    expect(bad.toLowerCase()).toContain('x-content-type-options: nosniff');
    expect(bad).toContain('"code":"ERR_ARGUMENT"');
  });

  it('source maps are not served', async () => {
    const web = tempDir('gabata-hostile-web-');
    dirs.push(web);
    writeFileSync(path.join(web, 'main.js'), 'export {};\n//# sourceMappingURL=main.js.map\n');
    writeFileSync(path.join(web, 'main.js.map'), '{"version":3,"sources":["../src/web/main.ts"],"mappings":""}');
    const { url } = await serve({ webRoot: web });
    expect((await fetch(`${url}/main.js`)).status).toBe(200);
    expect((await fetch(`${url}/main.js.map`)).status).toBe(404);
  });
});
