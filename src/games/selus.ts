/**
 * Selus (Sulusé, also called Gabata), the three-row mancala of the Ethiopian nobility.
 *
 * The rules in our words (SPEC §6, clause IDs SEL-01..SEL-20). A 3x6 board, three counters in
 * each hole, no stores. Each player owns his near row and the half of the centre row on his
 * right; both sow round the one circuit of Track G. The game opens with a race: both players sow
 * at once, relaying on, each until his last counter falls into an empty hole; whoever gets there
 * first plays first. Then turns alternate. A lap that ends in an occupied ordinary hole is lifted
 * and sown on; one that ends in an empty hole, or in a nedf, ends the turn. Where a turn may begin
 * is restricted (SEL-08): a hole with more than three first; else, among the mover's six "other"
 * holes, the 2-hole closest to the opponent when those holes hold only 2s and 3s; only when the
 * other holes are empty, one of the three leftmost holes, the one with fewest counters first.
 * A counter is never dropped into an opponent's ordinary hole holding exactly three: it passes
 * over it. The exception makes the game: when the last counter of a lap would pass over such a
 * hole, and the mover owns no nedf yet, it is dropped there instead and the hole becomes his nedf
 * (a hole whose counters are his and can never be sown); the turn ends. Later nedfs need the last
 * two counters of a lap to fall into two consecutive 3-holes: the first becomes the nedf and the
 * player sows on from the second. The hole after a nedf is its guardian (yazab tabaqi): while it
 * holds exactly three, the nedf's owner's opponent can make no nedf. The game ends when the player
 * to move has nothing to sow, or when a player concedes that he can make no more nedfs; each then
 * scores his nedfs plus the counters left in his own ordinary holes (the seed names no winner).
 *
 * Source: R. Pankhurst, "Gabata and related board games of Ethiopia and the Horn of Africa",
 * Ethiopia Observer 14(3), 1971: 165-166, through the Ludii portal's paraphrase (seed 004).
 *
 * Choices made (each reading of low confidence is an option; see `SELUS_OPTIONS`):
 * - Nedf creation is decided counter by counter inside the sowing kernel's `skip` hook, which is
 *   told how many counters are in hand: with one (SEL-12) or two (SEL-14) in hand at an
 *   opponent's 3-hole the counter is dropped instead of skipped; a flag in `aux` then forces the
 *   next drop (the second hole of the two-counter method) and the mark is written when the lap
 *   ends (`afterLast`, which alone may emit events). So the trace reads drop, drop, mark.
 * - The last counter reaching a nedf ends the turn (SPEC S5: nedf counters are never sown).
 * - Skip conditions use live counts (S6); the origin of a long lap is not skipped (option).
 * - The race (SEL-04..06): the lock-step model of SPEC §7 in `core/race.ts`, the skip rule on,
 *   no nedfs. With `selusRaceStart = choose` the start is a simultaneous node: each player
 *   picks a start legal under SEL-08; the joint choice is written `p1hole|p2hole`, e.g. `9|8`
 *   (see `parseJointMove`), and each player's choices come from `legalMovesFor`.
 * - `leftmost` / `closestToOpponent` race starts: the legal start (SEL-08) earliest / latest in
 *   the player's own stretch of Track G (player 1: 3 / 9, player 2: 14 / 8 at the setup).
 * - Concession is an explicit move (MOVE_CONCEDE) offered at every main-phase decision (option
 *   `concession`): by default the conceding player loses (SEL-18, SPEC §12); under `scored` the
 *   game is scored by SEL-19 as before 2026-11-30.
 * - A player whose every start is perpetual (SPEC §8) passes; two passes in a row end the game
 *   by the stalemate guard.
 */
import { err, ok, type Result } from '../core/errors.js';
import type { Trace } from '../core/events.js';
import { MOVE_CONCEDE, MOVE_PASS, MAX_MOVES, standardReturns, type Game, type Landmark, type Ruleset } from '../core/game.js';
import { SELUS_INFO } from './info/selus.js';
import { GEOMETRY_3X6_G, OWNERS_3X6_2P, TRACK_G, trackByName } from '../core/geometry.js';
import {
  OptionReader,
  PERPETUAL_MOVES,
  ROUND_STALEMATES,
  maxLapsPerTurnOption,
  maxTurnsPerRoundOption,
  perpetualMoveOption,
  roundStalemateOption,
  skipOriginOption,
  type OptionSpec,
  type OptionValue,
  type PerpetualMove,
} from '../core/options.js';
import {
  OPENING_MODES,
  RACE_LOOP_RESOLUTIONS,
  RACE_LOSER_COMPLETIONS,
  RACE_TICK_ORDERS,
  RACE_TIES,
  RaceScratch,
  checkRaceFields,
  openingModeOption,
  raceOptions,
  runRace,
  type OpeningMode,
  type RaceLoopResolution,
  type RaceLoserCompletion,
  type RaceRules,
  type RaceTickOrder,
  type RaceTie,
} from '../core/race.js';
import {
  checkGuardFields,
  checkPasses,
  checkRecordedWinner,
  checkRoundOpening,
  isGuardReason,
  perpetualTest,
  reasonIndex,
  roundGuard,
  settlePerpetual,
  winnerByTotals,
} from '../core/round.js';
import { defineRuleset, filterPerpetual } from '../core/rules.js';
import { LAP_CUSTOM, LAP_END, LAP_RELAY, RelaySower, SOW_PERPETUAL, type SowHooks } from '../core/sow.js';
import { END_REASONS, PHASE_OVER, PHASE_PLAY, PHASE_RACE, State, type EndReason } from '../core/state.js';

// ---------------------------------------------------------------------------------------------
// Board facts

const HOLES = 18;
const START_COUNT = 3;
const TOTAL = HOLES * START_COUNT;
const TRACK = trackByName(GEOMETRY_3X6_G, 'G');
const NEXT = TRACK.next;
/** Each player's stretch of Track G, in sowing order (SPEC §6.1): leftmost three first. */
const SEGMENT: readonly (readonly number[])[] = [[], TRACK_G.slice(0, 9), TRACK_G.slice(9, 18)];
/** Index of a hole within its owner's segment (0..8): 0..2 = the three leftmost holes. */
const SEGMENT_INDEX = new Int8Array(HOLES);
for (let p = 1; p <= 2; p++) for (const [i, h] of SEGMENT[p]!.entries()) SEGMENT_INDEX[h] = i;
/** The opponent's outer row as seen by each player (option `nedfZone`). */
const OUTER_ROW_OF = new Int8Array(HOLES);
for (let h = 0; h < 6; h++) OUTER_ROW_OF[h] = 1;
for (let h = 12; h < 18; h++) OUTER_ROW_OF[h] = 2;

