/**
 * The sowing tracks drawn on the board (issue 15): the pure geometry of src/web/track.ts in Node
 * (every step of every track, the jumps drawn round by the lanes, the two tracks of a board side by
 * side, a turned board), then the board in a real browser (Debian's chromium through
 * playwright-core) against the real server: the game screen draws the track when the remembered
 * setting `gabata.track` asks for it, hole numbers are readable on a phone, and an Amharic board
 * names its holes and stores without English. Screenshots go to test-output/screenshots/web-track/.
 */
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { GEOMETRY_3X6_A, GEOMETRY_3X6_G, TRACK_A_P1, TRACK_G, type Geometry } from '../packages/engine/src/core/geometry.js';
import { GEOMETRY_2X4, RING_CCW } from '../packages/engine/src/games/gifia.js';
import { KEPT_TERMS } from '../src/i18n/index.js';
import { crosses, laneRoute, neighbours, trackPlayer, trackSegments, type Disc, type Point, type TrackSegment } from '../src/web/track.js';
import { PageErrors } from './helpers/page-errors.js';
import { keyed, testKey, useKey } from './helpers/web-keys.js';
import { closeWebSuite, openWebSuite, ROOT, type RunningServer } from './web-harness.js';

const CELL = 100;
/** A hole's outer ring as the board draws it (ring radius 41, stroke 7). */
const RING = 45;

/** Hole centres laid out as the board lays them out: row 0 at the bottom, or half round when turned. */
function centres(g: Geometry, turned = false): Point[] {
  return Array.from({ length: g.holeCount }, (_, h) => {
    const col = turned ? g.cols - 1 - g.holeCol[h]! : g.holeCol[h]!;
    const row = turned ? g.rows - 1 - g.holeRow[h]! : g.holeRow[h]!;
    return { x: col * CELL + CELL / 2, y: (g.rows - 1 - row) * CELL + CELL / 2 };
  });
}

/** Points along a polyline, every `step` units. */
function along(points: readonly Point[], step = 2): Point[] {
  const out: Point[] = [];
  for (let i = 1; i < points.length; i++) {
    const a = points[i - 1]!;
    const b = points[i]!;
    const n = Math.max(1, Math.ceil(Math.hypot(b.x - a.x, b.y - a.y) / step));
    for (let k = 0; k <= n; k++) out.push({ x: a.x + ((b.x - a.x) * k) / n, y: a.y + ((b.y - a.y) * k) / n });
  }
  return out;
}

/** How close a segment's line comes to the centre of any hole other than its two ends. */
function clearance(seg: TrackSegment, at: readonly Point[]): number {
  let min = Infinity;
  for (const p of along(seg.points)) {
    at.forEach((c, h) => {
      if (h !== seg.from && h !== seg.to) min = Math.min(min, Math.hypot(p.x - c.x, p.y - c.y));
    });
  }
  return min;
}

const of = (segs: readonly TrackSegment[], name: string): TrackSegment[] => segs.filter((s) => s.name === name);
const pairs = (segs: readonly TrackSegment[]): string[] => segs.map((s) => `${s.from}>${s.to}`);
const dist = (a: Point, b: Point): number => Math.hypot(a.x - b.x, a.y - b.y);

