import type { RuleClause, RulesetInfo } from '../../core/game.js';

/** The clauses of the game, in our words. */
export const GIFIA_CLAUSES: readonly RuleClause[] = [
  {
    id: 'GIF-01',
    text: 'Two rows of four holes with a store at each end; each player owns the two left holes of both rows and the store on his left.',
    short: 'Two rows of four holes and a store at each end; each player owns the two left holes of each row and the store on his left.',
    keywords: [/two rows of four|2x4/i, /store/i],
  },
  {
    id: 'GIF-02',
    text: 'Six beans in every hole; stores empty.',
    short: 'Six beans in each hole; the stores start empty.',
    keywords: [/six beans/i, /stores (start )?empty/i],
  },
  {
    id: 'GIF-03',
    text: 'Player 1 starts unless chosen otherwise.',
    short: 'Player 1 starts unless the options say otherwise.',
    keywords: [/P1|player 1/i, /first|start/i],
  },
  {
    id: 'GIF-04',
    text: 'A move lifts one of your holes and sows a single lap, clockwise or anticlockwise, round the eight holes.',
    short: 'A move lifts one of your holes and sows its beans round the ring of eight, either way; one lap, no relay.',
    keywords: [/single lap|one lap/i, /clockwise|either way/i],
  },
  {
    id: 'GIF-05',
    text: 'A lap of eight or more beans sows into its own starting hole too.',
    short: 'With eight or more beans the starting hole is sown into too.',
    keywords: [/8\+|eight or more/i, /origin|starting hole/i, /sown into|sows into/i],
  },
  {
    id: 'GIF-06',
    text: 'A last bean making two or four takes that hole and each neighbour holding two or four.',
    short: 'Capture A: a last bean making 2 or 4 takes that hole, and each neighbour holding 2 or 4.',
    keywords: [/2 or 4|two or four/i, /neighbour/i],
  },
  {
    id: 'GIF-07',
    text: 'Otherwise, if a neighbour holds two or four, you take exactly one such neighbour.',
    short: 'Capture B: otherwise, if a neighbour holds 2 or 4, take exactly one such neighbour (your choice).',
    keywords: [/exactly one/i, /neighbour/i],
  },
  {
    id: 'GIF-08',
    text: 'Captures go to your store; then the turn passes.',
    short: 'Captured beans go to your store; the turn passes.',
    keywords: [/store/i, /turn passes/i],
  },
  {
    id: 'GIF-09',
    text: 'With three beans or fewer in your holes you may pass; with none you must.',
    short: 'A player with only a few beans may pass; one with none must.',
    keywords: [/may pass/i, /few|three/i],
  },
  {
    id: 'GIF-10',
    text: 'When each side holds at most one bean, the round ends and each stores his own.',
    short: 'When each side holds at most one bean the round ends; each stores his own holes.',
    keywords: [/at most one bean/i, /round ends/i],
  },
  {
    id: 'GIF-11',
    text: 'Next round each fills as many of his holes with six as he can; the rest stays in store.',
    short: 'Next round: each player fills as many of his holes with six as his store allows.',
    keywords: [/next round/i, /six/i],
  },
  {
    id: 'GIF-12',
    text: 'A player who cannot fill one hole loses the match.',
    short: 'A player who cannot fill a single hole loses the match.',
    keywords: [/los/i, /fill/i],
  },
  {
    id: 'GIF-13',
    text: 'Later rounds are started alternately.',
    short: 'Later rounds are started alternately.',
    keywords: [/later rounds/i, /alternat/i],
  },
];

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
  clauses: GIFIA_CLAUSES,
  citations: {
    events: {
      lift: ['GIF-04'],
      drop: ['GIF-04'],
      skip: ['§1', 'GIF-05'],
      capture: ['GIF-06', 'GIF-07'],
      'turnEnd:capture': ['GIF-08'],
      'turnEnd:sown': ['GIF-08'],
      pass: ['GIF-09'],
      'roundEnd:rules': ['GIF-10'],
      'roundEnd:passes': ['GIF-10'],
      'roundEnd:repetition': ['§8', '§8.3'],
      'roundEnd:turnCap': ['§8', '§8.3'],
      redistribute: ['GIF-11'],
      'matchEnd:rules': ['GIF-12'],
      'matchEnd:rounds': ['', '§8'],
      'matchEnd:matchCap': ['', '§8'],
      'matchEnd:repetition': ['§8', '§8.3'],
      'matchEnd:turnCap': ['§8', '§8.3'],
    },
    mustSee: ['lift', 'drop', 'capture', 'turnEnd:capture', 'turnEnd:sown', 'pass', 'roundEnd:rules', 'redistribute', 'skip'],
    optionSets: [{}, { skipOriginOnLongLaps: true, gifiaAdjacency: 'row' }, { gifiaPassMaxBeans: 6, maxTurnsPerRound: 20 }],
    seeds: 6,
  },
  shipped: true,
};