// ---------------------------------------------------------------------------------------------
// Aux slots (State.aux) used by this ruleset

/** Set by `skip` when the next drop must land whatever the hole holds (SEL-14's second hole). */
export const AUX_FORCE_DROP = 0;
/** Hole + 1 of a nedf decided during the current lap and marked when the lap ends; 0 = none. */
export const AUX_PENDING_NEDF = 1;
/** How the pending nedf is made: 1 = simple (SEL-12), 2 = two-counter method (SEL-14). */
export const AUX_PENDING_KIND = 2;
/** Nedfs decided in the current lap (SEL-15 allows one). */
export const AUX_LAP_NEDFS = 3;
/** Hole + 1 of player 1's / player 2's latest nedf (option `guardianScope = latestNedf`). */
export const AUX_LATEST_NEDF = 4; // + player - 1 -> slots 4, 5
/** Hole + 1 of each player's race start (records only). */
export const AUX_RACE_START = 6; // + player - 1 -> slots 6, 7

const KIND_SIMPLE = 1;
const KIND_TWO = 2;

/** `afterLast` codes beyond the kernel's: the lap's last counter reached a nedf / made one. */
const LAP_INTO_NEDF = LAP_CUSTOM;
const LAP_NEW_NEDF = LAP_CUSTOM + 1;

// ---------------------------------------------------------------------------------------------
// Options (SPEC §10)

/** SEL-18 / S11: what a concession means; `resign` since 2026-11-30 (SPEC §12). */
export const SELUS_CONCESSIONS = ['resign', 'scored', 'off'] as const;
export type SelusConcession = (typeof SELUS_CONCESSIONS)[number];
export const SELUS_RACE_STARTS = ['choose', 'leftmost', 'closestToOpponent'] as const;
export type SelusRaceStart = (typeof SELUS_RACE_STARTS)[number];
export const NEDF_FIRST_SCOPES = ['perPlayer', 'global'] as const;
export const NEDF_MODES = ['twoCounterRule', 'onePerPlayer'] as const;
export const NEDF_ZONES = ['allOpponentHoles', 'opponentOuterRow'] as const;
export const TWO_COUNTER_SECOND_HOLES = ['anyOwner', 'opponentOnly'] as const;
export const GUARDIAN_SCOPES = ['allNedfs', 'latestNedf'] as const;
export const SELUS_SCORINGS = ['nedfPlusOwnHoles', 'nedfOnly', 'blockWin'] as const;
export type SelusScoring = (typeof SELUS_SCORINGS)[number];

export const SELUS_OPTIONS: readonly OptionSpec[] = [
  openingModeOption({
    race: 'both players sow at once; the first whose last counter reaches an empty hole moves first',
    scope: 'game',
    refs: ['SEL-04', 'S12'],
  }),
  {
    name: 'selusRaceStart',
    kind: 'choice',
    values: SELUS_RACE_STARTS,
    default: 'choose',
    description: 'Where each racer starts the opening race (SEL-05, S8).',
    explain: {
      choose: 'each player secretly chooses a start legal under SEL-08; the choices are revealed together',
      leftmost: 'each starts from his legal start earliest in his stretch of the track (player 1: 3, player 2: 14)',
      closestToOpponent: 'each starts from his legal start latest in his stretch, nearest the opponent (player 1: 9, player 2: 8)',
    },
    refs: ['SEL-05', 'S8'],
  },
  {
    name: 'raceSkip',
    kind: 'boolean',
    default: true,
    description: 'Does the skip rule of SEL-11 apply during the race (SEL-06, S9)?',
    explain: {
      true: "racers pass over the opponent's ordinary holes holding exactly three",
      false: 'racers drop into every hole on their way',
    },
    refs: ['SEL-06', 'S9'],
  },
  ...raceOptions({
    tickOrder: ['SEL-05', '§7.3'],
    tie: ['SEL-05', '§7.4'],
    loserCompletion: ['SEL-05', '§7.5'],
    loopResolution: ['§7.7'],
  }),
  {
    name: 'nedfFirstScope',
    kind: 'choice',
    values: NEDF_FIRST_SCOPES,
    default: 'perPlayer',
    description: 'Whose "first nedf" the simple nedf of SEL-12 is (S1).',
    explain: {
      perPlayer: 'a player makes his own first nedf the simple way and later ones by two counters',
      global: 'only the first nedf of the game (by either player) is made the simple way',
    },
    refs: ['SEL-12', 'SEL-14', 'S1'],
  },
  {
    name: 'nedfMode',
    kind: 'choice',
    values: NEDF_MODES,
    default: 'twoCounterRule',
    description: 'How nedfs after the first are made (S1).',
    explain: {
      twoCounterRule: 'by the last two counters of a lap into two consecutive 3-holes (SEL-14)',
      onePerPlayer: 'never: each player owns at most one nedf in the game (Ludii)',
    },
    refs: ['SEL-14', 'S1'],
  },
  {
    name: 'nedfZone',
    kind: 'choice',
    values: NEDF_ZONES,
    default: 'allOpponentHoles',
    description: "Which of the opponent's holes can become a nedf (S2).",
    explain: {
      allOpponentHoles: 'any ordinary hole the opponent owns, his half of the centre row included',
      opponentOuterRow: "only the holes of the opponent's near (outer) row",
    },
    refs: ['SEL-12', 'S2'],
  },
  {
    name: 'twoCounterSecondHole',
    kind: 'choice',
    values: TWO_COUNTER_SECOND_HOLES,
    default: 'anyOwner',
    description: 'Whose hole the second hole of the two-counter method may be (S3).',
    explain: {
      anyOwner: "any ordinary 3-hole right after the new nedf, the mover's own included",
      opponentOnly: "it too must be an ordinary hole of the opponent's",
    },
    refs: ['SEL-14', 'S3'],
  },
  {
    name: 'guardian',
    kind: 'boolean',
    default: true,
    description: 'Is the yazab tabaqi (guardian) rule played (SEL-16)?',
    explain: {
      true: "while the hole after a nedf holds exactly three, the nedf owner's opponent makes no nedf",
      false: 'no guardian (Ludii)',
    },
    refs: ['SEL-16'],
  },
  {
    name: 'guardianScope',
    kind: 'choice',
    values: GUARDIAN_SCOPES,
    default: 'allNedfs',
    description: 'Which nedfs have a guardian that blocks (S4).',
    explain: {
      allNedfs: 'the guardian of every nedf a player owns blocks his opponent',
      latestNedf: "only the guardian of a player's most recent nedf blocks",
    },
    refs: ['SEL-16', 'S4'],
  },
  {
    name: 'selusScoring',
    kind: 'choice',
    values: SELUS_SCORINGS,
    default: 'nedfPlusOwnHoles',
    description: 'Who wins when the game ends (SEL-19, S10).',
    explain: {
      nedfPlusOwnHoles: 'each scores his nedfs plus the counters in his own ordinary holes; more wins',
      nedfOnly: 'each scores only the counters in his nedfs; more wins',
      blockWin: 'the player left without a start (or who concedes) loses (Ludii)',
    },
    refs: ['SEL-19', 'S10'],
  },
  {
    name: 'concession',
    kind: 'choice',
    values: SELUS_CONCESSIONS,
    default: 'resign',
    description: 'What conceding (SEL-18b) means, if it is offered (S11, SPEC §12).',
    explain: {
      resign: "every main-phase decision also offers 'concede': the conceding player loses, whatever the counts",
      scored: "'concede' ends the game and it is scored by SEL-19 (the rule before 2026-11-30: the player ahead concedes at once and wins)",
      off: 'no concession move (Ludii)',
    },
    refs: ['SEL-18', 'S11'],
    legacy: { true: 'scored', false: 'off' },
  },
  skipOriginOption({ lap: 18, note: 'Ludii' }),
  perpetualMoveOption({ drawRound: 'the game ends drawn' }),
  maxLapsPerTurnOption({ min: 100 }),
  maxTurnsPerRoundOption({ min: 10, scope: 'game' }),
  roundStalemateOption({
    ownerTakes: 'counters in ordinary holes go to the hole owner, added to his nedfs; more wins',
    draw: 'the game is drawn',
    scope: 'game',
    doublePass: true,
  }),
];

