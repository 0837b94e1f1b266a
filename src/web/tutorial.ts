/**
 * "Learn to play" (#/learn, #/learn/<ruleset>): a short interactive tutorial per game. The steps
 * come from tutorial-script.ts, which found them by playing the real game; this page only shows
 * them: the board (the game screen's Board), the one hole to play highlighted, the move's trace
 * animated with its commentary, and the texts of the clauses the events cite. No rule lives here.
 */
import type { GameEvent, RulesetInfo, RulesetWords, State } from '@gabata/engine/core';
import { RULESETS, getRuleset } from '@gabata/engine/games';
import { animate, boardStateOf } from './animate.js';
import { Board, type BoardState } from './board.js';
import { fill, h } from './dom.js';
import { landmarks } from './engine.js';
import { SPEEDS, speedSetting } from './play-views.js';
import { link, type Page } from './router.js';
import { I18N, T, clauseText, eventText, storyContexts, wordsFor, type StoryContext, type Words } from './text.js';
import { buildTutorial, type TutorialScript, type TutorialStep } from './tutorial-script.js';

/** The seed of the tutorials: the same lesson on every visit. */
const TUTORIAL_SEED = 1;
/** The scripts built so far (a few tenths of a second each): coming back to a tutorial is instant. */
const SCRIPTS = new Map<string, TutorialScript>();

/** The game's name in the page's language. */
const gameName = (id: string): string => {
  const r = getRuleset(id);
  return r.ok ? T.rulesetName(r.value.info) : id;
};

/** The list of the games, each a link to its tutorial. */
function gameList(): HTMLElement {
  return h(
    'ul',
    { class: 'learn-games' },
    RULESETS.map((r) =>
      h(
        'li',
        {},
        h('a', { href: link(`/learn/${r.info.id}`), 'data-ruleset': r.info.id }, T.rulesetName(r.info)),
        h('span', { class: 'help' }, ` ${T.rulesetSummary(r.info)}`),
      ),
    ),
  );
}

function indexPage(root: HTMLElement, unknown?: string): void {
  document.title = `${I18N.t('learn.indexTitle')} · ${T.appTitle}`;
  root.append(
    h(
      'section',
      { class: 'panel learn-index' },
      h('h1', {}, I18N.t('learn.indexTitle')),
      h('p', { class: unknown ? 'message' : '' }, unknown ? I18N.t('learn.unknownGame', { id: unknown }) : I18N.t('learn.indexIntro')),
      gameList(),
    ),
  );
}

/** The step's title in the page's language. */
function titleOf(step: TutorialStep, info: RulesetInfo): string {
  switch (step.kind) {
    case 'board':
      return I18N.t('learn.titleBoard');
    case 'race':
      return I18N.t('learn.titleRace');
    case 'raceChoice':
      return I18N.t('learn.titleRaceChoice');
    case 'sow':
      return I18N.t('learn.titleSow');
    case 'relay':
      return I18N.t('learn.titleRelay');
    case 'capture':
      return I18N.t(captureKey(info, 'title'));
    case 'end':
      return I18N.t(step.events.some((e) => e.type === 'roundEnd') ? 'learn.titleEndRound' : 'learn.titleEndGame');
    case 'done':
      return I18N.t('learn.titleDone');
  }
}

/** Which words name the ruleset's capture. */
function captureKey<K extends 'title' | 'intro'>(info: RulesetInfo, part: K): `learn.${K}Capture${RulesetWords['capture']}` {
  return `learn.${part}Capture${info.words.capture}`;
}

