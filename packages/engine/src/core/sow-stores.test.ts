/**
 * Stores on a track (sow.ts): a lap drops into the mover's own store as it passes and over the
 * others', with a `storeDrop` event; a lap ending in the store reports `storeHole(mover)`.
 */
import { describe, expect, it } from 'vitest';
import type { GameEvent } from './events.js';
import { makeTrack } from './geometry.js';
import { LAP_END, RelaySower, sowLap, storeHole, storeOwner, storesOnTrack } from './sow.js';
import { State } from './state.js';

// A 2x3 ring: 0 1 2 (player 1), then 5 4 3 (player 2); player 1's store after 2, player 2's after 3.
const RING = makeTrack('ring', [0, 1, 2, 5, 4, 3], 6).next;
const STORES = storesOnTrack(6, [
  { after: 2, player: 1 },
  { after: 3, player: 2 },
]);

function board(counts: number[]): State {
  const s = new State(2, 6, 1);
  s.counts.set(counts);
  return s;
}

describe('stores on the track', () => {
  it('drops into the own store as the lap passes it and over the opponent store', () => {
    const s = board([0, 0, 7, 0, 0, 0]);
    s.counts[2] = 0;
    const trace: GameEvent[] = [];
    const last = sowLap(s, 2, 7, 1, RING, false, trace, 'X-1', STORES);
    // store 1, then 5 4 3, past store 2, then 0 1 2.
    expect(Array.from(s.counts)).toEqual([1, 1, 1, 1, 1, 1]);
    expect(s.captured[1]).toBe(1);
    expect(s.captured[2]).toBe(0);
    expect(last).toBe(2);
    expect(trace.map((e) => e.type)).toEqual(['storeDrop', 'drop', 'drop', 'drop', 'drop', 'drop', 'drop']);
    expect(trace[0]).toEqual({ type: 'storeDrop', player: 1, store: 1, count: 1, rule: undefined });
  });

  it('reports a lap ending in the store as storeHole(mover)', () => {
    const s = board([0, 2, 0, 0, 0, 0]);
    s.counts[1] = 0;
    expect(sowLap(s, 1, 2, 1, RING, false, null, undefined, STORES)).toBe(storeHole(1));
    expect(storeOwner(storeHole(1))).toBe(1);
    expect(storeOwner(4)).toBe(0);
    expect(s.captured[1]).toBe(1);
  });

  it('passes the origin when asked and still finds the store after it', () => {
    const s = board([0, 0, 0, 0, 0, 0]);
    const last = sowLap(s, 2, 8, 1, RING, true, null, undefined, STORES);
    // store, 5 4 3, 0 1, (origin 2 passed), store again, 5.
    expect(s.captured[1]).toBe(2);
    expect(Array.from(s.counts)).toEqual([1, 1, 0, 1, 1, 2]);
    expect(last).toBe(5);
  });

  it('the relay sower lays its laps past the stores too, and hands afterLast the store', () => {
    const ends: number[] = [];
    const sower = new RelaySower({
      skip: null,
      skipOrigin: false,
      maxLaps: 100,
      stores: STORES,
      afterLast: (_s, hole) => {
        ends.push(hole);
        return LAP_END;
      },
    });
    const s = board([0, 0, 1, 0, 0, 0]);
    expect(sower.sow(s, 2, 1, RING, null)).toBe(LAP_END);
    expect(ends).toEqual([storeHole(1)]);
    expect(s.captured[1]).toBe(1);
  });

  it('refuses a store after a hole that is not on the board, or two after one hole', () => {
    expect(() => storesOnTrack(6, [{ after: 6, player: 1 }])).toThrow(/no such hole/);
    expect(() =>
      storesOnTrack(6, [
        { after: 1, player: 1 },
        { after: 1, player: 2 },
      ]),
    ).toThrow(/two stores/);
  });
});
