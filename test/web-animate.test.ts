/**
 * The animation's pure part: playing a move's event trace on the drawn board must end on the
 * engine's own position (counts, owners, marks, piles), for every ruleset, over seeded random
 * matches; and a race tick is one frame holding every racer's drop.
 */
import { describe, expect, it } from 'vitest';
import type { GameEvent } from '../packages/engine/src/core/events.js';
import { MAX_MOVES, MOVE_CONCEDE } from '../packages/engine/src/core/game.js';
import { Rng } from '../packages/engine/src/core/rng.js';
import { PHASE_OVER, PHASE_RACE } from '../packages/engine/src/core/state.js';
import { RULESETS, getRuleset } from '../packages/engine/src/games/index.js';
import type { BoardState } from '../src/web/board.js';
import { animate, applyEvent, applyEvents, boardBefore, boardStateOf, copyBoard, frames, plannedMs } from '../src/web/animate.js';

describe('animation from the event trace', () => {
  for (const rs of RULESETS) {
    it(`${rs.info.id}: the events of every move, applied to the drawn board, give the engine's position`, () => {
      const g = rs.create({});
      if (!g.ok) throw g.error;
      const game = g.value;
      const buf = new Int32Array(MAX_MOVES);
      let checked = 0;
      for (let seed = 1; seed <= 6; seed++) {
        const rng = new Rng(seed);
        const s = game.newState(seed);
        for (let ply = 0; ply < 400 && s.phase !== PHASE_OVER; ply++) {
          const v = boardStateOf(s);
          const ev: GameEvent[] = [];
          if (s.phase === PHASE_RACE && s.toMove === 0) {
            const joint = [0];
            for (let p = 1; p <= s.players; p++) joint.push(buf[rng.int(game.legalMovesFor(s, p, buf))]!);
            game.applyJoint(s, joint, ev);
          } else {
            // Conceding ends a game at once: random play that concedes would test little.
            const moves = Array.from(buf.subarray(0, game.legalMoves(s, buf))).filter((m) => m !== MOVE_CONCEDE);
            game.apply(s, moves.length ? moves[rng.int(moves.length)]! : MOVE_CONCEDE, ev);
          }
          for (const e of ev) applyEvent(v, e);
          const want = boardStateOf(s);
          expect(v.counts, `${rs.info.id} seed ${seed} ply ${ply}`).toEqual(want.counts);
          expect(v.owners).toEqual(want.owners);
          expect(v.marks).toEqual(want.marks);
          expect(v.captured).toEqual(want.captured);
          expect(v.reserve).toEqual(want.reserve);
          checked++;
        }
      }
      expect(checked).toBeGreaterThan(100);
    });
  }

  it("a race tick is one frame with every racer's drop; other drops are a frame each", () => {
    const ev: GameEvent[] = [
      { type: 'raceStart', player: 1, hole: 0, count: 2 },
      { type: 'raceStart', player: 2, hole: 17, count: 2 },
      { type: 'raceTick', tick: 1, order: [1, 2] },
      { type: 'drop', player: 1, hole: 1, count: 4 },
      { type: 'drop', player: 2, hole: 16, count: 4 },
      { type: 'raceTick', tick: 2, order: [2, 1] },
      { type: 'drop', player: 2, hole: 15, count: 1 },
      { type: 'drop', player: 1, hole: 2, count: 1 },
      { type: 'raceEnd', winner: 2, loop: false },
      { type: 'lift', player: 2, hole: 6, count: 2 },
      { type: 'drop', player: 2, hole: 7, count: 1 },
      { type: 'drop', player: 2, hole: 8, count: 1 },
      { type: 'turnEnd', player: 2, reason: 'empty' },
    ];
    const f = frames(ev);
    // Both racers lift at once: one frame.
    expect(f[0]!.map((e) => e.type)).toEqual(['raceStart', 'raceStart']);
    const tick1 = f.find((x) => x[0]!.type === 'raceTick' && (x[0] as { tick: number }).tick === 1)!;
    expect(tick1.filter((e) => e.type === 'drop').map((e) => (e as { player: number }).player)).toEqual([1, 2]);
    const after = f.slice(f.findIndex((x) => x[0]!.type === 'raceEnd') + 1);
    expect(after.map((x) => x.filter((e) => e.type === 'drop' || e.type === 'lift').length)).toEqual([1, 1, 1, 0]);
    expect(f.flat()).toEqual(ev);
  });

  it("Abalala'e's opening race: the board before it, worked back from its trace, replays forward to newState's position", () => {
    const rs = getRuleset('abalalae');
    if (!rs.ok) throw rs.error;
    const optionSets: Record<string, unknown>[] = [
      {},
      { raceTie: 'tickOrder' },
      { raceTickOrder: 'p2First', raceCaptures: true },
      { raceLoserCompletion: 'abandon', raceTie: 'tickOrder', raceTickOrder: 'p1First' },
      { raceLoopResolution: 'restartRace', skipOriginOnLongLaps: true },
    ];
    let races = 0;
    for (const options of optionSets) {
      const g = rs.value.create(options);
      if (!g.ok) throw g.error;
      for (let seed = 1; seed <= 8; seed++) {
        const trace: GameEvent[] = [];
        const after = boardStateOf(g.value.newState(seed, trace));
        expect(trace.some((e) => e.type === 'raceStart')).toBe(true);
        const start = boardBefore(after, trace);
        expect(start, `${JSON.stringify(options)} seed ${seed}`).not.toBeNull();
        const v = copyBoard(start!);
        applyEvents(v, trace);
        expect(v.counts, `${JSON.stringify(options)} seed ${seed}`).toEqual(after.counts);
        expect(v.captured).toEqual(after.captured);
        // Before the race no counter is in a store and none is missing from the board.
        const total = (b: BoardState): number => b.counts.reduce((a, c) => a + c, 0) + b.captured.reduce((a, c) => a + c, 0);
        expect(total(start!)).toBe(total(after));
        expect(start!.captured.every((c) => c === 0)).toBe(true);
        // The start differs from the end: the race moved counters.
        expect(start!.counts).not.toEqual(after.counts);
        races++;
      }
    }
    expect(races).toBe(optionSets.length * 8);
  });

  it('a race run again from its start (restartRace) is undone to the board before its first run, and replayed so', async () => {
    const ev: GameEvent[] = [
      { type: 'raceStart', player: 1, hole: 0, count: 1 },
      { type: 'raceStart', player: 2, hole: 1, count: 1 },
      { type: 'raceTick', tick: 1, order: [1, 2] },
      { type: 'drop', player: 1, hole: 1, count: 1 },
      { type: 'drop', player: 2, hole: 2, count: 1 },
      { type: 'raceStart', player: 1, hole: 0, count: 1 },
      { type: 'raceStart', player: 2, hole: 1, count: 1 },
      { type: 'raceTick', tick: 1, order: [2, 1] },
      { type: 'drop', player: 2, hole: 2, count: 1 },
      { type: 'drop', player: 1, hole: 3, count: 1 },
      { type: 'raceFinish', player: 2, hole: 2, place: 1 },
      { type: 'raceFinish', player: 1, hole: 3, place: 2 },
      { type: 'raceEnd', winner: 2, loop: false },
    ];
    const board = (counts: number[]): BoardState => ({
      counts,
      owners: [1, 1, 2, 2],
      marks: [0, 0, 0, 0],
      captured: [0, 0, 0],
      reserve: [0, 0, 0],
      hands: [0, 0, 0],
      handAt: [-1, -1, -1],
    });
    const start = boardBefore(board([0, 0, 1, 1]), ev)!;
    expect(start.counts).toEqual([1, 1, 0, 0]);
    const v = copyBoard(start);
    applyEvents(v, ev);
    expect(v.counts).toEqual([0, 0, 1, 1]);
    // The animation draws the same: its last frame is the board after the race.
    const drawn: number[][] = [];
    const shown: string[][] = [];
    const w = copyBoard(start);
    await animate(w, ev, {
      delay: () => 1,
      skipped: () => false,
      render: (b) => drawn.push([...b.counts]),
      onEvent: () => undefined,
      shown: (f) => shown.push(f.map((e) => e.type)),
    });
    expect(w.counts).toEqual([0, 0, 1, 1]);
    // The first run's tick is drawn, then the board is put back as the race began and lifted again.
    const tick = drawn.findIndex((c) => c.join() === '0,1,1,0');
    expect(tick).toBeGreaterThan(0);
    expect(drawn[tick + 1]).toEqual([0, 0, 0, 0]);
    // The race's result is a frame of its own, drawn and paused on.
    expect(shown[shown.length - 1]).toEqual(['raceEnd']);
    // A new round's layout cannot be undone from its own data: no start is made up.
    const redistribute: GameEvent = {
      type: 'redistribute',
      round: 2,
      owners: [1, 1, 2, 2],
      counts: [1, 1, 0, 0],
      captured: [],
      reserve: [],
      changes: [],
    };
    expect(boardBefore(board([0, 0, 1, 1]), [redistribute, ...ev])).toBeNull();
  });

  /** The longest move (most frames) of a seeded Adowa game: a relay sowing that goes round the board. */
  function longMove(): { before: BoardState; events: GameEvent[] } {
    const rs = getRuleset('gabata-adowa');
    if (!rs.ok) throw rs.error;
    const g = rs.value.create({});
    if (!g.ok) throw g.error;
    const buf = new Int32Array(MAX_MOVES);
    const rng = new Rng(7);
    const s = g.value.newState(7);
    let best: { before: BoardState; events: GameEvent[] } = { before: boardStateOf(s), events: [] };
    for (let ply = 0; ply < 60 && s.phase !== PHASE_OVER; ply++) {
      const before = boardStateOf(s);
      const ev: GameEvent[] = [];
      const n = g.value.legalMoves(s, buf);
      g.value.apply(s, buf[rng.int(n)]!, ev);
      if (frames(ev).length > frames(best.events).length) best = { before, events: ev };
    }
    return best;
  }

  it('in a timed game a whole move fits its budget (a second), however long the relay; without one it takes its full time', async () => {
    const { before, events } = longMove();
    const run = async (budget?: number): Promise<{ paused: number; drawn: number; end: BoardState }> => {
      let paused = 0;
      let drawn = 0;
      const v = copyBoard(before);
      await animate(v, events, {
        delay: () => 240,
        skipped: () => false,
        render: () => drawn++,
        onEvent: () => undefined,
        budget: budget === undefined ? undefined : () => budget,
        pause: async (ms) => {
          paused += ms;
        },
      });
      return { paused, drawn, end: v };
    };
    const full = await run();
    // The move chosen is long: at the normal speed it would take several seconds.
    expect(full.paused).toBeGreaterThan(3000);
    expect(full.paused).toBeCloseTo(plannedMs(frames(events), 240), 6);
    const timed = await run(1000);
    expect(timed.paused).toBeLessThanOrEqual(1000 + 1e-6);
    expect(timed.paused).toBeGreaterThan(900);
    // Every frame is still drawn, and the move ends on the same board.
    expect(timed.drawn).toBe(full.drawn);
    expect(timed.end).toEqual(full.end);
  });

  it("paced to a shared schedule, a page that opens late draws only the frames still to come, ending on the schedule's time", async () => {
    const { before, events } = longMove();
    const planned = plannedMs(frames(events), 100);
    let now = 10_000;
    const start = now - planned / 2;
    const drawnAt: number[] = [];
    const v = copyBoard(before);
    let allDrawn = 0;
    await animate(copyBoard(before), events, {
      delay: () => 100,
      skipped: () => false,
      render: () => allDrawn++,
      onEvent: () => undefined,
      pause: async () => undefined,
    });
    await animate(v, events, {
      delay: () => 100,
      skipped: () => false,
      render: () => drawnAt.push(now),
      onEvent: () => undefined,
      paced: { start, now: () => now },
      pause: async (ms) => {
        now += ms;
      },
    });
    // About half the frames were already past: not drawn; the rest are, and the last pause ends when the schedule does.
    expect(drawnAt.length).toBeGreaterThan(0);
    expect(drawnAt.length).toBeLessThan(allDrawn);
    expect(now).toBeCloseTo(start + planned, 6);
    expect(v).toEqual(
      (() => {
        const w = copyBoard(before);
        applyEvents(w, events);
        return w;
      })(),
    );
  });
});
