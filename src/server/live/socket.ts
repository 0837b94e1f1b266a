/**
 * One WebSocket of a game's live stream (`GET /api/games/:id/live`): the client's `hello` (its key,
 * or none for a spectator, and the last ply it has) is answered by `welcome` and what it missed;
 * from then on it receives every change of the game, and may act over the socket with an `id`
 * echoed in `ack` or `error`.
 *
 * Nothing a client sends can throw out of a handler: every failure becomes a coded `error` to that
 * client (or a close), logged once (failures.ts). An `id` is echoed only when it is a short string
 * or a safe integer. Limits per socket: 16 KB a message, 20 messages a second, 5 errors in a row
 * (then close 1008); a `hello` within 10 s; a ping every 30 s and a close after 75 s of silence.
 * Per game: spectators are capped, seat holders always get in (a few sockets per key). Per client
 * address (when limits are on): sockets waiting for their hello, and spectator sockets, are capped;
 * catch-ups and pages of moves count against its moves-read limit.
 */
import type { WebSocket } from 'ws';
import { logFailure } from '../failures.js';
import { HttpError, errorBody } from '../http.js';
import { keyHashOf } from '../keys.js';
import { Gauge, type ClientLimits } from '../limits.js';
import { MAX_MOVES_PAGE, type GamesApi } from '../play.js';
import { say, sayingsOf } from '../players/say.js';
import { frameTopic, type GameFrame } from './frames.js';
import { corkForTick } from './cork.js';
import type { LiveGame, Peer } from './game.js';

export interface LiveLimits {
  maxMessageBytes: number;
  maxPerSecond: number;
  maxErrorsInARow: number;
  pingMs: number;
  idleMs: number;
  /** A socket that has not said `hello` by then is closed (1008). */
  helloMs: number;
  /** Spectator sockets of one game; the seat holders' are not counted (they always get in). */
  maxSpectatorsPerGame: number;
  /** Sockets one key holding a seat may have on one game (tabs, devices). */
  maxPerSeatHolder: number;
  /** Spectator sockets of one client address over all games (when limits are on). */
  maxSpectatorsPerClient: number;
  /** Sockets of one client address that have not said `hello` yet (when limits are on). */
  maxWaitingPerClient: number;
}

export const LIVE_LIMITS: LiveLimits = {
  maxMessageBytes: 16 * 1024,
  maxPerSecond: 20,
  maxErrorsInARow: 5,
  pingMs: 30_000,
  idleMs: 75_000,
  helloMs: 10_000,
  maxSpectatorsPerGame: 256,
  maxPerSeatHolder: 8,
  maxSpectatorsPerClient: 64,
  maxWaitingPerClient: 32,
};

/** The longest string `id` echoed back. */
export const MAX_ID_LENGTH = 64;

const ACTIONS = ['move', 'commit', 'takeback', 'answer', 'draw', 'resign', 'claim', 'rematch', 'say'] as const;
type Action = (typeof ACTIONS)[number];

type Body = Record<string, unknown>;

/** What each action over the socket calls (the same as its HTTP route). */
const HANDLERS: Record<Action, (api: GamesApi, k: string | null, id: string, b: Body, client: string) => unknown> = {
  move: (api, k, g, b, c) => api.move(k, g, b, c),
  commit: (api, k, g, b, c) => api.commit(k, g, b, c),
  takeback: (api, k, g, b, c) => api.takeback(k, g, b, c),
  answer: (api, k, g, b, c) => api.answer(k, g, b, c),
  draw: (api, k, g, b) => api.draw(k, g, b),
  resign: (api, k, g, b) => api.resign(k, g, b),
  claim: (api, k, g, b) => api.claim(k, g, b),
  rematch: (api, k, g, b, c) => api.rematch(k, g, b, c),
  // A quick message (players/say.ts): one of a few fixed phrases, told to the game's sockets.
  say: (api, k, g, b, c) => say(api, k, g, b, c),
};

/** A message's `id`, if it may be echoed: absent, a string of at most MAX_ID_LENGTH, or a safe integer. */
export function echoableId(v: unknown): { ok: true; id: string | number | undefined } | { ok: false } {
  if (v === undefined) return { ok: true, id: undefined };
  if (typeof v === 'string' && v.length <= MAX_ID_LENGTH) return { ok: true, id: v };
  if (typeof v === 'number' && Number.isSafeInteger(v)) return { ok: true, id: v };
  return { ok: false };
}

/**
 * One frame of a socket, read: a JSON object of at most `maxBytes` with an echoable `id`, or the
 * refusal to answer it with (ERR_TOO_LARGE, ERR_PROTOCOL, ERR_ARGUMENT; never with the `id`).
 */
