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
      question: 'How many players?',
      explain: {
        '2': 'Two players.',
        '3': 'Three players: an experimental variant worked out from the two-player rules.',
      },
      refs: ['AKS-3P-01', 'K4'],
    },
    firstPlayerOption({ players: 3, refs: ['ADW-06', 'A10'] }),
    roundStarterOption({
      loser: 'The player with the smallest total in the last round starts the next.',
      winner: 'The player with the largest total in the last round starts the next.',
      refs: ['ADW-21', 'A9'],
    }),
    {
      name: 'captureGate',
      kind: 'choice',
      values: CAPTURE_GATES,
      default: 'firstTurnOfRound',
      question: 'When can the first wegue of a round be made?',
      explain: {
        firstTurnOfRound: 'Not in the very first turn of a round; from the second turn on.',
        eachPlayersFirstTurn: 'Not in any player’s first turn of the round.',
        perHoleUntilEmptied: 'A hole can become a wegue only after it has been emptied once in the round.',
        none: 'At any time, from the first turn on.',
      },
      refs: ['ADW-11', 'A2'],
    },
    {
      name: 'wegueContinuation',
      kind: 'choice',
      values: WEGUE_CONTINUATIONS,
      default: 'mandatory',
      question: 'After making a wegue, does the player sow again?',
      explain: {
        mandatory: 'Yes: he must sow again from one of his own holes, if he has one.',
        optional: 'He may sow again or stop, as he chooses.',
        none: 'No: making a wegue ends the turn.',
      },
      refs: ['ADW-13', 'A3'],
    },
    {
      name: 'surplusHoleOrder',
      kind: 'choice',
      values: SURPLUS_HOLE_ORDERS,
      default: 'opponentTrackOrder',
      question: 'Between rounds, which holes does the richer player take?',
      explain: {
        opponentTrackOrder: 'The loser’s holes in the loser’s own sowing order, from the left of his row.',
        winnerChooses: 'The player who gains holes picks them one by one.',
      },
      refs: ['ADW-20', 'A8'],
    },
    {
      name: 'lastHoleRule',
      kind: 'choice',
      values: LAST_HOLE_RULES,
      default: 'off',
      question: 'When a player’s last hole is captured, does he keep a counter?',
      explain: {
        off: 'No: the capture is made as usual.',
        on: 'Yes: the captor takes three of its four counters and one stays.',
      },
      refs: ['ADW-23', 'A12'],
    },
    skipOriginOption({ refs: ['§1', 'A13'] }),
    roundsOption({ untilEnd: 'Play until one player owns every hole.' }),
    perpetualMoveOption({ refs: ['§8', 'A14'] }),
    maxLapsPerTurnOption({ min: 100, refs: ['§8'] }),
    maxTurnsPerRoundOption({ min: 10, refs: ['§8'] }),
    roundStalemateOption({
      ownerTakes: 'The counters left in ordinary holes go to the owners of the holes; then the round is counted as usual.',
      refs: ['§8'],
    }),
  ];
  if (aksum) {
    opts.push(
      {
        name: 'chafaAppliesToRelay',
        kind: 'boolean',
        default: false,
        question: 'Does the chafa enda also stop a relay?',
        explain: {
          true: 'Yes: a relay ending in the mover’s own chafa enda holding three or fewer ends the turn.',
          false: 'No: it only limits the choice of the hole to start from.',
        },
        refs: ['AKS-05', 'K1'],
      },
      {
        name: 'chafaLocation',
        kind: 'choice',
        values: CHAFA_LOCATIONS,
        default: 'fixed',
        question: 'Where is the chafa enda once holes have changed hands?',
        explain: {
          fixed: 'Always at the same two holes, and only while their first owner still holds them.',
          currentLeftmost: 'At the first hole of his original part of the circuit that the player still owns.',
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
