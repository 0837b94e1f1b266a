/**
 * Ludii's metrics, computed as Ludii's Evaluation module computes them (github.com/Ludeme/Ludii,
 * `Evaluation/src/metrics`, read at commit 845cda6f of 2024-07-10; every reference below names a
 * file under that folder and its line). Nothing here is copied from Ludii: each figure is
 * rewritten from what the Java code does, including its integer divisions and its `Stats` quirks,
 * so that a figure can be put beside the one Ludii's portal shows. docs/metrics.md has the table
 * of what is the same and what differs, and what a move, a turn and a state evaluation are here.
 *
 * The work is in two steps, as in Ludii (which replays each stored trial): `trialFigures` turns
 * one trial (`LudiiTrial`, built from a played match by sim/ludii-trial.ts or by hand in a test)
 * into per-trial numbers; `ludiiMetrics` combines the trials' numbers into the metrics (a mean
 * over trials, except the outcome metrics and DurationTurnsStdDev, which Ludii computes over all
 * trials at once).
 */
import type { LudiiBoard } from './ludii-board.js';
import { conceptTrialFigures } from './ludii-concepts.js';
import { intDiv, ludiiStats, MULTI_VALUES, type MultiValue, reduceList } from './ludii-stats.js';

export { intDiv, ludiiStats, MULTI_VALUES, type MultiValue, reduceList } from './ludii-stats.js';

/** What a board looks like after a Ludii move (or at the start). */
export interface LudiiSnapshot {
  /** Positional key (Ludii's `stateHash`: the board). */
  positional: string;
  /** Situational key (Ludii's `fullHash`: the board and whose move, hands, round, a lap in flight). */
  situational: string;
  /** The board sites holding at least one counter: holes, and stores (numbered after the holes) when Ludii's board has them. */
  occupied: readonly number[];
  /** Counters on the board (in its stores too when Ludii's board has them). */
  pieces: number;
  /** Largest difference of scores between two players (0 for a game that keeps no score). */
  scoreDiff: number;
  /** State evaluation of each player (index 1..players; index 0 unused), when evaluations are made. */
  evals?: readonly number[];
}

/** One Ludii move (a relay lap here) and the state after it. */
export interface LudiiMove {
  /** The player who made it (0 at a simultaneous node). */
  mover: number;
  /** Legal moves in the position before it. */
  legal: number;
  /** Ludii's actions of the move (here: lifts, drops, relays, captures, marks, passes). */
  actions: number;
  /** Of the legal moves, those that sow (Ludii's Sow concept) and those that pass (PassDecision), for the concepts' frequencies. */
  sowing?: number;
  passes?: number;
  /** Evaluation, for the mover, of the position after each legal move (Clarity). */
  moveEvals?: readonly number[];
  /** Evaluation, for the mover, of the position after this move (MoveEvaluation). */
  chosenEval?: number;
  /**
   * The sites of the move's decision (Ludii's `Move.from()`/`to()`, Move.java lines 1004-1076),
   * here in the trial's numbering of sites: a sowing lap is a `(move Select ...)` whose `to` is its
   * `from` (Select.java lines 159-166, ActionSelect.java line 341); -1 for a pass (ActionPass
   * inherits BaseAction's UNDEFINED). Absent: not recorded (no MoveDistance).
   */
  from?: number;
  to?: number;
  after: LudiiSnapshot;
}

/** One trial: a match from its start, as Ludii stores it. */
export interface LudiiTrial {
  players: number;
  /** Board sites (Ludii's board's vertices: the holes, and the stores when it has them): BoardCoverageDefault's denominator. */
  sites: number;
  /** Ludii's board and compiled game for the ruleset (sim/ludii-board.ts), when Ludii has an encoding of it. */
  board?: LudiiBoard;
  /** Ludii's agent utilities at the end (index 1..players): win 1, loss -1, draw 0 (two players). */
  utilities: readonly number[];
  /** Ludii's `status().winner()`: the winner, or 0 for a draw or a timeout. */
  winner: number;
  /** The trial ended by a move or turn limit (Ludii's `EndType.MoveLimit` / `TurnLimit`). */
  timedOut: boolean;
  /** Ludii's `trial.numTurns()`. */
  turns: number;
  /** The trial has a simultaneous move (Ludii refuses state-evaluation and multi metrics then). */
  simultaneous: boolean;
  initial: LudiiSnapshot;
  moves: readonly LudiiMove[];
  /** Counters off the board at the start (hands, stores, a race's hands): Ludii's NumStartComponentsHand. */
  startHand?: number;
}

