/**
 * The game screen's views: each owns a few elements and renders what the controller holds (its
 * mode, the moves, the message). None decides anything; a click is handed to the controller.
 */
import { END_REASONS, optionValueWords, type State } from '@gabata/engine/core';
import { Board, type BoardState } from './board.js';
import { ClaimView } from './claim.js';
import type { PlayController } from './controller.js';
import type { CommentLine, Offer, RoundSummary } from './controller-modes.js';
import { controlsOf, describeChoice, endText, pageState, statusText } from './controller-views.js';
import { fill, h } from './dom.js';
import { isOver, isSimultaneous, landmarks, type SeatPerson } from './engine.js';
import { boardTurned, inviteLink, rememberedInvites, setBoardTurned, watchLink } from './identity.js';
import { notifyToggle } from './notify.js';
import { optionLabel, valueWords } from './option-words.js';
import { profileLink, ratingText } from './profile.js';
import { link } from './router.js';
import type { Sounds } from './sound.js';
import { I18N, T, clauseText, clauses, clausesOf, endReasonText } from './text.js';
import { clockText } from './when.js';

export const SPEEDS: Record<string, number> = { off: 0, fast: 90, normal: 240, slow: 500 };

/** The animation speed: `?anim=` in the address wins, then the saved choice, then 'normal'. */
export function speedSetting(): string {
  const forced = new URLSearchParams(location.search).get('anim');
  if (forced && forced in SPEEDS) return forced;
  const saved = localStorage.getItem('gabata.speed');
  return saved && saved in SPEEDS ? saved : 'normal';
}

/** Is the sowing's track drawn on the board (the remembered choice, `gabata.track`)? Off by default. */
export function trackSetting(): boolean {
  return localStorage.getItem('gabata.track') === 'on';
}

function ruleChip(rule: string | undefined): HTMLElement | null {
  if (!rule) return null;
  return h('abbr', { class: 'rule', title: clauseText(rule) || rule }, rule);
}

/** Is seat p's own near row at the top of the board as drawn unturned (so its player wants it turned)? */
function farSide(c: PlayController, p: number): boolean {
  const g = c.game.geometry;
  const s0 = c.states[0]!;
  let sum = 0;
  let n = 0;
  for (let hole = 0; hole < g.holeCount; hole++) {
    if (s0.owners[hole] !== p) continue;
    sum += g.holeRow[hole]!;
    n++;
  }
  return n > 0 && sum / n > (g.rows - 1) / 2;
}

/** Whether the board is drawn turned: a player online sees his own near row at the bottom, the setting turns it. */
export function turnedFor(c: PlayController): boolean {
  const own = c.online && !c.spectator ? [...c.mine].sort((a, b) => a - b)[0] : undefined;
  const auto = own !== undefined && farSide(c, own);
  return auto !== boardTurned();
}

/** The board and the players' piles beside it: the shown position, or the frame being animated. */
export class BoardView {
  private board: Board | null = null;

  constructor(
    private readonly box: HTMLElement,
    private readonly playersBar: HTMLElement,
    private readonly c: PlayController,
  ) {}

  /** Builds the board for the game's ruleset and the way it is turned (again, when that changed). */
  prepare(): Board | null {
    const c = this.c;
    if (!c.ready) return null;
    const turned = turnedFor(c);
    if (this.board && this.board.turned !== turned) {
      this.board.svg.remove();
      this.board = null;
    }
    if (!this.board) {
      this.board = new Board(this.box, c.game.geometry, c.game.players, (hole) => c.tap(hole), turned);
      this.box.setAttribute('data-ruleset', c.game.ruleset.info.id);
      this.box.dataset['turned'] = String(turned);
    }
    return this.board;
  }

  render(): void {
    const c = this.c;
    const board = this.prepare();
    if (!board) return;
    // Every render, so that a new board (turned, or the first) and the toggle both show the setting.
    board.setTrack(trackSetting());
    const d = c.display();
    const { legal, hot, last, hint } = d;
    board.render(d.frame, {
      legal,
      hot,
      last,
      hint,
      landmarks: landmarks(c.game, d.state),
      markWord: c.words.mark,
      unit: c.words.unit,
      name: c.name,
    });
    this.renderPlayers(d.frame, d.state);
  }

