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
    description: 'Which holes are "adjacent on either side" of the last hole for captures A and B (SPEC G1).',
    explain: {
      ring: 'the two holes before and after it on the eight-hole ring (the move goes round the board)',
      row: 'only its west and east neighbours in the same row (Ludii); a row-end hole has one',
    },
    refs: ['G1', 'GIF-06', 'GIF-07'],
  },
  {
    name: 'gifiaChainCapture',
    kind: 'boolean',
    default: false,
    description: "Does capture A run on outward past the neighbours (Murray's repeated sentence, SPEC G2)?",
    explain: {
      true: 'capture A goes on outward in each direction while the next hole holds 2 or 4',
      false: 'capture A takes the last hole and only its immediate neighbours holding 2 or 4',
    },
    refs: ['G2', 'GIF-06'],
  },
  {
    name: 'gifiaSingleNeighbourOptional',
    kind: 'boolean',
    default: false,
    description: 'May the mover decline capture B (SPEC G3)?',
    explain: {
      true: 'the mover may take one qualifying neighbour or none',
      false: 'the mover must take the whole of one qualifying neighbour',
    },
    refs: ['G3', 'GIF-07'],
  },
  {
    name: 'gifiaPassMaxBeans',
    kind: 'integer',
    min: 0,
    max: 6,
    default: 3,
    description:
      'A player whose holes hold 1..N beans in all may pass instead of moving ("only a few beans", SPEC G5); 0 = ' +
      'no voluntary pass, only the forced pass with no beans.',
    refs: ['G5', 'GIF-09'],
  },
  {
    name: 'gifiaWeakPlayer',
    kind: 'choice',
    values: GIFIA_WEAK_PLAYERS,
    default: 'loses',
    description: 'A player who cannot fill one hole with six at the start of a round (SPEC G8).',
    explain: {
      loses: 'loses the match (Ludii; otherwise a store could never be emptied)',
      singleShortHole: 'puts all his 1-5 beans into his first hole and plays on; only 0 beans loses',
    },
    refs: ['G8', 'GIF-12'],
  },
  firstPlayerOption({ players: 2, refs: ['GIF-03'] }),
  roundStarterOption({
    loser: 'the player whose total shrank in the previous round (alternate if unchanged)',
    winner: 'the player whose total grew in the previous round (alternate if unchanged)',
    refs: ['G10', 'GIF-13'],
  }),
  skipOriginOption({ lap: 8, unit: 'beans', note: 'Ludii includeSelf', refs: ['GIF-05'] }),
  maxTurnsPerRoundOption({ min: 1, refs: ['§8'] }),
  roundStalemateOption({ ownerTakes: 'each player stores the beans in his own holes, as at a normal round end', refs: ['§8'] }),
  roundsOption({ end: 'a player is out (GIF-12)', refs: ['GIF-12'] }),
  {
    name: 'maxRounds',
    kind: 'integer',
    min: 1,
    max: 100_000,
    default: 1000,
    description: 'Match guard: after this many rounds the match ends and the larger total wins (endless-match safety net).',
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
