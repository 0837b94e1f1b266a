/**
 * The lobby's WebSocket (`GET /api/lobby/live`): after `hello` (with the player key, or none to
 * watch) a socket is sent every open seek and every pool with how many wait in it, then each change
 * as it happens; with a key it may seek, cancel, accept, join a pool and leave it, and is told
 * `paired` with the game and its seat when a game is made for it (on every lobby socket of its key).
 * A socket is never shown the seeks of a player it blocked or who blocked it. A `paired` is kept
 * (PendingPairings: a minute, bounded) until a socket of the player is known to have received it
 * (it answered the WebSocket ping sent right after it, or said `seen`), and is sent again on the
 * player's next hello meanwhile: a drop at the wrong moment does not lose the game.
 *
 * Hardened as a game's live socket (live/socket.ts), with its helpers: frames read by `readFrame`
 * (size, JSON object, an echoable `id`), the same per-socket limits (messages a second, errors in a
 * row), and the LiveHub's sweep and cap for sockets without hello (one timer, one count for both
 * kinds of socket). Per client address and per key, the sockets that said hello are capped too.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import { guard, logFailure } from '../failures.js';
import { HttpError } from '../http.js';
import { keyHashOf } from '../keys.js';
import { Gauge, addressKey } from '../limits.js';
import { readFrame, type LiveHub, type Tracked } from '../live/socket.js';
import { InProcessBus, type Bus } from '../bus.js';
import { Lobby, type LobbyConfig, type LobbyEvents, type PairedEvent, type PairedGames } from './lobby.js';
import type { GamesApi } from '../play.js';
import type { Owner } from './seeks.js';
import { InMemoryLobbyStore } from './store.js';

export interface LobbySocketLimits {
  /** Lobby sockets one key may have after hello (tabs, devices). */
  maxPerKey: number;
  /** Lobby sockets one address may have after hello (when limits are on). */
  maxPerClient: number;
}

export const LOBBY_SOCKET_LIMITS: LobbySocketLimits = { maxPerKey: 8, maxPerClient: 64 };

/** How long a `paired` not yet received is kept for its player's next hello, and how many are kept. */
export interface PendingLimits {
  keepMs: number;
  /** In all (the oldest go first). */
  max: number;
  /** Per player (a player is paired into one game at a time; a few allow for races). */
  perPlayer: number;
}

export const PENDING_LIMITS: PendingLimits = { keepMs: 60_000, max: 10_000, perPlayer: 4 };

interface Pending {
  player: string;
  gameId: string;
  text: string;
  at: number;
}

/**
 * The `paired` messages not yet known to be received, per player (a key's hash or its account's
 * principal): kept `keepMs`, at most `perPlayer` a player and `max` in all, the oldest dropped first.
 */
export class PendingPairings {
  /** In the order they were added (and so of their times). */
  private readonly all = new Map<string, Pending>();
  private readonly byPlayer = new Map<string, Pending[]>();

  constructor(
    readonly limits: PendingLimits = PENDING_LIMITS,
    private readonly now: () => number = Date.now,
  ) {}

  get size(): number {
    this.expire();
    return this.all.size;
  }

  add(player: string, gameId: string, text: string): void {
    this.expire();
    this.seen(player, gameId);
    const mine = this.byPlayer.get(player) ?? [];
    for (const old of mine.slice(0, Math.max(0, mine.length - this.limits.perPlayer + 1))) this.drop(old);
    while (this.all.size >= this.limits.max) this.drop(this.all.values().next().value as Pending);
    const p: Pending = { player, gameId, text, at: this.now() };
    this.all.set(`${player}\n${gameId}`, p);
    this.byPlayer.set(player, [...(this.byPlayer.get(player) ?? []), p]);
  }

  /** The player's pairings not yet received, oldest first. */
  of(player: string): { gameId: string; text: string }[] {
    this.expire();
    return (this.byPlayer.get(player) ?? []).map(({ gameId, text }) => ({ gameId, text }));
  }

  /** The player received it (or said so): not kept any longer. */
  seen(player: string, gameId: string): void {
    const p = this.all.get(`${player}\n${gameId}`);
    if (p !== undefined) this.drop(p);
  }

  private drop(p: Pending): void {
    this.all.delete(`${p.player}\n${p.gameId}`);
    const left = (this.byPlayer.get(p.player) ?? []).filter((x) => x !== p);
    if (left.length === 0) this.byPlayer.delete(p.player);
    else this.byPlayer.set(p.player, left);
  }

  private expire(): void {
    const before = this.now() - this.limits.keepMs;
    for (const p of this.all.values()) {
      if (p.at > before) break;
      this.drop(p);
    }
  }
}

type Body = Record<string, unknown>;
type MsgId = string | number | undefined;