  /**
   * The person is to choose again (the computer replied, a round began): the keyboard's focus goes
   * back to the board, on the focused hole if it can be played, else on the first playable hole (or
   * on Pass when passing is all there is). Focus on another control (a menu, a button still shown)
   * stays where the player put it.
   */
  focusForChoice(pass: HTMLElement): void {
    const board = this.board;
    if (!board) return;
    const active = document.activeElement;
    const inBoard = active instanceof Element && board.svg.contains(active);
    const lost = !active || active === document.body || (active instanceof HTMLElement && active.offsetParent === null);
    if (!inBoard && !lost) return;
    if (inBoard && active.classList.contains('legal')) return;
    const first = board.svg.querySelector<SVGGElement>('.hole.legal');
    if (first) first.focus();
    else if (!pass.hidden) pass.focus();
  }

  /** The clocks only (they run down between renders). */
  renderClocks(): void {
    const c = this.c;
    if (!c.ready || !c.clock) return;
    for (const el of Array.from(this.playersBar.querySelectorAll<HTMLElement>('.clock'))) {
      const p = Number(el.dataset['seat']);
      const left = c.net.clockLeft(p);
      el.textContent = clockText(left);
      el.classList.toggle('low', left < Math.min(20_000, c.clock.baseMs / 10));
      el.classList.toggle('running', c.clock.running === p && !c.finished);
    }
  }

  private renderPlayers(v: BoardState, s: State): void {
    const { c } = this;
    const hasStores = c.game.geometry.stores.length > 0;
    const pile = hasStores ? T.store : T.hand;
    const online = c.online;
    const players = Array.from({ length: c.game.players }, (_, i) => {
      const p = i + 1;
      const active = !c.finished && (s.toMove === p || (isSimultaneous(s) && s.active[p]));
      const out = s.active[p] === 0;
      const mineMark = c.isHuman(p) && c.holds(p) && (online || (c.myPeople().length === 1 && c.game.players > 1));
      const you = mineMark ? h('span', { class: 'you' }, ` ${T.youMark}`) : null;
      const reserve = v.reserve[p] ?? 0;
      // During an outage nobody is known to be there: every dot is grey until the server says again.
      const connected = c.connection !== 'down' && c.presence.connected.includes(p);
      const person = c.doc.seats[i]?.person;
      const dot =
        online && c.isHuman(p)
          ? h('span', {
              class: `dot${connected ? ' on' : ''}`,
              'data-connected': String(connected),
              title: connected ? T.connectedMark : T.disconnectedMark,
              'aria-label': connected ? T.connectedMark : T.disconnectedMark,
            })
          : null;
      const chosen = online && isSimultaneous(s) && c.committed.includes(p) ? h('span', { class: 'chosen' }, T.chosenMark) : null;
      return h(
        'div',
        { class: `player owner-${p}${active ? ' to-move' : ''}${out ? ' out' : ''}`, 'data-player': p },
        h('span', { class: `swatch owner-${p}` }),
        dot,
        h('span', { class: 'pname' }, person ? profileLink(person.name) : c.name(p), you),
        person ? personRating(person) : null,
        h('span', { class: 'pile', title: pile, 'data-captured': v.captured[p] ?? 0 }, `${v.captured[p] ?? 0} ${pile}`),
        reserve > 0 ? h('span', { class: 'pile reserve', 'data-reserve': reserve }, `${reserve} ${T.reserve}`) : null,
        // A computer's seat has no clock that runs (the server times people only): none is shown.
        c.clock && c.isHuman(p) ? h('span', { class: 'clock', 'data-seat': p, role: 'timer' }) : null,
        chosen,
      );
    });
    const watchers = online && c.presence.spectators > 0 ? h('span', { class: 'spectators' }, T.spectators(c.presence.spectators)) : null;
    this.playersBar.replaceChildren(...players, ...(watchers ? [watchers] : []));
    this.renderClocks();
  }
}

/** A seat's account's rating beside his name ('1500?' while provisional), and after a rated game what it did to it ('+12'). */
function personRating(person: SeatPerson): HTMLElement {
  const diff = person.ratingDiff;
  const change =
    diff === undefined
      ? null
      : h(
          'span',
          {
            class: `rdiff${diff > 0 ? ' up' : diff < 0 ? ' down' : ''}`,
            'data-diff': diff,
            title: I18N.t('play.ratingChange', { diff: I18N.formatNumber(diff, { signDisplay: 'exceptZero' }) }),
          },
          I18N.formatNumber(diff, { signDisplay: 'exceptZero' }),
        );
  const text = ratingText(person);
  return h(
    'span',
    { class: 'prating', 'data-rating': person.rating, title: I18N.t('play.ratingOf', { rating: text }) },
    text,
    change ? ' ' : null,
    change,
  );
}