/** The step's introduction: what it shows, and which hole to play. */
function introOf(step: TutorialStep, sc: TutorialScript, words: Words): string {
  const hole = step.hole;
  const counters = words.counters;
  switch (step.kind) {
    case 'board': {
      const count = Array.from(step.before.owners).filter((o) => o === sc.learner).length;
      return `${I18N.t('learn.introBoard', { game: gameName(sc.rulesetId), count })} ${I18N.t('learn.trackNote', { counters })}`;
    }
    case 'race':
      return I18N.t('learn.introRace');
    case 'raceChoice': {
      const won = step.events.some((e) => e.type === 'raceEnd' && e.winner === sc.learner);
      return `${I18N.t('learn.raceChoiceIntro')} ${I18N.t(won ? 'learn.introRaceChoiceWin' : 'learn.introRaceChoice', { hole })}`;
    }
    case 'sow':
      return `${I18N.t('learn.introSow', { counters })} ${I18N.t('learn.taskSow', { hole })}`;
    case 'relay':
      return `${I18N.t('learn.introRelay', { counters })} ${I18N.t('learn.taskRelay', { hole })}`;
    case 'capture':
      return I18N.t(captureKey(sc.game.ruleset.info, 'intro'), { hole });
    case 'end':
      return I18N.t(step.events.some((e) => e.type === 'roundEnd') ? 'learn.introEndRound' : 'learn.introEndGame', { hole });
    case 'done':
      return I18N.t('learn.introDone', { game: gameName(sc.rulesetId) });
  }
}

/** The script's moves since the previous step, in words ("later in the game" for a playout). */
function leadOf(step: TutorialStep, sc: TutorialScript): HTMLElement | null {
  if (step.lead.length === 0) return null;
  if (step.later) return h('p', { class: 'learn-later' }, I18N.t('learn.laterNote', { count: step.lead.length }));
  const lines = step.lead.map((m) => {
    if (m.player === 0) return I18N.t('learn.leadRace');
    if (m.hole < 0) return I18N.t('learn.leadPass', { name: T.person(m.player) });
    if (m.player === sc.learner) return I18N.t('learn.leadForYou', { hole: m.hole });
    return I18N.t('learn.leadMove', { name: T.person(m.player), hole: m.hole });
  });
  return h(
    'div',
    { class: 'learn-lead' },
    h('span', {}, I18N.t('learn.meanwhile')),
    h(
      'ul',
      {},
      lines.map((l) => h('li', {}, l)),
    ),
  );
}

/** Is the learner's near row drawn at the top (so the board is turned for him)? */
function learnerAtTop(sc: TutorialScript): boolean {
  const g = sc.game.geometry;
  const s = sc.steps[0]!.before;
  let sum = 0;
  let n = 0;
  for (let hole = 0; hole < g.holeCount; hole++) {
    if (s.owners[hole] !== sc.learner) continue;
    sum += g.holeRow[hole]!;
    n++;
  }
  return n > 0 && sum / n > (g.rows - 1) / 2;
}

type Phase = 'ready' | 'playing' | 'played';

/** The elements of the step panel. */
interface PanelEls {
  progress: HTMLElement;
  title: HTMLElement;
  intro: HTMLElement;
  extra: HTMLElement;
  task: HTMLElement;
  message: HTMLElement;
  commentTitle: HTMLElement;
  comments: HTMLOListElement;
  rules: HTMLElement;
  watch: HTMLButtonElement;
  skip: HTMLButtonElement;
  back: HTMLButtonElement;
  next: HTMLButtonElement;
  end: HTMLElement;
}

function panelEls(view: TutorialView, rulesetId: string): PanelEls {
  return {
    progress: h('p', { class: 'learn-progress' }),
    title: h('h2', { class: 'learn-title' }),
    intro: h('p', { class: 'learn-intro' }),
    extra: h('div', { class: 'learn-extra' }),
    task: h('p', { class: 'learn-task' }),
    message: h('p', { class: 'message learn-message', role: 'alert' }),
    commentTitle: h('h3', { class: 'learn-comment-title' }, I18N.t('learn.whatHappened')),
    comments: h('ol', { class: 'learn-comments' }),
    rules: h('div', { class: 'learn-rules' }),
    watch: h('button', { class: 'primary learn-watch', onclick: () => void view.play() }, I18N.t('learn.watchRace')),
    skip: h('button', { class: 'learn-skip', onclick: () => view.skip() }, I18N.t('learn.skip')),
    back: h('button', { class: 'learn-back', onclick: () => view.go(-1) }, I18N.t('learn.back')),
    next: h('button', { class: 'primary learn-next', onclick: () => view.go(1) }, I18N.t('learn.next')),
    end: h(
      'div',
      { class: 'learn-end' },
      h('a', { class: 'button primary learn-play', href: link(`/new/${rulesetId}`) }, I18N.t('learn.playGame')),
      h('a', { class: 'button learn-other', href: link('/learn') }, I18N.t('learn.otherTutorial')),
    ),
  };
}

