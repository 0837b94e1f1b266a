/**
 * The web app's server: node:http, a JSON API over the game store, and the built browser app as
 * static files. Every move is validated by the engine before it is written, and written (in a
 * transaction) before it is acknowledged.
 *
 * API (all JSON; errors are `{ error: { code, message } }` with a 4xx status):
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
import { randomBytes, randomInt } from 'node:crypto';
import { createReadStream, existsSync, statSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ErrorCode } from '../core/errors.js';
import { GabataError } from '../core/errors.js';
import type { Game } from '../core/game.js';
import type { State } from '../core/state.js';
import { RULESETS } from '../games/index.js';
import { applyDecision, buildGame, replay, snapshot, statusOf } from './match.js';
import { decisionOf, makeGameRecord, readGameRecord } from './record.js';
import { GameStore, type GameRow, type MoveRow } from './store.js';

export const MAX_BODY_BYTES = 256 * 1024;
export const SEAT_KINDS = ['human', 'computer:1', 'computer:2', 'computer:3', 'computer:4', 'computer:5'] as const;

export interface ServerOptions {
  /** SQLite file. */
  db: string;
  /** Folder of the built browser app; default dist/web beside this module's folder. */
  webRoot?: string;
}

const STATUS: Partial<Record<ErrorCode, number>> = {
  ERR_NOT_FOUND: 404,
  ERR_TOO_LARGE: 413,
  ERR_ILLEGAL_MOVE: 422,
  ERR_RECORD: 422,
  ERR_GAME_OVER: 409,
  ERR_CONFLICT: 409,
  ERR_INTERNAL: 500,
};

class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
  }
}

function fail(e: GabataError, status?: number): never {
  throw new HttpError(status ?? STATUS[e.code] ?? 400, e.code, e.message);
}

function send(res: http.ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(text);
}

function readBody(req: http.IncomingMessage): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length'] ?? '0');
    if (declared > MAX_BODY_BYTES) {
      reject(new HttpError(413, 'ERR_TOO_LARGE', `request body of ${declared} bytes is over the limit of ${MAX_BODY_BYTES}`));
      req.resume();
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    req.on('data', (c: Buffer) => {
      if (done) return;
      size += c.length;
      if (size > MAX_BODY_BYTES) {
        done = true;
        reject(new HttpError(413, 'ERR_TOO_LARGE', `request body is over the limit of ${MAX_BODY_BYTES} bytes`));
        req.resume();
        return;
      }
      chunks.push(c);
    });
    req.on('end', () => {
      if (done) return;
      done = true;
      const text = Buffer.concat(chunks).toString('utf8');
      if (text.trim() === '') {
        resolve({});
        return;
      }
      try {
        resolve(JSON.parse(text));
      } catch (e) {
        reject(new HttpError(400, 'ERR_ARGUMENT', `the request body is not valid JSON: ${(e as Error).message}`));
      }
    });
    req.on('error', (e) => {
      if (!done) reject(e);
      done = true;
    });
  });
}

function asObject(body: unknown): Record<string, unknown> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new HttpError(400, 'ERR_ARGUMENT', 'the request body must be a JSON object');
  }
  return body as Record<string, unknown>;
}

function newId(): string {
  return randomBytes(6).toString('base64url').replace(/[-_]/g, 'x');
}

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.ico': 'image/x-icon',
};

/** Game, replayed state and move count, kept in memory between requests (rebuilt after a restart or undo). */
interface Live {
  game: Game;
  state: State;
  moveCount: number;
}

export interface GabataServer {
  server: http.Server;
  store: GameStore;
  close(): Promise<void>;
}

