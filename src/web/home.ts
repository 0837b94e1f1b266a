/**
 * The saved games: resume, view, delete, and import a record. This is the start page until the
 * catalogue (issue 8) takes that place.
 */
import { RULESETS } from '../games/index.js';
import { api, ApiError } from './api.js';
import { h } from './dom.js';
import { go, link } from './router.js';
import { T } from './text.js';

function rulesetName(id: string): string {
  return RULESETS.find((r) => r.info.id === id)?.info.name ?? id;
}

export function homePage(root: HTMLElement): void {
  const list = h('ul', { class: 'saved', 'aria-live': 'polite' }, h('li', {}, T.loading));
  const msg = h('p', { class: 'message', role: 'status' });
  const area = h('textarea', { rows: 5, 'aria-label': T.importRecord, placeholder: '{ "format": "gabata-record/1", … }' });
  const refresh = async (): Promise<void> => {
    try {
      const games = await api.listGames();
      list.replaceChildren();
      if (games.length === 0) list.append(h('li', { class: 'empty' }, T.noSavedGames));
      for (const g of games) {
        const del = h(
          'button',
          {
            class: 'quiet',
            onclick: async () => {
              if (!confirm(T.confirmDelete)) return;
              await api.deleteGame(g.id);
              void refresh();
            },
          },
          T.deleteGame,
        );
        list.append(
          h(
            'li',
            { class: 'saved-game', 'data-game': g.id },
            h(
              'a',
              { href: link(`/game/${g.id}`), class: 'saved-link' },
              h('strong', {}, rulesetName(g.ruleset)),
              h(
                'span',
                { class: 'meta' },
                `${T.movesCount(g.moveCount)} · ${g.status === 'over' ? T.statusOver : T.statusPlaying} · ${T.seatsShort(g.seats)}`,
              ),
              h('span', { class: 'meta' }, new Date(g.updated).toLocaleString()),
              g.result ? h('span', { class: 'meta result' }, g.result) : null,
            ),
            h('a', { class: 'button', href: link(`/game/${g.id}`) }, g.status === 'over' ? T.view : T.resume),
            del,
          ),
        );
      }
    } catch (e) {
      list.replaceChildren(h('li', { class: 'error' }, (e as Error).message));
    }
  };
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
      h('a', { class: 'button primary big', href: link('/new') }, T.newGame),
    ),
    h('section', { class: 'panel' }, h('h2', {}, T.savedGames), list),
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
}
