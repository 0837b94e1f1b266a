/**
 * The simultaneous opening race (SPEC §7), in lock-step: after every racer lifts his starting
 * hole (tick 0), each tick lets every unfinished racer drop one counter, in a priority order
 * that alternates by tick (option `raceTickOrder`). A racer whose last counter makes a hole hold
 * more than one lifts it at once and goes on; one whose last counter falls into an empty hole has
 * finished. The first to finish wins the race; both finishing in the same tick is a dead heat,
 * settled by a seeded coin or by the tick order (option `raceTie`, SPEC §7.4); the loser
 * finishes or abandons (option `raceLoserCompletion`). The race is deterministic, so a repeating joint state proves a loop,
 * which is resolved by option `raceLoopResolution` with the state's seeded generator.
 *
 * Abalala'e and Selus share this code; a ruleset passes each racer's track and its skip rule,
 * and may replace the plain relay-or-finish test of a last counter with its own (`afterLast`,
 * e.g. Abalala'e's captures when they are allowed in the race). A loser whose completion never
 * ends is cut off as if he had abandoned; the race he lost stays lost.
 */
import type { State } from './state.js';
import type { Trace } from './events.js';
import type { ChoiceOption } from './options.js';
import { LAP_RELAY } from './sow.js';

export const RACE_TICK_ORDERS = ['alternate', 'p1First', 'p2First'] as const;
export type RaceTickOrder = (typeof RACE_TICK_ORDERS)[number];
export const RACE_LOSER_COMPLETIONS = ['finish', 'abandon'] as const;
export type RaceLoserCompletion = (typeof RACE_LOSER_COMPLETIONS)[number];
export const RACE_TIES = ['coin', 'tickOrder'] as const;
export type RaceTie = (typeof RACE_TIES)[number];
export const RACE_LOOP_RESOLUTIONS = ['p1Starts', 'random', 'restartRace'] as const;
export type RaceLoopResolution = (typeof RACE_LOOP_RESOLUTIONS)[number];

export const OPENING_MODES = ['race', 'p1First', 'random'] as const;
export type OpeningMode = (typeof OPENING_MODES)[number];

/**
 * `openingMode`: who makes the first turn, by a race (SPEC §7) or without one.
 * @param race how the ruleset's race goes, in one line.
 * @param scope 'round' when every round opens this way, 'game' for a one-round game.
 */
export function openingModeOption(p: { race: string; scope: 'round' | 'game'; refs: readonly string[] }): ChoiceOption {
  const when = p.scope === 'round' ? ' of every round' : '';
  return {
    name: 'openingMode',
    kind: 'choice',
    values: OPENING_MODES,
    default: 'race',
    description: `Who makes the first turn${p.scope === 'round' ? ' of each round' : ''}: the winner of an opening race, or a player named without one.`,
    explain: {
      race: p.race,
      p1First: `no race: player 1 makes the first turn${when} (Ludii)`,
      random: `no race: a seeded coin decides who makes the first turn${when}`,
    },
    refs: p.refs,
  };
}

/**
 * The options of the lock-step race itself, `raceTickOrder`, `raceTie`, `raceLoserCompletion`
 * and `raceLoopResolution`, in that order, each citing the ruleset's clauses.
 */
