/**
 * A sweep: N matches in every cell of a grid of rule options, split into batches for a
 * BatchRunner, with each cell's figures (sim/aggregate.ts). A sweep is named by its id, a hash
 * of what decides its matches (ruleset, preset, fixed options, agents, seed, budget); a cell by
 * the hash of its key; a batch by `<sweepId>/<cell>/<first>`. Match i of a cell plays seed
 * `deriveSeed(cell.seed, i)` with the seats rotated by i, so the same sweep plays the same
 * matches wherever and in whatever order its batches run, and a grid or a game count can grow
 * on a resumed run without changing the matches already played.
 *
 * Results are kept as JSON Lines (`matches.jsonl`), one finished match a line; `readResults`
 * reads such a file back for `--resume`.
 */
import { existsSync, readFileSync, truncateSync } from 'node:fs';
import { err, ok, type OptionValue, type Result } from '@gabata/engine/core';
import { getRuleset } from '@gabata/engine/games';
import type { SearchBudget } from '@gabata/engine/ai';
import { matchSeed, seatsOf, type BatchSpec, type MatchOutcome } from './batch.js';
import { aggregateCell, type CellFigures } from './aggregate.js';
import { ludiiMetrics, type LudiiValue } from './ludii-metrics.js';
import { playoutConcepts } from './ludii-concepts.js';
import { expandGrid, shortHash, type Cell, type Grid } from './grid.js';

export const SWEEP_FORMAT = 'gabata-sweep/1';

/** What a sweep plays. */
export interface SweepSpec {
  ruleset: string;
  preset?: string;
  /** Options fixed in every cell, as given. */
  options: Record<string, string | number | boolean>;
  grids: Grid[];
  /** Agent specs (one per seat, or one for every seat); seats rotate from match to match. */
  agents: string[];
  /** Matches per cell. */
  games: number;
  seed: number;
  budget?: SearchBudget;
  /** Most cells allowed (a guard against a typo that makes thousands). */
  maxCells: number;
  /** Compute Ludii's metrics per cell (sim/ludii-metrics.ts); the matches are the same either way. */
  ludii?: boolean;
  /** The cell the contrasts compare every other cell with, by its grid values (default: the ruleset's defaults). */
  baseline?: Record<string, string>;
}

export interface SweepPlan {
  id: string;
  spec: SweepSpec;
  /** The ruleset's id (the spec may use an alias). */
  ruleset: string;
  cells: Cell[];
}

/** The sweep's id: a hash of what decides its matches (not of the grid or the game count). */
export function sweepIdOf(spec: SweepSpec, rulesetId: string): string {
  const options = Object.fromEntries(
    Object.keys(spec.options)
      .sort()
      .map((k) => [k, String(spec.options[k])]),
  );
  const basis = { format: SWEEP_FORMAT, ruleset: rulesetId, preset: spec.preset ?? null, options, agents: spec.agents, seed: spec.seed };
  return shortHash(JSON.stringify(spec.budget ? { ...basis, budget: spec.budget } : basis), 12);
}

/** Checks a sweep's spec and lays out its cells. */
export function planSweep(spec: SweepSpec): Result<SweepPlan> {
  const rs = getRuleset(spec.ruleset);
  if (!rs.ok) return rs;
  if (!Number.isInteger(spec.games) || spec.games < 1)
    return err('ERR_ARGUMENT', `--games must be at least 1, not ${spec.games}`, '--games');
  if (spec.agents.length === 0) return err('ERR_ARGUMENT', 'a sweep needs agents (--agents A,B)', '--agents');
  const base = rs.value.create(spec.preset === undefined ? spec.options : { ...spec.options, preset: spec.preset });
  if (!base.ok) return base;
  const cells = expandGrid(rs.value, { ...spec, grids: spec.grids });
  if (!cells.ok) return cells;
  if (spec.baseline !== undefined) {
    const names = spec.grids.map((g) => g.name);
    for (const [k, v] of Object.entries(spec.baseline)) {
      const g = spec.grids.find((x) => x.name === k);
      if (!g) return err('ERR_ARGUMENT', `--baseline names ${k}, which is not a grid option (${names.join(', ')})`, '--baseline');
      if (!g.values.map(String).includes(v))
        return err('ERR_ARGUMENT', `--baseline ${k}=${v}: the grid of ${k} has ${g.values.map(String).join(', ')}`, '--baseline');
    }
  }
  return ok({ id: sweepIdOf(spec, rs.value.info.id), spec, ruleset: rs.value.info.id, cells: cells.value });
}

