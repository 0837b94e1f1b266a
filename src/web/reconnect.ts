/**
 * How the app's sockets come back after a drop (a game's live stream, live.ts; the lobby,
 * lobby-socket.ts): the next attempt after 0.5 s, the wait doubling up to 8 s, back to 0.5 s once
 * a connection is welcomed, and at once when the browser says it is online again. One place, so
 * that every socket backs off alike and a server restart is not hammered by one of them.
 */

export const FIRST_DELAY = 500;
export const MAX_DELAY = 8000;

export class Backoff {
  private delay = FIRST_DELAY;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly attempt: () => void) {}

  /** The next attempt, after the current wait (which then doubles). */
  schedule(): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(this.attempt, this.delay);
    this.delay = Math.min(MAX_DELAY, this.delay * 2);
  }

  /** A connection was welcomed: the next drop waits the shortest time again. */
  reset(): void {
    this.delay = FIRST_DELAY;
  }

  /** An attempt now (the network came back), instead of the one scheduled. */
  now(): void {
    this.cancel();
    this.reset();
    this.attempt();
  }

  cancel(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }
}

/** Calls `offline`/`online` as the browser's network goes and comes back; returns the function that stops it. */
export function watchNetwork(offline: () => void, online: () => void): () => void {
  window.addEventListener('offline', offline);
  window.addEventListener('online', online);
  return () => {
    window.removeEventListener('offline', offline);
    window.removeEventListener('online', online);
  };
}

/**
 * Calls `hide` when the page is left (`pagehide`) and `show` when it comes back from the
 * back/forward cache (`pageshow` with `persisted`); returns the function that stops it. A page
 * with an open WebSocket is never kept in that cache (Chrome), so a socket closes on `hide` and
 * opens again on `show`, saying what it missed; no `unload` handler, which would bar the cache too.
 */
export function watchPageLife(hide: () => void, show: () => void): () => void {
  const onShow = (e: PageTransitionEvent): void => {
    if (e.persisted) show();
  };
  window.addEventListener('pagehide', hide);
  window.addEventListener('pageshow', onShow);
  return () => {
    window.removeEventListener('pagehide', hide);
    window.removeEventListener('pageshow', onShow);
  };
}
