/**
 * The JSON API as data: each route is a method, a path, the JSON Schemas of its body and query
 * (checked by fastify before the handler runs: a failure is 400 ERR_ARGUMENT naming the field),
 * its rate limit, and a handler. app.ts registers them; docs/online.md describes them.
 *
 *   GET    /api/rulesets
 *   GET    /api/games?limit&before       the key's games, newest first, a page at a time
 *   POST   /api/games                    { ruleset, options?, seed?, seats?, clock? } -> 201 { game, invites }
 *   POST   /api/games/import             a record -> 201 { game }
 *   GET    /api/games/:id                { game } with its moves
 *   GET    /api/games/:id/moves?from&limit  a page of its moves (docs/online.md: catch-up and paging)
 *   DELETE /api/games/:id                { seat? }
 *   POST   /api/games/:id/join           { token } -> { game, seat }
 *   POST   /api/games/:id/moves          { seat, ply, code | move | joint } -> the move message
 *   POST   /api/games/:id/commit         { seat, ply, code | move }
 *   POST   /api/games/:id/takeback       { seat, ply, toPly? }
 *   POST   /api/games/:id/answer         { seat, ply, offer, accept }
 *   POST   /api/games/:id/draw           { seat, ply }
 *   POST   /api/games/:id/resign         { seat, ply }
 *   POST   /api/games/:id/claim          { seat, ply, outcome: 'win' | 'draw' } (the opponents left)
 *   POST   /api/games/:id/rematch        { seat, ply? }
 *   GET    /api/games/:id/record         the game record
 *   GET    /api/games/:id/live           the live stream (WebSocket)
 */
import { HttpError } from './http.js';
import type { Reply } from './games.js';
import { MAX_MOVES_PAGE, type GamesApi } from './play.js';

/** What a handler is given. */
export interface RouteRequest {
  method: string;
  /** The `:id` of the path. */
  params: Readonly<Record<string, string>>;
  body: unknown;
  query: Readonly<Record<string, string | undefined>>;
  /** sha256 of the request's player key, or null without one. */
  keyHash: string | null;
  /** The client's address as limits count it (limits.ts addressKey). */
  client: string;
}

export interface Route {
  method: string;
  /** e.g. '/api/games/:id/moves'. */
  path: string;
  /** JSON Schema of the body (omitted: the route takes none). */
  body?: Record<string, unknown>;
  query?: Record<string, unknown>;
  /** A rate limit of its own (per client), on top of the overall one: which of ServerLimits. */
  limit?: 'create' | 'import' | 'join';
  handler(r: RouteRequest): Reply;
}

/** What a `:id` path segment accepts (a malformed one is 404 like a missing game). */
export const ID_PATTERN = '^[A-Za-z0-9]{1,32}$';

const seat = { type: 'integer', minimum: 1, maximum: 16 };
const ply = { type: 'integer', minimum: 0, maximum: 1_000_000_000 };
const moveText = { type: 'string', minLength: 1, maxLength: 64 };
const code = { type: 'integer', minimum: 0, maximum: 1_000_000 };
const choice = { anyOf: [code, moveText] };

function object(properties: Record<string, unknown>, required: string[]): Record<string, unknown> {
  return { type: 'object', properties, required, additionalProperties: false, maxProperties: 16 };
}

const seatPly = object({ seat, ply }, ['seat', 'ply']);

export const SCHEMAS = {
  create: object(
    {
      ruleset: { type: 'string', minLength: 1, maxLength: 64 },
      options: {
        type: 'object',
        maxProperties: 32,
        additionalProperties: { type: ['string', 'number', 'boolean', 'null'], maxLength: 64 },
      },
      seed: { type: ['integer', 'null'], minimum: 0, maximum: 4294967295 },
      seats: { type: 'array', minItems: 1, maxItems: 16, items: { type: 'string', maxLength: 16 } },
      clock: {
        anyOf: [
          { type: 'null' },
          {
            type: 'object',
            properties: { baseMs: { type: 'integer' }, incrementMs: { type: 'integer' } },
            required: ['baseMs', 'incrementMs'],
            additionalProperties: false,
          },
          { type: 'object', properties: { daysPerMove: { type: 'integer' } }, required: ['daysPerMove'], additionalProperties: false },
        ],
      },
    },
    ['ruleset'],
  ),
  /** A record: its shape is read by the notation layer; this only bounds it. */
  import: {
    type: 'object',
    properties: { moves: { type: 'array' }, agents: { type: 'array', maxItems: 16 } },
    maxProperties: 32,
  },
  remove: object({ seat }, []),
  join: object({ token: { type: 'string', minLength: 1, maxLength: 64 } }, ['token']),
  move: object({ seat, ply, code, move: moveText, joint: { type: 'array', minItems: 1, maxItems: 16, items: choice } }, ['seat', 'ply']),
  commit: object({ seat, ply, code, move: moveText }, ['seat', 'ply']),
  takeback: object({ seat, ply, toPly: ply }, ['seat', 'ply']),
  answer: object({ seat, ply, offer: { type: 'string', enum: ['takeback', 'draw', 'rematch'] }, accept: { type: 'boolean' } }, [
    'seat',
    'ply',
    'offer',
    'accept',
  ]),
  seatPly,
  claim: object({ seat, ply, outcome: { type: 'string', enum: ['win', 'draw'] } }, ['seat', 'ply', 'outcome']),
  rematch: object({ seat, ply }, ['seat']),
  page: {
    type: 'object',
    properties: {
      from: { type: 'string', pattern: '^(0|[1-9][0-9]{0,8})$' },
      limit: { type: 'string', pattern: '^([1-9][0-9]?|[1-4][0-9]{2}|500)$' },
    },
    additionalProperties: false,
  },
  list: {
    type: 'object',
    properties: {
      limit: { type: 'string', pattern: '^(100|[1-9][0-9]?)$' },
      before: { type: 'string', maxLength: 200 },
    },
    additionalProperties: false,
  },
} as const;