/** The tutorial of one game: the board and the step panel, and the learner's way through the steps. */
class TutorialView {
  readonly els: PanelEls;
  readonly page: HTMLElement;
  private readonly board: Board;
  private readonly players: HTMLElement;
  private readonly words: Words;
  private index = 0;
  private phase: Phase = 'ready';
  private skipping = false;
  private closed = false;
  /** Bumped by every step change, so an animation still running for an old step stops drawing. */
  private generation = 0;

  constructor(
    root: HTMLElement,
    private readonly sc: TutorialScript,
  ) {
    this.words = wordsFor(sc.game.ruleset.info, I18N);
    this.els = panelEls(this, sc.rulesetId);
    const boardBox = h('div', { class: 'board-box learn-board', 'data-ruleset': sc.rulesetId });
    this.players = h('div', { class: 'players-bar learn-players' });
    const e = this.els;
    this.page = h(
      'section',
      { class: 'learn-page', 'data-ruleset': sc.rulesetId },
      h('header', { class: 'learn-head' }, h('h1', {}, I18N.t('learn.title', { game: gameName(sc.rulesetId) }))),
      h('div', { class: 'learn-main' }, this.players, boardBox),
      h(
        'div',
        { class: 'panel learn-panel' },
        // The step's words are announced when the step changes; the commentary is read at will.
        h('div', { class: 'learn-step', 'aria-live': 'polite' }, e.progress, e.title, e.intro, e.extra, e.task),
        e.message,
        h('div', { class: 'learn-buttons controls' }, e.back, e.watch, e.skip, e.next),
        e.end,
        e.commentTitle,
        e.comments,
        e.rules,
      ),
    );
    root.append(this.page);
    this.board = new Board(boardBox, sc.game.geometry, sc.game.players, (hole) => this.tap(hole), learnerAtTop(sc));
  }

  get step(): TutorialStep {
    return this.sc.steps[this.index]!;
  }

  close(): void {
    this.closed = true;
    this.skipping = true;
  }

  /** Shows step `i` at its start: the position before its move. */
  show(i: number, focus = false): void {
    this.generation++;
    this.index = Math.max(0, Math.min(this.sc.steps.length - 1, i));
    const step = this.step;
    const e = this.els;
    this.phase = step.hole >= 0 || step.kind === 'race' ? 'ready' : 'played';
    this.skipping = false;
    this.page.dataset['step'] = String(this.index + 1);
    this.page.dataset['kind'] = step.kind;
    this.page.dataset['phase'] = this.phase;
    this.page.dataset['hole'] = String(step.hole);
    e.progress.textContent = I18N.t('learn.stepOf', { step: this.index + 1, count: this.sc.steps.length });
    e.title.textContent = titleOf(step, this.sc.game.ruleset.info);
    const you = I18N.t('learn.youPlay', { name: T.person(this.sc.learner) });
    e.intro.textContent = step.kind === 'board' ? `${introOf(step, this.sc, this.words)} ${you}` : introOf(step, this.sc, this.words);
    const way =
      step.choiceOfWays && step.firstDrop >= 0 ? h('p', { class: 'learn-way' }, I18N.t('learn.wayNote', { to: step.firstDrop })) : null;
    fill(e.extra, leadOf(step, this.sc), way);
    e.message.textContent = '';
    e.comments.replaceChildren();
    e.commentTitle.hidden = true;
    this.board.setTrack(step.kind === 'board');
    this.showRules(step.kind === 'board' || step.kind === 'done' ? step.rules : []);
    this.draw(boardStateOf(step.before), step.before, new Set(), this.lastOf(step));
    this.controls();
    if (focus) this.focus();
  }