/** Every lobby socket of this server, and the bus messages they are sent. */
export class LobbySockets {
  readonly limits: LobbySocketLimits;
  private readonly conns = new Set<LobbyConnection>();
  private readonly byKey = new Map<string, Set<LobbyConnection>>();
  private readonly perClient: Gauge;
  private readonly unsubscribe: (() => void)[];
  readonly pending: PendingPairings;

  constructor(
    readonly lobby: Lobby,
    bus: Bus<LobbyEvents>,
    readonly hub: LiveHub,
    limits: Partial<LobbySocketLimits> = {},
    /** The hash a key acts as (its own, or its account's: GamesCore.principal), which seats are held under. */
    readonly principal: (keyHash: string | null) => string | null = (k) => k,
    pending: Partial<PendingLimits> = {},
  ) {
    this.limits = { ...LOBBY_SOCKET_LIMITS, ...limits };
    this.perClient = new Gauge(this.limits.maxPerClient);
    this.pending = new PendingPairings({ ...PENDING_LIMITS, ...pending });
    this.unsubscribe = [
      bus.subscribe('seek-added', (m) => this.seekAdded(m)),
      bus.subscribe('seek-removed', (m) => this.broadcast({ type: 'unseek', id: m.id })),
      bus.subscribe('pool-counts', (m) => this.broadcast({ type: 'pools', counts: m.counts })),
      bus.subscribe('paired', (m) => this.paired(m)),
    ];
  }

  /** The route, for app.ts. */
  route(app: FastifyInstance): void {
    app.get('/api/lobby/live', { websocket: true }, (socket, req) => this.serve(socket, addressKey(req.ip)));
  }

  serve(ws: WebSocket, client: string): void {
    const t = this.hub.track(ws, client);
    if (t === null) return;
    const conn = new LobbyConnection(this, ws, client, t);
    ws.on('message', (data: Buffer, isBinary: boolean) => conn.receive(data, isBinary));
    ws.on('close', () => {
      this.hub.untrack(t, client);
      conn.closed();
    });
  }

  close(): void {
    for (const u of this.unsubscribe) u();
    this.lobby.stop();
  }

  private get counted(): boolean {
    return this.hub.counted !== null;
  }

  /** Admits a socket that said hello (false: its key or address has too many). */
  admit(conn: LobbyConnection, keyHash: string | null): boolean {
    const mine = keyHash === null ? undefined : this.byKey.get(keyHash);
    if (mine !== undefined && mine.size >= this.limits.maxPerKey) return false;
    if (this.counted && !this.perClient.acquire(conn.client)) return false;
    this.conns.add(conn);
    if (keyHash !== null) {
      if (mine === undefined) this.byKey.set(keyHash, new Set([conn]));
      else mine.add(conn);
    }
    return true;
  }

  /** A welcomed socket closed. */
  leave(conn: LobbyConnection, keyHash: string | null): void {
    if (!this.conns.delete(conn)) return;
    if (this.counted) this.perClient.release(conn.client);
    const mine = keyHash === null ? undefined : this.byKey.get(keyHash);
    mine?.delete(conn);
    if (mine?.size === 0) this.byKey.delete(keyHash!);
  }

  private broadcast(msg: Body): void {
    const text = JSON.stringify(msg);
    for (const c of this.conns) c.sendText(text);
  }

  /** A new seek, to every socket but those of players apart from its seeker (blocks, either way). */
  private seekAdded(m: LobbyEvents['seek-added']): void {
    const text = JSON.stringify({ type: 'seek', seek: m.seek });
    const apart = new Set(m.apart);
    for (const c of this.conns) if (c.identity === null || !apart.has(c.identity)) c.sendText(text);
  }

  /**
   * Each player of a new game is told its id, its seat and its opponent, on every lobby socket of
   * its key; the message is kept until one of them is known to have received it.
   */
  private paired(m: PairedEvent): void {
    for (const s of m.seats) {
      const opponent = m.seats.find((o) => o !== s)?.shown ?? null;
      const text = JSON.stringify({
        type: 'paired',
        gameId: m.gameId,
        seat: s.seat,
        ruleset: m.ruleset,
        clock: m.clock,
        rated: m.rated,
        pool: m.pool,
        seek: m.seek,
        opponent,
      });
      this.pending.add(s.keyHash, m.gameId, text);
      for (const c of this.byKey.get(s.keyHash) ?? []) c.sendPaired(m.gameId, text);
    }
  }
}