/**
 * The multi-metric families done here, with the Concept name Ludii gives each value
 * (Evaluation.java lines 166-280, kept with their irregularities: `DramaMaximum`,
 * `BranchingFactorChangeNumTimesn`, `BranchingFactorChangeMaxIncrease`).
 */
export const MULTI_FAMILIES = {
  Drama: 'eval',
  MoveEvaluation: 'eval',
  StateEvaluationDifference: 'eval',
  BoardSitesOccupied: 'plain',
  BranchingFactor: 'plain',
  DecisionFactor: 'plain',
  MoveDistance: 'plain',
  PieceNumber: 'plain',
  ScoreDifference: 'plain',
} as const;
export type MultiFamily = keyof typeof MULTI_FAMILIES;

/** Ludii's Concept name of a family's value. */
export function conceptName(family: MultiFamily, v: MultiValue): string {
  const suffix: Record<MultiValue, string> = {
    Average: 'Average',
    Median: 'Median',
    Max: 'Maximum',
    Min: 'Minimum',
    Variance: 'Variance',
    ChangeAverage: 'ChangeAverage',
    ChangeSign: 'ChangeSign',
    ChangeLineBestFit: 'ChangeLineBestFit',
    ChangeNumTimes: 'ChangeNumTimes',
    MaxIncrease: 'MaxIncrease',
    MaxDecrease: 'MaxDecrease',
  };
  if (family === 'BranchingFactor') {
    if (v === 'ChangeNumTimes') return 'BranchingFactorChangeNumTimesn';
    if (v === 'MaxIncrease') return 'BranchingFactorChangeMaxIncrease';
    if (v === 'MaxDecrease') return 'BranchingFactorChangeMaxDecrease';
  }
  return family + suffix[v];
}

/** The single (non-family) metrics done here, in the order Ludii lists them (Evaluation.java lines 125-157). */
export const SINGLE_METRICS = [
  'DurationActions',
  'DurationMoves',
  'DurationTurns',
  'DurationTurnsStdDev',
  'DurationTurnsNotTimeouts',
  'PositionalRepetition',
  'SituationalRepetition',
  'ClarityNarrowness',
  'ClarityVariance',
  'DecisivenessMoves',
  'DecisivenessThreshold',
  'LeadChange',
  'Stability',
  'DecisionMoves',
  'GameTreeComplexity',
  'StateSpaceComplexity',
  'BoardCoverageDefault',
  'BoardCoverageFull',
  'BoardCoverageUsed',
  'AdvantageP1',
  'Balance',
  'Completion',
  'Drawishness',
  'Timeouts',
  'OutcomeUniformity',
] as const;

/** Ludii's metrics not computed here, with the reason (printed with the others, never as a number): none since 2026-12-04. */
export const NOT_DONE: Readonly<Record<string, string>> = {};

/** Metrics read from Ludii's board or compiled game (`LudiiTrial.board`): null when the trial has none. */
const BOARD_METRICS = ['StateSpaceComplexity', 'BoardCoverageFull'];

/** Metrics that Ludii refuses (returns null) for a game with simultaneous moves. */
const STATE_EVALUATION = ['ClarityNarrowness', 'ClarityVariance', 'DecisivenessMoves', 'DecisivenessThreshold', 'LeadChange', 'Stability'];

// ---------------------------------------------------------------------------------------------
// One trial.

/** The evaluations before move i (the start, then the position after each earlier move). */
function evalsBefore(t: LudiiTrial, i: number): readonly number[] {
  const e = i === 0 ? t.initial.evals : t.moves[i - 1]!.after.evals;
  if (e === undefined) throw new Error('trial without state evaluations');
  return e;
}

/** Utils.highestRankedPlayers (Utils.java lines 206-222): the players with the highest final utility. */
export function highestRanked(t: LudiiTrial): number[] {
  let best = Number.NEGATIVE_INFINITY;
  for (let p = 1; p <= t.players; p++) best = Math.max(best, t.utilities[p]!);
  const out: number[] = [];
  for (let p = 1; p <= t.players; p++) if (t.utilities[p] === best) out.push(p);
  return out;
}

