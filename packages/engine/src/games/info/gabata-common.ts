/**
 * What the two Gabata rulesets share in their descriptions: the source, the common reconstructions,
 * the clauses of Adowa and of the three-player game, and what the events of play cite.
 */
import type { RuleClause } from '../../core/game.js';

export const PANKHURST = {
  author: 'Pankhurst, R.',
  year: 1971,
  title: 'Gabata and Related Board Games of Ethiopia and the Horn of Africa. Ethiopia Observer 14(3)',
  pages: '154-206',
} as const;

export const COMMON_RECONSTRUCTIONS = [
  { ref: 'A2', text: 'The capture gate closes the first turn of each round.', option: 'captureGate', confidence: 'medium' },
  { ref: 'A3', text: 'Sowing again after a wegue is compulsory when possible.', option: 'wegueContinuation', confidence: 'medium' },
  { ref: 'A8', text: "Surplus holes change hands in the loser's sowing order.", option: 'surplusHoleOrder', confidence: 'medium' },
  { ref: 'A9', text: 'Later rounds are started alternately.', option: 'roundStarter', confidence: 'low' },
  { ref: 'ADW-14', text: "Taking from an opponent's wegue ends the turn.", confidence: 'medium' },
  { ref: 'ADW-16', text: 'A player with no legal start passes.', confidence: 'medium' },
  {
    ref: 'K5',
    text: 'Three players: turn order, tally and hole transfer extrapolated from the two-player rules.',
    option: 'players',
    confidence: 'low',
  },
  { ref: '§8', text: 'Perpetual relays are illegal; repetition or a turn cap ends a round.', option: 'perpetualMove', confidence: 'high' },
] as const;

