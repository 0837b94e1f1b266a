/**
 * Gabata as played around Adowa and Aksum (Pankhurst 1971), two rulesets of one module.
 *
 * The game in our words: three rows of six holes, three counters in each. Each player owns his
 * near row and the right half of the centre row, and everyone sows round one shared circuit
 * (Track G). A turn starts from one of the mover's own ordinary holes; a lap whose last counter
 * falls into an occupied hole is lifted and sown on (relay), one that ends in an empty hole ends
 * the turn. A lap that ends in an opponent's hole that held exactly three turns it into the
 * mover's *wegue*: his for the rest of the round, never sown from, collecting whatever falls in;
 * he then sows again from any of his holes. Ending in an opponent's wegue takes two counters from
 * it. When no ordinary hole holds a counter the round ends; each player counts his hand and his
 * wegues, and the richer takes over one of the opponent's holes for every three counters above
 * the original 27 (two extra counters round up with one from the opponent). The match ends when
 * one player owns the whole board. At Aksum a player may not start from his *chafa enda* (the
 * leftmost hole of his main row) unless it holds more than three counters or it is his only
 * choice. Either game can be played by three (one player a full row, the others a 2x3 block each).
 *
 * Source: Pankhurst, R. 1971, "Gabata and Related Board Games of Ethiopia and the Horn of Africa",
 * Ethiopia Observer 14(3): 154-206, as given in the Ludii evidence pages DLP.Evidence.664/665.
 * Rule clauses: SPEC.md §3 (ADW-01..23), §4 (AKS-01..07, AKS-3P-01..07).
 *
 * Choices made where the source is silent (each an option, SPEC §3.3/§4.3):
 * - The capture gate (ADW-11): no wegue on the first turn of each round (`captureGate`).
 * - After making a wegue the mover must sow again if he can (`wegueContinuation`).
 * - Surplus holes change hands in the loser's sowing order (`surplusHoleOrder`).
 * - Rounds 2+ are started by the player who did not start the last one (`roundStarter`).
 * - Three players: players are numbered in turn order along Track G: P1 = A (row 0), P2 = C
 *   (holes 9-11, 15-17), P3 = B (holes 6-8, 12-14); see `ownerSegments`.
 * - Round-stalemate guard (SPEC §8.3): threefold repetition or `maxTurnsPerRound` turns end the
 *   round; with `roundStalemate = ownerTakes` counters in ordinary holes go to the hole's owner,
 *   with `draw` the match ends drawn.
 */
import type { Ruleset, RulesetInfo } from '../core/game.js';
import { defineRuleset } from '../core/rules.js';
import { LUDII_PRESET, gabataOptions, readConfig } from './gabata/options.js';
import { GabataGame } from './gabata/validation.js';
import { ADOWA_INFO } from './info/gabata-adowa.js';
import { AKSUM_INFO } from './info/gabata-aksum.js';

export { ownerSegments } from './gabata/board.js';
export {
  CAPTURE_GATES,
  CHAFA_LOCATIONS,
  LAST_HOLE_RULES,
  SURPLUS_HOLE_ORDERS,
  WEGUE_CONTINUATIONS,
  type CaptureGate,
  type ChafaLocation,
  type SurplusHoleOrder,
  type WegueContinuation,
} from './gabata/options.js';
export { entitlements, transferHoles } from './gabata/redistribution.js';

function makeRuleset(info: RulesetInfo, aksum: boolean): Ruleset {
  return defineRuleset(info, gabataOptions(aksum), { ludii: LUDII_PRESET }, (ruleset, o) => {
    const cfg = readConfig(o, aksum);
    return cfg.ok ? { ok: true, value: new GabataGame(ruleset, o, cfg.value) } : cfg;
  });
}

export const gabataAdowa: Ruleset = makeRuleset(ADOWA_INFO, false);
export const gabataAksum: Ruleset = makeRuleset(AKSUM_INFO, true);
