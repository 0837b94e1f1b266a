/**
 * Dynamics of one match, after the metrics of Browne (2008, "Automatic generation and evaluation
 * of recombination games") as Ludii's Evaluation module names them (LeadChange, Drama,
 * DecisivenessMoves, DecisionMoves, BranchingFactor, Completion, Duration), adapted to mancala
 * games: who is ahead is read from the counters each player has secured (store or hand, winnings
 * set aside, and the counters in the wegues or nedfs he owns), not from a search's evaluation.
 * docs/metrics.md defines each figure with its formula and source.
 *
 * The collector is fed only when a simulation asks for metrics: a plain match never calls it.
 */
import { type Game, MOVE_PASS, type State } from '@gabata/engine/core';

/**
 * The metric names, in the order they are printed. Four were renamed (2026-12-04, issue 25) because
 * they differ from the Ludii metrics whose names they resembled (Ludii's own are computed by
 * `--ludii-metrics`, sim/ludii-metrics.ts): `leadChanges` is now `materialLeadChanges`, `drama`
 * `materialDrama`, `decisiveness` `winnerLeadShare`, `completion` `endedByRules` (`RENAMED`).
 */
export const METRIC_NAMES = [
  'decisions',
  'turns',
  'rounds',
  'branching',
  'realChoiceShare',
  'capturesPerTurn',
  'materialLeadChanges',
  'materialDrama',
  'winnerBehindShare',
  'winnerLeadShare',
  'passes',
  'stalemates',
  'endedByRules',
  'guardRounds',
] as const;

type MetricName = (typeof METRIC_NAMES)[number];

/** The old name of each renamed metric (results written before 2026-12-04 carry these). */
export const RENAMED: Readonly<Record<string, MetricName>> = {
  leadChanges: 'materialLeadChanges',
  drama: 'materialDrama',
  decisiveness: 'winnerLeadShare',
  completion: 'endedByRules',
};

/**
 * Counters player `p` has secured in `s`: off the board in his store or hand (`captured`), set
 * aside as winnings (`reserve`), and in the holes marked as his (wegues, nedfs).
 */
export function secured(s: State, p: number): number {
  let n = s.captured[p]! + s.reserve[p]!;
  const counts = s.counts;
  const marks = s.marks;
  for (let h = 0; h < s.holeCount; h++) if (marks[h] === p) n += counts[h]!;
  return n;
}

/** The player who has strictly the most secured counters in a row of `P` values, or 0 on a tie. */
function leaderOf(row: Int32Array, at: number, P: number): number {
  let best = -1;
  let who = 0;
  for (let p = 1; p <= P; p++) {
    const v = row[at + p]!;
    if (v > best) {
      best = v;
      who = p;
    } else if (v === best) who = 0;
  }
  return who;
}

/**
 * Collects one match's samples: before every decision, each player's secured counters and the
 * round, and what the decision was (how many choices, a pass, a forced pass). Buffers grow and are
 * kept from match to match.
 */
export class MetricsCollector {
  private readonly P: number;
  private readonly stride: number;
  /** Per sample: [round, secured of player 1..P]. */
  private rows = new Int32Array(0);
  private n = 0;
  private realChoices = 0;
  private passes = 0;
  private forcedPasses = 0;
  private branchingSum = 0;
  private branchingCount = 0;

  constructor(private readonly game: Game) {
    this.P = game.players;
    this.stride = game.players + 1;
  }

  begin(): void {
    this.n = 0;
    this.realChoices = 0;
    this.passes = 0;
    this.forcedPasses = 0;
    this.branchingSum = 0;
    this.branchingCount = 0;
  }

  /**
   * A decision is about to be applied to `s`: `choices` is the number of moves the chooser had
   * (at a simultaneous node, the largest of the racers'), `move` the move (-1 at a simultaneous
   * node), `sequential` whether it is an ordinary decision (counted in the branching factor).
   */
  sample(s: State, choices: number, move: number, sequential: boolean): void {
    this.position(s);
    this.decision(choices, move, sequential);
  }

  /** The position before a decision (its decision follows with `decision`, or `dropPosition` takes it back). */
  position(s: State): void {
    const at = this.n * this.stride;
    if (at + this.stride > this.rows.length) {
      const grown = new Int32Array(Math.max(1024 * this.stride, this.rows.length * 2));
      grown.set(this.rows);
      this.rows = grown;
    }
    const rows = this.rows;
    rows[at] = s.round;
    for (let p = 1; p <= this.P; p++) rows[at + p] = secured(s, p);
    this.n++;
  }