/** Share of repeated positions, as stateRepetition/PositionalRepetition.java lines 63-90 (int division). */
function repetition(t: LudiiTrial, key: 'positional' | 'situational'): number {
  const counts = new Map<string, number>();
  counts.set(t.initial[key], 1);
  for (const m of t.moves) counts.set(m.after[key], (counts.get(m.after[key]) ?? 0) + 1);
  const unique = counts.size;
  const total = t.moves.length + 1;
  // Line 90: `1.0 - (numUniqueStates / numTotalStates)` with two ints: 1 when any state repeats, else 0.
  return 1 - intDiv(unique, total);
}

/** Ludii's DecisivenessThreshold of a trial (decisiveness/DecisivenessThreshold.java lines 72-92). */
function decisivenessThreshold(t: LudiiTrial, top: readonly number[]): number {
  let threshold = -1;
  for (let i = 0; i < t.moves.length; i++) {
    const e = evalsBefore(t, i);
    for (let p = 1; p <= t.players; p++) if (e[p]! > threshold && !top.includes(p)) threshold = e[p]!;
  }
  return threshold;
}

/** Why a trial has no MoveDistance list (the figure `_moveDistanceWhy`), by code. */
export const MOVE_DISTANCE_WHY = [
  '',
  "Ludii's encoding of this game has moves from one board site to another (into a store, out of it) " +
    'that our trials fold into other moves (sim/ludii-board.ts)',
  "the trial does not record its moves' sites",
  "a move between two board sites: the step distance on Ludii's board graph is not derived here",
] as const;

/**
 * multiple/metrics/MoveDistance.java lines 63-82: per move whose decision goes from one site to
 * another of the same kind on the board (from != to), the step distance between them. The Ludii
 * moves our trials hold are sowing laps, each a Select with to = from, and passes (from = to =
 * -1): line 75 leaves every one out, so the list is empty. Returns the code of `MOVE_DISTANCE_WHY`
 * when there is no list.
 */
function moveDistances(t: LudiiTrial): number[] | number {
  if (t.board?.moveDistance) return 1;
  for (const m of t.moves) {
    if (m.from === undefined || m.to === undefined) return 2;
    if (m.from !== m.to) return 3;
  }
  // Line 75 leaves every move out.
  return [];
}

/** The value lists of a trial, per family (multiple/metrics/*.java getMetricValueList). */
export function familyLists(t: LudiiTrial): Partial<Record<MultiFamily, number[]>> {
  const out: Partial<Record<MultiFamily, number[]>> = {};
  const snaps = [t.initial, ...t.moves.map((m) => m.after)];
  // BranchingFactor.java lines 45-48: the legal moves before each move.
  out.BranchingFactor = t.moves.map((m) => m.legal);
  // DecisionFactor.java lines 45-48: the same, kept only above 1.
  out.DecisionFactor = t.moves.filter((m) => m.legal > 1).map((m) => m.legal);
  // PieceNumber.java lines 46-50: pieces on the board at the start and after each move.
  out.PieceNumber = snaps.map((s) => s.pieces);
  // BoardSitesOccupied.java lines 51-56: the share of board sites occupied, start and after each move.
  out.BoardSitesOccupied = snaps.map((s) => s.occupied.length / t.sites);
  // ScoreDifference.java lines 45-79: the largest score difference, start and after each move.
  out.ScoreDifference = snaps.map((s) => s.scoreDiff);
  const distances = moveDistances(t);
  if (typeof distances !== 'number') out.MoveDistance = distances;
  if (t.initial.evals === undefined) return out;
  const top = highestRanked(t);
  // Drama.java lines 52-67: per move, the best evaluation minus each top player's, averaged over them.
  out.Drama = t.moves.map((_, i) => {
    const e = evalsBefore(t, i);
    // Collections.max over the list, whose index 0 holds Ludii's placeholder -1 (Utils.java line 195).
    let best = -1;
    for (let p = 1; p <= t.players; p++) best = Math.max(best, e[p]!);
    let d = 0;
    for (const p of top) d += (best - e[p]!) / top.length;
    return d;
  });
  // MoveEvaluation.java lines 45-48: the evaluation of each move made, for its mover.
  out.MoveEvaluation = t.moves.map((m) => m.chosenEval ?? Number.NaN);
  // StateEvaluationDifference.java lines 45-73: the largest difference of two players' evaluations.
  out.StateEvaluationDifference = snaps.map((s) => {
    const e = s.evals!;
    let disc = 0;
    for (let a = 1; a <= t.players; a++) for (let b = a + 1; b <= t.players; b++) disc = Math.max(disc, Math.abs(e[a]! - e[b]!));
    return disc;
  });
  return out;
}

