/**
 * Property-based fuzzing of the real server on 127.0.0.1 (issue 20), seeded so that a failure
 * reproduces (fast-check prints the seed and the shrunk counterexample): thousands of generated
 * WebSocket frames of every message type, with valid and invalid shapes, deep and wide JSON,
 * unicode, bad UTF-8 and binary; and generated bodies and queries for every HTTP route. After each
 * frame the server must have answered it (an `error`, `ack`, `welcome`, `pong` or `moves`) or
 * closed the socket with a code; after each batch it must still serve. No answer may be a 500.
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGabataServer, type GabataServer } from '../src/server/app.js';
import { apiRoutes } from '../src/server/routes.js';
import { ensureBuilt, newKey, openLive, request, tempDir, type LiveClient } from './web-harness.js';

const SEED = 20_261_201;
const ANSWERS = new Set(['error', 'ack', 'welcome', 'pong', 'moves']);
const TYPES = ['hello', 'ping', 'pong', 'moves', 'move', 'commit', 'takeback', 'answer', 'draw', 'resign', 'rematch'];

let dir: string;
let app: GabataServer;
let url: string;
const key = newKey();
const games: string[] = [];

beforeAll(async () => {
  ensureBuilt({ web: false });
  dir = tempDir('gabata-fuzz-');
  app = createGabataServer({
    db: path.join(dir, 'games.db'),
    limits: false,
    // Every frame is answered: no closing for rate or errors in a row (those limits have their own tests).
    live: { maxPerSecond: 1_000_000, maxErrorsInARow: 1_000_000 },
  });
  url = `http://127.0.0.1:${(await app.listen(0, '127.0.0.1')).port}`;
  for (const ruleset of ['gifia', 'selus', 'gabata-adowa', 'abalalae']) {
    const r = await request(url, 'POST', '/api/games', { ruleset, seats: ['human', 'human'] }, undefined, { key });
    games.push(r.body.game.id);
  }
});

afterAll(async () => {
  await app?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function alive(): Promise<void> {
  expect(app.server.listening).toBe(true);
  expect((await request(url, 'GET', '/api/rulesets')).status).toBe(200);
}

/** JSON nested `depth` deep around `inner` (arrays or objects). */
const nested = (depth: number, object: boolean, inner: string): string =>
  object ? '{"a":'.repeat(depth) + inner + '}'.repeat(depth) : '['.repeat(depth) + inner + ']'.repeat(depth);

/** Something a field may hold: sane values, wrong types, huge numbers, deep and wide JSON. */
const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.integer({ min: -3, max: 40 }),
  fc.constantFrom(0, 1, 2, -1, 1.5, 2 ** 53, -(2 ** 31), Number.MAX_SAFE_INTEGER, 1e308),
  fc.string({ maxLength: 80, unit: 'grapheme' }),
  fc.constantFrom('__proto__', 'constructor', 'prototype', '', 'a'.repeat(65), key, 'e1', 'pass', '1|2'),
  fc.boolean(),
  fc.constant(null),
  fc.jsonValue({ maxDepth: 4 }),
  fc.array(fc.integer({ min: -1, max: 30 }), { maxLength: 20 }),
);

/** A message of one of the live protocol's types (or none), with fields right, wrong or missing. */
const message = fc.record(
  {
    type: fc.oneof(fc.constantFrom(...TYPES), anyValue),
    id: anyValue,
    key: fc.oneof(fc.constant(key), fc.constant(newKey()), anyValue),
    since: anyValue,
    seat: anyValue,
    ply: anyValue,
    code: anyValue,
    move: anyValue,
    joint: anyValue,
    toPly: anyValue,
    offer: fc.oneof(fc.constantFrom('takeback', 'draw', 'rematch'), anyValue),
    accept: anyValue,
    from: anyValue,
    limit: anyValue,
  },
  { requiredKeys: [] },
);

/** A frame: a message as JSON, or text and bytes that are not one. */
const frame: fc.Arbitrary<{ text?: string; binary?: Uint8Array }> = fc.oneof(
  { weight: 6, arbitrary: message.map((m) => ({ text: JSON.stringify(m) })) },
  { weight: 1, arbitrary: fc.json({ maxDepth: 6 }).map((text) => ({ text })) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.integer({ min: 1, max: 6000 }), fc.boolean(), fc.constantFrom('id', 'type', 'key', 'since', 'seat'))
      .map(([depth, object, field]) => ({ text: `{"type":"move","${field}":${nested(depth, object, '1')}}` })),
  },
  {
    weight: 1,
    arbitrary: fc
      .integer({ min: 1, max: 2000 })
      .map((n) => ({ text: `{"type":"hello",${Array.from({ length: n }, (_, i) => `"k${i}":${i}`).join(',')}}` })),
  },
  { weight: 1, arbitrary: fc.string({ maxLength: 200, unit: 'binary' }).map((text) => ({ text })) },
  { weight: 1, arbitrary: fc.uint8Array({ maxLength: 300 }).map((binary) => ({ binary })) },
  {
    weight: 1,
    arbitrary: fc.constantFrom({ text: '' }, { text: 'null' }, { text: '[]' }, { text: '"hello"' }, { text: 'x'.repeat(17_000) }),
  },
);

