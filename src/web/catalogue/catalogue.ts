/**
 * The catalogue, the app's start page: every ruleset as a card that can be filtered by region,
 * board and players and searched, leading to its game page, and the evidence of all the games on
 * one map.
 */
import { h } from '../dom.js';
import { I18N } from '../text.js';
import { items, matches, NO_FILTER, vocab, type Filter, type Item } from './data.js';
import { evidenceMap, markersOf } from './map.js';
import type { Nav } from './nav.js';
import { CT } from './text.js';

function card(it: Item, nav: Nav): HTMLElement {
  const e = it.entry;
  const href = nav.href?.(e.rulesetId);
  const open = (ev: Event): void => {
    if (!href) ev.preventDefault();
    if (!href) nav.open(e.rulesetId);
  };
  return h(
    'article',
    { class: 'game-card', 'data-ruleset': e.rulesetId },
    h('h2', {}, h('a', { href: href ?? '#', onclick: open, class: 'card-title' }, e.name)),
    // Other names of the game, as the sources write them.
    e.aliases.length ? h('p', { class: 'aliases' }, `${CT.also} `, h('span', { translate: 'no' }, e.aliases.join(', '))) : null,
    h(
      'p',
      { class: 'meta' },
      h('span', { class: 'chip region' }, e.region),
      h('span', { class: 'chip' }, e.period),
      h('span', { class: 'chip' }, e.category.filter((c) => c !== 'Board' && c !== 'Sow').join(I18N.t('pages.listSeparator'))),
      h('span', { class: 'chip' }, it.ruleset.info.players.map((p) => CT.playersN(p)).join(' / ')),
    ),
    h('p', { class: 'one-line' }, e.oneLine),
    h(
      'div',
      { class: 'card-actions' },
      h('a', { class: 'button', href: href ?? '#', onclick: open }, CT.open),
      h(
        'button',
        { class: 'primary', 'data-action': 'play', onclick: () => nav.play(e.rulesetId), 'aria-label': CT.playThis(e.name) },
        CT.play,
      ),
    ),
  );
}

function select(label: string, name: string, values: { value: string; text: string }[], onChange: (v: string) => void): HTMLElement {
  const sel = h(
    'select',
    { name, onchange: (e: Event) => onChange((e.target as HTMLSelectElement).value) },
    h('option', { value: '' }, CT.any),
    values.map((v) => h('option', { value: v.value }, v.text)),
  );
  return h('label', { class: 'filter' }, h('span', {}, label), sel);
}

/** Renders the catalogue into `root`. */
export function renderCatalogue(root: HTMLElement, nav: Nav): void {
  const all = items();
  const v = vocab(all);
  let filter: Filter = { ...NO_FILTER };
  const grid = h('div', { class: 'game-grid', 'aria-live': 'polite' });
  const count = h('p', { class: 'count', role: 'status' });
  const show = (): void => {
    const shown = all.filter((it) => matches(it, filter));
    grid.replaceChildren(...shown.map((it) => card(it, nav)));
    if (shown.length === 0) {
      grid.append(h('p', { class: 'empty' }, CT.noMatch, ' ', h('button', { onclick: clear }, CT.clearFilters)));
    }
    count.textContent = CT.shown(shown.length, all.length);
  };
  const set = (patch: Partial<Filter>): void => {
    filter = { ...filter, ...patch };
    show();
  };
  const search = h('input', {
    type: 'search',
    name: 'q',
    placeholder: CT.searchPlaceholder,
    'aria-label': CT.search,
    oninput: (e: Event) => set({ text: (e.target as HTMLInputElement).value }),
  });
  const filters = h(
    'form',
    { class: 'catalogue-filters', role: 'search', onsubmit: (e: Event) => e.preventDefault() },
    h('label', { class: 'filter grow' }, h('span', {}, CT.search), search),
    select(
      CT.region,
      'region',
      v.regions.map((r) => ({ value: r, text: r })),
      (x) => set({ region: x }),
    ),
    select(
      CT.category,
      'category',
      v.categories.map((c) => ({ value: c, text: c })),
      (x) => set({ category: x }),
    ),
    select(
      CT.players,
      'players',
      v.players.map((p) => ({ value: String(p), text: String(p) })),
      (x) => set({ players: Number(x) || 0 }),
    ),
  );
  function clear(): void {
    filters.reset();
    filter = { ...NO_FILTER };
    show();
  }
  root.append(
    h(
      'section',
      { class: 'catalogue' },
      h('header', { class: 'catalogue-head' }, h('h1', {}, CT.catalogueTitle), h('p', {}, CT.catalogueIntro)),
      filters,
      count,
      grid,
      h(
        'section',
        { class: 'panel map-panel' },
        h('h2', {}, CT.evidenceMap),
        evidenceMap(
          markersOf(all.map((i) => i.entry)),
          all.flatMap((i) => i.entry.countries),
          (m) => nav.open(m.rulesetId),
        ),
      ),
    ),
  );
  show();
}
