/**
 * The sowing tracks as drawn on the board: pure geometry, from a `Geometry` (its tracks are data)
 * and the centres at which the board draws its holes, to one drawn segment per step of each track
 * (hole -> next hole). No DOM: the board (board.ts) turns the segments into SVG, and the tests
 * check them in Node.
 *
 * - A step between neighbouring holes is a straight line between their centres.
 * - A jump (Track G's 9 -> 17 and 8 -> 0, Abalala'e's 17 -> 0 and 0 -> 17) never crosses another
 *   hole: it runs along the lanes between the rows (Track G's), or round the outside of the holes
 *   (Abalala'e's, whose every lane is crossed by a step), whichever crosses no step of any track
 *   and no other jump; each is dashed on the board.
 * - When a board has two tracks over the same holes (Abalala'e's A1/A2, Gifia's ccw/cw), each is
 *   drawn a little to the left of its own way of travel, so the two lie side by side.
 * Everything is computed in the board's drawing coordinates, so a turned board needs nothing more.
 *
 * ```ts
 * const segs = trackSegments(GEOMETRY_3X6_G, centres, { cell: 100 });
 * segs.find((s) => s.from === 9)!.jump; // true: 9 -> 17 goes round by the lane
 * ```
 */
import type { Geometry, Track } from '@gabata/engine/core';

export interface Point {
  readonly x: number;
  readonly y: number;
}

/** How the tracks are laid over the board. */
export interface TrackLayoutOptions {
  /** Distance between neighbouring hole centres (the lanes run half a cell from the centres). */
  readonly cell: number;
  /** Sideways shift of each track when a board has several (default: 0.11 cell; 0 with one track). */
  readonly offset?: number;
  /** Length of an arrowhead (default 0.24 cell); its width is 0.9 of it. */
  readonly arrow?: number;
  /** Radius of the rounded corners of a jump (default 0.3 cell). */
  readonly corner?: number;
  /**
   * Discs an arrowhead should keep clear of (the holes' count badges): a step's arrowhead slides
   * along its line, up to `slide` of the step from halfway, to the nearest place clear of them.
   */
  readonly keepOut?: readonly Disc[];
  /** How far an arrowhead may slide from halfway, as a share of its step (default 0.15). */
  readonly slide?: number;
}

export interface Disc extends Point {
  readonly r: number;
  /** Kept clear of when there is room (a hole number); a disc without it always (a count). */
  readonly soft?: boolean;
}

/** One step of a track, drawn. */
export interface TrackSegment {
  /** Index of the track in `geometry.tracks`. */
  readonly track: number;
  readonly name: string;
  readonly from: number;
  readonly to: number;
  /** Not neighbours on the grid: drawn round by the lanes between the rows. */
  readonly jump: boolean;
  /** The polyline, from (near) the centre of `from` to (near) the centre of `to`. */
  readonly points: readonly Point[];
  /** SVG path data of the line, its corners rounded. */
  readonly d: string;
  /** Where the arrowhead sits (halfway along the line) and the way it points (unit vector). */
  readonly arrowAt: Point;
  readonly arrowDir: Point;
  /** SVG path data of the arrowhead (a closed triangle). */
  readonly arrowD: string;
  /** Its length (smaller than asked where a gap is tight). */
  readonly arrowSize: number;
}

/**
 * The player a track belongs to, read from its name ('A1' -> 1, 'A2' -> 2), or 0 for a track any
 * player may sow along ('G', 'ccw', 'cw'). Geometry names its tracks so; the board only labels them.
 */
export function trackPlayer(t: Track): number {
  const m = /(\d)$/.exec(t.name);
  return m ? Number(m[1]) : 0;
}