/** The Ludii-compatible preset of SPEC §10: Ludii's intent, not its known quirks (§6.4). */
export const SELUS_PRESETS = {
  ludii: {
    openingMode: 'p1First',
    nedfMode: 'onePerPlayer',
    guardian: false,
    selusScoring: 'blockWin',
    concession: 'off',
  },
} as const;

// ---------------------------------------------------------------------------------------------
// The game

interface SelusConfig {
  readonly opening: OpeningMode;
  readonly raceStart: SelusRaceStart;
  readonly raceSkip: boolean;
  readonly tickOrder: RaceTickOrder;
  readonly tie: RaceTie;
  readonly loserCompletion: RaceLoserCompletion;
  readonly loopResolution: RaceLoopResolution;
  readonly firstGlobal: boolean;
  readonly twoCounter: boolean;
  readonly outerRowOnly: boolean;
  readonly secondOpponentOnly: boolean;
  readonly guardian: boolean;
  readonly guardianLatest: boolean;
  readonly scoring: SelusScoring;
  readonly concession: SelusConcession;
  readonly perpetual: PerpetualMove;
  readonly skipOrigin: boolean;
  readonly maxLaps: number;
  readonly maxTurns: number;
  readonly stalemateDraw: boolean;
}

/** True when `h` is an ordinary hole of `mover`'s opponent holding exactly three: the skip rule's target. */
function isOpponentThree(s: State, h: number, mover: number): boolean {
  return s.counts[h] === 3 && s.marks[h] === 0 && s.owners[h] !== mover;
}

function ownsNedf(s: State, p: number): boolean {
  const m = s.marks;
  for (let h = 0; h < HOLES; h++) if (m[h] === p) return true;
  return false;
}

function anyNedf(s: State): boolean {
  const m = s.marks;
  for (let h = 0; h < HOLES; h++) if (m[h] !== 0) return true;
  return false;
}

/**
 * The starting holes of `p` under SEL-08 (and SEL-09: never a nedf), in track order. Returns the
 * count written to `out` from `at`.
 */
export function legalStarts(s: State, p: number, out: Int32Array, at = 0): number {
  const c = s.counts;
  const seg = SEGMENT[p]!;
  let k = at;
  // (1) a hole with more than three must be played.
  for (let i = 0; i < 9; i++) {
    const h = seg[i]!;
    if (s.marks[h] === 0 && s.owners[h] === p && c[h]! > 3) out[k++] = h;
  }
  if (k > at) return k - at;
  // (2) the six "other" holes.
  let occupied = 0;
  let onlyTwosThrees = true;
  let closestTwo = -1;
  for (let i = 3; i < 9; i++) {
    const h = seg[i]!;
    if (s.marks[h] !== 0 || s.owners[h] !== p || c[h] === 0) continue;
    occupied++;
    if (c[h] !== 2 && c[h] !== 3) onlyTwosThrees = false;
    if (c[h] === 2) closestTwo = h;
  }
  if (occupied > 0) {
    if (onlyTwosThrees && closestTwo >= 0) {
      out[k++] = closestTwo;
      return 1;
    }
    for (let i = 3; i < 9; i++) {
      const h = seg[i]!;
      if (s.marks[h] === 0 && s.owners[h] === p && c[h]! > 0) out[k++] = h;
    }
    return k - at;
  }
  // (3) only the three leftmost holes: fewest counters first.
  for (let want = 1; want <= 3; want++) {
    for (let i = 0; i < 3; i++) {
      const h = seg[i]!;
      if (s.marks[h] === 0 && s.owners[h] === p && c[h] === want) out[k++] = h;
    }
    if (k > at) return k - at;
  }
  return 0;
}

/** Counters in `p`'s nedfs and in his ordinary holes. */
export function tally(s: State, p: number): { nedf: number; own: number } {
  let nedf = 0;
  let own = 0;
  for (let h = 0; h < HOLES; h++) {
    if (s.marks[h] === p) nedf += s.counts[h]!;
    else if (s.marks[h] === 0 && s.owners[h] === p) own += s.counts[h]!;
  }
  return { nedf, own };
}

