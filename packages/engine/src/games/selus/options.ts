/** Selus's options (SPEC §6.4, §10), the Ludii preset, and their resolved form. */
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
} from '../../core/options.js';
import {
  OPENING_MODES,
  RACE_LOOP_RESOLUTIONS,
  RACE_LOSER_COMPLETIONS,
  RACE_TICK_ORDERS,
  RACE_TIES,
  openingModeOption,
  raceOptions,
  type OpeningMode,
  type RaceLoopResolution,
  type RaceLoserCompletion,
  type RaceTickOrder,
  type RaceTie,
} from '../../core/race.js';

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

export interface SelusConfig {
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

export function readOptions(values: Readonly<Record<string, OptionValue>>): SelusConfig {
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