export function readFrame(
  data: Buffer,
  isBinary: boolean,
  maxBytes: number,
): { body: Body; id: { ok: true; id: string | number | undefined } } | { code: string; message: string } {
  if (isBinary || data.length > maxBytes) return { code: 'ERR_TOO_LARGE', message: `a message is JSON text of at most ${maxBytes} bytes` };
  let msg: unknown;
  try {
    msg = JSON.parse(data.toString('utf8'));
  } catch {
    return { code: 'ERR_PROTOCOL', message: 'a message must be a JSON object' };
  }
  if (typeof msg !== 'object' || msg === null || Array.isArray(msg)) {
    return { code: 'ERR_PROTOCOL', message: 'a message must be a JSON object' };
  }
  const id = echoableId((msg as Body)['id']);
  if (!id.ok) return { code: 'ERR_ARGUMENT', message: `"id" must be a string of at most ${MAX_ID_LENGTH} characters or a safe integer` };
  return { body: msg as Body, id };
}

/** One socket's state that the shared sweep reads. */
export interface Tracked {
  ws: WebSocket;
  opened: number;
  lastHeard: number;
  lastPing: number;
  welcomed: boolean;
}

/**
 * The live sockets of one server: the caps shared between sockets (per client address) and one
 * timer for them all (pings, idle and hello timeouts), rather than a timer per socket.
 */
export class LiveHub {
  readonly limits: LiveLimits;
  private readonly waiting: Gauge;
  private readonly spectating: Gauge;
  private readonly sockets = new Set<Tracked>();
  private readonly timer: NodeJS.Timeout;

  constructor(
    readonly api: GamesApi,
    limits: Partial<LiveLimits> = {},
    /** The server's per-client counts; null: no per-client limits (a load test). */
    readonly counted: ClientLimits | null = null,
  ) {
    this.limits = { ...LIVE_LIMITS, ...limits };
    this.waiting = new Gauge(this.limits.maxWaitingPerClient);
    this.spectating = new Gauge(this.limits.maxSpectatorsPerClient);
    const tick = Math.max(10, Math.min(1000, this.limits.pingMs, this.limits.helloMs));
    this.timer = setInterval(() => this.sweep(Date.now()), tick);
    this.timer.unref();
  }

  close(): void {
    clearInterval(this.timer);
  }

  private sweep(now: number): void {
    const l = this.limits;
    for (const t of this.sockets) {
      try {
        if (!t.welcomed && now - t.opened > l.helloMs) t.ws.close(1008, 'hello expected');
        else if (now - t.lastHeard > l.idleMs) t.ws.close(1001, 'idle');
        else if (now - t.lastPing >= l.pingMs) {
          t.lastPing = now;
          if (t.ws.readyState === t.ws.OPEN) t.ws.send('{"type":"ping"}');
        }
      } catch (e) {
        logFailure('live: the sweep', e);
      }
    }
  }

  /**
   * Puts a socket from `client` under the sweep (hello timeout, pings, idle close) and the cap on
   * sockets without hello; null (refused, closed 1013) when its client has too many waiting. The
   * lobby's sockets (lobby/socket.ts) are tracked here too, so one timer and one cap serve both.
   */
  track(ws: WebSocket, client: string): Tracked | null {
    if (this.counted !== null && !this.waiting.acquire(client)) {
      ws.send(
        JSON.stringify({ type: 'error', code: 'ERR_RATE_LIMIT', message: 'too many live connections from this client without hello' }),
      );
      ws.close(1013, 'too many connections');
      return null;
    }
    const now = Date.now();
    const t: Tracked = { ws, opened: now, lastHeard: now, lastPing: now, welcomed: false };
    this.sockets.add(t);
    ws.on('error', () => ws.terminate());
    return t;
  }

  /** A tracked socket closed: out of the sweep, and out of the waiting count if it never said hello. */
  untrack(t: Tracked, client: string): void {
    this.sockets.delete(t);
    if (!t.welcomed) this.welcomed(client);
  }

  /** Serves one socket of game `id` from `client` (its address as limits count it) until it closes. */
  serve(id: string, ws: WebSocket, client: string): void {
    const t = this.track(ws, client);
    if (t === null) return;
    const conn = new Connection(this, id, ws, client, t);
    ws.on('message', (data: Buffer, isBinary: boolean) => conn.receive(data, isBinary));
    ws.on('close', () => {
      this.sockets.delete(t);
      conn.closed();
    });
  }

  /** The hello of a socket from `client` arrived: it no longer counts as waiting. */
  welcomed(client: string): void {
    if (this.counted !== null) this.waiting.release(client);
  }

  /** Takes a spectator place of `client`'s (false: it has too many). */
  spectate(client: string): boolean {
    return this.counted === null || this.spectating.acquire(client);
  }

