/**
 * The sowing kernel: relay (multi-lap) sowing along a track, written once for every relay game.
 * A ruleset supplies two hooks: `skip` (which holes a counter passes over) and `afterLast`
 * (what the last counter of a lap does: relay on, end the turn, capture, mark a hole...).
 *
 * Relay sowing can run forever (SPEC §8); the kernel detects a repeating lap-start state with
 * Brent's cycle finding (no allocation, a snapshot compared once per lap) and reports
 * `SOW_PERPETUAL`, leaving the board at a lap start with nothing in hand.
 *
 * @example
 *   const end = sowRelay(state, 4, 1, track.next, hooks, null);
 */
import type { State } from './state.js';
import type { Trace } from './events.js';

/** `afterLast` result: lift the hole's counters and sow on from it. */
export const LAP_RELAY = 0;
/** `afterLast` result: the turn ends. */
export const LAP_END = 1;
/** `afterLast` result: this sowing ends but the same player must choose again (e.g. after a wegue). */
export const LAP_CONTINUE = 2;
/** Further game-specific stop codes may use values >= 3. */
export const LAP_CUSTOM = 3;
/** `sowRelay` result when the relay would never end. */
export const SOW_PERPETUAL = -1;

export interface SowHooks {
  /** Pass over `hole` without dropping? `hand` counts the counter about to be dropped. Null = never skip. */
  readonly skip: ((s: State, hole: number, hand: number, mover: number) => boolean) | null;
  /** Decide what the last counter of a lap, just dropped into `hole`, does. */
  afterLast(s: State, hole: number, mover: number, trace: Trace): number;
  /** Never drop into the hole a lap started from (SPEC §1, option `skipOriginOnLongLaps`). */
  readonly skipOrigin: boolean;
  /** Safety cap on laps in one sowing (SPEC §8.2); reaching it counts as perpetual. */
  readonly maxLaps: number;
}

/** Laps before cycle detection starts: ordinary turns end long before, so they pay nothing. */
const CYCLE_CHECK_AFTER = 24;
const MAX_HOLES = 64;
const snapCounts = new Int32Array(MAX_HOLES);
const snapMarks = new Int8Array(MAX_HOLES);

/** Rule clauses a game wants cited on the kernel's lift, relay and drop events. */
export interface SowOptions {
  readonly liftRule?: string;
  readonly relayRule?: string;
  readonly dropRule?: string;
  /** Cited when the game's `skip` hook passes a hole over. */
  readonly skipRule?: string;
}

/**
 * Sows the counters of `start` along `next`, relaying while `afterLast` says so.
 * Returns the stop code of `afterLast` (>= 1), or SOW_PERPETUAL.
 */
export function sowRelay(
  s: State,
  start: number,
  mover: number,
  next: Int8Array,
  hooks: SowHooks,
  trace: Trace,
  rules?: SowOptions,
): number {
  const counts = s.counts;
  const n = s.holeCount;
  const skip = hooks.skip;
  const skipOrigin = hooks.skipOrigin;
  const maxLaps = hooks.maxLaps;
  let hole = start;
  let laps = 0;
  // Brent's cycle detection on the lap-start state (counts, marks, hole).
  let snapHole = -1;
  let power = 1;
  let lambda = 0;
  for (;;) {
    if (laps >= CYCLE_CHECK_AFTER) {
      if (snapHole === hole && sameBoard(s, n)) return SOW_PERPETUAL;
      lambda++;
      if (snapHole === -1 || lambda === power) {
        snapCounts.set(counts);
        snapMarks.set(s.marks);
        snapHole = hole;
        power *= 2;
        lambda = 0;
      }
    }
    if (laps >= maxLaps) return SOW_PERPETUAL;
    let hand = counts[hole]!;
    counts[hole] = 0;
    if (trace !== null) {
      trace.push(
        laps === 0
          ? { type: 'lift', player: mover, hole, count: hand, rule: rules?.liftRule }
          : { type: 'relay', player: mover, hole, count: hand, rule: rules?.relayRule },
      );
    }
    const origin = hole;
    let cur = hole;
    let skipped = 0;
    while (hand > 0) {
      cur = next[cur]!;
      if (skipOrigin && cur === origin) {
        if (trace !== null) trace.push({ type: 'skip', player: mover, hole: cur, rule: '§1' });
        continue;
      }
      // A hole that every rule would pass over cannot trap the hand: after a full circuit of
      // skips the counter is dropped regardless.
      if (skip !== null && skipped < n && skip(s, cur, hand, mover)) {
        skipped++;
        if (trace !== null) trace.push({ type: 'skip', player: mover, hole: cur, rule: rules?.skipRule });
        continue;
      }
      skipped = 0;
      counts[cur]!++;
      hand--;
      if (trace !== null) trace.push({ type: 'drop', player: mover, hole: cur, count: counts[cur]!, rule: rules?.dropRule });
    }
    const r = hooks.afterLast(s, cur, mover, trace);
    if (r !== LAP_RELAY) return r;
    hole = cur;
    laps++;
  }
}

function sameBoard(s: State, n: number): boolean {
  const c = s.counts;
  const m = s.marks;
  for (let i = 0; i < n; i++) if (c[i] !== snapCounts[i] || m[i] !== snapMarks[i]) return false;
  return true;
}

/**
 * Drops `hand` counters one by one after `from` along `next` (a single lap, no relay), skipping
 * the origin when asked. Returns the hole of the last counter. Used by single-lap games (Gifia).
 */
export function sowLap(
  s: State,
  from: number,
  hand: number,
  mover: number,
  next: Int8Array,
  skipOrigin: boolean,
  trace: Trace,
  dropRule?: string,
): number {
  const counts = s.counts;
  let cur = from;
  while (hand > 0) {
    cur = next[cur]!;
    if (skipOrigin && cur === from) {
      if (trace !== null) trace.push({ type: 'skip', player: mover, hole: cur, rule: '§1' });
      continue;
    }
    counts[cur]!++;
    hand--;
    if (trace !== null) trace.push({ type: 'drop', player: mover, hole: cur, count: counts[cur]!, rule: dropRule });
  }
  return cur;
}
