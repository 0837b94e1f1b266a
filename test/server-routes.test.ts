/**
 * The server's routes as data (src/server/routes.ts): the table lists exactly the documented API,
 * a path is taken by the first route that matches, a `:id` takes only a well-formed id, and every
 * request no route takes (or takes only to refuse) gets the same status, code and message as the
 * hand-written router it replaced. The edge cases run against a real server in this process.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGabataServer, type GabataServer } from '../src/server/app.js';
import { GamesApi } from '../src/server/games.js';
import { apiRoutes, findRoute, matchPath, noRoute, type Route } from '../src/server/routes.js';
import { GameStore } from '../src/server/store.js';
import { request } from './web-harness.js';

const split = (p: string): string[] => p.split('/').filter((x) => x !== '');

describe('route table', () => {
  let dir: string;
  let store: GameStore;
  let routes: Route[];
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'gabata-routes-'));
    store = new GameStore(path.join(dir, 'games.db'));
    routes = apiRoutes(new GamesApi(store));
  });
  afterAll(() => {
    store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('declares exactly the documented API, each route once, refusals after the routes of their path', () => {
    const served = routes.filter((r) => r.method !== '*').map((r) => `${r.method} ${r.path}`);
    expect(served).toEqual([
      'GET /api/rulesets',
      'GET /api/games',
      'POST /api/games',
      'POST /api/games/import',
      'GET /api/games/:id',
      'DELETE /api/games/:id',
      'POST /api/games/:id/moves',
      'POST /api/games/:id/undo',
      'GET /api/games/:id/record',
    ]);
    routes.forEach((r, i) => {
      if (r.method !== '*') return;
      // A refusal must not shadow a real route of its path declared after it.
      expect(routes.slice(i + 1).filter((x) => x.path === r.path)).toEqual([]);
    });
    // Routes that read a body say so; the others never read one.
    expect(routes.filter((r) => r.body).map((r) => `${r.method} ${r.path} ${r.body}`)).toEqual([
      'POST /api/games object',
      'POST /api/games/import json',
      'POST /api/games/:id/moves object',
      'POST /api/games/:id/undo object',
    ]);
  });

  it('matches segment by segment; a :id takes 1 to 32 letters and digits only', () => {
    expect(matchPath('/api/games/:id/moves', split('/api/games/abc123/moves'))).toEqual({ id: 'abc123' });
    expect(matchPath('/api/games/:id/moves', split('/api/games/abc/moves/x'))).toBeNull();
    expect(matchPath('/api/games/:id/moves', split('/api/games/abc'))).toBeNull();
    expect(matchPath('/api/games/:id', split('/api/games/bad-id'))).toBeNull();
    expect(matchPath('/api/games/:id', split(`/api/games/${'a'.repeat(32)}`))).toEqual({ id: 'a'.repeat(32) });
    expect(matchPath('/api/games/:id', split(`/api/games/${'a'.repeat(33)}`))).toBeNull();
    expect(matchPath('/api/games', split('/api/games/'))).toEqual({});
  });

  it('the first matching route answers: import is not taken for a game id, a wrong method meets its refusal', () => {
    const at = (method: string, p: string): string => {
      const f = findRoute(routes, method, split(p));
      return f ? `${f.route.method} ${f.route.path} ${JSON.stringify(f.params)}` : 'none';
    };
    expect(at('POST', '/api/games/import')).toBe('POST /api/games/import {}');
    expect(at('GET', '/api/games/import')).toBe('* /api/games/import {}');
    expect(at('GET', '/api/games/abc')).toBe('GET /api/games/:id {"id":"abc"}');
    expect(at('PUT', '/api/games')).toBe('* /api/games {}');
    expect(at('POST', '/api/games/abc')).toBe('none');
    expect(at('POST', '/api/rulesets')).toBe('none');
    expect(at('GET', '/api/games/abc/moves')).toBe('none');
  });

  it('explains a path no route takes: unknown resource, malformed id, or no such route', () => {
    const why = (method: string, p: string): string => {
      const e = noRoute(method, split(p));
      return `${e.status} ${e.code} ${e.message}`;
    };
    expect(why('GET', '/api')).toBe("404 ERR_NOT_FOUND no API resource ''");
    expect(why('POST', '/api/rulesets')).toBe("404 ERR_NOT_FOUND no API resource 'rulesets'");
    expect(why('GET', '/api/nothing/here')).toBe("404 ERR_NOT_FOUND no API resource 'nothing/here'");
    expect(why('GET', '/api/games/bad!id/moves')).toBe("404 ERR_NOT_FOUND no game 'bad!id'");
    expect(why('GET', `/api/games/${'b'.repeat(50)}`)).toBe(`404 ERR_NOT_FOUND no game '${'b'.repeat(40)}'`);
    expect(why('POST', '/api/games/abc')).toBe('404 ERR_NOT_FOUND no API route POST /api/games/abc');
  });
});

describe('answers at the edges of the routes (a real server)', () => {
  let dir: string;
  let app: GabataServer;
  let url: string;
  let id: string;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'gabata-routes-http-'));
    app = createGabataServer({ db: path.join(dir, 'games.db') });
    await new Promise<void>((resolve) => app.server.listen(0, '127.0.0.1', () => resolve()));
    url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const created = await request(url, 'POST', '/api/games', { ruleset: 'gifia', seed: 5, seats: ['human', 'human'] });
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
    ['GET', '/api/games/import', undefined, '405 ERR_ARGUMENT import takes POST with a record'],
    ['POST', '/api/games/import', '{', '400 ERR_ARGUMENT the request body is not valid JSON: …'],
    ['POST', '/api/games/import/moves', '{}', "404 ERR_NOT_FOUND no game 'import'"],
    ['POST', '/api/games/bad-id/moves', '{', "404 ERR_NOT_FOUND no game 'bad-id'"],
    ['POST', '/api/games/nope', '{}', '404 ERR_NOT_FOUND no API route POST /api/games/nope'],
    ['GET', '/api/games/nope/moves', undefined, '404 ERR_NOT_FOUND no API route GET /api/games/nope/moves'],
    ['POST', '/api/games/nope/moves', '[1]', '400 ERR_ARGUMENT the request body must be a JSON object'],
    ['POST', '/api/games/nope/moves', '{"ply":0}', "404 ERR_NOT_FOUND no game 'nope'"],
    ['GET', '/api/games/nope/record', undefined, "404 ERR_NOT_FOUND no game 'nope'"],
    ['DELETE', '/api/games/nope', undefined, "404 ERR_NOT_FOUND no game 'nope'"],
    ['POST', '/api/games/ID/moves/x', '{}', '404 ERR_NOT_FOUND no API route POST /api/games/ID/moves/x'],
    ['POST', '/api/games/ID/undo', '{"toPly":9}', '400 ERR_ARGUMENT "toPly" must be an integer from 0 to 0'],
    ['POST', '/api/games', 'null', '400 ERR_ARGUMENT the request body must be a JSON object'],
    ['POST', '/', undefined, '405 ERR_ARGUMENT POST is not allowed here'],
  ];
  for (const [method, p, body, answer] of cases) {
    it(`${method} ${p}${body === undefined ? '' : ` ${body}`}: ${answer}`, async () => {
      const r = await request(url, method, p.replace('ID', id), undefined, body);
      const got = `${r.status} ${r.body.error.code} ${r.body.error.message}`;
      const want = answer.replace('ID', id);
      // An answer ending in '…' names only the start (the rest is the JSON parser's own words).
      if (want.endsWith('…')) expect(got.startsWith(want.slice(0, -1))).toBe(true);
      else expect(got).toBe(want);
      expect(r.body).toEqual({ error: { code: r.body.error.code, message: r.body.error.message } });
    });
  }
});
