/**
 * Selus (Sulusé, also called Gabata), the three-row mancala of the Ethiopian nobility.
 *
 * The rules in our words (SPEC §6, clause IDs SEL-01..SEL-20). A 3x6 board, three counters in
 * each hole, no stores. Each player owns his near row and the half of the centre row on his
 * right; both sow round the one circuit of Track G. The game opens with a race: both players sow
 * at once, relaying on, each until his last counter falls into an empty hole; whoever gets there
 * first plays first. Then turns alternate. A lap that ends in an occupied ordinary hole is lifted
 * and sown on; one that ends in an empty hole, or in a nedf, ends the turn. Where a turn may begin
 * is restricted (SEL-08): a hole with more than three first; else, among the mover's six "other"
 * holes, the 2-hole closest to the opponent when those holes hold only 2s and 3s; only when the
 * other holes are empty, one of the three leftmost holes, the one with fewest counters first.
 * A counter is never dropped into an opponent's ordinary hole holding exactly three: it passes
 * over it. The exception makes the game: when the last counter of a lap would pass over such a
 * hole, and the mover owns no nedf yet, it is dropped there instead and the hole becomes his nedf
 * (a hole whose counters are his and can never be sown); the turn ends. Later nedfs need the last
 * two counters of a lap to fall into two consecutive 3-holes: the first becomes the nedf and the
 * player sows on from the second. The hole after a nedf is its guardian (yazab tabaqi): while it
 * holds exactly three, the nedf's owner's opponent can make no nedf. The game ends when the player
 * to move has nothing to sow, or when a player concedes that he can make no more nedfs; each then
 * scores his nedfs plus the counters left in his own ordinary holes (the seed names no winner).
 *
 * Source: R. Pankhurst, "Gabata and related board games of Ethiopia and the Horn of Africa",
 * Ethiopia Observer 14(3), 1971: 165-166, through the Ludii portal's paraphrase (seed 004).
 *
 * Choices made (each reading of low confidence is an option; see `SELUS_OPTIONS`):
 * - Nedf creation is decided counter by counter inside the sowing kernel's `skip` hook, which is
 *   told how many counters are in hand: with one (SEL-12) or two (SEL-14) in hand at an
 *   opponent's 3-hole the counter is dropped instead of skipped; a flag in `aux` then forces the
 *   next drop (the second hole of the two-counter method) and the mark is written when the lap
 *   ends (`afterLast`, which alone may emit events). So the trace reads drop, drop, mark.
 * - The last counter reaching a nedf ends the turn (SPEC S5: nedf counters are never sown).
 * - Skip conditions use live counts (S6); the origin of a long lap is not skipped (option).
 * - The race (SEL-04..06): the lock-step model of SPEC §7 in `core/race.ts`, the skip rule on,
 *   no nedfs. With `selusRaceStart = choose` the start is a simultaneous node: each player
 *   picks a start legal under SEL-08; the joint choice is written `p1hole|p2hole`, e.g. `9|8`
 *   (see `parseJointMove`), and each player's choices come from `legalMovesFor`.
 * - `leftmost` / `closestToOpponent` race starts: the legal start (SEL-08) earliest / latest in
 *   the player's own stretch of Track G (player 1: 3 / 9, player 2: 14 / 8 at the setup).
 * - Concession is an explicit move (MOVE_CONCEDE) offered at every main-phase decision (option
 *   `concession`): by default the conceding player loses (SEL-18, SPEC §12); under `scored` the
 *   game is scored by SEL-19 as before 2026-11-30.
 * - A player whose every start is perpetual (SPEC §8) passes; two passes in a row end the game
 *   by the stalemate guard.
 */
import { ok } from '../core/errors.js';
import type { Ruleset } from '../core/game.js';
import { defineRuleset } from '../core/rules.js';
import { SELUS_INFO } from './info/selus.js';
import { SelusGame } from './selus/game.js';
import { SELUS_OPTIONS, SELUS_PRESETS } from './selus/options.js';

export {
  AUX_FORCE_DROP,
  AUX_LAP_NEDFS,
  AUX_LATEST_NEDF,
  AUX_PENDING_KIND,
  AUX_PENDING_NEDF,
  AUX_RACE_START,
  legalStarts,
  tally,
} from './selus/board.js';
export { parseJointMove } from './selus/notation.js';
export {
  GUARDIAN_SCOPES,
  NEDF_FIRST_SCOPES,
  NEDF_MODES,
  NEDF_ZONES,
  SELUS_CONCESSIONS,
  SELUS_OPTIONS,
  SELUS_PRESETS,
  SELUS_RACE_STARTS,
  SELUS_SCORINGS,
  TWO_COUNTER_SECOND_HOLES,
  type SelusConcession,
  type SelusRaceStart,
  type SelusScoring,
} from './selus/options.js';

/** Selus ruleset (SPEC §6). */
export const selus: Ruleset = defineRuleset(SELUS_INFO, SELUS_OPTIONS, SELUS_PRESETS, (ruleset, o) => ok(new SelusGame(ruleset, o)));
