/**
 * One WebSocket of a game's live stream (`GET /api/games/:id/live`): the client's `hello` (its key,
 * or none for a spectator, and the last ply it has) is answered by `welcome` and what it missed;
 * from then on it receives every change of the game, and may act over the socket with an `id`
 * echoed in `ack` or `error`. Limits per socket: 16 KB a message, 20 messages a second, 5 errors
 * in a row (then close 1008); a ping every 30 s and a close after 75 s of silence.
 */
import type { WebSocket } from 'ws';
import { HttpError } from '../http.js';
import { keyHashOf } from '../keys.js';
import type { GamesApi } from '../play.js';
import type { LiveGame, Peer } from './game.js';

export interface LiveLimits {
  maxMessageBytes: number;
  maxPerSecond: number;
  maxErrorsInARow: number;
  pingMs: number;
  idleMs: number;
  /** Sockets of one game (players and spectators). */
  maxPerGame: number;
}

export const LIVE_LIMITS: LiveLimits = {
  maxMessageBytes: 16 * 1024,
  maxPerSecond: 20,
  maxErrorsInARow: 5,
  pingMs: 30_000,
  idleMs: 75_000,
  maxPerGame: 256,
};

const ACTIONS = ['move', 'commit', 'takeback', 'answer', 'draw', 'resign', 'rematch'] as const;
type Action = (typeof ACTIONS)[number];

type Body = Record<string, unknown>;

/** What each action over the socket calls (the same as its HTTP route). */
const HANDLERS: Record<Action, (api: GamesApi, k: string | null, id: string, b: Body) => unknown> = {
  move: (api, k, g, b) => api.move(k, g, b),
  commit: (api, k, g, b) => api.commit(k, g, b),
  takeback: (api, k, g, b) => api.takeback(k, g, b),
  answer: (api, k, g, b) => api.answer(k, g, b),
  draw: (api, k, g, b) => api.draw(k, g, b),
  resign: (api, k, g, b) => api.resign(k, g, b),
  rematch: (api, k, g, b) => api.rematch(k, g, b),
};

/** Serves one socket of game `id` until it closes. */
export function serveSocket(api: GamesApi, id: string, ws: WebSocket, limits: LiveLimits = LIVE_LIMITS): void {
  let game: LiveGame | null = null;
  let keyHash: string | null = null;
  let errors = 0;
  let windowStart = Date.now();
  let inWindow = 0;
  let lastHeard = Date.now();
  const peer: Peer & { seats: number[] } = {
    seats: [],
    send: (text) => {
      if (ws.readyState === ws.OPEN) ws.send(text);
    },
  };
  const reply = (msg: Record<string, unknown>): void => peer.send(JSON.stringify(msg));
  const refuse = (code: string, message: string, msgId?: unknown): void => {
    reply(msgId === undefined ? { type: 'error', code, message } : { type: 'error', id: msgId, code, message });
    if (++errors >= limits.maxErrorsInARow) ws.close(1008, 'too many errors');
  };

  const timer = setInterval(() => {
    if (Date.now() - lastHeard > limits.idleMs) ws.close(1001, 'idle');
    else reply({ type: 'ping' });
  }, limits.pingMs);
  timer.unref();

  const hello = (msg: Record<string, unknown>): void => {
    if (game !== null) {
      refuse('ERR_PROTOCOL', 'hello was already sent');
      return;
    }
    const since = msg['since'] ?? -1;
    if (typeof since !== 'number' || !Number.isInteger(since) || since < -1) {
      refuse('ERR_ARGUMENT', '"since" must be the last ply seen (an integer, -1 for none)');
      return;
    }
    keyHash = keyHashOf(msg['key']);
    const g = api.load(id);
    if (g.peers.size >= limits.maxPerGame) {
      reply({ type: 'error', code: 'ERR_RATE_LIMIT', message: `this game has ${limits.maxPerGame} connections already: try again later` });
      ws.close(1013, 'game full');
      return;
    }
    peer.seats = g.seatsOf(keyHash);
    game = g;
    g.peers.add(peer);
    reply({ type: 'welcome', seats: peer.seats, game: g.doc(api.now()), since });
    if (since >= g.moveCount) reply({ type: 'undo', toPly: g.moveCount, game: g.doc(api.now()) });
    for (const text of api.catchUp(g, since)) peer.send(text);
    if (g.status === 'race') reply({ type: 'committed', ply: g.moveCount, seats: Object.keys(g.meta.commits).map(Number) });
    api.presence(g);
  };

  const act = (type: Action, msg: Record<string, unknown>): void => {
    if (game === null) {
      refuse('ERR_PROTOCOL', 'send hello first', msg['id']);
      return;
    }
    HANDLERS[type](api, keyHash, id, msg);
    errors = 0;
    reply({ type: 'ack', id: msg['id'] ?? null, ply: api.load(id).moveCount });
  };

  ws.on('message', (data: Buffer, isBinary: boolean) => {
    lastHeard = Date.now();
    const now = lastHeard;
    if (now - windowStart >= 1000) {
      windowStart = now;
      inWindow = 0;
    }
    if (++inWindow > limits.maxPerSecond) {
      ws.close(1008, 'too many messages');
      return;
    }
    if (isBinary || data.length > limits.maxMessageBytes) {
      return refuse('ERR_TOO_LARGE', `a message is JSON text of at most ${limits.maxMessageBytes} bytes`);
    }
    let msg: Record<string, unknown>;
    try {
      msg = JSON.parse(data.toString('utf8')) as Record<string, unknown>;
    } catch {
      return refuse('ERR_PROTOCOL', 'a message must be a JSON object');
    }
    if (typeof msg !== 'object' || msg === null || Array.isArray(msg)) return refuse('ERR_PROTOCOL', 'a message must be a JSON object');
    const type = msg['type'];
    try {
      if (type === 'hello') hello(msg);
      else if (type === 'ping') reply({ type: 'pong' });
      else if (type === 'pong') errors = 0;
      else if ((ACTIONS as readonly unknown[]).includes(type)) act(type as Action, msg);
      else refuse('ERR_PROTOCOL', `unknown message type ${JSON.stringify(type)?.slice(0, 40)}`, msg['id']);
    } catch (e) {
      if (e instanceof HttpError) refuse(e.code, e.message, msg['id']);
      else {
        process.stderr.write(`gabata serve: live ${id}: ${(e as Error).stack ?? String(e)}\n`);
        refuse('ERR_INTERNAL', 'internal error', msg['id']);
      }
    }
  });

  ws.on('close', () => {
    clearInterval(timer);
    if (game !== null) {
      game.peers.delete(peer);
      api.presence(game);
    }
  });
  ws.on('error', () => ws.terminate());
}
