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
import { err, ok, type Result } from './errors.js';
import type { State } from './state.js';
import type { Trace } from './events.js';
import type { ChoiceOption } from './options.js';
import { LAP_RELAY, MAX_HOLES, nextDrop, type SkipRule } from './sow.js';

export const RACE_TICK_ORDERS = ['alternate', 'p1First', 'p2First'] as const;
export type RaceTickOrder = (typeof RACE_TICK_ORDERS)[number];
export const RACE_LOSER_COMPLETIONS = ['finish', 'abandon'] as const;
export type RaceLoserCompletion = (typeof RACE_LOSER_COMPLETIONS)[number];
export const RACE_TIES = ['coin', 'tickOrder'] as const;
export type RaceTie = (typeof RACE_TIES)[number];
export const RACE_LOOP_RESOLUTIONS = ['p1Starts', 'random', 'restartRace'] as const;
export type RaceLoopResolution = (typeof RACE_LOOP_RESOLUTIONS)[number];

/** Fields of the cycle check's racer snapshot: hand, cursor, done, lap origin, for racers 1 and 2. */
const SNAP_FIELDS = 8;

export const OPENING_MODES = ['race', 'p1First', 'random'] as const;
export type OpeningMode = (typeof OPENING_MODES)[number];

/**
 * `openingMode`: who makes the first turn, by a race (SPEC §7) or without one.
 * @param race how the ruleset's race goes, as the answer of `race` (the general words by default).
 * @param scope 'round' when every round opens this way, 'game' for a one-round game.
 */
export function openingModeOption(p: { race?: string; scope: 'round' | 'game'; refs: readonly string[] }): ChoiceOption {
  const round = p.scope === 'round';
  return {
    name: 'openingMode',
    kind: 'choice',
    values: OPENING_MODES,
    default: 'race',
    question: round ? 'Who makes the first move of each round?' : 'Who makes the first move?',
    explain: {
      race: p.race ?? 'An opening race: both players sow at once, and the first to finish moves first.',
      p1First: round ? 'No race: player 1 starts every round.' : 'No race: player 1 moves first.',
      random: round ? 'No race: the starter of each round is chosen by lot.' : 'No race: chosen by lot.',
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
      question: 'In the race, who drops a counter first at each step?',
      explain: {
        alternate: 'Player 1 and player 2 take turns to go first.',
        p1First: 'Player 1 always goes first.',
        p2First: 'Player 2 always goes first.',
      },
      refs: refs.tickOrder,
    },
    {
      name: 'raceTie',
      kind: 'choice',
      values: RACE_TIES,
      default: 'coin',
      question: 'Who wins the race when both finish at the same step?',
      explain: {
        coin: 'A coin toss decides (the same toss in every replay of the game).',
        tickOrder: 'The one who dropped first at that step (the earlier rule of this app).',
      },
      refs: refs.tie,
      since: { date: '2026-11-30', before: 'tickOrder' },
    },
    {
      name: 'raceLoserCompletion',
      kind: 'choice',
      values: RACE_LOSER_COMPLETIONS,
      default: 'finish',
      question: 'Once the race is won, does the loser finish his sowing?',
      explain: {
        finish: 'Yes: he sows on alone until his last counter falls into an empty hole.',
        abandon: 'No: he stops and puts the counters in his hand back where he last lifted them.',
      },
      refs: refs.loserCompletion,
    },
    {
      name: 'raceLoopResolution',
      kind: 'choice',
      values: RACE_LOOP_RESOLUTIONS,
      default: 'random',
      question: 'Who wins a race that would go on for ever?',
      explain: {
        p1Starts: 'The counters in hand go back; player 1 moves first.',
        random: 'The counters in hand go back; a coin toss decides.',
        restartRace:
          'The race is run again from the start, the other player going first at each step; if it loops again, a coin toss decides.',
      },
      refs: refs.loopResolution,
    },
  ];
}

