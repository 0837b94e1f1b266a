/**
 * The lobby page (#/lobby, issue 21 "play with anyone"): finding an opponent without a link, over
 * the lobby's socket (lobby-socket.ts). Quick pairing: a tile for each pool (a two-player ruleset
 * at 5+3, 10+5, 30+20 or correspondence) with how many wait in it, live; a tap waits there, a
 * second tap (or Cancel) leaves. Seeks: the open ones, live, each accepted with one tap, and a
 * form that opens one (lobby-form.ts). When the server says `paired`, the game opens, on both
 * screens. Leaving the page closes the socket, and the server withdraws its seeks and pool entry;
 * a reconnection after a drop puts them back.
 */
import { whoAmI } from './account-api.js';
import { h } from './dom.js';
import { playerKey, rememberSeats, rememberedSeats } from './identity.js';
import { rulesetName, seekForm } from './lobby-form.js';
import { LobbyError, LobbySocket, type LobbyMessage, type PoolView, type SeekView } from './lobby-socket.js';
import { profileLink, ratingText } from './profile.js';
import { attention, notifyToggle } from './notify.js';
import { go, link, type Page } from './router.js';
import { I18N, T } from './text.js';

type Body = Record<string, unknown>;

/** The words for a refusal's code (the server's own message is English: it is not shown). */
const ERROR_KEYS = {
  ERR_RATE_LIMIT: 'lobby.errRateLimit',
  ERR_FORBIDDEN: 'lobby.errForbidden',
  ERR_NOT_FOUND: 'lobby.errNotFound',
  ERR_CONFLICT: 'lobby.errConflict',
  ERR_OPTION: 'lobby.errOption',
  ERR_UNKNOWN_RULESET: 'lobby.errUnknownRuleset',
  ERR_ARGUMENT: 'lobby.errArgument',
  ERR_AUTH: 'lobby.errAuth',
  ERR_OFFLINE: 'lobby.reconnecting',
} as const;

export function errorWords(code: string): string {
  const key = ERROR_KEYS[code as keyof typeof ERROR_KEYS];
  return key ? I18N.t(key) : I18N.t('lobby.errOther', { code });
}

/** A pool's clock as players name it: "5+3", or the word for correspondence. */
const speedShort = (p: PoolView): string => (p.clock === null ? I18N.t('lobby.corr') : p.speed);
const speedLong = (p: PoolView): string => (p.clock === null ? I18N.t('lobby.corrLong') : p.speed);

/** The seeker's name, when the seek carries one (an account's: it links to its page). */
function seekerName(s: SeekView): string | null {
  return typeof s.name === 'string' && s.name !== '' ? s.name : null;
}

/** The seeker's rating as shown ('1500', '1500?' while provisional), when the seek carries one. */
function seekerRating(s: SeekView): string | null {
  const r = s.rating;
  if (typeof r === 'number') return Number.isFinite(r) ? ratingText({ rating: Math.round(r), provisional: s.provisional === true }) : null;
  if (r === null || typeof r !== 'object' || typeof r.value !== 'number' || !Number.isFinite(r.value)) return null;
  return ratingText({ rating: Math.round(r.value), provisional: r.provisional === true });
}

/** Who opened a seek: the name (a link to the player's page) or "Anonymous", and the rating if told. */
function seekerLine(s: SeekView): HTMLElement {
  const name = seekerName(s);
  const rating = seekerRating(s);
  return h(
    'span',
    { class: 'meta seeker' },
    name === null ? I18N.t('lobby.anonymous') : profileLink(name),
    rating === null ? null : ` · ${I18N.t('lobby.rating', { rating })}`,
  );
}

