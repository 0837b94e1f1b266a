/**
 * The opening race as a matrix game, on a game's catalogue page: the matrix of player 1's mean
 * scores for every pair of starting holes as a heat map (rows and columns named by hole number,
 * as the board names its holes), the equilibrium mixed strategies (which holes to start from and
 * how often, for each player), the value of the game, and how and when it was computed. The
 * numbers come from the committed result file (src/catalogue/race-<ruleset>.json, written by
 * `gabata race <ruleset> --out`); nothing is computed in the browser.
 */
import type { RaceCell, RaceResultFile } from '@gabata/engine/ai';
import type { Geometry, Ruleset } from '@gabata/engine/core';
import raceSelus from '../../catalogue/race-selus.json';
import { h } from '../dom.js';
import { I18N } from '../text.js';
import { dayText } from '../when.js';
import { s } from './svg.js';

/** The committed results, by ruleset id. */
const RESULTS: Readonly<Record<string, RaceResultFile>> = { selus: raceSelus as unknown as RaceResultFile };

const n3 = (x: number): string => I18N.formatNumber(x, { minimumFractionDigits: 3, maximumFractionDigits: 3 });
const percentOf = (p: number, digits: number): string =>
  I18N.formatNumber(p, { style: 'percent', minimumFractionDigits: digits, maximumFractionDigits: digits });
/** Stands for a piece of code inside a message, cut out and set as code (`withCode`). */
const CODE = '\u0000';

/** The section's words in the page's language (the message catalogue's `raceMatrix.*`), numbers written through Intl. */
export const RT = {
  title: I18N.t('raceMatrix.title'),
  intro: (n: number, m: number) =>
    `${I18N.t('raceMatrix.introChoices', { rows: I18N.formatNumber(n), cols: I18N.formatNumber(m) })} ${I18N.t('raceMatrix.introSolve')}`,
  payoff: I18N.t('raceMatrix.payoff'),
  coin: I18N.t('raceMatrix.coin'),
  corner: I18N.t('raceMatrix.corner'),
  hole: (n: number) => I18N.t('raceMatrix.hole', { hole: n }),
  p1: I18N.t('raceMatrix.p1'),
  p2: I18N.t('raceMatrix.p2'),
  mixOf: (who: string) => I18N.t('raceMatrix.mixOf', { who }),
  value: (v: number) => I18N.t('raceMatrix.value', { value: n3(v) }),
  valueRange: (lo: number, hi: number, n: number) =>
    I18N.t('raceMatrix.valueRange', { lo: n3(lo), hi: n3(hi), count: I18N.formatNumber(n) }),
  startFrom: (who: string) => I18N.t('raceMatrix.startFrom', { who }),
  share: (hole: number, p: number) => I18N.t('raceMatrix.share', { hole, share: percentOf(p, 1) }),
  never: (holes: number[]) =>
    holes.length
      ? I18N.t('raceMatrix.never', {
          holes: holes.map((x) => I18N.t('raceMatrix.hole', { hole: x })).join(I18N.t('raceMatrix.listSeparator')),
        })
      : '',
  support: (p: number) => I18N.t('raceMatrix.support', { share: percentOf(p, 0) }),
  guarantee: (row: number, col: number) => I18N.t('raceMatrix.guarantee', { row: n3(row), col: n3(col) }),
  /** How the file was computed; the computer player's name (a research term) stands as CODE, for `withCode`. */
  basis: (f: RaceResultFile) =>
    I18N.t('raceMatrix.basis', {
      date: dayText(f.date),
      games: I18N.formatNumber(f.budget.games),
      agent: CODE,
      seed: String(f.seed),
      seconds: I18N.formatNumber(f.seconds),
    }),
  caveat: I18N.t('raceMatrix.caveat'),
  reproduce: I18N.t('raceMatrix.reproduce'),
  cellTitle: (r: number, c: number, cell: RaceCell) =>
    `${I18N.t('raceMatrix.cellTitle', {
      row: r,
      col: c,
      mean: `${n3(cell.mean)}${cell.se === null ? '' : ` ± ${n3(cell.se)}`}`,
      games: I18N.formatNumber(cell.games),
    })} ${I18N.t('raceMatrix.cellTally', {
      wins: I18N.formatNumber(cell.wins),
      draws: I18N.formatNumber(cell.draws),
      losses: I18N.formatNumber(cell.losses),
      race: cell.raceWinner === 0 ? I18N.t('raceMatrix.cellCoin') : I18N.t('raceMatrix.cellWinner', { player: cell.raceWinner }),
      ticks: I18N.formatNumber(cell.ticks),
    })}`,
  boardTitle: I18N.t('raceMatrix.boardTitle'),
  boardLabel: I18N.t('raceMatrix.boardLabel'),
} as const;

