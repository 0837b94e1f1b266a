import { describe, expect, it } from 'vitest';
import type { GameEvent } from './events.js';
import { LAP_END, LAP_RELAY, RelaySower, SOW_PERPETUAL, nextDrop, sowLap, type SowHooks } from './sow.js';
import { State } from './state.js';

const RING6 = Int8Array.from([1, 2, 3, 4, 5, 0]);

describe('core/sow: the one drop rule and the relay kernel', () => {
  it('nextDrop: the next hole along the track; the origin is passed over only under skipOrigin (§1)', () => {
    const s = new State(2, 6);
    expect(nextDrop(s, 5, 0, 3, 1, RING6, false, null, null)).toBe(0);
    const trace: GameEvent[] = [];
    expect(nextDrop(s, 5, 0, 3, 1, RING6, true, null, trace)).toBe(1);
    expect(trace).toEqual([{ type: 'skip', player: 1, hole: 0, rule: '§1' }]);
  });

  it('nextDrop: a skip rule passes holes over, citing its clause; a full circuit of skips drops regardless', () => {
    const s = new State(2, 6);
    const trace: GameEvent[] = [];
    const odd = (_s: State, h: number): boolean => h % 2 === 1;
    expect(nextDrop(s, 0, 0, 2, 2, RING6, false, odd, trace, 'R-1')).toBe(2);
    expect(trace).toEqual([{ type: 'skip', player: 2, hole: 1, rule: 'R-1' }]);
    const every = (): boolean => true;
    // Six skips (a full circuit), then the seventh hole takes the counter.
    expect(nextDrop(s, 0, 0, 1, 1, RING6, false, every, null)).toBe(1);
  });

  it('sowLap drops one counter a hole with the same rule, and a 7-counter lap on 6 holes skips its origin', () => {
    const s = new State(2, 6);
    s.counts.set([0, 0, 0, 0, 0, 0]);
    expect(sowLap(s, 0, 7, 1, RING6, true, null)).toBe(2);
    expect(Array.from(s.counts)).toEqual([0, 2, 2, 1, 1, 1]);
  });

  it('RelaySower drops by the rule of nextDrop: origin, skip rule with its clause, a full circuit of skips', () => {
    // The sower writes the drop rule out (see RelaySower.sow); the two must not drift apart.
    const cases: { skip: (s: State, h: number, hand: number) => boolean; counts: number[]; skipOrigin: boolean }[] = [
      { skip: (_s, h) => h % 2 === 1, counts: [9, 0, 1, 0, 0, 0], skipOrigin: true },
      { skip: (_s, _h, hand) => hand > 1, counts: [3, 0, 0, 0, 0, 0], skipOrigin: false },
      { skip: () => true, counts: [2, 1, 0, 0, 0, 0], skipOrigin: false },
      { skip: (s, h) => s.counts[h] === 1, counts: [8, 1, 1, 0, 1, 0], skipOrigin: true },
    ];
    for (const c of cases) {
      const viaSower = new State(2, 6);
      viaSower.counts.set(c.counts);
      const sowerTrace: GameEvent[] = [];
      const hooks: SowHooks = { skip: c.skip, skipOrigin: c.skipOrigin, maxLaps: 10, afterLast: () => LAP_END };
      new RelaySower(hooks, { skipRule: 'R-1' }).sow(viaSower, 0, 1, RING6, sowerTrace);
      const viaRule = new State(2, 6);
      viaRule.counts.set(c.counts);
      const ruleTrace: GameEvent[] = [{ type: 'lift', player: 1, hole: 0, count: c.counts[0]!, rule: undefined }];
      let hand = viaRule.counts[0]!;
      viaRule.counts[0] = 0;
      let cur = 0;
      while (hand > 0) {
        cur = nextDrop(viaRule, cur, 0, hand, 1, RING6, c.skipOrigin, c.skip, ruleTrace, 'R-1');
        viaRule.counts[cur]!++;
        hand--;
        ruleTrace.push({ type: 'drop', player: 1, hole: cur, count: viaRule.counts[cur]!, rule: undefined });
      }
      expect(Array.from(viaSower.counts)).toEqual(Array.from(viaRule.counts));
      expect(sowerTrace).toEqual(ruleTrace);
    }
  });

  it("each RelaySower keeps its own cycle snapshot: a sowing run inside another's hook does not blind it", () => {
    // Outer: every lap relays for ever. Inside each of its afterLast calls another sower runs a
    // perpetual sowing of its own (which snapshots its own board). With one shared snapshot the
    // outer cycle would never be recognised and only the lap cap would stop it.
    const always = (): number => LAP_RELAY;
    const inner = new RelaySower({ skip: null, skipOrigin: false, maxLaps: 1000, afterLast: always });
    const other = new State(2, 6);
    let outerLaps = 0;
    const hooks: SowHooks = {
      skip: null,
      skipOrigin: false,
      maxLaps: 100_000,
      afterLast: () => {
        outerLaps++;
        other.counts.set([2, 2, 2, 2, 2, 2]);
        expect(inner.sow(other, 0, 2, RING6, null)).toBe(SOW_PERPETUAL);
        return always();
      },
    };
    const outer = new RelaySower(hooks);
    const s = new State(2, 6);
    s.counts.set([3, 1, 1, 1, 1, 1]);
    expect(outer.sow(s, 0, 1, RING6, null)).toBe(SOW_PERPETUAL);
    expect(outerLaps).toBeLessThan(1000);
  });
});