export interface RaceRules {
  /** Track successor per player (index 1..2). */
  readonly next: readonly (Int8Array | null)[];
  /** Skip rule during the race (Selus SEL-06); null = none. */
  readonly skip: SkipRule | null;
  readonly tickOrder: RaceTickOrder;
  readonly tie: RaceTie;
  readonly loserCompletion: RaceLoserCompletion;
  readonly loopResolution: RaceLoopResolution;
  /** Rule clause IDs cited on the race's events. */
  readonly rules: {
    readonly start: string;
    readonly tick: string;
    readonly finish: string;
    readonly tie: string;
    readonly loop: string;
    readonly skip?: string;
  };
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

/**
 * What a race works with besides the state: the board before it (for `restartRace`), each
 * racer's lap origin, the progress of the run, and the snapshot of Brent's cycle check. A game
 * owns one and passes it to every race it runs, so a race allocates nothing and two games never
 * share a buffer.
 */
export class RaceScratch {
  readonly savedCounts = new Int32Array(MAX_HOLES);
  readonly savedCaptured = new Int32Array(3);
  /** The hole each racer last lifted (index 1..2): where an abandoned hand goes back. */
  readonly lifted = new Int32Array(3);
  /** Finishing places given so far, the first finisher and his tick, a dead heat seen. */
  place = 0;
  winner = 0;
  winTick = -1;
  deadHeat = false;
  /** The snapshot: the board, then hand, cursor, done and lap origin of racers 1 and 2. */
  readonly snapCounts = new Int32Array(MAX_HOLES);
  readonly snapRacers = new Int32Array(SNAP_FIELDS);
  snapTick = -1;
  power = 1;
  lambda = 0;

  /** A new run from tick 0. */
  reset(): void {
    this.place = 0;
    this.winner = 0;
    this.winTick = -1;
    this.deadHeat = false;
    this.snapTick = -1;
    this.power = 1;
    this.lambda = 0;
  }

  /** Writes a racer's place; the first to finish wins, a second in the same tick is a dead heat. */
  finish(done: Int8Array, p: number, tick: number): void {
    done[p] = ++this.place;
    if (this.winner === 0) {
      this.winner = p;
      this.winTick = tick;
    } else if (this.winTick === tick) {
      this.deadHeat = true;
    }
  }

  /** Brent's cycle check after `tick`: true when the joint race state repeats one seen before. */
  repeats(s: State, tick: number): boolean {
    const racers = this.snapRacers;
    const snapTick = this.snapTick;
    if (snapTick !== -1 && (tick - snapTick) % 2 === 0 && this.sameRacers(s) && this.sameCounts(s)) return true;
    const lambda = this.lambda + 1;
    this.lambda = lambda;
    if (snapTick === -1 || lambda === this.power) {
      this.snapCounts.set(s.counts);
      this.snapTick = tick;
      for (let p = 1; p <= 2; p++) {
        racers[p - 1] = s.raceHand[p]!;
        racers[p + 1] = s.raceCursor[p]!;
        racers[p + 3] = s.raceDone[p]!;
        racers[p + 5] = this.lifted[p]!;
      }
      this.power *= 2;
      this.lambda = 0;
    }
    return false;
  }

  private sameRacers(s: State): boolean {
    const racers = this.snapRacers;
    for (let p = 1; p <= 2; p++) {
      if (racers[p - 1] !== s.raceHand[p] || racers[p + 1] !== s.raceCursor[p]) return false;
      if (racers[p + 3] !== s.raceDone[p] || racers[p + 5] !== this.lifted[p]) return false;
    }
    return true;
  }

