/**
 * Abalala'e, the three-row mancala of the central highlands of Eritrea (SPEC §5, clauses ABA-).
 *
 * The rules in our words. Eighteen holes in three rows of six, three counters in each. Each
 * player owns the row nearest him and the half of the middle row on his right. A player sows
 * along his own serpentine track: his row left to right, the whole middle row right to left, the
 * far row left to right, then back to his first hole; the two players' tracks are the same cycle
 * run in opposite senses. Every round opens with a race: both players at once lift their
 * leftmost hole and relay-sow (a last counter falling into an occupied hole lifts it and sows on)
 * until a last counter falls into an empty hole; the first to get there moves first in the turns
 * that follow. A turn starts from any own hole and relay-sows the same way. A last counter that
 * falls into an empty hole of the opponent ends the turn; one that falls into an empty hole of
 * the mover's own captures what the opponent has in that column (two holes in the mover's left
 * half, one in his right half), and that single counter then steps on to the next hole as a new
 * last counter (relay, capture again, or stop). When, at the end of a turn, one side has no
 * counters, the other player takes what is left on the board and the round is over. The poorer
 * player lays out all his counters three to a hole along his track from his leftmost hole; the
 * richer matches him hole for hole and sets the rest aside as winnings. The match ends when one
 * player holds all 54 counters.
 *
 * Source: R. Pankhurst, "Gabata and Related Board Games of Ethiopia and the Horn of Africa",
 * Ethiopia Observer 14(3): 154-206 (1971), p. 163 (rules; reference p. 172), as paraphrased by the
 * Ludii portal (DLP.Games.319, seed 001).
 *
 * Choices (SPEC §5.3, each switchable where the readings differ): the race is the lock-step model
 * of SPEC §7 (`openingMode`, `raceTickOrder`, `raceTie`, `raceLoserCompletion`, `raceLoopResolution`); no
 * captures in the race (`raceCaptures`); any own hole may start a main-phase turn; the round end
 * is tested at the end of a turn, and also right after the race (a race can empty a side);
 * winnings count in later tallies (`winningsCountLater`). Guards (SPEC §8): a start whose relay
 * never ends is illegal (`perpetualMove`; a player with no other start passes, and two passes in
 * a row end the round); threefold repetition or `maxTurnsPerRound` ends a round, each player
 * then taking the counters in his own holes (`roundStalemate = ownerTakes`) or the match being
 * drawn (`draw`); a match is stopped after MAX_ROUNDS rounds as a last safety net.
 *
 * A consequence worth knowing: the start is point-symmetric and P2's track is P1's mirrored
 * (hole h <-> 17 - h), so the first race is always a dead heat (both finish in tick 51) and the
 * tick order decides it: P1 wins it under the default `alternate`, P2 under `p2First`.
 */
import { ok } from '../core/errors.js';
import type { Ruleset } from '../core/game.js';
import { defineRuleset } from '../core/rules.js';
import { AbalalaeGame } from './abalalae/game.js';
import { ABALALAE_OPTIONS, ABALALAE_PRESETS } from './abalalae/options.js';
import { ABALALAE_INFO } from './info/abalalae.js';

export { ABALALAE_COUNTERS, LAYOUT_ORDER, MAX_ROUNDS, facingHoles } from './abalalae/board.js';
export { AbalalaeGame } from './abalalae/game.js';

export const abalalae: Ruleset = defineRuleset(ABALALAE_INFO, ABALALAE_OPTIONS, ABALALAE_PRESETS, (ruleset, o) =>
  ok(new AbalalaeGame(ruleset, o)),
);
