/**
 * The board, drawn as SVG from the engine's geometry: holes by row and column (row 0, player 1's
 * near row, at the bottom; `turned` draws it half round, for the player across the board), stores
 * at the ends when the game has them. It renders a `BoardState`
 * and reports taps; it holds no rules (which holes are playable is passed in).
 */
import type { Geometry } from '../core/geometry.js';
import type { Landmark } from './engine.js';
import { T } from './text.js';

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
}

export class Board {
  readonly svg: SVGSVGElement;
  private readonly holes: HoleNodes[] = [];
  private readonly stores: { player: number; text: SVGTextElement; seeds: SVGGElement; x: number; y: number; h: number; shown: number }[] =
    [];
  private readonly handNodes: { g: SVGGElement; text: SVGTextElement }[] = [];
  private readonly offsetX: number;
  private last: BoardState | null = null;

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
    this.svg = el('svg', { viewBox: `0 0 ${width} ${height}`, class: 'board', role: 'group', 'aria-label': T.boardLabel });
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
      this.stores.push({ player: st.player, text, seeds, x: x + STORE_W / 2, y: y + h / 2, h, shown: -1 });
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
      const seeds = el('g', { class: 'seeds', transform: `translate(${x} ${y})` }, g);
      const markBadge = el('g', { class: 'mark-badge' }, g);
      el('circle', { cx: x - 31, cy: y + 31, r: 13 }, markBadge);
      const markText = el('text', { x: x - 31, y: y + 36, 'text-anchor': 'middle' }, markBadge);
      const landmark = el('g', { class: 'landmark' }, g);
      el('rect', { x: x + 19, y: y + 20, width: 24, height: 22, rx: 5 }, landmark);
      const landmarkText = el('text', { x: x + 31, y: y + 36, 'text-anchor': 'middle' }, landmark);
      const badge = el('g', { class: 'count-badge' }, g);
      el('circle', { cx: x + 31, cy: y - 31, r: 15 }, badge);
      const badgeText = el('text', { x: x + 31, y: y - 25.5, 'text-anchor': 'middle', class: 'count' }, badge);
      el('text', { x, y: y + R - 9, class: 'hole-index', 'text-anchor': 'middle' }, g).textContent = String(h);
      g.addEventListener('click', () => this.onActivate(h));
      g.addEventListener('keydown', (e) => this.key(e, h));
      nodes[h] = { g, ring, cavity, seeds, badge, badgeText, markBadge, markText, landmark, landmarkText, x, y, shownCount: -1 };
    }
    this.holes.push(...nodes);
    for (let p = 1; p <= players; p++) {
      const g = el('g', { class: `hand owner-${p}`, 'aria-hidden': 'true' }, this.svg);
      el('circle', { cx: 0, cy: 0, r: 17 }, g);
      const text = el('text', { x: 0, y: 6, 'text-anchor': 'middle' }, g);
      this.handNodes[p] = { g, text };
    }
    parent.appendChild(this.svg);
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

  /**
   * Shows or hides the sowing tracks drawn over the board (CONTRACT for issue 15: implemented by
   * the board's owner; callers: the game screen's "Show the track" toggle and the tutorial).
   */
  setTrack(shown: boolean): void {
    this.svg.classList.toggle('track-shown', shown);
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
    const marks = new Map<number, Landmark>();
    for (const l of d.landmarks) marks.set(l.hole, l);
    for (let h = 0; h < g.holeCount; h++) {
      const n = this.holes[h]!;
      const count = v.counts[h]!;
      const owner = v.owners[h]!;
      const mark = v.marks[h]!;
      const lm = marks.get(h);
      const cls = ['hole', `owner-${owner}`];
      if (d.legal.has(h)) cls.push('legal');
      if (d.hot.has(h)) cls.push('hot');
      if (d.last.has(h)) cls.push('last');
      if (d.hint.has(h)) cls.push('hint');
      if (mark) cls.push('marked', `mark-${mark}`);
      n.g.setAttribute('class', cls.join(' '));
      n.g.setAttribute('data-count', String(count));
      n.g.setAttribute('data-owner', String(owner));
      n.g.setAttribute('data-mark', String(mark));
      let extra = '';
      if (mark) extra += `, ${d.name(mark)}’s ${d.markWord}`;
      if (lm) {
        extra += lm.kind === 'chafa' ? `, ${d.name(lm.player)}’s chafa enda` : `, guardian of ${d.name(lm.player)}’s ${d.markWord}`;
      }
      if (d.legal.has(h)) extra += T.legalMark;
      n.g.setAttribute('aria-label', T.holeLabel(h, count, owner ? T.ownerOf(d.name(owner)) : T.nobody, extra));
      if (n.shownCount !== count) {
        this.drawSeeds(n.seeds, count);
        n.badgeText.textContent = String(count);
        n.shownCount = count;
      }
      n.markBadge.setAttribute('class', `mark-badge${mark ? ` on owner-${mark}` : ''}`);
      n.markText.textContent = mark ? d.markWord.charAt(0).toUpperCase() : '';
      n.landmark.setAttribute('class', `landmark${lm ? ` on owner-${lm.player} ${lm.kind}` : ''}`);
      n.landmarkText.textContent = lm ? (lm.kind === 'chafa' ? 'C' : 'G') : '';
    }
    for (const st of this.stores) {
      const c = v.captured[st.player]!;
      if (st.shown !== c) {
        st.seeds.setAttribute('transform', `translate(${st.x} ${st.y - 14})`);
        this.drawSeeds(st.seeds, c, 1, 'tall');
        st.text.textContent = String(c);
        st.shown = c;
      }
    }
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