const sub = (a: Point, b: Point): Point => ({ x: a.x - b.x, y: a.y - b.y });
const add = (a: Point, b: Point): Point => ({ x: a.x + b.x, y: a.y + b.y });
const mul = (a: Point, k: number): Point => ({ x: a.x * k, y: a.y * k });
const len = (a: Point): number => Math.hypot(a.x, a.y);
const unit = (a: Point): Point => {
  const l = len(a);
  return l === 0 ? { x: 1, y: 0 } : mul(a, 1 / l);
};
/** The left-hand normal of a direction, on screen (y grows downwards). */
const leftOf = (d: Point): Point => ({ x: d.y, y: -d.x });
const fmt = (n: number): string => String(Math.round(n * 10) / 10);
const pt = (p: Point): string => `${fmt(p.x)} ${fmt(p.y)}`;

/** Are two holes neighbours on the grid (one row or one column apart)? */
export function neighbours(g: Geometry, a: number, b: number): boolean {
  return Math.abs(g.holeRow[a]! - g.holeRow[b]!) + Math.abs(g.holeCol[a]! - g.holeCol[b]!) === 1;
}

/**
 * The lane route of a jump from centre `a` to centre `b`: out of `a` to the corner of its cell
 * that faces `b`, along the lane to the corner of `b`'s cell that faces `a`, then in. The route
 * keeps half a cell from every centre it passes, so it never crosses another hole.
 */
export function laneRoute(a: Point, b: Point, cell: number): Point[] {
  const h = cell / 2;
  const sx = Math.sign(b.x - a.x) || 1;
  const sy = Math.sign(b.y - a.y) || 1;
  const ca = { x: a.x + sx * h, y: a.y + sy * h };
  // When a and b share a column (or a row) the route leaves and enters on the same side.
  const cb = { x: b.x === a.x ? b.x + h : b.x - sx * h, y: b.y === a.y ? b.y + h : b.y - sy * h };
  const route: Point[] = [ca];
  if (ca.x !== cb.x && ca.y !== cb.y) route.push({ x: cb.x, y: ca.y });
  if (ca.x !== cb.x || ca.y !== cb.y) route.push(cb);
  return route;
}

/** SVG path data of a polyline, each inner corner rounded by a quadratic curve of radius up to `r`. */
export function roundedPath(points: readonly Point[], r: number): string {
  let d = `M ${pt(points[0]!)}`;
  for (let i = 1; i < points.length - 1; i++) {
    const p = points[i]!;
    const din = sub(p, points[i - 1]!);
    const dout = sub(points[i + 1]!, p);
    const k = Math.min(r, len(din) / 2, len(dout) / 2);
    d += ` L ${pt(sub(p, mul(unit(din), k)))} Q ${pt(p)} ${pt(add(p, mul(unit(dout), k)))}`;
  }
  return `${d} L ${pt(points[points.length - 1]!)}`;
}

/** The point halfway along a polyline, and the direction of travel there. */
export function halfway(points: readonly Point[]): { at: Point; dir: Point } {
  let total = 0;
  for (let i = 1; i < points.length; i++) total += len(sub(points[i]!, points[i - 1]!));
  let left = total / 2;
  for (let i = 1; i < points.length; i++) {
    const leg = sub(points[i]!, points[i - 1]!);
    const l = len(leg);
    if (left <= l || i === points.length - 1) return { at: add(points[i - 1]!, mul(leg, l === 0 ? 0 : left / l)), dir: unit(leg) };
    left -= l;
  }
  return { at: points[0]!, dir: { x: 1, y: 0 } };
}

/** How far a disc of radius `r` at `p` stays clear of the nearest keep-out disc. */
function room(p: Point, r: number, keepOut: readonly Disc[]): number {
  let min = Infinity;
  for (const d of keepOut) min = Math.min(min, len(sub(p, d)) - d.r - r);
  return min;
}

/** The arrowhead's radius (its bounding disc) for its length. */
const arrowRadius = (size: number): number => size * 0.55;

/**
 * Where on a straight step its arrowhead goes, and how long it is: the place nearest halfway
 * (within `slide` of the step) clear of every keep-out disc, at full size or, where the gap is
 * tight, down to 0.7 of it; else clear of the hard ones only (the soft ones give way); else the
 * place clearest of the hard ones.
 */
