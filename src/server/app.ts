/**
 * The web app's server on fastify 5: the JSON API (routes.ts: schemas checked before handlers,
 * rate limits), the live stream of each game over a WebSocket (live/socket.ts), and the built
 * browser app as static files. On every response: a strict Content-Security-Policy and the other
 * security headers; every request's Host must be one of this server's names (421), a
 * state-changing request or WebSocket upgrade from a browser must come from this server's origin
 * (403), and a body must be JSON (415). Errors are `{ error: { code, message } }` with a 4xx status.
 */
import type { FrameBus } from './live/frames.js';
import { existsSync } from 'node:fs';
import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import { networkInterfaces, hostname } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import fastifyWebsocket from '@fastify/websocket';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { HttpError, MAX_BODY_BYTES, RateLimited, errorBody, type ApiCode } from './http.js';
import { logFailure } from './failures.js';
import { bearerHash } from './keys.js';
import { ClientLimits, DEFAULT_LIMITS, Gauge, addressKey, type ServerLimits } from './limits.js';
import { GamesApi } from './play.js';
import { ID_PATTERN, apiRoutes, noRoute } from './routes.js';
import { GameStore } from './store.js';
import { ComputerPool } from './live/computer.js';
import { LiveHub, type LiveLimits } from './live/socket.js';
import { createLobby, type LobbyOptions, type LobbySockets } from './lobby/socket.js';
import { Accounts } from './accounts/service.js';
import { registerAccounts } from './accounts/routes.js';
import { createPlayers } from './players/index.js';
import type { AccountLimits } from './accounts/throttle.js';

export { MAX_BODY_BYTES } from './http.js';
export { SEAT_KINDS } from './games.js';
export { DEFAULT_LIMITS, type ServerLimits } from './limits.js';

/** How long a client may take to send a request's headers, and the whole request with its body. */
export const HEADERS_TIMEOUT_MS = 10_000;
export const REQUEST_TIMEOUT_MS = 15_000;

export interface ServerOptions {
  /** SQLite file. */
  db: string;
  /** Folder of the built browser app; default dist/web beside this module's folder. */
  webRoot?: string;
  /** Host names (any port) accepted besides the loopback names with the bound port (and, bound to all interfaces, the machine's). */
  allowedHosts?: string[];
  /**
   * Addresses (comma-separated IPs or CIDRs) of reverse proxies whose X-Forwarded-For names the
   * client: rate limits then count each client, not the proxy. None by default.
   */
  trustProxy?: string;
  /** Log requests (pino, to stdout). Off by default. */
  log?: boolean;
  /** Rate limits (the defaults for those not given); false: none (a load test on loopback). */
  limits?: Partial<ServerLimits> | false;
  /** Per-socket limits of the live stream. */
  live?: Partial<LiveLimits>;
  /** The lobby's settings: wave time, seed, ratings, blocks, caps (lobby/socket.ts). */
  lobby?: LobbyOptions;
  /** Limits of sign-up and sign-in (accounts/throttle.ts); tests shorten the waits. */
  accounts?: Partial<AccountLimits>;
  /** How long a client may take over a request's headers, and over the whole request (tests shorten them). */
  timeouts?: { headersMs: number; requestMs: number };
  /** Threads of the computer players (default: one per core). */
  computers?: number;
  /** Games kept in memory. */
  cacheSize?: number;
  /** Shortest clock base time accepted (tests may lower the 10 s). */
  minClockBaseMs?: number;
  /** Most moves an import may have. */
  maxImportMoves?: number;
  /** How long opponents must be gone before a live game can be claimed (tests shorten the 30 s). */
  claimAfterMs?: number;
  /** The bus the games' frames go out on (live/frames.ts; default: one within this process). */
  frames?: FrameBus;
  /**
   * More routes, registered after the API's and before the static files (e.g. the stored sweep
   * reports: `(app) => registerSweeps(app, dir)`). They get the same edge: Host, Origin, headers, limits.
   */
  plugins?: ((app: FastifyInstance) => void | Promise<void>)[];
}

export interface GabataServer {
  app: FastifyInstance;
  server: http.Server;
  store: GameStore;
  api: GamesApi;
  accounts: Accounts;
  /** The lobby's sockets, and through them the lobby (`lobby.lobby`). */
  lobby: LobbySockets;
  listen(port: number, host?: string): Promise<AddressInfo>;
  address(): AddressInfo | null;
  close(): Promise<void>;
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const LOOPBACK = ['127.0.0.1', 'localhost', '::1'];

/** A Host header's name (lower case, IPv6 without brackets) and port ('' when absent). */
function splitHost(host: string): { name: string; port: string } {
  const m = /^\[([^\]]+)\](?::(\d+))?$/.exec(host) ?? /^([^:]+)(?::(\d+))?$/.exec(host);
  return m ? { name: m[1]!.toLowerCase(), port: m[2] ?? '' } : { name: '', port: 'x' };
}