  unspectate(client: string): void {
    if (this.counted !== null) this.spectating.release(client);
  }
}

/** One socket's conversation. */
class Connection {
  private game: LiveGame | null = null;
  private keyHash: string | null = null;
  private errors = 0;
  private windowStart = Date.now();
  private inWindow = 0;
  private spectating = false;
  /** Ends this socket's subscription to its game's frames (null: none yet). */
  private unsubscribe: (() => void) | null = null;
  private readonly peer: Peer & { seats: number[]; keyHash: string | null };

  constructor(
    private readonly hub: LiveHub,
    private readonly id: string,
    private readonly ws: WebSocket,
    private readonly client: string,
    private readonly tracked: Tracked,
  ) {
    this.peer = {
      seats: [],
      keyHash: null,
      send: (text) => {
        if (ws.readyState !== ws.OPEN) return;
        // A tick's frames to this socket (a move and its ack) leave in one write.
        corkForTick(ws);
        ws.send(text);
      },
      close: (code, reason) => ws.close(code, reason),
    };
  }

  private get limits(): LiveLimits {
    return this.hub.limits;
  }

  private get api(): GamesApi {
    return this.hub.api;
  }

  private reply(msg: Record<string, unknown>): void {
    this.peer.send(JSON.stringify(msg));
  }

  /** An `error` (with the message's id when it may be echoed); too many in a row close the socket. */
  private refuse(code: string, message: string, msgId?: string | number, wait?: { retryAfterMs?: number | null }): void {
    const more = wait?.retryAfterMs === undefined ? {} : { retryAfterMs: wait.retryAfterMs };
    this.reply(msgId === undefined ? { type: 'error', code, message, ...more } : { type: 'error', id: msgId, code, message, ...more });
    if (++this.errors >= this.limits.maxErrorsInARow) this.ws.close(1008, 'too many errors');
  }

  receive(data: Buffer, isBinary: boolean): void {
    try {
      this.handle(data, isBinary);
    } catch (e) {
      // Only the server's own failure reaches here (refusals are answered inside): say so, go on.
      logFailure(`live ${this.id}`, e);
      try {
        this.refuse('ERR_INTERNAL', 'internal error');
      } catch (again) {
        logFailure(`live ${this.id}`, again);
        this.ws.terminate();
      }
    }
  }

  private handle(data: Buffer, isBinary: boolean): void {
    const now = Date.now();
    this.tracked.lastHeard = now;
    if (now - this.windowStart >= 1000) {
      this.windowStart = now;
      this.inWindow = 0;
    }
    if (++this.inWindow > this.limits.maxPerSecond) {
      this.ws.close(1008, 'too many messages');
      return;
    }
    const frame = readFrame(data, isBinary, this.limits.maxMessageBytes);
    if ('code' in frame) {
      this.refuse(frame.code, frame.message);
      return;
    }
    const { body, id } = frame;
    try {
      this.dispatch(body, id.id);
    } catch (e) {
      if (e instanceof HttpError) this.refuse(e.code, e.message, id.id, errorBody(e));
      else {
        logFailure(`live ${this.id}`, e);
        this.refuse('ERR_INTERNAL', 'internal error', id.id);
      }
    }
  }

  private dispatch(msg: Body, id: string | number | undefined): void {
    const type = msg['type'];
    if (type === 'hello') this.hello(msg);
    else if (type === 'ping') this.reply({ type: 'pong' });
    else if (type === 'pong') this.errors = 0;
    else if (type === 'moves') this.page(msg, id);
    else if ((ACTIONS as readonly unknown[]).includes(type)) this.act(type as Action, msg, id);
    else {
      const named = typeof type === 'string' ? JSON.stringify(type.slice(0, 40)) : `of type ${typeof type}`;
      this.refuse('ERR_PROTOCOL', `unknown message type ${named}`, id);
    }
  }

  private hello(msg: Body): void {
    if (this.game !== null) {
      this.refuse('ERR_PROTOCOL', 'hello was already sent');
      return;
    }
    const since = msg['since'] ?? -1;
    if (typeof since !== 'number' || !Number.isSafeInteger(since) || since < -1) {
      this.refuse('ERR_ARGUMENT', '"since" must be the last ply seen (an integer, -1 for none)');
      return;
    }
    const keyHash = this.api.principal(keyHashOf(msg['key']));
    const g = this.api.load(this.id);
    const seats = g.seatsOf(keyHash);
    const catchUp = this.api.catchUp(g, since);
    this.charge(catchUp.length, keyHash);
    if (!this.admit(g, seats, keyHash)) return;
    this.keyHash = keyHash;
    this.peer.keyHash = keyHash;
    this.peer.seats = seats;
    this.game = g;
    this.tracked.welcomed = true;
    this.hub.welcomed(this.client);
    g.peers.add(this.peer);
    this.unsubscribe?.();
    this.unsubscribe = this.api.frames.subscribe(frameTopic(this.id), (f) => this.hear(f));
    this.reply({ type: 'welcome', seats, game: g.doc(this.api.now()), since });
    if (since >= g.moveCount) this.reply({ type: 'undo', toPly: g.moveCount, game: g.doc(this.api.now()) });
    for (const text of catchUp) this.peer.send(text);
    if (g.status === 'race') this.reply({ type: 'committed', ply: g.moveCount, seats: Object.keys(g.meta.commits).map(Number) });
    this.api.presence(g);
  }

