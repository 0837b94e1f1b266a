import type { RulesetInfo } from '../../core/game.js';

/** Gifia (SPEC §9). */
export const GIFIA_INFO: RulesetInfo = {
  id: 'gifia',
  name: 'Gifia',
  aliases: ['gifia-umon', 'umon'],
  region: 'Nigeria (the Umon, Aro Division, Calabar Province)',
  sources: [
    {
      author: 'H. J. R. Murray',
      year: 1951,
      title: 'A History of Board-Games Other Than Chess',
      pages: '192-193',
      note: 'recorded by K. C. Murray, Surveyor of Antiquities of Nigeria (first round of a game played by two women)',
    },
    {
      author: 'Ludii (E. Piette)',
      year: 2020,
      title: 'Gifia.lud (Ludii id 237) and evidence DLP.Evidence.673',
      note: 'row adjacency, capture B as a second move, no voluntary pass',
    },
  ],
  clausePrefix: 'GIF',
  players: [2],
  summary:
    'A two-row mancala of four holes a side with a store at each end, each player owning the left half of both rows. ' +
    'Beans are sown one lap in either direction; making 2 or 4 captures, with the neighbours, and rounds go on ' +
    'until a player has too few beans to fill a hole.',
  reconstructions: [
    { ref: 'G1', text: 'neighbours of the last hole are its ring neighbours', option: 'gifiaAdjacency', confidence: 'medium' },
    { ref: 'G2', text: 'capture A takes only the immediate neighbours', option: 'gifiaChainCapture', confidence: 'medium' },
    { ref: 'G3', text: 'capture B is compulsory and takes a whole hole', option: 'gifiaSingleNeighbourOptional', confidence: 'medium' },
    { ref: 'G5', text: '"only a few beans" for the voluntary pass means at most 3', option: 'gifiaPassMaxBeans', confidence: 'low' },
    { ref: 'G8', text: 'a player unable to fill one hole with six loses the match', option: 'gifiaWeakPlayer', confidence: 'medium' },
    { ref: 'GIF-03', text: 'player 1 moves first', option: 'firstPlayer', confidence: 'low' },
    { ref: 'G10', text: 'the round starter alternates', option: 'roundStarter', confidence: 'low' },
    { ref: 'GIF-05', text: 'a lap of 8+ beans sows into its origin hole', option: 'skipOriginOnLongLaps', confidence: 'medium' },
    { ref: 'GIF-11', text: 'refilled holes: nearest row first, from the left (1: 0,1,4,5; 2: 7,6,3,2)', confidence: 'low' },
    { ref: 'GIF-10', text: 'two consecutive passes end the round (guard)', confidence: 'medium' },
  ],
  ruleFamilies: ['GIF'],
  startRule: 'GIF-04',
  boardRules: ['GIF-01', 'GIF-02', 'GIF-04'],
  lesson: ['board', 'sow', 'capture', 'end', 'done'],
  captureEvent: 'capture',
  words: { unit: 'bean', mark: 'mark', capture: 'Gifia' },
  notationHelp: `Gifia moves name a hole and a direction (GIF-04):
  1a         sow hole 1 anticlockwise (as drawn: right along row 0, back left along row 1)
  1c         sow hole 1 clockwise (the other way round the ring)
  1a>6       sow hole 1 anticlockwise, then take neighbour 6 by capture B (GIF-07); '>' names
             the neighbour to take when capture B has a choice (a forced one may be left out)
  pass       pass, when the rules allow it (GIF-09)`,
  shortMatch: { rounds: 3 },
  shape: {
    rows: 2,
    holes: 8,
    stores: 2,
    tracks: 2,
    sowing: 'single lap',
    race: false,
    captures: ['GIF-06', 'GIF-07'],
    ownershipChanges: [],
    rounds: 'several',
  },
};