describe('track geometry (src/web/track.ts)', () => {
  it('Track G: one segment per step in track order, 9 -> 17 and 8 -> 0 drawn as detours clear of every other hole', () => {
    const at = centres(GEOMETRY_3X6_G);
    const segs = trackSegments(GEOMETRY_3X6_G, at, { cell: CELL });
    expect(pairs(segs)).toEqual(TRACK_G.map((h, i) => `${h}>${TRACK_G[(i + 1) % TRACK_G.length]}`));
    const jumps = segs.filter((s) => s.jump);
    expect(pairs(jumps)).toEqual(['9>17', '8>0']);
    for (const j of jumps) {
      // Starts and ends on its holes' centres (one track: no sideways shift) ...
      expect(j.points[0]).toEqual(at[j.from]);
      expect(j.points.at(-1)).toEqual(at[j.to]);
      // ... and bends round (more than two points), never over another hole's ring.
      expect(j.points.length).toBeGreaterThan(2);
      expect(clearance(j, at)).toBeGreaterThanOrEqual(RING);
      // A straight line would have passed closer than the lane does.
      expect(clearance({ ...j, points: [at[j.from]!, at[j.to]!] }, at)).toBeLessThan(clearance(j, at));
    }
    // Every other step joins neighbours, straight from centre to centre, its arrow halfway in the gap.
    for (const s of segs.filter((x) => !x.jump)) {
      expect(neighbours(GEOMETRY_3X6_G, s.from, s.to)).toBe(true);
      expect(s.points).toEqual([at[s.from], at[s.to]]);
      expect(s.arrowAt.x).toBeCloseTo((at[s.from]!.x + at[s.to]!.x) / 2);
      expect(s.arrowAt.y).toBeCloseTo((at[s.from]!.y + at[s.to]!.y) / 2);
      const dir = { x: (at[s.to]!.x - at[s.from]!.x) / CELL, y: (at[s.to]!.y - at[s.from]!.y) / CELL };
      expect(s.arrowDir.x).toBeCloseTo(dir.x);
      expect(s.arrowDir.y).toBeCloseTo(dir.y);
    }
    // The path data starts at the first point and ends at the last; the arrowhead is a closed triangle.
    for (const s of segs) {
      expect(s.d.startsWith(`M ${s.points[0]!.x} ${s.points[0]!.y}`)).toBe(true);
      expect(s.d.endsWith(`L ${s.points.at(-1)!.x} ${s.points.at(-1)!.y}`)).toBe(true);
      expect(s.arrowD).toMatch(/^M [-\d. ]+ L [-\d. ]+ L [-\d. ]+ Z$/);
    }
  });

  it("Abalala'e: A1 and A2 are each other's reverse, each on its own side, the 17/0 jumps clear of the holes", () => {
    const at = centres(GEOMETRY_3X6_A);
    const segs = trackSegments(GEOMETRY_3X6_A, at, { cell: CELL });
    const a1 = of(segs, 'A1');
    const a2 = of(segs, 'A2');
    expect(a1).toHaveLength(18);
    expect(a2).toHaveLength(18);
    expect(pairs(a1)).toEqual(TRACK_A_P1.map((h, i) => `${h}>${TRACK_A_P1[(i + 1) % 18]}`));
    // Every step of A2 is a step of A1 walked the other way.
    expect(new Set(pairs(a2))).toEqual(new Set(a1.map((s) => `${s.to}>${s.from}`)));
    expect(GEOMETRY_3X6_A.tracks.map(trackPlayer)).toEqual([1, 2]);
    // Side by side: on a shared step the two lines are apart, each to the left of its way of travel.
    for (const s1 of a1.filter((s) => !s.jump)) {
      const s2 = a2.find((s) => s.from === s1.to && s.to === s1.from)!;
      expect(dist(s1.arrowAt, s2.arrowAt)).toBeGreaterThanOrEqual(15);
      for (const s of [s1, s2]) {
        const mid = { x: (at[s.from]!.x + at[s.to]!.x) / 2, y: (at[s.from]!.y + at[s.to]!.y) / 2 };
        const left = { x: s.arrowDir.y, y: -s.arrowDir.x };
        expect((s.arrowAt.x - mid.x) * left.x + (s.arrowAt.y - mid.y) * left.y).toBeGreaterThan(5);
      }
    }
    const jumps = segs.filter((s) => s.jump);
    expect(pairs(jumps)).toEqual(['17>0', '0>17']);
    for (const j of jumps) expect(clearance(j, at)).toBeGreaterThanOrEqual(RING);
    // The two jumps take different lanes: their arrows are a row apart.
    expect(Math.abs(jumps[0]!.arrowAt.y - jumps[1]!.arrowAt.y)).toBeGreaterThanOrEqual(CELL / 2);
  });

  it('Gifia: the ring both ways round, ccw and cw side by side, no jumps', () => {
    const at = centres(GEOMETRY_2X4);
    const segs = trackSegments(GEOMETRY_2X4, at, { cell: CELL });
    const ccw = of(segs, 'ccw');
    const cw = of(segs, 'cw');
    expect(pairs(ccw)).toEqual(RING_CCW.map((h, i) => `${h}>${RING_CCW[(i + 1) % 8]}`));
    expect(new Set(pairs(cw))).toEqual(new Set(ccw.map((s) => `${s.to}>${s.from}`)));
    expect(segs.every((s) => !s.jump)).toBe(true);
    expect(GEOMETRY_2X4.tracks.map(trackPlayer)).toEqual([0, 0]);
    // Counterclockwise on screen: along the bottom row (0..3) it runs to the right, along the top to the left.
    const bottom = ccw.find((s) => s.from === 0)!;
    const top = ccw.find((s) => s.from === 7)!;
    expect([bottom.arrowDir.x, top.arrowDir.x]).toEqual([1, -1]);
    // One ring inside the other (each to the left of its way round): ccw's arrows are nearer the
    // middle of the board than cw's on the same step.
    const middle = { x: 2 * CELL, y: CELL };
    const away = (p: Point): number => Math.abs(p.y - middle.y) + Math.abs(p.x - middle.x);
    for (const s of ccw) {
      const back = cw.find((x) => x.from === s.to && x.to === s.from)!;
      expect(away(back.arrowAt) - away(s.arrowAt)).toBeGreaterThanOrEqual(15);
    }
  });

  it('a turned board: the same steps, drawn half round (every point turned about the middle)', () => {
    for (const g of [GEOMETRY_3X6_G, GEOMETRY_3X6_A, GEOMETRY_2X4]) {
      const plain = trackSegments(g, centres(g), { cell: CELL });
      const turned = trackSegments(g, centres(g, true), { cell: CELL });
      const w = g.cols * CELL;
      const h = g.rows * CELL;
      expect(pairs(turned)).toEqual(pairs(plain));
      plain.forEach((s, i) => {
        const t = turned[i]!;
        expect(t.points.length).toBe(s.points.length);
        s.points.forEach((p, k) => {
          expect(t.points[k]!.x).toBeCloseTo(w - p.x);
          expect(t.points[k]!.y).toBeCloseTo(h - p.y);
        });
        expect(t.arrowDir.x).toBeCloseTo(-s.arrowDir.x);
        expect(t.arrowDir.y).toBeCloseTo(-s.arrowDir.y);
        if (t.jump) expect(clearance(t, centres(g, true))).toBeGreaterThanOrEqual(RING);
      });
    }
  });

  it('arrowheads keep clear of the count badges and the hole numbers, sliding along their step or shrinking where a gap is tight', () => {
    // As the board lays them out on a phone: badges up and right of each hole, numbers at 20 units, arrows 29 long.
    for (const g of [GEOMETRY_3X6_G, GEOMETRY_3X6_A, GEOMETRY_2X4]) {
      for (const turned of [false, true]) {
        const at = centres(g, turned);
        const badges: Disc[] = at.map((c) => ({ x: c.x + 31, y: c.y - 31, r: 17 }));
        const numbers: Disc[] = at.map((c) => ({ x: c.x, y: c.y + 24, r: 12, soft: true }));
        const plain = trackSegments(g, at, { cell: CELL, arrow: 29 });
        const segs = trackSegments(g, at, { cell: CELL, arrow: 29, keepOut: [...badges, ...numbers] });
        const clash = (s: TrackSegment): number =>
          [...badges, ...numbers].filter((d) => dist(d, s.arrowAt) < d.r + s.arrowSize * 0.55).length;
        for (const s of segs) {
          expect(clash(s), `${g.id} ${s.name} ${s.from}>${s.to}${turned ? ' turned' : ''}`).toBe(0);
          expect(s.arrowSize).toBeGreaterThanOrEqual(29 * 0.7);
        }
        // Without them, halfway: some arrowheads would have covered a badge or a number.
        expect(plain.filter((s) => clash(s) > 0).length).toBeGreaterThan(0);
      }
    }
  });

  it('no jump crosses a step of any track, nor another jump; Abalala’e’s go round the outside of the holes, each its own way', () => {
    for (const g of [GEOMETRY_3X6_G, GEOMETRY_3X6_A, GEOMETRY_2X4]) {
      for (const turned of [false, true]) {
        const at = centres(g, turned);
        const segs = trackSegments(g, at, { cell: CELL });
        const steps = segs.filter((s) => !s.jump).map((s) => [at[s.from]!, at[s.to]!] as const);
        const jumps = segs.filter((s) => s.jump);
        for (const j of jumps) {
          for (let i = 1; i < j.points.length; i++) {
            for (const [p, q] of steps) expect(crosses(j.points[i - 1]!, j.points[i]!, p, q), `${g.id} ${j.from}>${j.to}`).toBe(false);
          }
        }
        // Two jumps never share a stretch of line.
        for (const [x, y] of jumps.flatMap((a, i) => jumps.slice(i + 1).map((b) => [a, b] as const))) {
          const far = along(x.points).filter((p) => dist(p, at[x.from]!) > CELL * 0.6 && dist(p, at[x.to]!) > CELL * 0.6);
          const close = far.filter((p) => along(y.points).some((q) => dist(p, q) < 10));
          expect(close, `${x.from}>${x.to} and ${y.from}>${y.to}`).toEqual([]);
        }
      }
    }
    // Abalala'e: 17 -> 0 and 0 -> 17 leave the holes' block (beyond the outermost centres), on opposite sides.
    const at = centres(GEOMETRY_3X6_A);
    const [j1, j2] = trackSegments(GEOMETRY_3X6_A, at, { cell: CELL }).filter((s) => s.jump);
    const outside = (s: TrackSegment): boolean => s.points.some((p) => p.x < 50 || p.x > 550 || p.y < 50 || p.y > 250);
    expect([outside(j1!), outside(j2!)]).toEqual([true, true]);
    expect(Math.sign(j1!.arrowAt.y - 150)).toBe(-Math.sign(j2!.arrowAt.y - 150));
  });

  it('lane routes: out of a hole into the lane facing the other, along it, and in', () => {
    // Track G's 9 -> 17 (drawn coordinates: row 1 at y 150, row 2 at y 50).
    expect(laneRoute({ x: 350, y: 150 }, { x: 550, y: 50 }, CELL)).toEqual([
      { x: 400, y: 100 },
      { x: 500, y: 100 },
    ]);
    // Abalala'e's 17 -> 0: the lane between rows 1 and 2, then down the lane between columns 0 and 1.
    expect(laneRoute({ x: 550, y: 50 }, { x: 50, y: 250 }, CELL)).toEqual([
      { x: 500, y: 100 },
      { x: 100, y: 100 },
      { x: 100, y: 200 },
    ]);
  });
});

