/**
 * The players' routes (docs/online.md "Players"), a fastify plugin on the API's scope (the same
 * edge: Host, Origin, JSON bodies, the overall rate limit):
 *
 *   GET    /api/players/:name                 { name, memberSince, ratings, history, you?, blocked? }
 *   GET    /api/players/:name/games?before&limit  the account's games, newest first, paged
 *   GET    /api/leaderboard/:ruleset          { ruleset, activeDays, players: [{ rank, name, rating, ... }] }
 *   GET    /api/account/blocks                (cookie) { blocks: [{ name, since }] }
 *   POST   /api/account/blocks   { name }     (cookie + X-Gabata-CSRF) { blocks }
 *   DELETE /api/account/blocks/:name          (cookie + X-Gabata-CSRF) { blocks }
 *
 * A profile read with a session cookie also says whether it is the reader's own (`you`) and
 * whether the reader blocked this player (`blocked`), for the page's button.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { authorised, tokenOf } from '../accounts/routes.js';
import type { Accounts } from '../accounts/service.js';
import type { Reply } from '../games.js';
import { HttpError } from '../http.js';
import { SCHEMAS } from '../routes.js';
import type { Players } from './service.js';

const blockBody = {
  type: 'object',
  properties: { name: { type: 'string', minLength: 1, maxLength: 64 } },
  required: ['name'],
  additionalProperties: false,
};

const send = (reply: FastifyReply, [status, body]: Reply): FastifyReply => reply.code(status).send(body);
const nameOf = (req: FastifyRequest): string => (req.params as { name: string }).name;

function profileRoutes(app: FastifyInstance, players: Players, accounts: Accounts): void {
  app.get('/api/players/:name', async (req, reply) => {
    const [status, body] = players.profile(nameOf(req));
    const viewer = accounts.session(tokenOf(req));
    if (!viewer) return send(reply, [status, body]);
    const you = viewer.name.toLowerCase() === nameOf(req).toLowerCase();
    return send(reply, [status, { ...(body as object), you, blocked: !you && players.blocking(viewer, nameOf(req)) }]);
  });
  app.get('/api/players/:name/games', { schema: { querystring: SCHEMAS.list } }, async (req, reply) => {
    const q = req.query as { limit?: string; before?: string };
    return send(reply, players.gamesOf(nameOf(req), q.limit === undefined ? 20 : Number(q.limit), q.before));
  });
  app.get('/api/leaderboard/:ruleset', async (req, reply) => send(reply, players.leaderboard((req.params as { ruleset: string }).ruleset)));
}

function blockRoutes(app: FastifyInstance, players: Players, accounts: Accounts): void {
  app.get('/api/account/blocks', async (req, reply) => {
    const account = accounts.session(tokenOf(req));
    if (!account) throw new HttpError(401, 'ERR_AUTH', 'you are not signed in');
    return send(reply, players.blocksOf(account));
  });
  app.post('/api/account/blocks', { schema: { body: blockBody } }, async (req, reply) => {
    const [, account] = authorised(accounts, req);
    return send(reply, players.block(account, (req.body as { name: string }).name));
  });
  app.delete('/api/account/blocks/:name', async (req, reply) => {
    const [, account] = authorised(accounts, req);
    return send(reply, players.unblock(account, nameOf(req)));
  });
}

/** Registers the players' routes on the API's scope. */
export function registerPlayers(app: FastifyInstance, players: Players, accounts: Accounts): void {
  // The paths' names are not checked by a schema: a malformed one is no such player (404), as an unknown one is.
  profileRoutes(app, players, accounts);
  blockRoutes(app, players, accounts);
}
