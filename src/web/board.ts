/**
 * The board, drawn as SVG from the engine's geometry: holes by row and column (row 0, player 1's
 * near row, at the bottom; `turned` draws it half round, for the player across the board), stores
 * at the ends when the game has them. It renders a `BoardState`
 * and reports taps; it holds no rules (which holes are playable is passed in).
 */
import { predictedScale } from './board-scale.js';
import type { Geometry } from '@gabata/engine/core';
import type { Unit } from '../i18n/story.js';
import type { Landmark } from './engine.js';
import { I18N, T } from './text.js';
import { trackPlayer, trackSegments, type Point, type TrackSegment } from './track.js';

/** What the board shows: a plain copy of the parts of a State that are drawn. */
export interface BoardState {
  counts: number[];
  owners: number[];
  marks: number[];
  captured: number[];
  reserve: number[];
  /** Counters in each player's hand while a sowing is animated (index 1..players). */
  hands: number[];
  /** Where each player's hand is (hole), -1 = not shown. */
  handAt: number[];
}

export interface BoardDecor {
  legal: ReadonlySet<number>;
  /** Holes flashing in this animation frame. */
  hot: ReadonlySet<number>;
  /** Holes of the last move (start hole). */
  last: ReadonlySet<number>;
  /** The hole the hint suggests. */
  hint: ReadonlySet<number>;
  landmarks: readonly Landmark[];
  /** Word for a marked hole ('wegue', 'nedf'). */
  markWord: string;
  /** What the counters are called: Gifia's beans, everybody else's counters (default). */
  unit?: Unit;
  /** Display name of a player. */
  name: (p: number) => string;
}

const SVG = 'http://www.w3.org/2000/svg';
const CELL = 100;
const R = 40;
const PAD = 18;
const STORE_W = 84;
const GAP = 14;
const MAX_SEEDS = 15;
/** Hole numbers: 14 units where the board is drawn at full size, never under this many CSS px on a narrow screen. */
const INDEX_UNITS = 14;
const INDEX_MIN_PX = 11.5;
const INDEX_MAX_UNITS = 24;
/** Count badges: radius 15 and 16-unit digits at full size, up to 1.35 times that on a narrow screen (digits over 11 CSS px). */
const BADGE_R = 15;
const BADGE_FONT = 16;
const BADGE_MAX_GROWTH = 1.35;
/** Each board's ids (clip paths, masks) are its own, so that two boards on a page do not share them. */
let boardCount = 0;

function el<K extends keyof SVGElementTagNameMap>(
  tag: K,
  attrs: Record<string, string | number> = {},
  parent?: Element,
): SVGElementTagNameMap[K] {
  const e = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  if (parent) parent.appendChild(e);
  return e;
}

/** Seed positions: a sunflower spiral, fixed, so a hole's seeds do not jump between frames. */
const SEED_POS: { x: number; y: number; rot: number; shade: number }[] = Array.from({ length: MAX_SEEDS }, (_, i) => {
  const a = i * 2.39996;
  const r = 8.2 * Math.sqrt(i + 0.35);
  return { x: r * Math.cos(a), y: r * Math.sin(a), rot: (i * 67) % 180, shade: (i * 7) % 3 };
});

interface HoleNodes {
  g: SVGGElement;
  ring: SVGCircleElement;
  cavity: SVGCircleElement;
  seeds: SVGGElement;
  badge: SVGGElement;
  badgeText: SVGTextElement;
  markBadge: SVGGElement;
  markText: SVGTextElement;
  landmark: SVGGElement;
  landmarkText: SVGTextElement;
  x: number;
  y: number;
  shownCount: number;
  /** What the hole's class and accessible name were last made from: unchanged, they are not made again. */
  shownKey: string;
}

