/**
 * Animation of a move from its event trace: each event changes the drawn board the way the
 * engine says it happened (drop counts are absolute, so the picture cannot drift), one step per
 * frame. In the opening race every racer's actions of one tick are one frame, so both hands are
 * seen sowing at once. The page re-renders the engine's state at the end either way.
 */
import type { GameEvent, State } from '@gabata/engine/core';
import type { BoardState } from './board.js';

export function boardStateOf(s: State): BoardState {
  return {
    counts: Array.from(s.counts),
    owners: Array.from(s.owners),
    marks: Array.from(s.marks),
    captured: Array.from(s.captured),
    reserve: Array.from(s.reserve),
    hands: new Array<number>(s.players + 1).fill(0),
    handAt: new Array<number>(s.players + 1).fill(-1),
  };
}

/** Applies one event to the drawn board; returns the holes it touched. */
export function applyEvent(v: BoardState, e: GameEvent): number[] {
  switch (e.type) {
    case 'lift':
    case 'raceStart':
      v.counts[e.hole] = 0;
      v.hands[e.player] = e.count;
      v.handAt[e.player] = e.hole;
      return [e.hole];
    case 'relay':
      v.counts[e.hole] = 0;
      v.hands[e.player] = e.count;
      v.handAt[e.player] = e.hole;
      return [e.hole];
    case 'drop':
      v.counts[e.hole] = e.count;
      v.hands[e.player] = Math.max(0, (v.hands[e.player] ?? 0) - 1);
      v.handAt[e.player] = e.hole;
      return [e.hole];
    case 'skip':
      v.handAt[e.player] = e.hole;
      return [e.hole];
    case 'mark':
      v.marks[e.hole] = e.player;
      return [e.hole];
    case 'capture':
      v.counts[e.hole] = Math.max(0, v.counts[e.hole]! - e.count);
      v.captured[e.player] = (v.captured[e.player] ?? 0) + e.count;
      return [e.hole];
    case 'raceAbandon':
      v.counts[e.hole] = (v.counts[e.hole] ?? 0) + e.count;
      v.hands[e.player] = 0;
      v.handAt[e.player] = -1;
      return [e.hole];
    case 'raceFinish':
      v.hands[e.player] = 0;
      v.handAt[e.player] = -1;
      return [e.hole];
    case 'turnEnd':
    case 'pass':
    case 'concede':
    case 'await':
      v.hands.fill(0);
      v.handAt.fill(-1);
      return [];
    case 'redistribute':
      for (let h = 0; h < v.counts.length; h++) {
        v.counts[h] = e.counts[h] ?? 0;
        v.owners[h] = e.owners[h] ?? 0;
        v.marks[h] = 0;
      }
      for (const [p, c] of e.captured.entries()) v.captured[p] = c;
      for (const [p, c] of e.reserve.entries()) v.reserve[p] = c;
      v.hands.fill(0);
      v.handAt.fill(-1);
      return e.changes.map((c) => c.hole);
    default:
      return [];
  }
}

/** Events that deserve a pause of their own (the rest are instant bookkeeping). */
function isVisible(e: GameEvent): boolean {
  return (
    e.type === 'lift' ||
    e.type === 'drop' ||
    e.type === 'skip' ||
    e.type === 'relay' ||
    e.type === 'mark' ||
    e.type === 'capture' ||
    e.type === 'raceStart' ||
    e.type === 'raceAbandon' ||
    e.type === 'redistribute'
  );
}

/** Splits a trace into frames: one visible event each, except that a race tick is one frame. */
export function frames(events: readonly GameEvent[]): GameEvent[][] {
  const out: GameEvent[][] = [];
  let cur: GameEvent[] = [];
  let inRace = false;
  const flush = (): void => {
    if (cur.length) out.push(cur);
    cur = [];
  };
  for (const [i, e] of events.entries()) {
    if (inRace && e.type === 'raceStart') {
      // The race is run again from its start (see RaceRestarts): the last tick is a frame of its own.
      flush();
      inRace = false;
    }
    if (e.type === 'raceStart' && events[i + 1]?.type === 'raceStart') {
      // The racers lift at once: their starts are one frame.
      cur.push(e);
      continue;
    }
    if (e.type === 'raceTick') {
      flush();
      inRace = true;
      cur.push(e);
      continue;
    }
    if (e.type === 'raceEnd') {
      flush();
      inRace = false;
      out.push([e]);
      continue;
    }
    if (inRace) {
      cur.push(e);
      continue;
    }
    cur.push(e);
    if (isVisible(e)) flush();
  }
  flush();
  return out;
}

