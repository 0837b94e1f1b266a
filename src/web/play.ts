/**
 * The game screen: the page's elements, the controller (controller.ts) that holds the game and
 * its mode, and the views (play-views.ts) that render it. The page wires the controller to the
 * server's API, the game's live stream (live.ts), the computer's worker and the speed setting, and
 * re-renders on every change. `#/watch/<id>` opens the same screen as a spectator (no key sent).
 */
import { type AnalysisPanel, GameStudy } from './analysis.js';
import { api } from './api.js';
import { PlayController } from './controller.js';
import { h, nextTask } from './dom.js';
import { playerKey, rememberSeats, rememberedSeats } from './identity.js';
import { LiveSocket } from './live.js';
import { QuickMessages } from './quick.js';
import { isLocalId, localServer } from './offline-store.js';
import {
  BoardView,
  Controls,
  OfferPopup,
  OnlineViews,
  RoundSummaryView,
  appendComment,
  renderMoveList,
  renderResult,
  renderRulesWhenOpened,
  renderStatus,
} from './play-views.js';
import { GameCalls } from './notify.js';
import { offlineNote, registerOffline } from './pwa.js';
import { go, link } from './router.js';
import { Sounds } from './sound.js';
import { T } from './text.js';
import { Thinker } from './thinker.js';

/** The games whose opening race this browser has shown (by id, the latest last; a few hundred kept). */
const RACES_SEEN = 'gabata.racesSeen';

