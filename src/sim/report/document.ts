/**
 * sweep.json (and what `gabata sweep --json` prints): the spec, the plan's id, and every cell
 * with its options and figures. Format `gabata-sweep/1`.
 */
import { getRuleset } from '@gabata/engine/games';
import { baselineCell, cellContrasts, type Contrasts } from '../contrasts.js';
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
  /** Every cell against the baseline cell (sim/contrasts.ts); absent with a single cell. */
  contrasts?: Contrasts;
}

/** The contrasts of a sweep's cells against its baseline (the spec's, else the defaults' cell, else the first). */
export function sweepContrasts(plan: SweepPlan, cells: readonly CellReport[]): Contrasts | undefined {
  if (cells.length < 2) return undefined;
  const rs = getRuleset(plan.ruleset);
  if (!rs.ok) return undefined;
  const base = baselineCell(cells, rs.value, plan.spec.baseline);
  if ('error' in base) return undefined;
  return cellContrasts(cells, base.cell, base.basis);
}

export function sweepDocument(plan: SweepPlan, cells: CellReport[], date: string): SweepDocument {
  const planned = plan.cells.length * plan.spec.games;
  const played = cells.reduce((n, c) => n + c.figures.games, 0);
  const contrasts = sweepContrasts(plan, cells);
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
    ...(contrasts ? { contrasts } : {}),
  };
}