export class Board {
  readonly svg: SVGSVGElement;
  private readonly holes: HoleNodes[] = [];
  private readonly stores: {
    player: number;
    g: SVGGElement;
    text: SVGTextElement;
    seeds: SVGGElement;
    x: number;
    y: number;
    h: number;
    shown: number;
    labelKey: string;
  }[] = [];
  private readonly handNodes: { g: SVGGElement; text: SVGTextElement }[] = [];
  private readonly offsetX: number;
  private last: BoardState | null = null;
  /** This board's prefix for the ids of its clip paths and masks. */
  private readonly id = `board${++boardCount}`;
  /** The drawing's size in its own units (without the legend of the tracks). */
  private readonly width: number;
  private readonly height: number;
  /** The centre of each hole as drawn (turned or not). */
  private readonly centres: Point[] = [];
  /** In each hole, under its counters: the tracks that pass through it (clipped to the hole). */
  private readonly trackIns: SVGGElement[] = [];
  /** Over the board, under the hands: the tracks between the holes and their arrowheads. */
  private readonly trackLayer: SVGGElement;
  /** Under the board: what the colours and the dashes of the tracks mean. */
  private readonly legend: SVGGElement;
  private segments: TrackSegment[] | null = null;
  private trackShown = false;
  /** CSS px per unit of the drawing, as last laid out. */
  private scale = 0;
  /** The players' names in the legend, as the last render gave them. */
  private names: (p: number) => string = (p) => T.person(p);
  private legendKey = '';

