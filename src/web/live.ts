/**
 * The live stream of one game (docs/online.md): one WebSocket to /api/games/<id>/live on this
 * page's host (ws: or wss: as the page), opened with `hello` (the player key, or none for a
 * spectator, and the last ply seen). A dropped socket reconnects by itself, 0.5 s doubling to
 * 8 s (reconnect.ts), and says `since` so that the server sends only what was missed. Leaving the
 * page closes it (so that the browser may keep the page in its back/forward cache) and coming back
 * to it from there opens it again, with `since`, the same way. It decides nothing: each message
 * goes to the page's handler.
 */
import type { GameEvent } from '@gabata/engine/core';
import type { ClockState, GameDoc, GameEnd, OfferInfo } from './engine.js';
import { Backoff, watchNetwork, watchPageLife } from './reconnect.js';

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
  /** The game's document changed without a move (a rated game's ratings after its end). */
  | { type: 'game'; game: GameDoc }
  | { type: 'rematch'; id: string }
  /** A quick message (src/web/quick.ts): a phrase's id, written in the page's language. */
  | { type: 'said'; seat: number; phrase: string }
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

export class LiveSocket {
  private ws: WebSocket | null = null;
  private readonly backoff = new Backoff(() => this.connect());
  private unwatch: (() => void) | undefined;
  private unwatchPage: (() => void) | undefined;
  private closed = false;
  private up = false;

  constructor(
    private readonly gameId: string,
    /** The player key, or null for a spectator. */
    private readonly key: string | null,
    /** The last ply the page has (-1 for none), read at each (re)connection. */
    private readonly since: () => number,
    private readonly handlers: LiveHandlers,
  ) {}

  start(): void {
    this.unwatch = watchNetwork(
      () => this.drop(),
      () => this.reconnectNow(),
    );
    this.unwatchPage = watchPageLife(
      () => this.suspend(),
      () => this.reconnectNow(),
    );
    this.connect();
  }

  /** Sends a message over the socket while it is up (false: it is not). */
  send(msg: Record<string, unknown>): boolean {
    const ws = this.ws;
    if (!ws || !this.up || ws.readyState !== WebSocket.OPEN) return false;
    ws.send(JSON.stringify(msg));
    return true;
  }

  close(): void {
    this.closed = true;
    this.backoff.cancel();
    this.unwatch?.();
    this.unwatchPage?.();
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
        this.backoff.reset();
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
    if (!this.closed) this.backoff.schedule();
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

  /**
   * The page is being left: the socket closes and nothing is retried until the page comes back.
   * The page hears nothing (it is not shown); the socket is down meanwhile, so nothing is sent.
   */
  private suspend(): void {
    this.backoff.cancel();
    this.up = false;
    const ws = this.ws;
    if (!ws) return;
    this.ws = null;
    ws.onclose = null;
    ws.close(1000);
  }

  private reconnectNow(): void {
    if (this.closed || this.ws) return;
    this.backoff.now();
  }
}