/** One lobby socket's conversation. Its messages are handled one at a time, in order (the lobby's calls are async). */
class LobbyConnection {
  readonly socketId = randomBytes(9).toString('base64url');
  private keyHash: string | null = null;
  identity: string | null = null;
  private welcomed = false;
  /** The pings sent after a `paired` (their payloads), and the game each confirms when answered. */
  private readonly confirming = new Map<string, string>();
  private errors = 0;
  private windowStart = Date.now();
  private inWindow = 0;
  private queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly sockets: LobbySockets,
    private readonly ws: WebSocket,
    readonly client: string,
    private readonly tracked: Tracked,
  ) {
    ws.on('pong', (data: Buffer) => this.ponged(data));
  }

  sendText(text: string): void {
    if (this.ws.readyState === this.ws.OPEN) this.ws.send(text);
  }

  /**
   * Sends a `paired`, then a WebSocket ping carrying a fresh payload: its pong (which a browser
   * sends by itself) comes after the client read the `paired`, which is then no longer kept.
   */
  sendPaired(gameId: string, text: string): void {
    if (this.ws.readyState !== this.ws.OPEN) return;
    this.ws.send(text);
    if (this.confirming.size >= PENDING_LIMITS.perPlayer * 4) return;
    const nonce = randomBytes(8).toString('hex');
    this.confirming.set(nonce, gameId);
    this.ws.ping(nonce);
  }

  private ponged(data: Buffer): void {
    try {
      const gameId = this.confirming.get(data.toString());
      if (gameId === undefined || this.keyHash === null) return;
      this.confirming.delete(data.toString());
      this.sockets.pending.seen(this.keyHash, gameId);
    } catch (e) {
      logFailure('lobby socket: pong', e);
    }
  }

  private reply(msg: Body): void {
    this.sendText(JSON.stringify(msg));
  }

  private refuse(code: string, message: string, id?: MsgId): void {
    this.reply(id === undefined ? { type: 'error', code, message } : { type: 'error', id, code, message });
    if (++this.errors >= this.sockets.hub.limits.maxErrorsInARow) this.ws.close(1008, 'too many errors');
  }

  receive(data: Buffer, isBinary: boolean): void {
    const now = Date.now();
    this.tracked.lastHeard = now;
    if (now - this.windowStart >= 1000) {
      this.windowStart = now;
      this.inWindow = 0;
    }
    if (++this.inWindow > this.sockets.hub.limits.maxPerSecond) {
      this.ws.close(1008, 'too many messages');
      return;
    }
    const frame = readFrame(data, isBinary, this.sockets.hub.limits.maxMessageBytes);
    // Refusals wait their turn too: answers come in the order of the messages.
    if ('code' in frame) this.queue = this.queue.then(() => guard('lobby socket', () => this.refuse(frame.code, frame.message)));
    else this.queue = this.queue.then(() => this.handle(frame.body, frame.id.id));
  }

  /** Runs one message; a refusal is its `error`, a failure of the server's own ERR_INTERNAL (logged), never a throw. */
  private async handle(msg: Body, id: MsgId): Promise<void> {
    try {
      await this.dispatch(msg, id);
    } catch (e) {
      try {
        if (e instanceof HttpError) this.refuse(e.code, e.message, id);
        else {
          logFailure('lobby socket', e);
          this.refuse('ERR_INTERNAL', 'internal error', id);
        }
      } catch (again) {
        logFailure('lobby socket', again);
        this.ws.terminate();
      }
    }
  }

  private async dispatch(msg: Body, id: MsgId): Promise<void> {
    const type = msg['type'];
    if (type === 'ping') return this.reply({ type: 'pong' });
    if (type === 'pong') {
      this.errors = 0;
      return;
    }
    if (type === 'hello') return this.hello(msg);
    if (type === 'seen') return this.seen(msg, id);
    // A Map, not an object: a type such as "constructor" must not find anything.
    const act = typeof type === 'string' ? ACTS.get(type) : undefined;
    if (act === undefined) {
      const named = typeof type === 'string' ? JSON.stringify(type.slice(0, 40)) : `of type ${typeof type}`;
      throw new HttpError(400, 'ERR_PROTOCOL', `unknown message type ${named}`);
    }
    if (!this.welcomed) throw new HttpError(400, 'ERR_PROTOCOL', 'send hello first');
    const owner = this.owner();
    const answer = await act(this.sockets.lobby, owner, msg);
    this.errors = 0;
    this.reply({ type: 'ack', id: id ?? null, ...answer });
  }

  private owner(): Owner {
    if (this.keyHash === null || this.identity === null) {
      throw new HttpError(401, 'ERR_AUTH', 'this needs your player key: say hello with it (without one, a socket only watches)');
    }
    return { identity: this.identity, keyHash: this.keyHash, client: this.client, socket: this.socketId };
  }

  private async hello(msg: Body): Promise<void> {
    if (this.welcomed) throw new HttpError(400, 'ERR_PROTOCOL', 'hello was already sent');
    const keyHash = this.sockets.principal(keyHashOf(msg['key']));
    if (!this.sockets.admit(this, keyHash)) {
      this.reply({ type: 'error', code: 'ERR_RATE_LIMIT', message: 'too many lobby connections for this key or address: close some' });
      this.ws.close(1013, 'full');
      return;
    }
    this.welcomed = true;
    this.tracked.welcomed = true;
    this.sockets.hub.welcomed(this.client);
    this.keyHash = keyHash;
    // Accounts will name the player; until then the key's hash is who it is.
    this.identity = keyHash;
    const snap = await this.sockets.lobby.snapshot(keyHash);
    this.reply({ type: 'welcome', player: keyHash !== null, ...snap });
    // What this player was paired into and may not have heard of (its socket dropped meanwhile).
    if (keyHash !== null) for (const p of this.sockets.pending.of(keyHash)) this.sendPaired(p.gameId, p.text);
  }

  /** `{ type: 'seen', gameId }`: the client has the `paired` of that game; it is not sent again. */
  private seen(msg: Body, id: MsgId): void {
    const gameId = msg['gameId'];
    if (typeof gameId !== 'string' || gameId.length === 0 || gameId.length > 64) {
      throw new HttpError(400, 'ERR_ARGUMENT', '"gameId" must be the id of a game');
    }
    if (!this.welcomed) throw new HttpError(400, 'ERR_PROTOCOL', 'send hello first');
    const o = this.owner();
    this.sockets.pending.seen(o.keyHash, gameId);
    this.errors = 0;
    this.reply({ type: 'ack', id: id ?? null });
  }

  closed(): void {
    try {
      if (!this.welcomed) return;
      this.sockets.leave(this, this.keyHash);
      this.queue = this.queue.then(() =>
        this.sockets.lobby.socketClosed(this.socketId, this.keyHash).catch((e: unknown) => logFailure('lobby socket: close', e)),
      );
    } catch (e) {
      logFailure('lobby socket: close', e);
    }
  }
}