  constructor(
    parent: HTMLElement,
    private readonly geometry: Geometry,
    private readonly players: number,
    private readonly onActivate: (hole: number) => void,
    /** Drawn half round: the last row at the bottom, columns right to left. */
    readonly turned = false,
  ) {
    const hasStores = geometry.stores.length > 0;
    this.offsetX = PAD + (hasStores ? STORE_W + GAP : 0);
    const width = geometry.cols * CELL + 2 * this.offsetX;
    const height = geometry.rows * CELL + 2 * PAD;
    this.width = width;
    this.height = height;
    this.svg = el('svg', { viewBox: `0 0 ${width} ${height}`, class: 'board undrawn', role: 'group', 'aria-label': T.boardLabel });
    const defs = el('defs', {}, this.svg);
    const wood = el('linearGradient', { id: 'wood', x1: 0, y1: 0, x2: 0.15, y2: 1 }, defs);
    el('stop', { offset: '0', 'stop-color': '#a8733f' }, wood);
    el('stop', { offset: '0.55', 'stop-color': '#8d5a2c' }, wood);
    el('stop', { offset: '1', 'stop-color': '#754822' }, wood);
    const cav = el('radialGradient', { id: 'cavity', cx: 0.45, cy: 0.4, r: 0.65 }, defs);
    el('stop', { offset: '0', 'stop-color': '#3b2312' }, cav);
    el('stop', { offset: '1', 'stop-color': '#5a371b' }, cav);
    el('rect', { x: 2, y: 2, width: width - 4, height: height - 4, rx: 46, class: 'wood', fill: 'url(#wood)' }, this.svg);
    // Grain lines, for the wooden look.
    for (let i = 1; i < 6; i++) {
      const y = (height * i) / 6 + (i % 2 ? 6 : -4);
      el('path', { d: `M 30 ${y} C ${width * 0.3} ${y - 8}, ${width * 0.6} ${y + 9}, ${width - 30} ${y - 2}`, class: 'grain' }, this.svg);
    }
    for (const st of geometry.stores) {
      const x = (st.side === 'left') !== turned ? PAD : width - PAD - STORE_W;
      const y = PAD + 6;
      const h = height - 2 * PAD - 12;
      const g = el('g', { class: `store owner-${st.player}`, 'data-store': st.player }, this.svg);
      el('rect', { x, y, width: STORE_W, height: h, rx: STORE_W / 2, class: 'store-cavity', fill: 'url(#cavity)' }, g);
      el('rect', { x: x - 3, y: y - 3, width: STORE_W + 6, height: h + 6, rx: STORE_W / 2 + 3, class: 'store-ring' }, g);
      const seeds = el('g', { class: 'seeds' }, g);
      const text = el('text', { x: x + STORE_W / 2, y: y + h - 14, class: 'store-count', 'text-anchor': 'middle' }, g);
      g.setAttribute('role', 'img');
      this.stores.push({ player: st.player, g, text, seeds, x: x + STORE_W / 2, y: y + h / 2, h, shown: -1, labelKey: '' });
    }
    // Holes in reading order (top row first) so that Tab follows the board.
    const col = (h: number): number => (turned ? geometry.cols - 1 - geometry.holeCol[h]! : geometry.holeCol[h]!);
    const row = (h: number): number => (turned ? geometry.rows - 1 - geometry.holeRow[h]! : geometry.holeRow[h]!);
    const order = Array.from({ length: geometry.holeCount }, (_, h) => h).sort((a, b) => row(b) - row(a) || col(a) - col(b));
    const nodes: HoleNodes[] = new Array(geometry.holeCount);
    for (const h of order) {
      const x = this.offsetX + col(h) * CELL + CELL / 2;
      const y = PAD + (geometry.rows - 1 - row(h)) * CELL + CELL / 2;
      const g = el('g', { class: 'hole', 'data-hole': h, tabindex: 0, role: 'button' }, this.svg);
      el('circle', { cx: x, cy: y, r: R + 6, class: 'halo' }, g);
      const ring = el('circle', { cx: x, cy: y, r: R + 1, class: 'ring' }, g);
      const cavity = el('circle', { cx: x, cy: y, r: R - 3, class: 'cavity', fill: 'url(#cavity)' }, g);
      this.trackIns[h] = el('g', { class: 'track-in', 'aria-hidden': 'true' }, g);
      this.centres[h] = { x, y };
      const seeds = el('g', { class: 'seeds', transform: `translate(${x} ${y})` }, g);
      // What the hole shows, in its name's order: its number, its mark's and landmark's letters, its
      // count ("12 W 3", as its name begins: "Hole 12 W, 3 counters"), so that a voice user can say
      // what they see (axe's label-content-name-mismatch). Apart in the drawing, they do not overlap.
      el('text', { x, y: y + R - 9, class: 'hole-index', 'text-anchor': 'middle' }, g).textContent = String(h);
      g.append(' ');
      const markBadge = el('g', { class: 'mark-badge' }, g);
      el('circle', { cx: x - 31, cy: y + 31, r: 13 }, markBadge);
      const markText = el('text', { x: x - 31, y: y + 36, 'text-anchor': 'middle' }, markBadge);
      g.append(' ');
      const landmark = el('g', { class: 'landmark' }, g);
      el('rect', { x: x + 19, y: y + 20, width: 24, height: 22, rx: 5 }, landmark);
      const landmarkText = el('text', { x: x + 31, y: y + 36, 'text-anchor': 'middle' }, landmark);
      g.append(' ');
      const badge = el('g', { class: 'count-badge' }, g);
      el('circle', { cx: x + 31, cy: y - 31, r: BADGE_R }, badge);
      const badgeText = el('text', { x: x + 31, y: y - 31 + BADGE_FONT * 0.34, 'text-anchor': 'middle', class: 'count' }, badge);
      g.addEventListener('click', () => this.onActivate(h));
      g.addEventListener('keydown', (e) => this.key(e, h));
      nodes[h] = {
        g,
        ring,
        cavity,
        seeds,
        badge,
        badgeText,
        markBadge,
        markText,
        landmark,
        landmarkText,
        x,
        y,
        shownCount: -1,
        shownKey: '',
      };
    }
    this.holes.push(...nodes);
    this.trackLayer = el('g', { class: 'track-layer', 'aria-hidden': 'true' }, this.svg);
    for (let p = 1; p <= players; p++) {
      const g = el('g', { class: `hand owner-${p}`, 'aria-hidden': 'true' }, this.svg);
      el('circle', { cx: 0, cy: 0, r: 17 }, g);
      const text = el('text', { x: 0, y: 6, 'text-anchor': 'middle' }, g);
      this.handNodes[p] = { g, text };
    }
    this.legend = el('g', { class: 'track-legend' }, this.svg);
    this.laidOut(predictedScale(parent, width, height));
    parent.appendChild(this.svg);
    if (typeof ResizeObserver !== 'undefined') new ResizeObserver(() => this.laidOut()).observe(this.svg);
  }

