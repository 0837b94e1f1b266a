/**
 * A player's rating history in one ruleset, drawn by hand as a small SVG (no chart library in the
 * bundle, as explore-plot.ts): one point per rated game, evenly spaced (the games, not the
 * calendar, move a rating), the lowest and highest rating written on the left, 1500 (where
 * everyone starts) dashed when it is in range. It scales to the width of its box (a phone's too).
 */
import { s } from './catalogue/svg.js';

const W = 320;
const H = 120;
const LEFT = 40;
const PAD = 10;

export interface ChartPoint {
  at: number;
  rating: number;
}

/** The chart of `points` (oldest first), named `label` for screen readers. */
export function ratingChart(points: readonly ChartPoint[], label: string): SVGSVGElement {
  const svg = s('svg', { viewBox: `0 0 ${W} ${H}`, class: 'rating-chart', role: 'img', 'aria-label': label });
  svg.append(s('title', {}, label));
  if (points.length === 0) return svg;
  const values = points.map((p) => p.rating);
  let lo = Math.min(...values);
  let hi = Math.max(...values);
  if (hi - lo < 20) [lo, hi] = [lo - 10, hi + 10];
  const x = (i: number): number => (points.length === 1 ? (LEFT + W - PAD) / 2 : LEFT + (i / (points.length - 1)) * (W - PAD - LEFT));
  const y = (r: number): number => PAD + ((hi - r) / (hi - lo)) * (H - 2 * PAD);
  svg.append(s('line', { x1: LEFT, x2: LEFT, y1: PAD, y2: H - PAD, class: 'chart-axis' }));
  svg.append(s('text', { x: LEFT - 4, y: y(hi) + 4, 'text-anchor': 'end', class: 'chart-label' }, String(Math.round(hi))));
  svg.append(s('text', { x: LEFT - 4, y: y(lo) + 4, 'text-anchor': 'end', class: 'chart-label' }, String(Math.round(lo))));
  if (lo < 1500 && hi > 1500) {
    svg.append(s('line', { x1: LEFT, x2: W - PAD, y1: y(1500), y2: y(1500), class: 'chart-start', 'stroke-dasharray': '3 3' }));
  }
  const line = points.map((p, i) => `${x(i).toFixed(1)},${y(p.rating).toFixed(1)}`).join(' ');
  svg.append(s('polyline', { points: line, class: 'chart-line', fill: 'none' }));
  points.forEach((p, i) => {
    svg.append(s('circle', { cx: x(i), cy: y(p.rating), r: 3, class: 'chart-point' }));
  });
  return svg;
}
