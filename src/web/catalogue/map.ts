/**
 * The evidence map: Africa's countries from a small packaged outline (africa.json, derived once
 * from Natural Earth by extract-africa.mjs; no tiles, no network), with a marker for each place.
 * The Horn of Africa and Nigeria get insets of their own, so their markers stay readable on a
 * phone. Insets are the same drawing seen through a smaller viewBox.
 */
import type { CatalogueEntry, Place } from '../../catalogue/types.js';
import { h } from '../dom.js';
import { spreadMarkers } from './spread.js';
import { s } from './svg.js';
import { CT, countryName } from './text.js';

export interface Outline {
  projection: { west: number; north: number; unitsPerDegree: number; cosLat: number };
  width: number;
  height: number;
  countries: { name: string; d: string }[];
}

/**
 * africa.json's projection, here so that markers are placed before the outline arrives: the
 * outline (140 KB) is loaded only when a map is drawn, as a chunk of its own (a test checks that
 * these numbers are the file's).
 */
export const PROJECTION: Outline['projection'] = { west: -26, north: 40, unitsPerDegree: 10, cosLat: 0.999657 };

let outline: Promise<Outline> | null = null;

/** The countries' outline, loaded once. */
function loadOutline(): Promise<Outline> {
  outline ??= import('./africa.json').then((m) => (m.default ?? m) as unknown as Outline);
  return outline;
}

/**
 * Calls `draw` once `el` comes within a screen of the viewport (at once where the browser cannot
 * tell): the countries are many paths, drawn three times, and a map below the fold need not cost a
 * phone anything while the page first shows.
 */
function whenNear(el: Element, draw: () => void): void {
  if (typeof IntersectionObserver === 'undefined') {
    draw();
    return;
  }
  const seen = new IntersectionObserver(
    (entries) => {
      if (!entries.some((e) => e.isIntersecting)) return;
      seen.disconnect();
      draw();
    },
    { rootMargin: '100% 0px' },
  );
  seen.observe(el);
}

/** Map coordinates (the outline's units) of a latitude and longitude. */
export function project(lat: number, lon: number): { x: number; y: number } {
  const p = PROJECTION;
  return { x: (lon - p.west) * p.unitsPerDegree * p.cosLat, y: (p.north - lat) * p.unitsPerDegree };
}

/** A frame in degrees: what a view shows. */
interface Frame {
  west: number;
  east: number;
  south: number;
  north: number;
}
const VIEWS: { key: 'africa' | 'horn' | 'nigeria'; title: string; frame: Frame }[] = [
  { key: 'africa', title: CT.africa, frame: { west: -18.5, east: 52, south: -35.5, north: 38 } },
  { key: 'horn', title: CT.horn, frame: { west: 35.5, east: 42.5, south: 11.5, north: 17.5 } },
  { key: 'nigeria', title: CT.nigeria, frame: { west: 2, east: 15, south: 3.5, north: 14.5 } },
];

export interface MapMarker {
  place: Place;
  rulesetId: string;
  gameName: string;
  /** Evidence id, for evidence records; absent for places named by descriptions. */
  evidenceId?: string;
  /** Drawn strong (this game's) or faded (others'). */
  focus: boolean;
}

/** The markers of some entries: evidence records (filled) and described places (hollow). */
export function markersOf(entries: readonly CatalogueEntry[], focusId?: string): MapMarker[] {
  const out: MapMarker[] = [];
  for (const e of entries) {
    const focus = focusId === undefined || e.rulesetId === focusId;
    for (const ev of e.evidence) out.push({ place: ev.place, rulesetId: e.rulesetId, gameName: e.name, evidenceId: ev.id, focus });
    for (const p of e.places) out.push({ place: p, rulesetId: e.rulesetId, gameName: e.name, focus });
  }
  return out;
}

/** Fills a map's land with the countries' outline (the game's regions tinted). */
function drawLand(land: SVGGElement, africa: Outline, highlight: Set<string>): void {
  for (const c of africa.countries) {
    land.append(
      s(
        'path',
        {
          d: c.d,
          'data-country': c.name,
          class: highlight.has(c.name) ? 'country region' : 'country',
          'vector-effect': 'non-scaling-stroke',
        },
        s('title', {}, countryName(c.name)),
      ),
    );
  }
}

