/**
 * The quick messages of an online game: a button per phrase (QUICK_PHRASES, the only things a
 * player may say: the server refuses anything else), a small log of what was said, written in
 * this page's language whatever the speaker's, and a switch to hide them all, remembered in this
 * browser. The panel shows once the live `welcome` says this page holds a seat of an online game.
 */
import { QUICK_PHRASES, type QuickPhrase } from '../i18n/locales/areas/players.js';
import { h } from './dom.js';
import type { LiveMessage } from './live.js';
import { I18N } from './text.js';

/** Where the off switch is kept. */
export const QUICK_HIDDEN_KEY = 'gabata.quickMessages.hidden';
/** Lines kept in the log. */
const LOG_LINES = 20;

const P = (key: string, vars: Record<string, string | number> = {}): string => I18N.lookup(`players.${key}`, vars) ?? key;

function hiddenSetting(): boolean {
  try {
    return localStorage.getItem(QUICK_HIDDEN_KEY) === '1';
  } catch {
    return false;
  }
}

function rememberHidden(hidden: boolean): void {
  try {
    if (hidden) localStorage.setItem(QUICK_HIDDEN_KEY, '1');
    else localStorage.removeItem(QUICK_HIDDEN_KEY);
  } catch {
    /* storage refused: the switch holds for this page only */
  }
}

/** What the panel sends with: the live socket's `send` (false when it is down). */
export type QuickSend = (msg: Record<string, unknown>) => boolean;

export class QuickMessages {
  readonly el: HTMLElement;
  private readonly buttons: HTMLElement;
  private readonly log: HTMLElement;
  private seats: number[] = [];
  private hidden = hiddenSetting();
  constructor(private readonly send: QuickSend) {
    const toggle = h('input', { type: 'checkbox', class: 'quick-hide', checked: this.hidden });
    toggle.addEventListener('change', () => this.setHidden((toggle as HTMLInputElement).checked));
    this.buttons = h(
      'div',
      { class: 'quick-buttons', role: 'group', 'aria-label': P('quickTitle') },
      QUICK_PHRASES.map((p) => h('button', { type: 'button', 'data-phrase': p, onclick: () => this.say(p) }, P(`phrase.${p}`))),
    );
    this.log = h('ol', { class: 'quick-log', 'aria-live': 'polite', 'aria-label': P('quickLog') });
    this.el = h(
      'section',
      { class: 'quick-messages', hidden: true, 'aria-label': P('quickTitle') },
      this.buttons,
      this.log,
      h('label', { class: 'quick-switch' }, toggle, ' ', P('quickHide')),
    );
    this.show();
  }

  /** A handler of the live stream that reads it here first, then passes each message on to `next`. */
  listen(next: (m: LiveMessage) => void): (m: LiveMessage) => void {
    return (m) => {
      this.onLive(m);
      next(m);
    };
  }

  /** Reads the live stream: which seats are ours (welcome), and what was said. */
  onLive(m: LiveMessage): void {
    if (m.type === 'welcome') {
      this.seats = m.seats;
      this.el.hidden = !(m.game.online === true && m.seats.length > 0);
    } else if (m.type === 'said' && !this.hidden && (QUICK_PHRASES as readonly string[]).includes(m.phrase)) {
      this.heard(m.seat, m.phrase as QuickPhrase);
    }
  }

  private heard(seat: number, phrase: QuickPhrase): void {
    const who = this.seats.includes(seat) ? P('quickYou') : P('quickSeat', { seat });
    this.log.append(h('li', { 'data-seat': seat }, P('quickSaid', { who, phrase: P(`phrase.${phrase}`) })));
    while (this.log.childElementCount > LOG_LINES) this.log.firstElementChild!.remove();
  }

  private say(phrase: QuickPhrase): void {
    const seat = this.seats[0];
    if (seat === undefined || !this.send({ type: 'say', seat, phrase })) return;
    // One a second is all the server takes: the buttons rest as long.
    for (const b of this.buttons.querySelectorAll('button')) b.disabled = true;
    setTimeout(() => {
      for (const b of this.buttons.querySelectorAll('button')) b.disabled = false;
    }, 1000);
  }

  private setHidden(hidden: boolean): void {
    this.hidden = hidden;
    rememberHidden(hidden);
    this.show();
  }

  private show(): void {
    this.buttons.hidden = this.hidden;
    this.log.hidden = this.hidden;
    if (this.hidden) this.log.replaceChildren();
  }
}
