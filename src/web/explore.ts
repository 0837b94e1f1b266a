/**
 * The Explore page (#/explore): sweeps of rule options and what they did to the games. It lists
 * the study shipped with the app (a `gabata sweep --json` output, explore-study.json) and the
 * sweeps the server keeps (`gabata serve --sweeps DIR`, GET /api/sweeps). A sweep shows as a
 * table of its cells, each figure with its 95% interval; ticking cells compares them in a plot,
 * and a stored sweep's report (its plots rendered at sweep time) is shown below.
 *
 * #/explore/study opens the shipped study, #/explore/<name> a stored sweep.
 */
import { h, fill } from './dom.js';
import { comparePlot } from './explore-plot.js';
import study from './explore-study.json';
import type { ExploreDoc, ExploreEntry, Mean, Rate } from '../formats/sweep.js';
import { RULESETS } from '@gabata/engine/games';
import { link, type Page } from './router.js';
import { I18N, T } from './text.js';

const BUILT_IN = 'study';
const STUDY = study as unknown as ExploreDoc;

const CSS = `
.explore table { border-collapse: collapse; font-size: .85rem; margin: .5rem 0; }
.explore th, .explore td { border-bottom: 1px solid #e0d2bd; padding: .3rem .45rem; text-align: right; vertical-align: top; }
.explore th.cell, .explore td.cell { text-align: left; }
.explore td:first-child { text-align: center; }
.explore dl.sweep-spec { display: grid; grid-template-columns: max-content 1fr; gap: .2rem 1rem; }
.explore dl.sweep-spec dt { font-weight: 600; } .explore dl.sweep-spec dd { margin: 0; }
.explore .iv { display: block; color: #6b5646; font-size: .75rem; white-space: nowrap; }
.explore .sweeps { display: flex; flex-wrap: wrap; gap: .5rem; padding: 0; list-style: none; }
.explore .sweeps a { display: inline-block; padding: .45rem .7rem; border: 1px solid #e0d2bd; border-radius: 8px; text-decoration: none; }
.explore .sweeps a[aria-current="page"] { background: #efe4d3; font-weight: 600; }
.explore .scroll { overflow-x: auto; max-width: 100%; }
.explore th code.term { display: block; font-size: .7rem; font-weight: 400; }
.explore td.cell code { display: block; font-size: .75rem; white-space: nowrap; }
.explore dl.sweep-spec dd code { overflow-wrap: anywhere; }
@media (max-width: 600px) {
  .explore dl.sweep-spec { grid-template-columns: minmax(0, 1fr); }
  .explore dl.sweep-spec dd { margin-bottom: .3rem; }
}
/* Drawn at least at its own size (its 11 px labels stay 11 px): a phone scrolls it sideways. */
.explore .compare { overflow-x: auto; }
.explore-plot { width: 100%; min-width: 710px; max-width: 760px; height: auto; display: block; }
.explore-plot text { font: 11px system-ui, "Noto Sans Ethiopic", sans-serif; fill: #2f2218; }
.explore-plot .plot-title { font-weight: 600; }
.explore .report img { max-width: 100%; height: auto; display: block; margin: .8rem 0; background: #fff; }
`;

/** Styles through a constructed sheet: allowed under the server's Content-Security-Policy (no inline style). */
function ensureStyle(): void {
  const sheets = document.adoptedStyleSheets;
  if (sheets.some((x) => (x as CSSStyleSheet & { gabataExplore?: boolean }).gabataExplore)) return;
  const sheet = new CSSStyleSheet() as CSSStyleSheet & { gabataExplore?: boolean };
  sheet.replaceSync(CSS);
  sheet.gabataExplore = true;
  document.adoptedStyleSheets = [...sheets, sheet];
}

const percent = (x: number, digits = 1): string =>
  I18N.formatNumber(x, { style: 'percent', minimumFractionDigits: digits, maximumFractionDigits: digits });