/** The clauses of Gabata of Adowa (SPEC §3), which Aksum's build on. */
export const ADOWA_CLAUSES: readonly RuleClause[] = [
  {
    id: 'ADW-01',
    text: 'The board has three rows of six holes and no stores.',
    short: 'Three rows of six holes; there are no stores.',
    keywords: [/three rows of six/i],
  },
  {
    id: 'ADW-02',
    text: 'Every hole starts with three counters, 54 in all.',
    short: 'Each of the 18 holes starts with three counters (54 in all).',
    keywords: [/three counters/i, /54/],
  },
  {
    id: 'ADW-03',
    text:
      'Each player owns the row in front of him and the three central holes on his right; those of his ' +
      'holes that are not wegues are his ordinary holes.',
    short: 'Each player owns his near row and the right half of the centre row; those of them that are not wegues are his ordinary holes.',
    keywords: [/own/i, /ordinary/i],
  },
  {
    id: 'ADW-04',
    text:
      'Both players sow round the same circuit: along the own row to the right, back along the own central ' +
      'half, across the far row and back through the other central half.',
    short: 'Every lap goes round one shared circuit, the same way for both players.',
    keywords: [/circuit|track|cycle/i, /same/i],
  },
  {
    id: 'ADW-05',
    text: 'A sowing drops one counter in each hole it passes, whoever owns it, wegues included.',
    short: 'Sowing drops one counter into each hole in turn, skipping nothing.',
    keywords: [/one counter/i, /each/i],
  },
  {
    id: 'ADW-06',
    text: 'Player 1 makes the first turn unless chosen otherwise (the source does not say).',
    short: 'Player 1 starts the match unless the options say otherwise.',
    keywords: [/P1|player 1/i, /start|first/i],
  },
  {
    id: 'ADW-07',
    text: 'A turn starts by lifting all the counters of one of your ordinary holes.',
    short: 'A turn starts by lifting all counters of one of your own ordinary holes.',
    keywords: [/lift/i, /ordinary hole/i],
  },
  {
    id: 'ADW-08',
    text: 'If the last counter lands in an occupied ordinary hole, its counters are lifted and sown on.',
    short: 'Relay: when the last counter falls into an occupied ordinary hole, its counters are lifted and sown on.',
    keywords: [/occupied/i, /relay|lift/i],
  },
  {
    id: 'ADW-09',
    text: 'If the last counter lands in an empty hole, the turn is over.',
    short: 'When the last counter falls into an empty hole, the turn ends.',
    keywords: [/empty/i, /turn (ends|is over)/i],
  },
  {
    id: 'ADW-10',
    text: "If the last counter makes an opponent's hole go from three to four, that hole becomes your wegue.",
    short: "When the last counter makes an opponent's hole of three into four, that hole becomes your wegue.",
    keywords: [/wegue/i, /\b(3|three)\b/i, /\b(4|four)\b/i],
  },
  {
    id: 'ADW-11',
    text: 'No wegue can be made while the opening setup is still untouched; by default, not during the first turn of a round.',
    short: 'Capture gate: no wegue can be made on the first turn of a round; such a landing is a relay.',
    keywords: [/wegue/i, /first turn/i],
  },
  {
    id: 'ADW-12',
    text: "A wegue stays its maker's for the round; nobody sows from it, and what falls in is his at the round's end.",
    short: 'A wegue belongs to its maker for the round; nobody sows from it; what falls in stays there.',
    keywords: [/wegue/i, /sow/i],
  },
  {
    id: 'ADW-13',
    text: 'Having made a wegue, you sow again from any of your ordinary holes.',
    short: 'After making a wegue you sow again from any of your ordinary holes.',
    keywords: [/wegue/i, /again|continues/i],
  },
  {
    id: 'ADW-14',
    text: "Ending in the opponent's wegue takes the last counter and one more from it; the turn ends.",
    short: "A last counter into an opponent's wegue takes it and one more counter into your hand; the turn ends.",
    keywords: [/opponent/i, /wegue/i, /one more/i, /turn/i],
  },
  {
    id: 'ADW-15',
    text: 'Ending in your own wegue simply ends the turn.',
    short: 'A last counter into your own wegue stays there; the turn ends.',
    keywords: [/own(ed by the \W*mover| wegue)/i, /turn ends|ends the turn/i],
  },
  { id: 'ADW-16', text: 'A player with nothing to sow passes.', short: 'A player with no hole to start from passes.', keywords: [/pass/i] },
  {
    id: 'ADW-17',
    text: 'The round ends when every counter left on the board lies in a wegue.',
    short: 'The round ends when no ordinary hole holds a counter.',
    keywords: [/round ends/i, /ordinary hole|wegue/i],
  },
  {
    id: 'ADW-18',
    text: 'Each player counts his hand and his wegues; the two totals make 54.',
    short: 'Tally: each player counts his hand plus his wegues.',
    keywords: [/tally|total/i, /hand/i, /wegue/i],
  },
  {
    id: 'ADW-19',
    text: 'Every three counters buy a hole for the next round; two left over buy one more, the opponent supplying the missing counter.',
    short: 'Every three counters earn a hole for the next round; two left over earn one more, with a counter from the opponent.',
    keywords: [/hole/i, /three|\/3/i, /two|= 2/i],
  },
  {
    id: 'ADW-20',
    text: "The richer player takes his extra holes from the opponent's left, in the opponent's sowing order.",
    short: "The richer player takes his extra holes from the opponent's left, in the opponent's sowing order.",
    keywords: [/opponent/i, /left/i, /sowing order/i],
  },
  {
    id: 'ADW-21',
    text: 'The next round starts with three counters in every hole, the new owners, no wegues; the starter alternates by default.',
    short: 'A new round: three counters in every hole, wegues cleared; the starter alternates.',
    keywords: [/three counters/i, /wegue/i, /alternat/i],
  },
  {
    id: 'ADW-22',
    text: 'Whoever ends up owning all 18 holes wins the match.',
    short: 'The match ends when one player owns all 18 holes.',
    keywords: [/all 18 holes/i, /match/i],
  },
  {
    id: 'ADW-23',
    text: 'Optional (from Ludii, not the source): a player down to one hole keeps one counter when it is captured.',
    short: 'Optional last-hole rule: a player reduced to one hole keeps one counter when it is captured.',
    keywords: [/one hole/i, /one is left|keeps one counter/i, /ludii|option/i],
  },
];