  /** The holes the script's last move was played from, marked as the last move. */
  private lastOf(step: TutorialStep): Set<number> {
    const m = step.lead[step.lead.length - 1];
    return new Set(m && m.hole >= 0 ? [m.hole] : []);
  }

  private controls(): void {
    const { step, phase, els: e } = this;
    const last = this.index === this.sc.steps.length - 1;
    e.back.disabled = this.index === 0 || phase === 'playing';
    e.next.hidden = last;
    e.next.disabled = phase !== 'played';
    e.watch.hidden = step.kind !== 'race' || phase !== 'ready';
    e.skip.hidden = step.kind === 'board' || step.kind === 'done';
    e.skip.disabled = phase !== 'playing';
    e.end.hidden = !last;
    if (phase === 'ready' && step.kind === 'race') fill(e.task, I18N.t('learn.taskRace'));
    else if (phase === 'ready')
      fill(e.task, I18N.t('learn.task', { hole: step.hole }), ' ', h('span', { class: 'learn-keys' }, I18N.t('learn.taskKeys')));
    else if (phase === 'played' && !last) fill(e.task, I18N.t('learn.taskNext'));
    else fill(e.task);
    this.page.dataset['phase'] = phase;
  }

  /** Keyboard focus where the step wants the learner: the hole to play, or the way on. */
  private focus(): void {
    const { step, phase, els: e } = this;
    if (phase === 'ready' && step.hole >= 0) this.board.focusHole(step.hole);
    else if (phase === 'ready' && step.kind === 'race') e.watch.focus();
    else if (!e.next.hidden && !e.next.disabled) e.next.focus();
    else e.end.querySelector<HTMLElement>('a')?.focus();
  }

  private draw(v: BoardState, s: State, hot: ReadonlySet<number>, last: ReadonlySet<number>): void {
    const legal = this.phase === 'ready' && this.step.hole >= 0 ? new Set([this.step.hole]) : new Set<number>();
    const name = (p: number): string => T.person(p);
    this.board.render(v, {
      legal,
      hot,
      last,
      hint: new Set(),
      landmarks: landmarks(this.sc.game, s),
      markWord: this.words.mark,
      unit: this.words.unit,
      name,
    });
    this.drawPlayers(v);
  }

  private drawPlayers(v: BoardState): void {
    const pile = this.sc.game.geometry.stores.length > 0 ? T.store : T.hand;
    const players = Array.from({ length: this.sc.game.players }, (_, i) => {
      const p = i + 1;
      const label = p === this.sc.learner ? I18N.t('learn.youMark', { name: T.person(p) }) : T.person(p);
      return h(
        'div',
        { class: `player owner-${p}`, 'data-player': p },
        h('span', { class: `swatch owner-${p}` }),
        h('span', { class: 'pname' }, label),
        h('span', { class: 'pile', 'data-captured': v.captured[p] ?? 0 }, `${v.captured[p] ?? 0} ${pile}`),
      );
    });
    this.players.replaceChildren(...players);
  }

  /** A tap on a hole: the step's hole plays the move; any other hole gets a word of explanation. */
  tap(hole: number): void {
    const { step, phase, els: e } = this;
    if (phase === 'playing') {
      e.message.textContent = I18N.t('learn.watchFirst');
      return;
    }
    if (phase === 'ready' && hole === step.hole) {
      void this.play();
      return;
    }
    if (step.hole < 0 || phase === 'played') {
      e.message.textContent =
        phase === 'played' && this.index < this.sc.steps.length - 1 ? I18N.t('learn.taskNext') : I18N.t('learn.nothingToPlay');
      return;
    }
    const owner = step.before.owners[hole] ?? 0;
    const vars = { hole, want: step.hole, name: T.person(owner) };
    if (owner === this.sc.learner) e.message.textContent = I18N.t('learn.wrongHoleMine', vars);
    else if (owner > 0) e.message.textContent = I18N.t('learn.wrongHoleTheirs', vars);
    else e.message.textContent = I18N.t('learn.wrongHole', vars);
  }

