/**
 * The web app's server on fastify 5: the JSON API (routes.ts: schemas checked before handlers,
 * rate limits), the live stream of each game over a WebSocket (live/socket.ts), and the built
 * browser app as static files. On every response: a strict Content-Security-Policy and the other
 * security headers; every request's Host must be one of this server's names (421), a
 * state-changing request or WebSocket upgrade from a browser must come from this server's origin
 * (403), and a body must be JSON (415). Errors are `{ error: { code, message } }` with a 4xx status.
 */
import { existsSync } from 'node:fs';
import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import { networkInterfaces, hostname } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import fastifyWebsocket from '@fastify/websocket';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { HttpError, MAX_BODY_BYTES, type ApiCode } from './http.js';
import { bearerHash, sha256 } from './keys.js';
import { GamesApi } from './play.js';
import { ID_PATTERN, apiRoutes, noRoute } from './routes.js';
import { GameStore } from './store.js';
import { ComputerPool } from './live/computer.js';
import { LIVE_LIMITS, serveSocket, type LiveLimits } from './live/socket.js';

export { MAX_BODY_BYTES } from './http.js';
export { SEAT_KINDS } from './games.js';

/** Requests per minute per client (its player key, else its address). */
export interface ServerLimits {
  /** Every request. */
  overall: number;
  create: number;
  import: number;
  join: number;
}

export const DEFAULT_LIMITS: ServerLimits = { overall: 1200, create: 30, import: 10, join: 30 };

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
  /** Rate limits; false: none (a load test on loopback). */
  limits?: ServerLimits | false;
  /** Per-socket limits of the live stream. */
  live?: Partial<LiveLimits>;
  /** Threads of the computer players (default: one per core). */
  computers?: number;
  /** Games kept in memory. */
  cacheSize?: number;
  /** Shortest clock base time accepted (tests may lower the 10 s). */
  minClockBaseMs?: number;
  /** Most moves an import may have. */
  maxImportMoves?: number;
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
    ERR_RATE_LIMIT: [429, 'ERR_RATE_LIMIT'],
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

/** Checks Host (421) and, for a state-changing request or a WebSocket upgrade, Origin (403). */
function checkEdge(req: FastifyRequest, hosts: Hosts): HttpError | null {
  const host = req.headers.host ?? '';
  const { name, port } = splitHost(host);
  const ok = hosts.extra.has(name) || (hosts.names.has(name) && (port === hosts.port || (port === '' && hosts.port === '80')));
  if (!ok) return new HttpError(421, 'ERR_HOST', `this server does not answer for host '${host.slice(0, 100)}' (see --allowed-host)`);
  const origin = req.headers.origin;
  const upgrade = (req.headers.upgrade ?? '').toLowerCase() === 'websocket';
  if (origin === undefined || !(STATE_CHANGING.has(req.method) || upgrade)) return null;
  let originHost = '';
  try {
    const u = new URL(origin);
    originHost = u.protocol === 'http:' || u.protocol === 'https:' ? u.host.toLowerCase() : '';
  } catch {
    /* "null" or malformed: not this server */
  }
  if (originHost === host.toLowerCase()) return null;
  return new HttpError(403, 'ERR_ORIGIN', `requests from ${origin.slice(0, 100)} are not accepted: only from this server's own pages`);
}