/** A marker's tap target, in CSS px across (two apart never overlap: spread.ts). */
const HIT_PX = 44;

/** A marker as drawn: its group and its place in the drawing's units. */
interface Placed {
  item: SVGGElement;
  x: number;
  y: number;
}

/** A marker's dot: with `onMarker`, a link with a clear circle of 44 CSS px around it that takes the finger. */
function markerDot(m: MapMarker, x: number, y: number, r: number, onMarker?: (m: MapMarker) => void): SVGElement {
  // The evidence record's id stays in data-evidence; the record itself names it on the game's page.
  const label = `${m.gameName}: ${m.place.name}${m.evidenceId ? '' : ` (${CT.approximate})`}`;
  const dot = s(
    'circle',
    {
      cx: x.toFixed(3),
      cy: y.toFixed(3),
      r: (m.focus ? r : r * 0.7).toFixed(3),
      class: `marker ${m.evidenceId ? 'evidence' : 'place'}${m.focus ? ' focus' : ' faded'}`,
      'data-ruleset': m.rulesetId,
      'data-evidence': m.evidenceId,
      'data-place': m.place.name,
      'data-lat': m.place.coords.lat,
      'data-lon': m.place.coords.lon,
      'vector-effect': 'non-scaling-stroke',
      'aria-label': onMarker ? undefined : label,
    },
    s('title', {}, label),
  );
  if (!onMarker) return dot;
  // The clear circle's radius is set in the drawing's units once the map is laid out (--marker-hit).
  const hit = s('circle', { cx: x.toFixed(3), cy: y.toFixed(3), r: (r * 3).toFixed(3), class: 'marker-hit' });
  const link = s('g', { class: 'marker-link', tabindex: 0, role: 'link', 'aria-label': label }, hit, dot);
  link.addEventListener('click', () => onMarker(m));
  link.addEventListener('keydown', (e) => {
    if ((e as KeyboardEvent).key === 'Enter') onMarker(m);
  });
  return link;
}

/** An inset's label of a place: right of the marker unless it would run off the view (`east`) or into a neighbour to the east. */
function markerLabel(m: MapMarker, x: number, y: number, r: number, markers: readonly MapMarker[], east: number): SVGTextElement {
  const size = r * 2.6;
  const width = m.place.name.length * size * 0.55;
  const crowded = markers.some((o) => {
    if (o === m || !o.focus) return false;
    const p = project(o.place.coords.lat, o.place.coords.lon);
    return Math.abs(p.y - y) < size && p.x > x && p.x - x < width + r * 2;
  });
  const left = crowded || x + r * 1.4 + width > east;
  return s(
    'text',
    {
      x: (left ? x - r * 1.4 : x + r * 1.4).toFixed(2),
      y: (y + r * 0.5).toFixed(2),
      class: 'marker-label',
      'text-anchor': left ? 'end' : 'start',
      'font-size': size.toFixed(2),
    },
    m.place.name,
  );
}

/**
 * Spreads a map's markers (spread.ts) at the size it is drawn (`scale` CSS px per unit of the
 * drawing, whose view is `view`), so that their tap targets do not overlap: a marker moved from its
 * place is joined to it by a thin line ending in a small dot at the place itself.
 */
function spread(
  items: readonly Placed[],
  leaders: SVGGElement,
  view: { x: number; y: number; w: number; h: number },
  scale: number,
  r: number,
): void {
  // Only the markers this view shows: the others lie beyond its edges (an inset's neighbours).
  const shown = items.filter((i) => i.x >= view.x && i.x <= view.x + view.w && i.y >= view.y && i.y <= view.y + view.h);
  const px = shown.map((i) => ({ x: (i.x - view.x) * scale, y: (i.y - view.y) * scale }));
  const at = spreadMarkers(px, HIT_PX + 2, view.w * scale, view.h * scale);
  leaders.replaceChildren();
  shown.forEach((i, k) => {
    const dx = (at[k]!.x - px[k]!.x) / scale;
    const dy = (at[k]!.y - px[k]!.y) / scale;
    const moved = Math.hypot(dx, dy) * scale > 0.5;
    if (moved) i.item.setAttribute('transform', `translate(${dx.toFixed(3)} ${dy.toFixed(3)})`);
    else i.item.removeAttribute('transform');
    if (!moved) return;
    leaders.append(
      s('line', { x1: i.x, y1: i.y, x2: i.x + dx, y2: i.y + dy, class: 'marker-leader', 'vector-effect': 'non-scaling-stroke' }),
      s('circle', { cx: i.x, cy: i.y, r: (r * 0.35).toFixed(3), class: 'marker-anchor' }),
    );
  });
}

