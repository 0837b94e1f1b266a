/**
 * The game screen's views: each owns a few elements and renders what the controller holds (its
 * mode, the moves, the message). None decides anything; a click is handed to the controller.
 */
import { END_REASONS, type State } from '../core/state.js';
import { Board, type BoardState } from './board.js';
import {
  controlsOf,
  describeChoice,
  pageState,
  statusText,
  type CommentLine,
  type Offer,
  type PlayController,
  type RoundSummary,
} from './controller.js';
import { fill, h } from './dom.js';
import { isOver, isSimultaneous, landmarks } from './engine.js';
import { link } from './router.js';
import { CLAUSES, RULE_FAMILIES, T, clauseText, clausesOf, endReasonText } from './text.js';

export const SPEEDS: Record<string, number> = { off: 0, fast: 90, normal: 240, slow: 500 };

/** The animation speed: `?anim=` in the address wins, then the saved choice, then 'normal'. */
export function speedSetting(): string {
  const forced = new URLSearchParams(location.search).get('anim');
  if (forced && forced in SPEEDS) return forced;
  const saved = localStorage.getItem('gabata.speed');
  return saved && saved in SPEEDS ? saved : 'normal';
}

function ruleChip(rule: string | undefined): HTMLElement | null {
  if (!rule) return null;
  return h('abbr', { class: 'rule', title: clauseText(rule) || rule }, rule);
}

/** The board and the players' piles beside it: the shown position, or the frame being animated. */
export class BoardView {
  private board: Board | null = null;

  constructor(
    private readonly box: HTMLElement,
    private readonly playersBar: HTMLElement,
    private readonly c: PlayController,
  ) {}

  render(): void {
    const c = this.c;
    if (!c.ready) return;
    if (!this.board) {
      this.board = new Board(this.box, c.game.geometry, c.game.players, (hole) => c.tap(hole));
      this.box.setAttribute('data-ruleset', c.game.ruleset.info.id);
    }
    const d = c.display();
    const { legal, hot, last, hint } = d;
    this.board.render(d.frame, { legal, hot, last, hint, landmarks: landmarks(c.game, d.state), markWord: c.words.mark, name: c.name });
    this.renderPlayers(d.frame, d.state);
  }

  private renderPlayers(v: BoardState, s: State): void {
    const { c } = this;
    const hasStores = c.game.geometry.stores.length > 0;
    const pile = hasStores ? T.store : T.hand;
    this.playersBar.replaceChildren(
      ...Array.from({ length: c.game.players }, (_, i) => {
        const p = i + 1;
        const active = !isOver(s) && (s.toMove === p || (isSimultaneous(s) && s.active[p]));
        const out = s.active[p] === 0;
        const you = c.isHuman(p) && c.humans() === 1 && c.game.players > 1 ? h('span', { class: 'you' }, ` ${T.youMark}`) : null;
        const reserve = v.reserve[p] ?? 0;
        return h(
          'div',
          { class: `player owner-${p}${active ? ' to-move' : ''}${out ? ' out' : ''}`, 'data-player': p },
          h('span', { class: `swatch owner-${p}` }),
          h('span', { class: 'pname' }, c.name(p), you),
          h('span', { class: 'pile', title: pile, 'data-captured': v.captured[p] ?? 0 }, `${v.captured[p] ?? 0} ${pile}`),
          reserve > 0 ? h('span', { class: 'pile reserve', 'data-reserve': reserve }, `${reserve} ${T.reserve}`) : null,
        );
      }),
    );
  }
}

/** Title, status line, the history notice, the message, and the page's data-state and data-ply. */
export function renderStatus(
  els: { page: HTMLElement; title: HTMLElement; status: HTMLElement; viewing: HTMLElement; message: HTMLElement },
  c: PlayController,
): void {
  const m = c.mode;
  if (m.kind === 'missing') els.title.textContent = T.notFound;
  else if (c.ready) els.title.textContent = `${c.game.ruleset.info.name} · ${T.round(c.liveState.round)}`;
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

  constructor(private readonly c: PlayController) {
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
    this.undo.disabled = !can.undo;
    this.hint.disabled = !can.hint;
    this.skip.disabled = !can.skip;
    this.pass.hidden = !can.pass;
    this.concede.hidden = !can.concede;
    for (const b of this.steps) b.disabled = !can.steps;
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
      h('h2', {}, T.roundSummary(end.round)),
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
      h('button', { onclick: () => this.c.dismissSummary() }, T.continue),
    );
  }
}

/** The match's result, once it is over. */
export function renderResult(el: HTMLElement, c: PlayController): void {
  const s = c.ready ? c.liveState : null;
  el.hidden = !s || !isOver(s);
  if (!s || el.hidden) return;
  const reason = END_REASONS[s.endReason] ?? 'rules';
  fill(
    el,
    h('h2', {}, s.winner > 0 ? T.resultWin(c.name(s.winner)) : T.resultDraw),
    reason !== 'rules' && reason !== 'none' ? h('p', {}, endReasonText(reason)) : null,
    h('p', {}, `${T.scores}: `, Array.from({ length: c.game.players }, (_, i) => `${c.name(i + 1)} ${s.scores[i + 1]}`).join(', ')),
    h('a', { class: 'button primary', href: link(`/new/${c.game.ruleset.info.id}`) }, T.newGameAgain),
  );
}

/** The rules panel: the ruleset's clauses in words and the options in effect. */
export function renderRules(panel: HTMLElement, c: PlayController): void {
  const { game } = c;
  const prefix = game.ruleset.info.clausePrefix;
  const families = RULE_FAMILIES[prefix] ?? [prefix];
  const optionLines = game.ruleset.options.map((o) => {
    const v = game.options[o.name];
    const explain = o.kind === 'choice' ? o.explain[String(v)] : o.kind === 'boolean' ? o.explain[v ? 'true' : 'false'] : o.description;
    return h('li', {}, h('code', {}, `${o.name} = ${String(v)}`), ' ', explain ?? '');
  });
  panel.replaceChildren(
    h('summary', {}, h('h2', {}, T.rules)),
    h('p', { class: 'summary' }, game.ruleset.info.summary),
    h('p', { class: 'help' }, T.rulesIntro),
    ...families.map((f) =>
      h(
        'ul',
        { class: 'clauses' },
        clausesOf(f).map((id) => h('li', { 'data-clause': id }, h('span', { class: 'refs' }, id), ' ', CLAUSES[id]!)),
      ),
    ),
    h('h3', {}, T.options),
    h('ul', { class: 'in-effect' }, optionLines),
  );
}
