/**
 * Gifia, the two-row game of the Umon (Aro Division, Calabar Province, Nigeria), SPEC §9.
 *
 * The rules in our words. Eight holes in two rows of four, a store at each end. Each player owns
 * the two left-hand holes of each row as he sits, and the store on his left: player 1 holes
 * 0, 1, 4, 5 and the west store, player 2 holes 2, 3, 6, 7 and the east store. Six beans start in
 * every hole. A move lifts all beans of one of the mover's holes and sows them one by one round
 * the ring of eight holes (the stores are not on it), in the direction the mover chooses; one
 * lap, no relay. If the last bean makes its hole hold 2 or 4, the mover takes them and also the
 * beans of each neighbour of that hole holding 2 or 4 (capture A). If it makes any other number
 * but a neighbour holds 2 or 4, he takes the beans of exactly one such neighbour (capture B).
 * Captures go to the mover's store. A player with only a few beans left in his holes may pass;
 * one with none must. When each side holds at most one bean the round ends and each player
 * stores the beans of his own holes. The next round each player puts six beans into as many of
 * his holes as he can, keeping the surplus in his store; a player who cannot fill one hole has
 * lost the match.
 *
 * Source: Murray 1951: 192-193, quoting K. C. Murray (Surveyor of Antiquities of Nigeria), who
 * recorded the first round of a game played by two women; Ludii DLP.Evidence.673 and `Gifia.lud`.
 *
 * Choices made here (each switchable where the SPEC names an option, see `GIFIA_OPTIONS`):
 * - Capture B's neighbour is part of the move, not a second decision. A move is a hole, a
 *   direction and, when capture B takes a hole, that hole: `1a` (hole 1 anticlockwise), `1c`
 *   (clockwise), `1a>6` (anticlockwise, then take neighbour 6). Reasons: one decision per turn
 *   keeps the game strictly alternating, which every search agent assumes cheaply; the record of a
 *   move says everything that happened; no pending capture has to live in the state. The
 *   neighbour is named whenever capture B takes one, also when it is forced; `parseMove` accepts
 *   the bare `1a` for a forced single neighbour. With `gifiaSingleNeighbourOptional` the bare
 *   move is the decision to take nothing.
 * - Moves are encoded `hole | dir << 3 | (neighbour + 1) << 4` (dir 0 = anticlockwise along
 *   RING_CCW, 1 = clockwise along RING_CW; neighbour + 1 = 0 for none), and MOVE_PASS.
 *   Both directions are listed even where they give the same board (8 or 16 beans).
 * - The next round fills a player's holes in a fixed order, nearest row first from his left:
 *   player 1 holes 0, 1, 4, 5; player 2 holes 7, 6, 3, 2 (Ludii lets the player pick the holes;
 *   the sources do not say).
 * - Round-stalemate guard (SPEC §8.3): the position is recorded at each turn start; a threefold
 *   repetition or `maxTurnsPerRound` turns end the round (or the match, drawn, with
 *   `roundStalemate = draw`). `maxRounds` is a match guard for players that never lose beans.
 * - A round's winner (for `roundStarter`) is the player whose total (store + holes) grew in it.
 * - The voluntary pass needs 1..`gifiaPassMaxBeans` beans in one's holes; two passes in a row
 *   (a forced one included) end the round as GIF-10 does. The round-end test runs after every
 *   move and pass.
 * - `singleShortHole`: a player with 1-5 beans puts them all in his first hole (P1 0, P2 7).
 *
 * @example
 *   const game = unwrap(gifia.create({ gifiaAdjacency: 'row' }));
 *   const s = game.newState(1);
 *   game.apply(s, unwrap(game.parseMove(s, '1a')));   // P1 sows hole 1 anticlockwise
 */
import { ok } from '../core/errors.js';
import type { Ruleset } from '../core/game.js';
import { defineRuleset } from '../core/rules.js';
import { GifiaGame } from './gifia/game.js';
import { GIFIA_OPTIONS, GIFIA_PRESETS } from './gifia/options.js';
import { GIFIA_INFO } from './info/gifia.js';

export {
  AUX_ROUND_START_P1,
  AUX_ROUND_START_P2,
  GEOMETRY_2X4,
  GIFIA_FILL_ORDER,
  OWNERS_2X4,
  RING_CCW,
  RING_CW,
  makeMove,
  moveDir,
  moveHole,
  moveTake,
} from './gifia/board.js';
export { GIFIA_ADJACENCIES, GIFIA_OPTIONS, GIFIA_PRESETS, GIFIA_WEAK_PLAYERS } from './gifia/options.js';

export const gifia: Ruleset = defineRuleset(GIFIA_INFO, GIFIA_OPTIONS, GIFIA_PRESETS, (ruleset, o) => ok(new GifiaGame(ruleset, o)));