/** The machine's own names and addresses (when serving every interface). */
function machineNames(): string[] {
  const out = [hostname().toLowerCase(), `${hostname().toLowerCase()}.local`];
  for (const list of Object.values(networkInterfaces())) for (const a of list ?? []) out.push(a.address.toLowerCase());
  return out;
}

function securityHeaders(reply: FastifyReply, host: string): void {
  const ws = host ? ` ws://${host} wss://${host}` : '';
  reply.header(
    'content-security-policy',
    [
      "default-src 'self'",
      "script-src 'self'",
      "worker-src 'self' blob:",
      "style-src 'self'",
      "img-src 'self' data:",
      `connect-src 'self'${ws}`,
      "font-src 'self'",
      "object-src 'none'",
      "base-uri 'none'",
      "form-action 'self'",
      "frame-ancestors 'none'",
    ].join('; '),
  );
  reply.header('x-content-type-options', 'nosniff');
  reply.header('referrer-policy', 'no-referrer');
  reply.header('x-frame-options', 'DENY');
  reply.header('cross-origin-opener-policy', 'same-origin');
  reply.header('cross-origin-resource-policy', 'same-origin');
}

/**
 * A JSON body. A key "__proto__", or "constructor" holding "prototype", is refused (400) rather
 * than dropped: such a body is an attack, not a mistake. The check runs only when the text names them.
 */
export function parseBody(text: string): unknown {
  if (text.trim() === '') throw new HttpError(400, 'ERR_ARGUMENT', 'the request body is empty: send a JSON object');
  const poison = (key: string, value: unknown): unknown => {
    if (key === '__proto__' || (key === 'constructor' && typeof value === 'object' && value !== null && 'prototype' in value)) {
      throw new HttpError(400, 'ERR_ARGUMENT', `the request body names "${key === '__proto__' ? key : 'constructor.prototype'}": refused`);
    }
    return value;
  };
  try {
    return /"(__proto__|constructor)"/.test(text) ? JSON.parse(text, poison) : JSON.parse(text);
  } catch (e) {
    if (e instanceof HttpError) throw e;
    throw new HttpError(400, 'ERR_ARGUMENT', `the request body is not valid JSON: ${(e as Error).message}`);
  }
}

/** The refusal of any error fastify or a handler raised. */
function toHttpError(e: FastifyError & { validationContext?: string }): HttpError {
  if (e instanceof HttpError) return e;
  if (e.validation) {
    if (e.validationContext === 'params') return new HttpError(404, 'ERR_NOT_FOUND', 'no such game');
    const where = e.message
      .replace(/^querystring/, 'query')
      .replace(/^(body|query)(\/\S*)? /, (_, part: string, field?: string) =>
        field ? `${part}${field.replace(/\//g, '.')} ` : `${part} `,
      );
    return new HttpError(400, 'ERR_ARGUMENT', where);
  }
  const byCode: Record<string, [number, ApiCode]> = {
    FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'ERR_CONTENT_TYPE'],
    FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'ERR_ARGUMENT'],
    FST_ERR_CTP_BODY_TOO_LARGE: [413, 'ERR_TOO_LARGE'],
  };
  const known = byCode[e.code ?? ''];
  if (known) {
    const message = known[1] === 'ERR_CONTENT_TYPE' ? 'a request body must be JSON sent as Content-Type: application/json' : e.message;
    const text = known[1] === 'ERR_TOO_LARGE' ? `the request body is over the limit of ${MAX_BODY_BYTES} bytes` : message;
    return new HttpError(known[0], known[1], text);
  }
  const status = e.statusCode ?? 500;
  if (status >= 400 && status < 500) return new HttpError(status, 'ERR_ARGUMENT', e.message);
  return new HttpError(500, 'ERR_INTERNAL', 'internal error');
}

/** The host names a request may name: `names` with the bound `port`, or `extra` with any port. */
interface Hosts {
  names: Set<string>;
  port: string;
  extra: Set<string>;
}

/** How many Host headers a request carries (node keeps only the first). */
function hostHeaders(req: FastifyRequest): number {
  let n = 0;
  const raw = req.raw.rawHeaders;
  for (let i = 0; i < raw.length; i += 2) if (raw[i]!.toLowerCase() === 'host') n++;
  return n;
}