/** Sends one frame and waits for its answer or the socket's close code; null when the socket closed. */
async function exchange(c: LiveClient, f: { text?: string; binary?: Uint8Array }): Promise<number | null> {
  const from = c.frames.length;
  const closed = c.closed.then((code) => ({ code }));
  if (f.binary) c.ws.send(f.binary, { binary: true });
  else c.ws.send(f.text!);
  // A `pong` frame is answered by nothing (it answers the server's ping): a ping behind it is.
  const pongOnly = f.text !== undefined && /^\{"type":"pong"/.test(f.text);
  if (pongOnly) c.ws.send('{"type":"ping"}');
  const answered = c
    .next((m) => ANSWERS.has(m.type), 5000, from)
    .then(
      () => ({ code: 0 }),
      (e: Error) => ({ code: -1, error: e }),
    );
  const r: { code: number; error?: Error } = await Promise.race([answered, closed]);
  if (r.error) throw new Error(`no answer to ${(f.text ?? `${f.binary?.length} bytes`).slice(0, 300)}: ${r.error.message}`);
  return r.code;
}

describe('fuzz: the live socket', () => {
  it('every generated frame is answered or closes its socket with a code; the server serves after each batch', async () => {
    let socket: LiveClient | null = null;
    let game = 0;
    const closes = new Map<number, number>();
    for (let batch = 0; batch < 4; batch++) {
      await fc.assert(
        fc.asyncProperty(fc.array(frame, { minLength: 1, maxLength: 12 }), fc.boolean(), async (frames, hello) => {
          if (socket === null) {
            game = (game + 1) % games.length;
            socket = await openLive(url, games[game]!, { hello, key });
          }
          for (const f of frames) {
            const code = await exchange(socket, f);
            if (code === null || code === 0) continue;
            expect(code, 'a close code').toBeGreaterThanOrEqual(1000);
            closes.set(code, (closes.get(code) ?? 0) + 1);
            socket = null;
            return;
          }
        }),
        { seed: SEED + batch, numRuns: 100 },
      );
      await alive();
    }
    // Oversized frames close with 1009; everything else was answered on its socket.
    expect(
      [...closes.keys()].every((c) => [1009, 1008, 1013].includes(c)),
      JSON.stringify([...closes]),
    ).toBe(true);
    if (socket !== null) await (socket as LiveClient).close();
  });
});

/** A path of `route` with a real game id, a missing one, or a malformed one. */
function pathOf(route: string, pick: number): string {
  const id = [games[pick % games.length]!, 'nosuchgame', 'bad-id', 'x'.repeat(40), '%00'][pick % 5]!;
  return route.replace(':id', id);
}

describe('fuzz: the HTTP routes', () => {
  const routes = apiRoutes({} as never).map((r) => ({ method: r.method, path: r.path }));

  it('every generated body and query of every route gets a 2xx or a coded 4xx, never a 500', async () => {
    const body = fc.oneof(
      fc.jsonValue({ maxDepth: 5 }).map((v) => JSON.stringify(v)),
      message.map((m) => JSON.stringify(m)),
      fc
        .record({ ruleset: anyValue, options: anyValue, seed: anyValue, seats: anyValue, clock: anyValue }, { requiredKeys: [] })
        .map((m) => JSON.stringify(m)),
      fc
        .record({ format: fc.constant('gabata-record/1'), ruleset: anyValue, moves: anyValue, agents: anyValue })
        .map((m) => JSON.stringify(m)),
      fc.string({ maxLength: 100, unit: 'grapheme' }),
      fc.integer({ min: 1, max: 3000 }).map((d) => nested(d, d % 2 === 0, '1')),
    );
    const query = fc.dictionary(fc.constantFrom('limit', 'before', 'from', 'x', '__proto__'), fc.string({ maxLength: 12 }), { maxKeys: 3 });
    const statuses = new Map<number, number>();
    for (let batch = 0; batch < 3; batch++) {
      await fc.assert(
        fc.asyncProperty(fc.nat({ max: routes.length - 1 }), fc.nat(), body, query, fc.boolean(), async (r, pick, text, q, withKey) => {
          const route = routes[r]!;
          const search = new URLSearchParams(q).toString();
          const p = pathOf(route.path, pick) + (search ? `?${search}` : '');
          const send = route.method === 'GET' ? undefined : text;
          const res = await request(url, route.method, p, undefined, send, withKey ? { key } : {});
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
          expect(res.status, `${route.method} ${p} ${String(send).slice(0, 200)}`).toBeLessThan(500);
          if (res.status >= 400) expect(res.body.error.code).toMatch(/^ERR_[A-Z_]+$/);
        }),
        { seed: SEED + 100 + batch, numRuns: 150 },
      );
      await alive();
    }
    expect(statuses.size).toBeGreaterThan(3);
  });
});