/** Host and Origin checks, security headers, error and not-found answers. */
function installEdge(app: FastifyInstance, hosts: Hosts, webRoot: string): void {
  app.addHook('onRequest', (req, reply, done) => {
    if (hosts.port === '') {
      // Listening without listen() (server.listen): the bound port is the socket's.
      const a = app.server.address();
      if (a !== null && typeof a === 'object') hosts.port = String(a.port);
    }
    const refused = checkEdge(req, hosts);
    if (refused) return done(refused);
    if (req.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
    done();
  });

  // A refused WebSocket upgrade (Host, Origin, rate limit, no game) is answered over HTTP on the
  // raw socket, which nothing else closes.
  app.addHook('onResponse', (req, _reply, done) => {
    if ((req.headers.upgrade ?? '').toLowerCase() === 'websocket' && !req.raw.socket.destroyed) req.raw.socket.destroy();
    done();
  });

  app.addHook('onSend', (req, reply, payload, done) => {
    securityHeaders(reply, splitHost(req.headers.host ?? '').name === '' ? '' : (req.headers.host ?? ''));
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-cache');
    done(null, payload);
  });

  app.setErrorHandler((e: FastifyError, req: FastifyRequest, reply: FastifyReply) => {
    const h = toHttpError(e);
    if (h.status === 500) process.stderr.write(`gabata serve: ${req.method} ${req.url}: ${e.stack ?? String(e)}\n`);
    if (h.status === 413) reply.header('connection', 'close');
    void reply
      .code(h.status)
      .type('application/json; charset=utf-8')
      .send({ error: { code: h.code, message: h.message } });
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

/** The rate limit's client: its player key (hashed) when it sends one, else its address. */
function clientOf(req: FastifyRequest): string {
  const auth = req.headers.authorization;
  return auth ? `k:${sha256(auth)}` : `ip:${req.ip}`;
}

/** Rate limits, the API routes, the live stream and the static files. */
async function installRoutes(scope: FastifyInstance, api: GamesApi, opts: ServerOptions, webRoot: string): Promise<void> {
  const limits = opts.limits === undefined ? DEFAULT_LIMITS : opts.limits;
  const live: LiveLimits = { ...LIVE_LIMITS, ...opts.live };
  if (limits !== false) {
    await scope.register(fastifyRateLimit, {
      global: true,
      max: limits.overall,
      timeWindow: 60_000,
      keyGenerator: clientOf,
      errorResponseBuilder: (_req, ctx) => ({
        statusCode: ctx.statusCode,
        code: 'ERR_RATE_LIMIT',
        message: `too many requests: try again in ${ctx.after}`,
      }),
    });
  }
  await scope.register(fastifyWebsocket, { options: { maxPayload: 64 * 1024 } });
  registerRoutes(scope, api, limits);
  const gameExists = async (req: FastifyRequest): Promise<void> => {
    api.load((req.params as { id: string }).id);
  };
  scope.get('/api/games/:id/live', { websocket: true, schema: { params: idParams }, preHandler: gameExists }, (socket, req) => {
    serveSocket(api, (req.params as { id: string }).id, socket, live);
  });
  for (const plugin of opts.plugins ?? []) await plugin(scope);
  await scope.register(fastifyStatic, {
    root: path.resolve(webRoot),
    prefix: '/',
    cacheControl: false,
    etag: true,
    wildcard: true,
    setHeaders: (res: unknown, file: string) => {
      // A file whose name carries its content's hash never changes; anything else is revalidated.
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
    ...(opts.minClockBaseMs === undefined ? {} : { minClockBaseMs: opts.minClockBaseMs }),
    ...(opts.maxImportMoves === undefined ? {} : { maxImportMoves: opts.maxImportMoves }),
  });
  const webRoot = opts.webRoot ?? fileURLToPath(new URL('../web/', import.meta.url));
  const app = Fastify({
    logger: opts.log === true,
    trustProxy: opts.trustProxy ?? false,
    bodyLimit: MAX_BODY_BYTES,
    ajv: { customOptions: { coerceTypes: false, removeAdditional: false, allErrors: false, allowUnionTypes: true } },
    return503OnClosing: true,
    forceCloseConnections: true,
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
  void app.register(async (scope) => installRoutes(scope, api, opts, webRoot));

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
    listen,
    address: () => (app.server.listening ? (app.server.address() as AddressInfo) : null),
    close: async () => {
      api.close();
      await app.close();
      await pool.close();
      store.close();
    },
  };
}

const idParams = { type: 'object', properties: { id: { type: 'string', pattern: ID_PATTERN } }, required: ['id'] };

function registerRoutes(scope: FastifyInstance, api: GamesApi, limits: ServerLimits | false): void {
  for (const route of apiRoutes(api)) {
    const schema: Record<string, unknown> = {};
    if (route.path.includes(':id')) schema['params'] = idParams;
    if (route.body) schema['body'] = route.body;
    if (route.query) schema['querystring'] = route.query;
    const config =
      route.limit && limits !== false ? { rateLimit: { max: limits[route.limit], timeWindow: 60_000, keyGenerator: clientOf } } : {};
    scope.route({
      method: route.method as 'GET',
      url: route.path,
      schema,
      config,
      handler: async (req: FastifyRequest, reply: FastifyReply) => {
        const [status, body] = route.handler({
          method: req.method,
          params: (req.params ?? {}) as Record<string, string>,
          body: req.body,
          query: (req.query ?? {}) as Record<string, string | undefined>,
          keyHash: bearerHash(req.headers.authorization),
        });
        return reply.code(status).send(body);
      },
    });
  }
}