function view(v: (typeof VIEWS)[number], markers: MapMarker[], onMarker?: (m: MapMarker) => void): SVGSVGElement {
  const a = project(v.frame.north, v.frame.west);
  const b = project(v.frame.south, v.frame.east);
  const w = b.x - a.x;
  const hgt = b.y - a.y;
  const r = w / 70;
  const svg = s('svg', {
    viewBox: `${a.x.toFixed(1)} ${a.y.toFixed(1)} ${w.toFixed(1)} ${hgt.toFixed(1)}`,
    class: `evidence-map map-${v.key}`,
    'data-view': v.key,
    // With links on it (its markers) the map is a group; an image may hold nothing interactive.
    role: onMarker ? 'group' : 'img',
    'aria-label': `${CT.evidenceMap}: ${v.title}`,
    preserveAspectRatio: 'xMidYMid meet',
  });
  svg.append(s('rect', { x: a.x, y: a.y, width: w, height: hgt, class: 'sea' }));
  // The countries are drawn into it when the map comes near the viewport (evidenceMap).
  svg.append(s('g', { class: 'land' }));
  const dots = s('g', { class: 'markers' });
  const items: Placed[] = [];
  // Faded markers first, so this game's are drawn on top.
  for (const m of [...markers].sort((x, y) => Number(x.focus) - Number(y.focus))) {
    const { x, y } = project(m.place.coords.lat, m.place.coords.lon);
    // The marker and its label move together when the marker is spread from its neighbours.
    const item = s('g', { class: 'marker-item' });
    item.append(markerDot(m, x, y, r, onMarker));
    if (v.key !== 'africa' && m.focus) item.append(markerLabel(m, x, y, r, markers, a.x + w));
    dots.append(item);
    items.push({ item, x, y });
  }
  const leaders = s('g', { class: 'marker-leaders', 'aria-hidden': 'true' });
  svg.append(leaders, dots);
  if (onMarker && typeof ResizeObserver !== 'undefined') {
    new ResizeObserver(() => {
      const shown = svg.getBoundingClientRect().width;
      if (shown === 0) return;
      // 22 CSS px of radius, in the drawing's units at the size the map is drawn.
      svg.style.setProperty('--marker-hit', `${((HIT_PX / 2) * (w / shown)).toFixed(3)}px`);
      spread(items, leaders, { x: a.x, y: a.y, w, h: hgt }, shown / w, r);
    }).observe(svg);
  }
  if (v.key === 'africa') {
    // Outline where the insets are, so a reader sees what they enlarge.
    for (const inset of VIEWS.slice(1)) {
      const p = project(inset.frame.north, inset.frame.west);
      const q = project(inset.frame.south, inset.frame.east);
      svg.append(
        s('rect', { x: p.x, y: p.y, width: q.x - p.x, height: q.y - p.y, class: 'inset-frame', 'vector-effect': 'non-scaling-stroke' }),
      );
    }
  }
  return svg;
}

/**
 * The map with its two insets. `highlight` = countries to tint (the games' regions);
 * `onMarker` makes markers links (the catalogue uses it to open a game page).
 */
export function evidenceMap(markers: MapMarker[], highlight: readonly string[], onMarker?: (m: MapMarker) => void): HTMLElement {
  const hl = new Set(highlight);
  const [main, ...insets] = VIEWS;
  const figure = h(
    'figure',
    { class: 'evidence-figure' },
    h('div', { class: 'map-main' }, view(main!, markers, onMarker)),
    h(
      'div',
      { class: 'map-insets' },
      insets.map((v) => h('div', { class: 'map-inset' }, h('span', { class: 'inset-title' }, v.title), view(v, markers, onMarker))),
    ),
    h('figcaption', {}, CT.mapIntro),
  );
  whenNear(figure, () => {
    void loadOutline().then((africa) => {
      for (const land of Array.from(figure.querySelectorAll<SVGGElement>('g.land'))) drawLand(land, africa, hl);
    });
  });
  return figure;
}
