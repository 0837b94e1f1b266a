/**
 * The installable, offline app (issue 15): registers the service worker (dist/web/sw.js, made by
 * scripts/build-sw.mjs, which precaches the page, its scripts, styles, fonts and icons), links the
 * web manifest, tracks whether the browser is online, says so in a banner, and runs the outbox
 * (offline-store.ts) that sends games played offline to the server once it can be reached.
 *
 * `registerOffline()` is called once by main.ts after the page is built.
 */
import { isLocalId, localGames, pendingGames, refused, sendLocalGames, UPLOADED_EVENT } from './offline-store.js';
import { T } from './text.js';

/** What the offline app says, from the message catalogue. */
export const OFFLINE_TEXT = {
  banner: T.offlineBanner,
  needsConnection: T.offlineNeedsConnection,
  inviteNeedsConnection: T.offlineInviteNeedsConnection,
  watchNeedsConnection: T.offlineWatchNeedsConnection,
  savedOnDevice: T.offlineSavedOnDevice,
  waitingGames: T.offlineWaitingGames,
  clockNeedsConnection: T.offlineClockNeedsConnection,
};

type Listener = (up: boolean) => void;
const listeners = new Set<Listener>();

/** Is the browser online (as far as it knows: a server that is down shows as a failed call)? */
export function online(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine;
}

/** Calls `f` on every change of `online()`; returns the function that stops it. */
export function onOnlineChange(f: Listener): () => void {
  listeners.add(f);
  return () => {
    listeners.delete(f);
  };
}

/** How often the outbox tries again while games wait and the browser claims to be online (ms). */
const RETRY_MS = 30_000;
let retry: ReturnType<typeof setInterval> | null = null;

/** Sends the waiting games now; keeps retrying while some wait. */
export async function flushOutbox(): Promise<void> {
  if (!online()) return;
  await sendLocalGames().catch(() => 0);
  const left = (await pendingGames().catch(() => [])).filter((g) => !refused.has(g.id));
  if (left.length > 0 && retry === null) retry = setInterval(() => void flushOutbox(), RETRY_MS);
  if (left.length === 0 && retry !== null) {
    clearInterval(retry);
    retry = null;
  }
}

function banner(): HTMLElement {
  let el = document.querySelector<HTMLElement>('.offline-banner');
  if (!el) {
    el = document.createElement('p');
    el.className = 'offline-banner';
    el.setAttribute('role', 'status');
    el.textContent = OFFLINE_TEXT.banner;
    const header = document.querySelector('header.site');
    if (header) header.after(el);
    else document.body.prepend(el);
  }
  return el;
}

function showState(): void {
  const up = online();
  document.documentElement.dataset['network'] = up ? 'online' : 'offline';
  banner().hidden = up;
}

function linkManifest(): void {
  if (document.querySelector('link[rel="manifest"]')) return;
  const l = document.createElement('link');
  l.rel = 'manifest';
  l.href = '/manifest.webmanifest';
  document.head.append(l);
}

/** The service worker, when the page is served over http(s) by a server that has one. */
async function registerWorker(): Promise<void> {
  if (!('serviceWorker' in navigator) || !/^https?:$/.test(location.protocol)) return;
  try {
    await navigator.serviceWorker.register('/sw.js', { scope: '/' });
  } catch (e) {
    // No sw.js (a build without build-sw.mjs) or a private window: the app works online as before.
    console.warn(`offline use is not available: ${(e as Error).message}`);
  }
}

/** A game page of a local game that reached the server moves to the server's game. */
function followUploads(): void {
  window.addEventListener(UPLOADED_EVENT, (e) => {
    const { local, server } = (e as CustomEvent<{ local: string; server: string }>).detail;
    if (location.hash === `#/game/${local}`) location.replace(`#/game/${server}`);
  });
}

/**
 * The game page's line about the network: a game played offline is saved on this device; watching
 * needs a connection. `stop` ends its following of the network's changes. A local game already
 * sent to the server (an old link, the back button) opens the server's copy instead.
 */
export function offlineNote(id: string, watch: boolean): { el: HTMLElement; stop: () => void } {
  const local = isLocalId(id);
  if (local) {
    void localGames
      .get(id)
      .then((g) => {
        if (g?.serverId && location.hash === `#/game/${id}`) location.replace(`#/game/${g.serverId}`);
      })
      .catch(() => undefined);
  }
  const el = document.createElement('p');
  el.className = 'offline-note';
  el.setAttribute('role', 'status');
  const show = (): void => {
    const text = local ? OFFLINE_TEXT.savedOnDevice : watch && !online() ? OFFLINE_TEXT.watchNeedsConnection : '';
    el.textContent = text;
    el.hidden = text === '';
  };
  show();
  return { el, stop: onOnlineChange(show) };
}

let registered = false;

/** Makes the app installable and usable offline; once per page. */
export function registerOffline(): void {
  if (registered) return;
  registered = true;
  linkManifest();
  showState();
  const changed = (): void => {
    showState();
    for (const f of listeners) f(online());
    if (online()) void flushOutbox();
  };
  window.addEventListener('online', changed);
  window.addEventListener('offline', changed);
  followUploads();
  // The service worker and the outbox wait until the page has loaded and is idle: the first
  // screen's work comes first (registering a worker early competes with it for a phone's CPU).
  afterLoadWhenIdle(() => {
    void registerWorker();
    void flushOutbox();
  });
}

/** Runs `f` once the page's load event has passed and the main thread is idle (within 2 s). */
function afterLoadWhenIdle(f: () => void): void {
  const idle = (): void => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(() => f(), { timeout: 2000 });
    else setTimeout(f, 0);
  };
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}
