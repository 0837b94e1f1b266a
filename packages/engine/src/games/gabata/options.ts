/** Gabata's options (SPEC §3.5, §4.4, §10) for Adowa and Aksum, the Ludii preset, and their resolved form. */
import { err, ok, type Result } from '../../core/errors.js';
import {
  FIRST_PLAYERS,
  OptionReader,
  PERPETUAL_MOVES,
  ROUND_STALEMATES,
  ROUND_STARTERS,
  firstPlayerOption,
  maxLapsPerTurnOption,
  maxTurnsPerRoundOption,
  perpetualMoveOption,
  roundStalemateOption,
  roundStarterOption,
  roundsOption,
  skipOriginOption,
  type FirstPlayer,
  type OptionSpec,
  type OptionValue,
  type OptionValues,
  type PerpetualMove,
  type RoundStalemate,
  type RoundStarter,
} from '../../core/options.js';

// ---------------------------------------------------------------------------------------------
// Options (SPEC §10).

export const CAPTURE_GATES = ['firstTurnOfRound', 'eachPlayersFirstTurn', 'perHoleUntilEmptied', 'none'] as const;
export type CaptureGate = (typeof CAPTURE_GATES)[number];
export const WEGUE_CONTINUATIONS = ['mandatory', 'optional', 'none'] as const;
export type WegueContinuation = (typeof WEGUE_CONTINUATIONS)[number];
export const SURPLUS_HOLE_ORDERS = ['opponentTrackOrder', 'winnerChooses'] as const;
export type SurplusHoleOrder = (typeof SURPLUS_HOLE_ORDERS)[number];
export const LAST_HOLE_RULES = ['off', 'on'] as const;
export const CHAFA_LOCATIONS = ['fixed', 'currentLeftmost'] as const;
export type ChafaLocation = (typeof CHAFA_LOCATIONS)[number];

export function gabataOptions(aksum: boolean): OptionSpec[] {
  const opts: OptionSpec[] = [
    {
      name: 'players',
      kind: 'integer',
      min: 2,
      max: 3,
      default: 2,
      description: 'Two players, or the three-player variant (AKS-3P-*, experimental).',
      refs: ['AKS-3P-01', 'K4'],
    },
    firstPlayerOption({ players: 3, refs: ['ADW-06', 'A10'] }),
    roundStarterOption({
      loser: 'the player with the smallest total in the previous round',
      winner: 'the player with the largest total in the previous round',
      refs: ['ADW-21', 'A9'],
    }),
    {
      name: 'captureGate',
      kind: 'choice',
      values: CAPTURE_GATES,
      default: 'firstTurnOfRound',
      description: 'When wegues may first be made: "not until the original three counters have been moved".',
      explain: {
        firstTurnOfRound: 'no wegue during the first turn of each round',
        eachPlayersFirstTurn: "no wegue during each player's first turn of the round",
        perHoleUntilEmptied: 'a hole can become a wegue only after it has been emptied once this round',
        none: 'no restriction (as Ludii plays it)',
      },
      refs: ['ADW-11', 'A2'],
    },
    {
      name: 'wegueContinuation',
      kind: 'choice',
      values: WEGUE_CONTINUATIONS,
      default: 'mandatory',
      description: 'Sowing again after making a wegue.',
      explain: {
        mandatory: 'the mover must sow again from one of his ordinary holes if he has one',
        optional: 'the mover may sow again or stop (the move "pass" stops)',
        none: 'the turn ends when the wegue is made (as Ludii plays it)',
      },
      refs: ['ADW-13', 'A3'],
    },
    {
      name: 'surplusHoleOrder',
      kind: 'choice',
      values: SURPLUS_HOLE_ORDERS,
      default: 'opponentTrackOrder',
      description: 'Which holes change hands between rounds.',
      explain: {
        opponentTrackOrder: "the loser's holes go in his sowing order, from his leftmost main-row hole",
        winnerChooses: "the player who gains holes picks them one by one from the loser's holes",
      },
      refs: ['ADW-20', 'A8'],
    },
    {
      name: 'lastHoleRule',
      kind: 'choice',
      values: LAST_HOLE_RULES,
      default: 'off',
      description: "Ludii's note: a player reduced to one hole keeps one counter when it is captured.",
      explain: {
        off: 'not applied (it is not in the source)',
        on: "when a wegue would be made in an opponent's only hole, the mover takes three of its four counters and one stays",
      },
      refs: ['ADW-23', 'A12'],
    },
    skipOriginOption({ lap: 18, refs: ['§1', 'A13'] }),
    roundsOption({ end: 'one player owns every hole' }),
    perpetualMoveOption({ refs: ['§8', 'A14'] }),
    maxLapsPerTurnOption({ min: 100, refs: ['§8'] }),
    maxTurnsPerRoundOption({ min: 10, refs: ['§8'] }),
    roundStalemateOption({
      ownerTakes: 'counters in ordinary holes go to the owner of the hole, then the round is tallied',
      refs: ['§8'],
    }),
  ];
  if (aksum) {
    opts.push(
      {
        name: 'chafaAppliesToRelay',
        kind: 'boolean',
        default: false,
        description: 'Does the chafa enda restriction also stop a relay from lifting it?',
        explain: {
          true: "a relay ending in the mover's own chafa enda holding three or fewer ends the turn",
          false: 'only the choice of a starting hole is restricted',
        },
        refs: ['AKS-05', 'K1'],
      },
      {
        name: 'chafaLocation',
        kind: 'choice',
        values: CHAFA_LOCATIONS,
        default: 'fixed',
        description: 'Which hole is the chafa enda once holes have changed hands.',
        explain: {
          fixed: 'always holes 0 and 17 (restricted only while still owned by their first owner)',
          currentLeftmost: 'the first hole of his original sowing segment that the player still owns',
        },
        refs: ['AKS-06', 'K3'],
      },
    );
  }
  return opts;
}