export function arrowPlace(a: Point, b: Point, size: number, keepOut: readonly Disc[], slide: number): { at: Point; size: number } {
  const at = (t: number): Point => add(a, mul(sub(b, a), t));
  const hard = keepOut.filter((d) => !d.soft);
  const steps = 12;
  const places = [0.5];
  for (let k = 1; k <= steps; k++) places.push(0.5 - (slide * k) / steps, 0.5 + (slide * k) / steps);
  for (const [discs, k] of [
    [keepOut, 1],
    [keepOut, 0.85],
    [keepOut, 0.7],
    [hard, 1],
  ] as const) {
    const t = places.find((x) => room(at(x), arrowRadius(size * k), discs) >= 0);
    if (t !== undefined) return { at: at(t), size: size * k };
  }
  let best = 0.5;
  for (const t of places) if (room(at(t), arrowRadius(size), hard) > room(at(best), arrowRadius(size), hard)) best = t;
  return { at: at(best), size };
}

/** A closed triangle of length `size` centred on `at`, pointing along `dir`. */
export function arrowhead(at: Point, dir: Point, size: number): string {
  const u = unit(dir);
  const n = leftOf(u);
  const tip = add(at, mul(u, size / 2));
  const back = sub(at, mul(u, size / 2));
  const w = size * 0.45;
  return `M ${pt(tip)} L ${pt(add(back, mul(n, w)))} L ${pt(sub(back, mul(n, w)))} Z`;
}

/** Do segments p1-p2 and q1-q2 cross (properly: touching at an end does not count)? */
export function crosses(p1: Point, p2: Point, q1: Point, q2: Point): boolean {
  const side = (a: Point, b: Point, c: Point): number => Math.sign((b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x));
  const d1 = side(q1, q2, p1);
  const d2 = side(q1, q2, p2);
  const d3 = side(p1, p2, q1);
  const d4 = side(p1, p2, q2);
  return d1 * d2 < 0 && d3 * d4 < 0;
}

/** The ring round the outside of the holes (`margin` beyond the outermost centres), clockwise on screen: top, right, bottom, left. */
interface Ring {
  readonly x0: number;
  readonly x1: number;
  readonly y0: number;
  readonly y1: number;
}
const SIDES = ['top', 'right', 'bottom', 'left'] as const;
type Side = (typeof SIDES)[number];

function ringOf(centres: readonly Point[], margin: number): Ring {
  const xs = centres.map((c) => c.x);
  const ys = centres.map((c) => c.y);
  return { x0: Math.min(...xs) - margin, x1: Math.max(...xs) + margin, y0: Math.min(...ys) - margin, y1: Math.max(...ys) + margin };
}

/** The sides of the ring a hole on the edge of the board can step straight out to, with the point it reaches. */
function exits(c: Point, ring: Ring, margin: number): { side: Side; at: Point }[] {
  const out: { side: Side; at: Point }[] = [];
  if (c.y - margin === ring.y0) out.push({ side: 'top', at: { x: c.x, y: ring.y0 } });
  if (c.x + margin === ring.x1) out.push({ side: 'right', at: { x: ring.x1, y: c.y } });
  if (c.y + margin === ring.y1) out.push({ side: 'bottom', at: { x: c.x, y: ring.y1 } });
  if (c.x - margin === ring.x0) out.push({ side: 'left', at: { x: ring.x0, y: c.y } });
  return out;
}

/** From one point of the ring to another, clockwise on screen: the corners passed on the way. */
function clockwise(ring: Ring, from: { side: Side; at: Point }, to: { side: Side; at: Point }): Point[] {
  const corner: Record<Side, Point> = {
    top: { x: ring.x1, y: ring.y0 },
    right: { x: ring.x1, y: ring.y1 },
    bottom: { x: ring.x0, y: ring.y1 },
    left: { x: ring.x0, y: ring.y0 },
  };
  const ahead = (side: Side, a: Point, b: Point): boolean =>
    side === 'top' ? b.x > a.x : side === 'right' ? b.y > a.y : side === 'bottom' ? b.x < a.x : b.y < a.y;
  const out: Point[] = [from.at];
  let i = SIDES.indexOf(from.side);
  if (from.side !== to.side || !ahead(from.side, from.at, to.at)) {
    do {
      out.push(corner[SIDES[i]!]);
      i = (i + 1) % 4;
    } while (SIDES[i] !== to.side);
  }
  out.push(to.at);
  return out;
}