export interface AnimationHooks {
  /** Milliseconds per frame; 0 = no animation. Read before every frame, so speed changes take effect at once. */
  delay(): number;
  /** True once the viewer asked to skip the rest. */
  skipped(): boolean;
  render(v: BoardState, hot: ReadonlySet<number>): void;
  /** Called for each event in order (commentary). */
  onEvent(e: GameEvent): void;
  /** Called after a frame was drawn and before its pause (sounds); never for skipped or instant frames. */
  shown?(frame: readonly GameEvent[]): void;
  /**
   * The longest the whole trace may take, in ms (a timed game: the player's clock runs while it is
   * drawn); the pauses shrink in proportion to fit. Absent: every frame takes its full pause.
   */
  budget?(): number;
  /** Waits `ms`, or less when the viewer asks to skip (default: a plain timer). */
  pause?(ms: number): Promise<void>;
  /**
   * Played to a schedule shared with other screens: the first frame is due at `start` (this page's
   * time, ms), each next one when the pauses before it are over. A frame whose time is past is
   * applied without being drawn, so a page that opens late joins at the tick the others show.
   */
  paced?: { start: number; now(): number };
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** How long the frames take at `d` ms a frame, their pauses included (frames with nothing to see take none). */
export function plannedMs(all: readonly (readonly GameEvent[])[], d: number): number {
  let total = 0;
  for (const frame of all) if (frame.some(isVisible) || frame.some((e) => e.type === 'raceEnd')) total += e2pause(frame, d);
  return total;
}

/** Plays the events on `v` frame by frame. */
export async function animate(v: BoardState, events: readonly GameEvent[], hooks: AnimationHooks): Promise<void> {
  const restarts = new RaceRestarts();
  const all = frames(events);
  const pause = hooks.pause ?? sleep;
  // The fit is worked out again only when the speed changes.
  let fitAt = -1;
  let fit = 1;
  let due = hooks.paced?.start ?? 0;
  for (const frame of all) {
    const hot = new Set<number>();
    for (const e of frame) {
      restarts.before(v, e);
      for (const h of applyEvent(v, e)) hot.add(h);
      hooks.onEvent(e);
    }
    const d = hooks.skipped() ? 0 : hooks.delay();
    // The race's result has no hole of its own, but it is a moment to see: it is shown and paused on too.
    const result = frame.some((e) => e.type === 'raceEnd');
    if (d > 0 && (hot.size > 0 || result)) {
      if (fitAt !== d) [fitAt, fit] = [d, fitTo(all, d, hooks.budget?.())];
      let ms = e2pause(frame, d) * fit;
      if (hooks.paced) {
        due += ms;
        ms = due - hooks.paced.now();
        if (ms <= 0) continue;
      }
      hooks.render(v, hot);
      hooks.shown?.(frame);
      await pause(ms);
    }
  }
}

/** The factor (at most 1) that fits the whole trace at `d` ms a frame into `budget` ms. */
function fitTo(all: readonly (readonly GameEvent[])[], d: number, budget: number | undefined): number {
  if (budget === undefined || budget <= 0) return 1;
  const total = plannedMs(all, d);
  return total > budget ? budget / total : 1;
}

/** A longer pause on captures, marks, a race's result and a new round: the moments a viewer must not miss. */
function e2pause(frame: readonly GameEvent[], d: number): number {
  if (frame.some((e) => e.type === 'redistribute' || e.type === 'raceEnd')) return d * 6;
  if (frame.some((e) => e.type === 'capture' || e.type === 'mark')) return d * 2.5;
  // A relay is a moment too; in a race, where both hands relay every few ticks, a shorter one.
  if (frame.some((e) => e.type === 'relay')) return frame[0]!.type === 'raceTick' ? d * 1.5 : d * 2.5;
  return d;
}

/**
 * A race that repeated may be run again from the board as it was when the race began (the engine's
 * `raceLoopResolution = restartRace`): the trace then shows a second set of `raceStart` events after
 * ticks, with no `raceEnd` between. The drawn board goes back to the race's first position there.
 */
class RaceRestarts {
  private saved: { counts: number[]; captured: number[] } | null = null;
  private ticked = false;