function racesSeen(): string[] {
  try {
    const v = JSON.parse(localStorage.getItem(RACES_SEEN) ?? '[]') as unknown;
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

/** The controller's memory of the races shown (see PlayPorts.openingSeen). */
const RACE_MEMORY = {
  openingSeen: (id: string): boolean => racesSeen().includes(id),
  openingShown: (id: string): void => rememberRaceSeen(id),
};

function rememberRaceSeen(id: string): void {
  const seen = [...racesSeen().filter((x) => x !== id), id].slice(-300);
  try {
    localStorage.setItem(RACES_SEEN, JSON.stringify(seen));
  } catch {
    // Nothing kept: the race is shown again next time.
  }
}

/** The buttons under the board. */
function controlsRow(controls: Controls): HTMLElement {
  return h(
    'div',
    { class: 'controls' },
    controls.hint,
    controls.undo,
    controls.pass,
    controls.concede,
    controls.draw,
    controls.resign,
    controls.rematch,
    h('label', { class: 'speed-label' }, `${T.speed} `, controls.speed),
    controls.skip,
    controls.watchRace,
    controls.turn,
    controls.sound,
    controls.notify,
    controls.track,
  );
}

/** The link that downloads the game's record: the server's, so an offline game has it once sent. */
function exportLinkOf(id: string, local: boolean): HTMLElement {
  const a = h(
    'a',
    { class: 'button quiet', href: `/api/games/${encodeURIComponent(id)}/record`, download: `gabata-${id}.json` },
    T.exportRecord,
  );
  a.hidden = local;
  return a;
}

/** The page of a game that cannot be opened (no such game, or the server's refusal): a way back, no controls. */
function missingPage(id: string, reason: string): HTMLElement {
  return h(
    'section',
    { class: 'panel game-missing', 'data-state': 'missing', 'data-game': id },
    h('h1', {}, T.gameMissing),
    h('p', { class: 'reason' }, reason),
    h('p', {}, T.gameMissingHelp),
    h(
      'p',
      { class: 'ways-back' },
      h('a', { class: 'button primary', href: link('/games') }, T.navHome),
      ' ',
      h('a', { class: 'button', href: link('/new') }, T.navNew),
      ' ',
      h('a', { class: 'button quiet', href: link('/') }, T.backHome),
    ),
  );
}

/** The column beside the board: the commentary, the move list with its steps and the record, the rules. */
function sideColumn(
  commentary: HTMLElement,
  controls: Controls,
  moveList: HTMLElement,
  exportLink: HTMLElement,
  rules: HTMLElement,
  analysis: AnalysisPanel,
): HTMLElement {
  return h(
    'aside',
    { class: 'side-col' },
    h('section', { class: 'panel' }, h('h2', {}, T.commentary), commentary),
    h(
      'section',
      { class: 'panel' },
      h('h2', {}, T.moveList),
      h('div', { class: 'steps' }, controls.steps),
      controls.watchRaceList,
      moveList,
      h('p', {}, exportLink, ' ', analysis.button),
    ),
    analysis.el,
    rules,
  );
}

/** Escape dismisses an offer's popup while the page is open; returns what stops it. */
function dismissOnEscape(c: PlayController): () => void {
  const onKey = (e: KeyboardEvent): void => {
    if (e.key === 'Escape') c.dismissOffer();
  };
  document.addEventListener('keydown', onKey);
  return () => document.removeEventListener('keydown', onKey);
}

/** The game page's panels that playPage fills. */
function pageParts() {
  return {
    playersBar: h('div', { class: 'players-bar' }),
    boardBox: h('div', { class: 'board-box' }),
    // It scrolls once long: focusable, so that a keyboard can scroll it too (axe's scrollable-region-focusable).
    commentary: h('ol', { class: 'commentary', 'aria-live': 'polite', tabindex: 0, 'aria-label': T.commentary }),
    moveList: h('ol', { class: 'move-list' }),
    rulesPanel: h('details', { class: 'rules-panel panel' }),
    result: h('section', { class: 'result', hidden: true, 'aria-live': 'polite' }),
  };
}

/** The page's title, status, message and viewing lines and the page itself. */
function pageElements() {
  return {
    title: h('h1', { class: 'game-title' }, T.loading),
    status: h('p', { class: 'status', role: 'status', 'aria-live': 'polite' }),
    message: h('p', { class: 'message', role: 'alert', 'aria-live': 'assertive' }),
    viewing: h('p', { class: 'viewing', hidden: true }),
    page: h('div', { class: 'game-page', 'data-state': 'loading' }),
  };
}

export function playPage(root: HTMLElement, params: string[], watch = false): () => void {
  const id = params[0]!;
  registerOffline();
  const local = isLocalId(id); // played offline: kept in this browser until the outbox sends it (offline-store.ts)
  const [thinker, sounds] = [new Thinker(), new Sounds()];
  const els = pageElements();
  const { playersBar, boardBox, commentary, moveList, rulesPanel, result } = pageParts();

  let rulesShown = false;
  let lastState = 'loading';
  const render = (): void => {
    boardView.render();
    renderStatus(els, c);
    controls.render();
    // The person's turn comes (back): the keyboard's focus returns to the board.
    const state = els.page.dataset['state'] ?? '';
    if (state === 'human' && lastState !== 'human' && lastState !== 'loading') boardView.focusForChoice(controls.pass);
    lastState = state;
    popup.render();
    summary.render();
    online.render();
    renderMoveList(moveList, c);
    study.render();
    renderResult(result, c);
    calls.look();
    if (c.ready && !rulesShown) {
      rulesShown = true;
      renderRulesWhenOpened(rulesPanel, c);
    }
  };
  const c: PlayController = new PlayController(id, {
    server: local ? localServer : api,
    // A watcher's page (#/watch/...) holds no seat, nor learns any.
    heldSeats: watch ? () => [] : rememberedSeats,
    seatsLearnt: watch ? () => undefined : rememberSeats,
    openGame: (g) => go(`/game/${g}`),
    think: (req) => thinker.think(req),
    cancelThinking: () => thinker.cancel(),
    frameDelay: () => controls.frameDelay(),
    changed: render,
    frame: () => boardView.render(),
    commented: (line) => appendComment(commentary, line),
    ...RACE_MEMORY,
    played: (frame) => sounds.frame(frame),
    prepare: () => boardView.prepare(),
    breathe: nextTask,
  });
  const calls = new GameCalls(c, sounds);
  const boardView = new BoardView(boardBox, playersBar, c);
  const controls = new Controls(c, sounds);
  const online = new OnlineViews(c);
  const quick = new QuickMessages((msg) => live?.send(msg) ?? false);
  const popup = new OfferPopup(h('div', { class: 'choice-popup', hidden: true, role: 'dialog', 'aria-modal': 'false' }), c);
  const summary = new RoundSummaryView(
    h('section', { class: 'round-summary', hidden: true, role: 'dialog', 'aria-modal': 'false', 'aria-labelledby': 'round-summary-title' }),
    c,
  );
  const exportLink = exportLinkOf(id, local);
  const study = new GameStudy(c, moveList, `/${watch ? 'watch' : 'game'}/${id}`, params[1]);
  const offline = offlineNote(id, watch);

  els.page.append(
    h(
      'div',
      { class: 'main-col' },
      online.banner,
      h('header', { class: 'game-head' }, els.title, els.status),
      offline.el,
      online.invites,
      playersBar,
      els.viewing,
      boardBox,
      summary.el,
      popup.el,
      online.prompt,
      online.claim.el,
      els.message,
      controlsRow(controls),
      quick.el,
      result,
      // A spectator learns it once the server has said which seats this browser holds: below the
      // board and its controls, so that the notice arriving moves nothing above it.
      online.watching,
    ),
    sideColumn(commentary, controls, moveList, exportLink, rulesPanel, study.panel),
  );
  root.append(els.page);

  const offKey = dismissOnEscape(c);
  let live: LiveSocket | null = null;
  // The clocks run down between the server's updates.
  const ticker = setInterval(() => {
    if (c.clock && !c.finished) boardView.renderClocks();
  }, 200);
  void c.load().then(() => {
    if (c.mode.kind === 'missing') {
      document.title = `${T.gameMissing} · ${T.appTitle}`;
      els.page.replaceWith(missingPage(id, c.message));
      return;
    }
    if (c.ready) document.title = `${T.rulesetName(c.game.ruleset.info)} · ${T.appTitle}`;
    if (c.mode.kind === 'closed' || !c.ready || local) return;
    live = new LiveSocket(id, watch ? null : playerKey(), () => c.lastPly, {
      message: quick.listen((m) => c.onLive(m)),
      status: (up) => c.setConnection(up ? 'up' : 'down'),
    });
    live.start();
  });
  return () => {
    clearInterval(ticker);
    offline.stop();
    live?.close();
    c.close();
    thinker.stop();
    study.close();
    sounds.stop();
    calls.stop();
    offKey();
  };
}
