import type { RulesetInfo } from '../../core/game.js';

/** Abalala'e (SPEC §5). */
export const ABALALAE_INFO: RulesetInfo = {
  id: 'abalalae',
  name: "Abalala'e",
  aliases: ["Abalala'e", 'Abalalae', 'Abalala-e'],
  region: "Central highlands of Eritrea (also called Gabata in Eritrea's eastern lowlands)",
  sources: [
    {
      author: 'R. Pankhurst',
      year: 1971,
      title: 'Gabata and Related Board Games of Ethiopia and the Horn of Africa. Ethiopia Observer 14(3): 154-206',
      pages: '163, 172',
      note:
        'Taught to Pankhurst by Abba Pawlos Tzadua, Abba Zacharias, Michael Yaqob and Gabra Sellasé Gabra Amlak; ' +
        "read through the Ludii portal's paraphrase (DLP.Games.319).",
    },
  ],
  clausePrefix: 'ABA',
  players: [2],
  summary:
    'A three-row relay-sowing game in which each player follows his own serpentine track, the two running opposite ways. ' +
    "Each round opens with a simultaneous race; captures take the opponent's holes facing an empty own hole, and the " +
    'rounds go on, with the poorer player laying out all he has, until one player holds all 54 counters.',
  reconstructions: [
    {
      ref: 'ABA-06',
      text: 'The simultaneous race is played in lock-step, one counter per player per tick (SPEC §7).',
      option: 'openingMode',
      confidence: 'medium',
    },
    { ref: 'ABA-06', text: 'Within a tick the players drop in alternating priority.', option: 'raceTickOrder', confidence: 'medium' },
    {
      ref: 'ABA-06 / §7.4',
      text: 'A dead heat (both racers finishing in the same tick, as always from the standard start) is settled by a seeded coin.',
      option: 'raceTie',
      confidence: 'medium',
    },
    { ref: 'ABA-06', text: 'The race loser finishes his own sowing.', option: 'raceLoserCompletion', confidence: 'medium' },
    { ref: '§7', text: 'A race that repeats forever is decided by a seeded coin.', option: 'raceLoopResolution', confidence: 'low' },
    { ref: 'ABA-07', text: 'No captures are made in the race.', option: 'raceCaptures', confidence: 'medium' },
    {
      ref: 'ABA-09',
      text: "A main-phase turn may start from any own hole (the leftmost-hole rule is read as the race's only).",
      confidence: 'medium',
    },
    {
      ref: 'ABA-15',
      text: 'The round end is tested at the end of each turn (and after the race), not after every lap.',
      confidence: 'medium',
    },
    {
      ref: 'ABA-18',
      text: "Winnings set aside count in later redistributions (Ludii's Rab'e model).",
      option: 'winningsCountLater',
      confidence: 'medium',
    },
    { ref: 'ABA-19', text: 'Every round opens with a race again.', option: 'openingMode', confidence: 'medium' },
    { ref: '§1', text: 'A long lap sows into its own origin hole.', option: 'skipOriginOnLongLaps', confidence: 'medium' },
    {
      ref: '§8',
      text: 'Perpetual sowings are illegal; repeated or overlong rounds end with each player taking his own holes.',
      option: 'perpetualMove, roundStalemate',
      confidence: 'low',
    },
  ],
  ruleFamilies: ['ABA', '§7'],
  startRule: 'ABA-09',
  boardRules: ['ABA-01', 'ABA-02', 'ABA-03'],
  lesson: ['board', 'race', 'sow', 'relay', 'capture', 'end', 'done'],
  captureEvent: 'capture',
  words: { unit: 'counter', mark: 'wegue', capture: 'Facing' },
  notationHelp: `Abalala'e opens every round with a race (ABA-04); then type one hole per move.`,
  shortMatch: { rounds: 3 },
  shape: {
    rows: 3,
    holes: 18,
    stores: 0,
    tracks: 2,
    sowing: 'relay',
    race: true,
    captures: ['ABA-12'],
    ownershipChanges: [],
    rounds: 'several',
  },
};
