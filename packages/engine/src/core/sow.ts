/**
 * The sowing kernel: relay (multi-lap) sowing along a track, written once for every relay game.
 * A ruleset supplies two hooks: `skip` (which holes a counter passes over) and `afterLast`
 * (what the last counter of a lap does: relay on, end the turn, capture, mark a hole...), and
 * may name the clause a relay cites (`relayRule`). Every drop of every sowing, the race's
 * included, takes its hole by the rule of `nextDrop` (`RelaySower.sow` writes it out, for speed;
 * a test keeps the two equal).
 *
 * A track may pass stores (Kalah-like boards): `storesOnTrack` says which player's store lies
 * between a hole and the next, and a sowing given it drops a counter into the mover's own store
 * as it passes (a `storeDrop` event), passing the others' over. A lap whose last counter falls in
 * a store reports the hole `storeHole(player)` (negative) to `afterLast` and to its caller.
 * Sowings without stores take the loops they always took: the choice is made once per sowing.
 *
 * Relay sowing can run forever (SPEC §8); the kernel detects a repeating lap-start state with
 * Brent's cycle finding (no allocation, a snapshot compared once per lap) and reports
 * `SOW_PERPETUAL`, leaving the board at a lap start with nothing in hand.
 *
 * @example
 *   const sower = new RelaySower(hooks, { liftRule: 'ADW-07' }); // once per game
 *   const end = sower.sow(state, 4, 1, track.next, null);
 */
import type { State } from './state.js';
import type { GameEvent, Trace } from './events.js';

/** `afterLast` result: lift the hole's counters and sow on from it. */
export const LAP_RELAY = 0;
/** `afterLast` result: the turn ends. */
export const LAP_END = 1;
/** `afterLast` result: this sowing ends but the same player must choose again (e.g. after a wegue). */
export const LAP_CONTINUE = 2;
/** Further game-specific stop codes may use values >= 3. */
export const LAP_CUSTOM = 3;
/** `RelaySower.sow` result when the relay would never end. */
export const SOW_PERPETUAL = -1;

export interface SowHooks {
  /** Pass over `hole` without dropping? `hand` counts the counter about to be dropped. Null = never skip. */
  readonly skip: SkipRule | null;
  /** Decide what the last counter of a lap, just dropped into `hole`, does. */
  afterLast(s: State, hole: number, mover: number, trace: Trace): number;
  /**
   * The clause a relay lifting `count` counters from `hole` cites, when it is not
   * `SowOptions.relayRule` (e.g. the capturing counter of Abalala'e stepping on alone, ABA-13).
   * Asked only when a trace is written.
   */
  relayRule?(s: State, hole: number, count: number, mover: number): string | undefined;
  /** Never drop into the hole a lap started from (SPEC §1, option `skipOriginOnLongLaps`). */
  readonly skipOrigin: boolean;
  /** Safety cap on laps in one sowing (SPEC §8.2); reaching it counts as perpetual. */
  readonly maxLaps: number;
  /** Stores on the track (`storesOnTrack`), or absent: none. The `skip` rule is not asked about them. */
  readonly stores?: TrackStores;
}

/** Which store lies after each hole of a track, and the clause a drop into it cites. */
export interface TrackStores {
  /** `after[h]` = the player whose store a sowing passes between hole h and the next hole; 0 = none. */
  readonly after: Int8Array;
  readonly rule?: string;
}

/**
 * The stores of a track: `stores[i]` puts `player`'s store between hole `after` and the hole
 * that follows it on the track. Build once per game.
 */
export function storesOnTrack(
  holeCount: number,
  stores: readonly { readonly after: number; readonly player: number }[],
  rule?: string,
): TrackStores {
  const after = new Int8Array(holeCount);
  for (const x of stores) {
    if (x.after < 0 || x.after >= holeCount) throw new Error(`a store after hole ${x.after}: no such hole`);
    if (after[x.after] !== 0) throw new Error(`two stores after hole ${x.after}`);
    after[x.after] = x.player;
  }
  return rule === undefined ? { after } : { after, rule };
}

/** The hole a sowing reports when its last counter fell into `player`'s store. */
export const storeHole = (player: number): number => -player;
/** The owner of the store a negative hole of `storeHole` names, or 0 for a board hole. */
export const storeOwner = (hole: number): number => (hole < 0 ? -hole : 0);

/**
 * One lap of `hand` counters after `from` along `next`, past the stores of `stores`: a counter
 * goes into the mover's own store when the lap passes it (the others' are passed over), and into
 * the holes otherwise, never into `origin` when `skipOrigin` is set. Returns the last counter's
 * hole, or `storeHole(mover)`. The relay games' `skip` rule does not apply here (no game has both).
 */
