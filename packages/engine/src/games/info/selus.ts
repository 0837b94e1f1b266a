import type { RuleClause, RulesetInfo } from '../../core/game.js';

/** The clauses of the game, in our words. */
export const SELUS_CLAUSES: readonly RuleClause[] = [
  {
    id: 'SEL-01',
    text: 'Three rows of six holes, three counters each, no stores.',
    short: 'Three rows of six holes, three counters in each, no stores.',
    keywords: [/3x6|three rows/i, /three counters/i, /no stores/i],
  },
  {
    id: 'SEL-02',
    text: 'Each player owns his near row and the central half on his right; holes that are not nedfs are ordinary.',
    short: 'Each player owns his near row and the right half of the centre row; those not nedfs are his ordinary holes.',
    keywords: [/ordinary/i, /nedf/i],
  },
  {
    id: 'SEL-03',
    text: 'Both players sow round the Gabata circuit.',
    short: 'Both players sow round the same circuit.',
    keywords: [/track|circuit/i, /both players/i],
  },
  {
    id: 'SEL-04',
    text:
      'The opening is a race: both sow at once, relaying, each until his final counter drops into an empty ' +
      'hole; whoever gets there first opens the main phase.',
    short: 'The game opens with a race: both players sow at once; the first whose last counter reaches an empty hole starts the game.',
    keywords: [/race/i, /same time|at once/i, /empty/i],
  },
  {
    id: 'SEL-05',
    text: 'Each player secretly picks a legal starting hole for the race.',
    short: 'Each player secretly chooses his starting hole for the race; both are revealed together.',
    keywords: [/starting hole/i, /choos|pick/i, /race/i],
  },
  {
    id: 'SEL-06',
    text: 'In the race the skip rule holds but no nedf is made.',
    short: 'In the race the skip rule holds but no nedf can be made.',
    keywords: [/race/i, /skip/i, /nedf/i],
  },
  {
    id: 'SEL-07',
    text: 'Then turns alternate with relay sowing; a lap ending in an empty hole ends the turn.',
    short: 'Then turns alternate; relays go on from occupied ordinary holes; an empty hole ends the turn.',
    keywords: [/relay/i, /empty/i, /ends the turn|turn ends/i],
  },
  {
    id: 'SEL-08',
    text:
      'Where to start: a hole with more than three if you have one; otherwise a two-hole closest to the ' +
      'opponent when your other holes hold only twos and threes; your three leftmost holes come last, ' +
      'fewest counters first.',
    short:
      'Starting holes are restricted: a hole of more than three first; else, if your other holes hold only ' +
      'twos and threes, the hole of two closest to the opponent; the three leftmost holes only when the ' +
      'others are empty, fewest counters first.',
    keywords: [/more than (3|three)/i, /closest|nearest/i, /leftmost/i, /2-hole|two-hole|hole of two|hole with two/i],
  },
  {
    id: 'SEL-09',
    text: 'A nedf is never sown from.',
    short: 'Nobody sows from a nedf.',
    keywords: [/nedf/i, /never|nobody|cannot/i, /sow|start/i],
  },
  {
    id: 'SEL-10',
    text: 'Counters are dropped one per hole round the circuit, nedfs included.',
    short: 'Counters go one per hole round the circuit, into nedfs too.',
    keywords: [/one per hole/i, /nedf/i],
  },
  {
    id: 'SEL-11',
    text: "An opponent's ordinary hole holding exactly three is passed over.",
    short: "Skip rule: a counter is never dropped into an opponent's ordinary hole holding exactly three.",
    keywords: [/skip|passed over|never dropped/i, /exactly (3|three)/i],
  },
  {
    id: 'SEL-12',
    text: 'Your first nedf: a last counter dropped into such a hole makes it yours, and the turn ends.',
    short: "First nedf: a last counter may go into an opponent's hole of three, making it your nedf; the turn ends.",
    keywords: [/first nedf|simple nedf/i, /last\W+counter/i, /turn ends/i],
  },
  {
    id: 'SEL-13',
    text: 'A lap ending in any nedf ends the turn.',
    short: 'A last counter into a nedf ends the turn.',
    keywords: [/nedf/i, /ends the turn|turn ends/i],
  },
  {
    id: 'SEL-14',
    text: 'Later nedfs: the last two counters go into two threes in a row; the first becomes your nedf and you sow on from the second.',
    short:
      "Later nedfs: with two in hand, drop into an opponent's three and the three after it; the first " +
      'becomes your nedf and you sow on from the second.',
    keywords: [/later nedfs/i, /two/i],
  },
  { id: 'SEL-15', text: 'At most one nedf per lap.', short: 'At most one nedf is made per lap.', keywords: [/one nedf/i, /lap/i] },
  {
    id: 'SEL-16',
    text: "While the hole after a player's nedf holds three, his opponent cannot make a nedf.",
    short: 'Guardian: while the hole after a nedf holds three, its owner’s opponent cannot make a nedf.',
    keywords: [/nedf/i, /three|exactly 3/i, /opponent cannot/i],
  },
  {
    id: 'SEL-17',
    text: "Nedfs and their counters stay their owner's.",
    short: 'Nedfs and their counters belong to their owner for the rest of the game.',
    keywords: [/nedf/i, /owner/i],
  },
  {
    id: 'SEL-18',
    text: 'The game ends when the player to move cannot start a sowing, or concedes; by default the one who concedes loses.',
    short:
      'The game ends when the player to move cannot start, or concedes that he can make no more nedfs; by ' +
      'default the one who concedes loses.',
    keywords: [/conced/i, /start/i, /los/i],
  },
  {
    id: 'SEL-19',
    text: 'By default each scores his nedfs plus his own holes; more wins.',
    short: 'Each player scores his nedfs plus counters left in his holes; more wins.',
    keywords: [/scor/i, /nedf/i],
  },
  { id: 'SEL-20', text: 'There is a single round.', short: 'A game is a single round.', keywords: [/single round/i] },
];