/** What the page knows and shows. */
class LobbyView {
  readonly root = h('section', { class: 'panel lobby', 'data-state': 'connecting' });
  private readonly conn = h('p', { class: 'lobby-conn', role: 'status' }, I18N.t('lobby.connecting'));
  private readonly say = h('p', { class: 'lobby-say message', role: 'status', 'aria-live': 'polite' });
  private readonly poolsBox = h('div', { class: 'pools', role: 'group', 'aria-labelledby': 'lobby-quick' });
  private readonly seekList = h('ul', { class: 'seeks', 'aria-live': 'polite', 'aria-labelledby': 'lobby-seeks' });
  private readonly formBox = h('div', { class: 'lobby-form-box' });
  private readonly socket: LobbySocket;
  private pools = new Map<string, PoolView>();
  private seeks = new Map<string, SeekView>();
  /** Our own seeks, by id, with the message that opened each (sent again after a reconnection). */
  private mine = new Map<string, Body>();
  private myPool: string | null = null;
  private welcomed = false;
  private opened = false;
  private signedIn = false;

  constructor() {
    this.socket = new LobbySocket(playerKey(), { message: (m) => this.message(m), status: (up) => this.status(up) });
    this.root.append(
      h('h1', {}, I18N.t('lobby.title')),
      h('p', { class: 'help' }, I18N.t('lobby.intro')),
      this.conn,
      this.say,
      // Told when a seek is accepted while this page is hidden (notify.ts), after this opt-in.
      h(
        'p',
        { class: 'lobby-notify' },
        notifyToggle((text) => this.tell(text)),
      ),
      h(
        'section',
        { class: 'lobby-quick' },
        h('h2', { id: 'lobby-quick' }, I18N.t('lobby.quickTitle')),
        h('p', { class: 'help' }, I18N.t('lobby.quickHelp')),
        this.poolsBox,
      ),
      h('section', { class: 'lobby-seeks' }, h('h2', { id: 'lobby-seeks' }, I18N.t('lobby.seeksTitle')), this.seekList),
      this.formBox,
    );
  }

  start(): void {
    this.socket.start();
    whoAmI().then(
      (me) => {
        this.signedIn = me !== null;
        this.drawForm();
      },
      () => undefined,
    );
  }

  stop(): void {
    this.socket.close();
  }

  private status(up: boolean): void {
    this.root.dataset['state'] = up ? 'up' : 'reconnecting';
    this.conn.textContent = up ? '' : I18N.t('lobby.reconnecting');
    this.conn.hidden = up;
  }

  private message(m: LobbyMessage): void {
    if (m.type === 'welcome') this.welcome(m.pools, m.seeks);
    else if (m.type === 'seek') this.seeks.set(m.seek.id, m.seek);
    else if (m.type === 'unseek') this.unseek(m.id);
    else if (m.type === 'pools') this.counts(m.counts);
    else if (m.type === 'paired') {
      // Somebody accepted this key's seek (or the pool paired it): a hidden page tells the player (notify.ts).
      attention.call('seekAccepted', { game: rulesetName(m.ruleset) }, new URL(link(`/game/${m.gameId}`), location.href).href);
      this.paired(m.gameId, m.seat);
    } else if (m.type === 'error') this.tell(errorWords(m.code));
    if (m.type === 'welcome' || m.type === 'seek' || m.type === 'unseek') this.drawSeeks();
  }

  private welcome(pools: PoolView[], seeks: SeekView[]): void {
    this.pools = new Map(pools.map((p) => [p.id, p]));
    this.seeks = new Map(seeks.map((s) => [s.id, s]));
    this.drawPools();
    if (this.formBox.childElementCount === 0) this.drawForm();
    // After a drop the server withdraws what the old socket had open, once it notices: a seek of
    // ours still listed stays ours (a key cancels its seeks from any socket); one gone is opened
    // again, and the pool joined again (the entry then belongs to this socket).
    const gone = [...this.mine].filter(([id]) => !this.seeks.has(id));
    for (const [id] of gone) this.mine.delete(id);
    const again = { pool: this.myPool, seeks: gone.map(([, body]) => body) };
    this.myPool = null;
    if (this.welcomed) this.resume(again);
    this.welcomed = true;
  }

  private resume(again: { pool: string | null; seeks: Body[] }): void {
    if (again.pool !== null && this.pools.has(again.pool)) void this.joinPool(again.pool);
    for (const body of again.seeks) void this.openSeek(body);
  }

  private unseek(id: string): void {
    this.seeks.delete(id);
    this.mine.delete(id);
  }

