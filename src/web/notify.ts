/**
 * Told when it is your move (issue 23): once the player has opted in with a tap on the toggle,
 * while the page is hidden and something needs him (his move, the game starting, a draw or takeback
 * offered, a seek accepted), the tab's title says so, a soft chime sounds if sound is on, and, the
 * browser permitting (asked on that tap), a system notification with the game's name appears,
 * through the service worker's `showNotification` where one is registered (phones allow only that),
 * else the page's own `Notification`, and phones that can vibrate do. Nothing happens for a
 * visible page, nor without the opt-in. The words are the page's language.
 *
 * `attention` is the page's one notifier; `GameCalls` reads a game's controller after each render
 * and calls it when the player is newly needed.
 */
import type { PlayController } from './controller.js';
import { h } from './dom.js';
import { I18N, T } from './text.js';

const KEY = 'gabata.notify';
/** Before the tab's title while the player is needed (a sign, the same in every language). */
export const TITLE_MARK = '●';

export type Call = 'yourMove' | 'started' | 'drawOffered' | 'takebackAsked' | 'rematchOffered' | 'seekAccepted';

/** Has the player opted in (his tap on the toggle, remembered)? Without it nothing is done. */
export function notifySetting(): boolean {
  try {
    return localStorage.getItem(KEY) === 'on';
  } catch {
    return false;
  }
}

function permission(): NotificationPermission | 'unsupported' {
  return typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;
}

/** Is the page out of sight (another tab, a minimised window, a phone's locked screen)? */
function hidden(): boolean {
  return typeof document !== 'undefined' && document.visibilityState === 'hidden';
}

function remember(on: boolean): void {
  try {
    localStorage.setItem(KEY, on ? 'on' : 'off');
  } catch {
    // Kept for this page only.
  }
}

/**
 * The player's tap on the toggle: on, it is remembered (the title and the chime need nothing more)
 * and the browser's permission for system notifications is asked (a gesture, as browsers require);
 * the answer says whether they may be shown. Off, the choice is forgotten.
 */
export async function setNotify(on: boolean): Promise<boolean> {
  remember(on);
  if (!on || permission() === 'unsupported') return false;
  return permission() === 'granted' || (await Notification.requestPermission().catch(() => 'denied')) === 'granted';
}

/**
 * The opt-in toggle (a button that stays pressed while on), on the game page and the lobby: a tap
 * turns it on and asks the browser's permission; `told` shows the answer when notifications are blocked.
 */
export function notifyToggle(told: (text: string) => void): HTMLButtonElement {
  const b = h(
    'button',
    { type: 'button', class: 'toggle notify', title: I18N.t('notify.toggleHelp'), 'aria-pressed': String(notifySetting()) },
    I18N.t('notify.toggle'),
  );
  b.hidden = permission() === 'unsupported';
  b.addEventListener('click', () => {
    const on = b.getAttribute('aria-pressed') !== 'true';
    b.setAttribute('aria-pressed', String(on));
    void setNotify(on).then((granted) => {
      if (on && !granted) told(I18N.t('notify.blocked'));
    });
  });
  return b;
}

export interface Chime {
  /** A soft sound, when sound is on (nothing otherwise). */
  chime(): void;
}

export class Notifier {
  /** The title the page had before the mark, and the marked one (to know it is still ours). */
  private saved: { base: string; marked: string } | null = null;
  chimes: Chime | null = null;

  constructor() {
    if (typeof document === 'undefined') return;
    document.addEventListener('visibilitychange', () => {
      if (!hidden()) this.clear();
    });
  }

  /** Something needs the player: nothing while the page is seen. `url`: the game's address, opened on a click. */
  call(kind: Call, vars: { game: string; who?: string }, url = location.href): void {
    if (!hidden() || !notifySetting()) return;
    const text = I18N.t(`notify.${kind}`, { game: vars.game, who: vars.who ?? '' });
    const base = this.saved?.base ?? document.title;
    const marked = `${TITLE_MARK} ${text}`;
    document.title = marked;
    this.saved = { base, marked };
    this.chimes?.chime();
    if (permission() !== 'granted') return;
    (navigator as Navigator & { vibrate?: (p: number[]) => boolean }).vibrate?.([90, 60, 90]);
    void show(text, url);
  }

  /** The page is seen again: its own title comes back (unless a page put a new one meanwhile). */
  clear(): void {
    if (this.saved && document.title === this.saved.marked) document.title = this.saved.base;
    this.saved = null;
  }
}

/** The system notification: the service worker's where there is one (a phone's only way), else the page's. */
async function show(title: string, url: string): Promise<void> {
  const options: NotificationOptions & { data: unknown } = {
    body: I18N.t('notify.body'),
    tag: `gabata:${url}`,
    icon: '/icons/icon-192.png',
    lang: I18N.lang,
    data: { url },
  };
  try {
    const reg = await navigator.serviceWorker?.getRegistration();
    if (reg?.active) {
      await reg.showNotification(title, options);
      return;
    }
  } catch {
    // No worker to ask: the page's own notification below.
  }
  try {
    const n = new Notification(title, options);
    n.onclick = () => {
      window.focus();
      n.close();
    };
  } catch {
    // A browser that shows notifications only through a service worker, and has none: the title says it.
  }
}

/** The page's notifier. */
export const attention = new Notifier();

/**
 * A game page's calls for the player (never a spectator): after each render it looks at what the
 * player is asked now (his move, an offer to answer, the game having started) and calls once for
 * each new one. The state at the first look (the page opening) is taken as known. The page's sounds
 * chime while it is open.
 */
export class GameCalls {
  private seen: string | null = null;

  constructor(
    private readonly c: PlayController,
    private readonly chimes: Chime | null = null,
    private readonly notifier: Notifier = attention,
  ) {
    notifier.chimes = chimes;
  }

  /** The page is gone: its sounds chime no more. */
  stop(): void {
    if (this.notifier.chimes === this.chimes) this.notifier.chimes = null;
  }

  look(): void {
    const c = this.c;
    if (!c.ready) return;
    const now = this.needs();
    const before = this.seen;
    this.seen = now.join(' ');
    if (before === null) return;
    const old = new Set(before.split(' '));
    const game = T.rulesetName(c.game.ruleset.info);
    for (const need of now) {
      if (old.has(need) || need === 'joining') continue;
      const [kind, who] = need.split(/[:#]/);
      this.notifier.call(kind as Call, { game, who: who && need.includes(':') ? c.name(Number(who)) : '' });
    }
    // The friends awaited have all joined: the game has started.
    if (old.has('joining') && !now.includes('joining') && !c.finished) this.notifier.call('started', { game });
  }

  /** What the player is asked now, each a word ('yourMove#12', 'drawOffered:2'), and 'joining' while friends are awaited. */
  private needs(): string[] {
    const c = this.c;
    const out: string[] = [];
    if (c.spectator) return out;
    if (c.chooser > 0 && c.live.kind !== 'animating' && c.live.kind !== 'posting') out.push(`yourMove#${c.moves.length}`);
    const o = c.net.offerToAnswer();
    if (o) out.push(`${o.offer === 'draw' ? 'drawOffered' : o.offer === 'takeback' ? 'takebackAsked' : 'rematchOffered'}:${o.by}`);
    const m = c.live;
    if (m.kind === 'waiting' && m.for === 'join') out.push('joining');
    return out;
  }
}
