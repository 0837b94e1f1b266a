/**
 * Ludii's metrics in words (./ludii-metrics.ts computes them): the text `simulate --ludii-metrics`
 * prints, and what a move, a turn and a state evaluation are here for each metric (docs/metrics.md).
 */
import { type LudiiValue, NOT_DONE } from './ludii-metrics.js';

/** Ludii's metrics as text: one line each, Ludii's name and the value (or why there is none), then those not done. */
export function ludiiMetricsText(m: Readonly<Record<string, LudiiValue>>, trials: number): string {
  const lines = [`  Ludii's metrics (${trials} trials; Evaluation module as of Ludii 845cda6f; docs/metrics.md):`];
  for (const [k, v] of Object.entries(m)) lines.push(`    ${k.padEnd(42)} ${v.value === null ? `n/a (${v.reason})` : fmt(v.value)}`);
  for (const [k, why] of Object.entries(NOT_DONE)) lines.push(`    ${k.padEnd(42)} not done: ${why}`);
  lines.push('  Here:', ...Object.values(TERMS).map((t) => `    - ${t}`));
  return lines.join('\n');
}

const fmt = (x: number): string => (Number.isNaN(x) ? 'NaN' : Math.abs(x) >= 100 ? x.toFixed(2) : x.toFixed(6));

/** What the words of Ludii's definitions are here (docs/metrics.md, "What the words mean here"). */
export const TERMS = {
  move: 'a Ludii move is one lap of a sowing (a relay is a further move with one legal move); a joint race choice is one move',
  turn: "a turn is a turn begun (the match's turns), Ludii's numTurns",
  evaluation:
    'a state evaluation is tanh(H(p) - sum of H(q) over the other active players), H = secured counters + ' +
    "0.001 x legal moves when to move (Ludii's default heuristic); a finished match gives Ludii's utilities",
  outcome: "the winner is Ludii's status winner (0 for a draw or an unfinished match); a timeout is our turn cap, match cap or ply cap",
  board:
    "Ludii's board is the graph of its encoding's mancalaBoard (vertices: the holes and any stores; edges; faces); " +
    "StateSpaceComplexity is of Ludii's compiled encoding of the game, the same for every trial",
} as const;

/** The terms a metric rests on, as a note (what a move, a turn or a state evaluation is for it). */
export function noteOf(name: string): string {
  const uses: (keyof typeof TERMS)[] = [];
  if (/^(Balance|Completion|Drawishness|AdvantageP1|Timeouts|OutcomeUniformity)$/.test(name)) uses.push('outcome');
  else if (name === 'StateSpaceComplexity') uses.push('board');
  else if (/^DurationTurns/.test(name)) uses.push('turn', ...(name === 'DurationTurnsNotTimeouts' ? (['outcome'] as const) : []));
  else {
    uses.push('move');
    if (/^(Clarity|Decisiveness|LeadChange|Stability|Drama|MoveEvaluation|StateEvaluationDifference)/.test(name)) uses.push('evaluation');
    if (/^(Decisiveness|Drama)/.test(name)) uses.push('outcome');
    if (/^(BoardCoverage|BoardSitesOccupied|PieceNumber)/.test(name)) uses.push('board');
  }
  return uses.map((u) => TERMS[u]).join('; ');
}
