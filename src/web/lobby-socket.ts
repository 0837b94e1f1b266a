/**
 * The lobby's socket (`GET /api/lobby/live`, docs/online.md "The lobby"): one WebSocket on this
 * page's host, opened with `hello` and the player key; reconnects as a game's stream does
 * (reconnect.ts), and is closed while the page is left for the back/forward cache, opening again
 * when it comes back from there. Each action is a request with an id, answered by its `ack` or
 * its `error`; the rest (welcome, seeks, pool counts, paired) goes to the page's handler. It
 * decides nothing.
 */
import { Backoff, watchNetwork, watchPageLife } from './reconnect.js';

export interface ClockSpec {
  baseMs: number;
  incrementMs: number;
}

export type Colour = 'first' | 'second' | 'random';

export interface RatingRange {
  min: number;
  max: number;
}

/** A seek as the lobby shows it to everyone (never a key or an address). */
export interface SeekView {
  id: string;
  ruleset: string;
  preset: string | null;
  options: Record<string, unknown>;
  clock: ClockSpec | null;
  rated: boolean;
  colour: Colour;
  range: RatingRange | null;
  /**
   * The seeker's rating in the seek's terms: a number (provisional when `provisional` says so), or
   * `{ value, provisional }`; absent when the server does not tell it.
   */
  rating?: number | SeekerRating | null;
  /** Beside a numeric rating: whether it is provisional (shown with '?'). */
  provisional?: boolean;
  created: number;
  /** The seeker's account name, when the server tells it (null or absent: anonymous). */
  name?: string | null;
}

export interface SeekerRating {
  value: number;
  provisional?: boolean;
}

export interface PoolView {
  id: string;
  ruleset: string;
  speed: string;
  clock: ClockSpec | null;
  waiting: number;
}

export type LobbyMessage =
  | { type: 'welcome'; player: boolean; seeks: SeekView[]; pools: PoolView[] }
  | { type: 'seek'; seek: SeekView }
  | { type: 'unseek'; id: string }
  | { type: 'pools'; counts: Record<string, number> }
  | { type: 'paired'; gameId: string; seat: number; ruleset: string; pool: string | null; seek: string | null }
  | { type: 'error'; code: string; message: string };

/** A refusal of one request: the server's code (ERR_...) and its English words. */
export class LobbyError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export interface LobbyHandlers {
  message(m: LobbyMessage): void;
  /** Up once welcomed, down while reconnecting. */
  status(up: boolean): void;
}

type Body = Record<string, unknown>;
interface Pending {
  resolve(b: Body): void;
  reject(e: LobbyError): void;
}

export class LobbySocket {
  private ws: WebSocket | null = null;
  private readonly backoff = new Backoff(() => this.connect());
  private unwatch: (() => void) | undefined;
  private unwatchPage: (() => void) | undefined;
  private closed = false;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();

  constructor(
    private readonly key: string,
    private readonly handlers: LobbyHandlers,
  ) {}

  start(): void {
    const again = (): void => {
      if (!this.closed && !this.ws) this.backoff.now();
    };
    this.unwatch = watchNetwork(() => this.drop(), again);
    // Leaving the page: the socket closes as in a drop, but nothing is retried until it comes back.
    this.unwatchPage = watchPageLife(() => {
      this.drop();
      this.backoff.cancel();
    }, again);
    this.connect();
  }

  /** Closes for good: the server then withdraws this socket's seeks and pool entry. */
  close(): void {
    this.closed = true;
    this.backoff.cancel();
    this.unwatch?.();
    this.unwatchPage?.();
    const ws = this.ws;
    this.ws = null;
    ws?.close(1000);
    this.failPending();
  }

  /** Sends an action; its `ack` (without type and id), or a LobbyError. */
  request(type: string, body: Body = {}): Promise<Body> {
    const ws = this.ws;
    if (ws === null || ws.readyState !== WebSocket.OPEN) return Promise.reject(new LobbyError('ERR_OFFLINE', 'not connected'));
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      ws.send(JSON.stringify({ ...body, type, id }));
    });
  }

  private url(): string {
    const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
    return `${proto}//${location.host}/api/lobby/live`;
  }

  private connect(): void {
    if (this.closed) return;
    let ws: WebSocket;
    try {
      ws = new WebSocket(this.url());
    } catch {
      this.backoff.schedule();
      return;
    }
    this.ws = ws;
    ws.onopen = () => ws.send(JSON.stringify({ type: 'hello', key: this.key }));
    ws.onmessage = (e: MessageEvent) => this.receive(ws, String(e.data));
    ws.onclose = () => {
      if (this.ws !== ws) return;
      this.lost();
    };
  }

  private receive(ws: WebSocket, text: string): void {
    let m: Body;
    try {
      m = JSON.parse(text) as Body;
    } catch {
      return;
    }
    if (m['type'] === 'ping') ws.send(JSON.stringify({ type: 'pong' }));
    else if (!this.answer(m)) this.pass(m);
  }

  private pass(m: Body): void {
    if (m['type'] === 'welcome') {
      this.backoff.reset();
      this.handlers.status(true);
    }
    this.handlers.message(m as unknown as LobbyMessage);
  }

  /** An `ack` or an `error` of a request of ours: settles it (true), else false. */
  private answer(m: Body): boolean {
    const id = m['id'];
    if ((m['type'] !== 'ack' && m['type'] !== 'error') || typeof id !== 'number') return false;
    const p = this.pending.get(id);
    if (p === undefined) return m['type'] === 'ack';
    this.pending.delete(id);
    const { type: _t, id: _i, ...rest } = m;
    if (m['type'] === 'ack') p.resolve(rest);
    else p.reject(new LobbyError(String(m['code']), String(m['message'] ?? '')));
    return true;
  }

  private failPending(): void {
    for (const p of this.pending.values()) p.reject(new LobbyError('ERR_OFFLINE', 'the connection was lost'));
    this.pending.clear();
  }

  /** The socket is gone: requests in flight fail, the page hears it, and a new one is tried. */
  private lost(): void {
    this.ws = null;
    this.failPending();
    this.handlers.status(false);
    if (!this.closed) this.backoff.schedule();
  }

  /** The browser went offline: the socket is dead even if it has not noticed. */
  private drop(): void {
    const ws = this.ws;
    if (!ws) return;
    ws.onclose = null;
    ws.close();
    this.lost();
  }
}
