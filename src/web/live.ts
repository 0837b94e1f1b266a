/**
 * The live stream of one game (docs/online.md): one WebSocket to /api/games/<id>/live on this
 * page's host (ws: or wss: as the page), opened with `hello` (the player key, or none for a
 * spectator, and the last ply seen). A dropped socket reconnects by itself, 0.5 s doubling to
 * 8 s, and says `since` so that the server sends only what was missed. It decides nothing: each
 * message goes to the page's handler.
 */
import type { GameEvent } from '../core/events.js';
import type { ClockState, GameDoc, GameEnd, OfferInfo } from './engine.js';

export type LiveMessage =
  | { type: 'welcome'; seats: number[]; game: GameDoc; since: number }
  | {
      type: 'move';
      ply: number;
      move: string;
      codes: number[];
      joint: boolean;
      events: GameEvent[];
      status: string;
      result: string | null;
      clock?: ClockState | null;
      end?: GameEnd | null;
    }
  | { type: 'undo'; toPly: number; game?: GameDoc }
  /** Far behind: the position now and the last moves; the page reloads the game (docs/online.md). */
  | { type: 'snapshot'; ply: number; from: number; moves: unknown[]; game: GameDoc }
  | { type: 'committed'; ply: number; seats: number[] }
  | { type: 'offer'; offer: OfferInfo['offer']; by: number; toPly?: number }
  | { type: 'offerEnded'; offer: OfferInfo['offer']; accepted: boolean }
  | { type: 'presence'; connected: number[]; spectators: number }
  | { type: 'clock'; clock: ClockState | null }
  | { type: 'end'; end: GameEnd; game: GameDoc }
  | { type: 'rematch'; id: string }
  | { type: 'joined'; seat: number; game: GameDoc }
  | { type: 'ping' }
  | { type: 'pong' }
  | { type: 'ack'; id: number; ply?: number }
  | { type: 'error'; id?: number; code: string; message: string };

export interface LiveHandlers {
  /** A message of the stream (pings are answered here and not passed on). */
  message(m: LiveMessage): void;
  /** The socket is up (after its `welcome`) or down (reconnecting). */
  status(up: boolean): void;
}

const FIRST_DELAY = 500;
const MAX_DELAY = 8000;

export class LiveSocket {
  private ws: WebSocket | null = null;
  private delay = FIRST_DELAY;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private closed = false;
  private up = false;
  private readonly onOffline = (): void => this.drop();
  private readonly onOnline = (): void => this.reconnectNow();

  constructor(
    private readonly gameId: string,
    /** The player key, or null for a spectator. */
    private readonly key: string | null,
    /** The last ply the page has (-1 for none), read at each (re)connection. */
    private readonly since: () => number,
    private readonly handlers: LiveHandlers,
  ) {}

  start(): void {
    window.addEventListener('offline', this.onOffline);
    window.addEventListener('online', this.onOnline);
    this.connect();
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.timer);
    window.removeEventListener('offline', this.onOffline);
    window.removeEventListener('online', this.onOnline);
    const ws = this.ws;
    this.ws = null;
    ws?.close(1000);
  }

  private url(): string {
    const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
    return `${proto}//${location.host}/api/games/${encodeURIComponent(this.gameId)}/live`;
  }

  private connect(): void {
    if (this.closed) return;
    let ws: WebSocket;
    try {
      ws = new WebSocket(this.url());
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.ws = ws;
    ws.onopen = () => {
      const hello: Record<string, unknown> = { type: 'hello', since: this.since() };
      if (this.key) hello['key'] = this.key;
      ws.send(JSON.stringify(hello));
    };
    ws.onmessage = (e: MessageEvent) => {
      let m: LiveMessage;
      try {
        m = JSON.parse(String(e.data)) as LiveMessage;
      } catch {
        return;
      }
      if (m.type === 'ping') {
        ws.send(JSON.stringify({ type: 'pong' }));
        return;
      }
      if (m.type === 'welcome') {
        this.delay = FIRST_DELAY;
        this.setUp(true);
      }
      this.handlers.message(m);
    };
    ws.onclose = () => {
      if (this.ws !== ws) return;
      this.ws = null;
      this.setUp(false);
      this.scheduleReconnect();
    };
  }

  private setUp(up: boolean): void {
    if (this.up === up && up) return;
    this.up = up;
    this.handlers.status(up);
  }

  private scheduleReconnect(): void {
    if (this.closed) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.connect(), this.delay);
    this.delay = Math.min(MAX_DELAY, this.delay * 2);
  }

  /** The browser went offline: the socket is dead even if it has not noticed. */
  private drop(): void {
    const ws = this.ws;
    if (!ws) return;
    this.ws = null;
    ws.onclose = null;
    ws.close();
    this.setUp(false);
    this.scheduleReconnect();
  }

  private reconnectNow(): void {
    if (this.closed || this.ws) return;
    clearTimeout(this.timer);
    this.delay = FIRST_DELAY;
    this.connect();
  }
}
