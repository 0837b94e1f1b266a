/** Gifia's options (SPEC §9.4, §10) and the Ludii preset, and their resolved form. */
import {
  FIRST_PLAYERS,
  OptionReader,
  ROUND_STALEMATES,
  ROUND_STARTERS,
  firstPlayerOption,
  maxTurnsPerRoundOption,
  roundStalemateOption,
  roundStarterOption,
  roundsOption,
  skipOriginOption,
  type OptionSpec,
  type OptionValue,
  type OptionValues,
  type FirstPlayer,
  type RoundStarter,
} from '../../core/options.js';

export const GIFIA_ADJACENCIES = ['ring', 'row'] as const;
export const GIFIA_WEAK_PLAYERS = ['loses', 'singleShortHole'] as const;

export const GIFIA_OPTIONS: readonly OptionSpec[] = [
  {
    name: 'gifiaAdjacency',
    kind: 'choice',
    values: GIFIA_ADJACENCIES,
    default: 'ring',
    question: 'Which holes are the neighbours of the last hole, for a capture?',
    explain: {
      ring: 'The holes just before and after it, going round the board.',
      row: 'Only the holes beside it in the same row; a hole at the end of a row has one.',
    },
    refs: ['G1', 'GIF-06', 'GIF-07'],
  },
  {
    name: 'gifiaChainCapture',
    kind: 'boolean',
    default: false,
    question: 'Does a capture go on past the neighbours?',
    explain: {
      true: 'Yes: it goes on outward while the next hole holds 2 or 4.',
      false: 'No: it takes the last hole and only its direct neighbours holding 2 or 4.',
    },
    refs: ['G2', 'GIF-06'],
  },
  {
    name: 'gifiaSingleNeighbourOptional',
    kind: 'boolean',
    default: false,
    question: 'May the player decline to take a single neighbour?',
    explain: {
      true: 'Yes: he may take one such neighbour, or none.',
      false: 'No: he must take the whole of one such neighbour.',
    },
    refs: ['G3', 'GIF-07'],
  },
  {
    name: 'gifiaPassMaxBeans',
    kind: 'integer',
    min: 0,
    max: 6,
    default: 3,
    question: 'When may a player with few beans pass instead of moving?',
    explain: {
      '0': 'Never: only a player with no beans at all passes.',
      n_one: 'When his holes hold {{count, number}} bean in all.',
      n_other: 'When his holes hold {{count, number}} beans or fewer in all.',
    },
    refs: ['G5', 'GIF-09'],
  },
  {
    name: 'gifiaWeakPlayer',
    kind: 'choice',
    values: GIFIA_WEAK_PLAYERS,
    default: 'loses',
    question: 'What if a player cannot fill one hole with six beans at the start of a round?',
    explain: {
      loses: 'He loses the match.',
      singleShortHole: 'He puts all his beans into his first hole and plays on; only a player with no beans loses.',
    },
    refs: ['G8', 'GIF-12'],
  },
  firstPlayerOption({ players: 2, refs: ['GIF-03'] }),
  roundStarterOption({
    loser: 'The player whose total shrank in the last round starts the next; if no total changed, they take turns.',
    winner: 'The player whose total grew in the last round starts the next; if no total changed, they take turns.',
    refs: ['G10', 'GIF-13'],
  }),
  skipOriginOption({ unit: 'bean', refs: ['GIF-05'] }),
  maxTurnsPerRoundOption({ min: 1, refs: ['§8'] }),
  roundStalemateOption({
    ownerTakes: 'Each player puts the beans of his own holes into his store, as at the normal end of a round.',
    refs: ['§8'],
  }),
  roundsOption({ untilEnd: 'Play until a player cannot fill a hole.', refs: ['GIF-12'] }),
  {
    name: 'maxRounds',
    kind: 'integer',
    min: 1,
    max: 100_000,
    default: 1000,
    question: 'After how many rounds is a match that never ends stopped?',
    explain: {
      n_one: 'After {{count, number}} round the match ends and the larger total wins.',
      n_other: 'After {{count, number}} rounds the match ends and the larger total wins.',
    },
    refs: ['§8'],
  },
];

export const GIFIA_PRESETS: Readonly<Record<string, OptionValues>> = {
  /** Ludii's `Gifia.lud` intent (SPEC §9.4): row adjacency, no voluntary pass, weak player loses. */
  ludii: {
    gifiaAdjacency: 'row',
    gifiaChainCapture: false,
    gifiaSingleNeighbourOptional: false,
    gifiaPassMaxBeans: 0,
    gifiaWeakPlayer: 'loses',
    skipOriginOnLongLaps: false,
    firstPlayer: 'P1',
  },
};

export interface Resolved {
  readonly adjacencyRow: boolean;
  readonly chain: boolean;
  readonly optionalB: boolean;
  readonly passMax: number;
  readonly weakLoses: boolean;
  readonly firstPlayer: FirstPlayer;
  readonly roundStarter: RoundStarter;
  readonly skipOrigin: boolean;
  readonly maxTurns: number;
  readonly stalemateDraw: boolean;
  readonly rounds: number;
  readonly maxRounds: number;
}

export function readOptions(values: Readonly<Record<string, OptionValue>>): Resolved {
  const read = new OptionReader(values);
  return {
    adjacencyRow: read.choice('gifiaAdjacency', GIFIA_ADJACENCIES) === 'row',
    chain: read.flag('gifiaChainCapture'),
    optionalB: read.flag('gifiaSingleNeighbourOptional'),
    passMax: read.integer('gifiaPassMaxBeans'),
    weakLoses: read.choice('gifiaWeakPlayer', GIFIA_WEAK_PLAYERS) === 'loses',
    firstPlayer: read.choice('firstPlayer', FIRST_PLAYERS),
    roundStarter: read.choice('roundStarter', ROUND_STARTERS),
    skipOrigin: read.flag('skipOriginOnLongLaps'),
    maxTurns: read.integer('maxTurnsPerRound'),
    stalemateDraw: read.choice('roundStalemate', ROUND_STALEMATES) === 'draw',
    rounds: read.integer('rounds'),
    maxRounds: read.integer('maxRounds'),
  };
}