/** One line of matches.jsonl. */
export interface MatchLine {
  sweep: string;
  cell: string;
  index: number;
  seed: number;
  agents: string[];
  result: MatchOutcome['result'];
}

export const lineOf = (plan: SweepPlan, cell: Cell, o: MatchOutcome): MatchLine => ({
  sweep: plan.id,
  cell: cell.key,
  index: o.index,
  seed: o.seed,
  agents: o.agents,
  result: o.result,
});

/** Finished matches by cell key, then by index. */
export type Done = Map<string, Map<number, MatchOutcome>>;

export const emptyDone = (plan: SweepPlan): Done => new Map(plan.cells.map((c) => [c.key, new Map()]));

/** Matches played of all those the plan asks for. */
export function countDone(plan: SweepPlan, done: Done): number {
  let n = 0;
  for (const c of plan.cells) for (const i of done.get(c.key)?.keys() ?? []) if (i < plan.spec.games) n++;
  return n;
}

/** The batches still to play: each cell's missing indices, in runs of at most `size`. */
export function pendingBatches(plan: SweepPlan, done: Done, size: number): BatchSpec[] {
  const out: BatchSpec[] = [];
  for (const cell of plan.cells) {
    const have = done.get(cell.key) ?? new Map<number, MatchOutcome>();
    let i = 0;
    while (i < plan.spec.games) {
      if (have.has(i)) {
        i++;
        continue;
      }
      const first = i;
      while (i < plan.spec.games && !have.has(i) && i - first < size) i++;
      const spec: BatchSpec = {
        id: `${plan.id}/${cell.id}/${first}`,
        ruleset: plan.ruleset,
        options: { ...cell.options },
        agents: [...plan.spec.agents],
        seed: cell.seed,
        first,
        count: i - first,
        record: false,
        metrics: true,
      };
      if (plan.spec.budget) spec.budget = plan.spec.budget;
      if (plan.spec.ludii) spec.ludii = true;
      out.push(spec);
    }
  }
  return out;
}

/** A batch size that keeps every worker busy and loses little on Ctrl-C: about 8 batches per worker, 1 to 25 matches. */
export function batchSizeFor(workers: number, pending: number): number {
  return Math.max(1, Math.min(25, Math.ceil(pending / Math.max(1, 8 * Math.max(1, workers)))));
}

/** A cell with its figures. */
export interface CellReport {
  key: string;
  id: string;
  values: Record<string, OptionValue>;
  options: Record<string, OptionValue>;
  seed: number;
  figures: CellFigures;
  /** Ludii's metrics of the cell's matches that have their figures (a sweep with `ludii`). */
  ludii?: Record<string, LudiiValue>;
  /**
   * The cell's concept vector in Ludii's vocabulary (Ludii's id, name, value; null when there is
   * none): the compilation concepts, and with `ludii` the playout ones (the CLI adds them).
   */
  concepts?: { id: number; name: string; value: number | null }[];
}

export function cellReports(plan: SweepPlan, done: Done): CellReport[] {
  return plan.cells.map((c) => {
    const outs = [...(done.get(c.key)?.values() ?? [])].filter((o) => o.index < plan.spec.games);
    const report: CellReport = {
      key: c.key,
      id: c.id,
      values: { ...c.values },
      options: { ...c.options },
      seed: c.seed,
      figures: aggregateCell(outs, c.players, c.options),
    };
    if (plan.spec.ludii) {
      const trials = outs.map((o) => o.result.ludii).filter((f): f is Record<string, number> => f !== undefined);
      report.ludii = ludiiMetrics(trials, c.players);
      report.concepts = playoutConcepts(trials, c.players, report.ludii).map((p) => ({
        id: p.concept.id,
        name: p.concept.name,
        value: p.value,
      }));
    }
    return report;
  });
}

/**
 * A sink for finished matches from a runner (per match as they arrive, and per batch): each
 * match is kept once, by cell and index, and the new ones are handed to `onFresh` with their cell.
 */