const num = (x: number): string => I18N.formatNumber(x, { maximumFractionDigits: Math.abs(x) >= 100 ? 0 : 2, minimumFractionDigits: 0 });
const count = (x: number): string => I18N.formatNumber(x);
/** A range of two figures, as the page writes intervals. */
const range = (lo: string, hi: string): string => `${lo}–${hi}`;

function rateCell(r: Rate): HTMLTableCellElement {
  return h('td', {}, percent(r.rate), h('span', { class: 'iv' }, range(percent(r.lo), percent(r.hi))));
}

function meanCell(m: Mean | null | undefined): HTMLTableCellElement {
  if (!m) return h('td', {}, '–');
  return h('td', {}, num(m.mean), h('span', { class: 'iv' }, range(num(m.lo), num(m.hi))));
}

/** The ruleset of a sweep by its name in the page's language (its id when the app does not know it). */
function rulesetName(id: string): string {
  const info = RULESETS.find((r) => r.info.id === id)?.info;
  return info ? T.rulesetName(info) : id;
}

/** A metric's column head: its words in the page's language, its name (a research term) beside them as code. */
function metricHead(name: string): (Node | string)[] {
  const words = I18N.lookup(`explore.metric.${name}`);
  return words ? [words, ' ', h('code', { class: 'term' }, name)] : [h('code', { class: 'term' }, name)];
}

async function getJSON<T>(path: string): Promise<T | null> {
  try {
    const res = await fetch(path, { headers: { accept: 'application/json' } });
    return res.ok ? ((await res.json()) as T) : null;
  } catch {
    return null;
  }
}

/** The head of the cells' table. */
function tableHead(seats: number, metrics: readonly string[]): HTMLElement {
  const th = (cls: string | undefined, ...body: (Node | string)[]): HTMLElement => h('th', { scope: 'col', class: cls }, ...body);
  return h(
    'tr',
    {},
    h('th', { scope: 'col', id: 'explore-compare-h' }, I18N.t('explore.colCompare')),
    th('cell', I18N.t('explore.colCell')),
    th(undefined, I18N.t('explore.colMatches')),
    Array.from({ length: seats }, (_, i) => th(undefined, I18N.t('explore.colWins', { player: i + 1 }))),
    th(undefined, I18N.t('explore.colDraws')),
    th(undefined, I18N.t('explore.colAdvantage')),
    th(undefined, I18N.t('explore.colByRules')),
    th(undefined, I18N.t('explore.colDecisions')),
    th(undefined, I18N.t('explore.colTurns')),
    th(undefined, I18N.t('explore.colRounds')),
    th(undefined, I18N.t('explore.colBranching')),
    metrics.map((m) => th('metric', ...metricHead(m))),
  );
}

/** The cells' table: a checkbox per row chooses the cells to compare. */
function cellTable(doc: ExploreDoc, chosen: Set<string>, onChange: () => void): HTMLElement {
  const seats = Math.max(0, ...doc.cells.map((c) => c.figures.seats.length));
  const metrics = [...new Set(doc.cells.flatMap((c) => Object.keys(c.figures.metrics)))].sort();
  const rows = doc.cells.map((c) => {
    const f = c.figures;
    const a = f.firstPlayerAdvantage;
    const box = h('input', {
      type: 'checkbox',
      // Named by the column's head and the cell's options (code: research terms, read as they are written).
      'aria-labelledby': `explore-compare-h explore-cell-${c.id}`,
      'data-cell': c.key,
      onchange: (e: Event) => {
        if ((e.target as HTMLInputElement).checked) chosen.add(c.key);
        else chosen.delete(c.key);
        onChange();
      },
    });
    box.checked = chosen.has(c.key);
    const advantage = `${a.advantage >= 0 ? '+' : ''}${percent(a.advantage)}`;
    return h(
      'tr',
      { 'data-cell': c.key },
      h('td', {}, box),
      h(
        'td',
        { class: 'cell', id: `explore-cell-${c.id}` },
        Object.entries(c.values).map(([k, v]) => h('code', {}, `${k}=${String(v)}`)),
      ),
      h('td', {}, count(f.games), f.unfinished ? h('span', { class: 'iv' }, I18N.t('explore.unfinished', { count: f.unfinished })) : null),
      Array.from({ length: seats }, (_, i) => (f.seats[i] ? rateCell(f.seats[i]!.wins) : h('td', {}, '–'))),
      rateCell(f.draws),
      h('td', {}, advantage, h('span', { class: 'iv' }, range(percent(a.lo), percent(a.hi)))),
      rateCell(f.completion.byRules),
      meanCell(f.duration.decisions),
      meanCell(f.duration.turns),
      meanCell(f.duration.rounds),
      meanCell(f.duration.branching),
      metrics.map((m) => meanCell(f.metrics[m])),
    );
  });
  return h(
    'div',
    { class: 'scroll', role: 'region', tabindex: 0, 'aria-label': I18N.t('explore.cellsTable') },
    h('table', { class: 'cells' }, h('thead', {}, tableHead(seats, metrics)), h('tbody', {}, rows)),
  );
}

