/**
 * Animation of a move from its event trace: each event changes the drawn board the way the
 * engine says it happened (drop counts are absolute, so the picture cannot drift), one step per
 * frame. In the opening race every racer's actions of one tick are one frame, so both hands are
 * seen sowing at once. The page re-renders the engine's state at the end either way.
 */
import type { GameEvent } from '../core/events.js';
import type { State } from '../core/state.js';
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
  for (const e of events) {
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
    if (inRace && e.type !== 'raceStart') {
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
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** Plays the events on `v` frame by frame. */
export async function animate(v: BoardState, events: readonly GameEvent[], hooks: AnimationHooks): Promise<void> {
  for (const frame of frames(events)) {
    const hot = new Set<number>();
    for (const e of frame) {
      for (const h of applyEvent(v, e)) hot.add(h);
      hooks.onEvent(e);
    }
    const d = hooks.skipped() ? 0 : hooks.delay();
    if (d > 0 && hot.size > 0) {
      hooks.render(v, hot);
      await sleep(e2pause(frame, d));
    }
  }
}

/** A longer pause on captures, marks and a new round: the moments a viewer must not miss. */
function e2pause(frame: readonly GameEvent[], d: number): number {
  if (frame.some((e) => e.type === 'redistribute')) return d * 6;
  if (frame.some((e) => e.type === 'capture' || e.type === 'mark' || e.type === 'relay')) return d * 2.5;
  return d;
}
