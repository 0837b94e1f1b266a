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
    race: 'both players race from their leftmost holes at once (lock-step, SPEC §7); the winner starts (ABA-04..08, ABA-19)',
    scope: 'round',
    refs: ['B2', 'B9', 'ABA-04', 'ABA-19'],
  }),
  ...raceOptions({ tickOrder: ['ABA-06'], tie: ['ABA-06', '§7.4'], loserCompletion: ['B4', 'ABA-06'], loopResolution: ['§7'] }),
  {
    name: 'raceCaptures',
    kind: 'boolean',
    default: false,
    description: 'Are the facing-hole captures (ABA-12/13) made during the race?',
    explain: {
      true: 'Yes: a racer whose last counter falls into an empty own hole captures and carries on.',
      false: "No: an empty hole ends a racer's race, whoever owns it (ABA-07).",
    },
    refs: ['B3', 'ABA-07'],
  },
  {
    name: 'winningsCountLater',
    kind: 'boolean',
    default: true,
    description: 'Do winnings set aside count in the next redistribution?',
    explain: {
      true: 'Yes: a player lays out (or matches with) everything he owns, winnings included (ABA-18).',
      false:
        'No: winnings are banked for good; each round is played with the counters captured in the last one, and the ' +
        'match ends when one player takes every counter in play.',
    },
    refs: ['B8', 'ABA-18'],
  },
  skipOriginOption({ lap: 18, note: "Ludii's default", refs: ['§1'] }),
  perpetualMoveOption({ refs: ['§8.1'] }),
  maxLapsPerTurnOption({ min: 16, refs: ['§8.2'] }),
  maxTurnsPerRoundOption({ min: 1, refs: ['§8.3'] }),
  roundStalemateOption({
    ownerTakes: 'each player takes the counters in his own holes; the match goes on with a redistribution',
    doublePass: true,
    refs: ['§8.3'],
  }),
  roundsOption({ end: 'one player holds every counter (ABA-20)', max: MAX_ROUNDS, refs: ['ABA-20'] }),
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
