/**
 * The Explore page's comparison plot, drawn here from the chosen cells' figures: for each cell,
 * player 1's win rate and the mean decisions per match, each as a point with its 95% interval
 * bar. (The report's Vega-Lite plots are rendered to SVG when the sweep runs; vega itself would
 * triple the app's bundle and needs `unsafe-eval`, so it stays out of the browser.)
 */
import { s } from './catalogue/svg.js';
import type { ExploreCell } from '../formats/sweep.js';
import { I18N } from './text.js';

const ROW = 26;
const LABEL = 230;
const PANEL = 210;
const GAP = 30;

interface Series {
  title: () => string;
  value: (c: ExploreCell) => { mid: number; lo: number; hi: number };
  /** Fixed domain, or null to fit the values. */
  domain: [number, number] | null;
  format: (x: number) => string;
}

const SERIES: Series[] = [
  {
    title: () => I18N.t('explore.plotWins'),
    value: (c) => {
      const w = c.figures.seats[0]!.wins;
      return { mid: 100 * w.rate, lo: 100 * w.lo, hi: 100 * w.hi };
    },
    domain: [0, 100],
    format: (x) => I18N.formatNumber(x, { maximumFractionDigits: 0 }),
  },
  {
    title: () => I18N.t('explore.plotDecisions'),
    value: (c) => {
      const d = c.figures.duration.decisions;
      return { mid: d.mean, lo: d.lo, hi: d.hi };
    },
    domain: null,
    format: (x) => I18N.formatNumber(x, { minimumFractionDigits: x >= 100 ? 0 : 1, maximumFractionDigits: x >= 100 ? 0 : 1 }),
  },
];

/** A cell's label in the plot: its grid values, in the grids' order. */
export const valuesLabel = (c: ExploreCell): string => Object.values(c.values).map(String).join(' · ');

/** The plot of the chosen cells; `names` are the grid's options (the labels' heading). */
export function comparePlot(cells: readonly ExploreCell[], names: readonly string[]): SVGSVGElement {
  const label = valuesLabel;
  const height = 34 + cells.length * ROW + 20;
  const width = LABEL + SERIES.length * (PANEL + GAP);
  const svg = s('svg', {
    viewBox: `0 0 ${width} ${height}`,
    class: 'explore-plot',
    role: 'img',
    'aria-label': I18N.t('explore.plotLabel'),
  });
  // The grids' option names and values are research terms, kept as the sweep names them (not translated).
  svg.append(s('text', { x: LABEL - 8, y: 14, 'text-anchor': 'end', class: 'plot-title term', translate: 'no' }, names.join(' · ')));
  cells.forEach((c, i) => {
    const full = Object.entries(c.values)
      .map(([k, v]) => `${k}=${String(v)}`)
      .join(', ');
    svg.append(
      s(
        'text',
        { x: LABEL - 8, y: 34 + i * ROW + ROW / 2 + 4, 'text-anchor': 'end', class: 'cell-label term', translate: 'no' },
        label(c),
        s('title', {}, full),
      ),
    );
  });
  SERIES.forEach((series, k) => {
    const x0 = LABEL + k * (PANEL + GAP);
    const vals = cells.map(series.value);
    let [lo, hi] = series.domain ?? [Math.min(...vals.map((v) => v.lo)), Math.max(...vals.map((v) => v.hi))];
    if (!(hi > lo)) [lo, hi] = [lo - 1, hi + 1];
    const x = (v: number): number => x0 + ((Math.min(hi, Math.max(lo, v)) - lo) / (hi - lo)) * PANEL;
    svg.append(s('text', { x: x0, y: 14, class: 'plot-title' }, series.title()));
    svg.append(s('line', { x1: x0, x2: x0 + PANEL, y1: 26, y2: 26, stroke: '#999' }));
    svg.append(s('text', { x: x0, y: height - 4, class: 'axis' }, series.format(lo)));
    svg.append(s('text', { x: x0 + PANEL, y: height - 4, class: 'axis', 'text-anchor': 'end' }, series.format(hi)));
    if (series.domain && series.domain[0] < 50 && series.domain[1] > 50) {
      svg.append(s('line', { x1: x(50), x2: x(50), y1: 26, y2: height - 16, stroke: '#bbb', 'stroke-dasharray': '3 3' }));
    }
    vals.forEach((v, i) => {
      const y = 34 + i * ROW + ROW / 2;
      // The row's label (its options, as code) names the cell; the tip says what the point is.
      const tip = I18N.t('explore.plotTip', {
        series: series.title(),
        mid: series.format(v.mid),
        lo: series.format(v.lo),
        hi: series.format(v.hi),
      });
      svg.append(s('line', { x1: x(v.lo), x2: x(v.hi), y1: y, y2: y, stroke: '#2f2218', 'stroke-width': 2, class: 'interval' }));
      svg.append(s('circle', { cx: x(v.mid), cy: y, r: 4, fill: '#b4533a', class: 'estimate' }, s('title', {}, tip)));
    });
  });
  return svg;
}