/**
 * The per-trial numbers of a trial: each metric Ludii averages over trials (under its own name),
 * and what the cross-trial metrics need (`_u<p>` utilities, `_winner`, `_timedOut`, `_turns`,
 * `_simultaneous`) and the reasons some have none (`_noBoard`, `_moveDistanceWhy`: `MOVE_DISTANCE_WHY`).
 */
export function trialFigures(t: LudiiTrial): Record<string, number> {
  const f: Record<string, number> = {};
  const M = t.moves.length;
  for (let p = 1; p <= t.players; p++) f[`_u${p}`] = t.utilities[p]!;
  f['_winner'] = t.winner;
  f['_timedOut'] = t.timedOut ? 1 : 0;
  f['_turns'] = t.turns;
  f['_simultaneous'] = t.simultaneous ? 1 : 0;
  // duration/DurationMoves.java line 56, DurationTurns.java line 57, DurationActions.java lines 57-59.
  f['DurationMoves'] = M;
  f['DurationTurns'] = t.turns;
  let actions = 0;
  for (const m of t.moves) actions += m.actions;
  f['DurationActions'] = actions;
  // complexity/DecisionMoves.java lines 71-79: the share of moves with more than one legal move.
  let decisions = 0;
  for (const m of t.moves) if (m.legal > 1) decisions++;
  f['DecisionMoves'] = decisions / M;
  // complexity/GameTreeComplexity.java lines 73-80 (commit cbb4f9da): the moves times log10 of the
  // mean legal moves, summed as legal / moves move by move (as Java adds them); lines 80-83 average it.
  let branching = 0;
  for (const m of t.moves) branching += m.legal / M;
  f['GameTreeComplexity'] = M * Math.log10(branching);
  // boardCoverage/BoardCoverageDefault.java lines 73-82: the board's default sites (its vertices)
  // ever occupied, over them. Full and Used (BoardCoverageFull.java lines 73-82, BoardCoverageUsed
  // lines 73-82) count the elements of every kind (Utils.java lines 81-106), but only vertices
  // ever hold a counter here (ContainerFlatVertexState.java lines 1597-1603 read 0 elsewhere), so
  // the same count over every element of the graph, or over the used ones (vertices, and cells
  // when Concept.Cell; Topology.java lines 958-985). Without Ludii's board, Used is over the sites.
  const covered = new Set<number>(t.initial.occupied);
  for (const m of t.moves) for (const h of m.after.occupied) covered.add(h);
  f['BoardCoverageDefault'] = covered.size / t.sites;
  f['BoardCoverageUsed'] = covered.size / (t.board?.used ?? t.sites);
  if (t.board !== undefined) {
    const b = t.board;
    f['BoardCoverageFull'] = covered.size / (b.vertices + b.edges + b.cells);
    // complexity/StateSpaceComplexity.java lines 41-68: the compiled game's, the same for every trial.
    if (b.stateSpace.value !== null) f['StateSpaceComplexity'] = b.stateSpace.value;
  }
  if (t.board === undefined) f['_noBoard'] = 1;
  const why = moveDistances(t);
  if (typeof why === 'number') f['_moveDistanceWhy'] = why;
  f['PositionalRepetition'] = repetition(t, 'positional');
  f['SituationalRepetition'] = repetition(t, 'situational');
  Object.assign(f, conceptTrialFigures(t));
  if (t.simultaneous) return f;
  const lists = familyLists(t);
  for (const [family, xs] of Object.entries(lists) as [MultiFamily, number[]][])
    for (const v of MULTI_VALUES) f[conceptName(family, v)] = reduceList(v, xs);
  if (t.initial.evals !== undefined) Object.assign(f, evaluationFigures(t));
  return f;
}