/**
 * The ways a jump from centre `a` to centre `b` can be drawn without crossing a hole: by the lanes
 * between the rows (two ways), and, when both holes are on the edge of the board, round the
 * outside of the holes either way.
 */
export function jumpRoutes(a: Point, b: Point, centres: readonly Point[], cell: number): Point[][] {
  const routes: Point[][] = [laneRoute(a, b, cell)];
  const sx = Math.sign(b.x - a.x) || 1;
  const sy = Math.sign(b.y - a.y) || 1;
  const ca = { x: a.x + sx * (cell / 2), y: a.y + sy * (cell / 2) };
  const cb = { x: b.x === a.x ? b.x + cell / 2 : b.x - sx * (cell / 2), y: b.y === a.y ? b.y + cell / 2 : b.y - sy * (cell / 2) };
  if (ca.x !== cb.x && ca.y !== cb.y) routes.push([ca, { x: ca.x, y: cb.y }, cb]);
  const margin = cell * 0.55;
  const ring = ringOf(centres, margin);
  for (const ea of exits(a, ring, margin)) {
    for (const eb of exits(b, ring, margin)) {
      routes.push(clockwise(ring, ea, eb), clockwise(ring, eb, ea).reverse());
    }
  }
  return routes;
}

const lengthOf = (points: readonly Point[]): number => {
  let total = 0;
  for (let i = 1; i < points.length; i++) total += len(sub(points[i]!, points[i - 1]!));
  return total;
};

/**
 * How each jump of the geometry is drawn (by `${track}:${from}`): of its possible routes, the one
 * that crosses the fewest steps of any track and keeps off the jumps chosen before it, then the
 * shortest.
 */
function chooseJumps(g: Geometry, centres: readonly Point[], cell: number): Map<string, Point[]> {
  const steps: [Point, Point][] = [];
  for (const t of g.tracks) for (const h of t.holes) if (neighbours(g, h, t.next[h]!)) steps.push([centres[h]!, centres[t.next[h]!]!]);
  const chosen = new Map<string, Point[]>();
  const taken: Point[][] = [];
  g.tracks.forEach((t, ti) => {
    for (const from of t.holes) {
      const to = t.next[from]!;
      if (neighbours(g, from, to)) continue;
      const a = centres[from]!;
      const b = centres[to]!;
      const cost = (route: Point[]): number => {
        const line = [a, ...route, b];
        let bad = 0;
        for (let i = 1; i < line.length; i++) for (const [p, q] of steps) if (crosses(line[i - 1]!, line[i]!, p, q)) bad++;
        const inner = along(route, cell / 10);
        for (const other of taken) if (inner.some((p) => nearLine(p, other, cell * 0.15))) bad++;
        return bad * 100 * cell + lengthOf(line);
      };
      const routes = jumpRoutes(a, b, centres, cell);
      const best = routes.reduce((x, y) => (cost(y) < cost(x) ? y : x));
      chosen.set(`${ti}:${from}`, best);
      taken.push(best);
    }
  });
  return chosen;
}

/** Points along a polyline, about `step` apart. */
function along(points: readonly Point[], step: number): Point[] {
  const out: Point[] = [];
  for (let i = 1; i < points.length; i++) {
    const leg = sub(points[i]!, points[i - 1]!);
    const n = Math.max(1, Math.ceil(len(leg) / step));
    for (let k = 0; k <= n; k++) out.push(add(points[i - 1]!, mul(leg, k / n)));
  }
  return out;
}

/** Is p within `d` of the polyline? */
function nearLine(p: Point, line: readonly Point[], d: number): boolean {
  for (let i = 1; i < line.length; i++) {
    const a = line[i - 1]!;
    const ab = sub(line[i]!, a);
    const l2 = ab.x * ab.x + ab.y * ab.y;
    const t = l2 === 0 ? 0 : Math.max(0, Math.min(1, ((p.x - a.x) * ab.x + (p.y - a.y) * ab.y) / l2));
    if (len(sub(p, add(a, mul(ab, t)))) < d) return true;
  }
  return false;
}

