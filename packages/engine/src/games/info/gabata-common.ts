/** What the two Gabata rulesets share in their descriptions: the source and the common reconstructions. */

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