  private counts(counts: Record<string, number>): void {
    for (const p of this.pools.values()) p.waiting = counts[p.id] ?? 0;
    this.updateTiles();
  }

  /**
   * A game was made for this key: it opens (once, whichever socket or answer tells it first). The
   * server is told it arrived (`seen`), or it would tell it again at the next hello (the page's
   * socket closes as the game opens, maybe before the browser answered the ping that confirms it).
   */
  private paired(gameId: string, seat: number): void {
    this.socket.request('seen', { gameId }).catch(() => undefined);
    if (this.opened) return;
    this.opened = true;
    rememberSeats(gameId, [...rememberedSeats(gameId), seat]);
    this.tell(I18N.t('lobby.paired'));
    go(`/game/${gameId}`);
  }

  private tell(text: string): void {
    this.say.textContent = text;
  }

  private failed(e: unknown): void {
    this.tell(e instanceof LobbyError ? errorWords(e.code) : String(e));
  }

  // ---- pools ----

  private drawPools(): void {
    const byRuleset = new Map<string, PoolView[]>();
    for (const p of this.pools.values()) byRuleset.set(p.ruleset, [...(byRuleset.get(p.ruleset) ?? []), p]);
    this.poolsBox.replaceChildren(
      ...[...byRuleset].map(([ruleset, pools]) =>
        h(
          'div',
          { class: 'pool-row', 'data-ruleset': ruleset },
          h('h3', {}, rulesetName(ruleset)),
          h(
            'div',
            { class: 'pool-tiles' },
            pools.map((p) => this.tile(p)),
          ),
        ),
      ),
    );
    this.updateTiles();
  }

  private tile(p: PoolView): HTMLElement {
    const button = h(
      'button',
      { type: 'button', class: 'pool-tile', 'data-pool': p.id, 'aria-pressed': 'false', onclick: () => void this.togglePool(p.id) },
      h('span', { class: 'pool-speed' }, speedShort(p)),
      // A space between the speed and the count: what the tile shows reads "5+3 0 waiting", words its name holds.
      ' ',
      h('span', { class: 'pool-count', 'aria-hidden': 'true' }),
    );
    const cancel = h(
      'button',
      { type: 'button', class: 'pool-cancel quiet', hidden: true, onclick: () => void this.leavePool() },
      I18N.t('lobby.cancel'),
    );
    return h('div', { class: 'pool', 'data-pool': p.id }, button, cancel);
  }

  /** Each tile's count, its label for screen readers, and whether we wait there. */
  private updateTiles(): void {
    for (const el of this.poolsBox.querySelectorAll<HTMLElement>('div.pool')) {
      const p = this.pools.get(el.dataset['pool']!);
      if (p === undefined) continue;
      const ours = this.myPool === p.id;
      const button = el.querySelector<HTMLButtonElement>('button.pool-tile')!;
      // The speed as the tile shows it, then in words where they differ ('corr (correspondence)'): the name holds what the tile shows.
      const speed = speedShort(p) === speedLong(p) ? speedLong(p) : `${speedShort(p)} (${speedLong(p)})`;
      const vars = { game: rulesetName(p.ruleset), speed, count: p.waiting };
      button.setAttribute('aria-label', I18N.t('lobby.poolLabel', vars));
      button.setAttribute('aria-pressed', String(ours));
      button.querySelector('.pool-count')!.textContent = ours ? I18N.t('lobby.youWait') : I18N.t('lobby.waiting', { count: p.waiting });
      el.classList.toggle('mine', ours);
      el.querySelector<HTMLElement>('.pool-cancel')!.hidden = !ours;
    }
  }

  private togglePool(id: string): Promise<void> {
    return this.myPool === id ? this.leavePool() : this.joinPool(id);
  }

  private async joinPool(id: string): Promise<void> {
    try {
      const ack = await this.socket.request('pool-join', { pool: id });
      this.myPool = String(ack['pool']);
      const p = this.pools.get(this.myPool);
      if (p !== undefined && typeof ack['waiting'] === 'number') p.waiting = ack['waiting'];
      if (p !== undefined) this.tell(I18N.t('lobby.youWaitIn', { game: rulesetName(p.ruleset), speed: speedLong(p) }));
      this.updateTiles();
    } catch (e) {
      this.failed(e);
    }
  }