  /**
   * The board was laid out at a new size: hole numbers stay at least INDEX_MIN_PX CSS px tall on a
   * narrow screen (larger in the drawing's units, up to what fits beside a hole's badges), and the
   * legend of the tracks is set again at a size that reads.
   */
  private laidOut(scale = this.svg.getScreenCTM()?.a ?? this.svg.getBoundingClientRect().width / this.width): void {
    // The drawing's own scale (a board held back by its height is drawn smaller than its box).
    if (!(scale > 0)) return;
    if (Math.abs(scale - this.scale) < 0.005) return;
    const redraw = this.segments !== null && Math.abs(scale - this.scale) > 0.05;
    this.scale = scale;
    if (redraw) this.drawTrack();
    this.svg.style.setProperty('--hole-index-size', `${this.indexUnits().toFixed(1)}px`);
    const grow = this.badgeGrowth();
    this.svg.style.setProperty('--count-size', `${(BADGE_FONT * grow).toFixed(1)}px`);
    // The letters of marks and landmarks: at least INDEX_MIN_PX CSS px as drawn, like the numbers.
    this.svg.style.setProperty('--mark-size', `${Math.max(14, INDEX_MIN_PX / scale).toFixed(1)}px`);
    for (const n of this.holes) {
      n.badge.querySelector('circle')!.setAttribute('r', (BADGE_R * grow).toFixed(1));
      n.badgeText.setAttribute('y', (n.y - 31 + BADGE_FONT * grow * 0.34).toFixed(1));
    }
    if (this.trackShown) this.drawLegend();
  }

