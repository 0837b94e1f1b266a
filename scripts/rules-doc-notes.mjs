// The hand-written parts of the rules reference (docs/rules.md), in the project's own words:
// the conventions, the board, the opening race and the guards, the questions each ambiguity
// settles, and the worked examples. Everything else in the reference (clauses, boards, tracks,
// options with their defaults and readings, reconstructions, changes) is read from the source
// by scripts/gen-rules-doc.mjs, which also checks that every option named here exists.

/** Paragraphs at the top of the reference. */
export const INTRO = [
  'The rules of the five games (six rulesets) this project plays, as the engine implements them. The ' +
    'clause texts, boards, tracks and options below are generated from the source (the catalogue ' +
    'entries in `src/catalogue/entries.ts`, the rulesets in `packages/engine/src/games/`), so this page and the engine ' +
    'cannot drift apart: `test/rules-doc.test.ts` regenerates it and fails when the committed copy differs.',
  'Regenerate after changing a clause, an option or a test that plays a worked example: ' +
    '`npm run build && node scripts/gen-rules-doc.mjs` (`--check` only compares). The hand-written ' +
    'parts (the questions, the race, the guards, the worked examples) live in `scripts/rules-doc-notes.mjs`.',
  'Every clause ID (ADW-07, SEL-14, ...) is cited by the title of at least one test that runs and ' +
    'asserts, and every worked example (ADW-E1 ... GIF-E5) is a test (`test/spec-coverage.test.ts`). ' +
    'The engine names these IDs, and the section numbers below (§1, §7.4, §8.3 ...), in the events ' +
    'it reports, so the numbering is kept stable. Each ambiguity (A2, K1, S8 ...) is settled by a ' +
    'default reading, and where readings genuinely differ the others are values of a rule option.',
];

/** §1: terms used throughout. */
export const CONVENTIONS = [
  '**Lap**: all the counters of one hole are lifted and dropped one at a time into the holes that ' +
    'follow it on the track. The *last counter* of a lap is the one the rules look at.',
  '**Relay**: when a lap ends in a hole that may be lifted and now holds more than one counter, ' +
    'that hole is emptied in its turn and a new lap starts from the hole after it.',
  '**Turn**: everything one player does from choosing where to start until play passes; it may ' +
    'hold many laps and, in Gabata, more than one chosen start.',
  "**Hand**: counters taken off the board are a player's own pile. Only Gifia has stores on the board.",
  '**Live counts**: "holds three", "is empty" are judged on the board as it stands when the ' +
    'counter is about to fall, not as it stood when the lap began.',
  "**A lap that comes round to its own start** (18 or more counters on a 3x6 track, 8 or more on Gifia's " +
    'ring) drops into its starting hole like any other; option `skipOriginOnLongLaps` passes over it instead.',
  'Holes are numbered from 0. Player 1 (P1) sits at the bottom of every diagram.',
];

/** §2: the 3x6 board shared by four rulesets (its holes, owners and tracks are generated). */
export const BOARD = [
  'Hole `row * 6 + col`: row 0 is the row in front of P1, row 1 the middle row, row 2 the row in ' +
    "front of P2; column 0 is P1's left and P2's right. This matches Ludii's numbering of the same board.",
  'With two players each owns the row in front of him and the half of the middle row on his right: ' +
    "P1 holes 0-5 and 9-11, P2 holes 12-17 and 6-8. On a player's left-hand three columns the " +
    'opponent therefore owns two holes in each column, on his right-hand three only one.',
  'Track G (Gabata, Aksum, Selus) is a single loop that both players follow the same way round: ' +
    "each player's nine holes form one unbroken stretch of it, beginning at the leftmost hole of his " +
    'own row (P1: 0, P2: 17). The steps 9 to 17 and 8 to 0 cross the board diagonally.',
  "Track A (Abalala'e only) is a serpentine: own row to the right, the whole middle row back, the far " +
    "row forward, then across to the start. P2's track is P1's run backwards, so the two players go " +
    'round the same loop in opposite directions.',
];