/** A message with one piece of code in it (where CODE stands), that piece set as code. */
function withCode(text: string, code: string): (Node | string)[] {
  const at = text.indexOf(CODE);
  return at < 0 ? [text] : [text.slice(0, at), h('code', {}, code), text.slice(at + CODE.length)];
}

const CSS =
  `
.race-wrap { display: grid; grid-template-columns: minmax(0, 1fr); gap: 1rem; }
@media (min-width: 900px) { .race-wrap { grid-template-columns: minmax(0, 3fr) minmax(0, 2fr); align-items: start; } }
.race-scroll { overflow-x: auto; }
table.race-matrix { border-collapse: separate; border-spacing: 2px; font-variant-numeric: tabular-nums; margin: .3rem 0; }
table.race-matrix th { font-size: .8rem; font-weight: 600; color: var(--ink-soft, #6b5646); padding: .2rem .3rem; white-space: nowrap; }
table.race-matrix td.cell { min-width: 2.6rem; height: 2.4rem; text-align: center; font-size: .85rem; border-radius: 5px; color: #2f2218; }
table.race-matrix td.cell.coin::after { content: ' ⚖'; font-size: .7rem; }
table.race-matrix td.cell.dark { color: #fff; }
table.race-matrix td.mix, table.race-matrix th.mix { font-size: .8rem; text-align: center; color: var(--ink, #2f2218); }
table.race-matrix caption { text-align: left; caption-side: top; }
@media (max-width: 600px) {
  table.race-matrix { border-spacing: 1px; }
  table.race-matrix th { white-space: normal; font-size: .72rem; padding: .1rem; line-height: 1.1; }
  table.race-matrix th[data-col] { width: 2.1rem; }
  table.race-matrix td.cell { min-width: 2.1rem; height: 2.1rem; font-size: .75rem; }
  table.race-matrix td.cell.coin::after { content: '⚖'; display: block; font-size: .6rem; line-height: 1; }
  table.race-matrix td.mix, table.race-matrix th.mix { font-size: .72rem; }
}
table.race-matrix td.mix.on, table.race-matrix td.cell.eq { font-weight: 700; }
table.race-matrix td.cell.eq { outline: 2px solid #2f2218; outline-offset: -2px; }
.race-legend { display: flex; align-items: center; gap: .4rem; font-size: .8rem; color: var(--ink-soft, #6b5646); margin: .2rem 0; }
.race-legend .ramp { width: 8rem; height: .7rem; border-radius: 3px; ` +
  `background: linear-gradient(90deg, #b4533a, #f4ede2, #d9a441); border: 1px solid var(--line, #e0d2bd); }
.race-eq ul { margin: .2rem 0 .6rem; padding-left: 1.1rem; }
.race-eq .value { font-size: 1.05rem; font-weight: 600; }
.race-eq .muted, .race-basis { font-size: .85rem; color: var(--ink-soft, #6b5646); }
.race-board { width: 100%; max-width: 420px; height: auto; display: block; }
.race-board text { font-family: system-ui, "Noto Sans Ethiopic", sans-serif; }
.race-board .hole { fill: #8d5a2c; stroke: #5a371b; }
.race-board .hole.p1 { fill: #f1ddb3; stroke: #d9a441; stroke-width: 3; }
.race-board .hole.p2 { fill: #ecc9bd; stroke: #b4533a; stroke-width: 3; }
.race-board .num { font-size: 14.5px; fill: #fff; }
.race-board .hole.p1 + .num, .race-board .hole.p2 + .num { fill: #2f2218; }
.race-board .pct { font-size: 14.5px; font-weight: 700; fill: #2f2218; }
`;