  /** Arrow keys move between holes as they lie on the board; Enter or Space plays the hole. */
  private key(e: KeyboardEvent, h: number): void {
    const g = this.geometry;
    let dr = 0;
    let dc = 0;
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      this.onActivate(h);
      return;
    }
    if (e.key === 'ArrowLeft') dc = -1;
    else if (e.key === 'ArrowRight') dc = 1;
    else if (e.key === 'ArrowUp') dr = 1;
    else if (e.key === 'ArrowDown') dr = -1;
    else return;
    e.preventDefault();
    const flip = this.turned ? -1 : 1;
    const row = g.holeRow[h]! + dr * flip;
    const col = g.holeCol[h]! + dc * flip;
    for (let k = 0; k < g.holeCount; k++) {
      if (g.holeRow[k] === row && g.holeCol[k] === col) {
        this.holes[k]!.g.focus();
        return;
      }
    }
  }

  /** How much larger than at full size the count badges are drawn at the board's present scale. */
  private badgeGrowth(): number {
    return this.scale > 0 ? Math.min(BADGE_MAX_GROWTH, Math.max(1, INDEX_MIN_PX / (BADGE_FONT * this.scale))) : 1;
  }

  /** The hole numbers' size in the drawing's units at the board's present scale. */
  private indexUnits(): number {
    return this.scale > 0 ? Math.min(INDEX_MAX_UNITS, Math.max(INDEX_UNITS, INDEX_MIN_PX / this.scale)) : INDEX_UNITS;
  }

  /**
   * Shows or hides the sowing tracks drawn over the board (CONTRACT for issue 15: implemented by
   * the board's owner; callers: the game screen's "Show the track" toggle and the tutorial).
   */
  setTrack(shown: boolean): void {
    if (shown === this.trackShown) return;
    this.trackShown = shown;
    this.svg.classList.toggle('track-shown', shown);
    if (shown && !this.segments) this.drawTrack();
    if (shown) this.drawLegend();
    else {
      this.legend.replaceChildren();
      this.legendKey = '';
      this.svg.setAttribute('viewBox', `0 0 ${this.width} ${this.height}`);
    }
  }

  /** Is the track shown? */
  get trackVisible(): boolean {
    return this.trackShown;
  }

  /** The colour class of a track: its player's colour, or a neutral one by its place (a shared track, a ring). */
  private trackClass(index: number): string {
    const p = trackPlayer(this.geometry.tracks[index]!);
    return p > 0 ? `owner-${p}` : `way-${index}`;
  }

  /**
   * Draws every track of the geometry (they are data; they never change; drawn again only when the
   * board's size on the screen changes the arrowheads' size): between the holes over the board,
   * masked where the holes and their count badges are, with the arrowheads above (masked only by
   * the badges, so that no count is hidden); inside each hole, under its counters, clipped to the
   * hole. Nothing of it catches a tap.
   */
  private drawTrack(): void {
    const badges = this.centres.map((c) => ({ x: c.x + 31, y: c.y - 31, r: BADGE_R * this.badgeGrowth() + 2 }));
    if (!this.segments) this.trackDefs();
    // The masks keep the badges clear at their present size.
    for (const m of Array.from(this.svg.querySelectorAll(`#${this.id}-track-lines .badge-out, #${this.id}-track-arrows .badge-out`))) {
      m.setAttribute('r', badges[Number(m.getAttribute('data-hole'))]!.r.toFixed(1));
    }
    // About 16 CSS px long on a phone, 22 units where the board is drawn large.
    const arrow = Math.min(30, Math.max(22, 16 / (this.scale || 1)));
    // The hole numbers, as large as they are drawn now: kept clear of where there is room.
    const size = this.indexUnits();
    const numbers = this.centres.map((c) => ({ x: c.x, y: c.y + R - 9 - size * 0.35, r: size * 0.6, soft: true }));
    const segs = trackSegments(this.geometry, this.centres, { cell: CELL, arrow, keepOut: [...badges, ...numbers] });
    this.segments = segs;
    const lines = el('g', { class: 'track-lines', mask: `url(#${this.id}-track-lines)` });
    const arrows = el('g', { class: 'track-arrows', mask: `url(#${this.id}-track-arrows)` });
    this.trackLayer.replaceChildren(lines, arrows);
    for (const t of this.trackIns) t.replaceChildren();
    for (const s of segs) {
      const cls = `track-seg ${this.trackClass(s.track)}${s.jump ? ' jump' : ''}`;
      const data = { 'data-track': s.name, 'data-from': s.from, 'data-to': s.to };
      const g = el('g', { class: cls, ...data }, lines);
      el('path', { d: s.d, class: 'track-casing' }, g);
      el('path', { d: s.d, class: 'track-line' }, g);
      el('path', { d: s.arrowD, class: 'track-arrow' }, el('g', { class: cls, ...data }, arrows));
      for (const h of [s.from, s.to]) el('path', { d: s.d, class: 'track-line' }, el('g', { class: cls }, this.trackIns[h]));
    }
  }

  /** The masks of the tracks over the board, and each hole's clip path (made once). */
  private trackDefs(): void {
    const defs = this.svg.querySelector('defs')!;
    const area = { maskUnits: 'userSpaceOnUse', x: 0, y: 0, width: this.width, height: this.height };
    const lines = el('mask', { id: `${this.id}-track-lines`, ...area }, defs);
    const arrows = el('mask', { id: `${this.id}-track-arrows`, ...area }, defs);
    for (const m of [lines, arrows]) el('rect', { x: 0, y: 0, width: this.width, height: this.height, fill: '#fff' }, m);
    this.centres.forEach((c, h) => {
      el('circle', { cx: c.x, cy: c.y, r: R - 3, fill: '#000' }, lines);
      for (const m of [lines, arrows]) el('circle', { cx: c.x + 31, cy: c.y - 31, fill: '#000', class: 'badge-out', 'data-hole': h }, m);
      const clip = el('clipPath', { id: `${this.id}-hole-${h}` }, defs);
      el('circle', { cx: c.x, cy: c.y, r: R - 3 }, clip);
      this.trackIns[h]!.setAttribute('clip-path', `url(#${clip.id})`);
    });
  }

  /** The legend's lines: a sample of each kind of line drawn, and what it means, in the page's language. */
  private legendRows(): { cls: string[]; dashed: boolean; text: string }[] {
    const tracks = this.geometry.tracks;
    const rows: { cls: string[]; dashed: boolean; text: string }[] = [];
    const owned = tracks.map((t, i) => ({ p: trackPlayer(t), i })).filter((x) => x.p > 0);
    if (owned.length > 0) {
      for (const o of owned)
        rows.push({ cls: [this.trackClass(o.i)], dashed: false, text: I18N.t('board.sowsThisWay', { who: this.names(o.p) }) });
    } else if (tracks.length === 1) {
      rows.push({ cls: [this.trackClass(0)], dashed: false, text: I18N.t('board.everySowsThisWay') });
    } else {
      rows.push({ cls: tracks.map((_, i) => this.trackClass(i)), dashed: false, text: I18N.t('board.eitherWay') });
    }
    const jump = this.segments?.find((s) => s.jump);
    if (jump) rows.push({ cls: [this.trackClass(jump.track)], dashed: true, text: I18N.t('board.jump') });
    return rows;
  }

  /**
   * The legend, in a band under the board (the drawing grows to hold it): its text at about 13 CSS
   * px whatever the screen, each line broken between words where it is longer than the board.
   */
  private drawLegend(): void {
    const rows = this.legendRows();
    const scale = this.scale || 1;
    const font = Math.min(26, Math.max(14, 13 / scale));
    const key = `${font.toFixed(1)}|${rows.map((r) => r.text).join('|')}`;
    if (key === this.legendKey) return;
    this.legendKey = key;
    this.legend.replaceChildren();
    const lineH = font * 1.3;
    let top = this.height + 4;
    for (const row of rows) {
      const samples = row.cls.length * 66;
      const textX = PAD + 8 + samples + 4;
      const lines = this.legendLines(row.text, textX, font);
      const rowH = Math.max(font * 1.75, lines.length * lineH + font * 0.45);
      const y = top + rowH / 2;
      this.legendSamples(row, PAD + 8, y);
      lines.forEach((line, i) => {
        const ty = y + (i - (lines.length - 1) / 2) * lineH + font * 0.36;
        const text = el('text', { x: textX, y: ty.toFixed(1), 'font-size': font.toFixed(1), class: 'track-legend-text' }, this.legend);
        text.textContent = line;
      });
      top += rowH;
    }
    this.svg.setAttribute('viewBox', `0 0 ${this.width} ${Math.round(top + 8)}`);
  }

  /** A legend row's sample lines: one arrow per colour; two point away from each other (either way round). */
  private legendSamples(row: { cls: string[]; dashed: boolean }, x0: number, y: number): void {
    row.cls.forEach((cls, k) => {
      const x = x0 + k * 66;
      const g = el('g', { class: `track-seg track-sample ${cls}${row.dashed ? ' jump' : ''}` }, this.legend);
      const dir = row.cls.length > 1 && k === 0 ? -1 : 1;
      const [a, b] = dir > 0 ? [x, x + 52] : [x + 52, x];
      el('path', { d: `M ${a} ${y} L ${b} ${y}`, class: 'track-casing' }, g);
      el('path', { d: `M ${a} ${y} L ${b} ${y}`, class: 'track-line' }, g);
      el('path', { d: `M ${b + 8 * dir} ${y} L ${b - 12 * dir} ${y - 10} L ${b - 12 * dir} ${y + 10} Z`, class: 'track-arrow' }, g);
    });
  }

  /** A legend text in lines that fit beside its samples (measured in the page's font; one line where it cannot be). */
  private legendLines(text: string, x: number, font: number): string[] {
    const room = this.width - x - PAD;
    const probe = el('text', { x, y: 0, 'font-size': font.toFixed(1), class: 'track-legend-text' }, this.legend);
    const fits = (t: string): boolean => {
      probe.textContent = t;
      return typeof probe.getComputedTextLength !== 'function' || probe.getComputedTextLength() <= room;
    };
    const lines: string[] = [];
    let line = '';
    for (const word of text.split(' ')) {
      const longer = line ? `${line} ${word}` : word;
      if (line && !fits(longer)) {
        lines.push(line);
        line = word;
      } else line = longer;
    }
    lines.push(line);
    probe.remove();
    return lines;
  }

  focusHole(h: number): void {
    this.holes[h]?.g.focus();
  }

  private drawSeeds(group: SVGGElement, count: number, scale = 1, layout: 'round' | 'tall' = 'round'): void {
    while (group.firstChild) group.removeChild(group.firstChild);
    const shown = Math.min(count, MAX_SEEDS);
    for (let i = 0; i < shown; i++) {
      const p = SEED_POS[i]!;
      const x = layout === 'tall' ? p.x * 0.9 : p.x * scale;
      const y = layout === 'tall' ? p.y * 2.1 : p.y * scale;
      el(
        'ellipse',
        {
          cx: x.toFixed(1),
          cy: y.toFixed(1),
          rx: 6.6,
          ry: 4.9,
          transform: `rotate(${p.rot} ${x.toFixed(1)} ${y.toFixed(1)})`,
          class: `seed s${p.shade}`,
        },
        group,
      );
    }
  }

  render(v: BoardState, d: BoardDecor): void {
    const g = this.geometry;
    const unit = d.unit ?? 'counter';
    const counters = (count: number): string => I18N.t(`story.count.${unit}`, { count });
    // Each player's name once a render (a name is made from the catalogue's words).
    const names = new Map<number, string>();
    const name = (p: number): string => {
      const known = names.get(p);
      if (known !== undefined) return known;
      const made = d.name(p);
      names.set(p, made);
      return made;
    };
    const marks = new Map<number, Landmark>();
    for (const l of d.landmarks) marks.set(l.hole, l);
    const guardianLetter = d.landmarks.length > 0 ? I18N.t('board.guardianLetter') : '';
    for (let h = 0; h < g.holeCount; h++) {
      const n = this.holes[h]!;
      const count = v.counts[h]!;
      const owner = v.owners[h]!;
      const mark = v.marks[h]!;
      const lm = marks.get(h);
      const legal = d.legal.has(h);
      const hot = d.hot.has(h);
      const last = d.last.has(h);
      const hint = d.hint.has(h);
      const markLetter = mark ? d.markWord.charAt(0).toUpperCase() : '';
      // A chafa enda's tag is the initial of the term, kept in Latin letters in every language (KEPT_TERMS).
      const landmarkLetter = lm ? (lm.kind === 'chafa' ? 'C' : guardianLetter) : '';
      // An animation renders every drop: the words of a hole whose state is unchanged stay as they are.
      const names = `${owner ? name(owner) : ''}|${mark ? name(mark) : ''}|${d.markWord}`;
      const key = `${count}|${owner}|${mark}|${lm?.kind}|${lm?.player}|${legal}|${hot}|${last}|${hint}|${names}`;
      if (key !== n.shownKey) {
        n.shownKey = key;
        const cls = ['hole', `owner-${owner}`];
        if (legal) cls.push('legal');
        if (hot) cls.push('hot');
        if (last) cls.push('last');
        if (hint) cls.push('hint');
        if (mark) cls.push('marked', `mark-${mark}`);
        n.g.setAttribute('class', cls.join(' '));
        n.g.setAttribute('data-count', String(count));
        n.g.setAttribute('data-owner', String(owner));
        n.g.setAttribute('data-mark', String(mark));
        let extra = '';
        if (mark) extra += I18N.t('board.markOf', { who: name(mark), mark: d.markWord });
        if (lm) {
          extra +=
            lm.kind === 'chafa'
              ? I18N.t('board.chafaOf', { who: name(lm.player) })
              : I18N.t('board.guardianOf', { who: name(lm.player), mark: d.markWord });
        }
        if (legal) extra += T.legalMark;
        const letters = [markLetter, landmarkLetter].map((l) => (l ? ` ${l}` : '')).join('');
        n.g.setAttribute('aria-label', T.holeLabel(h, counters(count), owner ? T.ownerOf(name(owner)) : T.nobody, extra, letters));
      }
      if (n.shownCount !== count) {
        this.drawSeeds(n.seeds, count);
        n.badgeText.textContent = String(count);
        n.shownCount = count;
      }
      n.markBadge.setAttribute('class', `mark-badge${mark ? ` on owner-${mark}` : ''}`);
      n.markText.textContent = markLetter;
      n.landmark.setAttribute('class', `landmark${lm ? ` on owner-${lm.player} ${lm.kind}` : ''}`);
      n.landmarkText.textContent = landmarkLetter;
    }
    for (const st of this.stores) {
      const c = v.captured[st.player]!;
      if (st.shown !== c) {
        st.seeds.setAttribute('transform', `translate(${st.x} ${st.y - 14})`);
        this.drawSeeds(st.seeds, c, 1, 'tall');
        st.text.textContent = String(c);
        st.shown = c;
      }
      const who = name(st.player);
      if (st.labelKey !== `${c}|${who}`) {
        st.labelKey = `${c}|${who}`;
        st.g.setAttribute('aria-label', I18N.t('board.storeLabel', { who, counters: counters(c) }));
      }
    }
    this.names = d.name;
    if (!this.last) this.svg.classList.remove('undrawn');
    if (this.trackShown) this.drawLegend();
    for (let p = 1; p <= this.players; p++) {
      const hn = this.handNodes[p]!;
      const at = v.handAt[p] ?? -1;
      const cnt = v.hands[p] ?? 0;
      if (at >= 0 && cnt > 0) {
        const n = this.holes[at]!;
        hn.g.setAttribute('transform', `translate(${n.x + (p === 2 ? 22 : -22)} ${n.y + 8})`);
        hn.g.setAttribute('class', `hand owner-${p} on`);
        hn.text.textContent = String(cnt);
      } else {
        hn.g.setAttribute('class', `hand owner-${p}`);
      }
    }
    this.last = v;
  }

  get state(): BoardState | null {
    return this.last;
  }
}