  before(v: BoardState, e: GameEvent): void {
    if (e.type === 'raceStart') {
      if (this.saved && this.ticked) {
        v.counts.splice(0, v.counts.length, ...this.saved.counts);
        v.captured.splice(0, v.captured.length, ...this.saved.captured);
        v.hands.fill(0);
        v.handAt.fill(-1);
        this.ticked = false;
      }
      if (!this.saved) this.saved = { counts: [...v.counts], captured: [...v.captured] };
    } else if (e.type === 'raceTick') {
      this.ticked = true;
    } else if (e.type === 'raceEnd') {
      this.saved = null;
      this.ticked = false;
    }
  }
}

/** Applies a whole trace to the drawn board at once, as `animate` would frame by frame (a restarted race included). */
export function applyEvents(v: BoardState, events: readonly GameEvent[]): void {
  const restarts = new RaceRestarts();
  for (const e of events) {
    restarts.before(v, e);
    applyEvent(v, e);
  }
}

/** A copy of a drawn board. */
export function copyBoard(v: BoardState): BoardState {
  return {
    counts: [...v.counts],
    owners: [...v.owners],
    marks: [...v.marks],
    captured: [...v.captured],
    reserve: [...v.reserve],
    hands: [...v.hands],
    handAt: [...v.handAt],
  };
}

/**
 * The board as it was before `events` happened, worked back from the board after them: events carry
 * absolute counts (a drop says what its hole holds after it, a lift or a relay how many it took, a
 * capture or an abandon how many moved), so undoing them is arithmetic on what they say, not a rule.
 * A race run again from its start (see RaceRestarts) began from the board before its last run. Null when
 * the trace holds an event that cannot be undone from its own data (a new round's layout).
 */
export function boardBefore(after: BoardState, events: readonly GameEvent[]): BoardState | null {
  const v = copyBoard(after);
  v.hands.fill(0);
  v.handAt.fill(-1);
  let i = events.length - 1;
  while (i >= 0) {
    const e = events[i]!;
    if (e.type === 'redistribute') return null;
    unapply(v, e);
    i = e.type === 'raceStart' && events[i - 1]?.type !== 'raceStart' ? restartedFrom(events, i) : i - 1;
  }
  return v;
}

/** Undoes one event on the drawn board (see `boardBefore`). */
function unapply(v: BoardState, e: GameEvent): void {
  switch (e.type) {
    case 'drop':
      v.counts[e.hole] = e.count - 1;
      return;
    case 'lift':
    case 'raceStart':
    case 'relay':
      v.counts[e.hole] = (v.counts[e.hole] ?? 0) + e.count;
      return;
    case 'capture':
      v.counts[e.hole] = (v.counts[e.hole] ?? 0) + e.count;
      v.captured[e.player] = (v.captured[e.player] ?? 0) - e.count;
      return;
    case 'raceAbandon':
      v.counts[e.hole] = (v.counts[e.hole] ?? 0) - e.count;
      return;
    case 'mark':
      v.marks[e.hole] = 0;
      return;
    default:
      return;
  }
}

/**
 * Where to go on undoing after the first `raceStart` of a run (at `i`) was undone: the event before
 * it, or, when this run was a second run of the same race (an earlier `raceStart` and no `raceEnd`
 * between), the event before the race's first run (the board had been put back as it was there).
 */
function restartedFrom(events: readonly GameEvent[], i: number): number {
  let first = -1;
  for (let k = i - 1; k >= 0 && events[k]!.type !== 'raceEnd'; k--) if (events[k]!.type === 'raceStart') first = k;
  return first < 0 ? i - 1 : first - 1;
}
