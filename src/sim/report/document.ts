/**
 * sweep.json (and what `gabata sweep --json` prints): the spec, the plan's id, and every cell
 * with its options and figures. Format `gabata-sweep/1`.
 */
import { SWEEP_FORMAT, type CellReport, type SweepPlan, type SweepSpec } from '../sweep.js';

export interface SweepDocument {
  format: typeof SWEEP_FORMAT;
  id: string;
  ruleset: string;
  spec: SweepSpec;
  /** Matches the sweep asks for, and those played (they differ after an interruption). */
  planned: number;
  played: number;
  complete: boolean;
  /** ISO time the document was written. */
  date: string;
  cells: CellReport[];
}

export function sweepDocument(plan: SweepPlan, cells: CellReport[], date: string): SweepDocument {
  const planned = plan.cells.length * plan.spec.games;
  const played = cells.reduce((n, c) => n + c.figures.games, 0);
  return {
    format: SWEEP_FORMAT,
    id: plan.id,
    ruleset: plan.ruleset,
    spec: plan.spec,
    planned,
    played,
    complete: played === planned,
    date,
    cells,
  };
}