function readOptions(values: Readonly<Record<string, OptionValue>>): SelusConfig {
  const read = new OptionReader(values);
  return {
    opening: read.choice('openingMode', OPENING_MODES),
    raceStart: read.choice('selusRaceStart', SELUS_RACE_STARTS),
    raceSkip: read.flag('raceSkip'),
    tickOrder: read.choice('raceTickOrder', RACE_TICK_ORDERS),
    tie: read.choice('raceTie', RACE_TIES),
    loserCompletion: read.choice('raceLoserCompletion', RACE_LOSER_COMPLETIONS),
    loopResolution: read.choice('raceLoopResolution', RACE_LOOP_RESOLUTIONS),
    firstGlobal: read.choice('nedfFirstScope', NEDF_FIRST_SCOPES) === 'global',
    twoCounter: read.choice('nedfMode', NEDF_MODES) === 'twoCounterRule',
    outerRowOnly: read.choice('nedfZone', NEDF_ZONES) === 'opponentOuterRow',
    secondOpponentOnly: read.choice('twoCounterSecondHole', TWO_COUNTER_SECOND_HOLES) === 'opponentOnly',
    guardian: read.flag('guardian'),
    guardianLatest: read.choice('guardianScope', GUARDIAN_SCOPES) === 'latestNedf',
    scoring: read.choice('selusScoring', SELUS_SCORINGS),
    concession: read.choice('concession', SELUS_CONCESSIONS),
    perpetual: read.choice('perpetualMove', PERPETUAL_MOVES),
    skipOrigin: read.flag('skipOriginOnLongLaps'),
    maxLaps: read.integer('maxLapsPerTurn'),
    maxTurns: read.integer('maxTurnsPerRound'),
    stalemateDraw: read.choice('roundStalemate', ROUND_STALEMATES) === 'draw',
  };
}

/** Selus with its options resolved (SPEC §6): the sowing kernel's hooks are the game itself. */
class SelusGame implements Game, SowHooks {
  readonly players = 2;
  readonly geometry = GEOMETRY_3X6_G;
  readonly counterTotal = TOTAL;
  readonly skipOrigin: boolean;
  readonly maxLaps: number;
  private readonly cfg: SelusConfig;
  private readonly startBuf = new Int32Array(MAX_MOVES);
  private readonly sower: RelaySower;
  private readonly raceRules: RaceRules;
  private readonly raceScratch = new RaceScratch();
  /** Is sowing a start a perpetual move? (simulated on a scratch state of the game) */
  private readonly isPerpetual: (s: State, start: number) => boolean;

  constructor(
    readonly ruleset: Ruleset,
    readonly options: Readonly<Record<string, OptionValue>>,
  ) {
    const cfg = readOptions(options);
    this.cfg = cfg;
    this.skipOrigin = cfg.skipOrigin;
    this.maxLaps = cfg.maxLaps;
    this.sower = new RelaySower(this, { liftRule: 'SEL-08', relayRule: 'SEL-07', dropRule: 'SEL-10', skipRule: 'SEL-11' });
    this.isPerpetual = perpetualTest(new State(2, HOLES), (scratch, start, mover) => {
      resetSowFlags(scratch);
      return this.sower.sow(scratch, start, mover, NEXT, null);
    });
    this.raceRules = {
      next: [null, NEXT, NEXT],
      skip: cfg.raceSkip ? (s, hole, _hand, racer) => isOpponentThree(s, hole, racer) : null,
      tickOrder: cfg.tickOrder,
      tie: cfg.tie,
      loserCompletion: cfg.loserCompletion,
      loopResolution: cfg.loopResolution,
      rules: { start: 'SEL-05', tick: 'SEL-04', finish: 'SEL-04', tie: 'SEL-05', loop: '§7.7', skip: 'SEL-06' },
    };
  }

  /** Does a guardian of the opponent's nedfs stop `mover` from making a nedf now (SEL-16)? */
  private guardianBlocks(s: State, mover: number): boolean {
    if (!this.cfg.guardian) return false;
    const x = 3 - mover;
    if (this.cfg.guardianLatest) {
      const latest = s.aux[AUX_LATEST_NEDF + x - 1]! - 1;
      // A position set up by hand may not say which nedf is the latest: then all of them guard.
      if (latest >= 0 && s.marks[latest] === x) return s.counts[NEXT[latest]!] === 3;
    }
    for (let h = 0; h < HOLES; h++) if (s.marks[h] === x && s.counts[NEXT[h]!] === 3) return true;
    return false;
  }

  /** May `mover` make a nedf the simple way (SEL-12) / by two counters (SEL-14)? */
  private mayMakeSimple(s: State, mover: number): boolean {
    return this.cfg.firstGlobal ? !anyNedf(s) : !ownsNedf(s, mover);
  }

  private mayMakeTwo(s: State, mover: number): boolean {
    return this.cfg.twoCounter && (this.cfg.firstGlobal ? anyNedf(s) : ownsNedf(s, mover));
  }

  /** The kernel's skip hook (SEL-11, and the nedfs of SEL-12/14/15); called detached, so an arrow. */
  readonly skip = (s: State, hole: number, hand: number, mover: number): boolean => {
    const cfg = this.cfg;
    const aux = s.aux;
    if (aux[AUX_FORCE_DROP] !== 0) {
      aux[AUX_FORCE_DROP] = 0;
      return false;
    }
    if (!isOpponentThree(s, hole, mover)) return false;
    // SEL-11 skips this hole unless a nedf is made in it (SEL-12, SEL-14), at most one a lap (SEL-15).
    if (aux[AUX_LAP_NEDFS] !== 0 || hand > 2) return true;
    if (cfg.outerRowOnly && OUTER_ROW_OF[hole] !== 3 - mover) return true;
    if (hand === 1) {
      if (!this.mayMakeSimple(s, mover) || this.guardianBlocks(s, mover)) return true;
      aux[AUX_PENDING_NEDF] = hole + 1;
      aux[AUX_PENDING_KIND] = KIND_SIMPLE;
      aux[AUX_LAP_NEDFS]++;
      return false;
    }
    const h2 = NEXT[hole]!;
    if (s.marks[h2] !== 0 || s.counts[h2] !== 3 || (cfg.secondOpponentOnly && s.owners[h2] === mover)) return true;
    if (!this.mayMakeTwo(s, mover) || this.guardianBlocks(s, mover)) return true;
    aux[AUX_PENDING_NEDF] = hole + 1;
    aux[AUX_PENDING_KIND] = KIND_TWO;
    aux[AUX_LAP_NEDFS]++;
    aux[AUX_FORCE_DROP] = 1;
    return false;
  };