/** Title, status line, the history notice, the message, and the page's data-state and data-ply. */
export function renderStatus(
  els: { page: HTMLElement; title: HTMLElement; status: HTMLElement; viewing: HTMLElement; message: HTMLElement },
  c: PlayController,
): void {
  const m = c.mode;
  if (m.kind === 'missing') els.title.textContent = T.notFound;
  else if (c.ready) {
    const name = T.rulesetName(c.game.ruleset.info);
    els.title.textContent = c.hasRounds ? `${name} · ${T.round(c.liveState.round)}` : name;
  }
  els.status.textContent = statusText(c);
  els.viewing.hidden = m.kind !== 'history';
  if (m.kind === 'history') els.viewing.textContent = T.viewingPly(m.ply, c.moves.length);
  // The message is an alert: rewritten only when it changes, so that it is announced once.
  const message = `${m.kind === 'missing' ? 'missing' : ''}:${c.message}`;
  if (els.message.dataset['shown'] !== message) {
    els.message.dataset['shown'] = message;
    fill(els.message, c.message, m.kind === 'missing' ? [' ', h('a', { href: link('/') }, T.backHome)] : null);
  }
  els.page.dataset['ply'] = String(c.moves.length);
  els.page.dataset['state'] = pageState(c);
}

/** The running commentary: one line per event, the oldest dropped past 300. */
export function appendComment(list: HTMLElement, line: CommentLine): void {
  list.append(h('li', { class: line.cls }, line.text, ' ', ruleChip(line.rule)));
  while (list.childElementCount > 300) list.firstElementChild?.remove();
  list.scrollTop = list.scrollHeight;
}

/** The moves so far; the shown one is marked, and a click shows the position after it. */
export function renderMoveList(list: HTMLElement, c: PlayController): void {
  list.replaceChildren(
    ...c.moves.map((m, i) => {
      const current = c.shownPly === i + 1;
      return h(
        'li',
        {},
        h(
          'button',
          { class: `move${current ? ' current' : ''}`, 'aria-current': current ? 'step' : undefined, onclick: () => c.step(i + 1) },
          c.moveLabel(m, c.states[i]!),
        ),
      );
    }),
  );
  // Scroll the list itself, never the page (scrollIntoView would move a phone's view away from the board).
  const cur = list.querySelector<HTMLElement>('.current');
  if (cur) list.scrollTop = Math.max(0, cur.offsetTop - list.clientHeight / 2);
}

/** The buttons under the board and beside the move list. */
export class Controls {
  readonly speed: HTMLSelectElement;
  readonly skip: HTMLButtonElement;
  readonly hint: HTMLButtonElement;
  readonly undo: HTMLButtonElement;
  readonly pass: HTMLButtonElement;
  readonly concede: HTMLButtonElement;
  readonly steps: HTMLButtonElement[];
  readonly resign: HTMLButtonElement;
  readonly draw: HTMLButtonElement;
  readonly rematch: HTMLButtonElement;
  /** The board-turning setting (remembered). */
  readonly turn: HTMLLabelElement;
  /** The sound and track toggles (buttons that stay pressed while on; remembered). */
  readonly sound: HTMLButtonElement;
  /** The opt-in to system notifications while the page is hidden (notify.ts): asks the browser's permission on the tap. */
  readonly notify: HTMLButtonElement;
  readonly track: HTMLButtonElement;
  /** Plays the opening race again: beside the board at ply 0, and at the head of the move list. */
  readonly watchRace: HTMLButtonElement;
  readonly watchRaceList: HTMLButtonElement;