export const LUDII_PRESET: OptionValues = { captureGate: 'none', wegueContinuation: 'none' };

export interface GabataConfig {
  readonly aksum: boolean;
  readonly players: number;
  readonly firstPlayer: FirstPlayer;
  readonly roundStarter: RoundStarter;
  readonly captureGate: CaptureGate;
  readonly wegueContinuation: WegueContinuation;
  readonly surplusHoleOrder: SurplusHoleOrder;
  readonly lastHoleRule: boolean;
  readonly skipOrigin: boolean;
  readonly rounds: number;
  readonly perpetualMove: PerpetualMove;
  readonly maxLaps: number;
  readonly maxTurns: number;
  readonly roundStalemate: RoundStalemate;
  readonly chafaAppliesToRelay: boolean;
  readonly chafaLocation: ChafaLocation;
}

/** Reads the resolved option values into the game's configuration (`aksum`: the Aksum ruleset). */
export function readConfig(o: Readonly<Record<string, OptionValue>>, aksum: boolean): Result<GabataConfig> {
  const read = new OptionReader(o);
  const players = read.integer('players');
  const firstPlayer = read.choice('firstPlayer', FIRST_PLAYERS);
  if (firstPlayer === 'P3' && players < 3) return err('ERR_OPTION', 'firstPlayer P3 needs players=3', 'firstPlayer');
  return ok({
    aksum,
    players,
    firstPlayer,
    roundStarter: read.choice('roundStarter', ROUND_STARTERS),
    captureGate: read.choice('captureGate', CAPTURE_GATES),
    wegueContinuation: read.choice('wegueContinuation', WEGUE_CONTINUATIONS),
    surplusHoleOrder: read.choice('surplusHoleOrder', SURPLUS_HOLE_ORDERS),
    lastHoleRule: read.choice('lastHoleRule', LAST_HOLE_RULES) === 'on',
    skipOrigin: read.flag('skipOriginOnLongLaps'),
    rounds: read.integer('rounds'),
    perpetualMove: read.choice('perpetualMove', PERPETUAL_MOVES),
    maxLaps: read.integer('maxLapsPerTurn'),
    maxTurns: read.integer('maxTurnsPerRound'),
    roundStalemate: read.choice('roundStalemate', ROUND_STALEMATES),
    // Options of Aksum only: Adowa plays as their first values would.
    chafaAppliesToRelay: aksum && read.flag('chafaAppliesToRelay'),
    chafaLocation: read.choice('chafaLocation', CHAFA_LOCATIONS, 'fixed'),
  });
}
