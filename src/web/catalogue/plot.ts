/** A small SVG plot of a ruleset's measured figures: match outcomes and the spread of match length. */
import type { Figures } from '../../catalogue/figures.js';
import { s } from './svg.js';
import { I18N } from '../text.js';
import { CT } from './text.js';

const W = 320;
const H = 120;

export function figuresPlot(f: Figures): SVGSVGElement {
  const svg = s('svg', {
    viewBox: `0 0 ${W} ${H}`,
    class: 'figures-plot',
    role: 'img',
    'aria-label': `${CT.c.outcomes}; ${CT.c.lengthRange}`,
  });
  // Outcomes as one stacked bar.
  const parts: [string, number, string][] = [
    [CT.firstMover, f.firstMoverWins, 'first'],
    [CT.secondMover, f.secondMoverWins, 'second'],
    [CT.drawn, f.draws, 'draw'],
    [CT.unfinished, f.unfinished, 'unfinished'],
  ];
  svg.append(s('text', { x: 0, y: 12, class: 'plot-title' }, `${CT.c.outcomes} (${f.games})`));
  let x = 0;
  let legendX = 0;
  for (const [label, n, cls] of parts) {
    const w = (n / Math.max(1, f.games)) * W;
    if (w > 0)
      svg.append(
        s('rect', { x: x.toFixed(2), y: 18, width: w.toFixed(2), height: 18, class: `bar ${cls}` }, s('title', {}, `${label}: ${n}`)),
      );
    x += w;
    if (n > 0 || cls !== 'unfinished') {
      svg.append(s('rect', { x: legendX, y: 42, width: 8, height: 8, class: `bar ${cls}` }));
      const t = `${label} ${Math.round((n / Math.max(1, f.games)) * 100)}%`;
      svg.append(s('text', { x: legendX + 11, y: 50, class: 'plot-legend' }, t));
      legendX += 11 + t.length * 5.3 + 8;
    }
  }
  // Length: a box plot over a logarithmic axis from 1 to the longest match (lengths spread over decades).
  const [mn, q1, med, q3, mx] = f.lengthQuartiles;
  const lo = Math.floor(Math.log10(Math.max(1, mn)));
  const hi = Math.max(lo + 1, Math.ceil(Math.log10(Math.max(1, mx))));
  const scale = (v: number): number => 4 + ((Math.log10(Math.max(1, v)) - lo) / (hi - lo)) * (W - 8);
  const y = 88;
  svg.append(s('text', { x: 0, y: 70, class: 'plot-title' }, `${CT.c.meanLength}: ${f.meanLength}`));
  svg.append(s('line', { x1: scale(mn), x2: scale(mx), y1: y, y2: y, class: 'whisker' }));
  svg.append(
    s(
      'rect',
      { x: scale(q1), y: y - 8, width: Math.max(1, scale(q3) - scale(q1)), height: 16, class: 'box' },
      s('title', {}, `${q1}–${q3}`),
    ),
  );
  svg.append(s('line', { x1: scale(med), x2: scale(med), y1: y - 8, y2: y + 8, class: 'median' }));
  svg.append(
    s(
      'circle',
      { cx: scale(f.meanLength), cy: y, r: 3, class: 'mean' },
      s('title', {}, I18N.t('pages.meanIs', { value: I18N.formatNumber(f.meanLength) })),
    ),
  );
  svg.append(s('text', { x: 2, y: H - 2, class: 'plot-axis' }, String(10 ** lo)));
  svg.append(s('text', { x: W / 2, y: H - 2, class: 'plot-axis', 'text-anchor': 'middle' }, CT.logScale));
  svg.append(s('text', { x: W - 2, y: H - 2, class: 'plot-axis', 'text-anchor': 'end' }, String(10 ** hi)));
  return svg;
}