export function raceOptions(refs: {
  readonly tickOrder: readonly string[];
  readonly tie: readonly string[];
  readonly loserCompletion: readonly string[];
  readonly loopResolution: readonly string[];
}): ChoiceOption[] {
  return [
    {
      name: 'raceTickOrder',
      kind: 'choice',
      values: RACE_TICK_ORDERS,
      default: 'alternate',
      description: 'Who drops first within a tick of the lock-step race (SPEC §7.3); a dead heat follows it only under raceTie = tickOrder.',
      explain: {
        alternate: 'player 1 first on odd ticks, player 2 first on even ticks',
        p1First: 'player 1 always drops first',
        p2First: 'player 2 always drops first',
      },
      refs: refs.tickOrder,
    },
    {
      name: 'raceTie',
      kind: 'choice',
      values: RACE_TIES,
      default: 'coin',
      description: 'Who wins a dead heat, both racers finishing in the same tick (SPEC §7.4).',
      explain: {
        coin: 'a fair coin from the game seed (replays stay the same)',
        tickOrder: 'the racer who dropped first in that tick (the rule before 2026-11-30)',
      },
      refs: refs.tie,
      since: { date: '2026-11-30', before: 'tickOrder' },
    },
    {
      name: 'raceLoserCompletion',
      kind: 'choice',
      values: RACE_LOSER_COMPLETIONS,
      default: 'finish',
      description: 'What the race loser does once the winner has finished (SPEC §7.5).',
      explain: {
        finish: 'he sows on alone until his own last counter falls into an empty hole',
        abandon: 'he stops; the counters in his hand go back into the hole he last lifted',
      },
      refs: refs.loserCompletion,
    },
    {
      name: 'raceLoopResolution',
      kind: 'choice',
      values: RACE_LOOP_RESOLUTIONS,
      default: 'random',
      description: 'Who wins a race that would repeat for ever (SPEC §7.7).',
      explain: {
        p1Starts: 'hands go back to the holes last lifted; player 1 moves first',
        random: 'hands go back to the holes last lifted; a coin from the game seed decides',
        restartRace: 'the board is put back and the race run again with the other tick priority; a second loop falls back to the coin',
      },
      refs: refs.loopResolution,
    },
  ];
}

export interface RaceRules {
  /** Track successor per player (index 1..2). */
  readonly next: readonly (Int8Array | null)[];
  /** Skip rule during the race (Selus SEL-06); null = none. */
  readonly skip: ((s: State, hole: number, hand: number, racer: number) => boolean) | null;
  readonly tickOrder: RaceTickOrder;
  readonly tie: RaceTie;
  readonly loserCompletion: RaceLoserCompletion;
  readonly loopResolution: RaceLoopResolution;
  /** Rule clause IDs cited on the race's events. */
  readonly rules: { readonly start: string; readonly tick: string; readonly finish: string; readonly tie: string; readonly loop: string; readonly skip?: string };
  /** Safety cap on ticks (a loop is normally found long before). */
  readonly maxTicks?: number;
  /**
   * What a racer's last counter does, just dropped into `hole` (e.g. Abalala'e's captures when
   * captures are allowed in the race). LAP_RELAY = lift the hole's counters and race on; any
   * other code = the racer has finished. Absent = the plain race: relay from an occupied hole,
   * finish in an empty one.
   */
  readonly afterLast?: ((s: State, hole: number, racer: number, trace: Trace) => number) | null;
  /** Never drop into the hole the racer's current lap started from (SPEC §1 `skipOriginOnLongLaps`). */
  readonly skipOrigin?: boolean;
}

export interface RaceOutcome {
  /** Racer who finished first (moves first in the main phase). */
  winner: number;
  /** True when the race repeated and the winner was decided by `loopResolution`. */
  loop: boolean;
  /** True when both racers finished in the same tick and `raceTie` decided. */
  deadHeat: boolean;
  ticks: number;
}

const MAX_HOLES = 64;
const snapCounts = new Int32Array(MAX_HOLES);
/** The board before the race, for `restartRace` (module buffers: a race allocates nothing). */
const savedCounts = new Int32Array(MAX_HOLES);
const savedCaptured = new Int32Array(8);
const lifted = new Int32Array(3);

/**
 * Runs a two-player race from the given starting holes (index 1..2) to its end and returns who
 * won. The board in `s` is changed in place; `s.raceDone`, `s.raceWinner`, `s.raceTick` record
 * the outcome. Starting holes must hold at least one counter.
 */
