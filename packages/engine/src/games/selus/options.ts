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
    scope: 'game',
    refs: ['SEL-04', 'S12'],
  }),
  {
    name: 'selusRaceStart',
    kind: 'choice',
    values: SELUS_RACE_STARTS,
    default: 'choose',
    question: 'Where does each player start the opening race?',
    explain: {
      choose: 'Each chooses his starting hole in secret; the choices are shown together.',
      leftmost: 'From the first hole he may start from, counting from his left.',
      closestToOpponent: 'From the hole he may start from that is nearest the opponent.',
    },
    refs: ['SEL-05', 'S8'],
  },
  {
    name: 'raceSkip',
    kind: 'boolean',
    default: true,
    question: 'In the race, are the opponent’s holes of three passed over?',
    explain: {
      true: 'Yes: racers pass over the opponent’s holes holding exactly three.',
      false: 'No: racers drop a counter into every hole on their way.',
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
    question: 'Whose first nedf may be made the simple way?',
    explain: {
      perPlayer: 'Each player’s own first nedf; his later ones need two counters.',
      global: 'Only the first nedf of the game, by either player.',
    },
    refs: ['SEL-12', 'SEL-14', 'S1'],
  },
  {
    name: 'nedfMode',
    kind: 'choice',
    values: NEDF_MODES,
    default: 'twoCounterRule',
    question: 'How are the nedfs after the first made?',
    explain: {
      twoCounterRule: 'With the last two counters of a lap, dropped into two holes of three in a row.',
      onePerPlayer: 'They are not: each player makes at most one nedf in the game.',
    },
    refs: ['SEL-14', 'S1'],
  },
  {
    name: 'nedfZone',
    kind: 'choice',
    values: NEDF_ZONES,
    default: 'allOpponentHoles',
    question: 'Which of the opponent’s holes can become a nedf?',
    explain: {
      allOpponentHoles: 'Any of his ordinary holes, his half of the middle row included.',
      opponentOuterRow: 'Only the holes of his near row.',
    },
    refs: ['SEL-12', 'S2'],
  },
  {
    name: 'twoCounterSecondHole',
    kind: 'choice',
    values: TWO_COUNTER_SECOND_HOLES,
    default: 'anyOwner',
    question: 'When a nedf is made with two counters, whose may the second hole be?',
    explain: {
      anyOwner: 'Either player’s: any hole of three right after the new nedf.',
      opponentOnly: 'Only the opponent’s.',
    },
    refs: ['SEL-14', 'S3'],
  },
  {
    name: 'guardian',
    kind: 'boolean',
    default: true,
    question: 'Is the guardian rule played?',
    explain: {
      true: 'Yes: while the hole after a nedf holds exactly three, the owner’s opponent makes no nedf.',
      false: 'No: there is no guardian.',
    },
    refs: ['SEL-16'],
  },
  {
    name: 'guardianScope',
    kind: 'choice',
    values: GUARDIAN_SCOPES,
    default: 'allNedfs',
    question: 'Which nedfs have a guardian?',
    explain: {
      allNedfs: 'Every nedf a player owns.',
      latestNedf: 'Only a player’s most recent nedf.',
    },
    refs: ['SEL-16', 'S4'],
  },
  {
    name: 'selusScoring',
    kind: 'choice',
    values: SELUS_SCORINGS,
    default: 'nedfPlusOwnHoles',
    question: 'Who wins when the game ends?',
    explain: {
      nedfPlusOwnHoles: 'Each player counts the counters in his nedfs and in his own holes; more wins.',
      nedfOnly: 'Each player counts only the counters in his nedfs; more wins.',
      blockWin: 'The player left without a move, or who concedes, loses.',
    },
    refs: ['SEL-19', 'S10'],
  },
  {
    name: 'concession',
    kind: 'choice',
    values: SELUS_CONCESSIONS,
    default: 'resign',
    question: 'What does conceding mean?',
    explain: {
      resign: 'A player may concede at his turn, and then loses, whatever the counts.',
      scored: 'Conceding ends the game, which is then counted as usual (the earlier rule of this app).',
      off: 'Nobody may concede.',
    },
    refs: ['SEL-18', 'S11'],
    legacy: { true: 'scored', false: 'off' },
  },
  skipOriginOption({}),
  perpetualMoveOption({ drawRound: 'Yes; the game ends at once in a draw.' }),
  maxLapsPerTurnOption({ min: 100 }),
  maxTurnsPerRoundOption({ min: 10, scope: 'game' }),
  roundStalemateOption({
    ownerTakes: 'Each player adds the counters in his own holes to his nedfs; more wins.',
    draw: 'The game is drawn.',
    scope: 'game',
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