/** Selus (SPEC §6). */
export const SELUS_INFO: RulesetInfo = {
  id: 'selus',
  name: 'Selus',
  aliases: ['Sulusé', 'Suluse', 'Sulus', 'Selus (Gabata)'],
  region: 'Ethiopia (Horn of Africa); played by the nobility of the Ethiopian Empire since at least the 19th century',
  sources: [
    {
      author: 'R. Pankhurst',
      year: 1971,
      title: 'Gabata and Related Board Games of Ethiopia and the Horn of Africa. Ethiopia Observer 14(3): 154-206',
      pages: '165-166',
      note: 'read through the Ludii portal paraphrase (DLP.Games.321, Selus.lud)',
    },
  ],
  clausePrefix: 'SEL',
  players: [2],
  summary:
    'A three-row mancala of the Ethiopian nobility: after a simultaneous opening race, players relay-sow round one ' +
    "circuit, passing over the opponent's 3-holes, and turn such holes into nedfs whose counters they keep; a guardian " +
    'hole protects against new nedfs. Most counters in nedfs and own holes at the end wins.',
  reconstructions: [
    { ref: 'SEL-05 / S8', text: 'the race start is a secret choice legal under SEL-08', option: 'selusRaceStart', confidence: 'medium' },
    {
      ref: 'SEL-05 / §7.4',
      text: 'a dead heat in the race (both finishing in the same tick) is settled by a seeded coin',
      option: 'raceTie',
      confidence: 'medium',
    },
    { ref: 'SEL-06 / S9', text: 'the skip rule applies in the race; no nedfs are made in it', option: 'raceSkip', confidence: 'medium' },
    { ref: 'SEL-12 / S1', text: "the simple nedf is each player's own first nedf", option: 'nedfFirstScope', confidence: 'low' },
    {
      ref: 'SEL-14 / S1',
      text: 'later nedfs by the last two counters of a lap; one nedf a lap (SEL-15)',
      option: 'nedfMode',
      confidence: 'low',
    },
    { ref: 'SEL-12 / S2', text: "a nedf may be made in any of the opponent's ordinary holes", option: 'nedfZone', confidence: 'low' },
    {
      ref: 'SEL-14 / S3',
      text: "the second hole of the two-counter method may be either player's",
      option: 'twoCounterSecondHole',
      confidence: 'low',
    },
    { ref: 'SEL-16 / S4', text: "every nedf's guardian blocks the owner's opponent", option: 'guardianScope', confidence: 'low' },
    { ref: 'SEL-13 / S5', text: 'a lap ending in a nedf ends the turn (nedf counters are never sown)', confidence: 'medium' },
    { ref: 'SEL-11 / S6', text: 'the skip rule looks at live counts, counter by counter', confidence: 'medium' },
    { ref: 'SEL-08 / S7', text: 'the order of the starting-hole priorities', confidence: 'medium' },
    { ref: 'SEL-19 / S10', text: 'nedfs plus own holes are scored; more wins', option: 'selusScoring', confidence: 'low' },
    {
      ref: 'SEL-18 / S11',
      text: 'concession is an explicit move by which the conceding player loses the game',
      option: 'concession',
      confidence: 'medium',
    },
    { ref: 'SPEC §8', text: 'guards against perpetual sowing and endless games', option: 'perpetualMove', confidence: 'high' },
  ],
  ruleFamilies: ['SEL', '§7'],
  startRule: 'SEL-08',
  boardRules: ['SEL-01', 'SEL-02', 'SEL-03'],
  lesson: ['board', 'raceChoice', 'sow', 'relay', 'capture', 'end', 'done'],
  captureEvent: 'mark',
  words: { unit: 'counter', mark: 'nedf', capture: 'Nedf' },
  notationHelp: `Selus opens with a race: both players choose a starting hole at once (SEL-05). Player 1 races
from 3, 4, 5, 11, 10 or 9, player 2 from 14, 13, 12, 6, 7 or 8: type e.g. 3|14 (player 1's
choice first), or only your own choice when playing the computer. Then type one hole per move;
'concede' ends the game when no more nedfs can be made (SEL-18, when the option allows it).`,
  shortMatch: { concession: 'off' },
  shape: {
    rows: 3,
    holes: 18,
    stores: 0,
    tracks: 1,
    sowing: 'relay',
    race: true,
    captures: ['nedf'],
    ownershipChanges: ['during play'],
    rounds: 'single',
  },
  clauses: SELUS_CLAUSES,
  citations: {
    events: {
      'race.raceStart': ['SEL-05'],
      'race.raceTick': ['SEL-04', 'SEL-05'],
      'race.drop': ['SEL-04'],
      'race.relay': ['SEL-04'],
      'race.skip': ['SEL-06', '§1'],
      'race.raceFinish': ['SEL-04'],
      'race.raceAbandon': ['§7.5', '§7.7'],
      'race.raceEnd': ['SEL-04', 'SEL-05', '§7.4', '§7.7'],
      lift: ['SEL-08'],
      drop: ['SEL-10'],
      relay: ['SEL-07'],
      skip: ['SEL-11', '§1'],
      mark: ['SEL-12', 'SEL-14'],
      'turnEnd:newNedf': ['SEL-12'],
      'turnEnd:nedf': ['SEL-13'],
      'turnEnd:empty': ['SEL-07'],
      'turnEnd:perpetual': ['§8', '§8.1'],
      pass: ['§8.1'],
      concede: ['SEL-18'],
      'matchEnd:rules': ['SEL-19'],
      'matchEnd:concession': ['SEL-18'],
      'matchEnd:repetition': [''],
      'matchEnd:doublePass': [''],
      'matchEnd:turnCap': [''],
      'matchEnd:perpetual': [''],
    },
    mustSee: [
      'race.raceStart',
      'race.drop',
      'race.skip',
      'race.raceFinish',
      'race.raceEnd',
      'lift',
      'skip',
      'mark',
      'turnEnd:newNedf',
      'turnEnd:empty',
      'concede',
      'matchEnd:rules',
      'matchEnd:concession',
    ],
    optionSets: [
      {},
      { concession: 'off' },
      { concession: 'scored', raceLoserCompletion: 'abandon', selusRaceStart: 'leftmost' },
      { concession: 'off', nedfFirstScope: 'global', skipOriginOnLongLaps: true, selusRaceStart: 'closestToOpponent' },
    ],
    seeds: 20,
  },
  shipped: true,
};
