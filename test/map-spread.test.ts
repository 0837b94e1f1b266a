/**
 * The evidence map's markers are spread so that each can be tapped on its own (issue 23,
 * src/web/catalogue/spread.ts): no two targets overlap, each stays inside the map, a marker with
 * room keeps its place, and one crowded out goes to the nearest free spot.
 */
import { describe, expect, it } from 'vitest';
import { Rng } from '../packages/engine/src/core/rng.js';
import { type Point, spreadMarkers } from '../src/web/catalogue/spread.js';

const overlaps = (a: Point, b: Point, size: number): boolean => Math.abs(a.x - b.x) < size - 1e-9 && Math.abs(a.y - b.y) < size - 1e-9;

describe('spreading the map markers', () => {
  it('markers with room keep their places', () => {
    const places = [
      { x: 50, y: 50 },
      { x: 150, y: 50 },
      { x: 50, y: 150 },
    ];
    expect(spreadMarkers(places, 44, 300, 300)).toEqual(places);
  });

  it('two markers on the same spot: the first stays, the second goes one target away', () => {
    const [a, b] = spreadMarkers(
      [
        { x: 100, y: 100 },
        { x: 101, y: 100 },
      ],
      44,
      300,
      300,
    );
    expect(a).toEqual({ x: 100, y: 100 });
    expect(overlaps(a!, b!, 44)).toBe(false);
    expect(Math.hypot(b!.x - 101, b!.y - 100)).toBeLessThanOrEqual(44);
  });

  it('a marker at the edge is brought inside the map', () => {
    expect(spreadMarkers([{ x: 3, y: 298 }], 44, 300, 300)).toEqual([{ x: 22, y: 278 }]);
  });

  it('a crowd of markers (random, seeded) ends with no two targets overlapping, every one inside the map', () => {
    const rng = new Rng(23);
    for (let round = 0; round < 20; round++) {
      const n = 2 + rng.int(12);
      const places = Array.from({ length: n }, () => ({ x: 150 + rng.int(40), y: 120 + rng.int(40) }));
      const at = spreadMarkers(places, 46, 340, 300);
      expect(at).toHaveLength(n);
      for (const [i, p] of at.entries()) {
        expect(p.x).toBeGreaterThanOrEqual(23);
        expect(p.x).toBeLessThanOrEqual(340 - 23);
        expect(p.y).toBeGreaterThanOrEqual(23);
        expect(p.y).toBeLessThanOrEqual(300 - 23);
        for (const q of at.slice(i + 1)) expect(overlaps(p, q, 46)).toBe(false);
      }
    }
  });
});
