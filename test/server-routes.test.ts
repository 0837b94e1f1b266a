/**
 * The server's routes as data (src/server/routes.ts): the table lists exactly the documented API,
 * each body route has a schema, a path no route takes is explained, and every request at the edge
 * of the routes gets a status, code and message, always as `{ error: { code, message } }`. The
 * edge cases run against a real server in this process.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGabataServer, type GabataServer } from '../src/server/app.js';
import { apiRoutes, noRoute, type Route } from '../src/server/routes.js';
import { newKey, request } from './web-harness.js';

describe('route table', () => {
  let dir: string;
  let app: GabataServer;
  let routes: Route[];
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'gabata-routes-'));
    app = createGabataServer({ db: path.join(dir, 'games.db') });
    routes = apiRoutes(app.api);
  });
  afterAll(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('declares exactly the documented API, each route once', () => {
    const served = routes.map((r) => `${r.method} ${r.path}`);
    expect(served).toEqual([
      'GET /api/rulesets',
      'GET /api/games',
      'POST /api/games',
      'POST /api/games/import',
      'GET /api/games/:id',
      'GET /api/games/:id/moves',
      'DELETE /api/games/:id',
      'POST /api/games/:id/join',
      'POST /api/games/:id/moves',
      'POST /api/games/:id/commit',
      'POST /api/games/:id/takeback',
      'POST /api/games/:id/answer',
      'POST /api/games/:id/draw',
      'POST /api/games/:id/resign',
      'POST /api/games/:id/claim',
      'POST /api/games/:id/rematch',
      'GET /api/games/:id/record',
    ]);
    expect(new Set(served).size).toBe(served.length);
    // Every POST has a body schema; every state-changing body names its seat and (but rematch) its ply.
    for (const r of routes.filter((x) => x.method === 'POST')) expect(r.body, r.path).toBeDefined();
    for (const r of routes.filter((x) => x.method === 'POST' && /moves|commit|takeback|answer|draw|resign|claim/.test(x.path))) {
      expect((r.body as { required: string[] }).required, r.path).toEqual(expect.arrayContaining(['seat', 'ply']));
    }
    expect(routes.filter((r) => r.limit).map((r) => `${r.path} ${r.limit}`)).toEqual([
      '/api/games create',
      '/api/games/import import',
      '/api/games/:id/join join',
    ]);
  });

  it('explains a path no route takes: unknown resource, malformed id, wrong method, or no such route', () => {
    const why = (method: string, p: string): string => {
      const e = noRoute(method, p);
      return `${e.status} ${e.code} ${e.message}`;
    };
    expect(why('GET', '/api')).toBe("404 ERR_NOT_FOUND no API resource ''");
    expect(why('POST', '/api/rulesets')).toBe("404 ERR_NOT_FOUND no API resource 'rulesets'");
    expect(why('GET', '/api/nothing/here')).toBe("404 ERR_NOT_FOUND no API resource 'nothing/here'");
    expect(why('GET', '/api/games/bad!id/moves')).toBe("404 ERR_NOT_FOUND no game 'bad!id'");
    expect(why('GET', `/api/games/${'b'.repeat(50)}`)).toBe(`404 ERR_NOT_FOUND no game '${'b'.repeat(40)}'`);
    expect(why('PUT', '/api/games')).toBe('405 ERR_ARGUMENT PUT is not allowed on /api/games');
    expect(why('GET', '/api/games/abc/moves')).toBe('404 ERR_NOT_FOUND no API route GET /api/games/abc/moves');
  });
});

describe('answers at the edges of the routes (a real server)', () => {
  let dir: string;
  let app: GabataServer;
  let url: string;
  let id: string;
  const key = newKey();
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'gabata-routes-http-'));
    app = createGabataServer({ db: path.join(dir, 'games.db') });
    const addr = await app.listen(0, '127.0.0.1');
    url = `http://127.0.0.1:${addr.port}`;
    const created = await request(url, 'POST', '/api/games', { ruleset: 'gifia', seed: 5, seats: ['human', 'human'] }, undefined, { key });
    id = created.body.game.id;
  });
  afterAll(async () => {
    await app?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const cases: [method: string, path: string, body: string | undefined, answer: string][] = [
    ['GET', '/api', undefined, "404 ERR_NOT_FOUND no API resource ''"],
    ['POST', '/api/rulesets', '{}', "404 ERR_NOT_FOUND no API resource 'rulesets'"],
    ['GET', '/api/rulesets/x', undefined, "404 ERR_NOT_FOUND no API resource 'rulesets/x'"],
    ['PUT', '/api/games', '{}', '405 ERR_ARGUMENT PUT is not allowed on /api/games'],
    ['DELETE', '/api/games', undefined, '405 ERR_ARGUMENT DELETE is not allowed on /api/games'],
    ['GET', '/api/games/import', undefined, "404 ERR_NOT_FOUND no game 'import'"],
    ['POST', '/api/games/import', '{', '400 ERR_ARGUMENT …'],
    ['POST', '/api/games/import/moves', '{"seat":1,"ply":0}', "404 ERR_NOT_FOUND no game 'import'"],
    ['POST', '/api/games/bad-id/moves', '{}', 'Not Found: no such game'],
    ['POST', '/api/games/nope', '{}', '405 ERR_ARGUMENT POST is not allowed on /api/games/nope'],
    ['GET', '/api/games/nope/moves', undefined, "404 ERR_NOT_FOUND no game 'nope'"],
    ['GET', '/api/games/nope/moves?from=-1', undefined, '400 ERR_ARGUMENT query.from must match pattern "^(0|[1-9][0-9]{0,8})$"'],
    [
      'GET',
      '/api/games/nope/moves?limit=501',
      undefined,
      '400 ERR_ARGUMENT query.limit must match pattern "^([1-9][0-9]?|[1-4][0-9]{2}|500)$"',
    ],
    ['POST', '/api/games/nope/moves', '[1]', '400 ERR_ARGUMENT body must be object'],
    ['POST', '/api/games/nope/moves', '{"ply":0}', "400 ERR_ARGUMENT body must have required property 'seat'"],
    ['POST', '/api/games/nope/moves', '{"seat":1,"ply":0}', "404 ERR_NOT_FOUND no game 'nope'"],
    ['POST', '/api/games/ID/moves', '{"seat":"1","ply":0}', '400 ERR_ARGUMENT body.seat must be integer'],
    ['POST', '/api/games/ID/moves', '{"seat":1,"ply":0,"extra":1}', '400 ERR_ARGUMENT body must NOT have additional properties'],
    ['GET', '/api/games/nope/record', undefined, "404 ERR_NOT_FOUND no game 'nope'"],
    ['DELETE', '/api/games/nope', undefined, "404 ERR_NOT_FOUND no game 'nope'"],
    ['POST', '/api/games/ID/moves/x', '{}', '404 ERR_NOT_FOUND no API route POST /api/games/ID/moves/x'],
    ['POST', '/api/games/ID/takeback', '{"seat":1,"ply":0,"toPly":9}', '400 ERR_ARGUMENT "toPly" must be an integer from 0 to 0'],
    ['POST', '/api/games/ID/takeback', '{"seat":1,"ply":5}', '409 ERR_STALE …'],
    ['POST', '/api/games/ID/resign', '{"seat":3,"ply":0}', '400 ERR_ARGUMENT "seat" must be an integer from 1 to 2'],
    ['POST', '/api/games', 'null', '400 ERR_ARGUMENT body must be object'],
    ['POST', '/', undefined, '405 ERR_ARGUMENT POST is not allowed here'],
    ['GET', '/nothing.js', undefined, '404 ERR_NOT_FOUND no file /nothing.js'],
    ['GET', '/api/games?limit=0', undefined, '400 ERR_ARGUMENT query.limit must match pattern "^(100|[1-9][0-9]?)$"'],
    ['GET', '/api/games?limit=101', undefined, '400 ERR_ARGUMENT query.limit must match pattern "^(100|[1-9][0-9]?)$"'],
    ['GET', '/api/games?before=xyz', undefined, '400 ERR_ARGUMENT "before" is not a cursor this server gave'],
  ];
  for (const [method, p, body, answer] of cases) {
    it(`${method} ${p}${body === undefined ? '' : ` ${body}`}: ${answer}`, async () => {
      const r = await request(url, method, p.replace('ID', id), undefined, body, { key });
      const got = `${r.status} ${r.body.error.code} ${r.body.error.message}`;
      const want = answer.replace('ID', id);
      if (want.startsWith('Not Found')) expect(got).toMatch(/^404 ERR_NOT_FOUND/);
      // An answer ending in '…' names only the start (the rest is the JSON parser's own words).
      else if (want.endsWith('…')) expect(got.startsWith(want.slice(0, -1)), got).toBe(true);
      else expect(got).toBe(want);
      expect(r.body).toEqual({ error: { code: r.body.error.code, message: r.body.error.message } });
    });
  }
});
