/**
 * The playout concepts of Ludii's vocabulary (formats/ludii-concepts.ts), measured from trials as
 * Ludii's `Mining/src/utils/concepts/ComputePlayoutConcepts.java` (commit 845cda6f) measures them:
 *
 * - the start concepts (lines 380-444): counters on the board and off it (hands) at the start,
 *   averaged over the trials, and per player;
 * - the frequency concepts (lines 455-609): at each Ludii move of a trial, the share of the legal
 *   moves that have the concept; those shares summed over the moves that had legal moves and
 *   divided by their number; then averaged over the trials. Done here: SowFrequency (a legal move
 *   that sows; a relay lap is one) and PassDecisionFrequency (a legal pass). A concession is a
 *   legal move of neither (Ludii's encodings have none);
 * - the Behaviour concepts: Ludii's metrics (sim/ludii-metrics.ts), under the same names.
 *
 * The compilation concepts are catalogue/ludii-concepts.ts's.
 */
import { ludiiConcept, type LudiiConcept } from '../formats/ludii-concepts.js';
import type { LudiiTrial, LudiiValue } from './ludii-metrics.js';

/** The per-trial numbers of the start and frequency concepts (`_c_<name>`), for `trialFigures`. */
export function conceptTrialFigures(t: LudiiTrial): Record<string, number> {
  let withMoves = 0;
  let sow = 0;
  let pass = 0;
  for (const m of t.moves) {
    if (m.legal <= 0) continue;
    withMoves++;
    // Lines 494-506: the count of legal moves with the concept over the legal moves, per move.
    sow += (m.sowing ?? 0) / m.legal;
    pass += (m.passes ?? 0) / m.legal;
  }
  const f: Record<string, number> = {
    _c_NumStartComponentsBoard: t.initial.pieces,
    _c_NumStartComponentsHand: t.startHand ?? 0,
  };
  // Line 518: the sum over the moves divided by the moves with legal moves (0 / 0 is NaN in Java too).
  if (t.moves.some((m) => m.sowing !== undefined)) {
    f['_c_SowFrequency'] = sow / withMoves;
    f['_c_PassDecisionFrequency'] = pass / withMoves;
  }
  return f;
}

/**
 * Metrics whose concept has another name (the metric's constructor names it: ClarityNarrowness.java
 * and ClarityVariance.java line 36, of Evaluation/src/metrics/single/stateEvaluation/clarity;
 * single/complexity/StateSpaceComplexity.java line 35); the others carry their concept's name.
 */
const METRIC_CONCEPT: Readonly<Record<string, string>> = {
  ClarityNarrowness: 'Narrowness',
  ClarityVariance: 'Variance',
  StateSpaceComplexity: 'StateTreeComplexity',
};

/** A playout concept's value over trials, or null with the reason there is none. */
export interface PlayoutConcept {
  readonly concept: LudiiConcept;
  readonly value: number | null;
  readonly reason?: string;
}

/**
 * The playout concepts from the trials' figures (`trialFigures`) and Ludii's metrics over them
 * (`ludiiMetrics`): the start and frequency concepts, then each metric that is a Ludii concept.
 */
export function playoutConcepts(
  figures: readonly Record<string, number>[],
  players: number,
  metrics: Readonly<Record<string, LudiiValue>>,
): PlayoutConcept[] {
  const out: PlayoutConcept[] = [];
  const n = figures.length;
  const put = (name: string, value: number | null, reason?: string): void => {
    const concept = ludiiConcept(name);
    if (concept === undefined) return;
    out.push(reason === undefined ? { concept, value } : { concept, value, reason });
  };
  const mean = (k: string): number | null =>
    n === 0 || figures.some((f) => f[k] === undefined) ? null : figures.reduce((a, f) => a + f[k]!, 0) / n;
  // Lines 436-442: the means over the trials, and those divided by the players.
  const board = mean('_c_NumStartComponentsBoard');
  const hand = mean('_c_NumStartComponentsHand');
  const all = board === null || hand === null ? null : board + hand;
  const per = (x: number | null): number | null => (x === null ? null : x / (players === 0 ? 1 : players));
  put('NumStartComponentsBoard', board);
  put('NumStartComponentsHand', hand);
  put('NumStartComponents', all);
  put('NumStartComponentsBoardPerPlayer', per(board));
  put('NumStartComponentsHandPerPlayer', per(hand));
  put('NumStartComponentsPerPlayer', per(all));
  for (const name of ['SowFrequency', 'PassDecisionFrequency']) {
    const v = mean(`_c_${name}`);
    put(name, v, v === null ? 'trials without the legal moves of each position' : undefined);
  }
  for (const [name, v] of Object.entries(metrics)) put(METRIC_CONCEPT[name] ?? name, v.value, v.value === null ? v.reason : undefined);
  return out;
}