  /**
   * Whether this socket may join the game: a seat holder always may, with up to a few sockets per
   * key; a spectator while the game and its client have room. Refused: `error`, close 1013.
   */
  private admit(g: LiveGame, seats: readonly number[], keyHash: string | null): boolean {
    const full = (message: string): false => {
      this.reply({ type: 'error', code: 'ERR_RATE_LIMIT', message });
      this.ws.close(1013, 'full');
      return false;
    };
    if (seats.length > 0) {
      let mine = 0;
      for (const p of g.peers) if (p.keyHash === keyHash) mine++;
      if (mine >= this.limits.maxPerSeatHolder) {
        return full(`this key has ${this.limits.maxPerSeatHolder} connections to this game already: close one`);
      }
      return true;
    }
    if (g.spectators() >= this.limits.maxSpectatorsPerGame) {
      return full(`this game has ${this.limits.maxSpectatorsPerGame} spectators already: try again later`);
    }
    if (!this.hub.spectate(this.client)) return full('this client watches too many games already: close some');
    this.spectating = true;
    return true;
  }

  /** Counts moves sent to this client against its moves-read limit (429 beyond it). */
  private charge(moves: number, keyHash: string | null): void {
    if (this.hub.counted !== null && moves > 0) this.hub.counted.take('catchUpMoves', this.client, keyHash, moves);
  }

  /** A page of the game's moves: `{ type: 'moves', from, limit? }` -> `{ type: 'moves', from, moveCount, moves }`. */
  private page(msg: Body, id: string | number | undefined): void {
    if (this.game === null) {
      this.refuse('ERR_PROTOCOL', 'send hello first', id);
      return;
    }
    const from = msg['from'];
    const limit = msg['limit'] ?? MAX_MOVES_PAGE;
    if (typeof from !== 'number' || !Number.isSafeInteger(from) || from < 0) {
      throw new HttpError(400, 'ERR_ARGUMENT', '"from" must be a ply (an integer from 0)');
    }
    if (typeof limit !== 'number' || !Number.isSafeInteger(limit) || limit < 1 || limit > MAX_MOVES_PAGE) {
      throw new HttpError(400, 'ERR_ARGUMENT', `"limit" must be an integer from 1 to ${MAX_MOVES_PAGE}`);
    }
    const [, page] = this.api.movesPage(this.id, from, limit, this.client, this.keyHash);
    this.errors = 0;
    this.reply({ type: 'moves', ...(id === undefined ? {} : { id }), ...(page as Body) });
  }

  private act(type: Action, msg: Body, id: string | number | undefined): void {
    if (this.game === null) {
      this.refuse('ERR_PROTOCOL', 'send hello first', id);
      return;
    }
    // Validation throws at once; the ack waits for the action's writes to commit (an error if they fail).
    let ply = -1;
    this.api.store.commits.trackThen(
      () => {
        HANDLERS[type](this.api, this.keyHash, this.id, msg, this.client);
        ply = this.api.load(this.id).moveCount;
        this.errors = 0;
      },
      (e) => {
        if (e === null) this.reply({ type: 'ack', id: id ?? null, ply });
        else this.refuse(e.code, e.message, id);
      },
    );
  }

  /** A frame of the game: sent on, but a quick message of a speaker this socket's account is apart from. */
  private hear(f: GameFrame): void {
    if (f.speaker !== undefined && sayingsOf(this.api).apart(this.peer.keyHash, f.speaker)) return;
    this.peer.send(f.text);
  }

  closed(): void {
    try {
      this.unsubscribe?.();
      this.unsubscribe = null;
      if (!this.tracked.welcomed) this.hub.welcomed(this.client);
      if (this.spectating) this.hub.unspectate(this.client);
      if (this.game !== null) {
        this.game.peers.delete(this.peer);
        this.api.presence(this.game);
      }
    } catch (e) {
      logFailure(`live ${this.id}: close`, e);
    }
  }
}