  constructor(
    private readonly c: PlayController,
    sounds: Sounds | null = null,
  ) {
    const speedName = (k: string): string => T[`speed${k[0]!.toUpperCase()}${k.slice(1)}` as 'speedOff'];
    const saveSpeed = (e: Event): void => localStorage.setItem('gabata.speed', (e.target as HTMLSelectElement).value);
    this.speed = h(
      'select',
      { 'aria-label': T.speed, class: 'speed', onchange: saveSpeed },
      Object.keys(SPEEDS).map((k) => h('option', { value: k, selected: k === speedSetting() }, speedName(k))),
    );
    this.skip = h('button', { class: 'skip', disabled: true, onclick: () => c.skip() }, T.skip);
    this.hint = h('button', { class: 'hint', onclick: () => void c.askHint() }, T.hint);
    this.undo = h('button', { class: 'undo', onclick: () => void c.undo() }, T.undo);
    this.pass = h('button', { class: 'pass', hidden: true, onclick: () => c.playSpecial('pass') }, T.pass);
    this.concede = h('button', { class: 'concede quiet', hidden: true, onclick: () => c.playSpecial('concede') }, T.concede);
    const resign = (): void => {
      if (confirm(T.confirmResign)) void c.act('resign');
    };
    this.resign = h('button', { class: 'resign quiet', hidden: true, onclick: resign }, T.resign);
    this.draw = h('button', { class: 'draw quiet', hidden: true, onclick: () => void c.act('draw') }, T.offerDraw);
    this.rematch = h('button', { class: 'rematch primary', hidden: true, onclick: () => void c.act('rematch') }, T.rematch);
    const turnBox = h('input', {
      type: 'checkbox',
      class: 'turn-board',
      checked: boardTurned(),
      onchange: (e: Event) => {
        setBoardTurned((e.target as HTMLInputElement).checked);
        c.refresh();
      },
    });
    this.turn = h('label', { class: 'turn-label' }, turnBox, ` ${T.turnBoard}`);
    const toggle = (cls: string, label: string, help: string, on: boolean, flip: (on: boolean) => void): HTMLButtonElement => {
      const b = h('button', { type: 'button', class: `toggle ${cls}`, title: help, 'aria-pressed': String(on) }, label);
      b.addEventListener('click', () => {
        const now = b.getAttribute('aria-pressed') !== 'true';
        b.setAttribute('aria-pressed', String(now));
        flip(now);
      });
      return b;
    };
    this.sound = toggle('sound', I18N.t('play.sound'), I18N.t('play.soundHelp'), sounds?.enabled ?? false, (on) => sounds?.set(on));
    this.sound.hidden = sounds === null;
    this.notify = notifyToggle((text) => c.say(text));
    this.track = toggle('track', I18N.t('play.track'), I18N.t('play.trackHelp'), trackSetting(), (on) => {
      localStorage.setItem('gabata.track', on ? 'on' : 'off');
      c.refresh();
    });
    const watch = (cls: string): HTMLButtonElement =>
      h('button', { type: 'button', class: `${cls} quiet`, hidden: true, onclick: () => c.watchRaceAgain() }, I18N.t('play.watchRace'));
    this.watchRace = watch('watch-race');
    this.watchRaceList = watch('watch-race-list');
    const stepButton = (label: string, to: number | 'start' | 'live', glyph: string): HTMLButtonElement =>
      h('button', { 'aria-label': label, title: label, onclick: () => c.step(to) }, glyph);
    this.steps = [
      stepButton(T.toStart, 'start', '«'),
      stepButton(T.stepBack, -1, '◀'),
      stepButton(T.stepForward, 1, '▶'),
      stepButton(T.toLive, 'live', '»'),
    ];
  }

  /** Milliseconds per animation frame at the chosen speed. */
  frameDelay(): number {
    return SPEEDS[this.speed.value] ?? 0;
  }

  render(): void {
    const can = controlsOf(this.c);
    this.undo.hidden = !can.player;
    this.undo.textContent = this.c.online ? T.takebackRequest : T.undo;
    this.undo.disabled = !can.undo;
    this.hint.hidden = !can.player || this.c.online;
    this.resign.hidden = !can.resign;
    this.draw.hidden = !can.draw;
    this.rematch.hidden = !can.rematch;
    this.hint.disabled = !can.hint;
    this.skip.disabled = !can.skip;
    this.pass.hidden = !can.pass;
    this.concede.hidden = !can.concede;
    for (const b of this.steps) b.disabled = !can.steps;
    const race = this.c.ready && this.c.hasOpeningRace;
    // Beside the board while the game is at its first position; at the head of the move list after.
    this.watchRace.hidden = !race || this.c.moves.length > 0;
    this.watchRaceList.hidden = !race || this.c.moves.length === 0;
    this.watchRace.disabled = this.watchRaceList.disabled = !can.watchRace;
  }
}

/** The ways of playing one hole, when it has several; focus goes to the first as it opens. */
export class OfferPopup {
  private shown: Offer | null = null;

  constructor(
    readonly el: HTMLElement,
    private readonly c: PlayController,
  ) {}

