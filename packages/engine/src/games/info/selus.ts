import type { RulesetInfo } from '../../core/game.js';

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
};