/** The three-player clauses (SPEC §4.3): Aksum's, and Adowa's but AKS-3P-06 (its chafa enda). */
export const THREE_PLAYER_CLAUSES: readonly RuleClause[] = [
  {
    id: 'AKS-3P-01',
    text: 'Three players: one holds the whole near row, the other two each hold a block of two rows by three columns.',
    short: 'Three players: one owns a full outer row, the others a block of two rows of three each.',
    keywords: [/three players/i, /row/i, /2x3|two rows (of|by) three/i],
  },
  {
    id: 'AKS-3P-02',
    text: "The circuit is unchanged; each player's holes lie in one stretch of it.",
    short: 'The circuit is the same; each player’s holes follow each other on it.',
    keywords: [/track|circuit/i, /unchanged|same/i],
  },
  {
    id: 'AKS-3P-03',
    text: 'Turns pass round in circuit order.',
    short: 'Turns go round in the order of the circuit.',
    keywords: [/turn/i, /order/i, /track|circuit/i],
  },
  {
    id: 'AKS-3P-04',
    text: "An opponent's hole is a hole of either other player.",
    short: "An opponent's hole is a hole of either other player.",
    keywords: [/either other player/i],
  },
  {
    id: 'AKS-3P-05',
    text: 'Holes are shared out by threes; the pooled remainders give extra holes by a fixed order.',
    short: 'Tally as in the two-player game, with left-over counters pooled into extra holes.',
    keywords: [/pool/i, /extra holes/i],
  },
  {
    id: 'AKS-3P-06',
    text: "At Aksum each player's chafa enda is the first hole of his stretch.",
    short: 'Each player’s chafa enda (Aksum) is the first hole of his part of the circuit.',
    keywords: [/chafa enda/i, /first hole/i],
  },
  {
    id: 'AKS-3P-07',
    text: 'A player left with no holes is out; the last one owning every hole wins.',
    short: 'A player who earns no hole drops out; the last one owning the board wins.',
    keywords: [/\b(0|no) holes?\b/i, /eliminated|\bout\b/i],
  },
];

/** Which clause each event of a Gabata game cites (Adowa's and Aksum's alike). */
export const GABATA_EVENTS: Readonly<Record<string, readonly string[]>> = {
  lift: ['ADW-07'],
  drop: ['ADW-05'],
  relay: ['ADW-08'],
  skip: ['§1'],
  mark: ['ADW-10'],
  capture: ['ADW-14', 'ADW-23'],
  'await:continue': ['ADW-13'],
  'await:choose': ['ADW-20', 'AKS-3P-05'],
  'turnEnd:empty': ['ADW-09'],
  'turnEnd:ownWegue': ['ADW-15'],
  'turnEnd:opponentWegue': ['ADW-14'],
  'turnEnd:lastHole': ['ADW-23'],
  'turnEnd:wegue': ['ADW-13'],
  'turnEnd:stop': ['ADW-13'],
  'turnEnd:perpetual': ['§8', '§8.1'],
  'turnEnd:chafaEnda': ['K1'],
  pass: ['ADW-16'],
  'roundEnd:rules': ['ADW-18'],
  'roundEnd:repetition': ['ADW-18', '§8.3'],
  'roundEnd:doublePass': ['ADW-18', '§8.3'],
  'roundEnd:turnCap': ['ADW-18', '§8.3'],
  'roundEnd:perpetual': ['ADW-18', '§8.1'],
  redistribute: ['ADW-20', 'AKS-3P-05'],
  eliminated: ['AKS-3P-07'],
  'matchEnd:rules': ['ADW-22', ''],
  'matchEnd:rounds': [''],
  'matchEnd:repetition': [''],
  'matchEnd:doublePass': [''],
  'matchEnd:turnCap': [''],
  'matchEnd:perpetual': [''],
};