// ---------------------------------------------------------------------------------------------
// In the browser.

const SHOTS = path.join(ROOT, 'test-output', 'screenshots', 'web-track');
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
/** The game screen's remembered setting that shows the track (play-views.ts `trackSetting`). */
const TRACK_KEY = 'gabata.track';
const TRACK_ON = 'on';
const KEY = testKey('web-track');
const GAMES = [
  { ruleset: 'gabata-adowa', steps: 18 },
  { ruleset: 'abalalae', steps: 36 },
  { ruleset: 'gifia', steps: 16 },
] as const;

let dir: string;
let server: RunningServer;
let browser: Browser;
const pageErrors = new PageErrors();

async function newPage(viewport: { width: number; height: number }, track: boolean): Promise<Page> {
  // A phone draws at twice (or more) the CSS pixels: so do its screenshots.
  const page = await browser.newPage({ viewport, deviceScaleFactor: viewport.width < 600 ? 2 : 1 });
  await useKey(page, KEY);
  await page.addInitScript(([k, v]) => localStorage.setItem(k!, v!), [TRACK_KEY, track ? TRACK_ON : 'off']);
  return pageErrors.watch(page);
}

async function createGame(ruleset: string): Promise<string> {
  const r = await keyed(server.url, KEY, 'POST', '/api/games', { ruleset, seed: 4, seats: ['human', 'human'] });
  expect(r.status).toBe(201);
  return r.body.game.id as string;
}