/** The state-evaluation metrics of one trial. */
function evaluationFigures(t: LudiiTrial): Record<string, number> {
  const M = t.moves.length;
  const P = t.players;
  const f: Record<string, number> = {};
  // stateEvaluation/LeadChange.java lines 72-90: the set of leaders (highest evaluation, ties
  // included) before each move, counted when it differs from the previous set, which starts
  // empty (so the first move always counts); divided by the moves.
  let past = '';
  let changes = 0;
  for (let i = 0; i < M; i++) {
    const e = evalsBefore(t, i);
    let best = -1;
    for (let p = 1; p <= P; p++) best = Math.max(best, e[p]!);
    const leaders: number[] = [];
    for (let p = 1; p <= P; p++) if (e[p] === best) leaders.push(p);
    const key = leaders.join(',');
    if (key !== past) changes++;
    past = key;
  }
  f['LeadChange'] = changes / M;
  // stateEvaluation/Stability.java lines 68-98: the sum over players of the population variance
  // of his evaluations before each move.
  let stability = 0;
  for (let p = 1; p <= P; p++) {
    let mean = 0;
    for (let i = 0; i < M; i++) mean += evalsBefore(t, i)[p]! / M;
    let v = 0;
    for (let i = 0; i < M; i++) v += (evalsBefore(t, i)[p]! - mean) ** 2 / M;
    stability += v;
  }
  f['Stability'] = stability;
  // clarity/ClarityVariance.java lines 66-81: the mean over moves of the sample variance of the
  // evaluations of the legal moves.
  const variances: number[] = [];
  const narrowness: number[] = [];
  for (const m of t.moves) {
    const st = ludiiStats(m.moveEvals ?? []);
    variances.push(st.varn);
    // clarity/ClarityNarrowness.java lines 69-84: the moves above mean + 0.75 (max - mean), over
    // the moves, in Java ints (1 only when every move is above, which Stats' max makes possible).
    const threshold = st.mean + 0.75 * (st.max - st.mean);
    let above = 0;
    for (const x of m.moveEvals ?? []) if (x > threshold) above++;
    narrowness.push(st.n === 0 ? 0 : intDiv(above, st.n));
  }
  f['ClarityVariance'] = ludiiStats(variances).mean;
  f['ClarityNarrowness'] = ludiiStats(narrowness).mean;
  // decisiveness/DecisivenessThreshold.java lines 72-92, and DecisivenessMoves.java lines 62-93:
  // the first move before which a top player is above the threshold, over the moves, in Java
  // ints (0 when some top player ever is, 1 when none is).
  const top = highestRanked(t);
  const threshold = decisivenessThreshold(t, top);
  f['DecisivenessThreshold'] = threshold;
  let at = M;
  for (let i = 0; i < M && at === M; i++) {
    const e = evalsBefore(t, i);
    for (const p of top)
      if (e[p]! > threshold) {
        at = i;
        break;
      }
  }
  f['DecisivenessMoves'] = intDiv(at, M);
  return f;
}

// ---------------------------------------------------------------------------------------------
// Over trials.

/** A metric's value over the trials, or null with the reason Ludii (or this code) gives none. */
export type LudiiValue = { value: number; trials: number } | { value: null; reason: string };

/**
 * Ludii's metrics over trials from each trial's `trialFigures`. Every metric done is present (a
 * value, or null with its reason); the not-done ones are in `NOT_DONE`.
 */