/** Per ruleset prefix: a few sentences before its generated board and clauses. */
export const GEOMETRY = {
  ADW:
    'The 3x6 board of §2, Track G for both players, no stores. A hole can carry a wegue mark: a wegue ' +
    'belongs to the player who made it, wherever it lies.',
  AKS:
    'The Adowa board and track. Each player also has a chafa enda, the leftmost hole of his own row ' +
    '(P1: 0, P2: 17), that he may not lightly start from.',
  ABA:
    "The 3x6 board of §2 with Track A: each player sows along his own serpentine. A hole's facing holes " +
    "are the opponent's holes in its column: two on the mover's left-hand half, one on his right.",
  SEL:
    "The 3x6 board of §2, Track G for both players. A hole can become a nedf owned by a player; a nedf's " +
    'guardian (yazab tabaqi) is the hole after it on the track. The three leftmost holes of a player ' +
    'are the first three of his stretch of the track (P1: 0, 1, 2; P2: 17, 16, 15); his other six holes ' +
    'are the rest.',
  GIF:
    'Two rows of four holes and a store at each end. The stores are not on the sowing ring; a move goes ' +
    'round the eight holes either way. Two holes are neighbours when they are next to each other on the ring.',
};

/** §7: the opening race of Abalala'e and Selus. Items are numbered: the engine cites §7.4 and the like. */
export const RACE = [
  'Both players sow at once on one board, so their laps interfere. The engine plays the race in ticks, ' +
    'which makes it deterministic and replayable:',
  [
    'Each racer has a hand, a cursor (the hole he last dropped into or lifted) and a finished flag.',
    'Tick 0: both lift their starting holes together.',
    'In every later tick each unfinished racer drops one counter into the next hole of his own track (his ' +
      'skip rule applies). A last counter that leaves its hole with more than one is lifted at once; one that ' +
      'leaves it with exactly one finishes him. Who drops first within a tick is option `raceTickOrder` ' +
      '(alternating by default: P1 first on odd ticks).',
    'The first to finish wins the race. If both finish in the same tick the race is a dead heat, settled ' +
      'by option `raceTie`: a fair coin from the game seed by default, so that replays stay the same.',
    'The loser then sows on alone until he finishes too (option `raceLoserCompletion` lets him stop instead, ' +
      'putting his hand back into the hole he last lifted).',
    'Nothing is captured and no nedf is made during a race (ABA-07, SEL-06).',
    'A race is a finite deterministic system; if its whole state repeats it would run for ever, and option ' +
      '`raceLoopResolution` decides who starts instead (a seeded coin by default).',
  ],
];

/** §8: guards against sowings and rounds that never end. */
export const GUARDS = [
  'Relay sowing need not end: on the 18-hole circuit there are positions in which a relay goes round and ' +
    'round for ever without reaching an empty hole (the loop vector test plays one: P2 sows hole 12 from ' +
    '`0:1, 2:1, 4:1, 7:1, 9:1, 11:1, 12:2, 13:1, 15:1, 16:2` and the position recurs every 162 laps). The guards:',
  [
    'Within a turn the engine remembers each position between laps; a repeat proves the sowing perpetual. ' +
      'By default (`perpetualMove = illegal`) such a start is not a legal move, and a player whose every ' +
      'start is perpetual passes.',
    'A safety cap, `maxLapsPerTurn`, counts as a perpetual sowing when it is reached.',
    'Across turns, the third repetition of a position, or `maxTurnsPerRound` turns, ends the round; the ' +
      'counters still in play go to the owners of their holes (`roundStalemate = ownerTakes`) or the match ' +
      'is drawn.',
    'Gifia sows a single lap, so it cannot loop within a turn, but passing can stall it: two passes in a row ' + 'end the round.',
  ],
];

/**
 * The ambiguities, by the letter of their ruleset. `options` names the rule options that settle
 * the question (their defaults and readings are generated); `reading` is the fixed reading when
 * no option exists.
 */