/** The report's plots of a stored sweep (SVG files rendered when it ran). */
function reportPlots(name: string, doc: ExploreDoc): HTMLElement {
  const files = ['balance', 'length', 'completion'];
  if (doc.cells.some((c) => Object.keys(c.figures.metrics).length > 0)) files.push('metrics');
  if (doc.spec.grids.length === 2) files.push('heatmap-advantage', 'heatmap-length');
  const base = `/sweeps/${encodeURIComponent(name)}`;
  const plotAlt = (f: string): string => I18N.t('explore.plotAlt', { plot: I18N.lookup(`explore.plot.${f}`) ?? f });
  return h(
    'section',
    { class: 'report' },
    h('h2', {}, I18N.t('explore.report')),
    h(
      'p',
      {},
      h('a', { href: `${base}/index.html` }, I18N.t('explore.wholeReport')),
      ' · ',
      h('a', { href: `${base}/cells.csv` }, h('code', {}, 'cells.csv')),
    ),
    files.map((f) => h('img', { src: `${base}/${f}.svg`, alt: plotAlt(f), loading: 'lazy' })),
  );
}

/** What a sweep is: the game, the options varied and held fixed (as code: research terms), who played, how many matches. */
function describe(doc: ExploreDoc): HTMLElement {
  const s = doc.spec;
  const fixed = Object.entries(s.options).map(([k, v]) => `${k}=${String(v)}`);
  const agents = s.agents.map((a) => {
    const words = I18N.lookup(`explore.agent.${a}`);
    return words ? [words, ' ', h('code', {}, a)] : [h('code', {}, a)];
  });
  const played = doc.complete ? '' : ` (${I18N.t('explore.specPlayed', { played: count(doc.played), planned: count(doc.planned) })})`;
  return h(
    'dl',
    { class: 'sweep-spec' },
    h('dt', {}, I18N.t('explore.specRuleset')),
    h('dd', { 'data-ruleset': doc.ruleset }, rulesetName(doc.ruleset)),
    h('dt', {}, I18N.t('explore.specGrids')),
    h('dd', {}, h('code', {}, s.grids.map((g) => `${g.name} = ${g.values.map(String).join(', ')}`).join('; '))),
    h('dt', {}, I18N.t('explore.specFixed')),
    h(
      'dd',
      {},
      s.preset ? [I18N.t('explore.specPreset'), ' ', h('code', {}, s.preset), fixed.length ? ', ' : ''] : null,
      fixed.length ? h('code', {}, fixed.join(', ')) : s.preset ? null : I18N.t('explore.specNone'),
    ),
    h('dt', {}, I18N.t('explore.specAgents')),
    h(
      'dd',
      {},
      agents.flatMap((a, i) => (i ? [', ', ...a] : a)),
      ['', `${I18N.t('explore.specMatches', { count: s.games })}${played}`, I18N.t('explore.specSeed', { seed: String(s.seed) })].join(
        I18N.t('explore.separator'),
      ),
    ),
  );
}