  /** The kernel's afterLast hook: a pending nedf is marked; a nedf or an empty hole ends the lap. */
  afterLast(s: State, hole: number, mover: number, trace: Trace): number {
    const aux = s.aux;
    aux[AUX_LAP_NEDFS] = 0;
    aux[AUX_FORCE_DROP] = 0;
    const pending = aux[AUX_PENDING_NEDF]! - 1;
    if (pending >= 0) {
      const kind = aux[AUX_PENDING_KIND]!;
      aux[AUX_PENDING_NEDF] = 0;
      aux[AUX_PENDING_KIND] = 0;
      s.marks[pending] = mover;
      aux[AUX_LATEST_NEDF + mover - 1] = pending + 1;
      s.clearHistory();
      if (trace !== null) {
        trace.push({ type: 'mark', player: mover, hole: pending, kind: 'nedf', rule: kind === KIND_SIMPLE ? 'SEL-12' : 'SEL-14' });
      }
      if (kind === KIND_SIMPLE) return LAP_NEW_NEDF;
    }
    if (s.marks[hole] !== 0) return LAP_INTO_NEDF;
    return s.counts[hole]! > 1 ? LAP_RELAY : LAP_END;
  }

  /** Ends the game: scores by SEL-19 (or the guard's rule) and records why. */
  private endGame(s: State, reason: EndReason, loser: number, trace: Trace): void {
    const cfg = this.cfg;
    const t1 = tally(s, 1);
    const t2 = tally(s, 2);
    const byGuard = isGuardReason(reason);
    const full1 = t1.nedf + t1.own;
    const full2 = t2.nedf + t2.own;
    let winner: number;
    if (byGuard) {
      s.guardEnds++;
      s.scores[1] = full1;
      s.scores[2] = full2;
      winner = reason === 'perpetual' || cfg.stalemateDraw ? 0 : winnerByTotals(s.scores, 2);
    } else if (cfg.scoring === 'blockWin' || (reason === 'concession' && cfg.concession === 'resign')) {
      // SEL-18: to concede is to admit defeat (and under blockWin the player left without a start loses).
      s.scores[1] = full1;
      s.scores[2] = full2;
      winner = 3 - loser;
    } else {
      const nedfOnly = cfg.scoring === 'nedfOnly';
      s.scores[1] = nedfOnly ? t1.nedf : full1;
      s.scores[2] = nedfOnly ? t2.nedf : full2;
      winner = winnerByTotals(s.scores, 2);
    }
    s.winner = winner;
    s.phase = PHASE_OVER;
    s.toMove = 0;
    s.endReason = reasonIndex(reason);
    if (trace !== null) {
      trace.push({
        type: 'matchEnd',
        winner,
        scores: [0, s.scores[1]!, s.scores[2]!],
        reason,
        rule: byGuard ? undefined : reason === 'concession' ? 'SEL-18' : 'SEL-19',
      });
    }
  }

  /** A turn is about to begin for `s.toMove`: end the game if he cannot start (SEL-18a) or a guard says so. */
  private beginTurn(s: State, trace: Trace): void {
    const p = s.toMove;
    if (legalStarts(s, p, this.startBuf) === 0) {
      this.endGame(s, 'rules', p, trace);
      return;
    }
    // Two passes in a row: neither player can start without sowing for ever (SPEC §8.3).
    if (s.passes >= 2) {
      this.endGame(s, 'stalemate', 0, trace);
      return;
    }
    const guard = roundGuard(s, this.cfg.maxTurns);
    if (guard !== null) this.endGame(s, guard, 0, trace);
  }

  /** Runs the race from the given starts (index 1..2) and hands the first turn to its winner. */
  private race(s: State, starts: ArrayLike<number>, trace: Trace): void {
    const st = [0, starts[1]!, starts[2]!];
    s.aux[AUX_RACE_START] = st[1]! + 1;
    s.aux[AUX_RACE_START + 1] = st[2]! + 1;
    const outcome = runRace(s, st, this.raceRules, trace, this.raceScratch);
    s.raceHand[1] = 0;
    s.raceHand[2] = 0;
    s.phase = PHASE_PLAY;
    s.toMove = outcome.winner;
    s.roundStarter = outcome.winner;
  }

  private movesOf(s: State, out: Int32Array, exact: boolean): number {
    if (s.phase === PHASE_OVER || s.toMove === 0) return 0;
    let n = legalStarts(s, s.toMove, out);
    if (exact && this.cfg.perpetual === 'illegal') n = filterPerpetual(s, out, n, this.isPerpetual);
    if (this.cfg.concession !== 'off') out[n++] = MOVE_CONCEDE;
    return n;
  }

  /** Phases, fields and result against the options (a position must be one the game can reach). */
  private validateFlow(s: State): Result<State> {
    const cfg = this.cfg;
    if (s.round !== 1) return err('ERR_POSITION', `Selus is one game, played in round 1: there is no round ${s.round}`, 'round');
    const raceStarts = [-1, s.aux[AUX_RACE_START]! - 1, s.aux[AUX_RACE_START + 1]! - 1];
    const racing = cfg.opening === 'race';
    for (let p = 1; p <= 2; p++) {
      const h = raceStarts[p]!;
      if (h >= 0 && (!racing || s.phase === PHASE_RACE)) {
        return err(
          'ERR_POSITION',
          `raceStarts records the holes the race was run from: none ${racing ? 'before the race' : `under openingMode=${cfg.opening}`}`,
          'extra.raceStarts',
        );
      }
      if (h >= 0 && OWNERS_3X6_2P[h] !== p)
        return err('ERR_POSITION', `player ${p} ran the race from hole ${h}, which is not his (SEL-05)`, 'extra.raceStarts');
    }
    const race = checkRaceFields(s, racing, cfg.opening);
    if (!race.ok) return race;
    if (s.phase === PHASE_RACE) {
      if (!racing || cfg.raceStart !== 'choose') {
        return err(
          'ERR_POSITION',
          `the race is a decision only under openingMode=race with selusRaceStart=choose (here ${cfg.opening}, ` +
            `${cfg.raceStart}): phase race cannot occur`,
          'phase',
        );
      }
      const untouched =
        s.turn === 0 &&
        s.ply === 0 &&
        s.passes === 0 &&
        s.guardEnds === 0 &&
        s.historyLength === 0 &&
        s.raceTick === 0 &&
        s.raceWinner === 0;
      const racers = [1, 2].every((p) => s.raceDone[p] === 0 && s.raceCursor[p] === -1 && s.aux[AUX_LATEST_NEDF + p - 1] === 0);
      if (!untouched || !racers) {
        return err('ERR_POSITION', 'the race opens the game: no turn, ply, pass, history or race progress before it (SEL-04)', 'phase');
      }
      return ok(s);
    }
    const flow = s.phase === PHASE_PLAY ? this.validateInPlay(s) : this.validateResult(s);
    if (!flow.ok) return flow;
    return this.validateCounters(s);
  }