export function sowLapStores(
  s: State,
  from: number,
  origin: number,
  hand: number,
  mover: number,
  next: Int8Array,
  stores: TrackStores,
  skipOrigin: boolean,
  trace: Trace,
  dropRule?: string,
): number {
  const counts = s.counts;
  const after = stores.after;
  let cur = from;
  let inStore = false;
  while (hand > 0) {
    if (!inStore && after[cur] === mover) {
      inStore = true;
      s.captured[mover]!++;
      hand--;
      if (trace !== null) trace.push({ type: 'storeDrop', player: mover, store: mover, count: s.captured[mover]!, rule: stores.rule });
      continue;
    }
    inStore = false;
    cur = next[cur]!;
    if (skipOrigin && cur === origin) {
      if (trace !== null) trace.push({ type: 'skip', player: mover, hole: cur, rule: '§1' });
      continue;
    }
    counts[cur]!++;
    hand--;
    if (trace !== null) trace.push({ type: 'drop', player: mover, hole: cur, count: counts[cur]!, rule: dropRule });
  }
  return inStore ? storeHole(mover) : cur;
}

/** Laps before cycle detection starts: ordinary turns end long before, so they pay nothing. */
const CYCLE_CHECK_AFTER = 24;
/** Room for the board of any ruleset (the snapshot buffers of the cycle check). */
export const MAX_HOLES = 64;

/** A skip rule: pass over `hole` without dropping? `hand` counts the counter about to be dropped. */
export type SkipRule = (s: State, hole: number, hand: number, mover: number) => boolean;

/** Rule clauses a game wants cited on the kernel's lift, relay and drop events. */
export interface SowOptions {
  readonly liftRule?: string;
  readonly relayRule?: string;
  readonly dropRule?: string;
  /** Cited when the game's `skip` hook passes a hole over. */
  readonly skipRule?: string;
}

/**
 * The hole the next counter of a hand goes into, after `cur` along `next`: the one drop rule of
 * every sowing (relay laps, single laps, the race). The lap's `origin` is passed over when
 * `skipOrigin` is set (SPEC §1); a hole the `skip` rule passes over is skipped too, except that a
 * full circuit of skips drops the counter regardless (a hole every rule would pass over cannot
 * trap the hand). Each skip is a `skip` event when a trace is written.
 */
export function nextDrop(
  s: State,
  cur: number,
  origin: number,
  hand: number,
  mover: number,
  next: Int8Array,
  skipOrigin: boolean,
  skip: SkipRule | null,
  trace: Trace,
  skipRule?: string,
): number {
  const n = s.holeCount;
  let skipped = 0;
  for (;;) {
    cur = next[cur]!;
    if (skipOrigin && cur === origin) {
      if (trace !== null) trace.push({ type: 'skip', player: mover, hole: cur, rule: '§1' });
      continue;
    }
    if (skip !== null && skipped < n && skip(s, cur, hand, mover)) {
      skipped++;
      if (trace !== null) trace.push({ type: 'skip', player: mover, hole: cur, rule: skipRule });
      continue;
    }
    return cur;
  }
}

/**
 * Relay sowing with its cycle check. A game owns one (`new RelaySower(hooks, rules)`): the
 * snapshot of Brent's cycle finding lives in it, so two games never share a buffer.
 */
export class RelaySower {
  private readonly snapCounts = new Int32Array(MAX_HOLES);
  private readonly snapMarks = new Int8Array(MAX_HOLES);
  /** The hooks' stores, read once (null: the track has none). */
  private readonly stores: TrackStores | null;

  /** @param rules clauses cited on the kernel's events (none when absent). */
  constructor(
    private readonly hooks: SowHooks,
    private readonly rules: SowOptions = {},
  ) {
    this.stores = hooks.stores ?? null;
  }

