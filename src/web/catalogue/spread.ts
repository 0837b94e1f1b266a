/**
 * Spreading the evidence map's markers so that each can be tapped on its own: places a few
 * kilometres apart (Aksum and Adowa) fall on the same pixels of a map of Africa on a phone, and
 * their tap targets (squares of 44 CSS px) would cover each other. Each marker keeps its place if
 * that is free, else takes the nearest free spot on a half-target grid around it (the map then
 * draws a line back to the place); every target stays inside the map. Pure: positions in, positions
 * out, in CSS px at the size the map is drawn.
 */

export interface Point {
  x: number;
  y: number;
}

/** How far (in targets) a marker may be moved from its place before it is left where it is. */
const REACH = 6;

/** The grid offsets around a place, nearest first (ties: up, then clockwise), in units of half a target. */
function offsets(): Point[] {
  const out: Point[] = [];
  for (let i = -2 * REACH; i <= 2 * REACH; i++) for (let j = -2 * REACH; j <= 2 * REACH; j++) out.push({ x: i, y: j });
  const angle = (p: Point): number => (Math.atan2(p.x, -p.y) + 2 * Math.PI) % (2 * Math.PI);
  return out.sort((a, b) => Math.hypot(a.x, a.y) - Math.hypot(b.x, b.y) || angle(a) - angle(b));
}

const OFFSETS = offsets();

/**
 * Where to draw each marker so that no two squares of side `size` centred on them overlap and
 * each lies inside `width` x `height`; in the order given, the first keeping its place when it can.
 * A marker with no free spot within reach (a map smaller than a target) stays at its place.
 */
export function spreadMarkers(places: readonly Point[], size: number, width: number, height: number): Point[] {
  const half = size / 2;
  const placed: Point[] = [];
  const inside = (p: Point): boolean => p.x >= half && p.x <= width - half && p.y >= half && p.y <= height - half;
  const free = (p: Point): boolean => placed.every((q) => Math.abs(q.x - p.x) >= size || Math.abs(q.y - p.y) >= size);
  const clamp = (v: number, hi: number): number => (hi < size ? v : Math.min(Math.max(v, half), hi - half));
  for (const at of places) {
    // A place at the map's edge is first brought just inside it.
    const base = { x: clamp(at.x, width), y: clamp(at.y, height) };
    let spot: Point | undefined;
    for (const o of OFFSETS) {
      const p = { x: base.x + o.x * half, y: base.y + o.y * half };
      if (inside(p) && free(p)) {
        spot = p;
        break;
      }
    }
    placed.push(spot ?? { x: at.x, y: at.y });
  }
  return placed;
}