async function openGame(page: Page, id: string, query = ''): Promise<void> {
  await page.goto(`${server.url}/?anim=off${query}#/game/${id}`);
  await page.waitForFunction(() => (document.querySelector('.game-page') as HTMLElement | null)?.dataset['state'] === 'human', null, {
    timeout: 60_000,
  });
}

/** The hole numbers' and the counts' rendered sizes (CSS px), and how many numbers overlap a count badge. */
function holeNumbers(page: Page): Promise<{ font: number[]; height: number[]; counts: number[]; overlaps: number }> {
  return page.$$eval('svg.board .hole', (holes) => {
    const font: number[] = [];
    const height: number[] = [];
    const counts: number[] = [];
    let overlaps = 0;
    for (const h of holes) {
      const index = h.querySelector('.hole-index')!;
      const svg = h.closest('svg')!;
      const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
      font.push(parseFloat(getComputedStyle(index).fontSize) * scale);
      counts.push(parseFloat(getComputedStyle(h.querySelector('.count-badge text')!).fontSize) * scale);
      const r = index.getBoundingClientRect();
      height.push(r.height);
      const b = h.querySelector('.count-badge')!.getBoundingClientRect();
      if (r.right > b.left && r.left < b.right && r.bottom > b.top && r.top < b.bottom) overlaps++;
    }
    return { font, height, counts, overlaps };
  });
}