/**
 * Checks Host (one header, 400; a name of this server's, 421) and, for a state-changing request
 * or a WebSocket upgrade, Origin (403): its scheme, host and port must be this server's own.
 */
function checkEdge(req: FastifyRequest, hosts: Hosts): HttpError | null {
  if (hostHeaders(req) > 1) return new HttpError(400, 'ERR_HOST', 'a request carries one Host header');
  const host = req.headers.host ?? '';
  const { name, port } = splitHost(host);
  const ok = hosts.extra.has(name) || (hosts.names.has(name) && (port === hosts.port || (port === '' && hosts.port === '80')));
  if (!ok) return new HttpError(421, 'ERR_HOST', `this server does not answer for host '${host.slice(0, 100)}' (see --allowed-host)`);
  const origin = req.headers.origin;
  const upgrade = (req.headers.upgrade ?? '').toLowerCase() === 'websocket';
  if (origin === undefined || !(STATE_CHANGING.has(req.method) || upgrade)) return null;
  let from = '';
  try {
    const u = new URL(origin);
    from = u.protocol === 'http:' || u.protocol === 'https:' ? `${u.protocol}//${u.host}`.toLowerCase() : '';
  } catch {
    /* "null" or malformed: not this server */
  }
  if (from === `${req.protocol}://${host}`.toLowerCase()) return null;
  return new HttpError(403, 'ERR_ORIGIN', `requests from ${origin.slice(0, 100)} are not accepted: only from this server's own pages`);
}

/** Requests whose Host was accepted: only their host is named in the CSP's connect-src. */
const accepted = new WeakSet<object>();