  /**
   * Sows the counters of `start` along `next`, relaying while `afterLast` says so.
   * Returns the stop code of `afterLast` (>= 1), or SOW_PERPETUAL.
   */
  sow(s: State, start: number, mover: number, next: Int8Array, trace: Trace): number {
    const counts = s.counts;
    const n = s.holeCount;
    const hooks = this.hooks;
    const rules = this.rules;
    const skip = hooks.skip;
    const skipOrigin = hooks.skipOrigin;
    const maxLaps = hooks.maxLaps;
    if (this.stores !== null) return this.sowPastStores(s, start, mover, next, this.stores, trace);
    let hole = start;
    let laps = 0;
    // Brent's cycle detection on the lap-start state (counts, marks, hole).
    let snapHole = -1;
    let power = 1;
    let lambda = 0;
    for (;;) {
      if (laps >= CYCLE_CHECK_AFTER) {
        if (snapHole === hole && this.sameBoard(s)) return SOW_PERPETUAL;
        lambda++;
        if (snapHole === -1 || lambda === power) {
          this.snapCounts.set(counts);
          this.snapMarks.set(s.marks);
          snapHole = hole;
          power *= 2;
          lambda = 0;
        }
      }
      if (laps >= maxLaps) return SOW_PERPETUAL;
      let hand = counts[hole]!;
      counts[hole] = 0;
      if (trace !== null) trace.push(this.liftEvent(s, hole, hand, mover, laps));
      const origin = hole;
      let cur = hole;
      let skipped = 0;
      while (hand > 0) {
        // `nextDrop`'s rule, written out: its `skip` call site also serves the race's rule, so
        // there it goes megamorphic and the hook, the hottest call of a playout, is never
        // inlined. Here it sees the relay games' hooks only. sow.test.ts keeps the two equal.
        cur = next[cur]!;
        if (skipOrigin && cur === origin) {
          if (trace !== null) trace.push({ type: 'skip', player: mover, hole: cur, rule: '§1' });
          continue;
        }
        if (skip !== null && skipped < n && skip(s, cur, hand, mover)) {
          skipped++;
          if (trace !== null) trace.push({ type: 'skip', player: mover, hole: cur, rule: rules.skipRule });
          continue;
        }
        skipped = 0;
        counts[cur]!++;
        hand--;
        if (trace !== null) trace.push({ type: 'drop', player: mover, hole: cur, count: counts[cur]!, rule: rules.dropRule });
      }
      const r = hooks.afterLast(s, cur, mover, trace);
      if (r !== LAP_RELAY) return r;
      hole = cur;
      laps++;
    }
  }

  /**
   * `sow` on a track with stores: the same laps, relays and cycle check, each lap laid by
   * `sowLapStores`. Apart from `sow` so that the relay games' loop stays as it was.
   */
  private sowPastStores(s: State, start: number, mover: number, next: Int8Array, stores: TrackStores, trace: Trace): number {
    const hooks = this.hooks;
    let hole = start;
    let laps = 0;
    let snapHole = -1;
    let power = 1;
    let lambda = 0;
    for (;;) {
      if (laps >= CYCLE_CHECK_AFTER) {
        if (snapHole === hole && this.sameBoard(s)) return SOW_PERPETUAL;
        lambda++;
        if (snapHole === -1 || lambda === power) {
          this.snapCounts.set(s.counts);
          this.snapMarks.set(s.marks);
          snapHole = hole;
          power *= 2;
          lambda = 0;
        }
      }
      if (laps >= hooks.maxLaps) return SOW_PERPETUAL;
      const hand = s.counts[hole]!;
      s.counts[hole] = 0;
      if (trace !== null) trace.push(this.liftEvent(s, hole, hand, mover, laps));
      const cur = sowLapStores(s, hole, hole, hand, mover, next, stores, hooks.skipOrigin, trace, this.rules.dropRule);
      const r = hooks.afterLast(s, cur, mover, trace);
      if (r !== LAP_RELAY) return r;
      if (cur < 0) throw new Error('a lap that ends in a store cannot relay');
      hole = cur;
      laps++;
    }
  }

  /** The event of a lap's start: the turn's lift, or a relay citing its clause. */
  private liftEvent(s: State, hole: number, count: number, player: number, laps: number): GameEvent {
    if (laps === 0) return { type: 'lift', player, hole, count, rule: this.rules.liftRule };
    const rule = this.hooks.relayRule?.(s, hole, count, player) ?? this.rules.relayRule;
    return { type: 'relay', player, hole, count, rule };
  }

  private sameBoard(s: State): boolean {
    const c = s.counts;
    const m = s.marks;
    for (let i = 0; i < s.holeCount; i++) if (c[i] !== this.snapCounts[i] || m[i] !== this.snapMarks[i]) return false;
    return true;
  }
}

/**
 * Drops `hand` counters one by one after `from` along `next` (a single lap, no relay), skipping
 * the origin when asked. Returns the hole of the last counter. Used by single-lap games (Gifia);
 * with `stores`, the lap passes them as `sowLapStores` says (Kalah-like games).
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
  stores?: TrackStores,
): number {
  if (stores !== undefined) return sowLapStores(s, from, from, hand, mover, next, stores, skipOrigin, trace, dropRule);
  const counts = s.counts;
  let cur = from;
  while (hand > 0) {
    cur = nextDrop(s, cur, from, hand, mover, next, skipOrigin, null, trace);
    counts[cur]!++;
    hand--;
    if (trace !== null) trace.push({ type: 'drop', player: mover, hole: cur, count: counts[cur]!, rule: dropRule });
  }
  return cur;
}