export function ludiiMetrics(figures: readonly Record<string, number>[], players: number): Record<string, LudiiValue> {
  const out: Record<string, LudiiValue> = {};
  const n = figures.length;
  const none = (reason: string): LudiiValue => ({ value: null, reason });
  const val = (value: number): LudiiValue => ({ value, trials: n });
  if (n === 0) return out;
  const sim = figures.some((f) => f['_simultaneous'] === 1);
  const util = (f: Record<string, number>, p: number): number => f[`_u${p}`] ?? 0;
  const mean = (k: string): number => figures.reduce((a, f) => a + (f[k] ?? Number.NaN), 0) / n;
  for (const k of SINGLE_METRICS) {
    if (STATE_EVALUATION.includes(k)) {
      out[k] = sim ? none('Ludii computes no state-evaluation metric for a game with simultaneous moves') : val(mean(k));
      continue;
    }
    if (BOARD_METRICS.includes(k) && figures.some((f) => f[k] === undefined)) {
      out[k] = figures.some((f) => f['_noBoard'] === 1)
        ? none("Ludii has no encoding of this ruleset's board here (sim/ludii-board.ts)")
        : none("Ludii's encoding of this game has other players or counters than this game (sim/ludii-board.ts)");
      continue;
    }
    switch (k) {
      case 'DurationTurnsStdDev': {
        // duration/DurationTurnsStdDev.java lines 48-64: population standard deviation of the turns.
        const m = mean('_turns');
        let s = 0;
        for (const f of figures) s += (f['_turns']! - m) ** 2;
        out[k] = val(Math.sqrt(s / n));
        break;
      }
      case 'DurationTurnsNotTimeouts': {
        // duration/DurationTurnsNotTimeouts.java lines 56-78: the mean turns of the trials not timed out.
        const kept = figures.filter((f) => f['_timedOut'] !== 1);
        out[k] =
          kept.length === 0
            ? none("every trial timed out (Ludii then gives the game's turn limit times the players)")
            : { value: kept.reduce((a, f) => a + f['_turns']!, 0) / kept.length, trials: kept.length };
        break;
      }
      case 'AdvantageP1':
        // outcome/AdvantageP1.java lines 58-68: the mean of (utility of player 1 + 1) / 2.
        out[k] = players <= 1 ? none('one player') : val(figures.reduce((a, f) => a + (util(f, 1) + 1) / 2, 0) / n);
        break;
      case 'Balance': {
        // outcome/Balance.java lines 59-88: 1 - the largest difference of two players' win rates,
        // a win rate being the mean of (utility + 1) / 2.
        if (players <= 1) {
          out[k] = none('one player');
          break;
        }
        const rate = [0];
        for (let p = 1; p <= players; p++) rate.push(figures.reduce((a, f) => a + (util(f, p) + 1) / 2, 0) / n);
        let disc = 0;
        for (let a = 1; a <= players; a++) for (let b = a + 1; b <= players; b++) disc = Math.max(disc, Math.abs(rate[a]! - rate[b]!));
        out[k] = val(1 - disc);
        break;
      }
      case 'Completion':
        // outcome/Completion.java lines 54-63: the share of trials whose status has a winner.
        out[k] = val(figures.filter((f) => f['_winner'] !== 0).length / n);
        break;
      case 'Drawishness': {
        // outcome/Drawishness.java lines 60-82: the share of trials where every utility is 0.
        if (players <= 1) {
          out[k] = none('one player');
          break;
        }
        let draws = 0;
        for (const f of figures) {
          let all = true;
          for (let p = 1; p <= players; p++) if (util(f, p) !== 0) all = false;
          if (all) draws++;
        }
        out[k] = val(draws / n);
        break;
      }
      case 'Timeouts':
        // outcome/Timeouts.java lines 55-67: the share of trials ended by a move or turn limit.
        out[k] = val(figures.filter((f) => f['_timedOut'] === 1).length / n);
        break;
      case 'OutcomeUniformity': {
        // outcome/OutcomeUniformity.java lines 62-89: 1 - the mean over players of the sample
        // variance (Stats.varn) of his utilities.
        let acc = 0;
        for (let p = 1; p <= players; p++) acc += ludiiStats(figures.map((f) => util(f, p))).varn;
        out[k] = val(1 - acc / players);
        break;
      }
      default:
        out[k] = val(mean(k));
    }
  }
  for (const family of Object.keys(MULTI_FAMILIES) as MultiFamily[]) {
    for (const v of MULTI_VALUES) {
      const k = conceptName(family, v);
      // MultiMetricFramework.java line 350: no multi metric for a game with simultaneous moves.
      const why = figures.find((f) => f['_moveDistanceWhy'] !== undefined)?.['_moveDistanceWhy'];
      if (sim) out[k] = none('Ludii computes no multi metric for a game with simultaneous moves');
      else if (figures.every((f) => f[k] !== undefined)) out[k] = val(mean(k));
      else if (family === 'MoveDistance') out[k] = none(MOVE_DISTANCE_WHY[why ?? 2] ?? MOVE_DISTANCE_WHY[2]);
      else out[k] = none('no state evaluations were made');
    }
  }
  return out;
}