/** One sweep: what it is, its cells, the comparison of the chosen ones, and its report. */
function showSweep(box: HTMLElement, doc: ExploreDoc, stored: string | null): void {
  const chosen = new Set(doc.cells.map((c) => c.key));
  // Focusable: a phone scrolls the plot sideways, and so can a keyboard.
  const compare = h('section', { class: 'compare', tabindex: 0 });
  const redraw = (): void => {
    const cells = doc.cells.filter((c) => chosen.has(c.key) && c.figures.seats.length > 0);
    fill(
      compare,
      h('h2', {}, I18N.t('explore.compareHeading', { shown: count(cells.length), count: doc.cells.length })),
      cells.length ? comparePlot(cells, Object.keys(doc.cells[0]!.values)) : h('p', { class: 'quiet' }, I18N.t('explore.tickToCompare')),
    );
  };
  const ruleset = rulesetName(doc.ruleset);
  fill(
    box,
    h('h2', {}, stored === null ? I18N.t('explore.studyHeading', { ruleset }) : I18N.t('explore.sweepHeading', { name: stored, ruleset })),
    describe(doc),
    h('p', { class: 'quiet' }, I18N.t('explore.intervals')),
    cellTable(doc, chosen, redraw),
    compare,
    stored === null ? null : reportPlots(stored, doc),
  );
  redraw();
}

/** A stored sweep's line in the list. */
function entryText(e: ExploreEntry): string {
  const vars = { name: e.name, ruleset: rulesetName(e.ruleset), grids: e.grids.join(' × '), count: e.cells };
  return e.complete ? I18N.t('explore.storedEntry', vars) : I18N.t('explore.storedEntryUnfinished', vars);
}

export const explorePage: Page = (root, [name]) => {
  ensureStyle();
  const list = h('ul', { class: 'sweeps', 'aria-label': I18N.t('explore.sweepsLabel') });
  const box = h('div', { class: 'sweep' });
  const open = name ?? BUILT_IN;
  document.title = `${I18N.t('explore.title')} · ${T.appTitle}`;
  root.append(
    h('section', { class: 'panel explore' }, h('h1', {}, I18N.t('explore.title')), h('p', {}, I18N.t('explore.intro')), list, box),
  );
  let alive = true;
  const entry = (href: string, text: string, current: boolean): HTMLLIElement =>
    h('li', {}, h('a', { href: link(`/explore/${href}`), 'aria-current': current ? 'page' : undefined }, text));
  const study = I18N.t('explore.studyEntry', { ruleset: rulesetName(STUDY.ruleset), count: STUDY.cells.length });
  fill(list, entry(BUILT_IN, study, open === BUILT_IN));
  if (open === BUILT_IN) showSweep(box, STUDY, null);
  else fill(box, h('p', { class: 'quiet' }, T.loading));
  // The list first: a sweep it does not name is not asked for (no request that can only fail).
  void getJSON<{ sweeps: ExploreEntry[] }>('/api/sweeps').then(async (r) => {
    if (!alive) return;
    const sweeps = r?.sweeps ?? [];
    for (const e of sweeps) list.append(entry(e.name, entryText(e), e.name === open));
    if (open === BUILT_IN) return;
    const doc = sweeps.some((e) => e.name === open) ? await getJSON<ExploreDoc>(`/api/sweeps/${encodeURIComponent(open)}`) : null;
    if (!alive) return;
    if (doc && Array.isArray(doc.cells)) showSweep(box, doc, open);
    else
      fill(
        box,
        h('p', {}, I18N.t('explore.noStored', { name: open }), ' ', h('a', { href: link('/explore') }, I18N.t('explore.backToStudy'))),
      );
  });
  return () => {
    alive = false;
  };
};