  private async leavePool(): Promise<void> {
    const was = this.myPool;
    try {
      await this.socket.request('pool-leave');
      if (this.myPool === was) this.myPool = null;
      const p = was === null ? undefined : this.pools.get(was);
      if (p !== undefined) p.waiting = Math.max(0, p.waiting - 1);
      this.tell('');
      this.updateTiles();
    } catch (e) {
      this.failed(e);
    }
  }

  // ---- seeks ----

  private drawSeeks(): void {
    const seeks = [...this.seeks.values()].sort((a, b) => a.created - b.created);
    if (seeks.length === 0) this.seekList.replaceChildren(h('li', { class: 'empty' }, I18N.t('lobby.noSeeks')));
    else this.seekList.replaceChildren(...seeks.map((s) => this.seekItem(s)));
  }

  private seekItem(s: SeekView): HTMLElement {
    const ours = this.mine.has(s.id);
    const who = seekerName(s) ?? I18N.t('lobby.anonymous');
    const seat = s.colour === 'random' ? 'lobby.seatsDrawn' : ours === (s.colour === 'first') ? 'lobby.youFirst' : 'lobby.theyFirst';
    const terms = [
      s.clock === null ? T.clockNone : T.clockPreset(s.clock.baseMs / 60_000, s.clock.incrementMs / 1000),
      I18N.t(s.rated ? 'lobby.rated' : 'lobby.casual'),
      I18N.t(seat),
      s.preset === null ? null : (I18N.lookup(`options.preset.${s.preset}`) ?? s.preset),
      s.range === null ? null : I18N.t('lobby.range', { min: s.range.min, max: s.range.max }),
    ].filter((x): x is string => x !== null);
    const action = ours
      ? h('button', { type: 'button', class: 'seek-cancel', onclick: () => void this.cancelSeek(s.id) }, I18N.t('lobby.cancelSeek'))
      : h(
          'button',
          {
            type: 'button',
            class: 'seek-accept primary',
            'aria-label': I18N.t('lobby.acceptLabel', { game: rulesetName(s.ruleset), who }),
            onclick: () => void this.accept(s.id),
          },
          I18N.t('lobby.accept'),
        );
    return h(
      'li',
      { class: ours ? 'seek mine' : 'seek', 'data-seek': s.id },
      h(
        'div',
        { class: 'seek-text' },
        h('strong', {}, rulesetName(s.ruleset)),
        h('span', { class: 'meta' }, terms.join(' · ')),
        ours ? h('span', { class: 'meta seeker' }, I18N.t('lobby.yours')) : seekerLine(s),
      ),
      action,
    );
  }

  private async openSeek(body: Body): Promise<void> {
    try {
      const ack = await this.socket.request('seek', body);
      const seek = ack['seek'] as SeekView;
      this.mine.set(seek.id, body);
      this.seeks.set(seek.id, seek);
      this.tell(`${I18N.t('lobby.opened')} ${I18N.t('lobby.yoursHelp')}`);
      this.drawSeeks();
    } catch (e) {
      this.failed(e);
    }
  }

  private async cancelSeek(id: string): Promise<void> {
    try {
      await this.socket.request('cancel', { seek: id });
      this.unseek(id);
      this.tell('');
      this.drawSeeks();
    } catch (e) {
      this.failed(e);
    }
  }

  private async accept(id: string): Promise<void> {
    try {
      const ack = await this.socket.request('accept', { seek: id });
      this.paired(String(ack['gameId']), Number(ack['seat']));
    } catch (e) {
      this.failed(e);
    }
  }

  private drawForm(): void {
    const rulesets = [...new Set([...this.pools.values()].map((p) => p.ruleset))];
    if (rulesets.length === 0) return;
    this.formBox.replaceChildren(seekForm(rulesets, this.signedIn, (body) => void this.openSeek(body)));
  }
}

export const lobbyPage: Page = (root) => {
  document.title = `${I18N.t('lobby.title')} · ${T.appTitle}`;
  const view = new LobbyView();
  root.append(view.root);
  view.start();
  return () => view.stop();
};