export function runRace(s: State, starts: readonly number[], rules: RaceRules, trace: Trace): RaceOutcome {
  const counts = s.counts;
  const n = s.holeCount;
  const hand = s.raceHand;
  const cursor = s.raceCursor;
  const done = s.raceDone;
  const maxTicks = rules.maxTicks ?? 1_000_000;
  const afterLast = rules.afterLast ?? null;
  const skipOrigin = rules.skipOrigin === true;
  savedCounts.set(counts);
  savedCaptured.set(s.captured.subarray(0, 3));
  let loopDetected = false;
  let restarts = 0;

  restart: for (;;) {
    // Tick 0: both lift at once.
    for (let p = 1; p <= 2; p++) {
      const h = starts[p]!;
      hand[p] = counts[h]!;
      counts[h] = 0;
      cursor[p] = h;
      lifted[p] = h;
      done[p] = 0;
      if (trace !== null) trace.push({ type: 'raceStart', player: p, hole: h, count: hand[p]!, rule: rules.rules.start });
    }
    let place = 0;
    let winner = 0;
    let winTick = -1;
    let deadHeat = false;
    // Brent's cycle detection on (board, hands, cursors, lap origins, done flags, tick parity).
    let snapTick = -1;
    let snapH1 = 0, snapH2 = 0, snapC1 = 0, snapC2 = 0, snapD1 = 0, snapD2 = 0, snapL1 = 0, snapL2 = 0;
    let power = 1;
    let lambda = 0;
    let tick = 0;
    // A racer who lifted nothing has finished at once (cannot happen with legal starts).
    for (let p = 1; p <= 2; p++) {
      if (hand[p] === 0) {
        done[p] = ++place;
        if (winner === 0) winner = p;
      }
    }
    while ((done[1] === 0 || done[2] === 0) && tick < maxTicks) {
      tick++;
      const first = rules.tickOrder === 'p1First' ? 1 : rules.tickOrder === 'p2First' ? 2 : tick % 2 === 1 ? 1 : 2;
      if (trace !== null) trace.push({ type: 'raceTick', tick, order: [first, 3 - first], rule: rules.rules.tick });
      for (let k = 0; k < 2; k++) {
        const p = k === 0 ? first : 3 - first;
        if (done[p] !== 0) continue;
        const next = rules.next[p]!;
        let cur = cursor[p]!;
        let skipped = 0;
        for (;;) {
          cur = next[cur]!;
          if (skipOrigin && cur === lifted[p]) {
            if (trace !== null) trace.push({ type: 'skip', player: p, hole: cur, rule: '§1' });
            continue;
          }
          if (rules.skip !== null && skipped < n && rules.skip(s, cur, hand[p]!, p)) {
            skipped++;
            if (trace !== null) trace.push({ type: 'skip', player: p, hole: cur, rule: rules.rules.skip });
            continue;
          }
          break;
        }
        counts[cur]!++;
        hand[p]!--;
        cursor[p] = cur;
        if (trace !== null) trace.push({ type: 'drop', player: p, hole: cur, count: counts[cur]!, rule: rules.rules.tick });
        if (hand[p] === 0) {
          const relay = afterLast !== null ? afterLast(s, cur, p, trace) === LAP_RELAY : counts[cur]! > 1;
          if (relay && counts[cur]! > 0) {
            hand[p] = counts[cur]!;
            counts[cur] = 0;
            lifted[p] = cur;
            if (trace !== null) trace.push({ type: 'relay', player: p, hole: cur, count: hand[p]!, rule: rules.rules.tick });
          } else {
            done[p] = ++place;
            if (winner === 0) {
              winner = p;
              winTick = tick;
            } else if (winTick === tick) {
              deadHeat = true;
            }
            if (trace !== null) trace.push({ type: 'raceFinish', player: p, hole: cur, place: done[p]!, rule: rules.rules.finish });
          }
        }
      }
      if (deadHeat && rules.tie === 'coin') {
        // SPEC §7.4: the lock-step model cannot tell who was quicker; the seeded coin decides.
        winner = 1 + s.rng.int(2);
        done[winner] = 1;
        done[3 - winner] = 2;
      }
      if (winner !== 0 && rules.loserCompletion === 'abandon') {
        const loser = 3 - winner;
        if (done[loser] === 0) {
          const h = lifted[loser]!;
          counts[h]! += hand[loser]!;
          if (trace !== null) trace.push({ type: 'raceAbandon', player: loser, hole: h, count: hand[loser]!, rule: '§7.5' });
          hand[loser] = 0;
          done[loser] = ++place;
        }
        break;
      }
      // Loop check.
      if (snapTick !== -1 && (tick - snapTick) % 2 === 0 && hand[1] === snapH1 && hand[2] === snapH2 &&
          cursor[1] === snapC1 && cursor[2] === snapC2 && done[1] === snapD1 && done[2] === snapD2 &&
          lifted[1] === snapL1 && lifted[2] === snapL2 && sameCounts(counts, n)) {
        loopDetected = true;
        break;
      }
      lambda++;
      if (snapTick === -1 || lambda === power) {
        snapCounts.set(counts);
        snapTick = tick;
        snapH1 = hand[1]!; snapH2 = hand[2]!; snapC1 = cursor[1]!; snapC2 = cursor[2]!; snapD1 = done[1]!; snapD2 = done[2]!;
        snapL1 = lifted[1]!; snapL2 = lifted[2]!;
        power *= 2;
        lambda = 0;
      }
    }
    if (!loopDetected && tick >= maxTicks) loopDetected = true;
    if (loopDetected) {
      if (rules.loopResolution === 'restartRace' && restarts === 0 && winner === 0) {
        // Put the board back as it was and race again with the other tick priority; a second
        // loop falls back to the seeded coin.
        counts.set(savedCounts.subarray(0, n));
        s.captured.set(savedCaptured.subarray(0, 3));
        restarts++;
        loopDetected = false;
        rules = { ...rules, tickOrder: rules.tickOrder === 'p2First' ? 'p1First' : 'p2First' };
        continue restart;
      }
      // Unfinished racers put their hands back where they last lifted.
      for (let p = 1; p <= 2; p++) {
        if (hand[p]! > 0) {
          counts[lifted[p]!]! += hand[p]!;
          if (trace !== null) trace.push({ type: 'raceAbandon', player: p, hole: lifted[p]!, count: hand[p]!, rule: rules.rules.loop });
          hand[p] = 0;
        }
      }
      if (winner !== 0) {
        // Only the loser's completion repeated: the race itself was won fairly, so the winner
        // stands and the loser's endless sowing is cut off as if he had abandoned.
        loopDetected = false;
        if (done[3 - winner] === 0) done[3 - winner] = ++place;
        if (trace !== null) trace.push({ type: 'raceEnd', winner, loop: false, deadHeat, rule: deadHeat ? rules.rules.tie : rules.rules.finish });
      } else {
        winner = rules.loopResolution === 'p1Starts' ? 1 : 1 + s.rng.int(2);
        done[winner] = 1;
        done[3 - winner] = 2;
        if (trace !== null) trace.push({ type: 'raceEnd', winner, loop: true, deadHeat: false, rule: rules.rules.loop });
      }
    } else if (trace !== null) {
      trace.push({ type: 'raceEnd', winner, loop: false, deadHeat, rule: deadHeat ? rules.rules.tie : rules.rules.finish });
    }
    s.raceWinner = winner;
    s.raceTick = tick;
    return { winner, loop: loopDetected, deadHeat, ticks: tick };
  }
}

function sameCounts(c: Int32Array, n: number): boolean {
  for (let i = 0; i < n; i++) if (c[i] !== snapCounts[i]) return false;
  return true;
}