describe('the track on the game screen (chromium)', () => {
  beforeAll(async () => {
    ({ dir, server, browser } = await openWebSuite('gabata-web-track-', SHOTS));
  });

  afterEach(() => {
    expect(pageErrors.take()).toEqual([]);
  });

  afterAll(async () => {
    await closeWebSuite({ dir, server, browser });
  });

  for (const game of GAMES) {
    it(`${game.ruleset}: the setting draws one arrow per step of the tracks, under the holes' taps; readable on a phone`, async () => {
      const id = await createGame(game.ruleset);
      for (const [name, viewport] of [
        ['desktop', DESKTOP],
        ['phone', PHONE],
      ] as const) {
        const page = await newPage(viewport, true);
        await openGame(page, id);
        await page.waitForSelector('svg.board.track-shown .track-layer .track-arrow');
        expect(await page.$$eval('svg.board .track-layer .track-arrow', (l) => l.length)).toBe(game.steps);
        // Drawn (not hidden), and never in the way of a tap.
        const layer = await page.$eval('svg.board .track-layer', (e) => ({
          display: getComputedStyle(e).display,
          events: getComputedStyle(e).pointerEvents,
          box: e.getBoundingClientRect().width,
        }));
        expect(layer).toMatchObject({ display: 'inline', events: 'none' });
        expect(layer.box).toBeGreaterThan(0);
        // The legend under the board, in the page's words.
        const legend = await page.$$eval('svg.board .track-legend-text', (l) => l.map((e) => e.textContent ?? ''));
        expect(legend.length).toBeGreaterThan(0);
        // Holes and stores are named with the game's own word for its counters (Gifia's beans, GIF-02).
        const names = await page.$$eval('svg.board [aria-label]', (l) => l.map((e) => e.getAttribute('aria-label') ?? ''));
        const counted = names.filter((n) => n.startsWith('Hole ') || n.includes('store'));
        expect(counted.length).toBeGreaterThanOrEqual(8);
        const word = game.ruleset === 'gifia' ? /, \d+ beans?(,|$)/ : /, \d+ counters?(,|$)/;
        expect(counted.filter((n) => !word.test(n))).toEqual([]);
        // A tap on a hole's middle, where the track passes, still reaches the hole.
        const hit = await page.$eval('svg.board .hole.legal', (e) => {
          const r = e.querySelector('.cavity')!.getBoundingClientRect();
          const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
          return top?.closest('.hole') === e;
        });
        expect(hit).toBe(true);
        if (name === 'phone') {
          const numbers = await holeNumbers(page);
          expect(Math.min(...numbers.font)).toBeGreaterThanOrEqual(11);
          expect(Math.min(...numbers.height)).toBeGreaterThanOrEqual(11);
          expect(Math.min(...numbers.counts)).toBeGreaterThanOrEqual(11);
          expect(numbers.overlaps).toBe(0);
        }
        await page.screenshot({ path: path.join(SHOTS, `${game.ruleset}-${name}.png`) });
        await page.close();
      }
    });
  }

  it('off by default, and the toggle shows and hides it; on a desktop hole numbers stay at 14 units and counts at 16', async () => {
    const id = await createGame('gabata-adowa');
    const page = await newPage(DESKTOP, false);
    await openGame(page, id);
    expect(await page.$eval('svg.board .track-layer', (e) => getComputedStyle(e).display)).toBe('none');
    expect(await page.$$eval('svg.board .track-legend-text', (l) => l.length)).toBe(0);
    expect(await page.$eval('svg.board .hole-index', (e) => getComputedStyle(e).fontSize)).toBe('14px');
    expect(await page.$eval('svg.board .count-badge text', (e) => getComputedStyle(e).fontSize)).toBe('16px');
    // The game screen's toggle (play-views.ts) shows the track, then hides it and the legend's band again.
    const viewBox = (): Promise<string> => page.$eval('svg.board', (e) => e.getAttribute('viewBox') ?? '');
    const bare = await viewBox();
    await page.click('button.toggle.track');
    await page.waitForSelector('svg.board.track-shown .track-layer .track-arrow');
    expect(await page.$$eval('svg.board .track-layer .track-arrow', (l) => l.length)).toBe(18);
    expect(await viewBox()).not.toBe(bare);
    await page.click('button.toggle.track');
    await page.waitForSelector('svg.board:not(.track-shown)');
    expect(await page.$eval('svg.board .track-layer', (e) => getComputedStyle(e).display)).toBe('none');
    expect(await page.$$eval('svg.board .track-legend-text', (l) => l.length)).toBe(0);
    expect(await viewBox()).toBe(bare);
    await page.close();
  });

  it('a turned board draws the track turned; Amharic: no English in the board’s accessible names or legend', async () => {
    const id = await createGame('gifia');
    const page = await newPage(PHONE, true);
    await page.addInitScript(() => localStorage.setItem('gabata.turnBoard', '1'));
    await openGame(page, id, '&lang=am');
    await page.waitForSelector('svg.board .track-layer .track-arrow');
    // Turned: hole 1 left of hole 0 on the screen, and the arrow of the step 0 -> 1 between them, pointing left.
    const turned = await page.evaluate(() => {
      const centre = (e: Element): number => {
        const r = e.getBoundingClientRect();
        return r.left + r.width / 2;
      };
      const arrow = document.querySelector('svg.board .track-arrows [data-track="ccw"][data-from="0"] .track-arrow')!;
      const tip = Number(/^M ([-\d.]+)/.exec(arrow.getAttribute('d') ?? '')![1]);
      const box = (arrow as SVGGraphicsElement).getBBox();
      return {
        hole0: centre(document.querySelector('svg.board .hole[data-hole="0"] .cavity')!),
        hole1: centre(document.querySelector('svg.board .hole[data-hole="1"] .cavity')!),
        arrow: centre(arrow),
        pointsLeft: tip < box.x + box.width / 2,
      };
    });
    expect(turned.hole1).toBeLessThan(turned.hole0);
    expect(turned.arrow).toBeGreaterThan(turned.hole1);
    expect(turned.arrow).toBeLessThan(turned.hole0);
    expect(turned.pointsLeft).toBe(true);
    const names = await page.$$eval('svg.board [aria-label]', (l) => l.map((e) => e.getAttribute('aria-label') ?? ''));
    // Eight holes and two stores.
    expect(names.length).toBeGreaterThanOrEqual(8 + 2);
    const legend = await page.$$eval('svg.board .track-legend-text', (l) => l.map((e) => e.textContent ?? ''));
    const kept = [...KEPT_TERMS].sort((a, b) => b.length - a.length);
    const latin = [...names, ...legend].filter((t) => /[A-Za-z]/.test(kept.reduce((s, k) => s.split(k).join(''), t)));
    expect(latin).toEqual([]);
    expect(legend.join(' ')).toMatch(/[\u1200-\u137f]/);
    await page.screenshot({ path: path.join(SHOTS, 'gifia-am-phone.png') });

    // Gabata (Aksum): each player's chafa enda is named in the hole's name, in Amharic round the kept term.
    const aksum = await createGame('gabata-aksum');
    await openGame(page, aksum, '&lang=am');
    const labels = await page.$$eval('svg.board [aria-label]', (l) => l.map((e) => e.getAttribute('aria-label') ?? ''));
    expect(labels.filter((t) => t.includes('chafa enda'))).toHaveLength(2);
    // A hole's name repeats the letters drawn in it: the chafa enda's C (a kept term's initial) after
    // the hole's number, as a word of its own; every other Latin letter is a fault.
    const letters = await page.$$eval('svg.board .hole', (l) =>
      l.map((e) => ({
        name: e.getAttribute('aria-label') ?? '',
        letter: e.querySelector(':scope > .landmark')?.textContent?.trim() ?? '',
      })),
    );
    expect(letters.filter(({ letter }) => letter === 'C')).toHaveLength(2);
    const words = letters.map(({ name, letter }) => (letter ? name.replace(new RegExp(`(^|\\s)${letter}(?![A-Za-z])`), '$1') : name));
    const others = await page.$$eval('svg.board [aria-label]:not(.hole)', (l) => l.map((e) => e.getAttribute('aria-label') ?? ''));
    expect(words.length + others.length).toBe(labels.length);
    expect([...words, ...others].filter((t) => /[A-Za-z]/.test(kept.reduce((s, k) => s.split(k).join(''), t)))).toEqual([]);
    await page.screenshot({ path: path.join(SHOTS, 'gabata-aksum-am-phone-turned.png') });
    await page.close();
  });
});