export const AMBIGUITIES = {
  ADW: [
    {
      id: 'A1',
      question: 'Is the last counter that makes a wegue the last of any lap of a relay, or only of the final one?',
      reading: 'Any lap: the lap that makes a wegue is where the relay stops.',
    },
    { id: 'A2', question: 'What "until the original three counters have been moved" forbids, and for how long.', options: ['captureGate'] },
    {
      id: 'A3',
      question: 'Whether sowing again after making a wegue is a duty, a choice, or not allowed.',
      options: ['wegueContinuation'],
    },
    {
      id: 'A4',
      question: 'Whose wegue is the "captured hole of the opponent" that the last counter can take from?',
      reading: 'A wegue the opponent owns; taking from your own would change nothing.',
    },
    {
      id: 'A5',
      question: "Does the turn go on after taking from the opponent's wegue?",
      reading: 'No, it ends: only making a wegue earns another sowing.',
    },
    {
      id: 'A6',
      question: 'What happens when the last counter falls into your own wegue?',
      reading: 'The turn ends and the counters stay; a wegue is never sown from.',
    },
    {
      id: 'A7',
      question: 'What does a player do who has no hole to start from while counters remain elsewhere?',
      reading: 'He passes (ADW-16); only ADW-17 ends the round.',
    },
    { id: 'A8', question: 'Which holes change hands beyond the row of six, and in what order.', options: ['surplusHoleOrder'] },
    { id: 'A9', question: 'Who makes the first turn of the rounds after the first.', options: ['roundStarter'] },
    { id: 'A10', question: 'Who makes the first turn of the match.', options: ['firstPlayer'] },
    {
      id: 'A11',
      question: 'What becomes of a single counter left over at the tally?',
      reading: 'It goes to the opponent, whose two left over it completes into a hole (ADW-19).',
    },
    { id: 'A12', question: "Whether the one-remaining-hole rule of Ludii's notes is played.", options: ['lastHoleRule'] },
    { id: 'A13', question: 'Whether a lap of 18 or more counters drops into its own starting hole.', options: ['skipOriginOnLongLaps'] },
    {
      id: 'A14',
      question: 'How sowings and rounds that would never end are stopped (§8).',
      options: ['perpetualMove', 'maxLapsPerTurn', 'maxTurnsPerRound', 'roundStalemate'],
    },
  ],
  AKS: [
    { id: 'K1', question: 'Does the chafa enda rule also stop a relay from lifting that hole?', options: ['chafaAppliesToRelay'] },
    {
      id: 'K2',
      question: 'When has a player "no other counter to play with"?',
      reading: 'When no other ordinary hole of his holds a counter (in practice the same as no other legal start).',
    },
    { id: 'K3', question: 'Which hole is the chafa enda once holes have changed hands.', options: ['chafaLocation'] },
    { id: 'K4', question: 'How three players share the board and the track (AKS-3P-01, AKS-3P-02).', options: ['players'] },
    {
      id: 'K5',
      question: 'How three players count a round and pass holes on (AKS-3P-05); an experimental extrapolation.',
      options: ['players'],
    },
    {
      id: 'K6',
      question: 'Do the Adowa questions A1-A14 arise at Aksum too?',
      reading: 'Yes, and they are settled the same way, by the same options.',
    },
  ],
  ABA: [
    {
      id: 'B1',
      question: 'Which track does each player follow?',
      reading: 'Track A of §2, the two players going round it in opposite directions; not the Gabata circuit.',
    },
    { id: 'B2', question: 'How the simultaneous race is played, or whether there is one.', options: ['openingMode'] },
    { id: 'B3', question: 'Whether captures are made during the race.', options: ['raceCaptures'] },
    { id: 'B4', question: 'What the race loser does once the winner has finished.', options: ['raceLoserCompletion'] },
    {
      id: 'B5',
      question: 'Where may a main-phase turn start?',
      reading: 'From any own hole with counters; the leftmost-hole rule belongs to the race alone.',
    },
    {
      id: 'B6',
      question: 'Whose left is meant by "the left half of the board"?',
      reading: "The mover's own left: the only reading in which two of the opponent's holes always face it.",
    },
    {
      id: 'B7',
      question: 'When is the end of the round tested?',
      reading: 'At the end of each turn; a side that is empty for a moment during a relay does not end it.',
    },
    { id: 'B8', question: 'Whether winnings set aside count in later tallies.', options: ['winningsCountLater'] },
    { id: 'B9', question: 'Who opens the later rounds.', options: ['openingMode'] },
    {
      id: 'B10',
      question: "Does the richer player fill three where the poorer player's last hole got fewer?",
      reading: 'Yes, three in each of his first k holes (ABA-17).',
    },
    {
      id: 'B11',
      question: 'What about holes left empty by the redistribution?',
      reading: 'They keep their owner, receive counters and can be played from once they hold some.',
    },
    {
      id: 'B12',
      question: 'How sowings and rounds that would never end are stopped (§8).',
      options: ['perpetualMove', 'maxLapsPerTurn', 'maxTurnsPerRound', 'roundStalemate'],
    },
  ],
  SEL: [
    {
      id: 'S1',
      question: 'How "only one nedf at a time" fits with "after the first nedf, the others".',
      options: ['nedfFirstScope', 'nedfMode'],
    },
    { id: 'S2', question: "Which of the opponent's holes can become a nedf.", options: ['nedfZone'] },
    { id: 'S3', question: 'Whose hole the second hole of the two-counter method may be.', options: ['twoCounterSecondHole'] },
    { id: 'S4', question: 'Which nedfs have a guardian that blocks, and whom it blocks.', options: ['guardian', 'guardianScope'] },
    {
      id: 'S5',
      question: 'What happens when a lap ends in a nedf?',
      reading: "The turn ends; a nedf's counters are never sown.",
    },
    {
      id: 'S6',
      question: 'Does the skip rule look at the counts as they stand, or as they stood when the lap began?',
      reading: 'As they stand, counter by counter, as in play by hand.',
    },
    {
      id: 'S7',
      question: 'In what order do the starting-hole restrictions apply?',
      reading: 'As SEL-08 lists them: holes above three first, then the two nearest the opponent, then the leftmost holes.',
    },
    { id: 'S8', question: 'Where each player starts the race.', options: ['selusRaceStart'] },
    { id: 'S9', question: 'Whether the skip rule applies in the race.', options: ['raceSkip'] },
    { id: 'S10', question: 'Who wins when the game ends.', options: ['selusScoring'] },
    { id: 'S11', question: 'How a player concedes, and what conceding means.', options: ['concession'] },
    { id: 'S12', question: 'Who makes the first turn when there is no race.', options: ['openingMode'] },
    {
      id: 'S13',
      question: 'How sowings and games that would never end are stopped (§8).',
      options: ['perpetualMove', 'maxLapsPerTurn', 'maxTurnsPerRound', 'roundStalemate'],
    },
  ],
  GIF: [
    { id: 'G1', question: 'Which holes are "adjacent on either side" of the last hole.', options: ['gifiaAdjacency'] },
    { id: 'G2', question: "Whether capture A runs on outward (Murray's repeated sentence).", options: ['gifiaChainCapture'] },
    { id: 'G3', question: 'Whether capture B may be declined.', options: ['gifiaSingleNeighbourOptional'] },
    {
      id: 'G4',
      question: "Can captures be made in the mover's own holes?",
      reading: 'Yes, in any hole; the account does not restrict them.',
    },
    { id: 'G5', question: 'How few beans are "only a few" for a voluntary pass.', options: ['gifiaPassMaxBeans'] },
    {
      id: 'G6',
      question: 'When is each player "reduced to one singleton"?',
      reading: 'When each side holds at most one bean; requiring exactly one could never end a round with a side empty.',
    },
    {
      id: 'G7',
      question: 'Where do the beans left in the holes go at the end of a round?',
      reading: "Into the store of the hole's owner.",
    },
    { id: 'G8', question: 'What becomes of a player who cannot fill a hole with six.', options: ['gifiaWeakPlayer'] },
    {
      id: 'G9',
      question: 'Are the stores on the sowing ring?',
      reading: 'No: they only hold captures and surplus beans.',
    },
    { id: 'G10', question: 'Who makes the first turn of the rounds after the first.', options: ['roundStarter'] },
  ],
};