/** A string field naming a seek. */
function seekId(msg: Body): string {
  const v = msg['seek'];
  if (typeof v !== 'string' || v.length === 0 || v.length > 64) throw new HttpError(400, 'ERR_ARGUMENT', '"seek" must be the id of a seek');
  return v;
}

/** What each action does, and what its `ack` carries. */
type Act = (lobby: Lobby, o: Owner, msg: Body) => Promise<Body>;
const ACTS = new Map<string, Act>([
  ['seek', async (lobby, o, msg) => ({ seek: await lobby.seek(o, msg) })],
  [
    'cancel',
    async (lobby, o, msg) => {
      await lobby.cancel(o.keyHash, seekId(msg));
      return {};
    },
  ],
  [
    'accept',
    async (lobby, o, msg) => {
      const p = await lobby.accept(o, seekId(msg));
      return { gameId: p.gameId, seat: p.seats.find((s) => s.keyHash === o.keyHash)!.seat };
    },
  ],
  ['pool-join', async (lobby, o, msg) => lobby.joinPool(o, msg['pool'], msg['range'], msg['rated'])],
  ['pool-leave', async (lobby, o) => ({ left: await lobby.leavePool(o.keyHash) })],
]);

/** The lobby's settings a server takes (ServerOptions.lobby). */
export type LobbyOptions = Partial<Pick<LobbyConfig, 'waveMs' | 'seed' | 'ratings' | 'blocks' | 'names' | 'caps' | 'rules'>> & {
  sockets?: Partial<LobbySocketLimits>;
  /** How long, and how many, `paired` messages not yet received are kept. */
  pending?: Partial<PendingLimits>;
};

/**
 * The lobby of one server: in memory, on the in-process bus, making its games with `api`, its
 * sockets under `hub`'s sweep; waves start at once. A second instance would pass a shared store
 * and a network bus here.
 */
export function createLobby(api: GamesApi, hub: LiveHub, opts: LobbyOptions & { minClockBaseMs?: number | undefined } = {}): LobbySockets {
  const bus = new InProcessBus<LobbyEvents>();
  const { sockets, pending, ...cfg } = opts;
  // `paired` is told once the new game is on disk (group commit: commit.ts), as a move is broadcast.
  const games: PairedGames = {
    createFor: async (...args) => {
      const { value, saved } = api.store.commits.track(() => api.createFor(...args));
      await saved;
      return value;
    },
  };
  const lobby = new Lobby(games, {
    ...cfg,
    ...(opts.minClockBaseMs === undefined ? {} : { minClockBaseMs: opts.minClockBaseMs }),
    store: new InMemoryLobbyStore(),
    bus,
    perAddress: hub.counted !== null,
  });
  lobby.start();
  const principal = (api as { principal?: (k: string | null) => string | null }).principal;
  return new LobbySockets(lobby, bus, hub, sockets, (k) => (principal ? principal.call(api, k) : k), pending);
}