export function sweepCollector(
  plan: SweepPlan,
  done: Done,
  onFresh: (cell: Cell, matches: MatchOutcome[]) => void,
): (spec: BatchSpec, matches: MatchOutcome[]) => void {
  const byId = new Map(plan.cells.map((c) => [c.id, c]));
  return (spec, matches) => {
    const cell = byId.get(spec.id.split('/')[1] ?? '');
    if (!cell || !spec.id.startsWith(`${plan.id}/`)) return;
    const have = done.get(cell.key)!;
    const fresh = matches.filter((m) => !have.has(m.index));
    for (const m of fresh) have.set(m.index, m);
    if (fresh.length) onFresh(cell, fresh);
  };
}

function parseLine(text: string, n: number, path: string): Result<MatchLine> {
  let x: unknown;
  try {
    x = JSON.parse(text);
  } catch (e) {
    return err('ERR_RECORD', `${path} line ${n} is not JSON (${(e as Error).message}); it is not a sweep's results file`, `line ${n}`);
  }
  const o = x as Partial<MatchLine> | null;
  const r = o?.result as Partial<MatchLine['result']> | undefined;
  const good =
    o !== null &&
    typeof o === 'object' &&
    typeof o.sweep === 'string' &&
    typeof o.cell === 'string' &&
    Number.isInteger(o.index) &&
    Number.isInteger(o.seed) &&
    Array.isArray(o.agents) &&
    r !== undefined &&
    typeof r === 'object' &&
    r !== null &&
    typeof r.winner === 'number' &&
    Array.isArray(r.returns) &&
    typeof r.plies === 'number' &&
    typeof r.endReason === 'string';
  if (!good)
    return err('ERR_RECORD', `${path} line ${n} is not a sweep's match line (sweep, cell, index, seed, agents, result)`, `line ${n}`);
  return ok(o as MatchLine);
}

/** What `readResults` found. */
export interface ReadResults {
  done: Done;
  /** Lines read (matches kept). */
  matches: number;
  /** Lines of cells the grid no longer has (kept in the file, left out of the figures). */
  otherCells: number;
  /** Set when an incomplete last line (a write cut short) was cut off the file. */
  truncated: boolean;
}

/**
 * Reads a results file of this sweep back. A line that is not a match line, or a match of
 * another sweep (another id, or a seed or seats that do not match its cell), is an error, and
 * nothing is changed; an incomplete last line (no newline: the process was killed while writing
 * it) is cut off, since its match will be played again.
 */
export function readResults(path: string, plan: SweepPlan): Result<ReadResults> {
  const done = emptyDone(plan);
  if (!existsSync(path)) return ok({ done, matches: 0, otherCells: 0, truncated: false });
  const text = readFileSync(path, 'utf8');
  const lines = text.split('\n');
  const tail = lines.pop()!;
  const byKey = new Map(plan.cells.map((c) => [c.key, c]));
  let matches = 0;
  let otherCells = 0;
  for (let n = 0; n < lines.length; n++) {
    if (lines[n]!.trim() === '') continue;
    const p = parseLine(lines[n]!, n + 1, path);
    if (!p.ok) return p;
    const l = p.value;
    if (l.sweep !== plan.id) {
      return err(
        'ERR_CONFLICT',
        `${path} holds the results of sweep ${l.sweep}, not of this one (${plan.id}): another ruleset, preset, fixed options, ` +
          'agents, seed or budget; use another --out folder, or the arguments of that sweep',
        `line ${n + 1}`,
      );
    }
    const cell = byKey.get(l.cell);
    if (!cell) {
      otherCells++;
      continue;
    }
    const want = seatsOf(plan.spec.agents, cell.players, l.index);
    if (l.seed !== matchSeed(cell.seed, l.index) || l.agents.join(',') !== want.join(',')) {
      return err(
        'ERR_CONFLICT',
        `${path} line ${n + 1}: match ${l.index} of cell ${l.cell} was not played with this sweep's seeds`,
        `line ${n + 1}`,
      );
    }
    done.get(cell.key)!.set(l.index, { index: l.index, seed: l.seed, agents: l.agents, result: l.result });
    matches++;
  }
  let truncated = false;
  if (tail.trim() !== '') {
    truncateSync(path, Buffer.byteLength(text) - Buffer.byteLength(tail));
    truncated = true;
  }
  return ok({ done, matches, otherCells, truncated });
}