/**
 * Where a shifted track passes through hole h: the centre moved `offset` to the left of travel,
 * on both legs at once (a mitre), so the lines in and out of the hole meet. `lines(from)` is the
 * drawn route of the step from a hole (its centres and corners).
 */
function nodePoint(t: Track, h: number, offset: number, lines: (from: number) => Point[]): Point {
  const into = lines(t.holes[(t.position[h]! - 1 + t.holes.length) % t.holes.length]!);
  const outOf = lines(h);
  const c = outOf[0]!;
  if (offset === 0) return c;
  const nIn = leftOf(unit(sub(c, into[into.length - 2]!)));
  const nOut = leftOf(unit(sub(outOf[1]!, c)));
  // Where a jump leaves or arrives, the hole keeps the side of its step to a neighbour, so that
  // two tracks walked opposite ways stay a full offset apart there too.
  const jumpIn = into.length > 2;
  const jumpOut = outOf.length > 2;
  if (jumpIn !== jumpOut) return add(c, mul(jumpIn ? nOut : nIn, offset));
  const dot = nIn.x * nOut.x + nIn.y * nOut.y;
  // A mitre of at most twice the offset (a hairpin has none: keep the way out's side).
  const mitre = dot > -0.5 ? mul(add(nIn, nOut), 1 / (1 + dot)) : nOut;
  return add(c, mul(mitre, offset));
}

/**
 * Every step of every track of `g`, drawn between the hole centres `centres[h]` (the board's
 * coordinates, turned or not), in track order: `geometry.tracks[0]` first, from its first hole.
 */
export function trackSegments(g: Geometry, centres: readonly Point[], opts: TrackLayoutOptions): TrackSegment[] {
  const cell = opts.cell;
  const offset = opts.offset ?? (g.tracks.length > 1 ? cell * 0.11 : 0);
  const size = opts.arrow ?? cell * 0.24;
  const corner = opts.corner ?? cell * 0.3;
  const out: TrackSegment[] = [];
  const jumps = chooseJumps(g, centres, cell);
  g.tracks.forEach((t, ti) => {
    const lines = (from: number): Point[] => [centres[from]!, ...(jumps.get(`${ti}:${from}`) ?? []), centres[t.next[from]!]!];
    const nodes = new Map<number, Point>();
    for (const h of t.holes) nodes.set(h, nodePoint(t, h, offset, lines));
    for (let i = 0; i < t.holes.length; i++) {
      const from = t.holes[i]!;
      const to = t.holes[(i + 1) % t.holes.length]!;
      const jump = !neighbours(g, from, to);
      const points = lines(from);
      points[0] = nodes.get(from)!;
      points[points.length - 1] = nodes.get(to)!;
      // A jump's arrowhead may run in the narrow margin round the holes: no larger than a fifth of a cell.
      const mid = { ...halfway(points), size: jump ? Math.min(size, cell * 0.22) : size };
      if (opts.keepOut) {
        // On a jump, the arrowhead slides along its longest leg (the lane), where halfway is.
        let leg = 0;
        for (let k = 1; k < points.length - 1; k++)
          if (len(sub(points[k + 1]!, points[k]!)) > len(sub(points[leg + 1]!, points[leg]!))) leg = k;
        Object.assign(mid, arrowPlace(points[leg]!, points[leg + 1]!, mid.size, opts.keepOut, opts.slide ?? 0.15));
        mid.dir = unit(sub(points[leg + 1]!, points[leg]!));
      }
      out.push({
        track: ti,
        name: t.name,
        from,
        to,
        jump,
        points,
        d: roundedPath(points, corner),
        arrowAt: mid.at,
        arrowDir: mid.dir,
        arrowD: arrowhead(mid.at, mid.dir, mid.size),
        arrowSize: mid.size,
      });
    }
  });
  return out;
}