  private validateInPlay(s: State): Result<State> {
    if (s.guardEnds !== 0)
      return err('ERR_POSITION', 'Selus is one game: a guard that ends it leaves it over, so guardEnds is 0 in play', 'guardEnds');
    return ok(s);
  }

  /** The counters of the game against the guards that bound them (SPEC §8.3), and who opens it. */
  private validateCounters(s: State): Result<State> {
    const guard = checkGuardFields(s, this.cfg.maxTurns);
    if (!guard.ok) return guard;
    const passes = checkPasses(s, 2, 'two passes in a row end the game (SPEC §8.3)');
    if (!passes.ok) return passes;
    return checkRoundOpening(s);
  }

  /** A finished game: the scores and winner SEL-18/19 (or the guard of SPEC §8) give for the board. */
  private validateResult(s: State): Result<State> {
    const cfg = this.cfg;
    const startBuf = this.startBuf;
    const t = [tally(s, 1), tally(s, 2)];
    const full = [0, t[0]!.nedf + t[0]!.own, t[1]!.nedf + t[1]!.own];
    const reason = END_REASONS[s.endReason];
    const byGuard = isGuardReason(reason);
    const stuck = [1, 2].filter((p) => legalStarts(s, p, startBuf) === 0);
    let scores = full;
    let winners: number[];
    if (byGuard) {
      if (reason === 'perpetual' && cfg.perpetual !== 'drawRound') {
        return err('ERR_POSITION', `a perpetual move ends the game only under perpetualMove=drawRound, not ${cfg.perpetual}`, 'endReason');
      }
      winners = [reason === 'perpetual' || cfg.stalemateDraw ? 0 : winnerByTotals(full, 2)];
    } else if (reason === 'rules' || reason === 'concession') {
      if (reason === 'concession' && cfg.concession === 'off')
        return err('ERR_POSITION', 'under concession=off nobody can concede (SEL-18)', 'endReason');
      if (reason === 'rules' && stuck.length === 0) {
        return err(
          'ERR_POSITION',
          'the game ends by the rules when the player to move has no counter to sow (SEL-18); here both can sow',
          'endReason',
        );
      }
      if (cfg.scoring === 'blockWin' || (reason === 'concession' && cfg.concession === 'resign')) {
        // The loser is the player left without a start, or the one who conceded.
        winners = reason === 'rules' ? stuck.map((p) => 3 - p) : [1, 2];
      } else {
        if (cfg.scoring === 'nedfOnly') scores = [0, t[0]!.nedf, t[1]!.nedf];
        winners = [winnerByTotals(scores, 2)];
      }
    } else {
      return err('ERR_POSITION', `a Selus game does not end by ${reason}`, 'endReason');
    }
    for (let p = 1; p <= 2; p++) {
      if (s.scores[p] !== scores[p]) {
        return err(
          'ERR_POSITION',
          `player ${p}'s final score is ${scores[p]} by the board (SEL-19, selusScoring=${cfg.scoring}), not ${s.scores[p]}`,
          `scores[${p}]`,
        );
      }
    }
    const won = checkRecordedWinner(s, winners, 'the board', reason);
    if (!won.ok) return won;
    if (s.guardEnds !== (byGuard ? 1 : 0)) {
      return err('ERR_POSITION', `guardEnds is 1 when a guard ended the game and 0 otherwise, not ${s.guardEnds}`, 'guardEnds');
    }
    return ok(s);
  }

  newState(seed: number, trace: Trace = null): State {
    const cfg = this.cfg;
    const startBuf = this.startBuf;
    const s = new State(2, HOLES, seed);
    s.counts.fill(START_COUNT);
    s.owners.set(OWNERS_3X6_2P);
    s.phase = PHASE_PLAY;
    if (cfg.opening === 'race') {
      if (cfg.raceStart === 'choose') {
        s.toMove = 0;
        s.phase = PHASE_RACE;
        return s;
      }
      const st = [0, 0, 0];
      for (let p = 1; p <= 2; p++) {
        const n = legalStarts(s, p, startBuf);
        st[p] = cfg.raceStart === 'leftmost' ? startBuf[0]! : startBuf[n - 1]!;
      }
      this.race(s, st, trace);
    } else {
      s.toMove = cfg.opening === 'p1First' ? 1 : 1 + s.rng.int(2);
      s.roundStarter = s.toMove;
    }
    this.beginTurn(s, trace);
    return s;
  }

  legalMoves(s: State, out: Int32Array): number {
    return this.movesOf(s, out, true);
  }

  candidateMoves(s: State, out: Int32Array): number {
    return this.movesOf(s, out, false);
  }

  legalMovesFor(s: State, player: number, out: Int32Array): number {
    if (s.phase === PHASE_RACE) return player === 1 || player === 2 ? legalStarts(s, player, out) : 0;
    return player === s.toMove ? this.movesOf(s, out, true) : 0;
  }