/** The worked examples, by ruleset prefix: positions list the holes that are not empty. */
export const EXAMPLES = {
  ADW: [
    {
      id: 'ADW-E1',
      title: 'a relay that ends in an empty hole',
      text:
        'Not the opening turn, no wegues: `4:2, 11:1, 13:2`, P1 sows 4. One counter to 5, one to 11, which now ' +
        'holds two and is lifted; they go to 10 and 9, and 9 was empty, so the turn is over. Board after: ' +
        '`5:1, 9:1, 10:1, 13:2`; P2 to move.',
    },
    {
      id: 'ADW-E2',
      title: 'making a wegue, then sowing again',
      text:
        '`0:1, 10:2, 12:2, 17:3`, P1 sows 10: one to 9, one to 17, which goes from three to four and becomes ' +
        "P1's wegue. P1 must sow again, from 0 or 9; from 0 the counter falls into empty 1. Board after: " +
        "`1:1, 9:1, 12:2` and 17 holding four as P1's wegue. Under `wegueContinuation = none` the turn stops at the wegue.",
    },
    {
      id: 'ADW-E3',
      title: "the last counter in the opponent's wegue",
      text:
        "`0:1, 1:2, 12:2` and P2's wegue 3 holding five; P1 sows 1: to 2, then into the wegue. P1 takes two " +
        'counters from it and the turn ends. Board after: `0:1, 2:1, 12:2`, the wegue holding four; P1 has two in hand.',
    },
    {
      id: 'ADW-E4',
      title: "the last counter in the mover's own wegue",
      text:
        "`9:2, 12:2` and P1's wegue 16 holding four; P1 sows 9: to 17, then into his wegue. Nothing is taken " +
        'and the turn ends. Board after: `12:2, 17:1`, the wegue holding five.',
    },
    {
      id: 'ADW-E5',
      title: 'the capture gate on the opening turn',
      text:
        'From the starting position P1 sows 10 on the first turn of the round. The first lap ends in 16 and the ' +
        'second in 12, both opponent holes going from three to four, but the gate forbids a wegue on this turn, so ' +
        'both are relayed; seven laps later a counter reaches empty 0. Board after: `0:1, 1:4, 2:4, 3:4, 5:4, 6:5, ' +
        '7:5, 8:5, 10:1, 11:4, 12:1, 14:5, 15:5, 16:1, 17:5`, no wegue. With `captureGate = none` 16 becomes ' +
        "P1's wegue at the end of the first lap.",
    },
    {
      id: 'ADW-E6',
      title: 'holes changing hands between rounds',
      text:
        'A round ends 32 to 22. P1 earns ten holes by threes and an eleventh for his two left over, P2 handing ' +
        "over his odd counter; P2 keeps seven. P1 takes P2's first two holes in P2's sowing order, 17 and 16, " +
        'so the next round starts with three in every hole and P1 owning 0-5, 9-11, 16 and 17.',
    },
  ],
  AKS: [
    {
      id: 'AKS-E1',
      title: 'the chafa enda may not be chosen',
      text:
        '`0:3, 3:1, 12:2`, P1 to move: hole 0 is his chafa enda with only three, and he has another hole, so his ' +
        'one legal start is 3. Its counter falls into empty 4. Board after: `0:3, 4:1, 12:2`.',
    },
    {
      id: 'AKS-E2',
      title: 'a chafa enda with more than three may be chosen',
      text:
        '`0:4, 3:1, 12:2`: P1 may start from 0 or 3. From 0 the four counters go to 1, 2, 3 and 4, the last into ' +
        'an empty hole. Board after: `1:1, 2:1, 3:2, 4:1, 12:2`.',
    },
    {
      id: 'AKS-E3',
      title: 'the chafa enda as the only hole left',
      text: '`0:3, 12:2`: 0 is the only hole P1 could play, so he may. Board after: `1:1, 2:1, 3:1, 12:2`.',
    },
    {
      id: 'AKS-E4',
      title: "the opponent's relay lifts a chafa enda",
      text:
        "`0:2, 5:1, 8:1, 12:2`, P2 sows 8: the counter makes P1's hole 0 hold three; it is an occupied ordinary " +
        'hole, so the relay lifts it (the rule only limits what its owner chooses) and sows 1, 2, 3. Board after: ' +
        '`1:1, 2:1, 3:1, 5:1, 12:2`.',
    },
    {
      id: 'AKS-E5',
      title: 'the chafa enda rule in the sowing after a wegue',
      text:
        "`0:2, 10:2, 12:2, 17:3`, P1 sows 10: 9, then 17 becomes P1's wegue. For the second sowing only 9 is " +
        'allowed (0 holds two and is not his only hole); its counter falls into his own wegue and the turn ends. ' +
        'Board after: `0:2, 12:2`, the wegue 17 holding five.',
    },
  ],
  ABA: [
    {
      id: 'ABA-E1',
      title: 'two captures in one turn',
      text:
        '`0:2, 1:1, 3:2, 8:2, 12:1, 13:2, 14:3, 17:4`, P1 sows 0: 1, then empty 2, on his left half, which takes ' +
        'both facing holes 8 and 14 (five counters). That counter moves on into 3, now three, which is relayed to ' +
        '4, 5 and empty 11, taking the one hole facing it, 17 (four). The counter moves on into empty 10, facing ' +
        'nothing, and the turn ends. Board after: `1:2, 4:1, 5:1, 10:1, 12:1, 13:2`; P1 took nine.',
    },
    {
      id: 'ABA-E2',
      title: "a capture on P2's right half",
      text:
        '`1:3, 3:2, 6:1, 12:2, 15:1`, P2 sows 12 along his track: 6, then empty 7, facing 1 (three counters, ' +
        'taken). The counter moves on into empty 8, facing nothing. Board after: `3:2, 6:2, 8:1, 15:1`.',
    },
    {
      id: 'ABA-E3',
      title: "a capture on P2's left half, then a relay",
      text:
        '`1:2, 4:1, 7:1, 10:2, 15:2, 17:1`, P2 sows 17: empty 16, facing 10 and 4 (three counters, taken). The ' +
        'counter moves on into 15, now three, which is relayed to 14, 13 and empty 12, facing nothing. Board ' +
        'after: `1:2, 7:1, 12:1, 13:1, 14:1`.',
    },
    {
      id: 'ABA-E4',
      title: "ending in the opponent's empty hole",
      text:
        "`3:2, 9:1, 13:1`, P1 sows 9: on Track A the next hole is P2's empty 8 (on the Gabata circuit it would be " +
        '17), and the turn ends. Board after: `3:2, 8:1, 13:1`.',
    },
    {
      id: 'ABA-E5',
      title: 'the race tick by tick',
      text:
        'A made-up race position `0:3, 1:3, 2:1, 14:1, 15:3, 16:3, 17:3`; P1 lifts 0 and P2 lifts 17. In tick 1 ' +
        'P1 drops into 1 and P2 into 16; in tick 2 P2 into 15, then P1 into 2; in tick 3 P1 drops his last counter ' +
        'into empty 3 and wins, while P2 lands on 14, lifts its two and finishes in empty 12 at tick 5. Board ' +
        'after: `1:4, 2:2, 3:1, 12:1, 13:1, 15:4, 16:4`; P1 moves first. Had 14 been empty both would finish in ' +
        'tick 3: a dead heat (§7.4).',
    },
    {
      id: 'ABA-E6',
      title: 'laying out after a round',
      text:
        'A round ends 20 to 34. P1 lays out all twenty, three each in 0-5 and two in 11: seven holes. P2 puts ' +
        'three into his first seven holes (17 to 12, then 6) and sets the other 13 aside. The next round races ' +
        'from 0 and 17 with 41 counters on the board.',
    },
  ],
  SEL: [
    {
      id: 'SEL-E1',
      title: 'where P1 may start',
      text:
        "P1 `0:2, 1:3, 2:1, 3:3, 4:2, 10:2, 11:3`, P2 `12:2`. No hole of P1's holds more than three and his " +
        'other holes hold only twos and threes, so he must start from the two nearest the opponent: 10 is his only ' +
        'legal start. It sows 9 and empty 17. Board after: `0:2, 1:3, 2:1, 3:3, 4:2, 9:1, 11:3, 12:2, 17:1`.',
    },
    {
      id: 'SEL-E2',
      title: 'passing over a three, then a first nedf',
      text:
        '`6:1, 9:1, 11:4, 12:2, 14:2, 15:3, 17:3`, P1 sows 11 (more than three, so it must be this hole): 10, 9; ' +
        '17 holds three and this is not the last counter, so it is passed over; 16; the last counter goes into ' +
        "15, which holds three, and makes it P1's first nedf. The turn ends. Its guardian 14 holds two and blocks nothing.",
    },
    {
      id: 'SEL-E3',
      title: 'a later nedf by two counters',
      text:
        "`5:5, 6:2, 14:1, 16:3, 17:3` and P1's nedf 15 holding four; P1 sows 5: 11, 10, 9, then with two in hand " +
        'one each into 17 and 16, both threes: 17 becomes his second nedf, and the four in 16 are sown on, through ' +
        "the nedf 15, to 14, 13 and empty 12. Board after: `6:2, 9:1, 10:1, 11:1, 12:1, 13:1, 14:2`, P1's nedfs " +
        '15 (five) and 17 (four).',
    },
    {
      id: 'SEL-E4',
      title: 'a guardian blocks a nedf',
      text:
        "`4:3, 10:2, 12:2, 17:3` and P2's nedf 3 holding two. The hole after that nedf, 4, holds three, so P1 " +
        'can make no nedf: sowing 10, his counters go to 9, pass over 17 and stop in empty 16. With two in 4 ' +
        'instead, his last counter would make 17 his nedf.',
    },
    {
      id: 'SEL-E5',
      title: 'a lap ending in a nedf',
      text:
        "`6:2, 13:1` and P1's nedf 8 holding four; P2 sows 6: 7, then the nedf, and the turn ends. Board after: " +
        '`7:1, 13:1`, the nedf holding five.',
    },
  ],
  GIF: [
    {
      id: 'GIF-E1',
      title: 'an opening move that takes nothing',
      text:
        'Every hole holds six; P1 sows 1 anticlockwise into 2, 3, 7, 6, 5 and 4, each now seven. The last hole ' +
        'and its neighbours hold seven, seven and six: nothing is taken.',
    },
    {
      id: 'GIF-E2',
      title: 'capture B with a choice',
      text:
        '`0:1, 1:3, 2:1, 3:3, 5:2, 6:4`, P1 sows 1 anticlockwise: 2, 3 and 7, which now holds one. Both ring ' +
        'neighbours of 7 (3 and 6) hold four, so P1 takes one of them, say 6. With row neighbours only 6 qualifies.',
    },
    {
      id: 'GIF-E3',
      title: 'capture A with both neighbours',
      text:
        '`0:2, 1:1, 2:4, 3:3, 4:1, 6:2, 7:1`, P2 sows 6 clockwise: 7 (two), then 3 (four). P2 takes 3 and both ' +
        'its neighbours, 2 (four) and 7 (two): ten beans. With row neighbours 7 is not a neighbour of 3 and stays.',
    },
    {
      id: 'GIF-E4',
      title: 'nine beans go right round',
      text:
        '`0:9` and one bean in each of 2-7; P1 sows 0 anticlockwise: the eighth bean falls into 0 itself and the ' +
        'ninth makes 1 hold two. P1 takes 1 and its neighbour 2 (two), four beans. With `skipOriginOnLongLaps` ' +
        'the lap ends in 2 instead, with three, and P1 takes one neighbour holding two.',
    },
    {
      id: 'GIF-E5',
      title: 'the end of a round',
      text:
        "Only `4:1` (P1's) and `2:1` (P2's) are left: each side holds at most one bean, so the round ends and " +
        'each stores his own. Next round each fills holes with six as far as his store goes; by default a player ' +
        'who cannot fill one has lost.',
    },
  ],
};