  render(): void {
    const m = this.c.mode;
    const offer = m.kind === 'choosing' || m.kind === 'race' ? m.offer : null;
    if (offer === this.shown) return;
    this.shown = offer;
    this.el.hidden = offer === null;
    if (!offer) return;
    this.el.replaceChildren(
      h('p', {}, T.chooseHow(offer.hole)),
      ...offer.choices.map((x) =>
        h('button', { class: 'choice', 'data-move': x.text, onclick: () => this.c.takeOffer(x) }, describeChoice(x)),
      ),
      h('button', { class: 'quiet', onclick: () => this.c.dismissOffer() }, T.cancel),
    );
    (this.el.querySelector('button') as HTMLButtonElement | null)?.focus();
  }
}

/** The summary of the round just ended: the tally and the holes that change hands. */
export class RoundSummaryView {
  private shown: RoundSummary | null = null;

  constructor(
    readonly el: HTMLElement,
    private readonly c: PlayController,
  ) {}

  render(): void {
    const s = this.c.summary;
    if (s === this.shown) return;
    this.shown = s;
    this.el.hidden = s === null;
    if (!s) return;
    const { end, redistribute: redis } = s;
    const name = this.c.name;
    fill(
      this.el,
      h('h2', { id: 'round-summary-title' }, T.roundSummary(end.round)),
      h(
        'p',
        {},
        `${T.tally}: `,
        end.totals
          .slice(1)
          .map((t, i) => `${name(i + 1)} ${t}`)
          .join(', '),
        ' ',
        ruleChip(end.rule),
      ),
      redis
        ? h(
            'div',
            {},
            h('h3', {}, T.holesChange, ' ', ruleChip(redis.rule)),
            redis.changes.length
              ? h(
                  'ul',
                  {},
                  redis.changes.map((x) => h('li', {}, T.holeMoves(x.hole, name(x.from), name(x.to)))),
                )
              : h('p', {}, T.noHolesChange),
          )
        : null,
      h('p', { class: 'summary-waits' }, T.summaryWaits),
      h('button', { class: 'primary continue', onclick: () => this.c.dismissSummary() }, T.continue),
    );
    // The panel waits for the player: its Continue button takes the keyboard's focus.
    this.el.querySelector<HTMLButtonElement>('button.continue')?.focus();
  }
}

/** The match's result, once it is over. */
export function renderResult(el: HTMLElement, c: PlayController): void {
  const s = c.ready ? c.liveState : null;
  el.hidden = !s || !c.finished || c.live.kind === 'animating';
  if (!s || el.hidden) return;
  const end = c.end && c.end.reason !== 'rules' ? c.end : null;
  const winner = end ? end.winner : s.winner;
  const reason = END_REASONS[s.endReason] ?? 'rules';
  const why = end ? endText(c) : null;
  fill(
    el,
    h('h2', {}, winner > 0 ? T.resultWin(c.name(winner)) : T.resultDraw),
    why ? h('p', { class: 'end-reason', 'data-reason': end?.reason }, why) : null,
    !end && reason !== 'rules' && reason !== 'none' ? h('p', {}, endReasonText(reason, I18N)) : null,
    isOver(s)
      ? h('p', {}, `${T.scores}: `, Array.from({ length: c.game.players }, (_, i) => `${c.name(i + 1)} ${s.scores[i + 1]}`).join(', '))
      : null,
    h('a', { class: 'button primary', href: link(`/new/${c.game.ruleset.info.id}`) }, T.newGameAgain),
  );
}

/** The rules panel, closed: its clauses and options are written when it is first opened. */
export function renderRulesWhenOpened(panel: HTMLDetailsElement, c: PlayController): void {
  panel.replaceChildren(h('summary', {}, h('h2', {}, T.rules)));
  const open = (): void => {
    if (!panel.open) return;
    panel.removeEventListener('toggle', open);
    renderRules(panel, c);
  };
  panel.addEventListener('toggle', open);
}