  apply(s: State, move: number, trace: Trace = null): boolean {
    if (s.phase === PHASE_OVER || s.toMove === 0) return true;
    const p = s.toMove;
    s.ply++;
    if (move === MOVE_CONCEDE) {
      if (trace !== null) trace.push({ type: 'concede', player: p, rule: 'SEL-18' });
      this.endGame(s, 'concession', p, trace);
      return true;
    }
    if (move === MOVE_PASS) {
      if (trace !== null) trace.push({ type: 'pass', player: p, rule: '§8.1' });
      s.passes++;
      s.toMove = 3 - p;
      this.beginTurn(s, trace);
      return true;
    }
    s.turn++;
    resetSowFlags(s);
    const r = this.sower.sow(s, move, p, NEXT, trace);
    resetSowFlags(s);
    if (r === SOW_PERPETUAL) {
      const settled = settlePerpetual(this.cfg.perpetual, s, trace, '§8');
      if (settled === 'illegal') return false;
      if (settled === 'drawRound') {
        this.endGame(s, 'perpetual', 0, trace);
        return true;
      }
    } else if (trace !== null) {
      trace.push({ type: 'turnEnd', player: p, ...turnEndOf(r) });
    }
    s.passes = 0;
    s.toMove = 3 - p;
    this.beginTurn(s, trace);
    return true;
  }

  applyJoint(s: State, moves: ArrayLike<number>, trace: Trace = null): void {
    if (s.phase !== PHASE_RACE) return;
    s.ply++;
    this.race(s, moves, trace);
    this.beginTurn(s, trace);
  }

  moveText(_s: State, move: number): string {
    if (move === MOVE_PASS) return 'pass';
    if (move === MOVE_CONCEDE) return 'concede';
    return String(move);
  }

  parseMove(s: State, text: string): Result<number> {
    const startBuf = this.startBuf;
    const t = text.trim().toLowerCase();
    if (s.phase === PHASE_OVER) return err('ERR_GAME_OVER', 'the game is over; no move can be played');
    if (s.phase === PHASE_RACE) {
      if (t.includes('|')) {
        return err('ERR_MOVE_SYNTAX', `'${text}' is a joint move; give one hole here, or use the joint form at the race`, text);
      }
      const h = parseHole(t);
      if (!h.ok) return h;
      const owner = s.owners[h.value]!;
      const n = legalStarts(s, owner, startBuf);
      if (!startBuf.subarray(0, n).includes(h.value)) {
        return err(
          'ERR_ILLEGAL_MOVE',
          `player ${owner} cannot start the race from hole ${h.value}: ${whyIllegal(s, h.value, owner)} (legal: ${listMoves(startBuf, n)})`,
          text,
        );
      }
      return ok(h.value);
    }
    const buf = new Int32Array(MAX_MOVES);
    const n = this.legalMoves(s, buf);
    let m: number;
    if (t === 'pass') m = MOVE_PASS;
    else if (t === 'concede') m = MOVE_CONCEDE;
    else {
      const h = parseHole(t);
      if (!h.ok) return h;
      m = h.value;
    }
    if (!buf.subarray(0, n).includes(m))
      return err('ERR_ILLEGAL_MOVE', `${whyIllegal(s, m, s.toMove)} (legal: ${listMoves(buf, n)})`, text);
    return ok(m);
  }

  returns(s: State, out: Float64Array): void {
    standardReturns(s, out);
  }

  landmarks(s: State): Landmark[] {
    // SEL-16: the hole after each nedf is its guardian (yazab tabaqi).
    const out: Landmark[] = [];
    for (let h = 0; h < HOLES; h++) {
      if (s.marks[h] !== 0) out.push({ hole: NEXT[h]!, player: s.marks[h]!, kind: 'guardian', rule: 'SEL-16' });
    }
    return out;
  }

  evaluate(s: State, player: number): number {
    if (s.phase === PHASE_OVER) return s.winner === player ? 1 : s.winner === 0 ? 0 : -1;
    // Nedf counters are banked for good; ordinary ones may still move, so they weigh half.
    let v = 0;
    for (let h = 0; h < HOLES; h++) {
      const m = s.marks[h]!;
      const c = s.counts[h]!;
      if (m !== 0) v += m === player ? c : -c;
      else v += s.owners[h] === player ? 0.5 * c : -0.5 * c;
    }
    return Math.max(-1, Math.min(1, v / TOTAL));
  }

  validate(s: State): Result<State> {
    const startBuf = this.startBuf;
    if (s.players !== 2 || s.holeCount !== HOLES) return err('ERR_POSITION', `Selus is played by 2 players on 18 holes`);
    for (let h = 0; h < HOLES; h++) {
      if (s.counts[h]! < 0) return err('ERR_POSITION', `hole ${h} holds ${s.counts[h]} counters`, `hole ${h}`);
      if (s.owners[h] !== OWNERS_3X6_2P[h]) {
        return err('ERR_POSITION', `hole ${h} must belong to player ${OWNERS_3X6_2P[h]}`, `hole ${h}`);
      }
      const m = s.marks[h]!;
      if (m !== 0 && m !== 1 && m !== 2) return err('ERR_POSITION', `hole ${h} has an unknown mark ${m}`, `hole ${h}`);
      if (m !== 0 && m === s.owners[h]) {
        return err('ERR_POSITION', `hole ${h} is player ${m}'s own hole, so it cannot be his nedf`, `hole ${h}`);
      }
    }
    for (let p = 1; p <= 2; p++) {
      if (s.captured[p] !== 0 || s.reserve[p] !== 0 || s.raceHand[p] !== 0) {
        return err('ERR_POSITION', `Selus keeps no counters off the board (player ${p})`);
      }
      const latest = s.aux[AUX_LATEST_NEDF + p - 1]! - 1;
      if (latest >= HOLES || (latest >= 0 && s.marks[latest] !== p)) {
        return err('ERR_POSITION', `player ${p}'s latest nedf ${latest} is not his nedf`);
      }
    }
    const total = s.boardTotal();
    if (total !== TOTAL) return err('ERR_POSITION', `the board holds ${total} counters; Selus has ${TOTAL}`);
    if (s.phase === PHASE_RACE && s.toMove !== 0) return err('ERR_POSITION', 'the race is a simultaneous node: nobody is to move alone');
    if (s.phase !== PHASE_RACE && s.phase !== PHASE_OVER && s.phase !== PHASE_PLAY) {
      return err('ERR_POSITION', 'a Selus turn has one decision: the phase is play, race or over');
    }
    if (s.phase === PHASE_PLAY && s.toMove !== 1 && s.toMove !== 2) return err('ERR_POSITION', `player to move must be 1 or 2`);
    if (s.phase === PHASE_RACE && (!s.counts.every((c) => c === START_COUNT) || s.marks.some((m) => m !== 0))) {
      return err('ERR_POSITION', 'the race is run from the setup: every hole holds three and there is no nedf (SEL-04)');
    }
    if (s.phase === PHASE_PLAY && legalStarts(s, s.toMove, startBuf) === 0) {
      return err('ERR_POSITION', `player ${s.toMove} is to move but has no counter in his ordinary holes: the game is over (SEL-18)`);
    }
    return this.validateFlow(s);
  }

