/**
 * The JSON API as data: each route is a method, a path pattern and a handler, tried in order, the
 * first match answering. A `:name` segment matches what `PARAMS[name]` accepts; a body is read
 * (and, for `body: 'object'`, checked to be a JSON object) before the handler runs. A path no
 * route takes is answered by `noRoute`.
 *
 *   GET    /api/rulesets                 rulesets with their info and options
 *   GET    /api/games                    saved games, most recent first
 *   POST   /api/games                    { ruleset, options?, seats?, seed? } -> 201 game
 *   POST   /api/games/import             a record -> 201 game (replayed and validated)
 *   GET    /api/games/:id                game and its moves
 *   DELETE /api/games/:id
 *   POST   /api/games/:id/moves          { ply, move | code | joint } -> the move, its events, status
 *   POST   /api/games/:id/undo           { toPly } -> game (moves from toPly on deleted)
 *   GET    /api/games/:id/record         the game record
 */
import type http from 'node:http';
import type { GamesApi, Reply } from './games.js';
import { HttpError, asObject, readBody } from './http.js';

/** What a handler is given. */
export interface RouteRequest {
  method: string;
  /** The `:name` segments of the path. */
  params: Readonly<Record<string, string>>;
  /** The JSON body (`{}` when empty); undefined for a route that reads none. */
  body: unknown;
}

export interface Route {
  /** An HTTP method, or '*' for any (a refusal declared after the routes of its path). */
  method: string;
  /** Segments separated by '/', e.g. '/api/games/:id/moves'. */
  path: string;
  /** Read the body first: 'object' = a JSON object (else 400), 'json' = any JSON value. */
  body?: 'object' | 'json';
  handler(r: RouteRequest): Reply;
}

/** What each `:name` path segment accepts. */
export const PARAMS: Readonly<Record<string, RegExp>> = { id: /^[A-Za-z0-9]{1,32}$/ };

/** The routes of the API, answered by `games`. */
export function apiRoutes(games: GamesApi): Route[] {
  const id = (r: RouteRequest): string => r.params['id']!;
  const object = (r: RouteRequest): Record<string, unknown> => r.body as Record<string, unknown>;
  return [
    { method: 'GET', path: '/api/rulesets', handler: () => games.rulesets() },
    { method: 'GET', path: '/api/games', handler: () => games.list() },
    { method: 'POST', path: '/api/games', body: 'object', handler: (r) => games.create(object(r)) },
    { method: '*', path: '/api/games', handler: (r) => notAllowed(`${r.method} is not allowed on /api/games`) },
    { method: 'POST', path: '/api/games/import', body: 'json', handler: (r) => games.import(r.body) },
    { method: '*', path: '/api/games/import', handler: () => notAllowed('import takes POST with a record') },
    { method: 'GET', path: '/api/games/:id', handler: (r) => games.get(id(r)) },
    { method: 'DELETE', path: '/api/games/:id', handler: (r) => games.delete(id(r)) },
    { method: 'POST', path: '/api/games/:id/moves', body: 'object', handler: (r) => games.move(id(r), object(r)) },
    { method: 'POST', path: '/api/games/:id/undo', body: 'object', handler: (r) => games.undo(id(r), object(r)) },
    { method: 'GET', path: '/api/games/:id/record', handler: (r) => games.record(id(r)) },
  ];
}

function notAllowed(message: string): never {
  throw new HttpError(405, 'ERR_ARGUMENT', message);
}

/** The parameters of `path` if the route's pattern takes it (`parts` = the path's non-empty segments). */
export function matchPath(pattern: string, parts: readonly string[]): Record<string, string> | null {
  const want = pattern.split('/').filter((p) => p !== '');
  if (want.length !== parts.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    const w = want[i]!;
    const got = parts[i]!;
    if (w.startsWith(':')) {
      if (!PARAMS[w.slice(1)]?.test(got)) return null;
      params[w.slice(1)] = got;
    } else if (w !== got) {
      return null;
    }
  }
  return params;
}

/** The first route that takes this method and path, with its parameters. */
export function findRoute(
  routes: readonly Route[],
  method: string,
  parts: readonly string[],
): { route: Route; params: Record<string, string> } | null {
  for (const route of routes) {
    if (route.method !== '*' && route.method !== method) continue;
    const params = matchPath(route.path, parts);
    if (params) return { route, params };
  }
  return null;
}

/** Why no route takes a path: an unknown resource, a malformed game id, or no such route. */
export function noRoute(method: string, parts: readonly string[]): HttpError {
  const [, resource, id] = parts;
  if (resource !== 'games') return new HttpError(404, 'ERR_NOT_FOUND', `no API resource '${parts.slice(1).join('/')}'`);
  if (id !== undefined && !PARAMS['id']!.test(id)) return new HttpError(404, 'ERR_NOT_FOUND', `no game '${id.slice(0, 40)}'`);
  return new HttpError(404, 'ERR_NOT_FOUND', `no API route ${method} /${parts.join('/')}`);
}

/** Answers one API request (`parts` = the path's non-empty segments, starting with 'api'). */
export async function dispatch(routes: readonly Route[], req: http.IncomingMessage, parts: readonly string[]): Promise<Reply> {
  const method = req.method ?? 'GET';
  const found = findRoute(routes, method, parts);
  if (!found) throw noRoute(method, parts);
  const { route, params } = found;
  let body: unknown;
  if (route.body) {
    body = await readBody(req);
    if (route.body === 'object') body = asObject(body);
  }
  return route.handler({ method, params, body });
}
