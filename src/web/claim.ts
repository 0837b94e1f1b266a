/**
 * Leaving, seen from the one who stays (docs/online.md `claim`, lichess's rule): once every
 * opponent's presence dot has gone grey in a live online game, the page counts down the server's
 * delay and then offers "Claim the win" and "Call it a draw"; a press sends the `claim` action and
 * the end is shown in words (controller.ts `endText`). The server decides: it counts from when it
 * saw the seat go and refuses an early claim with how long to wait, and the countdown then follows
 * the server's answer. The page's own count starts at the server's default, CLAIM_AFTER_MS, from
 * when it learnt that the opponents left; the panel shows after GRACE_MS of it (a socket just
 * opening or back at once shows nothing). The page never claims by itself.
 */
import type { PlayController } from './controller.js';
import { h } from './dom.js';
import { I18N } from './text.js';

/** The server's delay by default (src/server/play.ts CLAIM_AFTER_MS): the page's first guess. */
export const CLAIM_AFTER_MS = 30_000;
/**
 * How long an opponent is gone before the panel shows: a game just opened, or a page just loaded,
 * may not have the other's socket yet, and a dropped connection is often back within a second.
 */
export const GRACE_MS = 3000;

/**
 * The opponents a claim would be against, when every one of them is gone: the people's seats this
 * browser does not hold. None: no claim now (not online, a spectator, over, correspondence, the
 * page's own connection down, someone still to join, or an opponent connected).
 */
export function goneOpponents(c: PlayController): number[] {
  if (!c.ready || !c.online || c.spectator || c.finished || c.connection !== 'up') return [];
  if (c.clock?.perMoveMs !== undefined || c.unjoined().length > 0) return [];
  const live = c.live.kind;
  if (live === 'loading' || live === 'missing' || live === 'closed') return [];
  const others = c.doc.seats.map((s) => s.seat).filter((p) => c.isHuman(p) && !c.holds(p));
  return others.some((p) => c.presence.connected.includes(p)) ? [] : others;
}

/** The panel under the board: the countdown, then the two buttons. */
export class ClaimView {
  readonly el = h('section', { class: 'claim', hidden: true, 'aria-labelledby': 'claim-gone' });
  private readonly gone = h('p', { class: 'claim-gone', id: 'claim-gone', role: 'status' });
  /** The seconds left, not announced each second (the status above says when the buttons come). */
  private readonly count = h('p', { class: 'claim-count' });
  private readonly win = h('button', { type: 'button', class: 'claim-win primary' }, I18N.t('play.claimWin'));
  private readonly draw = h('button', { type: 'button', class: 'claim-draw' }, I18N.t('play.claimDraw'));
  /** Since when (this page's time) every opponent is gone, and when the claim may be made as far as this page knows. */
  private goneAt: number | null = null;
  private readyAt = 0;
  private ticker: ReturnType<typeof setInterval> | undefined;
  private sending = false;

  constructor(
    private readonly c: PlayController,
    private readonly now: () => number = () => Date.now(),
  ) {
    this.win.addEventListener('click', () => void this.send('win'));
    this.draw.addEventListener('click', () => void this.send('draw'));
    this.el.append(this.gone, this.count, h('div', { class: 'claim-buttons' }, this.win, this.draw));
  }

  render(): void {
    const gone = goneOpponents(this.c);
    const now = this.now();
    if (gone.length === 0) this.goneAt = null;
    else if (this.goneAt === null) {
      this.goneAt = now;
      this.readyAt = now + CLAIM_AFTER_MS;
    }
    if (this.goneAt === null || now - this.goneAt < GRACE_MS) {
      this.el.hidden = true;
      delete this.el.dataset['state'];
      this.tick(this.goneAt !== null);
      return;
    }
    const left = Math.max(0, this.readyAt - now);
    const open = left === 0;
    this.el.hidden = false;
    this.el.dataset['state'] = open ? 'open' : 'waiting';
    const said = `${I18N.t(gone.length > 1 ? 'play.claimGoneAll' : 'play.claimGone')}${open ? ` ${I18N.t('play.claimNow')}` : ''}`;
    if (this.gone.textContent !== said) this.gone.textContent = said;
    this.count.hidden = open;
    this.count.textContent = open ? '' : I18N.t('play.claimWait', { seconds: Math.ceil(left / 1000) });
    this.win.hidden = this.draw.hidden = !open;
    this.win.disabled = this.draw.disabled = this.sending;
    this.tick(!open);
  }

  /**
   * Counts down while waiting (a render a quarter second: the panel's showing, the seconds, the
   * moment the buttons come). It stops by itself once the page is gone (the controller closed:
   * nobody to claim against).
   */
  private tick(on: boolean): void {
    if (on && this.ticker === undefined) this.ticker = setInterval(() => this.render(), 250);
    if (!on && this.ticker !== undefined) {
      clearInterval(this.ticker);
      this.ticker = undefined;
    }
  }

  private async send(outcome: 'win' | 'draw'): Promise<void> {
    if (this.sending) return;
    this.sending = true;
    this.render();
    const wait = await this.c.claim(outcome);
    this.sending = false;
    // Early: the server's count, not the page's (an opponent there after all: the count starts again).
    if (wait > 0 && this.goneAt !== null) this.readyAt = this.now() + (Number.isFinite(wait) ? wait : CLAIM_AFTER_MS);
    this.render();
  }
}