/** The rules panel: the ruleset's clauses in words and the options in effect. */
export function renderRules(panel: HTMLElement, c: PlayController): void {
  const { game } = c;
  const families = game.ruleset.info.ruleFamilies;
  const optionLines = game.ruleset.options.map((o) => {
    const v = game.options[o.name];
    // In the page's language (the catalogue's words for the option's value, else its question; the
    // English of both is the option's own), the option's own English where the catalogue has none.
    const id = game.ruleset.info.id;
    const words = v === undefined ? undefined : (valueWords(I18N, id, o, v) ?? optionLabel(I18N, id, o));
    const explain = words ?? (v === undefined ? o.question : (optionValueWords(o, v) ?? o.question));
    return h('li', {}, h('code', { translate: 'no' }, `${o.name} = ${String(v)}`), ' ', explain ?? '');
  });
  panel.replaceChildren(
    h('summary', {}, h('h2', {}, T.rules)),
    h('p', { class: 'summary' }, T.rulesetSummary(game.ruleset.info)),
    h('p', { class: 'help' }, T.rulesIntro),
    ...families.map((f) =>
      h(
        'ul',
        { class: 'clauses' },
        clausesOf(f).map((id) => h('li', { 'data-clause': id }, h('span', { class: 'refs' }, id), ' ', clauses()[id]!)),
      ),
    ),
    h('h3', {}, T.options),
    h('ul', { class: 'in-effect' }, optionLines),
  );
}

/** What online play adds around the board: the connection banner, an offer to answer, the invitations, a claim when the others left. */
export class OnlineViews {
  readonly banner = h('p', { class: 'banner reconnecting', role: 'status', hidden: true }, T.reconnecting);
  readonly prompt = h('div', { class: 'offer-prompt', role: 'alertdialog', hidden: true });
  readonly invites = h('section', { class: 'invites panel', hidden: true });
  readonly watching = h('p', { class: 'watching', hidden: true }, T.spectatorNoMoves);
  readonly claim: ClaimView;
  private promptKey = '';
  private invitesKey = '';

  constructor(private readonly c: PlayController) {
    this.claim = new ClaimView(c);
  }

  render(): void {
    const c = this.c;
    this.claim.render();
    this.banner.hidden = c.connection !== 'down';
    // Shown with the board, from the seats this browser remembers holding (every way into a game, a
    // rematch too, remembers them first), so that it arrives with the page and moves nothing; the
    // server's welcome corrects it in the rare case the memory was wrong.
    this.watching.hidden = !c.ready || !c.spectator || c.live.kind === 'missing';
    this.renderPrompt();
    this.renderInvites();
  }

  private renderPrompt(): void {
    const c = this.c;
    const o = c.ready ? c.net.offerToAnswer() : null;
    const key = o ? `${o.offer}:${o.by}:${o.toPly ?? ''}` : '';
    if (key === this.promptKey) return;
    this.promptKey = key;
    this.prompt.hidden = !o;
    if (!o) return;
    const who = c.name(o.by);
    const text = o.offer === 'takeback' ? T.asksTakeback(who) : o.offer === 'draw' ? T.offersDraw(who) : T.offersRematch(who);
    fill(
      this.prompt,
      h('p', {}, text),
      h('button', { class: 'accept primary', onclick: () => void c.answerOffer(true) }, T.accept),
      h('button', { class: 'decline', onclick: () => void c.answerOffer(false) }, T.decline),
    );
    this.prompt.dataset['offer'] = o.offer;
  }

  /** The invite links, while invited seats are empty (only the browser that made them knows them). */
  private renderInvites(): void {
    const c = this.c;
    const open = c.ready ? c.unjoined() : [];
    const invites = open.length ? rememberedInvites(c.id).filter((i) => open.includes(i.seat)) : [];
    const key = invites.map((i) => i.seat).join();
    if (key === this.invitesKey) return;
    this.invitesKey = key;
    this.invites.hidden = invites.length === 0;
    if (!invites.length) return;
    const row = (label: string, url: string, cls: string, seat?: number): HTMLElement => {
      const input = h('input', { type: 'text', readonly: true, value: url, class: cls, 'aria-label': label });
      const copy = h('button', { class: 'copy', type: 'button' }, T.copy);
      copy.addEventListener('click', () => {
        input.select();
        void navigator.clipboard?.writeText(url).then(
          () => (copy.textContent = T.copied),
          () => undefined,
        );
      });
      return h('div', { class: 'invite-row', 'data-seat': seat }, h('label', {}, label), h('div', { class: 'row' }, input, copy));
    };
    fill(
      this.invites,
      h('h2', {}, T.invitesTitle),
      h('p', { class: 'help' }, T.invitesHelp),
      invites.map((i) => row(T.inviteFor(c.name(i.seat)), inviteLink(c.id, i.token), 'invite-link', i.seat)),
      row(T.watchLinkLabel, watchLink(c.id), 'watch-link'),
    );
  }
}