/**
 * Adds the section's styles once. A constructed style sheet, not a <style> element: the server's
 * content security policy (style-src 'self') refuses inline style elements and attributes, but
 * not sheets built through the CSS object model.
 */
function ensureRaceStyle(): void {
  const doc = document as Document & { adoptedStyleSheets?: CSSStyleSheet[] };
  if (doc.querySelector('meta[name="race-style"]') || !doc.adoptedStyleSheets) return;
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(CSS);
  doc.adoptedStyleSheets = [...doc.adoptedStyleSheets, sheet];
  doc.head.append(h('meta', { name: 'race-style', content: 'added' }));
}

/** Heat colour of a score: player 2's colour at 0, a pale neutral at ½, player 1's at 1. */
export function heat(score: number): string {
  const p2 = [0xb4, 0x53, 0x3a];
  const mid = [0xf4, 0xed, 0xe2];
  const p1 = [0xd9, 0xa4, 0x41];
  const t = Math.min(1, Math.max(0, score));
  const [a, b, u] = t < 0.5 ? [p2, mid, t * 2] : [mid, p1, (t - 0.5) * 2];
  const c = a.map((x, i) => Math.round(x + (b[i]! - x) * u));
  return `rgb(${c.join(', ')})`;
}

const pct = (p: number): string => (p > 0 ? percentOf(p, 0) : '–');

/** A cell of the heat map; its colour is set through the CSS object model, which the content security policy allows. */
function heatCell(attrs: Record<string, string | number>, score: number, text: string): HTMLElement {
  const td = h('td', attrs, text);
  td.style.backgroundColor = heat(score);
  // Light text on the darkest reds, for contrast.
  if (score < 0.2) td.classList.add('dark');
  return td;
}

