/**
 * The saved games of this browser (the games its player key holds a seat in, newest first, a
 * page at a time): resume, view, delete, and import a record.
 */
import { RULESETS } from '@gabata/engine/games';
import { keepAnnotations } from './analysis.js';
import { api, ApiError } from './api.js';
import { h } from './dom.js';
import type { GameDoc } from './engine.js';
import { rememberSeats, rememberedSeats } from './identity.js';
import { docOf, isLocalId, localGames, pendingGames, UPLOADED_EVENT } from './offline-store.js';
import { OFFLINE_TEXT } from './pwa.js';
import { go, link } from './router.js';
import { I18N, T } from './text.js';
import { momentText } from './when.js';

function rulesetName(id: string): string {
  const info = RULESETS.find((r) => r.info.id === id)?.info;
  return info ? T.rulesetName(info) : id;
}

/**
 * A game's result line in the page's language. The server writes it in English ('player 2 wins
 * (30-24)', 'draw (27-27)', src/server/match.ts statusOf); a line of another shape is shown as it is.
 */
export function resultText(line: string): string {
  const win = /^player (\d+) wins \(([\d-]+)\)$/.exec(line);
  if (win) return I18N.t('pages.resultWin', { who: T.person(Number(win[1])), scores: win[2]! });
  const draw = /^draw \(([\d-]+)\)$/.exec(line);
  return draw ? I18N.t('pages.resultDraw', { scores: draw[1]! }) : line;
}

/** The seat this browser deletes a game as: one it remembers holding, else the first person's seat. */
function seatToDelete(g: GameDoc): number {
  return rememberedSeats(g.id)[0] ?? g.seats.find((s) => s.kind === 'human')?.seat ?? 1;
}

function gameItem(g: GameDoc, removed: () => void): HTMLElement {
  const del = h(
    'button',
    {
      class: 'quiet',
      onclick: async () => {
        if (!confirm(T.confirmDelete)) return;
        try {
          if (isLocalId(g.id)) await localGames.remove(g.id);
          else await api.deleteGame(g.id, seatToDelete(g));
          removed();
        } catch (e) {
          // A game with another player cannot be deleted once begun: the server says why.
          item.append(h('p', { class: 'message' }, e instanceof ApiError ? T.serverError(e.code, e.message) : (e as Error).message));
        }
      },
    },
    T.deleteGame,
  );
  const kinds = g.seats.map((s) => s.kind);
  const item: HTMLElement = h(
    'li',
    { class: 'saved-game', 'data-game': g.id },
    h(
      'a',
      { href: link(`/game/${g.id}`), class: 'saved-link' },
      h('strong', {}, rulesetName(g.ruleset)),
      h(
        'span',
        { class: 'meta' },
        `${T.movesCount(g.moveCount)} · ${g.status === 'over' ? T.statusOver : T.statusPlaying} · ${T.seatsShort(kinds)}`,
      ),
      h('span', { class: 'meta' }, h('time', { datetime: g.updated }, momentText(new Date(g.updated)))),
      g.result ? h('span', { class: 'meta result' }, resultText(g.result)) : null,
    ),
    h('a', { class: 'button', href: link(`/game/${g.id}`) }, g.status === 'over' ? T.view : T.resume),
    del,
  );
  return item;
}

export function homePage(root: HTMLElement): () => void {
  document.title = `${T.savedGames} · ${T.appTitle}`;
  const list = h('ul', { class: 'saved', 'aria-live': 'polite' }, h('li', {}, T.loading));
  const more = h('button', { class: 'more', hidden: true }, T.moreGames);
  const msg = h('p', { class: 'message', role: 'status' });
  const area = h('textarea', { rows: 5, 'aria-label': T.importRecord, placeholder: I18N.t('pages.importPlaceholder') });
  let next: string | null = null;
  /** Appends one page of games (the first page replaces the list). */
  const page = async (first: boolean): Promise<void> => {
    try {
      const r = await api.listGames(first ? undefined : (next ?? undefined));
      if (first) list.replaceChildren();
      if (first && r.games.length === 0) list.append(h('li', { class: 'empty' }, T.noSavedGames));
      for (const g of r.games) list.append(gameItem(g, () => void page(true)));
      next = r.next;
      more.hidden = next === null;
    } catch (e) {
      const offline = e instanceof ApiError && e.code === 'ERR_OFFLINE';
      list.replaceChildren(h('li', { class: 'error' }, offline ? OFFLINE_TEXT.needsConnection : (e as Error).message));
    }
  };
  // Games played offline, kept on this device until the outbox sends them (offline-store.ts).
  const waiting = h('ul', { class: 'saved local' });
  const waitingPanel = h('section', { class: 'panel', hidden: true }, h('h2', {}, OFFLINE_TEXT.waitingGames), waiting);
  const showWaiting = (): Promise<void> =>
    pendingGames()
      .then((games) => {
        waiting.replaceChildren(...games.map((g) => gameItem(docOf(g), () => void page(true))));
        waitingPanel.hidden = games.length === 0;
      })
      .catch(() => undefined);
  void showWaiting();
  more.addEventListener('click', () => void page(false));
  const refresh = (): Promise<void> => page(true);
  // A game played offline reached the server (the outbox, pwa.ts): it leaves the waiting list and joins the saved games.
  const uploaded = (): void => {
    void showWaiting();
    void refresh();
  };
  window.addEventListener(UPLOADED_EVENT, uploaded);
  const doImport = async (): Promise<void> => {
    msg.textContent = '';
    let rec: unknown;
    try {
      rec = JSON.parse(area.value);
    } catch (e) {
      msg.textContent = `${T.errorPrefix}: ${(e as Error).message}`;
      return;
    }
    try {
      const g = await api.importRecord(rec);
      keepAnnotations(g.id, rec);
      rememberSeats(
        g.id,
        g.seats.map((s) => s.seat),
      );
      msg.textContent = T.importDone;
      go(`/game/${g.id}`);
    } catch (e) {
      msg.textContent = e instanceof ApiError ? T.serverError(e.code, e.message) : (e as Error).message;
    }
  };
  root.append(
    h(
      'section',
      { class: 'hero' },
      h('h1', {}, T.appTitle),
      h('p', {}, T.appTagline),
      h(
        'p',
        { class: 'hero-actions' },
        h('a', { class: 'button primary big', href: link('/new') }, T.newGame),
        ' ',
        h('a', { class: 'button big lobby', href: link('/lobby'), 'data-action': 'lobby' }, I18N.t('lobby.title')),
        ' ',
        h('a', { class: 'button big learn', href: link('/learn'), 'data-action': 'learn' }, I18N.t('pages.learnToPlay')),
      ),
      h('p', { class: 'help' }, I18N.t('pages.learnIntro')),
    ),
    waitingPanel,
    h('section', { class: 'panel' }, h('h2', {}, T.savedGames), list, more),
    h(
      'section',
      { class: 'panel' },
      h('h2', {}, T.importRecord),
      h('p', { class: 'help' }, T.importHelp),
      area,
      h('div', { class: 'row' }, h('button', { onclick: doImport }, T.importButton)),
      msg,
    ),
  );
  void refresh();
  return () => window.removeEventListener(UPLOADED_EVENT, uploaded);
}
