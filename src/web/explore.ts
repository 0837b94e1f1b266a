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
import type { ExploreCell, ExploreDoc, ExploreEntry, Mean, Rate } from './explore-types.js';
import { link, type Page } from './router.js';

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
.explore .scroll { overflow-x: auto; }
.explore-plot { width: 100%; max-width: 760px; height: auto; display: block; }
.explore-plot text { font: 11px system-ui, sans-serif; fill: #2f2218; }
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

const pct = (x: number): string => `${(100 * x).toFixed(1)}%`;
const num = (x: number): string => (Math.abs(x) >= 100 ? x.toFixed(0) : x.toFixed(2));

function rateCell(r: Rate): HTMLTableCellElement {
  return h('td', {}, pct(r.rate), h('span', { class: 'iv' }, `${pct(r.lo)}–${pct(r.hi)}`));
}

function meanCell(m: Mean | null | undefined): HTMLTableCellElement {
  if (!m) return h('td', {}, '–');
  return h('td', {}, num(m.mean), h('span', { class: 'iv' }, `${num(m.lo)}–${num(m.hi)}`));
}

export const cellLabel = (c: ExploreCell): string =>
  Object.entries(c.values)
    .map(([k, v]) => `${k}=${String(v)}`)
    .join(', ');

async function getJSON<T>(path: string): Promise<T | null> {
  try {
    const res = await fetch(path, { headers: { accept: 'application/json' } });
    return res.ok ? ((await res.json()) as T) : null;
  } catch {
    return null;
  }
}

/** The cells' table: a checkbox per row chooses the cells to compare. */
function cellTable(doc: ExploreDoc, chosen: Set<string>, onChange: () => void): HTMLElement {
  const seats = Math.max(0, ...doc.cells.map((c) => c.figures.seats.length));
  const metrics = [...new Set(doc.cells.flatMap((c) => Object.keys(c.figures.metrics)))].sort();
  const head = [
    'compare',
    'cell',
    'matches',
    ...Array.from({ length: seats }, (_, i) => `player ${i + 1} wins`),
    'draws',
    "first player's advantage",
    'ended by the rules',
    'decisions',
    'turns',
    'rounds',
    'branching',
    ...metrics,
  ];
  const rows = doc.cells.map((c) => {
    const f = c.figures;
    const a = f.firstPlayerAdvantage;
    const box = h('input', {
      type: 'checkbox',
      'aria-label': `compare ${cellLabel(c)}`,
      'data-cell': c.key,
      onchange: (e: Event) => {
        if ((e.target as HTMLInputElement).checked) chosen.add(c.key);
        else chosen.delete(c.key);
        onChange();
      },
    });
    box.checked = chosen.has(c.key);
    return h(
      'tr',
      { 'data-cell': c.key },
      h('td', {}, box),
      h('td', { class: 'cell' }, cellLabel(c)),
      h('td', {}, String(f.games), f.unfinished ? h('span', { class: 'iv' }, `${f.unfinished} unfinished`) : null),
      Array.from({ length: seats }, (_, i) => (f.seats[i] ? rateCell(f.seats[i]!.wins) : h('td', {}, '–'))),
      rateCell(f.draws),
      h('td', {}, `${a.advantage >= 0 ? '+' : ''}${pct(a.advantage)}`, h('span', { class: 'iv' }, `${pct(a.lo)}–${pct(a.hi)}`)),
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
    { class: 'scroll' },
    h(
      'table',
      { class: 'cells' },
      h(
        'thead',
        {},
        h(
          'tr',
          {},
          head.map((t) => h('th', { scope: 'col', class: t === 'cell' ? 'cell' : undefined }, t)),
        ),
      ),
      h('tbody', {}, rows),
    ),
  );
}

/** The report's plots of a stored sweep (SVG files rendered when it ran). */
function reportPlots(name: string, doc: ExploreDoc): HTMLElement {
  const files = ['balance', 'length', 'completion'];
  if (doc.cells.some((c) => Object.keys(c.figures.metrics).length > 0)) files.push('metrics');
  if (doc.spec.grids.length === 2) files.push('heatmap-advantage', 'heatmap-length');
  const base = `/sweeps/${encodeURIComponent(name)}`;
  return h(
    'section',
    { class: 'report' },
    h('h2', {}, 'Report'),
    h('p', {}, h('a', { href: `${base}/index.html` }, 'The whole report'), ' · ', h('a', { href: `${base}/cells.csv` }, 'cells.csv')),
    files.map((f) => h('img', { src: `${base}/${f}.svg`, alt: `${f} plot`, loading: 'lazy' })),
  );
}

function describe(doc: ExploreDoc): HTMLElement {
  const s = doc.spec;
  const fixed = [s.preset ? `preset ${s.preset}` : '', ...Object.entries(s.options).map(([k, v]) => `${k}=${String(v)}`)].filter((x) => x);
  return h(
    'dl',
    { class: 'sweep-spec' },
    h('dt', {}, 'ruleset'),
    h('dd', {}, doc.ruleset),
    h('dt', {}, 'grids'),
    h('dd', {}, s.grids.map((g) => `${g.name} = ${g.values.map(String).join(', ')}`).join('; ')),
    h('dt', {}, 'fixed options'),
    h('dd', {}, fixed.join(', ') || 'none (defaults)'),
    h('dt', {}, 'agents'),
    h(
      'dd',
      {},
      `${s.agents.join(', ')}; ${s.games} matches per cell` +
        `${doc.complete ? '' : ` (${doc.played} of ${doc.planned} played)`}; seed ${s.seed}`,
    ),
  );
}

/** One sweep: what it is, its cells, the comparison of the chosen ones, and its report. */
function showSweep(box: HTMLElement, doc: ExploreDoc, stored: string | null): void {
  const chosen = new Set(doc.cells.map((c) => c.key));
  const compare = h('section', { class: 'compare' });
  const redraw = (): void => {
    const cells = doc.cells.filter((c) => chosen.has(c.key) && c.figures.seats.length > 0);
    fill(
      compare,
      h('h2', {}, `Compare (${cells.length} of ${doc.cells.length} cells)`),
      cells.length
        ? comparePlot(cells, Object.keys(doc.cells[0]!.values))
        : h('p', { class: 'quiet' }, 'Tick cells in the table to compare them.'),
    );
  };
  fill(
    box,
    h('h2', {}, stored === null ? `Study: ${doc.ruleset}` : `Sweep ${stored}: ${doc.ruleset}`),
    describe(doc),
    h(
      'p',
      { class: 'quiet' },
      "Rates are shares of finished matches with 95% Wilson intervals; means have 95% t intervals. The first player's advantage is " +
        "player 1's score minus the fair share.",
    ),
    cellTable(doc, chosen, redraw),
    compare,
    stored === null ? null : reportPlots(stored, doc),
  );
  redraw();
}

export const explorePage: Page = (root, [name]) => {
  ensureStyle();
  const list = h('ul', { class: 'sweeps', 'aria-label': 'sweeps' });
  const box = h('div', { class: 'sweep' });
  const open = name ?? BUILT_IN;
  root.append(
    h(
      'section',
      { class: 'panel explore' },
      h('h1', {}, 'Explore'),
      h('p', {}, 'How rule options change the games: matches played in every combination of options, with 95% intervals.'),
      list,
      box,
    ),
  );
  let alive = true;
  const entry = (href: string, text: string, current: boolean): HTMLLIElement =>
    h('li', {}, h('a', { href: link(`/explore/${href}`), 'aria-current': current ? 'page' : undefined }, text));
  fill(list, entry(BUILT_IN, `Study: ${STUDY.ruleset} (${STUDY.cells.length} cells, built in)`, open === BUILT_IN));
  if (open === BUILT_IN) showSweep(box, STUDY, null);
  else fill(box, h('p', { class: 'quiet' }, 'Loading…'));
  // The list first: a sweep it does not name is not asked for (no request that can only fail).
  void getJSON<{ sweeps: ExploreEntry[] }>('/api/sweeps').then(async (r) => {
    if (!alive) return;
    const sweeps = r?.sweeps ?? [];
    for (const e of sweeps) {
      const text = `${e.name}: ${e.ruleset}, ${e.grids.join(' × ')} (${e.cells} cells${e.complete ? '' : ', unfinished'})`;
      list.append(entry(e.name, text, e.name === open));
    }
    if (open === BUILT_IN) return;
    const doc = sweeps.some((e) => e.name === open) ? await getJSON<ExploreDoc>(`/api/sweeps/${encodeURIComponent(open)}`) : null;
    if (!alive) return;
    if (doc && Array.isArray(doc.cells)) showSweep(box, doc, open);
    else fill(box, h('p', {}, `No stored sweep '${open}'. `, h('a', { href: link('/explore') }, 'Back to the study')));
  });
  return () => {
    alive = false;
  };
};