  /** Takes back the last position (its move turned out to be perpetual and was drawn again). */
  dropPosition(): void {
    this.n--;
  }

  /** The decision made at the last position. */
  decision(choices: number, move: number, sequential: boolean): void {
    if (choices > 1) this.realChoices++;
    if (move === MOVE_PASS) {
      this.passes++;
      if (choices === 1) this.forcedPasses++;
    }
    if (sequential) {
      this.branchingSum += choices;
      this.branchingCount++;
    }
  }

  /**
   * The metrics of the finished (or stopped) match `s`, whose turns the match counted; `byRules`:
   * the match ended by its rules (not by a guard or the ply cap).
   */
  finish(s: State, turns: number, byRules: boolean): Record<string, number> {
    const D = this.n;
    const m: Record<string, number> = {
      decisions: D,
      turns,
      rounds: s.round,
      branching: this.branchingCount ? this.branchingSum / this.branchingCount : 0,
      realChoiceShare: D ? this.realChoices / D : 0,
      capturesPerTurn: turns ? this.captures() / turns : 0,
      materialLeadChanges: this.leadChanges(),
      passes: this.passes,
      stalemates: this.forcedPasses,
      endedByRules: byRules ? 1 : 0,
      guardRounds: s.guardEnds,
    };
    if (s.winner > 0 && D > 0) Object.assign(m, this.winnerFigures(s.winner));
    return m;
  }

  /** Counters that became secured from one decision to the next within a round (all players). */
  private captures(): number {
    const { rows, stride, P } = this;
    let total = 0;
    for (let i = 1; i < this.n; i++) {
      const a = (i - 1) * stride;
      const b = i * stride;
      if (rows[a] !== rows[b]) continue;
      for (let p = 1; p <= P; p++) {
        const d = rows[b + p]! - rows[a + p]!;
        if (d > 0) total += d;
      }
    }
    return total;
  }

  /** Times the leader passed from one player to another (ties in between do not count). */
  private leadChanges(): number {
    let last = 0;
    let changes = 0;
    for (let i = 0; i < this.n; i++) {
      const l = leaderOf(this.rows, i * this.stride, this.P);
      if (l === 0) continue;
      if (last !== 0 && l !== last) changes++;
      last = l;
    }
    return changes;
  }

  /** Drama, the share of decisions the winner faced from behind, and decisiveness. */
  private winnerFigures(w: number): { materialDrama: number; winnerBehindShare: number; winnerLeadShare: number } {
    const { rows, stride, P } = this;
    const total = this.game.counterTotal;
    let deficit = 0;
    let behind = 0;
    let lastNotLeading = -1;
    for (let i = 0; i < this.n; i++) {
      const at = i * stride;
      let best = 0;
      for (let p = 1; p <= P; p++) best = Math.max(best, rows[at + p]!);
      const mine = rows[at + w]!;
      if (mine < best) {
        behind++;
        deficit += (best - mine) / total;
      }
      if (leaderOf(rows, at, P) !== w) lastNotLeading = i;
    }
    return {
      materialDrama: deficit / this.n,
      winnerBehindShare: behind / this.n,
      winnerLeadShare: (this.n - (lastNotLeading + 1)) / this.n,
    };
  }
}

/** Means of each metric over the matches that have it, with how many had it. */
export function metricMeans(all: readonly (Record<string, number> | undefined)[]): Record<string, { mean: number; matches: number }> {
  const sums = new Map<string, { sum: number; n: number }>();
  for (const m of all) {
    if (m === undefined) continue;
    for (const [k, v] of Object.entries(m)) {
      const e = sums.get(k) ?? { sum: 0, n: 0 };
      e.sum += v;
      e.n++;
      sums.set(k, e);
    }
  }
  const out: Record<string, { mean: number; matches: number }> = {};
  const order = [...METRIC_NAMES, ...[...sums.keys()].filter((k) => !(METRIC_NAMES as readonly string[]).includes(k))];
  for (const k of order) {
    const e = sums.get(k);
    if (e !== undefined) out[k] = { mean: e.sum / e.n, matches: e.n };
  }
  return out;
}