  skip(): void {
    this.skipping = true;
  }

  /** Plays the step's move (or the race): its trace animated on the board, with its commentary. */
  async play(): Promise<void> {
    if (this.phase !== 'ready') return;
    const step = this.step;
    const generation = this.generation;
    this.phase = 'playing';
    this.els.message.textContent = '';
    this.els.commentTitle.hidden = false;
    this.controls();
    this.els.skip.focus();
    const view = boardStateOf(step.before);
    const contexts = storyContexts(step.events);
    let told = 0;
    await animate(view, step.events, {
      delay: () => SPEEDS[speedSetting()] ?? 0,
      skipped: () => this.skipping || generation !== this.generation,
      render: (v, hot) => {
        if (generation === this.generation) this.draw(v, step.before, hot, new Set([step.hole]));
      },
      onEvent: (ev) => {
        const context = contexts[told++] ?? {};
        if (generation !== this.generation) return;
        this.comment(ev, context);
      },
    });
    if (this.closed || generation !== this.generation) return;
    this.phase = 'played';
    this.draw(boardStateOf(step.after), step.after, new Set(), new Set(step.hole >= 0 ? [step.hole] : []));
    this.showRules(step.rules, step);
    this.controls();
    this.focus();
  }

  private comment(ev: GameEvent, context: StoryContext): void {
    const text = eventText(ev, (p) => T.person(p), this.words, context);
    if (!text) return;
    const list = this.els.comments;
    const chip = ev.rule ? [' ', h('abbr', { class: 'rule', title: clauseText(ev.rule) }, ev.rule)] : [];
    const lesson = this.step.wanted.includes(ev.type);
    list.append(h('li', { 'data-type': ev.type, class: lesson ? 'lesson' : undefined }, text, ...chip));
    list.scrollTop = list.scrollHeight;
  }

  /**
   * The texts of the clauses: "The rule: ...". The clauses behind the events the step is about
   * (the relay, the capture, the end) come first and stand out; the rest follow in order.
   */
  private showRules(rules: readonly string[], step?: TutorialStep): void {
    const lesson = new Set(step ? step.events.filter((e) => step.wanted.includes(e.type)).map((e) => e.rule) : []);
    const ordered = [...rules.filter((id) => lesson.has(id)), ...rules.filter((id) => !lesson.has(id))];
    const items = ordered
      .map((id) => ({ id, text: clauseText(id) }))
      .filter((r) => r.text !== '')
      .map((r) =>
        h(
          'li',
          { 'data-rule': r.id, class: lesson.has(r.id) ? 'lesson' : undefined },
          h('strong', {}, I18N.t('learn.ruleLabel')),
          ` ${r.text} `,
          h('span', { class: 'rule-id' }, r.id),
        ),
      );
    fill(this.els.rules, items.length ? [h('h3', {}, I18N.t('learn.rulesTitle')), h('ul', {}, items)] : []);
  }

  go(delta: number): void {
    if (this.phase === 'playing') return;
    this.show(this.index + delta, true);
  }
}

/** #/learn: the games; #/learn/<ruleset>: that game's tutorial. */
export const tutorialPage: Page = (root, [id]) => {
  if (!id) {
    indexPage(root);
    return;
  }
  const found = getRuleset(id);
  if (!found.ok) {
    indexPage(root, id);
    return;
  }
  document.title = `${I18N.t('learn.title', { game: T.rulesetName(found.value.info) })} · ${T.appTitle}`;
  const rulesetId = found.value.info.id;
  const script = SCRIPTS.get(rulesetId) ?? buildTutorial(rulesetId, TUTORIAL_SEED);
  SCRIPTS.set(rulesetId, script);
  const view = new TutorialView(root, script);
  view.show(0);
  return () => view.close();
};