function matrixTable(f: RaceResultFile): HTMLElement {
  const e = f.equilibrium;
  const head = h(
    'tr',
    {},
    h('th', { scope: 'col' }, RT.corner),
    f.cols.map((c) => h('th', { scope: 'col', 'data-col': c }, RT.hole(c))),
    h('th', { scope: 'col', class: 'mix' }, RT.mixOf(RT.p1)),
  );
  const rows = f.cells.map((r, i) =>
    h(
      'tr',
      { 'data-row': f.rows[i]! },
      h('th', { scope: 'row' }, RT.hole(f.rows[i]!)),
      r.map((cell, j) =>
        heatCell(
          {
            class: `cell${cell.raceWinner === 0 ? ' coin' : ''}${e.row[i]! > 0 && e.col[j]! > 0 ? ' eq' : ''}`,
            title: RT.cellTitle(f.rows[i]!, f.cols[j]!, cell),
            'data-row': f.rows[i]!,
            'data-col': f.cols[j]!,
            'data-mean': cell.mean,
          },
          cell.mean,
          I18N.formatNumber(cell.mean, { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
        ),
      ),
      h('td', { class: `mix${e.row[i]! > 0 ? ' on' : ''}`, 'data-p1-mix': f.rows[i]! }, pct(e.row[i]!)),
    ),
  );
  const foot = h(
    'tr',
    {},
    h('th', { scope: 'row', class: 'mix' }, RT.mixOf(RT.p2)),
    f.cols.map((c, j) => h('td', { class: `mix${e.col[j]! > 0 ? ' on' : ''}`, 'data-p2-mix': c }, pct(e.col[j]!))),
    h('td', {}),
  );
  return h(
    'div',
    { class: 'race-scroll' },
    h(
      'table',
      { class: 'race-matrix' },
      h('caption', { class: 'race-basis' }, RT.payoff),
      h('thead', {}, head),
      h('tbody', {}, rows, foot),
    ),
  );
}

function mixList(who: string, holes: number[], p: number[], support: number[], cls: string): HTMLElement {
  const order = holes.map((hole, i) => ({ hole, p: p[i]!, support: support[i]! })).sort((a, b) => b.p - a.p);
  const played = order.filter((x) => x.p > 0);
  const never = order.filter((x) => x.p === 0).map((x) => x.hole);
  return h(
    'div',
    { class: cls },
    h('h3', {}, RT.startFrom(who)),
    h(
      'ul',
      {},
      played.map((x) =>
        h(
          'li',
          { 'data-hole': x.hole },
          h('strong', {}, RT.share(x.hole, x.p)),
          h('span', { class: 'muted' }, ` (${RT.support(x.support)})`),
        ),
      ),
      never.length ? h('li', { class: 'muted' }, RT.never(never)) : null,
    ),
  );
}

/** A small plan of the board: every hole by its number, the race starts ringed in their player's colour with their share. */
function startBoard(f: RaceResultFile, geometry: Geometry): SVGSVGElement {
  const cell = 56;
  const svg = s('svg', {
    class: 'race-board',
    viewBox: `0 0 ${geometry.cols * cell} ${geometry.rows * cell}`,
    role: 'img',
    'aria-label': RT.boardLabel,
  });
  for (let hole = 0; hole < geometry.holeCount; hole++) {
    const x = geometry.holeCol[hole]! * cell + cell / 2;
    const y = (geometry.rows - 1 - geometry.holeRow[hole]!) * cell + cell / 2;
    const i = f.rows.indexOf(hole);
    const j = f.cols.indexOf(hole);
    const share = i >= 0 ? f.equilibrium.row[i]! : j >= 0 ? f.equilibrium.col[j]! : -1;
    const cls = i >= 0 ? 'hole p1' : j >= 0 ? 'hole p2' : 'hole';
    const g = s('g', { 'data-hole': hole });
    g.append(s('circle', { cx: x, cy: y, r: cell / 2 - 5, class: cls }));
    g.append(s('text', { x, y: share >= 0 ? y - 3 : y + 4, class: 'num', 'text-anchor': 'middle' }, String(hole)));
    if (share >= 0) g.append(s('text', { x, y: y + 12, class: 'pct', 'text-anchor': 'middle' }, pct(share)));
    svg.append(g);
  }
  return svg;
}

/** The section for a ruleset, or null when no race result is committed for it. */
export function raceSection(ruleset: Ruleset): HTMLElement | null {
  const f = RESULTS[ruleset.info.id];
  if (!f) return null;
  ensureRaceStyle();
  const made = ruleset.create(f.options);
  const geometry = made.ok ? made.value.geometry : undefined;
  const e = f.equilibrium;
  const st = f.stability;
  const command = `gabata race ${f.rulesetId} --agent ${f.budget.agent} --games ${f.budget.games} --seed ${f.seed}`;
  return h(
    'section',
    { class: 'panel race', id: 'race', 'aria-labelledby': 'race-h' },
    h('h2', { id: 'race-h' }, RT.title),
    h('p', { class: 'help' }, RT.intro(f.rows.length, f.cols.length)),
    h(
      'div',
      { class: 'race-wrap' },
      h(
        'div',
        {},
        matrixTable(f),
        h(
          'div',
          { class: 'race-legend' },
          h('span', {}, I18N.formatNumber(0)),
          h('span', { class: 'ramp' }),
          h('span', {}, I18N.formatNumber(1)),
          h('span', {}, RT.coin),
        ),
      ),
      h(
        'div',
        { class: 'race-eq' },
        h('p', { class: 'value', 'data-value': e.value }, RT.value(e.value)),
        mixList(RT.p1, f.rows, e.row, st.rowSupport, 'mix-p1'),
        mixList(RT.p2, f.cols, e.col, st.colSupport, 'mix-p2'),
        geometry ? h('figure', { class: 'race-plan' }, startBoard(f, geometry), h('figcaption', { class: 'muted' }, RT.boardTitle)) : null,
      ),
    ),
    h(
      'p',
      { class: 'race-basis' },
      RT.guarantee(e.rowGuarantee, e.colGuarantee),
      ' ',
      RT.valueRange(st.valueLow, st.valueHigh, st.resamples),
    ),
    h('p', { class: 'race-basis', 'data-computed': f.date }, ...withCode(RT.basis(f), f.budget.agent), ' ', RT.caveat),
    h('details', {}, h('summary', {}, RT.reproduce), h('code', {}, command)),
  );
}