  extraToJSON(s: State): Record<string, unknown> {
    return {
      latestNedf: [s.aux[AUX_LATEST_NEDF]! - 1, s.aux[AUX_LATEST_NEDF + 1]! - 1],
      raceStarts: [s.aux[AUX_RACE_START]! - 1, s.aux[AUX_RACE_START + 1]! - 1],
    };
  }

  extraFromJSON(s: State, extra: Readonly<Record<string, unknown>>): Result<State> {
    for (const key of Object.keys(extra)) {
      if (key !== 'latestNedf' && key !== 'raceStarts')
        return err('ERR_POSITION', `unknown field '${key}' for Selus; known: latestNedf, raceStarts`, key);
    }
    for (const [key, slot] of [
      ['latestNedf', AUX_LATEST_NEDF],
      ['raceStarts', AUX_RACE_START],
    ] as const) {
      const v = extra[key];
      if (v === undefined) continue;
      if (!Array.isArray(v) || v.length !== 2 || !v.every((x) => Number.isInteger(x) && x >= -1 && x < HOLES)) {
        return err('ERR_POSITION', `${key} must be two hole numbers (-1 = none)`, key);
      }
      s.aux[slot] = (v[0] as number) + 1;
      s.aux[slot + 1] = (v[1] as number) + 1;
    }
    return ok(s);
  }
}

/** Clears the flags the skip hook leaves for the rest of a lap (before and after a sowing). */
function resetSowFlags(s: State): void {
  s.aux[AUX_FORCE_DROP] = 0;
  s.aux[AUX_PENDING_NEDF] = 0;
  s.aux[AUX_PENDING_KIND] = 0;
  s.aux[AUX_LAP_NEDFS] = 0;
}

/** Why a turn ended, by the sowing's stop code: a new nedf, a lap into a nedf, an empty hole. */
function turnEndOf(stop: number): { reason: string; rule: string } {
  if (stop === LAP_NEW_NEDF) return { reason: 'newNedf', rule: 'SEL-12' };
  if (stop === LAP_INTO_NEDF) return { reason: 'nedf', rule: 'SEL-13' };
  return { reason: 'empty', rule: 'SEL-07' };
}

function parseHole(t: string): Result<number> {
  if (!/^\d{1,2}$/.test(t)) return err('ERR_MOVE_SYNTAX', `'${t}' is not a move: give a hole number 0..17, 'concede' or 'pass'`, t);
  const h = Number(t);
  if (h >= HOLES) return err('ERR_MOVE_SYNTAX', `hole ${h} does not exist (0..17)`, t);
  return ok(h);
}

/** A human explanation of why `move` is not a legal start for player `p`. */
function whyIllegal(s: State, move: number, p: number): string {
  if (move === MOVE_PASS) return `player ${p} may pass only when every start would sow for ever (SPEC §8)`;
  if (move === MOVE_CONCEDE) return 'conceding is not offered here (option concession, or the race)';
  if (s.marks[move] !== 0) return `hole ${move} is a nedf: its counters are never sown (SEL-09)`;
  if (s.owners[move] !== p) return `hole ${move} is not player ${p}'s (SEL-02)`;
  if (s.counts[move] === 0) return `hole ${move} is empty`;
  const starts = new Int32Array(9);
  if (starts.subarray(0, legalStarts(s, p, starts)).includes(move)) return `sowing hole ${move} would never end (SPEC §8)`;
  const seg = SEGMENT[p]!;
  const ordinary = (h: number): boolean => s.marks[h] === 0 && s.owners[h] === p;
  if (seg.some((h) => ordinary(h) && s.counts[h]! > 3)) {
    return `player ${p} has a hole with more than three counters and must start from one (SEL-08 (1))`;
  }
  const others = seg.slice(3).filter((h) => ordinary(h) && s.counts[h]! > 0);
  if (others.length > 0 && SEGMENT_INDEX[move]! < 3) {
    return `hole ${move} is one of the three leftmost holes, which may start a turn only when the other holes are empty (SEL-08 (3))`;
  }
  if (others.length > 0) {
    return `player ${p}'s other holes hold only 2s and 3s, so he must start from the 2 closest to the opponent (SEL-08 (2))`;
  }
  return `among the three leftmost holes one with the fewest counters must be played (SEL-08 (3))`;
}

function listMoves(buf: Int32Array, n: number): string {
  const parts: string[] = [];
  for (let i = 0; i < n; i++) parts.push(buf[i] === MOVE_PASS ? 'pass' : buf[i] === MOVE_CONCEDE ? 'concede' : String(buf[i]));
  return parts.length ? parts.join(', ') : 'none';
}

/**
 * Parses a joint race move `a|b` (player 1's hole | player 2's hole) at the race node into
 * `[0, a, b]`, checking each against SEL-08.
 * @example parseJointMove(game, s, '9|8') // ok([0, 9, 8])
 */
export function parseJointMove(game: Game, s: State, text: string): Result<number[]> {
  if (s.phase !== PHASE_RACE) return err('ERR_ILLEGAL_MOVE', 'a joint move is only played at the opening race', text);
  const parts = text.split('|').map((x) => x.trim());
  if (parts.length !== 2) {
    return err('ERR_MOVE_SYNTAX', `a joint move is 'p1hole|p2hole', e.g. '9|8', not '${text}'`, text);
  }
  const out = [0, 0, 0];
  const buf = new Int32Array(MAX_MOVES);
  for (let p = 1; p <= 2; p++) {
    const h = parseHole(parts[p - 1]!.toLowerCase());
    if (!h.ok) return h;
    const n = game.legalMovesFor(s, p, buf);
    if (!buf.subarray(0, n).includes(h.value)) {
      return err('ERR_ILLEGAL_MOVE', `player ${p} cannot start the race from hole ${h.value}; legal: ${listMoves(buf, n)}`, parts[p - 1]);
    }
    out[p] = h.value;
  }
  return ok(out);
}

/** Selus ruleset (SPEC §6). */
export const selus: Ruleset = defineRuleset(SELUS_INFO, SELUS_OPTIONS, SELUS_PRESETS, (ruleset, o) => ok(new SelusGame(ruleset, o)));