/** The routes of the API, answered by `games`. */
export function apiRoutes(games: GamesApi): Route[] {
  const id = (r: RouteRequest): string => r.params['id']!;
  const body = (r: RouteRequest): Record<string, unknown> => (r.body ?? {}) as Record<string, unknown>;
  return [
    { method: 'GET', path: '/api/rulesets', handler: () => games.rulesets() },
    {
      method: 'GET',
      path: '/api/games',
      query: SCHEMAS.list,
      handler: (r) => games.list(r.keyHash, r.query['limit'] === undefined ? 20 : Number(r.query['limit']), r.query['before']),
    },
    {
      method: 'POST',
      path: '/api/games',
      body: SCHEMAS.create,
      limit: 'create',
      handler: (r) => games.create(r.keyHash, body(r), r.client),
    },
    { method: 'POST', path: '/api/games/import', body: SCHEMAS.import, limit: 'import', handler: (r) => games.import(r.keyHash, r.body) },
    { method: 'GET', path: '/api/games/:id', handler: (r) => games.get(id(r), r.client, r.keyHash) },
    {
      method: 'GET',
      path: '/api/games/:id/moves',
      query: SCHEMAS.page,
      handler: (r) => games.movesPage(id(r), Number(r.query['from'] ?? 0), Number(r.query['limit'] ?? MAX_MOVES_PAGE), r.client, r.keyHash),
    },
    { method: 'DELETE', path: '/api/games/:id', handler: (r) => games.delete(r.keyHash, id(r), body(r)) },
    {
      method: 'POST',
      path: '/api/games/:id/join',
      body: SCHEMAS.join,
      limit: 'join',
      handler: (r) => games.joinSeat(r.keyHash, id(r), body(r), r.client),
    },
    { method: 'POST', path: '/api/games/:id/moves', body: SCHEMAS.move, handler: (r) => games.move(r.keyHash, id(r), body(r), r.client) },
    {
      method: 'POST',
      path: '/api/games/:id/commit',
      body: SCHEMAS.commit,
      handler: (r) => games.commit(r.keyHash, id(r), body(r), r.client),
    },
    {
      method: 'POST',
      path: '/api/games/:id/takeback',
      body: SCHEMAS.takeback,
      handler: (r) => games.takeback(r.keyHash, id(r), body(r), r.client),
    },
    {
      method: 'POST',
      path: '/api/games/:id/answer',
      body: SCHEMAS.answer,
      handler: (r) => games.answer(r.keyHash, id(r), body(r), r.client),
    },
    { method: 'POST', path: '/api/games/:id/draw', body: SCHEMAS.seatPly, handler: (r) => games.draw(r.keyHash, id(r), body(r)) },
    { method: 'POST', path: '/api/games/:id/resign', body: SCHEMAS.seatPly, handler: (r) => games.resign(r.keyHash, id(r), body(r)) },
    { method: 'POST', path: '/api/games/:id/claim', body: SCHEMAS.claim, handler: (r) => games.claim(r.keyHash, id(r), body(r)) },
    {
      method: 'POST',
      path: '/api/games/:id/rematch',
      body: SCHEMAS.rematch,
      handler: (r) => games.rematch(r.keyHash, id(r), body(r), r.client),
    },
    { method: 'GET', path: '/api/games/:id/record', handler: (r) => games.record(id(r)) },
  ];
}

/** Why no route takes a path: an unknown resource, a malformed game id, or no such route. */
export function noRoute(method: string, pathname: string): HttpError {
  const parts = pathname.split('/').filter((p) => p !== '');
  const [, resource, id] = parts;
  if (resource !== 'games') return new HttpError(404, 'ERR_NOT_FOUND', `no API resource '${parts.slice(1).join('/').slice(0, 80)}'`);
  if (id !== undefined && !new RegExp(ID_PATTERN).test(id)) return new HttpError(404, 'ERR_NOT_FOUND', `no game '${id.slice(0, 40)}'`);
  if (parts.length <= 3 && method !== 'GET' && method !== 'HEAD') {
    return new HttpError(405, 'ERR_ARGUMENT', `${method} is not allowed on /${parts.join('/').slice(0, 80)}`);
  }
  return new HttpError(404, 'ERR_NOT_FOUND', `no API route ${method} /${parts.join('/').slice(0, 80)}`);
}