/** Host and Origin checks, security headers, error and not-found answers. */
function installEdge(app: FastifyInstance, hosts: Hosts, webRoot: string): void {
  app.addHook('onRequest', (req, reply, done) => {
    if (hosts.port === '') {
      // Listening without listen() (server.listen): the bound port is the socket's.
      const a = app.server.address();
      if (a !== null && typeof a === 'object') hosts.port = String(a.port);
    }
    try {
      const refused = checkEdge(req, hosts);
      if (refused) return done(refused);
      accepted.add(req);
      if (req.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
      done();
    } catch (e) {
      // A failure of our own here is the request's 500, never the process's.
      done(e as Error);
    }
  });

  // A refused WebSocket upgrade (Host, Origin, rate limit, no game) is answered over HTTP on the
  // raw socket, which nothing else closes.
  app.addHook('onResponse', (req, _reply, done) => {
    if ((req.headers.upgrade ?? '').toLowerCase() === 'websocket' && !req.raw.socket.destroyed) req.raw.socket.destroy();
    done();
  });

  app.addHook('onSend', (req, reply, payload, done) => {
    try {
      securityHeaders(reply, accepted.has(req) ? (req.headers.host ?? '') : '');
      if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-cache');
    } catch (e) {
      logFailure(`${req.method} ${req.url.slice(0, 100)}: headers`, e);
    }
    done(null, payload);
  });

  app.setErrorHandler((e: FastifyError, req: FastifyRequest, reply: FastifyReply) => {
    const h = toHttpError(e);
    if (h.status === 500) logFailure(`${req.method} ${req.url.slice(0, 100)}`, e);
    if (h.status === 413) reply.header('connection', 'close');
    if (h instanceof RateLimited) reply.header('retry-after', String(Math.ceil(h.retryAfterMs / 1000)));
    void reply
      .code(h.status)
      .type('application/json; charset=utf-8')
      .send({ error: errorBody(h) });
  });

  app.setNotFoundHandler((req, reply) => {
    const pathname = req.url.split('?')[0]!;
    if (pathname.startsWith('/api/') || pathname === '/api') {
      const h = noRoute(req.method, pathname);
      return reply.code(h.status).send({ error: { code: h.code, message: h.message } });
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      return reply.code(405).send({ error: { code: 'ERR_ARGUMENT', message: `${req.method} is not allowed here` } });
    }
    const page = existsSync(path.join(webRoot, 'index.html'));
    if (path.extname(pathname) === '' && page) {
      // A client-side route (#/... is never sent, but /play/... may be): the app's page.
      reply.header('cache-control', 'no-cache');
      return reply.sendFile('index.html');
    }
    const built = page ? '' : ' (the web app is not built: run npm run build)';
    return reply.code(404).send({ error: { code: 'ERR_NOT_FOUND', message: `no file ${pathname.slice(0, 100)}${built}` } });
  });
}

/** The client of a request: its address, the one rate limits count (an IPv6 address by its /64). */
export function clientAddress(req: FastifyRequest): string {
  return addressKey(req.ip);
}

/** The key hash of a request's Authorization header; a malformed header counts as none here (the route refuses it). */
function keyOf(req: FastifyRequest): string | null {
  try {
    return bearerHash(req.headers.authorization);
  } catch {
    return null;
  }
}

/** Counts every request, and each route's own limit, for the client's address and key. */
function installLimits(scope: FastifyInstance, limits: ClientLimits): void {
  scope.addHook('onRequest', (req, _reply, done) => {
    try {
      const address = clientAddress(req);
      const key = keyOf(req);
      limits.take('overall', address, key);
      const own = (req.routeOptions.config as { limit?: 'create' | 'import' | 'join' } | undefined)?.limit;
      if (own) limits.take(own, address, key);
      if ((req.headers.upgrade ?? '').toLowerCase() === 'websocket') limits.take('upgrades', address, key);
      done();
    } catch (e) {
      done(e as Error);
    }
  });
}

/** Holds at most `max` TCP connections per address; more are closed at once. */
function capConnections(server: http.Server, max: number): void {
  const open = new Gauge(max);
  server.on('connection', (socket) => {
    const key = addressKey(socket.remoteAddress ?? '');
    if (!open.acquire(key)) {
      socket.destroy();
      return;
    }
    socket.once('close', () => open.release(key));
  });
}

/** Rate limits, the API routes, the live stream and the static files. */
async function installRoutes(
  scope: FastifyInstance,
  api: GamesApi,
  opts: ServerOptions,
  webRoot: string,
  hub: LiveHub,
  accounts: Accounts,
): Promise<void> {
  await scope.register(fastifyWebsocket, { options: { maxPayload: 64 * 1024, perMessageDeflate: false } });
  registerRoutes(scope, api);
  registerAccounts(scope, accounts);
  const gameExists = async (req: FastifyRequest): Promise<void> => {
    api.load((req.params as { id: string }).id);
  };
  scope.get('/api/games/:id/live', { websocket: true, schema: { params: idParams }, preHandler: gameExists }, (socket, req) => {
    hub.serve((req.params as { id: string }).id, socket, clientAddress(req));
  });
  for (const plugin of opts.plugins ?? []) await plugin(scope);
  await scope.register(fastifyStatic, {
    root: path.resolve(webRoot),
    prefix: '/',
    cacheControl: false,
    etag: true,
    wildcard: true,
    // The build writes each text file's brotli and gzip forms (scripts/build-web.mjs): sent to clients that take them.
    preCompressed: true,
    // Source maps are for developers' builds, never served.
    allowedPath: (pathName: string) => !pathName.endsWith('.map'),
    setHeaders: (res: unknown, sent: string) => {
      // A file whose name carries its content's hash never changes; anything else is revalidated.
      const file = sent.replace(/\.(br|gz)$/, '');
      const hashed = /[.-][0-9a-f]{8,}\.(js|css|svg|png|woff2?)$/i.test(file) || /[.-][A-Z0-9]{8}\.(js|css)$/.test(file);
      (res as FastifyReply).header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
}

export function createGabataServer(opts: ServerOptions): GabataServer {
  const store = new GameStore(opts.db);
  const pool = new ComputerPool(opts.computers);
  const api = new GamesApi(store, pool, {
    ...(opts.cacheSize === undefined ? {} : { cacheSize: opts.cacheSize }),
    ...(opts.claimAfterMs === undefined ? {} : { claimAfterMs: opts.claimAfterMs }),
    ...(opts.minClockBaseMs === undefined ? {} : { minClockBaseMs: opts.minClockBaseMs }),
    ...(opts.maxImportMoves === undefined ? {} : { maxImportMoves: opts.maxImportMoves }),
    ...(opts.frames === undefined ? {} : { frames: opts.frames }),
  });
  // With the per-client limits off (a load test), sign-ups and sign-ins are not counted per address either;
  // the wait after a wrong password for a name stays (it protects the account, not the server).
  const unlimited = opts.limits === false ? { signupsPerHour: Number.MAX_SAFE_INTEGER, signinsPerMinute: Number.MAX_SAFE_INTEGER } : {};
  const accounts = new Accounts(store, api, { ...opts.accounts, ...unlimited });
  const players = createPlayers(store, api, accounts);
  const webRoot = opts.webRoot ?? fileURLToPath(new URL('../web/', import.meta.url));
  const app = Fastify({
    logger: opts.log === true,
    trustProxy: opts.trustProxy ?? false,
    bodyLimit: MAX_BODY_BYTES,
    ajv: { customOptions: { coerceTypes: false, removeAdditional: false, allErrors: false, allowUnionTypes: true } },
    return503OnClosing: true,
    forceCloseConnections: true,
    // A slow client (headers or body a byte at a time) is cut off, not waited for (fastify's default waits for ever).
    requestTimeout: opts.timeouts?.requestMs ?? REQUEST_TIMEOUT_MS,
    http: { headersTimeout: opts.timeouts?.headersMs ?? HEADERS_TIMEOUT_MS, connectionsCheckingInterval: 1000 },
    frameworkErrors: (e, _req, reply) => {
      // A path fastify cannot decode (GET /%zz): our refusal, with the security headers.
      // It never reaches the hooks, so the headers are set here.
      const body = { error: { code: 'ERR_ARGUMENT', message: `a malformed address: ${e.message.slice(0, 100)}` } };
      securityHeaders(reply as FastifyReply, '');
      void (reply as FastifyReply).code(400).header('cache-control', 'no-store').send(body);
    },
  });
  // JSON only (anything else is 415), parsed by parseBody.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    try {
      done(null, parseBody(body as string));
    } catch (e) {
      done(e as Error, undefined);
    }
  });
  const hosts: Hosts = { names: new Set(LOOPBACK), port: '', extra: new Set((opts.allowedHosts ?? []).map((h) => h.toLowerCase())) };
  installEdge(app, hosts, webRoot);
  const limits = opts.limits === false ? null : new ClientLimits({ ...DEFAULT_LIMITS, ...opts.limits });
  api.limits = limits;
  if (limits !== null) {
    installLimits(app, limits);
    if (opts.trustProxy === undefined) capConnections(app.server, limits.config.connections);
  }
  const hub = new LiveHub(api, opts.live, limits);
  const lobby = createLobby(api, hub, {
    blocks: players.blocks,
    ratings: players.ratingSource,
    names: players.names,
    ...opts.lobby,
    minClockBaseMs: opts.minClockBaseMs,
  });
  const plugins = [(scope: FastifyInstance) => lobby.route(scope), (scope: FastifyInstance) => players.route(scope)];
  const routed: ServerOptions = { ...opts, plugins: [...plugins, ...(opts.plugins ?? [])] };
  void app.register(async (scope) => installRoutes(scope, api, routed, webRoot, hub, accounts));

  const listen = async (port: number, host = '127.0.0.1'): Promise<AddressInfo> => {
    await app.listen({ port, host });
    const addr = app.server.address() as AddressInfo;
    hosts.names = new Set(LOOPBACK);
    if (host === '0.0.0.0' || host === '::') for (const n of machineNames()) hosts.names.add(n);
    else hosts.names.add(host.toLowerCase().replace(/^\[|\]$/g, ''));
    hosts.port = String(addr.port);
    return addr;
  };

  // Plugins and routes load now, so that a caller may also listen with server.listen.
  app.ready().then(undefined, (e: unknown) => process.stderr.write(`gabata serve: ${(e as Error).message}\n`));
  return {
    app,
    server: app.server,
    store,
    api,
    accounts,
    lobby,
    listen,
    address: () => (app.server.listening ? (app.server.address() as AddressInfo) : null),
    close: async () => {
      hub.close();
      lobby.close();
      api.close();
      await app.close();
      await pool.close();
      store.close();
    },
  };
}

const idParams = { type: 'object', properties: { id: { type: 'string', pattern: ID_PATTERN } }, required: ['id'] };

function registerRoutes(scope: FastifyInstance, api: GamesApi): void {
  for (const route of apiRoutes(api)) {
    const schema: Record<string, unknown> = {};
    if (route.path.includes(':id')) schema['params'] = idParams;
    if (route.body) schema['body'] = route.body;
    if (route.query) schema['querystring'] = route.query;
    const config = route.limit ? { limit: route.limit } : {};
    scope.route({
      method: route.method as 'GET',
      url: route.path,
      schema,
      config,
      handler: async (req: FastifyRequest, reply: FastifyReply) => {
        // The reply waits for the request's writes to commit (group commit: commit.ts).
        const { value, saved } = api.store.commits.track(() =>
          route.handler({
            method: req.method,
            params: (req.params ?? {}) as Record<string, string>,
            body: req.body,
            query: (req.query ?? {}) as Record<string, string | undefined>,
            keyHash: api.principal(bearerHash(req.headers.authorization)),
            client: clientAddress(req),
          }),
        );
        await saved;
        const [status, body] = value;
        return reply.code(status).send(body);
      },
    });
  }
}
