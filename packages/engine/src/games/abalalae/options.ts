/** Abalala'e's options (SPEC §5.4, §10), the Ludii preset, and their resolved form. */
import {
  OptionReader,
  PERPETUAL_MOVES,
  ROUND_STALEMATES,
  maxLapsPerTurnOption,
  maxTurnsPerRoundOption,
  perpetualMoveOption,
  roundStalemateOption,
  roundsOption,
  skipOriginOption,
  type OptionSpec,
  type OptionValue,
  type OptionValues,
  type PerpetualMove,
  type RoundStalemate,
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
import { MAX_ROUNDS } from './board.js';

export const ABALALAE_OPTIONS: readonly OptionSpec[] = [
  openingModeOption({
    race: 'Each round opens with a race: both players sow at once from their leftmost holes; the winner starts.',
    scope: 'round',
    refs: ['B2', 'B9', 'ABA-04', 'ABA-19'],
  }),
  ...raceOptions({ tickOrder: ['ABA-06'], tie: ['ABA-06', '§7.4'], loserCompletion: ['B4', 'ABA-06'], loopResolution: ['§7'] }),
  {
    name: 'raceCaptures',
    kind: 'boolean',
    default: false,
    question: 'Are captures made during the race?',
    explain: {
      true: 'Yes: a racer whose last counter falls into an empty hole of his own captures and races on.',
      false: 'No: a racer’s race ends in any empty hole, whoever owns it.',
    },
    refs: ['B3', 'ABA-07'],
  },
  {
    name: 'winningsCountLater',
    kind: 'boolean',
    default: true,
    question: 'Do the winnings set aside count again in later rounds?',
    explain: {
      true: 'Yes: each player lays out everything he owns, winnings included.',
      false: 'No: winnings are kept for good; each round is played with what was captured in the last one.',
    },
    refs: ['B8', 'ABA-18'],
  },
  skipOriginOption({ refs: ['§1'] }),
  perpetualMoveOption({ refs: ['§8.1'] }),
  maxLapsPerTurnOption({ min: 16, refs: ['§8.2'] }),
  maxTurnsPerRoundOption({ min: 1, refs: ['§8.3'] }),
  roundStalemateOption({
    ownerTakes: 'Each player takes the counters in his own holes, and the match goes on with the next round.',
    refs: ['§8.3'],
  }),
  roundsOption({ untilEnd: 'Play until one player holds all the counters.', max: MAX_ROUNDS, refs: ['ABA-20'] }),
];

export const ABALALAE_PRESETS: Readonly<Record<string, OptionValues>> = {
  /** Ludii's Abalala'e.lud: no race, player 1 starts, one round only. */
  ludii: { openingMode: 'p1First', rounds: 1 },
};

export interface AbalalaeOptions {
  readonly openingMode: OpeningMode;
  readonly raceTickOrder: RaceTickOrder;
  readonly raceTie: RaceTie;
  readonly raceLoserCompletion: RaceLoserCompletion;
  readonly raceLoopResolution: RaceLoopResolution;
  readonly raceCaptures: boolean;
  readonly winningsCountLater: boolean;
  readonly skipOriginOnLongLaps: boolean;
  readonly perpetualMove: PerpetualMove;
  readonly maxLapsPerTurn: number;
  readonly maxTurnsPerRound: number;
  readonly roundStalemate: RoundStalemate;
  readonly rounds: number;
}

export function readOptions(values: Readonly<Record<string, OptionValue>>): AbalalaeOptions {
  const read = new OptionReader(values);
  return {
    openingMode: read.choice('openingMode', OPENING_MODES),
    raceTickOrder: read.choice('raceTickOrder', RACE_TICK_ORDERS),
    raceTie: read.choice('raceTie', RACE_TIES),
    raceLoserCompletion: read.choice('raceLoserCompletion', RACE_LOSER_COMPLETIONS),
    raceLoopResolution: read.choice('raceLoopResolution', RACE_LOOP_RESOLUTIONS),
    raceCaptures: read.flag('raceCaptures'),
    winningsCountLater: read.flag('winningsCountLater'),
    skipOriginOnLongLaps: read.flag('skipOriginOnLongLaps'),
    perpetualMove: read.choice('perpetualMove', PERPETUAL_MOVES),
    maxLapsPerTurn: read.integer('maxLapsPerTurn'),
    maxTurnsPerRound: read.integer('maxTurnsPerRound'),
    roundStalemate: read.choice('roundStalemate', ROUND_STALEMATES),
    rounds: read.integer('rounds'),
  };
}