export function createGabataServer(opts: ServerOptions): GabataServer {
  const store = new GameStore(opts.db);
  const webRoot = opts.webRoot ?? fileURLToPath(new URL('../web/', import.meta.url));
  const live = new Map<string, Live>();

  function gameJSON(g: GameRow, moves?: MoveRow[]): Record<string, unknown> {
    const out: Record<string, unknown> = {
      id: g.id,
      ruleset: g.ruleset,
      options: g.options,
      seed: g.seed,
      seats: g.seats,
      created: g.created,
      updated: g.updated,
      status: g.status,
      result: g.result,
      moveCount: g.moveCount,
    };
    if (moves) out['moves'] = moves.map((m) => ({ ply: m.ply, move: m.move, codes: m.codes, joint: m.joint }));
    return out;
  }

  function loadRow(id: string): GameRow {
    const g = store.getGame(id);
    if (!g) throw new HttpError(404, 'ERR_NOT_FOUND', `no game '${id}'`);
    return g;
  }

  function loadLive(g: GameRow): Live {
    const cached = live.get(g.id);
    if (cached && cached.moveCount === g.moveCount) return cached;
    const built = buildGame(g.ruleset, g.options);
    if (!built.ok) fail(built.error, 500);
    const s = replay(built.value, g.seed, store.getMoves(g.id));
    if (!s.ok) fail(s.error, 500);
    const l = { game: built.value, state: s.value, moveCount: g.moveCount };
    live.set(g.id, l);
    return l;
  }

  function parseSeats(raw: unknown, players: number): string[] {
    if (raw === undefined) return Array.from({ length: players }, (_, i) => (i === 0 ? 'human' : 'computer:2'));
    if (!Array.isArray(raw) || raw.length !== players) {
      throw new HttpError(400, 'ERR_ARGUMENT', `"seats" must list ${players} seats, one per player`);
    }
    return raw.map((k, i) => {
      if (typeof k !== 'string' || !(SEAT_KINDS as readonly string[]).includes(k)) {
        throw new HttpError(400, 'ERR_ARGUMENT', `seat ${i + 1} cannot be ${JSON.stringify(k)}; expected one of ${SEAT_KINDS.join(', ')}`);
      }
      return k;
    });
  }

  function parseSeed(raw: unknown): number {
    if (raw === undefined || raw === null) return randomInt(1, 2 ** 31);
    if (typeof raw !== 'number' || !Number.isInteger(raw) || raw < 0 || raw > 0xffffffff) {
      throw new HttpError(400, 'ERR_ARGUMENT', '"seed" must be an integer from 0 to 4294967295');
    }
    return raw;
  }

  async function createGame(body: Record<string, unknown>): Promise<[number, unknown]> {
    if (typeof body['ruleset'] !== 'string') throw new HttpError(400, 'ERR_ARGUMENT', '"ruleset" (a ruleset id) is required');
    const options = body['options'] ?? {};
    if (typeof options !== 'object' || options === null || Array.isArray(options)) {
      throw new HttpError(400, 'ERR_ARGUMENT', '"options" must be an object of option names and values');
    }
    const built = buildGame(body['ruleset'], options as Record<string, unknown>);
    if (!built.ok) fail(built.error);
    const game = built.value;
    const seats = parseSeats(body['seats'], game.players);
    const seed = parseSeed(body['seed']);
    const s = game.newState(seed);
    const row = store.createGame({
      id: newId(),
      ruleset: game.ruleset.info.id,
      options: { ...game.options },
      seed,
      seats,
      ...statusOf(s),
    });
    live.set(row.id, { game, state: s, moveCount: 0 });
    return [201, { game: gameJSON(row, []) }];
  }

  async function importRecord(body: unknown): Promise<[number, unknown]> {
    const rec = readGameRecord(body);
    // A record of the wrong shape is a bad request; one whose moves do not replay is 422.
    if (!rec.ok) fail(rec.error, 400);
    const { ruleset, options, seed, moves } = rec.value;
    const built = buildGame(ruleset, options);
    if (!built.ok) fail(built.error, 422);
    const game = built.value;
    const agents = rec.value.agents;
    const seats =
      agents && agents.length === game.players && agents.every((a) => (SEAT_KINDS as readonly string[]).includes(a))
        ? agents
        : Array.from({ length: game.players }, () => 'human');
    if (seed > 0xffffffff) throw new HttpError(422, 'ERR_RECORD', 'the record\'s seed is larger than 4294967295');
    const s = game.newState(seed);
    const rows: MoveRow[] = [];
    for (let i = 0; i < moves.length; i++) {
      const r = applyDecision(game, s, decisionOf(s, moves[i]!));
      if (!r.ok) throw new HttpError(422, 'ERR_RECORD', `move ${i + 1} of the record ('${moves[i]}'): ${r.error.message}`);
      rows.push({ ply: i, move: r.value.text, codes: r.value.codes, joint: r.value.joint, position: JSON.stringify(snapshot(game, s)) });
    }
    const row = store.createGame(
      { id: newId(), ruleset: game.ruleset.info.id, options: { ...game.options }, seed, seats, ...statusOf(s) },
      rows,
    );
    live.set(row.id, { game, state: s, moveCount: rows.length });
    return [201, { game: gameJSON(row, store.getMoves(row.id)) }];
  }

  async function playMove(id: string, body: Record<string, unknown>): Promise<[number, unknown]> {
    const g = loadRow(id);
    const l = loadLive(g);
    const ply = body['ply'];
    if (ply !== undefined && ply !== g.moveCount) {
      throw new HttpError(409, 'ERR_CONFLICT', `the game has ${g.moveCount} moves, not ${String(ply)}: reload it`);
    }
    const s = l.state.clone();
    const r = applyDecision(l.game, s, body);
    if (!r.ok) fail(r.error);
    const st = statusOf(s);
    const position = snapshot(l.game, s);
    const row: MoveRow = { ply: g.moveCount, move: r.value.text, codes: r.value.codes, joint: r.value.joint, position: JSON.stringify(position) };
    if (!store.appendMove(id, row, st.status, st.result)) {
      live.delete(id);
      throw new HttpError(409, 'ERR_CONFLICT', 'another move was stored first: reload the game');
    }
    live.set(id, { game: l.game, state: s, moveCount: g.moveCount + 1 });
    return [
      200,
      { ply: row.ply, move: row.move, codes: row.codes, joint: row.joint, events: r.value.events, status: st.status, result: st.result, position },
    ];
  }

  async function undo(id: string, body: Record<string, unknown>): Promise<[number, unknown]> {
    const g = loadRow(id);
    const to = body['toPly'] ?? g.moveCount - 1;
    if (typeof to !== 'number' || !Number.isInteger(to) || to < 0 || to > g.moveCount) {
      throw new HttpError(400, 'ERR_ARGUMENT', `"toPly" must be an integer from 0 to ${g.moveCount}`);
    }
    const l = loadLive(g);
    const kept = store.getMoves(id).slice(0, to);
    const s = replay(l.game, g.seed, kept);
    if (!s.ok) fail(s.error, 500);
    const st = statusOf(s.value);
    store.truncateMoves(id, to, st.status, st.result);
    live.set(id, { game: l.game, state: s.value, moveCount: to });
    return [200, { game: gameJSON(loadRow(id), store.getMoves(id)) }];
  }

  async function api(req: http.IncomingMessage, parts: string[]): Promise<[number, unknown]> {
    const method = req.method ?? 'GET';
    const [, resource, id, action] = parts;
    if (resource === 'rulesets' && parts.length === 2 && method === 'GET') {
      return [200, { rulesets: RULESETS.map((r) => ({ info: r.info, options: r.options, presets: r.presets })) }];
    }
    if (resource !== 'games') throw new HttpError(404, 'ERR_NOT_FOUND', `no API resource '${parts.slice(1).join('/')}'`);
    if (id === undefined) {
      if (method === 'GET') return [200, { games: store.listGames().map((g) => gameJSON(g)) }];
      if (method === 'POST') return createGame(asObject(await readBody(req)));
      throw new HttpError(405, 'ERR_ARGUMENT', `${method} is not allowed on /api/games`);
    }
    if (id === 'import' && action === undefined) {
      if (method !== 'POST') throw new HttpError(405, 'ERR_ARGUMENT', 'import takes POST with a record');
      return importRecord(await readBody(req));
    }
    if (!/^[A-Za-z0-9]{1,32}$/.test(id)) throw new HttpError(404, 'ERR_NOT_FOUND', `no game '${id.slice(0, 40)}'`);
    if (action === undefined) {
      if (method === 'GET') {
        const g = loadRow(id);
        return [200, { game: gameJSON(g, store.getMoves(id)) }];
      }
      if (method === 'DELETE') {
        if (!store.deleteGame(id)) throw new HttpError(404, 'ERR_NOT_FOUND', `no game '${id}'`);
        live.delete(id);
        return [200, { deleted: id }];
      }
    }
    if (action === 'moves' && method === 'POST' && parts.length === 4) return playMove(id, asObject(await readBody(req)));
    if (action === 'undo' && method === 'POST' && parts.length === 4) return undo(id, asObject(await readBody(req)));
    if (action === 'record' && method === 'GET' && parts.length === 4) {
      const g = loadRow(id);
      const l = loadLive(g);
      return [200, makeGameRecord(l.game, g, store.getMoves(id), l.state)];
    }
    throw new HttpError(404, 'ERR_NOT_FOUND', `no API route ${method} /${parts.join('/')}`);
  }

  function serveStatic(req: http.IncomingMessage, res: http.ServerResponse, pathname: string): void {
    let rel = decodeURIComponent(pathname);
    if (rel.endsWith('/')) rel += 'index.html';
    let file = path.resolve(webRoot, '.' + path.posix.normalize(rel));
    if (!file.startsWith(path.resolve(webRoot))) {
      send(res, 404, { error: { code: 'ERR_NOT_FOUND', message: 'not found' } });
      return;
    }
    // Client-side routes (no file extension) get the app's page.
    if (!existsSync(file) && path.extname(file) === '') file = path.join(webRoot, 'index.html');
    if (!existsSync(file) || !statSync(file).isFile()) {
      const hint = existsSync(path.join(webRoot, 'index.html')) ? '' : ' (the web app is not built: run npm run build)';
      send(res, 404, { error: { code: 'ERR_NOT_FOUND', message: `no file ${rel}${hint}` } });
      return;
    }
    res.writeHead(200, {
      'content-type': MIME[path.extname(file)] ?? 'application/octet-stream',
      'cache-control': 'no-cache',
      'x-content-type-options': 'nosniff',
    });
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    createReadStream(file).pipe(res);
  }

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const parts = url.pathname.split('/').filter((p) => p !== '');
    if (parts[0] === 'api') {
      api(req, parts).then(
        ([status, body]) => send(res, status, body),
        (e: unknown) => {
          if (e instanceof HttpError) {
            if (e.status === 413) res.setHeader('connection', 'close');
            send(res, e.status, { error: { code: e.code, message: e.message } });
          } else {
            process.stderr.write(`gabata serve: ${(e as Error).stack ?? String(e)}\n`);
            send(res, 500, { error: { code: 'ERR_INTERNAL', message: 'internal error' } });
          }
        },
      );
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      send(res, 405, { error: { code: 'ERR_ARGUMENT', message: `${req.method} is not allowed here` } });
      return;
    }
    try {
      serveStatic(req, res, url.pathname);
    } catch {
      send(res, 400, { error: { code: 'ERR_ARGUMENT', message: 'bad path' } });
    }
  });

  return {
    server,
    store,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          store.close();
          resolve();
        });
        server.closeAllConnections();
      }),
  };
}