  private sameCounts(s: State): boolean {
    const c = s.counts;
    for (let i = 0; i < s.holeCount; i++) if (c[i] !== this.snapCounts[i]) return false;
    return true;
  }
}

/**
 * Runs a two-player race from the given starting holes (index 1..2) to its end and returns who
 * won. The board in `s` is changed in place; `s.raceDone`, `s.raceWinner`, `s.raceTick` record
 * the outcome. Starting holes must hold at least one counter. `scratch`: the game's own (a
 * fresh one when absent).
 */
export function runRace(s: State, starts: readonly number[], rules: RaceRules, trace: Trace, scratch = new RaceScratch()): RaceOutcome {
  const n = s.holeCount;
  scratch.savedCounts.set(s.counts);
  scratch.savedCaptured.set(s.captured.subarray(0, 3));
  let tickOrder = rules.tickOrder;
  for (let restarts = 0; ; restarts++) {
    const tick = raceRun(s, starts, rules, tickOrder, trace, scratch);
    const loop = tick < 0;
    const ticks = loop ? -tick : tick;
    if (loop && rules.loopResolution === 'restartRace' && restarts === 0 && scratch.winner === 0) {
      // Put the board back as it was and race again with the other tick priority; a second
      // loop falls back to the seeded coin.
      s.counts.set(scratch.savedCounts.subarray(0, n));
      s.captured.set(scratch.savedCaptured);
      tickOrder = tickOrder === 'p2First' ? 'p1First' : 'p2First';
      continue;
    }
    const outcome = loop ? resolveLoop(s, rules, trace, scratch, ticks) : endRace(rules, trace, scratch, ticks);
    s.raceWinner = outcome.winner;
    s.raceTick = ticks;
    return outcome;
  }
}

/**
 * One run of the race from tick 0 with the given tick order. Returns the ticks played, negated
 * when the run repeated (or reached `maxTicks`) before it was over.
 */
function raceRun(
  s: State,
  starts: readonly number[],
  rules: RaceRules,
  tickOrder: RaceTickOrder,
  trace: Trace,
  scratch: RaceScratch,
): number {
  const hand = s.raceHand;
  const done = s.raceDone;
  const cursor = s.raceCursor;
  const lifted = scratch.lifted;
  const skipOrigin = rules.skipOrigin === true;
  const maxTicks = rules.maxTicks ?? 1_000_000;
  scratch.reset();
  // Tick 0: both lift at once.
  for (let p = 1; p <= 2; p++) {
    const h = starts[p]!;
    hand[p] = s.counts[h]!;
    s.counts[h] = 0;
    s.raceCursor[p] = h;
    scratch.lifted[p] = h;
    done[p] = 0;
    if (trace !== null) trace.push({ type: 'raceStart', player: p, hole: h, count: hand[p]!, rule: rules.rules.start });
  }
  // A racer who lifted nothing has finished at once (cannot happen with legal starts).
  for (let p = 1; p <= 2; p++) {
    if (hand[p] === 0) {
      done[p] = ++scratch.place;
      if (scratch.winner === 0) scratch.winner = p;
    }
  }
  let tick = 0;
  while ((done[1] === 0 || done[2] === 0) && tick < maxTicks) {
    tick++;
    // One lock-step tick: every unfinished racer drops one counter, in the tick's priority order.
    // Written out here, not in a function per tick and per drop: the race runs inside playouts,
    // and those calls, not always inlined, made it slower than one loop. Only landing is a call.
    const first = tickOrder === 'p1First' ? 1 : tickOrder === 'p2First' ? 2 : tick % 2 === 1 ? 1 : 2;
    if (trace !== null) trace.push({ type: 'raceTick', tick, order: [first, 3 - first], rule: rules.rules.tick });
    for (let k = 0; k < 2; k++) {
      const p = k === 0 ? first : 3 - first;
      if (done[p] !== 0) continue;
      const cur = nextDrop(s, cursor[p]!, lifted[p]!, hand[p]!, p, rules.next[p]!, skipOrigin, rules.skip, trace, rules.rules.skip);
      s.counts[cur]!++;
      hand[p]!--;
      cursor[p] = cur;
      if (trace !== null) trace.push({ type: 'drop', player: p, hole: cur, count: s.counts[cur]!, rule: rules.rules.tick });
      if (hand[p] === 0) racerLands(s, p, cur, tick, rules, trace, scratch);
    }
    if (scratch.deadHeat && rules.tie === 'coin') tossForDeadHeat(s, scratch);
    const winner = scratch.winner;
    if (winner !== 0 && rules.loserCompletion === 'abandon') {
      const loser = 3 - winner;
      if (done[loser] === 0) {
        const h = scratch.lifted[loser]!;
        s.counts[h]! += hand[loser]!;
        if (trace !== null) trace.push({ type: 'raceAbandon', player: loser, hole: h, count: hand[loser]!, rule: '§7.5' });
        hand[loser] = 0;
        done[loser] = ++scratch.place;
      }
      break;
    }
    if (scratch.repeats(s, tick)) return -tick;
  }
  return tick >= maxTicks ? -tick : tick;
}

/** A dead heat under `raceTie = coin` (SPEC §7.4): the lock-step model cannot tell who was quicker; the seeded coin decides. */
function tossForDeadHeat(s: State, scratch: RaceScratch): void {
  const winner = 1 + s.chance(2);
  scratch.winner = winner;
  s.raceDone[winner] = 1;
  s.raceDone[3 - winner] = 2;
}

/** Racer `p`'s last counter fell into `cur`: he relays on from it or finishes. */
function racerLands(s: State, p: number, cur: number, tick: number, rules: RaceRules, trace: Trace, scratch: RaceScratch): void {
  const counts = s.counts;
  const hand = s.raceHand;
  const afterLast = rules.afterLast ?? null;
  const relay = afterLast !== null ? afterLast(s, cur, p, trace) === LAP_RELAY : counts[cur]! > 1;
  if (relay && counts[cur]! > 0) {
    hand[p] = counts[cur]!;
    counts[cur] = 0;
    scratch.lifted[p] = cur;
    if (trace !== null) trace.push({ type: 'relay', player: p, hole: cur, count: hand[p]!, rule: rules.rules.tick });
  } else {
    scratch.finish(s.raceDone, p, tick);
    if (trace !== null) trace.push({ type: 'raceFinish', player: p, hole: cur, place: s.raceDone[p]!, rule: rules.rules.finish });
  }
}

/** A race that ran to its end. */
function endRace(rules: RaceRules, trace: Trace, scratch: RaceScratch, ticks: number): RaceOutcome {
  const { winner, deadHeat } = scratch;
  if (trace !== null) trace.push({ type: 'raceEnd', winner, loop: false, deadHeat, rule: deadHeat ? rules.rules.tie : rules.rules.finish });
  return { winner, loop: false, deadHeat, ticks };
}

/**
 * A race that repeats: unfinished racers put their hands back where they last lifted; a race
 * already won stands, any other is decided by `loopResolution`.
 */
function resolveLoop(s: State, rules: RaceRules, trace: Trace, scratch: RaceScratch, ticks: number): RaceOutcome {
  const hand = s.raceHand;
  const done = s.raceDone;
  for (let p = 1; p <= 2; p++) {
    if (hand[p]! > 0) {
      const h = scratch.lifted[p]!;
      s.counts[h]! += hand[p]!;
      if (trace !== null) trace.push({ type: 'raceAbandon', player: p, hole: h, count: hand[p]!, rule: rules.rules.loop });
      hand[p] = 0;
    }
  }
  if (scratch.winner !== 0) {
    // Only the loser's completion repeated: the race itself was won fairly, so the winner
    // stands and the loser's endless sowing is cut off as if he had abandoned.
    const loser = 3 - scratch.winner;
    if (done[loser] === 0) done[loser] = ++scratch.place;
    return endRace(rules, trace, scratch, ticks);
  }
  const winner = rules.loopResolution === 'p1Starts' ? 1 : 1 + s.chance(2);
  done[winner] = 1;
  done[3 - winner] = 2;
  if (trace !== null) trace.push({ type: 'raceEnd', winner, loop: true, deadHeat: false, rule: rules.rules.loop });
  return { winner, loop: true, deadHeat: false, ticks };
}

/**
 * Position check of the race fields a two-player race leaves (Abalala'e, Selus). Without a race
 * (`racing` false: another opening mode) they keep their defaults. After one, `raceDone` holds the
 * places 1 and 2 (a dead heat too is given two places: SPEC §7.4), and the winner is the racer
 * placed first, who starts the round; places 0 and 0 with no winner are a race not run yet, or
 * not recorded (a position typed by hand).
 */
export function checkRaceFields(s: State, racing: boolean, opening: string): Result<State> {
  const done = [s.raceDone[1]!, s.raceDone[2]!];
  const untouched = s.raceTick === 0 && s.raceWinner === 0 && done[0] === 0 && done[1] === 0;
  if (!racing) {
    if (untouched && s.raceCursor[1] === -1 && s.raceCursor[2] === -1) return ok(s);
    return err('ERR_POSITION', `under openingMode=${opening} there is no race: the race fields keep their defaults`, 'race');
  }
  const places = `${done[0]},${done[1]}`;
  if (places === '0,0') {
    if (s.raceWinner === 0) return ok(s);
    return err('ERR_POSITION', `race winner ${s.raceWinner} but no finishing places (raceDone 0,0): the race gives both`, 'race.winner');
  }
  if (places !== '1,2' && places !== '2,1') {
    return err(
      'ERR_POSITION',
      `raceDone holds the finishing places of the race: places 1 and 2 (or 0,0 before it), not ${places}`,
      'race.done',
    );
  }
  const first = done[0] === 1 ? 1 : 2;
  if (s.raceWinner !== first) {
    return err(
      'ERR_POSITION',
      `the race winner (raceWinner) is the racer placed first, player ${first}, not ${s.raceWinner}`,
      'race.winner',
    );
  }
  if (s.roundStarter !== first) {
    return err(
      'ERR_POSITION',
      `the race winner, player ${first}, starts the round: roundStarter must be ${first}, not ${s.roundStarter}`,
      'roundStarter',
    );
  }
  return ok(s);
}
